//! Bitboard facts the search asks about a position: final scores, the
//! neighbours of a square, quadrant parity, and the discs that can never be
//! flipped (stability).

/// The eight neighbours of each square: a placement there flips nothing
/// unless one of them is the opponent's (a cheap test before the flips).
pub(crate) static NEIGHBOURS: [u64; 64] = neighbours();

const fn neighbours() -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (c, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut dr = -1;
        while dr <= 1 {
            let mut dc = -1;
            while dc <= 1 {
                let (nc, nr) = (c + dc, r + dr);
                if (dc != 0 || dr != 0) && nc >= 0 && nc < 8 && nr >= 0 && nr < 8 {
                    table[sq] |= 1 << (nr * 8 + nc);
                }
                dc += 1;
            }
            dr += 1;
        }
        sq += 1;
    }
    table
}

/// The four 4x4 quadrants (a1-d4, e1-h4, a5-d8, e5-h8).
pub(crate) const QUADRANTS: [u64; 4] =
    [0x0000_0000_0f0f_0f0f, 0x0000_0000_f0f0_f0f0, 0x0f0f_0f0f_0000_0000, 0xf0f0_f0f0_0000_0000];

/// The empty squares of `empty` in quadrants (of `quadrants`, the 8x8
/// board's [`QUADRANTS`] or a smaller board's) holding an odd number of
/// them. The last move of a region with an odd count is one's own: playing
/// there first ("parity") is the classic endgame ordering.
#[inline]
pub(crate) fn odd_quadrants(empty: u64, quadrants: &[u64; 4]) -> u64 {
    let mut odd = 0;
    for &q in quadrants {
        if (empty & q).count_ones() & 1 == 1 {
            odd |= q;
        }
    }
    empty & odd
}

/// The quadrants (of `quadrants`) holding an odd number of the squares of
/// `empty`, as bits: bit `q` for `quadrants[q]`. The last empties pass it
/// down, flipping a quadrant's bit as a square of it is played
/// ([`Shape::quadrant_bit`](super::shape::Shape)), and read the squares
/// back from [`Shape::parity_squares`](super::shape::Shape): no count at each node.
#[inline]
pub(crate) fn parity(empty: u64, quadrants: &[u64; 4]) -> usize {
    let mut bits = 0;
    for (q, &quadrant) in quadrants.iter().enumerate() {
        bits |= ((empty & quadrant).count_ones() as usize & 1) << q;
    }
    bits
}

/// The empty squares next to a disc of `discs`.
#[inline]
pub(crate) fn frontier(discs: u64, empty: u64) -> u64 {
    const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
    const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let h = ((discs << 1) & NOT_A) | ((discs >> 1) & NOT_H);
    let ring = h | discs;
    (h | (ring << 8) | (ring >> 8)) & empty
}

/// The corners.
pub(crate) const CORNERS: u64 = 0x8100_0000_0000_0081;
/// The squares diagonally next to a corner (X squares).
pub(crate) const X_SQUARES: u64 = 0x0042_0000_0000_4200;
/// The squares next to a corner along an edge: b1, g1, a2, h2, a7, h7, b8
/// and g8.
pub(crate) const C_SQUARES: u64 = 0x4281_0000_0000_8142;

/// The final score of a finished game for the side holding `p` on a board
/// of `squares` playable squares (empties to the winner, as OBF counts).
#[inline]
pub(crate) fn final_score(p: u64, o: u64, squares: i32) -> i32 {
    let mine = p.count_ones() as i32;
    let theirs = o.count_ones() as i32;
    let diff = mine - theirs;
    let empties = squares - mine - theirs;
    match diff.signum() {
        1 => diff + empties,
        -1 => diff - empties,
        _ => 0,
    }
}

/// The file a.
pub(crate) const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = 0x8080_8080_8080_8080;
const RANK_1: u64 = 0xff;
const RANK_8: u64 = 0xff00_0000_0000_0000;
const EDGE: u64 = FILE_A | FILE_H | RANK_1 | RANK_8;

/// The 15 diagonals (a1-h8 direction) and the 15 anti-diagonals: those of
/// the square at column `c`, row `r` are `7 + c - r` and `15 + c + r`.
pub(crate) static DIAGONALS: [u64; 30] = diagonals();

const fn diagonals() -> [u64; 30] {
    let mut table = [0u64; 30];
    let mut sq = 0;
    while sq < 64 {
        let (c, r) = (sq % 8, sq / 8);
        table[7 + c - r] |= 1 << sq;
        table[15 + c + r] |= 1 << sq;
        sq += 1;
    }
    table
}

/// The squares whose line in each of the four directions (rows, columns,
/// diagonals, anti-diagonals) is full.
#[inline]
fn full_lines(occupied: u64) -> [u64; 4] {
    let mut rows = occupied;
    rows &= rows >> 1;
    rows &= rows >> 2;
    rows &= rows >> 4;
    let rows = (rows & FILE_A).wrapping_mul(0xff);
    let mut columns = occupied;
    columns &= columns >> 8;
    columns &= columns >> 16;
    columns &= columns >> 32;
    let columns = (columns & RANK_1).wrapping_mul(FILE_A);
    let (mut diagonal, mut anti) = (0, 0);
    for (i, &line) in DIAGONALS.iter().enumerate() {
        if occupied & line == line {
            if i < 15 {
                diagonal |= line;
            } else {
                anti |= line;
            }
        }
    }
    [rows, columns, diagonal, anti]
}

/// A subset of the discs of `o` that no sequence of moves can flip: each
/// is, in each of the four directions, on a line with no empty square to
/// play, on the board's edge for that direction or next to a square off
/// the board (`off`: holes, and the squares past a board smaller than 8x8;
/// a run cannot be bracketed past either), or next to a disc of `o` already
/// found stable (a run through a stable disc cannot be bracketed). Grown
/// from the corners until nothing changes.
#[inline]
pub(crate) fn stable_discs(p: u64, o: u64, off: u64) -> u64 {
    let [rows, columns, diagonal, anti] = full_lines(p | o | off);
    let (mut horizontal, mut vertical) = (rows | FILE_A | FILE_H, columns | RANK_1 | RANK_8);
    let (mut diagonal, mut anti) = (diagonal | EDGE, anti | EDGE);
    if off != 0 {
        horizontal |= ((off << 1) & !FILE_A) | ((off >> 1) & !FILE_H);
        vertical |= (off << 8) | (off >> 8);
        diagonal |= ((off << 9) & !FILE_A) | ((off >> 9) & !FILE_H);
        anti |= ((off << 7) & !FILE_H) | ((off >> 7) & !FILE_A);
    }
    let mut stable = o & horizontal & vertical & diagonal & anti;
    loop {
        let s = stable;
        let h = ((s << 1) & !FILE_A) | ((s >> 1) & !FILE_H);
        let v = (s << 8) | (s >> 8);
        let d = ((s << 9) & !FILE_A) | ((s >> 9) & !FILE_H);
        let a = ((s << 7) & !FILE_H) | ((s >> 7) & !FILE_A);
        let grown = o & (horizontal | h) & (vertical | v) & (diagonal | d) & (anti | a);
        stable |= grown;
        if stable == s {
            return stable;
        }
    }
}

/// The best score the side holding `p` can still reach on a board of
/// `squares` playable squares (`off` the others) when the stable discs of
/// `o` stay `o`'s: `squares - 2 * stable`.
#[inline]
pub(crate) fn stability_bound(p: u64, o: u64, squares: i32, off: u64) -> i32 {
    squares - 2 * stable_discs(p, o, off).count_ones() as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_core::raw::Kernel;

    #[test]
    fn neighbours_of_corners_and_centre() {
        assert_eq!(NEIGHBOURS[0], 0x302);
        assert_eq!(NEIGHBOURS[63], 0x40c0_0000_0000_0000);
        assert_eq!(NEIGHBOURS[27].count_ones(), 8);
    }

    #[test]
    fn diagonals_partition_the_board_twice() {
        let (a, b) = DIAGONALS.split_at(15);
        assert_eq!(a.iter().fold(0, |x, d| x | d), !0);
        assert_eq!(b.iter().fold(0, |x, d| x | d), !0);
        assert_eq!(a.iter().map(|d| d.count_ones()).sum::<u32>(), 64);
        assert_eq!(a[7], 0x8040_2010_0804_0201);
    }

    #[test]
    fn a_corner_is_stable_and_a_lone_centre_disc_is_not() {
        let o = 1 | 1 << 27;
        assert_eq!(stable_discs(0, o, 0), 1);
        // A full first row of `o` is stable throughout.
        assert_eq!(stable_discs(0, 0xff, 0), 0xff);
    }

    /// Stability is sound: along random games, a disc found stable is
    /// never flipped later.
    #[test]
    fn stable_discs_are_never_flipped() {
        let k = Kernel::detect();
        let mut seed = 0x1234_5678_9abc_def0u64;
        for _ in 0..300 {
            let (mut p, mut o) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
            // (stable discs of each side, with its owner as `mine`)
            let mut watched: Vec<(u64, bool)> = Vec::new();
            let mut mine = true;
            loop {
                let moves = k.moves(p, o);
                if moves == 0 {
                    if k.moves(o, p) == 0 {
                        break;
                    }
                    (p, o, mine) = (o, p, !mine);
                    continue;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let n = (seed % u64::from(moves.count_ones())) as u32;
                let mut m = moves;
                for _ in 0..n {
                    m &= m - 1;
                }
                (p, o) = k.play(p, o, m.trailing_zeros() as usize);
                mine = !mine;
                // `p` is to move: `o` just moved.
                for &(discs, owner) in &watched {
                    let now = if owner == mine { p } else { o };
                    assert_eq!(discs & now, discs, "a stable disc was flipped");
                }
                watched.push((stable_discs(p, o, 0), !mine));
                watched.push((stable_discs(o, p, 0), mine));
            }
        }
    }
}
