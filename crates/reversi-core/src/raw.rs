//! The rules kernel on raw `(player, opponent)` bitboards, for engines.
//!
//! A side is a `u64`: bit `8 * row + column` (`a1` = bit 0, `h1` = bit 7,
//! `h8` = bit 63), the same bits as [`Bitboard`](crate::Bitboard) and
//! [`Square::index`](crate::Square::index). `player` is the side to move,
//! `opponent` the other; [`Position::player`](crate::Position::player) and
//! [`Position::opponent`](crate::Position::opponent) give them. The sides
//! carry no colour and no hash: [`play`] is a [`Position::play_unchecked`](crate::Position::play_unchecked)
//! without the Zobrist update, which is what a search wants. When it needs
//! one, [`hash`] is [`Position::hash`](crate::Position::hash) of the pair, given
//! the colour of `player`, and [`canonical`] and [`canonical_hash`] are
//! [`Position::canonical`](crate::Position::canonical) and its hash: the same
//! code as `Position`'s, so a transposition table needs no `Position`.
//!
//! These are the functions [`perft`](crate::perft()) and [`Position`](crate::Position) run, on the
//! fastest [`Backend`] this CPU has (detected on first use and cached under
//! `std`, chosen at compile time without it). A [`Kernel`] pins a backend; the
//! free functions use [`Kernel::detect`]. A pass is `(opponent, player)`: swap
//! the sides.
//!
//! # Preconditions
//!
//! `player` and `opponent` must be disjoint, and `sq` must be an empty square
//! below 64. When they are not, the functions are still never undefined
//! behaviour and never panic, but the result is unspecified (the square is
//! taken modulo 64; [`play`] still returns two disjoint sets).
//!
//! # Speed
//!
//! [`play`](Kernel::play) is a few scalar instructions a ray, inlined into
//! the caller on every backend: the next move waits for it, and a call into a
//! CPU-specific build costs more than it saves. The other operations, on a
//! CPU-specific backend, are one call into code compiled for it (it cannot be
//! inlined into code built without those features, such as a plain `cargo
//! build`); the backend is a `match` on the handle, inlined. Such a call is
//! worth it where calls overlap: [`flips`](Kernel::flips) for every move of a
//! position computes the eight rays at once under AVX-512. So
//! keep a [`Kernel`] in a local rather than calling the free functions (which
//! read the cached detection each time), make a node's children with
//! [`Kernel::children`] (four at a time in the vector lanes, each with its own
//! legal moves) rather than one [`play`](Kernel::play) and one
//! [`moves`](Kernel::moves) per child, and count the last ply from those
//! moves instead of a call per leaf, as [`perft`](crate::perft()) does; a
//! count that only needs the total of its last two plies can push their
//! positions into a [`Leaves`] counter, which batches the children of
//! different parents together as the library's perft does.
//! `benches/public_api.rs` times such perfts against the library's, and the
//! child-by-child one.
//!
//! ```
//! use reversi_core::{Position, raw};
//!
//! /// Perft on the raw kernel (a pass is a ply, a finished game one leaf):
//! /// `moves` are the legal moves of `p`, `depth` is at least 1, and the last
//! /// ply is counted from the children's moves.
//! fn perft(k: raw::Kernel, p: u64, o: u64, moves: u64, depth: u32) -> u64 {
//!     if moves == 0 {
//!         // A pass, or the end of the game.
//!         let replies = k.moves(o, p);
//!         return if depth == 1 || replies == 0 { 1 } else { perft(k, o, p, replies, depth - 1) };
//!     }
//!     match depth {
//!         1 => u64::from(moves.count_ones()),
//!         2 => k.children(p, o, moves).map(|c| u64::from(c.mobility.max(1))).sum(),
//!         _ => k.children(p, o, moves).map(|c| perft(k, c.player, c.opponent, c.moves, depth - 1)).sum(),
//!     }
//! }
//!
//! let start = Position::start();
//! let (p, o) = (start.player().0, start.opponent().0);
//! let k = raw::Kernel::detect();
//! assert_eq!(perft(k, p, o, k.moves(p, o), 6), reversi_core::perft(&start, 6));
//! ```

//! # Hashing
//!
//! A transposition table on raw pairs, keyed by the canonical hash, so that
//! the eight symmetric images of a position share an entry:
//!
//! ```
//! use reversi_core::{Color, Position, raw};
//!
//! /// A tiny always-replace table: the canonical pair checks a hit.
//! struct Table(Vec<Option<(u64, u64, u64)>>);
//!
//! impl Table {
//!     fn slot(&self, hash: u64) -> usize {
//!         (hash % self.0.len() as u64) as usize
//!     }
//!     fn get(&self, p: u64, o: u64, side: Color) -> Option<u64> {
//!         let (cp, co, _) = raw::canonical(p, o, side);
//!         let hash = raw::hash(cp, co, side);
//!         match self.0[self.slot(hash)] {
//!             Some((sp, so, value)) if (sp, so) == (cp, co) => Some(value),
//!             _ => None,
//!         }
//!     }
//!     fn put(&mut self, p: u64, o: u64, side: Color, value: u64) {
//!         let (cp, co, _) = raw::canonical(p, o, side);
//!         let slot = self.slot(raw::hash(cp, co, side));
//!         self.0[slot] = Some((cp, co, value));
//!     }
//! }
//!
//! let mut table = Table(vec![None; 1 << 10]);
//! let start = Position::start();
//! let (p, o, side) = (start.player().0, start.opponent().0, start.side_to_move());
//! assert_eq!(raw::hash(p, o, side), start.hash());
//! let (canonical, _) = start.canonical();
//! assert_eq!(raw::canonical_hash(p, o, side), canonical.hash());
//!
//! // Black's four openings are images of each other: one entry holds them all.
//! let k = raw::Kernel::detect();
//! let mut children = k.children(p, o, k.moves(p, o));
//! let first = children.next().unwrap();
//! table.put(first.player, first.opponent, !side, 3);
//! for child in children {
//!     assert_eq!(table.get(child.player, child.opponent, !side), Some(3));
//! }
//! // White to move in the same discs is another position.
//! assert_eq!(table.get(first.opponent, first.player, side), None);
//! ```

pub use crate::game::Game;

use crate::arch::dispatch::{LeavesState, Runnable};
use crate::kernel::Four;
use crate::symmetry::least_image;
use crate::{Backend, Color, Symmetry, zobrist};

/// The kernel of one [`Backend`]: moves, flips and play on raw bitboards (see
/// the [module docs](self) for the bits and the preconditions).
///
/// A `Kernel` always holds a backend this CPU runs: [`Kernel::new`] falls back
/// to [`Backend::Portable`] as [`perft_with`](crate::perft_with) does, so every
/// method is safe to call. Every backend gives the same results.
///
/// ```
/// use reversi_core::{Backend, Position, Square, raw::Kernel};
/// let (p, o) = (Position::start().player().0, Position::start().opponent().0);
/// let portable = Kernel::new(Backend::Portable);
/// assert_eq!(portable.backend(), Backend::Portable);
/// assert_eq!(Kernel::detect().moves(p, o), portable.moves(p, o));
/// assert_eq!(portable.mobility(p, o), 4);
/// assert_eq!(portable.flips(p, o, Square::F5.index()), Square::E5.bitboard().0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kernel(Runnable);

impl Kernel {
    /// The fastest backend this CPU has ([`Backend::detect`], detected once and
    /// cached under `std`).
    #[must_use]
    #[inline]
    pub fn detect() -> Kernel {
        Kernel(Runnable::fastest())
    }

    /// The kernel of `backend`, or of [`Backend::Portable`] when this CPU
    /// cannot run it.
    #[must_use]
    pub fn new(backend: Backend) -> Kernel {
        Kernel(Runnable::new(backend))
    }

    /// The backend that runs (after any fallback).
    #[must_use]
    pub const fn backend(self) -> Backend {
        self.0.backend()
    }

    /// The handle the crate's own code dispatches on.
    pub(crate) const fn runnable(self) -> Runnable {
        self.0
    }

    /// The squares where `player` may place a disc.
    #[must_use]
    #[inline]
    pub fn moves(self, player: u64, opponent: u64) -> u64 {
        self.0.moves(player, opponent)
    }

    /// The number of squares where `player` may place a disc (its mobility):
    /// `moves(player, opponent).count_ones()`, counted with the backend's
    /// instructions.
    #[must_use]
    #[inline]
    pub fn mobility(self, player: u64, opponent: u64) -> u32 {
        self.0.mobility(player, opponent)
    }

    /// The opponent discs a disc of `player` on square `sq` flips; 0 exactly
    /// when the placement is illegal (for an empty `sq`).
    #[must_use]
    #[inline]
    pub fn flips(self, player: u64, opponent: u64, sq: usize) -> u64 {
        self.0.flips(player, opponent, sq)
    }

    /// The position after `player` places a disc on `sq`, as the next mover's
    /// `(player, opponent)`: the sides are swapped. No check: for an illegal
    /// move (nothing flipped) the disc is placed all the same.
    #[must_use]
    #[inline]
    pub fn play(self, player: u64, opponent: u64, sq: usize) -> (u64, u64) {
        self.0.play(player, opponent, sq)
    }

    /// The children after each move of `moves` (legal moves of `player`: all
    /// of [`moves`](Kernel::moves), or any subset), lowest square first, each
    /// with its own legal moves: what a search needs to order its moves by
    /// the opponent's mobility, and what a perft needs to count the last ply.
    ///
    /// On a SIMD backend the children are made four at a time, one per vector
    /// lane, their moves found in the lanes: faster than [`play`](Kernel::play)
    /// and [`moves`](Kernel::moves) child by child. A square of `moves` that
    /// is empty but not a legal move gives what [`play`](Kernel::play) gives
    /// for it; the squares must be empty (the [preconditions](self#preconditions)).
    ///
    /// ```
    /// use reversi_core::{Position, raw::Kernel};
    /// let (p, o) = (Position::start().player().0, Position::start().opponent().0);
    /// let k = Kernel::detect();
    /// let children: Vec<_> = k.children(p, o, k.moves(p, o)).collect();
    /// assert_eq!(children.len(), 4);
    /// for child in children {
    ///     assert_eq!((child.player, child.opponent), k.play(p, o, child.square));
    ///     assert_eq!(child.moves, k.moves(child.player, child.opponent));
    ///     assert_eq!(child.mobility, k.mobility(child.player, child.opponent));
    /// }
    /// ```
    #[inline]
    pub fn children(self, player: u64, opponent: u64, moves: u64) -> Children {
        Children { kernel: self, player, opponent, moves, batch: Four::default(), squares: 0, next: 0 }
    }

    /// A [`Leaves`] counter on this kernel, empty: perft's last two plies
    /// counted in bulk over the positions pushed into it.
    #[must_use]
    pub fn leaves(self) -> Leaves {
        Leaves { kernel: self, state: LeavesState::new(self.0) }
    }
}

/// A child of a position made by [`Kernel::children`]: the move, the sides
/// after it (swapped: `player` is the side to move next) and that side's
/// legal moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Child {
    /// The square played, below 64.
    pub square: usize,
    /// The side to move in the child (the parent's opponent, less the flips).
    pub player: u64,
    /// The other side in the child (the parent's mover, with the disc and the flips).
    pub opponent: u64,
    /// The legal moves of `player` in the child (0: it must pass, or the game is over).
    pub moves: u64,
    /// Their number, `moves.count_ones()` ([`Kernel::mobility`] of the
    /// child), counted by the backend.
    pub mobility: u32,
}

/// The iterator of [`Kernel::children`]: the children in square order, made
/// four at a time.
#[derive(Clone, Debug)]
pub struct Children {
    kernel: Kernel,
    player: u64,
    opponent: u64,
    /// The moves not made yet.
    moves: u64,
    /// The last four made...
    batch: Four,
    /// ... their squares, not yet given out ...
    squares: u64,
    /// ... and the lane of the next one.
    next: usize,
}

impl Iterator for Children {
    type Item = Child;

    #[inline]
    fn next(&mut self) -> Option<Child> {
        if self.squares == 0 {
            if self.moves == 0 {
                return None;
            }
            self.kernel.0.children4(self.player, self.opponent, self.moves, &mut self.batch);
            // The lowest four squares of `moves` move to `squares`.
            let mut rest = self.moves;
            for _ in 0..4 {
                rest &= rest.wrapping_sub(1);
            }
            (self.squares, self.moves, self.next) = (self.moves ^ rest, rest, 0);
        }
        let square = self.squares.trailing_zeros() as usize;
        self.squares &= self.squares - 1;
        let i = self.next & 3;
        self.next += 1;
        Some(Child {
            square,
            player: self.batch.player[i],
            opponent: self.batch.opponent[i],
            moves: self.batch.moves[i],
            mobility: self.batch.mobility[i] as u32,
        })
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (self.squares.count_ones() + self.moves.count_ones()) as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Children {}

impl core::iter::FusedIterator for Children {}

/// Perft's last two plies in bulk over a stream of positions, the way
/// [`perft`](crate::perft()) counts them: for each position pushed, the sum
/// over the children after its moves of each child's number of moves, at
/// least 1 (a child with no move is one leaf: it passes, or the game is
/// over). On a SIMD backend the children of successive positions are made
/// four at a time in the vector lanes, whatever their parent, so only the
/// stream's last batch has empty lanes.
///
/// ```
/// use reversi_core::{Position, raw::Kernel};
/// let (p, o) = (Position::start().player().0, Position::start().opponent().0);
/// let k = Kernel::detect();
/// // Perft 3 from the start: the positions at depth 2 pushed, counted at the end.
/// let mut leaves = k.leaves();
/// for child in k.children(p, o, k.moves(p, o)) {
///     leaves.push(child.player, child.opponent, child.moves);
/// }
/// assert_eq!(leaves.total(), reversi_core::perft(&Position::start(), 3));
/// ```
#[derive(Clone, Copy)]
pub struct Leaves {
    kernel: Kernel,
    state: LeavesState,
}

impl Leaves {
    /// Adds the children of `(player, opponent)` after `moves` (legal moves
    /// of `player`, all or some; nothing when empty). The squares must be
    /// empty (the [preconditions](self#preconditions)).
    #[inline]
    pub fn push(&mut self, player: u64, opponent: u64, moves: u64) {
        self.state.push(player, opponent, moves);
    }

    /// The count of every child pushed: the sum of their numbers of moves,
    /// at least 1 each.
    #[must_use]
    pub fn total(self) -> u64 {
        self.state.total()
    }

    /// The kernel counting.
    #[must_use]
    pub const fn kernel(&self) -> Kernel {
        self.kernel
    }
}

impl core::fmt::Debug for Leaves {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Leaves").field("kernel", &self.kernel).finish_non_exhaustive()
    }
}

impl Default for Kernel {
    /// [`Kernel::detect`].
    fn default() -> Kernel {
        Kernel::detect()
    }
}

/// [`Kernel::moves`] on the fastest backend.
#[must_use]
#[inline]
pub fn moves(player: u64, opponent: u64) -> u64 {
    Kernel::detect().moves(player, opponent)
}

/// [`Kernel::mobility`] on the fastest backend.
#[must_use]
#[inline]
pub fn mobility(player: u64, opponent: u64) -> u32 {
    Kernel::detect().mobility(player, opponent)
}

/// [`Kernel::flips`] on the fastest backend.
#[must_use]
#[inline]
pub fn flips(player: u64, opponent: u64, sq: usize) -> u64 {
    Kernel::detect().flips(player, opponent, sq)
}

/// [`Kernel::play`] on the fastest backend.
#[must_use]
#[inline]
pub fn play(player: u64, opponent: u64, sq: usize) -> (u64, u64) {
    Kernel::detect().play(player, opponent, sq)
}

/// The Zobrist hash of the position where `player`, of colour `side`, is to
/// move against `opponent`: [`Position::hash`](crate::Position::hash) of that
/// position, computed from scratch by the same code.
///
/// ```
/// use reversi_core::{Position, raw};
/// let pos: Position = "--------/--------/--------/---OX---/---XXX--/--------/--------/-------- O".parse()?;
/// assert_eq!(raw::hash(pos.player().0, pos.opponent().0, pos.side_to_move()), pos.hash());
/// # Ok::<(), reversi_core::ParsePositionError>(())
/// ```
#[must_use]
pub fn hash(player: u64, opponent: u64, side: Color) -> u64 {
    zobrist::hash(player, opponent, side)
}

/// The canonical form of the position where `player`, of colour `side`, is
/// to move against `opponent`: its image as [`Position::canonical`](crate::Position::canonical)
/// picks it (of the eight images under [`Symmetry::ALL`], the one whose
/// `(black, white)` bits are least, the first on a tie), as the image's
/// `(player, opponent)`, with the symmetry that gives it. The side to move is
/// kept.
///
/// ```
/// use reversi_core::{Position, raw};
/// let pos: Position = "--------/--------/--------/---OX---/---XXX--/--------/--------/-------- O".parse()?;
/// let (canonical, symmetry) = pos.canonical();
/// assert_eq!(
///     raw::canonical(pos.player().0, pos.opponent().0, pos.side_to_move()),
///     (canonical.player().0, canonical.opponent().0, symmetry),
/// );
/// # Ok::<(), reversi_core::ParsePositionError>(())
/// ```
#[must_use]
#[inline]
pub fn canonical(player: u64, opponent: u64, side: Color) -> (u64, u64, Symmetry) {
    match side {
        Color::Black => least_image(player, opponent),
        Color::White => {
            let (black, white, symmetry) = least_image(opponent, player);
            (white, black, symmetry)
        }
    }
}

/// The hash of the canonical form: [`hash`] of [`canonical`], which is
/// [`Position::hash`](crate::Position::hash) of [`Position::canonical`](crate::Position::canonical).
/// The eight symmetric images of a position share it.
#[must_use]
pub fn canonical_hash(player: u64, opponent: u64, side: Color) -> u64 {
    let (player, opponent, _) = canonical(player, opponent, side);
    hash(player, opponent, side)
}

#[cfg(test)]
mod tests {
    use super::{Child, Kernel};
    use crate::Backend;

    proptest::proptest! {
        #[test]
        fn children_are_play_and_moves_on_every_backend(a: u64, b: u64, sparse: u64) {
            for backend in Backend::ALL {
                let k = Kernel::new(backend);
                for (p, o) in [(a & !b, b), (a & sparse & !b, b & sparse), (a & !(b & sparse), b & sparse)] {
                    for m in [k.moves(p, o), !(p | o) & sparse, !(p | o)] {
                        let children = k.children(p, o, m);
                        proptest::prop_assert_eq!(children.len(), m.count_ones() as usize);
                        let got: std::vec::Vec<Child> = children.collect();
                        let want: std::vec::Vec<Child> = (0..64)
                            .filter(|&sq| m >> sq & 1 != 0)
                            .map(|square| {
                                let (player, opponent) = k.play(p, o, square);
                                let moves = k.moves(player, opponent);
                                Child { square, player, opponent, moves, mobility: moves.count_ones() }
                            })
                            .collect();
                        proptest::prop_assert_eq!(got, want);
                        // The counter against the children's counts, pushed twice.
                        let mut leaves = k.leaves();
                        leaves.push(p, o, m);
                        leaves.push(o, p, !(p | o) & sparse);
                        let count = |p: u64, o: u64, m: u64| -> u64 {
                            k.children(p, o, m).map(|c| u64::from(c.mobility.max(1))).sum()
                        };
                        proptest::prop_assert_eq!(leaves.total(), count(p, o, m) + count(o, p, !(p | o) & sparse));
                    }
                }
            }
        }
    }
}
