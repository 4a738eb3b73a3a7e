//! Input that holds no game, or holds them badly, ends in bounded time and
//! memory with the errors it deserves: binary data (a NUL byte) and stretches
//! with no game boundary stop the reader with one located error, text that
//! is not UTF-8 costs only its game, and many bad games are located in
//! linear time.

use std::io::{BufRead, Read};
use std::sync::mpsc;
use std::time::Duration;

use reversi_notation::{Format, Location, ReadError, ReadOptions, Reader, Record, RecordError};

const TEXT_FORMATS: [Format; 5] = [Format::Transcript, Format::Pgn, Format::Ggf, Format::Position, Format::Obf];

/// An endless input: `unit` again and again. Reading more than `limit`
/// bytes of it panics (a reader that would read for ever fails its test
/// instead of hanging it).
struct Endless {
    unit: Vec<u8>,
    at: usize,
    read: u64,
    limit: u64,
}

impl Endless {
    fn new(unit: &[u8], limit: u64) -> Endless {
        Endless { unit: unit.repeat(4096 / unit.len() + 1), at: 0, read: 0, limit }
    }
}

impl Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = {
            let available = self.fill_buf()?;
            let n = available.len().min(buf.len());
            buf[..n].copy_from_slice(&available[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Endless {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        assert!(self.read <= self.limit, "read {} bytes of an endless input: the reader does not stop", self.read);
        if self.at == self.unit.len() {
            self.at = 0;
        }
        Ok(&self.unit[self.at..])
    }

    fn consume(&mut self, amount: usize) {
        self.at += amount;
        self.read += amount as u64;
    }
}

fn all<R: BufRead>(reader: Reader<R>) -> Vec<Result<Record, RecordError>> {
    reader.collect()
}

#[test]
fn endless_nul_bytes_are_one_binary_error_in_every_text_format() {
    for format in TEXT_FORMATS {
        let items = all(Reader::new(format, Endless::new(b"\0", 1 << 20), ReadOptions::new()).named("zero"));
        assert_eq!(items.len(), 1, "{format}");
        let e = items[0].as_ref().unwrap_err();
        assert!(e.is_fatal(), "{format}");
        assert_eq!(e.kind, ReadError::Binary { offset: 0, line: 1, column: 1 }, "{format}");
        assert_eq!(e.location(), Some(Location::Text { line: 1, column: 1 }));
        assert_eq!(
            e.to_string(),
            "zero:1:1: game 1: a NUL byte (byte 0): binary data, not text; the input is read no further"
        );
    }
}

#[test]
fn a_nul_in_the_first_64_kib_makes_the_whole_input_binary_a_later_one_ends_it() {
    // As grep calls a file binary: nothing of it read.
    let mut bytes = "f5d6\n".repeat(1000).into_bytes();
    bytes.extend(b"f5\0d6\n");
    let items = all(Reader::new(Format::Transcript, &bytes[..], ReadOptions::new()));
    assert_eq!(items.len(), 1);
    assert_eq!(items[0].as_ref().unwrap_err().kind, ReadError::Binary { offset: 5002, line: 1001, column: 3 });
    // Past the first 64 KiB: the games before it are read, then it ends the input.
    let mut bytes = "f5d6\n".repeat(20000).into_bytes();
    bytes.extend(b"f5\0d6\nf5d6\n");
    for chunked in [false, true] {
        let reader: Box<dyn BufRead> = match chunked {
            false => Box::new(&bytes[..]),
            true => Box::new(std::io::BufReader::with_capacity(7, &bytes[..])),
        };
        let items = all(Reader::new(Format::Transcript, reader, ReadOptions::new()));
        assert_eq!(items.len(), 20001);
        assert!(items[..20000].iter().all(Result::is_ok));
        let e = items[20000].as_ref().unwrap_err();
        assert_eq!((e.game, &e.kind), (Some(20000), &ReadError::Binary { offset: 100_002, line: 20001, column: 3 }));
    }
}

#[test]
fn megabytes_with_no_game_boundary_are_one_error_in_every_text_format() {
    let options = ReadOptions::new().max_game_bytes(1 << 20);
    // No line break (every format's boundary), or lines but no game start
    // (PGN: a tag section; GGF: `(;`).
    for (unit, formats) in [(&b"x"[..], &TEXT_FORMATS[..]), (&b"y\n"[..], &[Format::Pgn, Format::Ggf][..])] {
        for &format in formats {
            let items = all(Reader::new(format, Endless::new(unit, 16 << 20), options).named("yes"));
            assert_eq!(items.len(), 1, "{format} {unit:?}");
            let e = items[0].as_ref().unwrap_err();
            assert!(e.is_fatal(), "{format}");
            let ReadError::NoNextGame { error, bytes } = &e.kind else { panic!("{format}: {e}") };
            assert_eq!(*bytes, 2 << 20, "{format}");
            assert!(matches!(**error, ReadError::Syntax(_)), "{format}: {e}");
            assert!(e.to_string().ends_with("the input is read no further"), "{e}");
            assert_eq!(e.location(), Some(Location::Text { line: 1, column: 1 }), "{format}");
        }
    }
    // A game after a long stretch of junk within the bound is still found,
    // read whole or streamed.
    let text = format!("{}\n(;GM[Othello]B[f5];)\n", "z".repeat(3000));
    for chunk in [3000, 64] {
        let reader = std::io::BufReader::with_capacity(chunk, text.as_bytes());
        let items = all(Reader::new(Format::Ggf, reader, ReadOptions::new().max_game_bytes(2000)));
        assert!(items[0].as_ref().is_err_and(|e| !e.is_fatal()), "{items:?}");
        assert_eq!(items[1].as_ref().map(|g| g.moves.len()), Ok(1));
    }
    // Past twice the bound: the same error read whole or streamed.
    let text = format!("{}\n(;GM[Othello]B[f5];)\n", "z".repeat(5000));
    for chunk in [8000, 64] {
        let reader = std::io::BufReader::with_capacity(chunk, text.as_bytes());
        let items = all(Reader::new(Format::Ggf, reader, ReadOptions::new().max_game_bytes(2000)));
        assert_eq!(items.len(), 1);
        assert!(matches!(items[0].as_ref().unwrap_err().kind, ReadError::NoNextGame { bytes: 4000, .. }));
    }
}

/// The text of game `i` of a file.
type Game = fn(usize) -> Vec<u8>;

#[test]
fn a_game_not_in_utf8_costs_only_that_game() {
    let cases: [(Format, Game); 4] = [
        (Format::Transcript, |i| match i {
            4 => b"f5d6 # \xe9t\xe9\n".to_vec(),
            _ => b"f5d6\n".to_vec(),
        }),
        (Format::Pgn, |i| match i {
            4 => b"[Black \"Jos\xe9\"]\n\n1. f5 d6 *\n\n".to_vec(),
            _ => format!("[Black \"{i}\"]\n\n1. f5 d6 *\n\n").into_bytes(),
        }),
        (Format::Ggf, |i| match i {
            4 => b"(;GM[Othello]PB[Jos\xe9]B[f5]W[d6];)\n".to_vec(),
            _ => format!("(;GM[Othello]PB[{i}]B[f5]W[d6];)\n").into_bytes(),
        }),
        (Format::Position, |i| match i {
            4 => b"# caf\xe9\n--------/--------/--------/---OX---/---XO---/--------/--------/-------- X\n".to_vec(),
            _ => b"--------/--------/--------/---OX---/---XO---/--------/--------/-------- X\n".to_vec(),
        }),
    ];
    for (format, game) in cases {
        let bytes: Vec<u8> = (0..10).flat_map(game).collect();
        for chunk in [1, 5, 64, 1 << 16] {
            let reader = std::io::BufReader::with_capacity(chunk, &bytes[..]);
            let items = all(Reader::new(format, reader, ReadOptions::new()).named("f"));
            assert_eq!(items.len(), 10, "{format}: {items:?}");
            let errors: Vec<_> = items.iter().enumerate().filter(|(_, g)| g.is_err()).map(|(i, _)| i).collect();
            assert_eq!(errors, [4], "{format}, chunk {chunk}: {items:?}");
            let e = items[4].as_ref().unwrap_err();
            assert!(!e.is_fatal());
            assert!(matches!(e.kind, ReadError::Utf8 { .. }), "{format}: {e}");
            assert!(e.to_string().contains("game 5: the text is not UTF-8"), "{e}");
            let games: Vec<_> =
                items.iter().filter_map(|g| g.as_ref().ok()).map(|g| g.origin.clone().unwrap().game).collect();
            assert_eq!(games, [0, 1, 2, 3, 5, 6, 7, 8, 9], "{format}");
        }
    }
    // Located at the byte, its line and column.
    let items = all(Reader::new(Format::Transcript, &b"f5d6\nf5 d6 \xff\xfe\xfd c3\nf5\n"[..], ReadOptions::new()));
    assert_eq!(items[1].as_ref().unwrap_err().kind, ReadError::Utf8 { offset: 11, line: 2, column: 7 });
    assert!(items[2].is_ok());
}

/// `read` run on another thread, given `seconds` to end.
fn within<T: Send + 'static>(seconds: u64, read: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || tx.send(read()));
    rx.recv_timeout(Duration::from_secs(seconds)).expect("the reader did not end in time")
}

#[test]
fn many_bad_games_after_a_large_one_are_located_in_linear_time() {
    // One game of 1 MiB, then 100,000 bad ones: each error was located by
    // counting lines from the start of the text held (the large game's
    // too), some 10^11 steps.
    let mut text = format!("[Black \"big\"]\n\n1. f5 {{{}}} d6 *\n\n", "x ".repeat(1 << 19));
    for _ in 0..100_000 {
        text.push_str("[Black \"bad\"]\n\n1. f5 d6?? *\n\n");
    }
    let (games, errors) = within(20, move || {
        let items = all(Reader::new(Format::Pgn, text.as_bytes(), ReadOptions::new()));
        let errors: Vec<_> = items.iter().filter_map(|g| g.as_ref().err()).collect();
        (items.len() - errors.len(), errors.last().map(ToString::to_string))
    });
    assert_eq!(games, 1);
    assert_eq!(
        errors.unwrap(),
        "line 400003, column 7: game 100001: expected a move, a move number or a result, found \"d6??\""
    );
    // GGF games on one line: the line's start is not looked for either.
    let mut text = format!("(;GM[Othello]PC[{}]B[f5];)", "x".repeat(1 << 20));
    for _ in 0..100_000 {
        text.push_str("(;GM[Othello]B[z9];)");
    }
    let last = within(20, move || {
        let items = all(Reader::new(Format::Ggf, text.as_bytes(), ReadOptions::new()));
        items.last().unwrap().as_ref().unwrap_err().to_string()
    });
    assert!(last.starts_with(&format!("line 1, column {}: game 100001:", (1 << 20) + 24 + 99_999 * 20 + 16)), "{last}");
}

#[cfg(unix)]
#[test]
fn a_wthor_name_file_that_is_a_fifo_is_refused_not_opened() {
    let dir = std::env::temp_dir().join(format!("reversi-notation-fifo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let games = reversi_notation::read(Format::Transcript, b"f5d6\n", ReadOptions::new()).unwrap();
    std::fs::write(dir.join("x.wtb"), reversi_notation::write(Format::Wthor, &games).unwrap()).unwrap();
    let fifo = dir.join("x.JOU");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    // Opened blocking, a FIFO without a writer waits for ever.
    let wtb = dir.join("x.wtb");
    let result = within(20, move || reversi_notation::open(wtb).map(|_| ()));
    let e = result.unwrap_err();
    assert_eq!(e.file.as_deref(), Some(fifo.display().to_string().as_str()));
    assert!(e.to_string().contains("not a regular file"), "{e}");
    // A directory of that name: the same.
    std::fs::remove_file(&fifo).unwrap();
    std::fs::create_dir(&fifo).unwrap();
    let e = reversi_notation::open(dir.join("x.wtb")).unwrap_err();
    assert!(e.to_string().contains("not a regular file"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

mod streamed {
    use proptest::prelude::*;

    use super::*;

    /// Pieces of text, bytes that are not UTF-8 (a character cut short
    /// among them) and whole games of each format.
    const PIECES: &[&[u8]] = &[
        b"\xe9",
        b"\xff\xfe",
        b"\xe2\x82",
        b"\xf0\x9f\x98",
        "é".as_bytes(),
        b"\n",
        b"\r\n",
        b" ",
        b"# c\n",
        b"f5d6\n",
        b"f5d6\n",
        b"zz\n",
        b"(;GM[Othello]B[f5];)",
        b"(;GM[Othello]B[f5];)",
        b"(;",
        b"[Black \"x\"]\n\n1. f5 *\n\n",
        b"[Black \"x\"]\n\n1. f5 *\n\n",
        b"1. d6?? *\n\n",
        b"--------/--------/--------/---OX---/---XO---/--------/--------/-------- X\n",
    ];

    proptest! {
        /// Cut anywhere by the reads, any bytes give the games and errors
        /// (bytes that are not UTF-8 located alike) that the whole input gives.
        #[test]
        fn bytes_that_are_not_utf8_read_alike_however_the_reads_cut_them(
            pieces in prop::collection::vec(prop::sample::select(PIECES), 0..60),
            chunk in 1usize..24,
            format in prop::sample::select(&TEXT_FORMATS[..]),
        ) {
            let bytes = pieces.concat();
            let whole = all(Reader::new(format, &bytes[..], ReadOptions::new()));
            let cut = all(Reader::new(format, std::io::BufReader::with_capacity(chunk, &bytes[..]), ReadOptions::new()));
            prop_assert_eq!(&cut, &whole);
            // Every byte that is not UTF-8 is in a game reported so.
            let bad = String::from_utf8(bytes.clone()).is_err();
            let utf8 = whole.iter().any(|g| matches!(g, Err(RecordError { kind: ReadError::Utf8 { .. }, .. })));
            prop_assert!(!bad || utf8 || whole.iter().any(|g| g.as_ref().is_err_and(RecordError::is_fatal)), "{:?}", whole);
            prop_assert!(whole.len() <= bytes.len() + 1);
        }
    }
}
