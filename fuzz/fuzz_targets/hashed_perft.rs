//! Hashed perft against plain perft, on random positions and tiny tables:
//! reversi-core's `PerftTable` (one to four slots, shared by two threads, reused
//! across depths) and reversi-variants' `PerftCache` (a few slots, any board,
//! every variant, shared by two threads). Every count must equal the plain one.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi_core::{PerftTable, TableEntry};
use reversi_variants::{Geometry, PerftCache, Variant};

/// Bytes taken one at a time, 0 once they run out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn next(&mut self) -> u8 {
        let (&b, rest) = self.0.split_first().unwrap_or((&0, &[]));
        self.0 = rest;
        b
    }
}

/// `count` run on two threads at once.
fn on_two_threads(count: impl Fn() -> u64 + Sync) -> [u64; 2] {
    std::thread::scope(|s| {
        let (a, b) = (s.spawn(&count), s.spawn(&count));
        [a.join().unwrap(), b.join().unwrap()]
    })
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes(data);

    // 8x8: a random game prefix, then counts at a few depths through one tiny table.
    let mut pos = reversi_core::Position::start();
    for _ in 0..bytes.next() % 50 {
        let moves: Vec<_> = pos.moves().collect();
        if pos.is_game_over() {
            break;
        }
        pos.play(moves[usize::from(bytes.next()) % moves.len()]).expect("a listed move");
    }
    let slots: Vec<TableEntry> = (0..1 + bytes.next() % 4).map(|_| TableEntry::default()).collect();
    let table = PerftTable::new(&slots);
    for _ in 0..3 {
        let depth = u32::from(bytes.next() % 6);
        let plain = reversi_core::perft(&pos, depth);
        assert_eq!(reversi_core::perft_hashed(&pos, depth, &table), plain, "{pos} depth {depth}");
        // Two threads on the same slots at once: torn entries must be ignored.
        let counts = on_two_threads(|| reversi_core::perft_hashed(&pos, depth, &table));
        assert_eq!(counts, [plain, plain], "{pos} depth {depth}, two threads");
    }

    // Any board and variant: a random prefix, counts through a cache of a few slots.
    let variant = Variant::ALL[usize::from(bytes.next()) % Variant::ALL.len()];
    let (w, h) = (1 + usize::from(bytes.next() % 9), 1 + usize::from(bytes.next() % 9));
    let Ok(board) = Geometry::new(w, h) else { return };
    let Ok(mut pos) = reversi_variants::Position::start(variant, board) else { return };
    for _ in 0..bytes.next() % 20 {
        let moves: Vec<_> = pos.moves().collect();
        if moves.is_empty() {
            break;
        }
        pos.play(moves[usize::from(bytes.next()) % moves.len()]).expect("a listed move");
    }
    let cache = PerftCache::new(usize::from(bytes.next()) * 16);
    for _ in 0..3 {
        let depth = u32::from(bytes.next() % 5);
        let plain = reversi_variants::perft(&pos, depth).unwrap();
        assert_eq!(reversi_variants::perft_hashed(&pos, depth, &cache).unwrap(), plain, "{variant} {pos} depth {depth}");
        // Two threads on the same slots at once: torn slots must be ignored.
        let counts = on_two_threads(|| reversi_variants::perft_hashed(&pos, depth, &cache).unwrap());
        assert_eq!(counts, [plain, plain], "{variant} {pos} depth {depth}, two threads");
    }
});
