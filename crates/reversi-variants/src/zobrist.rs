//! Zobrist keys for boards up to 26x26: one per colour and square index, and
//! one for White to move; SplitMix64 from a fixed seed, at compile time.

use crate::bits::{BitSet, MAX_SQUARES};
use reversi_core::Color;

const fn splitmix64(state: u64) -> u64 {
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;
const SEED: u64 = 0x5641_5249_414e_5453; // "VARIANTS"

static KEYS: [[u64; MAX_SQUARES]; 2] = {
    let mut keys = [[0; MAX_SQUARES]; 2];
    let mut i = 0;
    while i < 2 * MAX_SQUARES {
        keys[i / MAX_SQUARES][i % MAX_SQUARES] = splitmix64(SEED.wrapping_add(GAMMA.wrapping_mul(i as u64 + 1)));
        i += 1;
    }
    keys
};

/// XORed in when White is to move.
pub(crate) const SIDE_KEY: u64 = splitmix64(SEED.wrapping_add(GAMMA.wrapping_mul(2 * MAX_SQUARES as u64 + 1)));

/// The XOR of the keys of `color` over the squares of `set`.
pub(crate) fn keys<B: BitSet>(set: B, color: Color) -> u64 {
    set.indices().fold(0, |h, i| h ^ KEYS[color.index()][i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_pinned() {
        assert_eq!(KEYS[0][0], splitmix64(SEED.wrapping_add(GAMMA)));
        assert_eq!([KEYS[0][0] >> 48, KEYS[1][675] >> 48, SIDE_KEY >> 48], PINNED_TOP_BITS);
    }

    const PINNED_TOP_BITS: [u64; 3] = [42404, 22135, 57882];
}
