//! THE rules engine of this crate, written once and generic over the bit-set
//! type: steps in the eight directions, Reversi moves and flips, the Attacks
//! neighbourhoods.
//!
//! Bit `row * width + column` is the square at `(column, row)`. A step in a
//! direction shifts the set by the direction's offset and keeps only the squares
//! that a step can land on from a square of the board (`land`): the column of the
//! origin must exist, so no step wraps round an edge, and the square must be on
//! the board.

use crate::Geometry;
use crate::bits::BitSet;

/// Column and row steps of the eight directions.
pub(crate) const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

/// One direction: the index offset of a step, the squares a step can land on, and
/// the doubling rounds that cover the longest run of discs a line in this
/// direction can hold (`offset * 2^(rounds - 1)` stays below the square count, so
/// no shift overflows).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Direction<B> {
    offset: i32,
    land: B,
    rounds: u32,
}

/// Precomputed masks and neighbourhoods of one geometry, in one bit-set type.
#[derive(Clone, Debug)]
pub(crate) struct Engine<B> {
    /// Squares on the board and not obstructed.
    pub(crate) playable: B,
    directions: [Direction<B>; 8],
    /// Per square: the playable squares at Chebyshev distance 1.
    neighbours: Vec<B>,
    /// Per square: the playable squares at Chebyshev distance exactly 2.
    ring2: Vec<B>,
}

impl<B: BitSet> Engine<B> {
    /// The engine of a geometry, whose squares must fit in `B`; with
    /// `neighbourhoods`, also the per-square tables that clone and jump moves use.
    pub(crate) fn new(geometry: Geometry, neighbourhoods: bool) -> Engine<B> {
        let (w, h) = (i32::from(geometry.width()), i32::from(geometry.height()));
        debug_assert!((w * h) as usize <= B::BITS);
        let on_board = |c: i32, r: i32| (0..w).contains(&c) && (0..h).contains(&r);
        let bit = |c: i32, r: i32| B::bit((r * w + c) as usize);
        let mut playable = B::EMPTY;
        for sq in geometry.playable_squares() {
            playable |= bit(i32::from(sq.column()), i32::from(sq.row()));
        }
        let directions = DIRECTIONS.map(|(dc, dr)| {
            let mut land = B::EMPTY;
            for r in 0..h {
                for c in 0..w {
                    if on_board(c - dc, r - dr) {
                        land |= bit(c, r);
                    }
                }
            }
            // The longest run of opponent discs between two squares of a line.
            let run = match (dc, dr) {
                (0, _) => h - 2,
                (_, 0) => w - 2,
                _ => w.min(h) - 2,
            };
            let rounds = if run <= 1 {
                0
            } else {
                u32::BITS - ((run - 1) as u32).leading_zeros()
            }; // ceil(log2(run))
            Direction {
                offset: dr * w + dc,
                land,
                rounds,
            }
        });
        let ring = |c: i32, r: i32, d: i32| {
            let mut set = B::EMPTY;
            for dr in -d..=d {
                for dc in -d..=d {
                    if (dc.abs() == d || dr.abs() == d) && on_board(c + dc, r + dr) {
                        set |= bit(c + dc, r + dr);
                    }
                }
            }
            set & playable
        };
        let (mut neighbours, mut ring2) = (Vec::new(), Vec::new());
        for r in 0..if neighbourhoods { h } else { 0 } {
            for c in 0..w {
                neighbours.push(ring(c, r, 1));
                ring2.push(ring(c, r, 2));
            }
        }
        Engine {
            playable,
            directions,
            neighbours,
            ring2,
        }
    }

    /// One step of every square of `x` in direction `d`.
    #[inline(always)]
    fn step(&self, x: B, d: usize) -> B {
        let dir = &self.directions[d];
        x.shift(dir.offset) & dir.land
    }

    /// The squares where `p` may place a Reversi disc against `o`.
    #[inline(always)]
    pub(crate) fn reversi_moves(&self, p: B, o: B) -> B {
        let empty = self.playable & !(p | o);
        let mut moves = B::EMPTY;
        for dir in &self.directions {
            // Occluded fill through `o` (Kogge-Stone): `pro` holds the squares
            // whose last 2^k steps back are all opponent discs, so it carries the
            // landing masks along and no doubled step can wrap.
            let mut pro = o & dir.land;
            let mut run = pro & p.shift(dir.offset);
            let mut k = dir.offset;
            for round in 0..dir.rounds {
                run |= pro & run.shift(k);
                if round + 1 < dir.rounds {
                    pro &= pro.shift(k);
                    k *= 2;
                }
            }
            moves |= run.shift(dir.offset) & dir.land & empty;
        }
        moves
    }

    /// The opponent discs that a disc of `p` on square `at` flips in Reversi
    /// (empty when it brackets nothing).
    #[inline(always)]
    pub(crate) fn reversi_flips(&self, p: B, o: B, at: usize) -> B {
        let origin = B::bit(at);
        let mut flips = B::EMPTY;
        for d in 0..8 {
            let mut x = self.step(origin, d);
            let mut line = B::EMPTY;
            while !(x & o).is_empty() {
                line |= x;
                x = self.step(x, d);
            }
            if !(x & p).is_empty() {
                flips |= line;
            }
        }
        flips
    }

    /// Every playable square next to a square of `x` (Chebyshev distance 1).
    #[inline(always)]
    pub(crate) fn dilate(&self, x: B) -> B {
        let mut out = B::EMPTY;
        for d in 0..8 {
            out |= self.step(x, d);
        }
        out & self.playable
    }

    /// The playable squares next to square `at` (needs the neighbourhood tables).
    #[inline(always)]
    pub(crate) fn neighbours(&self, at: usize) -> B {
        self.neighbours[at]
    }

    /// The playable squares at distance exactly 2 from square `at` (needs the
    /// neighbourhood tables).
    #[inline(always)]
    pub(crate) fn ring2(&self, at: usize) -> B {
        self.ring2[at]
    }
}
