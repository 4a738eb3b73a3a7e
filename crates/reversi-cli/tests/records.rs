//! What `convert` reads and writes at the edges of games and of text:
//! comments outside games, games without moves, byte-order marks, line
//! ends, results.

mod common;

use common::{TempDir, convert, reversi, stderr, with_stdin};

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

#[test]
fn text_on_standard_input_with_a_bom_or_mac_line_ends_or_latin1() {
    let out = with_stdin(&["convert", "-", "--to", "transcript", "-o", "-"], b"\xEF\xBB\xBFf5d6\rf5f6\r");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "f5d6\nf5f6\n");
    // Latin-1 is not WTHOR: said to be not UTF-8.
    let out = with_stdin(&["convert", "-", "--to", "transcript", "-o", "-"], b"f5d6 # \xe9t\xe9\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("UTF-8"), "{}", stderr(&out));
    assert!(!stderr(&out).contains("WTHOR"), "{}", stderr(&out));
}

#[test]
fn the_shared_wthor_name_files_are_replaced_only_when_asked() {
    let dir = TempDir::new("shared-names");
    let input = dir.path("in.txt");
    std::fs::write(&input, "f5d6\n").unwrap();
    let (jou, trn) = (dir.path("WTHOR.JOU"), dir.path("WTHOR.TRN"));
    std::fs::write(&jou, b"shared players").unwrap();
    std::fs::write(&trn, b"shared tournaments").unwrap();
    let out = dir.path("WTHOR.wtb");
    for args in [&["convert", &input, "-o", &out][..], &["play", "-o", &out]] {
        let run = reversi(args);
        assert_eq!(run.status.code(), Some(2), "{args:?}");
        let err = stderr(&run);
        assert!(err.contains(&jou) && err.contains(&trn) && err.contains("--replace-names"), "{err}");
        assert_eq!(std::fs::read(&jou).unwrap(), b"shared players");
        assert!(!std::path::Path::new(&out).exists());
    }
    convert(&[&input, "-o", &out, "--replace-names"]);
    assert_ne!(std::fs::read(&jou).unwrap(), b"shared players");
    // Another name: its own name files, nothing shared replaced.
    convert(&[&input, "-o", &dir.path("games.wtb")]);
}

#[cfg(unix)]
#[test]
fn outputs_that_are_devices_descriptors_fifos_or_links_are_written_through() {
    use std::os::unix::fs::FileTypeExt;
    let dir = TempDir::new("devices");
    let input = dir.path("in.txt");
    std::fs::write(&input, "f5d6\n").unwrap();
    // Standard output by a descriptor's name: the games come out there.
    // (`/dev/null` and `/dev/stdout` take the same path, through `metadata`;
    // they are not written here: a regression run as root would replace them.)
    for out in ["/dev/fd/1", "/proc/self/fd/1"] {
        let run = reversi(&["convert", &input, "-o", out, "--to", "transcript"]);
        assert!(run.status.success(), "{out}: {}", stderr(&run));
        assert_eq!(String::from_utf8_lossy(&run.stdout), "f5d6\n", "{out}");
    }
    // A link: its target replaced, the link kept.
    let target = dir.path("target.pgn");
    std::fs::write(&target, "old").unwrap();
    let link = dir.path("link.pgn");
    std::os::unix::fs::symlink("target.pgn", &link).unwrap();
    convert(&[&input, "-o", &link]);
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert!(std::fs::read_to_string(&target).unwrap().contains("1. f5 d6"));
    assert_eq!(common::listing(&dir), ["in.txt", "link.pgn", "target.pgn"]);
    // A FIFO: its reader gets the games, the FIFO stays.
    let fifo = dir.path("fifo.txt");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    convert(&[&input, "-o", &fifo]);
    assert_eq!(reader.join().unwrap(), "f5d6\n");
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
}

#[test]
fn binary_data_in_any_text_format_is_one_error_not_an_endless_read() {
    // A few MiB of NULs (what `/dev/zero` gives for ever): one error at its
    // first byte, in every text format, and the run ends.
    let dir = TempDir::new("nul");
    let zeros = dir.path("zeros");
    std::fs::write(&zeros, vec![0u8; 4 << 20]).unwrap();
    for format in ["pgn", "transcript", "ggf", "position", "obf"] {
        let run = reversi(&["replay", &zeros, "--format", format]);
        assert_eq!(run.status.code(), Some(2), "{format}");
        let err = stderr(&run);
        assert_eq!(
            err,
            format!(
                "reversi: {zeros}:1:1: game 1: a NUL byte (byte 0): binary data, not text; the input is read no further\n"
            ),
            "{format}"
        );
        assert!(common::stdout(&run).starts_with("1 file (1 unreadable), 0 games"), "{format}");
    }
}

#[test]
fn a_game_that_is_not_utf8_is_reported_and_the_games_after_it_replayed() {
    let dir = TempDir::new("latin1");
    let input = dir.path("in.txt");
    let mut text = b"f5d6\n".repeat(4);
    text.extend(b"f5d6 # \xe9t\xe9\n");
    text.extend(b"f5d6\n".repeat(5));
    std::fs::write(&input, text).unwrap();
    let run = reversi(&["replay", &input]);
    assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
    let out = common::stdout(&run);
    assert!(out.contains(&format!("{input}:5:8: game 5: the text is not UTF-8 (byte 27)")), "{out}");
    assert!(out.contains("1 file, 10 games, 9 legal, 0 illegal, 1 unreadable"), "{out}");
}
