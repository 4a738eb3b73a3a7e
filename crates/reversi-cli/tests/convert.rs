//! `reversi convert` streams: each game is written as it converts, into
//! temporary files renamed into place at the end (all or nothing), or
//! straight to standard output. The input is a pipe the test keeps open, so
//! that what the command has written before the input ends can be seen.

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin};
use std::sync::mpsc;
use std::time::{Duration, Instant};

mod common;

use common::{TempDir, eventually, listing, piped, stderr};

/// A legal game, and how a transcript writes it.
const GAME: &str = "1. f5 d6 *\n";
const LINE: &str = "f5d6\n";
/// Enough games for every output to pass its 64 KiB buffer.
const GAMES: usize = 20_000;

/// `reversi convert - --from pgn ARGS`, its standard input, output and error
/// piped.
fn spawn(args: &[&str]) -> (Child, ChildStdin) {
    spawn_from("pgn", args)
}

/// `reversi convert - --from FROM ARGS`, piped.
fn spawn_from(from: &str, args: &[&str]) -> (Child, ChildStdin) {
    let mut all = vec!["convert", "-", "--from", from];
    all.extend_from_slice(args);
    let mut child = piped(&all);
    let stdin = child.stdin.take().unwrap();
    (child, stdin)
}

/// The bytes of the temporary file `out` is being written through
/// (`.<name>.tmp-<pid>`), if there is one.
fn temporary(dir: &TempDir, out: &str) -> Option<Vec<u8>> {
    let name = listing(dir).into_iter().find(|name| name.starts_with(&format!(".{out}.tmp-")))?;
    std::fs::read(dir.0.join(name)).ok()
}

#[test]
fn games_stream_into_temporary_files_renamed_at_the_end() {
    let dir = TempDir::new("streamed");
    for (out, files) in [("t.txt", &["t.txt"][..]), ("g.ggf", &["g.ggf"]), ("w.wtb", &["w.JOU", "w.TRN", "w.wtb"])] {
        let (child, mut stdin) = spawn(&["-o", &dir.path(out)]);
        stdin.write_all(GAME.repeat(GAMES).as_bytes()).unwrap();
        // Written while the input is still open, into the temporary file
        // alone: the output does not exist yet.
        eventually(&format!("{out}: games in the temporary file"), || {
            temporary(&dir, out).is_some_and(|b| !b.is_empty())
        });
        assert!(!Path::new(&dir.path(out)).exists(), "{out}");
        if out == "w.wtb" {
            // The header comes first, its game count to be put in at the end.
            let header = temporary(&dir, out).unwrap();
            assert_eq!(header[4..8], [0; 4]);
        }
        stdin.write_all(GAME.repeat(5).as_bytes()).unwrap();
        drop(stdin);
        let run = child.wait_with_output().unwrap();
        assert!(run.status.success(), "{out}: {}", stderr(&run));
        let mut written: Vec<String> = listing(&dir);
        written.retain(|name| files.iter().any(|f| name.starts_with(&f[..2])));
        assert_eq!(written, files, "{out}: no temporary file left");
        let bytes = std::fs::read(dir.path(out)).unwrap();
        match out {
            "t.txt" => assert_eq!(bytes, LINE.repeat(GAMES + 5).as_bytes()),
            "g.ggf" => assert_eq!(bytes.iter().filter(|&&b| b == b'\n').count(), GAMES + 5),
            _ => {
                let count = u32::from_le_bytes(bytes[4..8].try_into().unwrap());
                assert_eq!((count as usize, bytes.len()), (GAMES + 5, 16 + 68 * (GAMES + 5)));
            }
        }
    }
}

#[test]
fn a_game_that_fails_after_many_written_leaves_no_output() {
    let dir = TempDir::new("midway");
    std::fs::write(dir.path("old.ggf"), "old games").unwrap();
    let attacks = "[Variant \"Attacks\"]\n[Board \"7x7\"]\n\n1. b2 a7c7 2. g6 *\n";
    let illegal = "1. a1 *\n";
    let before = listing(&dir);
    for (out, bad, status, message) in [
        ("new.wtb", attacks, 2, "reversi: WTHOR cannot hold game 20001: "),
        ("old.ggf", attacks, 2, "reversi: GGF cannot hold game 20001: GGF holds Reversi only, not attacks\n"),
        ("new.txt", illegal, 1, "reversi: <stdin>:20001:4: game 20001, ply 1: a1 is not legal for Black"),
    ] {
        let (child, mut stdin) = spawn(&["-o", &dir.path(out)]);
        stdin.write_all(GAME.repeat(GAMES).as_bytes()).unwrap();
        eventually(&format!("{out}: games in the temporary file"), || {
            temporary(&dir, out).is_some_and(|b| !b.is_empty())
        });
        stdin.write_all(bad.as_bytes()).unwrap();
        drop(stdin);
        let run = child.wait_with_output().unwrap();
        assert_eq!(run.status.code(), Some(status), "{out}: {}", stderr(&run));
        assert!(stderr(&run).starts_with(message), "{out}: {}", stderr(&run));
        // No output created, none changed, no temporary file left.
        assert_eq!(listing(&dir), before, "{out}");
        assert_eq!(std::fs::read(dir.path("old.ggf")).unwrap(), b"old games");
    }
}

/// A thread sending what `child` writes on its standard output, as it comes.
fn chunks_of(child: &mut Child) -> (mpsc::Receiver<Vec<u8>>, std::thread::JoinHandle<()>) {
    let mut stdout = child.stdout.take().unwrap();
    let (sender, chunks) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut buffer = [0; 4096];
        while let Ok(n @ 1..) = stdout.read(&mut buffer) {
            if sender.send(buffer[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    (chunks, reader)
}

/// What comes in `chunks` until there are 8 KiB of it (a minute at most).
fn first_8_kib(chunks: &mpsc::Receiver<Vec<u8>>) -> Vec<u8> {
    let mut seen = Vec::new();
    let started = Instant::now();
    while seen.len() < 8192 {
        let left = Duration::from_secs(60).saturating_sub(started.elapsed());
        seen.extend(chunks.recv_timeout(left).expect("converted games on stdout before the input ends"));
    }
    seen
}

#[test]
fn standard_output_gets_each_game_as_it_converts() {
    let (mut child, mut stdin) = spawn(&["-o", "-", "--to", "transcript"]);
    let (chunks, reader) = chunks_of(&mut child);
    stdin.write_all(GAME.repeat(GAMES).as_bytes()).unwrap();
    // Lines arrive while the input is still open.
    let mut seen = first_8_kib(&chunks);
    assert!(LINE.repeat(GAMES).as_bytes().starts_with(&seen));
    // An illegal game stops it there: what came before stays written.
    stdin.write_all(b"1. a1 *\n").unwrap();
    drop(stdin);
    let run = child.wait_with_output().unwrap();
    reader.join().unwrap();
    seen.extend(chunks.try_iter().flatten());
    assert_eq!(run.status.code(), Some(1), "{}", stderr(&run));
    assert_eq!(seen, LINE.repeat(GAMES).as_bytes());
}

#[test]
fn a_wthor_input_streams_game_by_game() {
    use reversi_notation::{Ply, Record, wthor};
    let mut record = Record::new();
    record.moves = ["f5", "d6"].map(|m| Ply::new(m.parse().unwrap())).into();
    let wtb = wthor::write_records(&vec![record; GAMES]).unwrap().games;
    let (mut child, mut stdin) = spawn_from("wthor", &["-o", "-", "--to", "transcript"]);
    let (chunks, reader) = chunks_of(&mut child);
    // All but the last game: lines arrive while the input is still open (the
    // file was read whole before).
    let (first, last) = wtb.split_at(wtb.len() - wthor::GAME_LEN);
    stdin.write_all(first).unwrap();
    let mut seen = first_8_kib(&chunks);
    assert!(LINE.repeat(GAMES).as_bytes().starts_with(&seen));
    stdin.write_all(last).unwrap();
    drop(stdin);
    let run = child.wait_with_output().unwrap();
    reader.join().unwrap();
    seen.extend(chunks.try_iter().flatten());
    assert!(run.status.success(), "{}", stderr(&run));
    assert_eq!(seen, LINE.repeat(GAMES).as_bytes());
}
