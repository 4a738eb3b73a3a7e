//! `PerftCache`: a size too large is a clean error or an exact fallback, and
//! the table keeps a count per position and depth, so small boards saturate.

use std::collections::HashMap;

use reversi_variants::internal::PositionHooks as _;
use reversi_variants::{Geometry, PerftCache, Position, Variant, perft, perft_hashed};

/// Perft by plain memoisation over (position, depth) on the public API, in
/// u128 so that it cannot overflow where the library's u64 would not.
fn memo_perft(pos: &Position, depth: u32, memo: &mut HashMap<(Position, u32), u128>) -> u128 {
    if depth == 0 {
        return 1;
    }
    if let Some(&n) = memo.get(&(*pos, depth)) {
        return n;
    }
    let moves = pos.moves();
    let n = if moves.len() == 0 {
        1 // the game is over: one leaf
    } else {
        moves
            .map(|mv| {
                let mut child = *pos;
                child.play_unchecked(mv);
                memo_perft(&child, depth - 1, memo)
            })
            .sum()
    };
    memo.insert((*pos, depth), n);
    n
}

#[test]
fn a_cache_too_large_is_an_error_or_an_exact_count_without_a_table() {
    let pos = Position::start(Variant::Attacks, Geometry::new(7, 7).unwrap()).unwrap();
    let err = PerftCache::try_for(&pos, usize::MAX).unwrap_err();
    assert_eq!(err.bytes, usize::MAX);
    assert!(err.to_string().contains("cannot allocate"), "{err}");
    for bytes in [usize::MAX, usize::MAX / 2, 1 << 62] {
        assert_eq!(perft_hashed(&pos, 4, &PerftCache::new(bytes)).unwrap(), 155_888, "{bytes}");
    }
    let cache = PerftCache::try_for(&pos, 1 << 20).unwrap();
    assert_eq!(perft_hashed(&pos, 4, &cache).unwrap(), 155_888);
}

#[test]
fn small_boards_saturate_at_every_depth() {
    // Attacks on 3x3 (with and without a hole) has a few thousand positions, met again
    // and again at every depth (a jump can undo a jump): with a count per
    // position and depth the deep counts take no time. The counts are checked
    // against plain memoisation, up to the depth where they still fit a u64.
    let plain = Geometry::new(3, 3).unwrap();
    for board in [plain, plain.with_holes(["b2".parse().unwrap()]).unwrap()] {
        let variant = Variant::Attacks;
        let pos = Position::start(variant, board).unwrap();
        let mut memo = HashMap::new();
        let cache = PerftCache::new(8 << 20);
        let mut checked = 0;
        for depth in 1..=120 {
            let expected = memo_perft(&pos, depth, &mut memo);
            let Ok(expected) = u64::try_from(expected) else { break };
            assert_eq!(perft_hashed(&pos, depth, &cache).unwrap(), expected, "{variant} depth {depth}");
            if depth <= 6 {
                assert_eq!(perft(&pos, depth).unwrap(), expected, "{variant} depth {depth}");
            }
            checked = depth;
        }
        assert!(checked >= 20, "{variant}: only {checked} depths fit a u64");
    }
}

#[test]
fn counts_at_many_depths_of_one_position_live_side_by_side() {
    // The same cache asked for depth 6, then every shallower depth, then 6
    // again: each is exact (a one-depth-per-position table forgot the deeper
    // counts and recounted them).
    let pos = Position::start(Variant::Attacks, Geometry::new(5, 5).unwrap()).unwrap();
    let cache = PerftCache::new(1 << 20);
    let plain: Vec<u64> = (0..=6).map(|d| perft(&pos, d).unwrap()).collect();
    for depth in [6, 1, 2, 3, 4, 5, 6, 0] {
        assert_eq!(perft_hashed(&pos, depth, &cache).unwrap(), plain[depth as usize], "depth {depth}");
    }
}

#[test]
fn counts_past_u64_saturate_instead_of_wrapping() {
    let pos = Position::start(Variant::Attacks, Geometry::new(3, 3).unwrap()).unwrap();
    let mut memo = HashMap::new();
    let cache = PerftCache::new(8 << 20);
    for depth in 36..=45 {
        let exact = memo_perft(&pos, depth, &mut memo);
        let expected = u64::try_from(exact).unwrap_or(u64::MAX);
        assert_eq!(perft_hashed(&pos, depth, &cache).unwrap(), expected, "depth {depth}: exactly {exact}");
    }
    assert!(memo_perft(&pos, 45, &mut memo) > u128::from(u64::MAX));
}

#[test]
fn threads_share_one_cache_exactly_even_a_tiny_one_and_across_games() {
    // Two threads write and read the same few slots at once (a table of a few
    // hundred bytes), on Attacks 5x5, 8x8 Reversi (reversi-core's table) and
    // Reversitacks 6x6 in turn: every count is exact, and switching the game
    // while the other thread counts never mixes their counts.
    let games = [
        Position::start(Variant::Attacks, Geometry::new(5, 5).unwrap()).unwrap(),
        Position::start(Variant::Reversi, Geometry::standard()).unwrap(),
        Position::start(Variant::Reversitacks, Geometry::new(6, 6).unwrap()).unwrap(),
        Position::start(Variant::Reversi, Geometry::standard()).unwrap().on_generic_engine(),
    ];
    let expected: Vec<Vec<u64>> = games.iter().map(|pos| (0..=5).map(|d| perft(pos, d).unwrap()).collect()).collect();
    for bytes in [320, 4096, 1 << 20] {
        let cache = PerftCache::new(bytes);
        std::thread::scope(|s| {
            for t in 0..2 {
                let (cache, games, expected) = (&cache, &games, &expected);
                s.spawn(move || {
                    for round in 0..8 {
                        let g = (round + t) % games.len();
                        for depth in [5, 3, 4] {
                            let n = perft_hashed(&games[g], depth, cache).unwrap();
                            assert_eq!(n, expected[g][depth as usize], "{bytes} bytes, game {g}, depth {depth}");
                        }
                    }
                });
            }
        });
    }
}
