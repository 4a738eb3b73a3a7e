//! The rules engine on raw `u64` pairs: legal moves and flips.
//!
//! Everything here works on `(player, opponent)` bitboards, bit `8 * row + column`
//! (a1 = bit 0, h8 = bit 63). These functions are the one implementation of the
//! Reversi rules in this crate: [`Board`](crate::Board), [`Position`](crate::Position)
//! and [`perft`](crate::perft()) all call them. They are `#[inline(always)]` so that the
//! CPU-specific builds in [`dispatch`](crate::arch::dispatch) compile them with the
//! instructions of the feature level they are inlined into.

/// Columns b to g: a run of discs inside it cannot wrap round an edge.
const INNER_COLUMNS: u64 = 0x7e7e_7e7e_7e7e_7e7e;

/// Rays from each square, four towards higher bits (E, S, SE, SW) then four
/// towards lower bits (W, N, NW, NE). A ray holds the squares beyond its origin,
/// up to the edge of the board, without the origin. Entry 64, past the last
/// square, has no rays: the index `trailing_zeros` gives for no square, so
/// that the SIMD flips of an empty batch slot need no mask.
pub(crate) static RAYS: [[u64; 8]; 65] = rays();

const fn rays() -> [[u64; 8]; 65] {
    // (column step, row step) per direction, in the order documented on RAYS.
    const DIRS: [(i32, i32); 8] = [(1, 0), (0, 1), (1, 1), (-1, 1), (-1, 0), (0, -1), (-1, -1), (1, -1)];
    let mut table = [[0u64; 8]; 65];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (dc, dr) = DIRS[d];
            let (mut c, mut r) = ((sq % 8) as i32 + dc, (sq / 8) as i32 + dr);
            let mut ray = 0u64;
            while c >= 0 && c < 8 && r >= 0 && r < 8 {
                ray |= 1u64 << (r * 8 + c);
                c += dc;
                r += dr;
            }
            table[sq][d] = ray;
            d += 1;
        }
        sq += 1;
    }
    table
}

/// Moves of one shift direction pair (`dir` and `-dir`), by parallel prefix.
///
/// `mask` is the opponent's discs that may sit inside a flipped run in this
/// direction (column-masked for the directions that cross columns).
#[inline(always)]
fn moves_along(p: u64, mask: u64, dir: u32) -> u64 {
    let mut up = mask & (p << dir);
    let mut down = mask & (p >> dir);
    up |= mask & (up << dir);
    down |= mask & (down >> dir);
    let pair_up = mask & (mask << dir);
    let pair_down = pair_up >> dir;
    up |= pair_up & (up << (2 * dir));
    down |= pair_down & (down >> (2 * dir));
    up |= pair_up & (up << (2 * dir));
    down |= pair_down & (down >> (2 * dir));
    (up << dir) | (down >> dir)
}

/// The squares where the player `p` may move against the opponent `o`.
///
/// `p` and `o` must be disjoint.
#[inline(always)]
pub(crate) fn moves(p: u64, o: u64) -> u64 {
    let inner = o & INNER_COLUMNS;
    (moves_along(p, inner, 1) | moves_along(p, o, 8) | moves_along(p, inner, 7) | moves_along(p, inner, 9)) & !(p | o)
}

/// The opponent discs that a disc of `p` placed on square `sq` flips.
///
/// `sq` must be below 64 and empty; the result is empty exactly when the move
/// is illegal there.
#[inline(always)]
pub(crate) fn flips(p: u64, o: u64, sq: usize) -> u64 {
    let rays = &RAYS[sq & 63];
    let mut flipped = 0;
    // Towards higher bits: the first square on the ray that is not the
    // opponent's is the lowest set bit of `ray & !o`.
    let mut i = 0;
    while i < 4 {
        let ray = rays[i];
        let stops = ray & !o;
        let first = stops & stops.wrapping_neg();
        let closed = ((first & p) != 0) as u64;
        flipped |= ray & first.wrapping_sub(1) & closed.wrapping_neg();
        i += 1;
    }
    // Towards lower bits: the highest set bit. Bit 0 is a sentinel for a ray
    // that is all opponent discs; it is never both on the ray and the player's
    // there, since every square of such a ray is the opponent's.
    while i < 8 {
        let ray = rays[i];
        let stops = (ray & !o) | 1;
        let high = 63 - stops.leading_zeros();
        let closed = (p & ray) >> high & 1;
        flipped |= ray & (!1u64 << high) & closed.wrapping_neg();
        i += 1;
    }
    flipped
}

/// Not public API (exempt from semver): reversi-variants' 8x8 moves.
///
/// The flips of a placement of `p` on `sq` (below 64) played in a sequence of
/// moves: 0 when `sq` is taken or flips nothing. Inline on every backend:
/// the next move waits for this one, and a call into a CPU-specific build
/// costs more than it saves (see `Runnable::play`). [`Position::play`](crate::Position::play),
/// `play_placements` and reversi-variants' 8x8 moves check with it.
#[inline(always)]
pub fn placement_flips(p: u64, o: u64, sq: usize) -> u64 {
    if (p | o) >> (sq & 63) & 1 == 0 { flips(p, o, sq) } else { 0 }
}

/// THE placement step: the child of placing a disc of `p` on `sq` (0 to 63)
/// flipping `f` (what `flips` or `placement_flips` found), as
/// `(player, opponent)` of the side to move next: the opponent keeps its
/// unflipped discs, the mover gains the square and the flips. Every 8x8
/// move (perft's children, [`Position`](crate::Position), `raw::Game`,
/// reversi-variants' 8x8 words) is this step; the callers differ only in
/// what they keep beside the two words.
///
/// The result is two disjoint sets whatever `f` and `sq` are.
#[inline(always)]
pub fn place(p: u64, o: u64, sq: usize, f: u64) -> (u64, u64) {
    let placed = f | 1 << sq;
    (o & !placed, p | placed)
}

/// The child of placing a disc of `p` on `sq`, as `(player, opponent)` of the
/// side to move next: [`place`] with the discs [`flips`] finds.
///
/// For a legal move (`p`, `o` disjoint, `sq` empty and flipping) this is the
/// move. Otherwise it is still two disjoint sets: the square (taken modulo 64)
/// and whatever `flips` brackets go to the mover.
#[inline(always)]
pub(crate) fn play(p: u64, o: u64, sq: usize) -> (u64, u64) {
    place(p, o, sq & 63, flips(p, o, sq))
}

/// Up to four children of one position, made together: lane `i` is the
/// child after the `i`-th lowest move taken, as the next mover's sides and
/// that side's legal moves. Lanes past the moves taken are unspecified.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Four {
    /// The side to move in each child.
    pub(crate) player: [u64; 4],
    /// The other side in each child.
    pub(crate) opponent: [u64; 4],
    /// The legal moves of the side to move in each child.
    pub(crate) moves: [u64; 4],
    /// Their number (the mobility).
    pub(crate) mobility: [u64; 4],
}

/// Writes into `four` the children of `(p, o)` after the lowest four moves
/// of `m` (all of them when fewer), with their moves ([`Four`]).
#[inline(always)]
pub(crate) fn children4(p: u64, o: u64, mut m: u64, four: &mut Four) {
    for i in 0..4 {
        if m == 0 {
            break;
        }
        let sq = m.trailing_zeros() as usize;
        m &= m - 1;
        let (cp, co) = play(p, o, sq);
        let cm = moves(cp, co);
        (four.player[i], four.opponent[i], four.moves[i], four.mobility[i]) = (cp, co, cm, count(cm));
    }
}

/// Number of set bits, as `u64` for counting leaves.
#[inline(always)]
pub(crate) fn count(b: u64) -> u64 {
    u64::from(b.count_ones())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Square-by-square reference: walk each direction from `sq`.
    fn flips_reference(p: u64, o: u64, sq: usize) -> u64 {
        let mut flipped = 0;
        for (dc, dr) in [(1, 0), (0, 1), (1, 1), (-1, 1), (-1, 0), (0, -1), (-1, -1), (1, -1)] {
            let (mut c, mut r) = ((sq % 8) as i32 + dc, (sq / 8) as i32 + dr);
            let mut run = 0u64;
            while (0..8).contains(&c) && (0..8).contains(&r) {
                let bit = 1u64 << (r * 8 + c);
                if o & bit != 0 {
                    run |= bit;
                } else {
                    if p & bit != 0 {
                        flipped |= run;
                    }
                    break;
                }
                c += dc;
                r += dr;
            }
        }
        flipped
    }

    fn moves_reference(p: u64, o: u64) -> u64 {
        (0..64).filter(|&sq| (p | o) >> sq & 1 == 0 && flips_reference(p, o, sq) != 0).fold(0, |m, sq| m | 1 << sq)
    }

    proptest::proptest! {
        #[test]
        fn kernel_matches_reference(a: u64, b: u64, sq in 0usize..64) {
            let (p, o) = (a & !b, b);
            proptest::prop_assert_eq!(moves(p, o), moves_reference(p, o));
            if (p | o) >> sq & 1 == 0 {
                let f = flips_reference(p, o, sq);
                proptest::prop_assert_eq!(flips(p, o, sq), f);
                proptest::prop_assert_eq!(play(p, o, sq), (o & !f, p | f | 1 << sq));
            }
        }
    }

    #[test]
    fn rays_are_what_they_say() {
        assert_eq!(RAYS[0][0], 0xfe);
        assert_eq!(RAYS[63][6], 0x0040_2010_0804_0201);
    }
}
