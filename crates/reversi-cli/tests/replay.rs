//! `reversi replay` on the shared records of `data` and on files made in
//! temporary directories: what it reports, how it walks directories, and how
//! it treats unreadable files, standard input and large or overlong games.
//! (The records `convert` and `play` write are checked in `write.rs`.)

use std::path::Path;

use serde_json::Value;

mod common;
mod repository;

use common::{
    TempDir, assert_parse_error, command, convert, json_lines, refused_in_one_line, replay_json, reversi, stderr,
    stdout, with_stdin, without_file,
};
use repository::{data, data_files, illegal};

#[test]
fn the_repository_data_replays_legal_and_the_illegal_samples_apart_do_not() {
    // `reversi replay data --keep-going`, as a newcomer runs it from the
    // repository's root: every record file under data/, walked recursively,
    // reads and replays legal.
    for args in [&["replay", &data("")][..], &["replay", &data(""), "--keep-going"]] {
        let out = reversi(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}{}", stdout(&out), stderr(&out));
        assert!(stderr(&out).is_empty(), "{}", stderr(&out));
        let text = stdout(&out);
        assert_eq!(text.lines().count(), 1, "{text}");
        assert!(text.contains(" legal, 0 illegal, ") && !text.contains("unreadable"), "{text}");
    }
    // The hand-edited illegal games live in data-illegal/, and fail there.
    let out = reversi(&["replay", &illegal(""), "--keep-going"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.lines().last().unwrap().starts_with("1 file, 6 games, 4 legal, 2 illegal, "), "{text}");
}

#[test]
fn replay_every_shared_record() {
    let mut files = data_files("ggf", ".ggf");
    files.push(illegal("ggf/gg-synchro-komi-mixed.ggf"));
    files.extend(data_files("pgn", ".pgn"));
    files.extend(data_files("wthor", ".wtb"));
    let args: Vec<&str> = files.iter().map(String::as_str).collect();
    let (status, games, summary, err) = replay_json(&args);
    assert_eq!(status, Some(1), "{err}");
    assert!(err.is_empty(), "{err}");
    let illegal: Vec<&Value> = games.iter().filter(|g| !g["error"].is_null()).collect();
    assert_eq!(illegal.len(), 2);
    for (g, number, plies, message) in [
        (
            illegal[0],
            4,
            37,
            "gg-synchro-komi-mixed.ggf:3:1544: game 4, ply 38: h2 is not legal for White: h2 flips nothing",
        ),
        (
            illegal[1],
            6,
            1,
            "gg-synchro-komi-mixed.ggf:5:211: game 6, ply 2: h8 is not legal for White: h8 flips nothing",
        ),
    ] {
        assert!(g["file"].as_str().unwrap().ends_with("gg-synchro-komi-mixed.ggf"), "{g}");
        assert_eq!((&g["game"], &g["plies"]), (&Value::from(number), &Value::from(plies)));
        assert!(g["error"].as_str().unwrap().ends_with(message), "{g}");
        assert_eq!(g["over"], false);
    }
    // The 6th game's one move before h8: Black's placement, 4 to 1.
    assert_eq!((&illegal[1]["black"], &illegal[1]["white"], &illegal[1]["passes"]), (&4.into(), &1.into(), &0.into()));
    for g in &games {
        let keys: Vec<&str> = g.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys, ["file", "game", "plies", "passes", "black", "white", "over", "unreadable", "error"]);
    }
    assert_eq!(summary["files"], files.len());
    assert_eq!(summary["games"], games.len());
    assert_eq!(summary["illegal"], 2);
    assert_eq!(summary["legal"], games.len() - 2);
    let plies: u64 = games.iter().map(|g| g["plies"].as_u64().unwrap()).sum();
    assert_eq!(summary["plies"], plies);

    // The same as text: one line per illegal game, then the summary.
    let mut text_args = vec!["replay"];
    text_args.extend_from_slice(&args);
    let out = reversi(&text_args);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(
        lines[0]
            .ends_with("gg-synchro-komi-mixed.ggf:3:1544: game 4, ply 38: h2 is not legal for White: h2 flips nothing")
    );
    assert!(
        lines[1]
            .ends_with("gg-synchro-komi-mixed.ggf:5:211: game 6, ply 2: h8 is not legal for White: h8 flips nothing")
    );
    let expected = format!("{} files, {} games, {} legal, 2 illegal, ", files.len(), games.len(), games.len() - 2);
    assert!(lines[2].starts_with(&expected) && lines[2].ends_with(" s"), "{}", lines[2]);
}

#[test]
fn wthor_1977_to_1985_all_legal_with_names() {
    let files = data_files("wthor", ".wtb");
    assert_eq!(files.len(), 9);
    let args: Vec<&str> = files.iter().map(String::as_str).collect();
    let (status, games, summary, err) = replay_json(&args);
    assert_eq!(status, Some(0), "{err}");
    assert_eq!(games.len(), 2194);
    assert_eq!(summary["legal"], 2194);
    assert!(games.iter().all(|g| g["error"].is_null() && g["plies"].as_u64().unwrap() > 0));
    assert!(games.iter().filter(|g| g["over"] == true).count() > 2194 * 9 / 10);

    // The names come from WTHOR.JOU and WTHOR.TRN beside the games.
    let dir = TempDir::new("names");
    convert(&[&data("wthor/WTH_1977.wtb"), "-o", &dir.path("1977.pgn")]);
    let pgn = std::fs::read_to_string(dir.path("1977.pgn")).unwrap();
    assert!(pgn.starts_with("[Event \"World Championship\"]\n[Date \"1977\"]\n[Black \"Inoue Hiroshi\"]\n"), "{pgn}");
    assert!(!pgn.contains("\"#"), "every name found");
}

#[test]
fn wthor_names_beside_the_games_come_first_in_any_case() {
    let dir = TempDir::new("lookup");
    // Lower-case name files are found too.
    std::fs::copy(data("wthor/WTH_1985.wtb"), dir.path("WTH_1985.wtb")).unwrap();
    std::fs::copy(data("wthor/WTHOR.JOU"), dir.path("wthor.jou")).unwrap();
    std::fs::copy(data("wthor/WTHOR.TRN"), dir.path("Wthor.Trn")).unwrap();
    convert(&[&dir.path("WTH_1985.wtb"), "-o", &dir.path("a.pgn")]);
    let original = std::fs::read_to_string(dir.path("a.pgn")).unwrap();
    assert!(!original.contains("\"#"));
    // b.JOU and b.TRN number the names in another order than wthor.jou:
    // using the wrong file would give other names.
    convert(&[&dir.path("a.pgn"), "-o", &dir.path("b.wtb")]);
    assert!(Path::new(&dir.path("b.JOU")).exists() && Path::new(&dir.path("b.TRN")).exists());
    convert(&[&dir.path("b.wtb"), "-o", &dir.path("c.pgn")]);
    assert_eq!(std::fs::read_to_string(dir.path("c.pgn")).unwrap(), original);
    // Without name files the names are numbers.
    std::fs::remove_file(dir.path("b.JOU")).unwrap();
    std::fs::remove_file(dir.path("wthor.jou")).unwrap();
    convert(&[&dir.path("b.wtb"), "-o", &dir.path("d.pgn")]);
    let numbered = std::fs::read_to_string(dir.path("d.pgn")).unwrap();
    assert!(numbered.contains("[Black \"#0\"]") && !numbered.contains("[Event \"#"), "{numbered}");
    // A name file that does not read is the error, named.
    std::fs::write(dir.path("b.JOU"), "abc").unwrap();
    let out = reversi(&["replay", &dir.path("b.wtb")]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr(&out), format!("reversi: {}: truncated header: 3 bytes, a header has 16\n", dir.path("b.JOU")));
}

/// The `file` of each game, in order, each once.
fn files_in_order(games: &[Value]) -> Vec<String> {
    let mut files: Vec<String> = games.iter().map(|g| g["file"].as_str().unwrap().to_string()).collect();
    files.dedup();
    files
}

#[test]
fn replay_walks_a_directory_in_path_order() {
    // `data/wthor` as a user in the workspace root types it.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = command(&["replay", "--json", "data/wthor"]).current_dir(&root).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).is_empty());
    let mut games = json_lines(&out);
    let summary = games.pop().unwrap()["summary"].clone();
    let expected: Vec<String> = (1977..=1985)
        .map(|year| Path::new("data/wthor").join(format!("WTH_{year}.wtb")).display().to_string())
        .collect();
    assert_eq!(files_in_order(&games), expected);
    assert_eq!((&summary["files"], &summary["games"], &summary["legal"]), (&9.into(), &2194.into(), &2194.into()));
    // The same games as the files named one by one.
    let files = data_files("wthor", ".wtb");
    let args: Vec<&str> = files.iter().map(String::as_str).collect();
    let (_, named, _, _) = replay_json(&args);
    assert_eq!(without_file(&games), without_file(&named));
}

#[test]
fn replay_walks_nested_directories_and_skips_other_files() {
    let dir = TempDir::new("walk");
    for sub in ["sub/deeper", "sub/empty"] {
        std::fs::create_dir_all(dir.path(sub)).unwrap();
    }
    std::fs::copy(data("pgn/playok.pgn"), dir.path("top.pgn")).unwrap();
    std::fs::copy(data("ggf/gg-8x8-saio.ggf"), dir.path("sub/deeper/game.GGF")).unwrap();
    for file in ["WTH_1977.wtb", "WTHOR.JOU", "WTHOR.TRN"] {
        std::fs::copy(data(&format!("wthor/{file}")), dir.path(&format!("sub/{file}"))).unwrap();
    }
    convert(&[&data("pgn/playok.pgn"), "-o", &dir.path("sub/deeper/p.TXT")]);
    // Not records: skipped, though they would not read.
    std::fs::write(dir.path("sub/notes.md"), "# not a game").unwrap();
    std::fs::write(dir.path("sub/deeper/no-extension"), "zz").unwrap();
    std::fs::write(dir.path("top.pgn.bak"), "zz").unwrap();
    let mut expected = vec!["sub/WTH_1977.wtb", "sub/deeper/game.GGF", "sub/deeper/p.TXT", "top.pgn"];
    #[cfg(unix)]
    {
        // A loop back to the top is not followed; a link to a file is a file.
        std::os::unix::fs::symlink(&dir.0, dir.path("sub/loop")).unwrap();
        std::os::unix::fs::symlink(dir.path("top.pgn"), dir.path("sub/linked.pgn")).unwrap();
        expected.insert(3, "sub/linked.pgn");
    }
    let (status, games, summary, err) = replay_json(&[&dir.path("")]);
    assert_eq!(status, Some(0), "{err}");
    assert!(err.is_empty(), "{err}");
    let expected: Vec<String> = expected.iter().map(|f| dir.path(f)).collect();
    assert_eq!(files_in_order(&games), expected);
    assert_eq!(summary["files"], expected.len());
    // Twice the same: the order does not depend on the directory's.
    let (_, again, _, _) = replay_json(&[&dir.path("")]);
    assert_eq!(again, games);
}

#[test]
fn a_directory_without_records_is_an_error() {
    let dir = TempDir::new("empty");
    std::fs::create_dir_all(dir.path("nested/deeper")).unwrap();
    // Name files and other files are not games.
    std::fs::copy(data("wthor/WTHOR.JOU"), dir.path("nested/WTHOR.JOU")).unwrap();
    std::fs::write(dir.path("readme.md"), "nothing").unwrap();
    let empty = dir.path("nested");
    let out = reversi(&["replay", &empty]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!("reversi: {empty}: a directory without record files (.txt .pgn .ggf .wtb .obf .pos .oq)\n")
    );
    // With --keep-going the next input is still replayed.
    let (status, games, summary, err) = replay_json(&["--keep-going", &dir.path(""), &data("pgn/playok.pgn")]);
    assert_eq!(status, Some(2));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(games.len(), 2);
    assert_eq!((&summary["files"], &summary["unreadable"]), (&2.into(), &1.into()));
}

#[test]
fn playok_games_end_38_26_and_37_27() {
    let (status, games, _, err) = replay_json(&[&data("pgn/playok.pgn")]);
    assert_eq!(status, Some(0), "{err}");
    let ends: Vec<(u64, u64, u64, bool)> = games
        .iter()
        .map(|g| {
            (
                g["black"].as_u64().unwrap(),
                g["white"].as_u64().unwrap(),
                g["passes"].as_u64().unwrap(),
                g["over"] == true,
            )
        })
        .collect();
    assert_eq!(ends, [(38, 26, 1, true), (37, 27, 2, true)]);
    assert_eq!(games[0]["game"], 1);
    assert_eq!(games[1]["game"], 2);
}

#[test]
fn obf_positions_replay_as_games_without_moves() {
    let (status, games, summary, err) = replay_json(&[&data("obf/fforum-1-19.obf")]);
    assert_eq!(status, Some(0), "{err}");
    assert_eq!(games.len(), 19);
    assert_eq!(summary["plies"], 0);
    assert!(games.iter().all(|g| g["plies"] == 0 && g["over"] == false));
}

#[test]
fn standard_input_is_sniffed() {
    let text = std::fs::read(data("pgn/playok.pgn")).unwrap();
    let out = with_stdin(&["replay", "--json", "-"], &text);
    assert!(out.status.success());
    let first: Value = serde_json::from_str(stdout(&out).lines().next().unwrap()).unwrap();
    assert_eq!((&first["file"], &first["black"], &first["white"]), (&"<stdin>".into(), &38.into(), &26.into()));
}

#[test]
fn a_game_that_does_not_read_hides_none_after_it() {
    // Four games: a typo in game 2, an illegal move in game 3.
    let dir = TempDir::new("recover");
    let pgn = dir.path("club.pgn");
    let games = "[Black \"A\"]\n\n1. f5 d6 *\n\n[Black \"B\"]\n\n1. f5 d6?? *\n\n\
                 [Black \"C\"]\n\n1. f5 f5 *\n\n[Black \"D\"]\n\n1. f5 f6 *\n";
    std::fs::write(&pgn, games).unwrap();
    let out = reversi(&["replay", &pgn]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(lines[0], format!("{pgn}:7:7: game 2: expected a move, a move number or a result, found \"d6??\""));
    assert_eq!(lines[1], format!("{pgn}:11:7: game 3, ply 2: f5 is not legal for White: f5 is occupied"));
    assert!(lines[2].starts_with("1 file, 4 games, 2 legal, 1 illegal, 1 unreadable, 5 plies in "), "{}", lines[2]);
    assert_eq!(stderr(&out), "");
    let (status, games, summary, _) = replay_json(&[&pgn]);
    assert_eq!(status, Some(2));
    assert_eq!(
        games.iter().map(|g| g["unreadable"].as_bool().unwrap()).collect::<Vec<_>>(),
        [false, true, false, false]
    );
    assert_eq!(
        (
            &summary["games"],
            &summary["legal"],
            &summary["illegal"],
            &summary["unreadable_games"],
            &summary["unreadable"]
        ),
        (&4.into(), &2.into(), &1.into(), &1.into(), &0.into())
    );
}

#[test]
fn unreadable_files_exit_2_with_a_located_message() {
    let dir = TempDir::new("bad");
    let bad = dir.path("x.pgn");
    std::fs::write(&bad, "[Black \"Ann\"]\n\n1. f5 d6 2. z0 *\n").unwrap();
    let located = format!("{bad}:3:13: game 1: expected a move, a move number or a result, found \"z0\"");
    let good = data("pgn/playok.pgn");
    let synchro = illegal("ggf/gg-synchro-komi-mixed.ggf");

    // A game that does not read stops nothing: every file is read.
    let (status, games, summary, err) = replay_json(&[&good, &bad, &synchro]);
    assert_eq!(status, Some(2));
    assert_eq!(err, "");
    assert_eq!(games.len(), 9);
    assert_eq!(games[2]["error"], located);
    assert_eq!(
        (&summary["files"], &summary["unreadable"], &summary["unreadable_games"]),
        (&3.into(), &0.into(), &1.into())
    );

    // A file that cannot be read stops the run, unless --keep-going.
    let missing = dir.path("missing.ggf");
    let (status, games, summary, err) = replay_json(&[&bad, &missing, &good]);
    assert_eq!(status, Some(2));
    assert_eq!(games.len(), 1);
    assert_eq!((&summary["files"], &summary["unreadable"]), (&2.into(), &1.into()));
    assert!(err.contains("missing.ggf: "), "{err}");
    let (status, games, summary, err) = replay_json(&["--keep-going", &bad, &synchro, &missing, &good]);
    assert_eq!(status, Some(2));
    assert_eq!(games.len(), 9);
    assert_eq!((&summary["files"], &summary["unreadable"], &summary["illegal"]), (&4.into(), &1.into(), &2.into()));
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(lines[0].contains("missing.ggf: "), "{err}");

    // Text mode and other formats: the message names the file.
    let wtb = dir.path("short.wtb");
    std::fs::write(&wtb, [0u8; 10]).unwrap();
    let out = reversi(&["replay", &wtb]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr(&out), format!("reversi: {wtb}: truncated header: 10 bytes, a header has 16\n"));
    assert!(stdout(&out).starts_with("1 file (1 unreadable), 0 games"), "{}", stdout(&out));
    let out = reversi(&["replay", "--format", "ggf", &good]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).contains("playok.pgn:1:1: game 1: expected"), "{}", stdout(&out));
}

#[test]
fn a_cut_or_overlong_wthor_file_reports_its_games_then_the_error() {
    // Read game by game: the games before the fault are replayed and
    // reported, then the file is unreadable.
    let dir = TempDir::new("cut-wtb");
    let wtb = std::fs::read(data("wthor/WTH_1977.wtb")).unwrap();
    let cut = dir.path("cut.wtb");
    std::fs::write(&cut, &wtb[..16 + 68 * 5 + 30]).unwrap();
    let long = dir.path("long.wtb");
    std::fs::write(&long, [&wtb[..], b"x"].concat()).unwrap();
    for (file, games, message) in [
        (&cut, 5, "game 6, byte 356: the file ends 30 bytes into the game (a game has 68; the header claims 12)"),
        (&long, 12, "byte 832: the file goes on after the 12 games its header claims"),
    ] {
        let (status, reported, summary, err) = replay_json(&[file]);
        assert_eq!(status, Some(2), "{file}");
        assert_eq!((reported.len(), &summary["unreadable"]), (games, &1.into()), "{file}");
        assert_eq!(err, format!("reversi: {file}: {message}\n"));
        // convert stops there and writes nothing.
        let out = reversi(&["convert", file, "-o", &dir.path("out.pgn")]);
        assert_eq!((out.status.code(), stderr(&out)), (Some(2), err));
        assert!(!Path::new(&dir.path("out.pgn")).exists());
    }
}

#[test]
fn bad_options_are_one_line_and_status_2() {
    for (args, expected) in [
        (&["replay", "x.txt", "--board", "9"][..], "--board 9: "),
        (
            &["convert", "in.pgn", "-o", "out.zip"],
            "-o out.zip: the extension names no format: expected .txt, .pgn, .ggf, .wtb, .obf, .pos, .oq, found .zip: give --to",
        ),
        (&["convert", "in.pgn", "-o", "-"], "-o -: a stream (standard output, a file object) has no extension"),
        (&["convert", "in.pgn", "-o", "-", "--to", "wthor"], "-o -: WTHOR is written to a path, not a stream"),
        (&["play", "--board", "1x1"], "does not fit a 1x1 board"),
    ] {
        refused_in_one_line(args, expected);
    }
}

#[test]
fn options_clap_refuses_print_its_whole_message() {
    for (args, expected) in [
        (&["replay"][..], "<FILE>..."),
        (&["replay", "x.pgn", "--format", "sgf"], "unknown format \"sgf\""),
        (&["convert", "in.pgn"], "--output <OUT>"),
        (&["play", "--black", "clever"], "invalid value 'clever'"),
    ] {
        assert_parse_error(args, expected);
    }
}

#[test]
fn a_large_pgn_replays_game_by_game() {
    // 2,000,000 games of no moves (4 MB): each is read, replayed and
    // dropped in turn (peak memory is measured by hand, not here).
    let dir = TempDir::new("large");
    let big = dir.path("big.pgn");
    std::fs::write(&big, "*\n".repeat(2_000_000)).unwrap();
    let out = reversi(&["replay", &big]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with("1 file, 2,000,000 games, 2,000,000 legal, 0 illegal, 0 plies in "),
        "{}",
        stdout(&out)
    );
    // The same from standard input (`*` alone does not look like PGN).
    let out = command(&["replay", "--format", "pgn", "-"]).stdin(std::fs::File::open(&big).unwrap()).output().unwrap();
    assert!(stdout(&out).starts_with("1 file, 2,000,000 games, "), "{}", stdout(&out));
}

#[test]
fn a_game_over_the_bound_is_an_unreadable_game_not_an_abort() {
    // One transcript line of 17 MiB, over reversi-notation's 16 MiB bound;
    // the games before and after it are replayed and reported.
    let dir = TempDir::new("long");
    let long = dir.path("long.txt");
    std::fs::write(&long, format!("f5d6\n{}\nf5f6\n", "f5".repeat(17 << 19))).unwrap();
    let (status, games, summary, err) = replay_json(&[&long]);
    assert_eq!(status, Some(2));
    assert_eq!(games.len(), 3);
    assert_eq!(
        (&summary["files"], &summary["unreadable"], &summary["unreadable_games"]),
        (&1.into(), &0.into(), &1.into())
    );
    assert_eq!((&games[1]["unreadable"], &games[2]["plies"]), (&true.into(), &2.into()));
    let error = games[1]["error"].as_str().unwrap();
    assert!(
        error.ends_with(
            "long.txt:2:1: game 2: expected a game of at most 16777216 bytes \
             (ReadOptions::max_game_bytes), found \"f5f5f5f5f5f5f5f5f5f5f5f5\""
        ),
        "{error}"
    );
    assert_eq!(err, "");
}
