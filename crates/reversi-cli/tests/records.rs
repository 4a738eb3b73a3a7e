//! What `convert` reads and writes at the edges of games and of text:
//! comments outside games, games without moves, byte-order marks, line
//! ends, results.

mod common;

use common::{TempDir, convert, reversi, stderr};

#[test]
fn a_pgn_comment_outside_games_is_not_converted_as_a_game() {
    let dir = TempDir::new("comments");
    let input = dir.path("in.pgn");
    std::fs::write(&input, "; exported by a club\n\n[Black \"Ann\"]\n\n1. f5 d6 *\n{ between }\n[Black \"Bob\"]\n\n1. f5 f6 *\n; the end\n").unwrap();
    let out = dir.path("out.ggf");
    convert(&[&input, "-o", &out]);
    let written = std::fs::read_to_string(&out).unwrap();
    assert_eq!(written.matches("(;").count(), 2, "{written}");
}

#[test]
fn a_game_without_moves_is_refused_by_the_transcript_writer() {
    let dir = TempDir::new("empty");
    let input = dir.path("in.pgn");
    std::fs::write(&input, "[Black \"Ann\"]\n\n*\n").unwrap();
    let out = dir.path("out.txt");
    let run = reversi(&["convert", &input, "-o", &out]);
    assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
    assert!(stderr(&run).contains("without moves"), "{}", stderr(&run));
    assert!(!std::path::Path::new(&out).exists());
}
