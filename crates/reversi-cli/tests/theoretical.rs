//! WTHOR's theoretical scores: `reversi convert --fill-theoretical` fills
//! them, `reversi solve --wthor-check` checks them (status 1 on a
//! difference, each named).

mod common;

use common::{TempDir, json_lines, reversi, stderr, stdout};

#[test]
fn filled_scores_check_and_a_changed_one_is_named() {
    let dir = TempDir::new("theoretical");
    let filled = dir.path("filled.wtb");
    let filled = filled.as_str();
    let out = reversi(&[
        "convert",
        "../../data/wthor/WTH_1978.wtb",
        "-o",
        filled,
        "--fill-theoretical",
        "--depth",
        "14",
        "--threads",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let bytes = std::fs::read(filled).unwrap();
    assert_eq!(bytes[14], 14, "the header's depth");

    let out = reversi(&["solve", filled, "--wthor-check", "--json", "--threads", "2"]);
    assert_eq!(out.status.code(), Some(0), "{}{}", stdout(&out), stderr(&out));
    let lines = json_lines(&out);
    let games = &lines[..lines.len() - 1];
    assert_eq!(games.len(), 8);
    assert!(games.iter().all(|g| g["depth"] == 14 && g["agrees"] == true), "{games:?}");
    let summary = &lines[lines.len() - 1]["summary"];
    assert_eq!((summary["games"].as_u64(), summary["disagree"].as_u64()), (Some(8), Some(0)));

    // Game 3's theoretical score (byte 7 of its 68) off by one.
    let mut changed = bytes.clone();
    let at = 16 + 2 * 68 + 7;
    changed[at] = if changed[at] == 64 { 63 } else { changed[at] + 1 };
    let path = dir.path("changed.wtb");
    std::fs::write(&path, &changed).unwrap();
    let out = reversi(&["solve", &path, "--wthor-check"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    let differ: Vec<&str> = text.lines().filter(|l| l.contains("DIFFERS")).collect();
    assert_eq!(differ.len(), 1, "{text}");
    assert!(differ[0].starts_with(&format!("{path}:3 ")), "{text}");
    assert!(
        differ[0].contains(&format!(" {} ", changed[at])) && differ[0].contains(&format!(" {} ", bytes[at])),
        "{text}"
    );
    assert!(stderr(&out).contains("1 games' theoretical scores differ"), "{}", stderr(&out));
}

#[test]
fn bad_depths_and_missing_files_are_refused() {
    let out = reversi(&["solve", "../../data/wthor/WTH_1978.wtb", "--wthor-check", "--empties", "61"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--empties: depth 61: expected 0 to 60"), "{}", stderr(&out));
    let out = reversi(&["solve", "--wthor-check"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("give the WTHOR files"), "{}", stderr(&out));
    let out = reversi(&["convert", "../../data/wthor/WTH_1978.wtb", "-o", "-", "--to", "pgn", "--depth", "3"]);
    assert_eq!(out.status.code(), Some(2), "--depth needs --fill-theoretical");
}
