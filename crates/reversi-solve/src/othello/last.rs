//! The last empties: null-window searches of 1 to [`SHALLOW`](super::search::SHALLOW) empty squares
//! that never generate a move list. A move is tried square by square on the
//! empties (the opponent next to the square first, then the flips), in
//! parity order: squares in quadrants with an odd number of empties first.
//!
//! Each function answers the null window `(alpha, alpha + 1)` fail-soft: a
//! result above `alpha` is a lower bound of the score, one at or below it an
//! upper bound; at 1 empty the result is exact.

use super::bits::NEIGHBOURS;
use super::last_flip::last_flips;
use super::search::Searcher;
use super::shape::Shape;

/// No move found yet (below every score).
const NONE: i32 = -65;

/// The squares of `set` in the static order of the shallow search: corners,
/// then the rest, then X squares (next to an empty corner they give it away).
#[inline]
fn classes(set: u64, shape: &Shape) -> [u64; 3] {
    let (corners, x) = (shape.corners, shape.x_squares);
    [set & corners, set & !(corners | x), set & x]
}

impl<const MASKED: bool> Searcher<'_, MASKED> {
    /// The exact score with one empty square `x`.
    #[inline]
    pub(crate) fn solve_1(&mut self, p: u64, o: u64, x: usize) -> i32 {
        self.nodes += 1;
        if self.shape().straight_lines {
            // Every other square of the board is a disc, and the squares
            // off it are past the lines' ends: the flips are counted alone
            // (`last_flip.rs`), no boards made.
            let n = last_flips(p, x);
            if n != 0 {
                return 2 * (p.count_ones() + n + 1) as i32 - self.squares();
            }
            let n = last_flips(o, x);
            if n != 0 {
                self.nodes += 1;
                return self.squares() - 2 * (o.count_ones() + n + 1) as i32;
            }
            return self.final_score(p, o);
        }
        let (np, no) = self.k.play(p, o, x);
        if np != o {
            return 2 * no.count_ones() as i32 - self.squares();
        }
        let (np, no) = self.k.play(o, p, x);
        if np != p {
            self.nodes += 1;
            return self.squares() - 2 * no.count_ones() as i32;
        }
        // Neither side can fill it: it goes to the winner (on the full
        // board 63 discs, never a draw).
        self.final_score(p, o)
    }

    /// Two empties, `x1` and `x2`.
    #[inline]
    fn solve_2(&mut self, p: u64, o: u64, alpha: i32, x1: usize, x2: usize) -> i32 {
        self.nodes += 1;
        let mut best = NONE;
        for (x, y) in [(x1, x2), (x2, x1)] {
            if o & NEIGHBOURS[x] != 0 {
                let (np, no) = self.k.play(p, o, x);
                if np != o {
                    let v = -self.solve_1(np, no, y);
                    if v > alpha {
                        return v;
                    }
                    best = best.max(v);
                }
            }
        }
        if best != NONE {
            return best;
        }
        // `p` passes: the opponent's moves, scored from `p`'s side.
        let mut best = -NONE;
        for (x, y) in [(x1, x2), (x2, x1)] {
            if p & NEIGHBOURS[x] != 0 {
                let (np, no) = self.k.play(o, p, x);
                if np != p {
                    let v = self.solve_1(np, no, y);
                    if v <= alpha {
                        return v;
                    }
                    best = best.min(v);
                }
            }
        }
        if best != -NONE { best } else { self.final_score(p, o) }
    }

    /// Three empties, in the order given.
    #[inline]
    fn solve_3(&mut self, p: u64, o: u64, alpha: i32, x: [usize; 3]) -> i32 {
        self.nodes += 1;
        let mut best = NONE;
        for (a, b, c) in [(x[0], x[1], x[2]), (x[1], x[0], x[2]), (x[2], x[0], x[1])] {
            if o & NEIGHBOURS[a] != 0 {
                let (np, no) = self.k.play(p, o, a);
                if np != o {
                    let v = -self.solve_2(np, no, -alpha - 1, b, c);
                    if v > alpha {
                        return v;
                    }
                    best = best.max(v);
                }
            }
        }
        if best != NONE {
            return best;
        }
        let mut best = -NONE;
        for (a, b, c) in [(x[0], x[1], x[2]), (x[1], x[0], x[2]), (x[2], x[0], x[1])] {
            if p & NEIGHBOURS[a] != 0 {
                let (np, no) = self.k.play(o, p, a);
                if np != p {
                    let v = self.solve_2(np, no, alpha, b, c);
                    if v <= alpha {
                        return v;
                    }
                    best = best.min(v);
                }
            }
        }
        if best != -NONE { best } else { self.final_score(p, o) }
    }

    /// Four empties, in the order given (parity first).
    fn solve_4(&mut self, p: u64, o: u64, alpha: i32, x: [usize; 4]) -> i32 {
        self.nodes += 1;
        let orders =
            [[x[0], x[1], x[2], x[3]], [x[1], x[0], x[2], x[3]], [x[2], x[0], x[1], x[3]], [x[3], x[0], x[1], x[2]]];
        let mut best = NONE;
        for [a, b, c, d] in orders {
            if o & NEIGHBOURS[a] != 0 {
                let (np, no) = self.k.play(p, o, a);
                if np != o {
                    let v = -self.solve_3(np, no, -alpha - 1, [b, c, d]);
                    if v > alpha {
                        return v;
                    }
                    best = best.max(v);
                }
            }
        }
        if best != NONE {
            return best;
        }
        let mut best = -NONE;
        for [a, b, c, d] in orders {
            if p & NEIGHBOURS[a] != 0 {
                let (np, no) = self.k.play(o, p, a);
                if np != p {
                    let v = self.solve_3(np, no, alpha, [b, c, d]);
                    if v <= alpha {
                        return v;
                    }
                    best = best.min(v);
                }
            }
        }
        if best != -NONE { best } else { self.final_score(p, o) }
    }

    /// Null-window search of a position with at most 4 empties, `parity`
    /// its quadrants' ([`parity`](super::bits::parity)).
    #[inline]
    pub(crate) fn solve_small(&mut self, p: u64, o: u64, alpha: i32, parity: usize) -> i32 {
        let empty = self.empty(p, o);
        let odd = self.shape().parity_squares[parity] & empty;
        let mut squares = [0usize; 4];
        let mut n = 0;
        for set in [odd, empty & !odd] {
            let mut m = set;
            while m != 0 {
                squares[n] = m.trailing_zeros() as usize;
                m &= m - 1;
                n += 1;
            }
        }
        match n {
            4 => self.solve_4(p, o, alpha, squares),
            3 => self.solve_3(p, o, alpha, [squares[0], squares[1], squares[2]]),
            2 => self.solve_2(p, o, alpha, squares[0], squares[1]),
            1 => self.solve_1(p, o, squares[0]),
            _ => {
                self.nodes += 1;
                self.final_score(p, o)
            }
        }
    }

    /// Null-window search of a position with 5 to [`SHALLOW`](super::search::SHALLOW) empties, `parity`
    /// its quadrants' ([`parity`](super::bits::parity)).
    pub(crate) fn nws_shallow(&mut self, p: u64, o: u64, alpha: i32, empties: u32, parity: usize) -> i32 {
        self.nodes += 1;
        // Stability: `o`'s stable discs bound the score; worth computing
        // only when `o` has enough discs for the bound to reach `alpha`.
        if alpha >= self.squares() - 2 * o.count_ones() as i32 && alpha >= 12 {
            let bound = self.stability_bound(p, o);
            if bound <= alpha {
                return bound;
            }
        }
        let empty = self.empty(p, o);
        let odd = self.shape().parity_squares[parity] & empty;
        let mut best = NONE;
        for half in [odd, empty & !odd] {
            for set in classes(half, self.shape()) {
                let mut m = set;
                while m != 0 {
                    let x = m.trailing_zeros() as usize;
                    m &= m - 1;
                    if o & NEIGHBOURS[x] == 0 {
                        continue;
                    }
                    let (np, no) = self.k.play(p, o, x);
                    if np == o {
                        continue;
                    }
                    let after = parity ^ usize::from(self.shape().quadrant_bit[x]);
                    let v = if empties == 5 {
                        -self.solve_small(np, no, -alpha - 1, after)
                    } else {
                        -self.nws_shallow(np, no, -alpha - 1, empties - 1, after)
                    };
                    if v > alpha {
                        return v;
                    }
                    best = best.max(v);
                }
            }
        }
        if best != NONE {
            return best;
        }
        if self.moves(o, p) == 0 {
            return self.final_score(p, o);
        }
        -self.nws_shallow(o, p, -alpha - 1, empties, parity)
    }
}
