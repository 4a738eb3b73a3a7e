//! `reversi solve`: tables, JSON, OBF expected scores, record files at N
//! empties, and bad input.

mod common;

use common::{TempDir, json_lines, reversi, stderr, stdout};

/// An 8x8 position with 6 empties (f1 c2 e2 f2 a8 h8 empty). Its exact
/// score, and each move's, come from the reference twin in the test.
const OBF_BOARD: &str = "XXXXX-XXXX-X--XXXXXXOXXXXXOXOXXXXXOXXOXXXOOOXOXXXOOXXXOX-OOOOOO- X";

#[test]
fn the_start_of_4x4_is_a_white_win_by_ten() {
    let out = reversi(&["solve", "--board", "4x4"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains("empties") && lines[0].contains("nodes/s"), "{text}");
    let row: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(&row[..3], ["1", "12", "-10"], "{text}");
    assert!(lines[2].starts_with("1 positions,"), "{text}");
}

#[test]
fn json_has_the_score_the_pv_and_every_move_with_all() {
    let out = reversi(&["solve", "--board", "4x4", "--first", "white", "--json", "--all", "--threads", "2"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let lines = json_lines(&out);
    let solved = &lines[0];
    assert_eq!(solved["score"], -10);
    assert_eq!(solved["empties"], 12);
    assert!(solved["nodes"].as_u64().unwrap() > 0);
    assert!(solved["seconds"].is_number());
    let pv = solved["pv"].as_array().unwrap();
    assert_eq!(solved["best"], pv[0]);
    let moves = solved["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 4);
    assert!(moves.iter().all(|m| m["score"] == -10));
    assert_eq!(lines[1]["summary"]["positions"], 1);
}

#[test]
fn every_backend_this_cpu_runs_gives_the_same_answer_and_nodes() {
    // FFO #20 (6 empties, +6 h5 in the published answers) on the full
    // board, and the start of 4x4 (a board set in the 8x8 bitboards).
    let ffo20 = "XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO- X";
    for start in [&["--position", ffo20][..], &["--board", "4x4"][..]] {
        let mut seen = Vec::new();
        for backend in ["auto", "portable", "x86-64-v3", "x86-64-v4"] {
            let mut args = vec!["solve", "--json", "--backend", backend];
            args.extend_from_slice(start);
            let out = reversi(&args);
            if backend.starts_with("x86") && out.status.code() == Some(2) {
                // A build this CPU cannot run is refused by name.
                assert!(
                    stderr(&out).contains(&format!("--backend {backend}: this CPU cannot run the {backend} build"))
                );
                continue;
            }
            assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
            let line = &json_lines(&out)[0];
            seen.push((line["score"].clone(), line["pv"].clone(), line["nodes"].clone()));
        }
        assert!(seen.len() >= 2 && seen.iter().all(|s| *s == seen[0]), "{start:?}: {seen:?}");
        let expected = if start[1] == "4x4" { -10 } else { 6 };
        assert_eq!(seen[0].0, expected, "{start:?}");
    }
}

#[test]
fn obf_expected_scores_are_checked() {
    let dir = TempDir::new("solve-obf");
    // The score from the solver itself, through --position.
    let out = reversi(&["solve", "--position", OBF_BOARD, "--json", "--all"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let solved = &json_lines(&out)[0];
    let score = solved["score"].as_i64().unwrap();
    let moves = solved["moves"].as_array().unwrap();
    let annotations: Vec<String> = moves
        .iter()
        .map(|m| format!("{}:{:+}", m["move"].as_str().unwrap().to_uppercase(), m["score"].as_i64().unwrap()))
        .collect();

    let right = dir.path("right.obf");
    std::fs::write(&right, format!("{OBF_BOARD}; {};\n", annotations.join("; "))).unwrap();
    let out = reversi(&["solve", &right, "--all"]);
    assert_eq!(out.status.code(), Some(0), "{}{}", stdout(&out), stderr(&out));
    assert!(stdout(&out).contains("0 not as expected"), "{}", stdout(&out));

    let wrong = dir.path("wrong.obf");
    let best = moves[0]["move"].as_str().unwrap().to_uppercase();
    std::fs::write(&wrong, format!("{OBF_BOARD}; {best}:{:+};\n", score + 2)).unwrap();
    let out = reversi(&["solve", &wrong]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stdout(&out).contains(&format!("mismatch ({wrong}:1): score: expected {:+}, found {score:+}", score + 2)));
    assert!(stderr(&out).contains("1 positions differ from their expected scores"), "{}", stderr(&out));
    let out = reversi(&["solve", &wrong, "--json"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(json_lines(&out)[0]["mismatches"].as_array().unwrap().len(), 1);
}

#[test]
fn fforum_1_19_solves_as_published() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/ffo/fforum-1-19.obf");
    let out = reversi(&["solve", file]);
    assert_eq!(out.status.code(), Some(0), "{}{}", stdout(&out), stderr(&out));
    assert!(stdout(&out).contains("19 positions,"));
}

#[test]
fn a_record_is_solved_at_n_empties() {
    let dir = TempDir::new("solve-empties");
    // A game: the 4x4 principal variation, passes left out.
    let out = reversi(&["solve", "--board", "4x4", "--json"]);
    let pv: Vec<String> = json_lines(&out)[0]["pv"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .filter(|m| m != "pass")
        .collect();
    let game = dir.path("game.txt");
    std::fs::write(&game, pv.join(" ")).unwrap();
    let out = reversi(&["solve", &game, "--board", "4x4", "--empties", "6", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let lines = json_lines(&out);
    assert_eq!(lines[0]["empties"], 6);
    // Perfect play all along: the score stays the game's, from either side.
    assert_eq!(lines[0]["score"].as_i64().unwrap().abs(), 10);
    // A game never at 20 empties on a 4x4 board is skipped.
    let out = reversi(&["solve", &game, "--board", "4x4", "--empties", "20", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(json_lines(&out)[0]["summary"]["skipped"], 1);
}

#[test]
fn finished_games_get_their_score_and_no_move() {
    for (position, score) in [("XX/XO X", "+2"), ("X--/---/--- O", "-9")] {
        let out = reversi(&["solve", "--position", position]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let text = stdout(&out);
        let row: Vec<&str> = text.lines().nth(1).unwrap().split_whitespace().collect();
        assert_eq!((row[2], row[3]), (score, "--"), "{text}");
    }
}

#[test]
fn bad_input_is_a_clear_error() {
    let cases: [(&[&str], &str); 4] = [
        (&["solve", "--board", "4x4", "--hash", "99999999"], "too large"),
        (&["solve", "--variant", "attacks", "--board", "5x5"], "need not end"),
        (&["solve", "--board", "27x27"], "--board 27x27"),
        (&["solve", "no-such-file.obf"], "no-such-file.obf"),
    ];
    for (args, expected) in cases {
        let out = reversi(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(err.starts_with("reversi: ") && err.contains(expected), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let out = reversi(&["solve", "--board", "4x4", "--time-limit", "-1"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_deadline_stops_a_board_too_big_to_finish() {
    let out = reversi(&["solve", "--board", "12x12", "--time-limit", "0.3"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("deadline"), "{}", stderr(&out));
}
