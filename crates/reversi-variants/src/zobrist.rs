//! Zobrist keys for boards up to 26x26: one per colour and square index, and
//! one for White to move.
//!
//! They are reversi-core's keys, from its one key stream
//! ([`reversi_core::internal::zobrist_key`]): square indices below 64 take reversi-core's
//! disc keys and the side key is reversi-core's, so a position of the 8x8
//! board hashes the same whether reversi-core or this crate's engine played it
//! (the hash is that of the pieces and the side to move, whatever the
//! variant); the other indices take the stream's numbers from 129 on.

use crate::bits::{BitSet, MAX_SQUARES};
use reversi_core::Color;
use reversi_core::internal::zobrist_key;

/// Keys 0 to 128 of the stream are reversi-core's (discs, then the side).
const CORE_KEYS: usize = 64;

static KEYS: [[u64; MAX_SQUARES]; 2] = {
    let mut keys = [[0; MAX_SQUARES]; 2];
    let mut color = 0;
    while color < 2 {
        let mut i = 0;
        while i < MAX_SQUARES {
            let n = if i < CORE_KEYS {
                color * CORE_KEYS + i
            } else {
                129 + color * (MAX_SQUARES - CORE_KEYS) + i - CORE_KEYS
            };
            keys[color][i] = zobrist_key(n as u64);
            i += 1;
        }
        color += 1;
    }
    keys
};

/// XORed in when White is to move.
pub(crate) const SIDE_KEY: u64 = zobrist_key(128);

/// The key of a piece of `color` on square index `i`.
#[inline]
pub(crate) fn key(i: usize, color: Color) -> u64 {
    KEYS[color.index()][i]
}

/// The XOR of the keys of `color` over the squares of `set`.
pub(crate) fn keys<B: BitSet>(set: B, color: Color) -> u64 {
    set.indices().fold(0, |h, i| h ^ key(i, color))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct() {
        let mut all: Vec<u64> = KEYS.iter().flatten().copied().chain([SIDE_KEY]).collect();
        all.sort_unstable();
        assert!(all.windows(2).all(|w| w[0] != w[1]));
    }

    #[test]
    fn the_8x8_keys_are_reversi_cores() {
        let core = reversi_core::Position::new(
            reversi_core::Board::new(reversi_core::Bitboard(1 << 9 | 1 << 63), reversi_core::Bitboard(1 << 10))
                .unwrap(),
            Color::White,
        );
        let wide = |b: u64| crate::bits::Wide::from_u64(b);
        let ours = keys(wide(1 << 9 | 1 << 63), Color::Black) ^ keys(wide(1 << 10), Color::White) ^ SIDE_KEY;
        assert_eq!(ours, core.hash());
        assert_eq!(KEYS[1][675] >> 48, PINNED_TOP_BITS);
    }

    /// Changing the keys changes every stored hash: only on purpose.
    const PINNED_TOP_BITS: u64 = 54636;
}
