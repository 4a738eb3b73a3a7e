//! The servers' answers, command by command.

use reversi_engine::{BuiltinPolicy, Seeded, SplitMix64, gtp, nboard};
use reversi_variants::Position;

fn standard() -> Position {
    Position::from(reversi_core::Position::start())
}

fn greedy() -> Seeded {
    Seeded::new(BuiltinPolicy::Greedy, SplitMix64::new(5))
}

#[test]
fn gtp_transcript() {
    let mut server = gtp::Server::new(greedy(), standard());
    let board_after_f5 = "\n  a b c d e f g h\n1 - - - - - - - -\n2 - - - - - - - -\n3 - - - - - - - -\n4 - - - O X - - -\n5 - - - X X X - -\n6 - - - - - - - -\n7 - - - - - - - -\n8 - - - - - - - -\nX 4 O 1, O to move";
    let steps: Vec<(&str, String)> = vec![
        ("protocol_version", "= 2\n\n".into()),
        ("1 name", "=1 greedy\n\n".into()),
        ("version", format!("= {}\n\n", env!("CARGO_PKG_VERSION"))),
        ("known_command genmove", "= true\n\n".into()),
        ("known_command fly", "= false\n\n".into()),
        ("", String::new()),
        ("# a comment", String::new()),
        ("boardsize 27", "? unacceptable size\n\n".into()),
        ("boardsize x", "? boardsize needs a number\n\n".into()),
        ("boardsize 8", "= \n\n".into()),
        ("clear_board", "= \n\n".into()),
        ("komi 0", "= \n\n".into()),
        ("time_settings 60 0 0", "= \n\n".into()),
        ("play w d3", "? wrong color: black to move\n\n".into()),
        ("play b a1", "? illegal move\n\n".into()),
        ("play b", "? syntax error: play b|w MOVE\n\n".into()),
        ("2 play\tB F5 # tabs, case and a comment", "=2 \n\n".into()),
        ("showboard", format!("= {board_after_f5}\n\n")),
        ("final_score", "= B+3\n\n".into()),
        ("time_left w 59 0", "= \n\n".into()),
        // After f5 every White reply flips one disc: the greedy player's
        // choice among d6, f4, f6 is its stream's first draw.
        ("genmove white", format!("= {}\n\n", first_greedy_reply())),
        ("undo", "= \n\n".into()),
        ("undo", "= \n\n".into()),
        ("undo", "? cannot undo\n\n".into()),
        ("genmove x", "? syntax error: genmove b|w\n\n".into()),
        ("frobnicate", "? unknown command\n\n".into()),
        ("3", "?3 missing command\n\n".into()),
    ];
    for (command, expected) in steps {
        let (answer, quit) = server.answer(command);
        assert_eq!(answer, expected, "{command:?}");
        assert!(!quit);
    }
    assert_eq!(server.answer("quit"), ("= \n\n".into(), true));
}

#[test]
fn gtp_passes_and_the_end() {
    // Black (h7 alone) cannot move; White can, at h8: `genmove w` passes for
    // Black first (as Edax does), then plays.
    let text = "OOOOOOOO/OOOOOOOO/OOOOOOOO/OOOOOOOO/OOOOOOOO/OOOOOOOO/OOOOOOOX/OOOOOO-- X";
    let pos = Position::from_text(reversi_variants::Variant::Reversi, text).unwrap();
    assert!(pos.must_pass());
    let mut server = gtp::Server::new(greedy(), pos);
    assert_eq!(server.answer("genmove w").0, "= h8\n\n");
    assert!(server.position().is_game_over());
    assert_eq!(server.answer("genmove b").0, "= pass\n\n");
    assert_eq!(server.answer("play w g8").0, "? game over\n\n");
    // 63 White discs and the empty square to the winner.
    assert_eq!(server.answer("final_score").0, "= W+64\n\n");
    // Undo goes back over the move and the pass.
    assert_eq!(server.answer("undo").0, "= \n\n");
    assert_eq!(server.answer("undo").0, "= \n\n");
    assert_eq!(*server.position(), pos);
}

#[test]
fn nboard_transcript() {
    let mut server = nboard::Server::new(greedy(), standard());
    let steps: &[(&str, &str)] = &[
        ("nboard 2", "set myname greedy\n"),
        ("set depth 4", ""),
        ("set contempt 0", ""),
        ("ping 7", "pong 7\n"),
        (
            "set game (;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[5:00]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[F5]W[F6//1.0];)",
            "",
        ),
        ("move E6/0.5/1.2", ""),
        ("what is this", ""),
        ("learn", "learned\n"),
    ];
    for (line, expected) in steps {
        let (answer, quit) = server.answer(line);
        assert_eq!(answer, *expected, "{line:?}");
        assert!(!quit);
    }
    // After f5 f6 e6, White to move: hint lists two legal moves, go
    // answers one, and does not play it (the GUI sends it back).
    let pos = *server.position();
    // The game set (the GUI's RE[?] and TI fields included) and the move after it.
    let mut expected = standard();
    for mv in ["f5", "f6", "e6"] {
        expected.play(mv.parse().unwrap()).unwrap();
    }
    assert_eq!(pos, expected);
    let legal = |text: &str| -> bool { server_legal(pos, text) };
    let (hint, _) = server.answer("hint 2");
    let lines: Vec<&str> = hint.lines().collect();
    assert_eq!((lines.len(), lines[0], lines[3]), (4, "status thinking", "status"), "{hint}");
    for line in &lines[1..3] {
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!((words.len(), words[0], &words[2..]), (5, "search", &["0", "0", "4"][..]), "{line}");
        assert!(legal(words[1]), "{line}");
    }
    let (go, _) = server.answer("go");
    let lines: Vec<&str> = go.lines().collect();
    assert_eq!((lines.len(), lines[0], lines[2]), (3, "status thinking", "status"), "{go}");
    assert!(lines[1].strip_prefix("=== ").is_some_and(|mv| mv == mv.to_uppercase() && legal(mv)), "{go}");
    assert_eq!(*server.position(), pos);
    assert_eq!(server.answer("quit"), (String::new(), true));
}

#[test]
fn serve_stops_at_quit_and_skips_long_lines() {
    let mut input = b"name\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', gtp::MAX_COMMAND + 10));
    input.extend_from_slice(b"\nquit\nname\n");
    let mut out = Vec::new();
    gtp::serve(greedy(), standard(), &input[..], &mut out).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), "= greedy\n\n? command too long\n\n= \n\n");
    let mut out = Vec::new();
    nboard::serve(greedy(), standard(), &b"nboard 2\nping 1\nquit\nping 2\n"[..], &mut out).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), "set myname greedy\npong 1\n");
}

/// Whether `text` is a legal move of `pos`.
fn server_legal(pos: Position, text: &str) -> bool {
    text.parse().is_ok_and(|mv| pos.is_legal(mv))
}

/// The greedy player's reply to f5 with the stream of [`greedy`].
fn first_greedy_reply() -> reversi_variants::Move {
    let mut pos = standard();
    pos.play("f5".parse().unwrap()).unwrap();
    let moves: Vec<_> = pos.moves().collect();
    assert_eq!(moves.len(), 3);
    BuiltinPolicy::Greedy.choose(&pos, &moves, &mut SplitMix64::new(5))
}

#[test]
fn undo_is_bounded() {
    // On 5x5 Attacks, a1a3 e1e3 a3a1 e3e1 comes back to the start: a session
    // of such plays keeps the last MAX_UNDO positions.
    let start =
        Position::start(reversi_variants::Variant::Attacks, reversi_variants::Geometry::new(5, 5).unwrap()).unwrap();
    let mut server = gtp::Server::new(greedy(), start);
    let cycle = ["play b a1a3", "play w e1e3", "play b a3a1", "play w e3e1"];
    let played = gtp::MAX_UNDO + 8;
    for i in 0..played {
        assert_eq!(server.answer(cycle[i % 4]).0, "= \n\n", "{i}");
    }
    assert_eq!(*server.position(), start);
    let mut undone = 0;
    while server.answer("undo").0 == "= \n\n" {
        undone += 1;
    }
    assert_eq!(undone, gtp::MAX_UNDO);
    assert_eq!(*server.position(), start);
}

#[test]
fn a_line_that_is_not_utf8_is_answered_with_its_id() {
    let input = b"7 play b f\xff5\n\xfe name\n12\xff\nquit\n";
    let mut out = Vec::new();
    gtp::serve(greedy(), standard(), &input[..], &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text, "?7 command not UTF-8\n\n? command not UTF-8\n\n? command not UTF-8\n\n= \n\n");
}
