//! Zobrist hashing of positions.
//!
//! The hash of a position is the XOR of one key per disc (per colour and square)
//! and, when White is to move, one side key. The keys come from SplitMix64 seeded
//! with a fixed constant, computed at compile time; they are part of the public
//! contract (a hash stored by one version reads the same in the next), and a test
//! pins them.

use crate::Color;

/// SplitMix64's output function, one step from `state`.
const fn splitmix64(state: u64) -> u64 {
    crate::mix::mix64(state)
}

const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;
const SEED: u64 = 0x5245_5645_5253_4931; // "REVERSI1"

/// Key number `n` of the stream every Zobrist key comes from: keys 0 to 127
/// are the discs (Black's 64 squares, then White's), 128 the side to move.
/// reversi-variants takes these same keys for the first 64 squares of its
/// boards and the numbers from 129 on for the rest, so a position of the 8x8
/// board hashes the same in both crates.
///
/// Not public API (exempt from semver): for reversi-variants' keys.
#[must_use]
pub const fn key(n: u64) -> u64 {
    splitmix64(SEED.wrapping_add(GAMMA.wrapping_mul(n + 1)))
}

/// The key of a disc of each colour on each square.
pub(crate) static DISC_KEYS: [[u64; 64]; 2] = {
    let mut keys = [[0; 64]; 2];
    let mut i = 0;
    while i < 128 {
        keys[i / 64][i % 64] = key(i as u64);
        i += 1;
    }
    keys
};

/// The key XORed in when White is to move.
pub(crate) const SIDE_KEY: u64 = key(128);

/// The hash of the position where `player`, of colour `side`, is to move
/// against `opponent`, computed from scratch: the one definition behind
/// [`Position::hash`](crate::Position::hash) and [`raw::hash`](crate::raw::hash).
pub(crate) fn hash(player: u64, opponent: u64, side: Color) -> u64 {
    let (black, white) = match side {
        Color::Black => (player, opponent),
        Color::White => (opponent, player),
    };
    let mut h = if side == Color::White { SIDE_KEY } else { 0 };
    for (keys, mut discs) in DISC_KEYS.iter().zip([black, white]) {
        while discs != 0 {
            h ^= keys[discs.trailing_zeros() as usize];
            discs &= discs - 1;
        }
    }
    h
}

/// The XOR of both colours' keys of every square set in a byte of the board:
/// `FLIP_KEYS[i][b]` for the bits `b` of byte `i` (squares `8 * i` to `8 * i + 7`).
/// 16 KiB, so that a move's hash update is eight loads instead of a loop over
/// the flipped discs.
static FLIP_KEYS: [[u64; 256]; 8] = {
    let mut table = [[0; 256]; 8];
    let mut row = 0;
    while row < 8 {
        let mut bits = 1;
        while bits < 256 {
            // The entry of `bits` is the entry without its lowest bit plus
            // that square's keys.
            let low = (bits as u64).trailing_zeros() as usize;
            let sq = 8 * row + low;
            table[row][bits] = table[row][bits & (bits - 1)] ^ DISC_KEYS[0][sq] ^ DISC_KEYS[1][sq];
            bits += 1;
        }
        row += 1;
    }
    table
};

/// The change to a hash when the squares `changed` switch from one colour to the
/// other (either way: each key pair is XORed in once).
#[inline]
#[must_use]
pub fn flip_delta(changed: u64) -> u64 {
    let bytes = changed.to_le_bytes();
    let mut delta = 0;
    let mut row = 0;
    while row < 8 {
        delta ^= FLIP_KEYS[row][usize::from(bytes[row])];
        row += 1;
    }
    delta
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_pinned() {
        // Changing these values changes every stored hash: only on purpose.
        assert_eq!(DISC_KEYS[0][0], splitmix64(SEED.wrapping_add(GAMMA)));
        assert_eq!([DISC_KEYS[0][0], DISC_KEYS[1][63], SIDE_KEY], [PINNED_BLACK_A1, PINNED_WHITE_H8, PINNED_SIDE]);
        let start = crate::Board::start();
        assert_eq!(hash(start.discs(Color::Black).0, start.discs(Color::White).0, Color::Black), PINNED_START);
    }

    #[test]
    fn hashes_after_moves_are_pinned() {
        // Pinned before the byte tables replaced the loop over flipped discs.
        let mut pos = crate::Position::start();
        for m in ["f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7"] {
            pos.play(m.parse().unwrap()).unwrap();
        }
        assert_eq!(pos.hash(), 0x8617_8e4a_0c69_a0d6);
        assert_eq!(pos.hash(), hash(pos.player().0, pos.opponent().0, pos.side_to_move()));
    }

    /// The definition: one key pair per changed square.
    fn flip_delta_reference(changed: u64) -> u64 {
        (0..64).filter(|sq| changed >> sq & 1 != 0).fold(0, |d, sq| d ^ DISC_KEYS[0][sq] ^ DISC_KEYS[1][sq])
    }

    proptest::proptest! {
        #[test]
        fn flip_delta_is_the_xor_of_the_key_pairs(changed: u64) {
            proptest::prop_assert_eq!(flip_delta(changed), flip_delta_reference(changed));
        }
    }

    #[test]
    fn flip_delta_of_single_squares_and_every_square() {
        for (sq, (black, white)) in DISC_KEYS[0].iter().zip(&DISC_KEYS[1]).enumerate() {
            assert_eq!(flip_delta(1 << sq), black ^ white);
        }
        assert_eq!(flip_delta(u64::MAX), flip_delta_reference(u64::MAX));
        assert_eq!(flip_delta(0), 0);
    }

    #[test]
    fn keys_are_distinct() {
        let mut all: [u64; 129] = [0; 129];
        for i in 0..128 {
            all[i] = DISC_KEYS[i / 64][i % 64];
        }
        all[128] = SIDE_KEY;
        all.sort_unstable();
        assert!(all.windows(2).all(|w| w[0] != w[1]));
    }

    const PINNED_BLACK_A1: u64 = 0x3c1c_d0cb_b251_67ec;
    const PINNED_WHITE_H8: u64 = 0x613c_807d_7342_2923;
    const PINNED_SIDE: u64 = 0xd7ef_bca5_0332_7d42;
    const PINNED_START: u64 = 0xe2d8_95a1_696b_709a;
}
