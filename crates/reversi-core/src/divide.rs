//! [`Divide`], the lazy count below each root move, written once for both
//! crates' positions (reversi-core's [`Position`] and reversi-variants').

use core::fmt;

use crate::arch::dispatch::Backend;
use crate::{Move, Position};

/// Not part of the public API: exempt from semver, may change or go in any
/// release. It is public only so that reversi-variants' `Divide` is this one.
///
/// What [`Divide`] needs of a position: its moves (a pass when it is the only
/// one), the child after one, and perft on a backend.
pub trait DividePosition: Clone + fmt::Debug {
    /// A move.
    type Move: Copy;
    /// The legal moves, in the position's order.
    type Moves: ExactSizeIterator<Item = Self::Move> + Clone + fmt::Debug;
    /// The legal moves; no move when `none` (depth 0).
    fn divide_moves(&self, none: bool) -> Self::Moves;
    /// Plays a legal move.
    fn divide_play(&mut self, mv: Self::Move);
    /// Perft on `backend`.
    fn divide_perft(&self, backend: Backend, depth: u32) -> u64;
}

/// The count below each legal move of a position, computed lazily: see
/// [`divide`](crate::divide()). reversi-variants' `Divide` is this type over its
/// own position.
#[derive(Clone, Debug)]
pub struct Divide<P: DividePosition = Position> {
    pos: P,
    moves: P::Moves,
    depth: u32,
    backend: Backend,
}

impl<P: DividePosition> Divide<P> {
    /// The divide of `pos` at `depth` on the fastest backend.
    #[must_use]
    pub(crate) fn new(pos: P, depth: u32) -> Divide<P> {
        let moves = pos.divide_moves(depth == 0);
        Divide { pos, moves, depth, backend: Backend::detect() }
    }

    /// The same counts computed on `backend` (the fastest available by default;
    /// an unavailable one falls back to [`Backend::Portable`]).
    #[must_use]
    pub fn on(self, backend: Backend) -> Divide<P> {
        Divide { backend, ..self }
    }
}

/// Not part of the public API (exempt from semver): [`Divide`] of `pos` at
/// `depth` on the fastest backend, for reversi-variants' `divide`.
#[must_use]
pub fn new_divide<P: DividePosition>(pos: P, depth: u32) -> Divide<P> {
    Divide::new(pos, depth)
}

impl<P: DividePosition> Iterator for Divide<P> {
    type Item = (P::Move, u64);

    fn next(&mut self) -> Option<(P::Move, u64)> {
        let mv = self.moves.next()?;
        let mut child = self.pos.clone();
        child.divide_play(mv);
        Some((mv, child.divide_perft(self.backend, self.depth - 1)))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.moves.size_hint()
    }
}

impl<P: DividePosition> ExactSizeIterator for Divide<P> {}

impl DividePosition for Position {
    type Move = Move;
    type Moves = crate::position::Moves;

    fn divide_moves(&self, none: bool) -> crate::position::Moves {
        if none { crate::position::Moves::none() } else { self.moves() }
    }

    fn divide_play(&mut self, mv: Move) {
        self.play_unchecked(mv);
    }

    fn divide_perft(&self, backend: Backend, depth: u32) -> u64 {
        crate::perft_with(backend, self, depth)
    }
}
