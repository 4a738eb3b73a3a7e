//! The depth bound of the counts: a game that never ends (every move forced,
//! back and forth) counted at the bound from a thread with 128 KiB of stack
//! (the count takes about 1 MiB optimised, 48 MiB unoptimised: it runs on a
//! thread of its own), and past the bound refused with a typed error before
//! anything is counted (before the bound, such a count recursed until the
//! stack overflowed and the process aborted).

#[path = "../../../tests/support/backends.rs"]
mod backends;

use reversi_variants::{
    Backend, MAX_PERFT_DEPTH, PerftCache, PerftError, Position, Variant, divide, perft, perft_hashed,
    perft_hashed_with, perft_with,
};

/// Attacks games that never end: Black's one piece jumps between two squares
/// over holes for ever, White cannot move and passes. One row of five squares
/// (`u64` boards), the same row on 10x10 (`u128`) and on 26x26 (the widest
/// bit sets), every other square a hole.
fn endless() -> Vec<Position> {
    [1, 10, 26]
        .into_iter()
        .map(|size| {
            let mut rows = vec![format!("X#-#O{}", "#".repeat(size.max(5) - 5))];
            rows.extend((1..size).map(|_| "#".repeat(size)));
            Position::from_text(Variant::Attacks, &format!("{} X", rows.join("/"))).expect("a legal position")
        })
        .collect()
}

/// Runs `f` on a thread with `bytes` of stack (an overflow aborts the test
/// process: the test fails).
fn on_stack<T: Send>(bytes: usize, f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| std::thread::Builder::new().stack_size(bytes).spawn_scoped(s, f).unwrap().join().unwrap())
}

#[test]
fn endless_games_count_to_the_bound_on_a_small_stack() {
    for pos in endless() {
        let moves: Vec<String> = pos.moves().map(|m| m.to_string()).collect();
        assert_eq!(moves, ["a1c1"], "{pos}");
        for backend in backends::available() {
            let counts = on_stack(128 << 10, || {
                let cache = PerftCache::new(1 << 16);
                (
                    perft_with(backend, &pos, MAX_PERFT_DEPTH),
                    perft_hashed_with(backend, &pos, MAX_PERFT_DEPTH, &cache),
                    divide(&pos, MAX_PERFT_DEPTH).map(|d| d.on(backend).map(|(_, n)| n).collect::<Vec<_>>()),
                )
            });
            assert_eq!(counts, (Ok(1), Ok(1), Ok(vec![1])), "{pos} on {backend:?}");
        }
    }
}

#[test]
fn deeper_than_the_bound_is_refused() {
    let too_deep = PerftError::TooDeep { depth: MAX_PERFT_DEPTH + 1, max: MAX_PERFT_DEPTH };
    let mut positions = endless();
    positions.push(
        Position::from_text(
            Variant::Reversi,
            "--------/--------/--------/---OX---/---XO---/--------/--------/-------- X",
        )
        .unwrap(),
    );
    for pos in positions {
        let cache = PerftCache::new(1 << 16);
        for depth in [MAX_PERFT_DEPTH + 1, 1_000_000, u32::MAX] {
            let expected = PerftError::TooDeep { depth, max: MAX_PERFT_DEPTH };
            assert_eq!(perft(&pos, depth), Err(expected), "{pos}");
            assert_eq!(perft_hashed(&pos, depth, &cache), Err(expected), "{pos}");
            assert_eq!(perft_with(Backend::Portable, &pos, depth), Err(expected));
            assert_eq!(perft_hashed_with(Backend::Portable, &pos, depth, &cache), Err(expected));
            assert!(matches!(divide(&pos, depth), Err(e) if e == expected));
        }
    }
    assert_eq!(too_deep.to_string(), "perft depth 513 is past the deepest count, 512 plies");
}
