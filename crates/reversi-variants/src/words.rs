//! [`OthelloWords`]: a standard 8x8 Reversi position as raw words (the
//! mover's discs, the opponent's, the side to move, the hash) and the 8x8
//! placement on them: the one 8x8 move of [`Position`](crate::Position), and
//! the state a replay keeps in registers.

use reversi_core::Color;

use crate::{Move, zobrist};

/// A standard 8x8 Reversi position as raw words: what
/// `Position::othello_words` gives and `Position::set_othello_words` writes
/// back. A replay ([`Cursor`](crate::Cursor)) keeps these in registers from
/// move to move and writes them into the positions it lends, rather than
/// reading each position back before the next move.
///
/// Why a third raw 8x8 state beside reversi-core's `raw::Game` (moves and
/// end found after each move, no hash) and its `Position::play_placements`
/// state (no hash, no moves): a variants position carries a Zobrist hash,
/// kept here move by move with the variants' keys, which core does not
/// have. The move itself is core's one placement step (`kernel::place`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct OthelloWords {
    /// The discs of the side to move.
    pub(crate) p: u64,
    /// The opponent's discs.
    pub(crate) o: u64,
    pub(crate) side: Color,
    /// The Zobrist hash of the position, kept up to date by every move.
    pub(crate) hash: u64,
}

impl OthelloWords {
    /// The words of `(p, o)` with `side` to move and `hash`.
    #[inline]
    pub(crate) fn new(p: u64, o: u64, side: Color, hash: u64) -> OthelloWords {
        OthelloWords { p, o, side, hash }
    }

    /// `(black, white)`.
    #[inline(always)]
    pub(crate) fn black_white(&self) -> (u64, u64) {
        if self.side == Color::Black { (self.p, self.o) } else { (self.o, self.p) }
    }

    /// The discs a placement on `at` flips, 0 when it is illegal (occupied
    /// or flipping nothing): reversi-core's inline `placement_flips`, since
    /// the next move waits for this one.
    #[inline(always)]
    pub(crate) fn flips(&self, at: usize) -> u64 {
        reversi_core::internal::placement_flips(self.p, self.o, at)
    }

    /// Plays the placement on the empty square `at` flipping `f`: the flipped
    /// discs change colour (reversi-core's per-byte key tables: the keys
    /// agree), the placed disc appears, the turn passes.
    #[inline(always)]
    pub(crate) fn place(&mut self, at: usize, f: u64) {
        self.hash ^= reversi_core::internal::zobrist_flip_delta(f) ^ zobrist::key(at, self.side) ^ zobrist::SIDE_KEY;
        (self.p, self.o) = reversi_core::internal::place(self.p, self.o, at, f);
        self.side = !self.side;
    }

    /// The square of `mv` and the discs a placement there flips (0: illegal,
    /// occupied or flipping nothing); `None` when `mv` is not a placement on
    /// the 8x8 board (a pass, or a square off the board).
    #[inline(always)]
    pub(crate) fn placement(&self, mv: Move) -> Option<(usize, u64)> {
        let Move::Place(sq) = mv else { return None };
        if sq.column() >= 8 || sq.row() >= 8 {
            return None;
        }
        let at = usize::from(sq.row() * 8 + sq.column());
        Some((at, self.flips(at)))
    }

    /// Plays `mv` when it is a legal placement, as
    /// [`Position::try_play`](crate::Position::try_play) does: whether it was
    /// played. A pass, a move off the board, or an illegal placement leaves
    /// the words as they are (the position's own methods say why).
    #[inline(always)]
    pub(crate) fn play(&mut self, mv: Move) -> bool {
        let Some((at, f)) = self.placement(mv) else { return false };
        if f == 0 {
            return false;
        }
        self.place(at, f);
        true
    }
}
