//! [`Encoding`]: the actions of a board, numbers for a learner's output, and
//! [`Illegal`], why an action cannot be played.

use reversi_variants::{Geometry, Move, Position, Square, Variant};

/// The actions of a board: `W * H * k + 1` numbers.
///
/// Reversi has `k` = 1: the action of a placement is its square's index
/// `row * W + column` (`a1` = 0). Reversitacks and Attacks have `k` = 25:
/// `destination * 25 + (dr + 2) * 5 + (dc + 2)`, where `(dr, dc)` is the
/// origin's offset from the destination in rows and columns: a jump's origin
/// is two squares away, and a clone (any of the mover's pieces next to the
/// destination) is the offset `(0, 0)`, index 12. The pass is last.
///
/// ```
/// use reversi_engine::env::Encoding;
/// use reversi_variants::{Geometry, Move, Position, Variant};
///
/// let attacks = Encoding::of(&Position::start(Variant::Attacks, Geometry::new(7, 7)?)?);
/// assert_eq!((attacks.count(), attacks.pass()), (7 * 7 * 25 + 1, 7 * 7 * 25));
/// let jump: Move = "a1c3".parse()?;
/// let action = attacks.action_of(jump)?;
/// assert_eq!(attacks.move_of(action as i64), Some(jump));
/// assert_eq!(attacks.move_of(-1), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Encoding {
    width: usize,
    height: usize,
    /// 1 for Reversi, 25 for the games that move pieces.
    per: usize,
}

impl Encoding {
    /// The encoding of `variant` on `geometry`'s board.
    #[must_use]
    pub fn new(variant: Variant, geometry: &Geometry) -> Encoding {
        let per = if variant.moves_pieces() { 25 } else { 1 };
        Encoding { width: usize::from(geometry.width()), height: usize::from(geometry.height()), per }
    }

    /// The encoding of `pos`'s game and board.
    #[must_use]
    pub fn of(pos: &Position) -> Encoding {
        Encoding::new(pos.variant(), pos.geometry())
    }

    /// The board's width (columns).
    #[must_use]
    pub const fn width(self) -> usize {
        self.width
    }

    /// The board's height (rows).
    #[must_use]
    pub const fn height(self) -> usize {
        self.height
    }

    /// The action that passes (the last).
    #[must_use]
    pub const fn pass(self) -> usize {
        self.width * self.height * self.per
    }

    /// The number of actions.
    #[must_use]
    pub const fn count(self) -> usize {
        self.pass() + 1
    }

    /// The action of `mv`, which must be on the board and, for a jump, of
    /// distance 2 (as [`action_of`](Encoding::action_of) checks).
    #[must_use]
    #[inline]
    pub fn encode(self, mv: Move) -> usize {
        let index = |sq: Square| usize::from(sq.row()) * self.width + usize::from(sq.column());
        match mv {
            Move::Pass => self.pass(),
            Move::Place(to) => index(to) * self.per + if self.per == 25 { 12 } else { 0 },
            Move::Jump { from, to } => {
                let dr = usize::from(from.row()) + 2 - usize::from(to.row());
                let dc = usize::from(from.column()) + 2 - usize::from(to.column());
                index(to) * 25 + dr * 5 + dc
            }
        }
    }

    /// The move of `action`, `None` out of range. A jump of distance 1 (an
    /// offset next to the destination other than the clone's) decodes, but
    /// is no move: [`move_of`](Encoding::move_of) refuses it.
    #[must_use]
    #[inline]
    pub fn decode(self, action: i64) -> Option<Move> {
        let a = usize::try_from(action).ok()?;
        if a == self.pass() {
            return Some(Move::Pass);
        }
        if a > self.pass() {
            return None;
        }
        let (to, offset) = (a / self.per, a % self.per);
        let (row, column) = (to / self.width, to % self.width);
        let to = Square::new(column as u8, row as u8)?;
        if self.per == 1 || offset == 12 {
            return Some(Move::Place(to));
        }
        let r = (row + offset / 5).checked_sub(2)?;
        let c = (column + offset % 5).checked_sub(2)?;
        if r >= self.height || c >= self.width {
            return None;
        }
        Some(Move::Jump { from: Square::new(c as u8, r as u8)?, to })
    }

    /// The move of `action`: `None` when it is no action of this board.
    #[must_use]
    pub fn move_of(self, action: i64) -> Option<Move> {
        self.decode(action).filter(|&mv| !is_distance_one_jump(mv))
    }

    /// The action of `mv` on this board.
    ///
    /// # Errors
    /// [`ActionError`] when `mv` is a jump in Reversi, off the board, or a
    /// jump not of distance 2.
    pub fn action_of(self, mv: Move) -> Result<usize, ActionError> {
        if matches!(mv, Move::Jump { .. }) && self.per == 1 {
            return Err(ActionError::JumpInReversi);
        }
        let fits = |sq: Square| usize::from(sq.column()) < self.width && usize::from(sq.row()) < self.height;
        match mv {
            Move::Place(to) if !fits(to) => Err(ActionError::OffBoard(to)),
            Move::Jump { from, to } if !fits(from) || !fits(to) || from.distance(to) != 2 => {
                Err(ActionError::NotAJump(mv))
            }
            _ => Ok(self.encode(mv)),
        }
    }

    /// Why `action` cannot be played in `pos`, or its move.
    pub(crate) fn check(self, pos: &Position, action: i64) -> Result<Move, Illegal> {
        if pos.is_game_over() {
            return Err(Illegal::GameOver);
        }
        let Some(mv) = self.decode(action) else {
            return Err(Illegal::OutOfRange { action, count: self.count() });
        };
        if is_distance_one_jump(mv) || !pos.is_legal(mv) {
            return Err(Illegal::NotLegal { action, mv });
        }
        Ok(mv)
    }
}

/// A "jump" of distance 1: not an action (a clone is offset 0).
fn is_distance_one_jump(mv: Move) -> bool {
    matches!(mv, Move::Jump { from, to } if from.distance(to) != 2)
}

/// A move that is no action of a board ([`Encoding::action_of`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ActionError {
    /// A jump, in Reversi.
    #[error("reversi has no jumps")]
    JumpInReversi,
    /// A placement off the board.
    #[error("{0} is off the board")]
    OffBoard(Square),
    /// A jump off the board or not of distance 2.
    #[error("{0} is not a jump on this board")]
    NotAJump(Move),
}

/// Why an action cannot be played in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Illegal {
    /// The game is over.
    #[error("the game is over (reset it)")]
    GameOver,
    /// The number is no action of the board.
    #[error("action {action} is not an action of this board (0..{count})")]
    OutOfRange {
        /// The action.
        action: i64,
        /// The number of actions.
        count: usize,
    },
    /// The pass, while a placement exists.
    #[error("action {action} (pass) is not legal: a move exists")]
    PassWithMoves {
        /// The action.
        action: i64,
    },
    /// A move the rules refuse here.
    #[error("action {action} ({mv}) is not legal")]
    NotLegal {
        /// The action.
        action: i64,
        /// Its move.
        mv: Move,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_variants::{Geometry, Variant};

    #[test]
    fn every_action_round_trips_and_every_move_has_one() {
        for variant in [Variant::Reversi, Variant::Reversitacks, Variant::Attacks] {
            for (w, h) in [(8, 8), (5, 7), (4, 4)] {
                let Ok(pos) = Position::start(variant, Geometry::new(w, h).unwrap()) else { continue };
                let enc = Encoding::of(&pos);
                let mut moves = 0;
                for action in -2..enc.count() as i64 + 2 {
                    match enc.move_of(action) {
                        Some(mv) => {
                            moves += 1;
                            assert_eq!(enc.action_of(mv), Ok(action as usize), "{variant} {w}x{h} {mv}");
                        }
                        // Out of range, off the board, or a jump of distance 1.
                        None => assert!(enc.decode(action).is_none_or(|mv| matches!(mv, Move::Jump { .. }))),
                    }
                }
                // Every square, and for the games that move pieces each
                // clone and the jumps that stay on the board.
                let squares = w * h;
                if variant == Variant::Reversi {
                    assert_eq!(moves, squares + 1);
                } else {
                    assert!(moves > squares && moves <= squares * 17 + 1);
                }
                for mv in pos.moves() {
                    assert_eq!(enc.move_of(enc.encode(mv) as i64), Some(mv));
                }
            }
        }
        let reversi = Encoding::of(&Position::start(Variant::Reversi, Geometry::standard()).unwrap());
        assert_eq!(reversi.action_of("a1c3".parse().unwrap()), Err(ActionError::JumpInReversi));
        assert!(matches!(reversi.action_of("j1".parse().unwrap()), Err(ActionError::OffBoard(_))));
    }
}
