//! Text as it comes: a byte-order mark, classic Mac line ends, bytes that
//! are not UTF-8 (and are not WTHOR either).

use reversi_notation::{Format, ReadError, ReadOptions, Reader, read};

const BOM: &str = "\u{feff}";

#[test]
fn a_byte_order_mark_is_passed_over_by_every_text_reader_and_by_sniffing() {
    let cases = [
        (Format::Transcript, "f5d6\nf5f6\n"),
        (Format::Pgn, "[Black \"Ann\"]\n\n1. f5 d6 *\n"),
        (Format::Ggf, "(;GM[Othello]PB[Ann]B[f5];)\n"),
        (Format::Obf, "---------------------------OX------XO--------------------------- X;\n"),
        (Format::Position, "--------/--------/--------/---OX---/---XO---/--------/--------/-------- X\n"),
    ];
    for (format, text) in cases {
        let plain = read(format, text.as_bytes(), ReadOptions::new()).unwrap();
        let marked = format!("{BOM}{text}");
        let with_bom = read(format, marked.as_bytes(), ReadOptions::new()).unwrap_or_else(|e| panic!("{format}: {e}"));
        assert_eq!(with_bom.len(), plain.len(), "{format}");
        assert_eq!(with_bom[0].moves.len(), plain[0].moves.len(), "{format}");
        assert_eq!(Format::sniff(marked.as_bytes()), format, "{format}");
        let sniffed = Reader::sniffed(marked.as_bytes(), ReadOptions::new()).unwrap();
        assert_eq!(sniffed.format(), format);
    }
    // Its bytes still count: an error after it is at the file's offset.
    let e = read(Format::Transcript, format!("{BOM}f5z9\n").as_bytes(), ReadOptions::new()).unwrap_err();
    let ReadError::Syntax(e) = e else { panic!("{e}") };
    assert_eq!((e.line, e.column, e.offset), (1, 3, 5));
    // Only once, at the start.
    assert!(read(Format::Transcript, format!("f5\n{BOM}d3\n").as_bytes(), ReadOptions::new()).is_err());
}

#[test]
fn a_lone_carriage_return_ends_a_line() {
    let games = read(Format::Transcript, b"f5d6\rf5f6\r\rf5d6c3\r", ReadOptions::new()).unwrap();
    assert_eq!(games.iter().map(|g| g.moves.len()).collect::<Vec<_>>(), [2, 2, 3]);
    let e = read(Format::Transcript, b"f5d6\rf5z9\r", ReadOptions::new()).unwrap_err();
    let ReadError::Syntax(e) = e else { panic!("{e}") };
    assert_eq!((e.line, e.column), (2, 3));
    // Streamed a byte at a time: the same.
    let reader = Reader::new(
        Format::Transcript,
        std::io::BufReader::with_capacity(1, &b"f5d6\rf5f6\r\nf5\r"[..]),
        ReadOptions::new(),
    );
    let lines: Vec<_> = reader.map(|g| g.unwrap().origin.unwrap().at.to_string()).collect();
    assert_eq!(lines, ["1:1", "2:1", "3:1"]);
    // PGN comments end there too.
    let games = read(Format::Pgn, b"; a comment\r1. f5 d6 *\r", ReadOptions::new()).unwrap();
    assert_eq!(games[0].moves.len(), 2);
    let positions = read(Format::Obf, b"---------------------------OX------XO--------------------------- X;\r---------------------------OX------XO--------------------------- O;\r", ReadOptions::new()).unwrap();
    assert_eq!(positions.len(), 2);
}

#[test]
fn bytes_that_are_not_utf8_nor_wthor_are_said_to_be_not_utf8() {
    // Latin-1 text: not WTHOR.
    let latin1 = b"f5d6 # \xe9t\xe9 \xe0 Paris\nf5f6\n";
    assert_eq!(Format::sniff(latin1), Format::Transcript);
    let mut games = Reader::sniffed(&latin1[..], ReadOptions::new()).unwrap();
    let e = games.find_map(Result::err).unwrap();
    assert!(matches!(e.kind, ReadError::Utf8 { .. }), "{e}");
    // A real WTHOR file is still sniffed.
    let wtb = reversi_notation::write(Format::Wthor, &read(Format::Transcript, b"f5d6\n", ReadOptions::new()).unwrap())
        .unwrap();
    assert_eq!(Format::sniff(&wtb), Format::Wthor);
    let mut empty = wtb.clone();
    empty.truncate(16);
    empty[4..8].copy_from_slice(&0u32.to_le_bytes());
    assert_eq!(Format::sniff(&empty), Format::Wthor);
    // Its header with a count the length does not agree with: not WTHOR.
    let mut wrong = wtb.clone();
    wrong.push(0);
    assert_eq!(Format::sniff(&wrong), Format::Transcript);
}
