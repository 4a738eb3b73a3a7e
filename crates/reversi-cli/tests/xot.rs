//! `reversi xot generate`: balanced openings from a seed, a transcript (the
//! form `reversi match --openings` reads) read back by the XOT reader
//! (`reversi replay --xot`).

mod common;

use common::{TempDir, reversi, stderr, stdout, succeeded};

/// The list of `seed` as the command writes it to standard output.
fn list(seed: &str, extra: &[&str]) -> String {
    let mut args = vec!["xot", "generate", "--count", "40", "--seed", seed, "--depth", "4"];
    args.extend_from_slice(extra);
    succeeded(&args)
}

#[test]
fn reproducible_from_a_seed_legal_distinct_under_symmetry_and_read_back() {
    let first = list("11", &[]);
    assert_eq!(first, list("11", &[]), "one seed, one list");
    assert_ne!(first, list("12", &[]), "another seed, another list");
    let lines: Vec<&str> = first.lines().collect();
    assert_eq!(lines.len(), 40);
    assert!(lines.iter().all(|l| l.len() == 16), "8 plies a line, no pass in 8 plies from the start: {first}");

    let dir = TempDir::new("xot");
    let file = dir.path("xot.txt");
    let out = reversi(&["xot", "generate", "--count", "40", "--seed", "11", "--depth", "4", "-o", &file]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), first, "-o writes what standard output shows");

    // Read back by the XOT reader: each line replays legally and is found
    // as itself, so no line is another's position or a symmetric image of
    // it (that one would be found as the earlier line).
    let path = file.as_str();
    let out = reversi(&["replay", path, "--xot", path, "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let rows: Vec<serde_json::Value> = stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let games: Vec<&serde_json::Value> = rows.iter().filter(|r| r.get("game").is_some()).collect();
    assert_eq!(games.len(), 40);
    for (i, game) in games.iter().enumerate() {
        assert_eq!(game["error"], serde_json::Value::Null, "{game}");
        assert_eq!(game["xot"]["opening"], i + 1, "{game}");
        assert_eq!(game["xot"]["symmetry"], "Identity", "{game}");
    }
    // Turned a half turn, each opening is found as itself.
    let turned: String = lines
        .iter()
        .map(|l| l.bytes().map(|b| if b.is_ascii_lowercase() { b'a' + b'h' - b } else { b'1' + b'8' - b } as char))
        .map(|l| l.collect::<String>() + "\n")
        .collect();
    let games = dir.path("turned.txt");
    std::fs::write(&games, turned).unwrap();
    let out = reversi(&["replay", &games, "--xot", path, "--json"]);
    let rows: Vec<serde_json::Value> = stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    for (i, game) in rows.iter().filter(|r| r.get("game").is_some()).enumerate() {
        assert_eq!((&game["xot"]["opening"], &game["xot"]["symmetry"]), (&(i + 1).into(), &"Rotate180".into()));
    }
}

#[test]
fn refused_options_and_a_margin_too_narrow() {
    let out = reversi(&["xot", "generate", "--plies", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("plies: expected 1 to 59, found 0"), "{}", stderr(&out));
    let out = reversi(&["xot", "generate", "--plies", "1", "--count", "2", "--margin", "64", "--depth", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("1 balanced openings of 2 after 2000 draws"), "{}", stderr(&out));
}
