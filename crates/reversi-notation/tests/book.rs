//! Edax books: the fixture Edax wrote reads, writes back byte for byte, and
//! converts to and from its text form.

use reversi_notation::book::{Book, BookReader};

fn data(file: &str) -> Vec<u8> {
    let path = format!("{}/../../data/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn a_book_edax_wrote_reads_and_writes_back_the_same_bytes() {
    let bytes = data("book/edax-tiny.dat");
    let book = Book::read(bytes.as_slice()).unwrap();
    assert_eq!(book.positions().len(), 8);
    assert_eq!((book.header.version, book.header.release, book.header.level), (4, 6, 2));
    assert_eq!(book.to_bytes(), bytes);
    let text = String::from_utf8(data("book/edax-tiny.book")).unwrap();
    assert_eq!(book.to_text(), text);
    assert_eq!(Book::from_text(&text).unwrap().to_bytes(), bytes);
    // Streamed: the same positions, the declared count as written.
    let reader = BookReader::new(bytes.as_slice()).unwrap();
    assert_eq!(reader.declared(), 8);
    let streamed: Vec<_> = reader.collect::<Result<_, _>>().unwrap();
    assert_eq!(streamed, book.positions());
    // The start is in it, with Edax's four first moves linked.
    let start = book.find(&reversi_core::Position::start()).unwrap();
    let mut moves: Vec<String> = start.links().map(|(mv, _)| mv.to_string()).collect();
    moves.sort();
    assert_eq!(moves, ["c4", "d3", "e6", "f5"]);
}
