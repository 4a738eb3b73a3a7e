//! Game-by-game reading ([`Reader`], lent or owned, the one reader `read` collects):
//! memory bounded by a game, long games refused with their line, a bad game
//! passed over.

use std::io::{BufRead, Read};

use reversi_notation::{Format, ReadError, ReadOptions, Reader, Record, SyntaxError};

/// A `BufRead` that makes its text on the fly: `head`, then `count` copies of
/// `unit`, then `tail`, never holding more than one copy.
struct Generated {
    parts: Vec<(Vec<u8>, usize)>,
    part: usize,
    done_in_part: usize,
    at: usize,
}

impl Generated {
    fn new(head: &str, unit: &str, count: usize, tail: &str) -> Generated {
        let parts =
            vec![(head.as_bytes().to_vec(), 1), (unit.as_bytes().to_vec(), count), (tail.as_bytes().to_vec(), 1)];
        Generated { parts, part: 0, done_in_part: 0, at: 0 }
    }
}

impl Read for Generated {
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

impl BufRead for Generated {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        while let Some((bytes, count)) = self.parts.get(self.part) {
            if self.done_in_part < *count && self.at < bytes.len() {
                break;
            }
            if self.done_in_part + 1 < *count {
                (self.done_in_part, self.at) = (self.done_in_part + 1, 0);
            } else {
                (self.part, self.done_in_part, self.at) = (self.part + 1, 0, 0);
            }
        }
        Ok(self.parts.get(self.part).map_or(&[][..], |(bytes, _)| &bytes[self.at..]))
    }

    fn consume(&mut self, amount: usize) {
        self.at += amount;
    }
}

/// Every game of `text` read both ways, owned (`Iterator`) and lent
/// (`next_record`): the games up to the first error, and the error.
fn both_ways(format: Format, text: &str, options: ReadOptions) -> (Vec<Record>, Option<ReadError>) {
    let mut streamed = Vec::new();
    let mut error = None;
    for game in Reader::new(format, text.as_bytes(), options) {
        match game {
            Ok(record) => streamed.push(record),
            Err(e) => {
                error = Some(e.kind);
                break;
            }
        }
    }
    // Lent, the same games, then the same error.
    let (mut lent, mut lent_error) = (Vec::new(), None);
    let mut reader = Reader::new(format, text.as_bytes(), options);
    while let Some(game) = reader.next_record() {
        match game {
            Ok(record) => lent.push(record.clone()),
            Err(e) => {
                lent_error = Some(e.kind);
                break;
            }
        }
    }
    // (`read` is this same iterator collected: comparing it would compare
    // the iterator with itself.)
    assert_eq!((&streamed, &error), (&lent, &lent_error), "{format}: {text:.200}");
    (streamed, error)
}

fn syntax(error: Option<ReadError>) -> SyntaxError {
    match error {
        Some(ReadError::Syntax(e)) => e,
        other => panic!("not a syntax error: {other:?}"),
    }
}

/// The syntax error of a game after which no next game starts within
/// `bytes`: the last error.
fn last_syntax(error: Option<ReadError>, bytes: usize) -> SyntaxError {
    match error {
        Some(ReadError::NoNextGame { error, bytes: b }) if b == bytes => syntax(Some(*error)),
        other => panic!("not a syntax error with no next game within {bytes} bytes: {other:?}"),
    }
}

#[test]
fn a_pgn_of_200000_games_streams_without_holding_them() {
    let input = Generated::new("[Event \"big\"]\n", "*\n", 200_000, "1. f5 d6 *\n");
    let mut count = 0;
    let mut last = None;
    for game in Reader::new(Format::Pgn, input, ReadOptions::new()) {
        last = Some(game.unwrap());
        count += 1;
    }
    assert_eq!(count, 200_001);
    assert_eq!(last.unwrap().moves.len(), 2);
}

#[test]
fn a_transcript_line_over_the_limit_is_a_syntax_error_on_line_1() {
    // 20 MiB of moves on one line, over the default 16 MiB: read until the
    // bound, not to the end of the line.
    let input = Generated::new("", "f5d6c3d3", 20 << 17, "\nf5\n");
    let mut streamed = Reader::new(Format::Transcript, input, ReadOptions::new());
    let e = syntax(streamed.next().and_then(Result::err).map(|e| e.kind));
    assert_eq!((e.line, e.column), (1, 1));
    assert!(e.expected.starts_with("a game of at most 16777216 bytes"), "{}", e.expected);
    assert_eq!(e.found, "f5d6c3d3".repeat(3));
    // The reader goes on at the next line, passing the rest of the long one
    // without holding it.
    let next = streamed.next().unwrap().unwrap();
    assert_eq!((next.moves.len(), next.origin.unwrap().game), (1, 1));
    assert!(streamed.next().is_none());

    // A smaller bound, both ways, on a later line.
    let text = format!("f5d6\n\n{}\nf5\n", "f5".repeat(600));
    let (records, e) = both_ways(Format::Transcript, &text, ReadOptions::new().max_game_bytes(1000));
    assert_eq!(records.len(), 1);
    let e = syntax(e);
    assert_eq!((e.line, e.column), (3, 1));
    // A game of exactly the bound reads.
    let text = format!("{}\n", "f5".repeat(400));
    assert_eq!(both_ways(Format::Transcript, &text, ReadOptions::new().max_game_bytes(801)).0.len(), 1);
}

#[test]
fn long_pgn_and_ggf_games_are_refused_at_their_first_token() {
    let pgn = format!("1. f5 *\n\n[Black \"A\"]\n\n1. {}*\n", "f5 {comment} ".repeat(200));
    // The game runs past twice the bound to the end: the error is the last.
    let e = last_syntax(both_ways(Format::Pgn, &pgn, ReadOptions::new().max_game_bytes(500)).1, 1000);
    assert_eq!((e.line, e.column, e.found.as_str()), (3, 1, "[Black"));
    let ggf = format!("(;GM[Othello];)\n  (;GM[Othello]PC[{}];)\n", "x".repeat(1000));
    let e = last_syntax(both_ways(Format::Ggf, &ggf, ReadOptions::new().max_game_bytes(500)).1, 1000);
    assert_eq!((e.line, e.column, e.found.as_str()), (2, 3, "(;GM[Othello]PC[xxxxxxxx"));
}

#[test]
fn streamed_errors_are_located_as_read_locates_them() {
    let start = "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]";
    let ggf_game = format!("(;GM[Othello]PB[é]{start}B[d3]W[c5];)");
    // Long lines (over the 64 KiB a read takes at once) so that reads end
    // within lines, tokens and characters.
    let many = |unit: &str, n: usize| unit.repeat(n);
    let cases: Vec<(Format, String)> = vec![
        (Format::Pgn, "[Black \"Ann\"]\n\n1. f5 d6 2. z0 *\n".into()),
        (Format::Pgn, format!("{}1. f5 {{é}} d6 z0", many("1. f5 {é} d6 * ", 9000))),
        (Format::Pgn, format!("{}[Black \"never closed", many("[Event \"é\"] 1. f5 *\n", 3000))),
        (Format::Pgn, format!("{}1. f5 {{never closed", many("1. f5 d6 *", 9000))),
        (Format::Pgn, many("[Event \"x\"]\n[Black \"ü\"]\n\n1. f5 d6 2. c3 *\n\n", 4000)),
        (Format::Ggf, format!("{}{}\n", many(&format!("1 {ggf_game} "), 700), ggf_game.replace("d3", "z9"))),
        (Format::Ggf, format!("{}2 {ggf_game}\n", many(&format!("2 {ggf_game}{ggf_game}\n"), 700))),
        (Format::Ggf, format!("{}(;GM[Othello]PB[x", many(&ggf_game, 700))),
        (Format::Ggf, many(&format!("{ggf_game}\n"), 2000)),
        (Format::Transcript, format!("{}f5d6k0\n", many("f5d6c3\n# é\n\n", 20000))),
        (Format::Transcript, format!("{} f5 d6 é\n", many("f5 d6 c3 ", 20000))),
        (
            Format::Position,
            format!(
                "{}--------/--------/--------/---OX---/---XO---/--------/-------- X\n",
                many("# a comment\n--------/--------/--------/---OX---/---XO---/--------/--------/-------- X\n", 900)
            ),
        ),
        (
            Format::Obf,
            format!(
                "{}\n--------Q------------------OX------XO--------------------------- X;\n",
                many("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18;\n", 1000)
            ),
        ),
    ];
    for (format, text) in &cases {
        both_ways(*format, text, ReadOptions::new());
    }
    // Text that is not UTF-8 is reported at its byte, after the games before.
    let mut bytes = "f5d6\n".repeat(30000).into_bytes();
    bytes.extend(b"f5\xff\n");
    let streamed: Vec<_> = Reader::new(Format::Transcript, &bytes[..], ReadOptions::new()).collect();
    assert_eq!(streamed.len(), 30001);
    let utf8 = ReadError::Utf8 { offset: 150002, line: 30001, column: 3 };
    assert_eq!(streamed[30000].as_ref().map_err(|e| &e.kind), Err(&utf8));
}

#[test]
fn io_errors_are_read_errors() {
    struct Failing;
    impl Read for Failing {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk on fire"))
        }
    }
    let mut streamed = Reader::new(Format::Pgn, std::io::BufReader::new(Failing), ReadOptions::new());
    match streamed.next().map(|game| game.map_err(|e| e.kind)) {
        Some(Err(ReadError::Io { kind, message })) => {
            assert_eq!((kind, message.as_str()), (std::io::ErrorKind::Other, "disk on fire"));
        }
        other => panic!("{other:?}"),
    }
    assert!(streamed.next().is_none());
    let mut wthor = Reader::new(Format::Wthor, std::io::BufReader::new(Failing), ReadOptions::new());
    assert!(matches!(wthor.next().map(|g| g.map_err(|e| e.kind)), Some(Err(ReadError::Io { .. }))));
    assert!(wthor.next().is_none());
}

/// A name file beside a `.wtb` that never ends (a link to `/dev/zero`) is a
/// device: refused unopened. Any reader of names reads in the bound of its
/// header, and refuses one that goes on after its names.
#[cfg(target_os = "linux")]
#[test]
fn a_name_file_is_read_no_further_than_its_header_counts() {
    let dir = std::env::temp_dir().join(format!("reversi-names-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let wtb = dir.join("games.wtb");
    let games = reversi_notation::write(reversi_notation::Format::Wthor, &[]).unwrap();
    std::fs::write(&wtb, games).unwrap();
    std::os::unix::fs::symlink("/dev/zero", dir.join("games.JOU")).unwrap();
    let e = reversi_notation::open(&wtb).unwrap_err();
    assert!(e.to_string().contains("games.JOU: not a regular file"), "{e}");
    // Through any reader: a header, its names and one byte, no more.
    let endless = std::io::repeat(0);
    let e = reversi_notation::wthor::read_names_from(endless, reversi_notation::wthor::Names::Players).unwrap_err();
    assert_eq!(e, reversi_notation::wthor::WthorError::TrailingNames { claimed: 0, offset: 16 });
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A `.wtb` whose name is not UTF-8 finds its own name files, not the
/// shared `WTHOR.JOU`.
#[cfg(target_os = "linux")]
#[test]
fn name_files_of_a_stem_that_is_not_utf8_are_its_own() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let dir = std::env::temp_dir().join(format!("reversi-stem-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let own = |extension: &str| dir.join(OsStr::from_bytes(&[b"caf\xe9.", extension.as_bytes()].concat()));
    for file in [own("wtb"), own("JOU"), dir.join("WTHOR.JOU"), dir.join("WTHOR.TRN")] {
        std::fs::write(file, b"").unwrap();
    }
    let (players, tournaments) = reversi_notation::wthor_name_files(&own("wtb"));
    assert_eq!(players, Some(own("JOU")));
    assert_eq!(tournaments, Some(dir.join("WTHOR.TRN")));
    std::fs::remove_dir_all(&dir).unwrap();
}
