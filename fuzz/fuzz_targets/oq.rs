//! The Othello Quest reader: any bytes read game by game (a bad game an
//! error, the input ended in bounded steps), and the games it reads write
//! back as a list that reads as the same games.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi_notation::{Format, ReadOptions, Reader, read, write};

fuzz_target!(|data: &[u8]| {
    let items: Vec<_> =
        Reader::new(Format::OthelloQuest, std::io::BufReader::with_capacity(5, data), ReadOptions::new()).collect();
    assert!(items.len() <= data.len() + 1);
    let games: Vec<_> = items.into_iter().filter_map(Result::ok).collect();
    let Ok(bytes) = write(Format::OthelloQuest, &games) else { return };
    let back = read(Format::OthelloQuest, &bytes, ReadOptions::new()).expect("written lists read back");
    assert_eq!(back.len(), games.len(), "{}", String::from_utf8_lossy(&bytes));
    for (a, b) in back.iter().zip(&games) {
        let moves = |r: &reversi_notation::Record| {
            r.moves.iter().map(|p| p.mv).filter(|m| *m != reversi_variants::Move::Pass).collect::<Vec<_>>()
        };
        assert_eq!(moves(a), moves(b));
        // An empty name reads as none.
        let named = |n: &Option<String>| n.clone().filter(|n| !n.is_empty());
        assert_eq!((named(&a.black), named(&a.white), &a.date), (named(&b.black), named(&b.white), &b.date));
    }
});
