use super::binary::HEADER_LEN;
use super::*;

/// A book of the positions of a few random games (links to the moves
/// played, scores made up), deterministic.
pub(crate) fn generated(games: usize, seed: u64) -> Book {
    let mut book = Book::new();
    let mut state = seed | 1;
    let mut random = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..games {
        let mut position = Position::start();
        while !position.is_game_over() {
            let moves: Vec<Move> = position.moves().collect();
            let Some(&mv) = moves.get(random() as usize % moves.len().max(1)) else { break };
            let mut entry = BookPosition::of(&position);
            let (_, symmetry) = unique(position.player().0, position.opponent().0);
            let stored = |mv: Move| match mv {
                Move::Place(sq) => Move::Place(sq.transform(symmetry)),
                Move::Pass => Move::Pass,
            };
            entry.links.push(BookLink::new(stored(mv), ((random() % 129) as i16 - 64) as i8));
            entry.value = (random() % 129) as i16 - 64;
            entry.wins = (random() % 7) as u32;
            entry.level = 21;
            let _ = book.push(entry);
            position.play(mv).expect("a legal move");
        }
    }
    book
}

#[test]
fn binary_and_text_round_trips() {
    let book = generated(20, 7);
    assert!(book.positions().len() > 500);
    let bytes = book.to_bytes();
    assert_eq!(&bytes[..8], b"XADEKOOB");
    let back = Book::read(bytes.as_slice()).unwrap();
    assert_eq!(back, book);
    assert_eq!(back.to_bytes(), bytes);
    assert_eq!(Book::from_text(&book.to_text()).unwrap(), book);
    // Every position is found from each of its 8 symmetric forms, and its
    // link's move is legal there.
    let mut position = Position::start();
    for mv in ["f5", "d6", "c3"] {
        position.play(mv.parse().unwrap()).unwrap();
    }
    for s in Symmetry::ALL {
        let turned = position.transform(s);
        if let Some(found) = book.find(&turned) {
            for (mv, _) in found.links() {
                assert!(turned.is_legal(mv), "{mv} in {turned}");
            }
        }
    }
    let start = book.find(&Position::start()).expect("every game starts there");
    assert_eq!(start.links().count(), 1);
}

#[test]
fn fuzz_findings_are_clear_errors_or_round_trips() {
    // A text header of a version the binary reader refuses is refused too
    // (it wrote a book nothing read back).
    assert!(Book::from_text("% edax-book version=2 release=6\n").is_err());
    // A year before 0 reads back from the text form.
    let mut book = Book::new();
    book.header.date.year = -256;
    assert_eq!(Book::from_text(&book.to_text()).unwrap(), book);
    // i16::MIN as a score is refused, not negated with overflow.
    let mut bytes = generated(1, 3).to_bytes();
    let value = HEADER_LEN;
    bytes[value..value + 2].copy_from_slice(&i16::MIN.to_le_bytes());
    let _ = Book::read(bytes.as_slice());
}

#[test]
fn hostile_books_are_one_clear_error() {
    let book = generated(2, 3);
    let bytes = book.to_bytes();
    let error = |bytes: &[u8]| Book::read(bytes).unwrap_err().to_string();
    assert_eq!(
        error(b"not a book at all"),
        "not an Edax book: expected the words EDAX BOOK at byte 0, found [6e, 6f, 74, 20, 61, 20, 62, 6f]"
    );
    let mut v5 = bytes.clone();
    v5[8] = 5;
    assert_eq!(error(&v5), "an Edax book of version 5: expected version 4 (Edax 4.x)");
    assert_eq!(error(&bytes[..20]), "byte 20: the book ends inside the header");
    assert_eq!(error(&bytes[..bytes.len() - 1]), format!("byte {}: the book ends inside a position", bytes.len() - 44));
    // Overlapping discs, a link to an illegal square, the same link twice, a
    // position twice, a score out of range.
    let first = HEADER_LEN;
    let mut overlap = bytes.clone();
    overlap[first + 8..first + 16].copy_from_slice(&u64::MAX.to_le_bytes());
    assert!(error(&overlap).starts_with("byte 42: position 1: the two sides' discs overlap"), "{}", error(&overlap));
    let mut illegal = bytes.clone();
    illegal[first + 41] = 0; // a1
    assert_eq!(error(&illegal), "byte 42: position 1: a link's move a1 is not legal in the position");
    let mut past = bytes.clone();
    past[first + 41] = 200;
    assert_eq!(error(&past), "byte 42: position 1: a link's move #200 is not legal in the position");
    let mut twice = bytes[..first].to_vec();
    let len = 40 + 2 * usize::from(bytes[first + 38]) + 2;
    twice.extend_from_slice(&bytes[first..first + len]);
    twice.extend_from_slice(&bytes[first..first + len]);
    assert_eq!(error(&twice), format!("byte {}: position 2: the position of position 1 again", first + len));
    let mut score = bytes.clone();
    score[first + 32..first + 34].copy_from_slice(&1000i16.to_le_bytes());
    assert_eq!(error(&score), "byte 42: position 1: a score of 1000: expected -127 to 127");
    // A huge declared count costs nothing.
    let mut declared = bytes.clone();
    declared[38..42].copy_from_slice(&u32::MAX.to_le_bytes());
    assert_eq!(Book::read(declared.as_slice()).unwrap().positions().len(), book.positions().len());
    // The text form's errors are located.
    let text = book.to_text().replacen("level=21", "level=x", 1);
    let e = Book::from_text(&text).unwrap_err().to_string();
    assert!(e.starts_with("line 2, column "), "{e}");
}

proptest::proptest! {
    /// A book with bytes changed or cut: one error or a book that writes
    /// back as its bytes (after the header), never a panic.
    #[test]
    fn changed_books_read_or_fail_cleanly(
        edits in proptest::collection::vec((0usize..2000, proptest::prelude::any::<u8>()), 0..4),
        cut in 0usize..2000,
    ) {
        let mut bytes = generated(1, 5).to_bytes();
        bytes.truncate(cut.max(HEADER_LEN).min(bytes.len()));
        for (at, b) in edits {
            if let Some(x) = bytes.get_mut(at) {
                *x = b;
            }
        }
        if let Ok(book) = Book::read(bytes.as_slice()) {
            proptest::prop_assert_eq!(&book.to_bytes()[HEADER_LEN..], &bytes[HEADER_LEN..]);
            proptest::prop_assert_eq!(Book::from_text(&book.to_text()).ok(), Some(book));
        }
    }
}
