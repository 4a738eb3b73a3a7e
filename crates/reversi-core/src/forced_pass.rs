//! The forced-pass rule of records that leave passes out, written once for
//! the workspace: [`play_or_pass`]. reversi-core's
//! [`Position::play_placements`](crate::Position::play_placements) (the raw
//! 8x8 replay under the WTHOR fast path) and reversi-notation's `Plies` (the
//! replay of every variant, on reversi-variants' position) both step through
//! it.

/// Not part of the public API: exempt from semver, may change or go in any
/// release. It is public only so that reversi-notation's replay and
/// reversi-core's `play_placements` share [`play_or_pass`].
///
/// What [`play_or_pass`] needs of a position a record is replayed on.
pub trait ReplayPosition {
    /// A move, as the record gives it.
    type Move: Copy;
    /// Why a move is illegal.
    type Reason;
    /// Plays `mv` when it is legal: whether it was played (when not, the
    /// position is unchanged).
    fn play_if_legal(&mut self, mv: Self::Move) -> bool;
    /// Whether `mv` is a pass.
    fn is_pass(mv: Self::Move) -> bool;
    /// Whether the side to move has no move but a pass (the game is not over).
    fn must_pass(&self) -> bool;
    /// Plays the pass; only called when [`must_pass`](ReplayPosition::must_pass).
    fn pass(&mut self);
    /// Why `mv`, which [`play_if_legal`](ReplayPosition::play_if_legal) refused,
    /// is illegal here.
    fn why_illegal(&self, mv: Self::Move) -> Self::Reason;
}

/// What [`play_or_pass`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Played {
    /// The move was played.
    Move,
    /// A forced pass was played; the move is still to be played, now by the
    /// other side.
    Pass,
}

/// Not part of the public API (exempt from semver).
///
/// The rule, for a move `mv` read from a record: `mv` is played when it is
/// legal. Otherwise, when `infer` holds, `mv` is not a pass and the side to
/// move must pass, the record left a forced pass out: the pass is played and
/// `mv` belongs to the other side (play it next). Otherwise `mv` is illegal,
/// and the position is as it was.
///
/// The move is tried first because a move fails whenever the side must pass:
/// the rarer forced pass is looked for only then, and why the move fails
/// only when no forced pass explains it.
///
/// # Errors
/// Why `mv` is illegal, from [`ReplayPosition::why_illegal`].
#[inline(always)]
pub fn play_or_pass<P: ReplayPosition>(pos: &mut P, mv: P::Move, infer: bool) -> Result<Played, P::Reason> {
    if pos.play_if_legal(mv) { Ok(Played::Move) } else { pass_or_refuse(pos, mv, infer) }
}

/// The rare half of [`play_or_pass`], kept out of the replay loops.
#[cold]
#[inline(never)]
fn pass_or_refuse<P: ReplayPosition>(pos: &mut P, mv: P::Move, infer: bool) -> Result<Played, P::Reason> {
    if infer && !P::is_pass(mv) && pos.must_pass() {
        pos.pass();
        Ok(Played::Pass)
    } else {
        Err(pos.why_illegal(mv))
    }
}

#[cfg(test)]
mod tests {
    use super::{Played, ReplayPosition, play_or_pass};
    use crate::{Move, PlayError, Position, Square};

    /// reversi-core's own position, the simplest implementation.
    impl ReplayPosition for Position {
        type Move = Move;
        type Reason = PlayError;
        fn play_if_legal(&mut self, mv: Move) -> bool {
            self.play(mv).is_ok()
        }
        fn is_pass(mv: Move) -> bool {
            mv == Move::Pass
        }
        fn must_pass(&self) -> bool {
            Position::must_pass(self)
        }
        fn pass(&mut self) {
            self.play_unchecked(Move::Pass);
        }
        fn why_illegal(&self, mv: Move) -> PlayError {
            let mut pos = *self;
            pos.play(mv).expect_err("refused by play_if_legal")
        }
    }

    #[test]
    fn a_legal_move_is_played_and_a_forced_pass_is_inferred_only_when_asked() {
        let mut pos = Position::start();
        assert_eq!(play_or_pass(&mut pos, Move::Place(Square::F5), true), Ok(Played::Move));
        // White to move, with moves: an illegal move is refused, nothing played.
        let before = pos;
        assert_eq!(play_or_pass(&mut pos, Move::Place(Square::A1), true), Err(PlayError::NoFlips(Square::A1)));
        assert_eq!(pos, before);

        // White has no move, Black has c1: c1 is Black's after a pass.
        const EMPTY: &str = "--------/--------/--------/--------/--------/--------/--------";
        let before: Position = ["XO------/", EMPTY, " O"].concat().parse().unwrap();
        assert!(before.must_pass());
        let mut pos = before;
        assert_eq!(play_or_pass(&mut pos, Move::Place(Square::C1), false), Err(PlayError::NoFlips(Square::C1)));
        assert_eq!(pos, before);
        assert_eq!(play_or_pass(&mut pos, Move::Pass, true), Ok(Played::Move));
        let mut pos = before;
        assert_eq!(play_or_pass(&mut pos, Move::Place(Square::C1), true), Ok(Played::Pass));
        let mut passed = before;
        passed.play_unchecked(Move::Pass);
        assert_eq!(pos, passed);
        assert_eq!(play_or_pass(&mut pos, Move::Place(Square::C1), true), Ok(Played::Move));
        assert_eq!(pos, ["XXX-----/", EMPTY, " O"].concat().parse().unwrap());
        // A pass is never inferred before a pass, nor when the game is over.
        let mut over: Position = ["XX------/", EMPTY, " O"].concat().parse().unwrap();
        assert_eq!(play_or_pass(&mut over, Move::Place(Square::C1), true), Err(PlayError::GameOver));
    }
}
