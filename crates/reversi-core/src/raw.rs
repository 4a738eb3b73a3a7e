//! The rules kernel on raw `(player, opponent)` bitboards, for engines.
//!
//! A side is a `u64`: bit `8 * row + column` (`a1` = bit 0, `h1` = bit 7,
//! `h8` = bit 63), the same bits as [`Bitboard`](crate::Bitboard) and
//! [`Square::index`](crate::Square::index). `player` is the side to move,
//! `opponent` the other; [`Position::player`](crate::Position::player) and
//! [`Position::opponent`](crate::Position::opponent) give them. There is no
//! hash and no side colour here: [`play`] is a [`Position::play_unchecked`](crate::Position::play_unchecked)
//! without the Zobrist update, which is what a search wants.
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
//! On a CPU-specific backend each call is one call into code compiled for it
//! (it cannot be inlined into code built without those features, such as a
//! plain `cargo build`); the backend is a `match` on the handle, inlined. So
//! keep a [`Kernel`] in a local rather than calling the free functions (which
//! read the cached detection each time), and count the last ply in the parent's
//! loop with [`Kernel::mobility`] instead of a call per leaf, as
//! [`perft`](crate::perft()) does. `benches/public_api.rs` times such a perft
//! against the library's.
//!
//! ```
//! use reversi_core::{Position, raw};
//!
//! /// Perft on the raw kernel (a pass is a ply, a finished game one leaf),
//! /// the last ply counted in its parent's loop. `depth` is at least 1.
//! fn perft(k: raw::Kernel, p: u64, o: u64, depth: u32) -> u64 {
//!     let mut moves = k.moves(p, o);
//!     if moves == 0 {
//!         // A pass, or the end of the game.
//!         return if depth == 1 || k.moves(o, p) == 0 { 1 } else { perft(k, o, p, depth - 1) };
//!     }
//!     if depth == 1 {
//!         return u64::from(moves.count_ones());
//!     }
//!     let mut total = 0;
//!     while moves != 0 {
//!         let sq = moves.trailing_zeros() as usize;
//!         moves &= moves - 1;
//!         let (child_p, child_o) = k.play(p, o, sq);
//!         total += if depth == 2 {
//!             u64::from(k.mobility(child_p, child_o).max(1))
//!         } else {
//!             perft(k, child_p, child_o, depth - 1)
//!         };
//!     }
//!     total
//! }
//!
//! let start = Position::start();
//! let (p, o) = (start.player().0, start.opponent().0);
//! assert_eq!(perft(raw::Kernel::detect(), p, o, 6), reversi_core::perft(&start, 6));
//! ```

use crate::Backend;
use crate::dispatch::Runnable;

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
