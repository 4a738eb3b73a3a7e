//! [`Cursor`]: a position played move after move as a record replays it,
//! the forced passes a record leaves out inferred on request; standard 8x8
//! Reversi on raw words kept in registers (the fast path of every replay:
//! reversi-notation's `Plies` is built on it).

use crate::words::OthelloWords;
use crate::{Move, PlayError, Position};

/// What [`Cursor::play`] played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Played {
    /// The move given.
    Move,
    /// A forced pass the record left out, inferred before the move given
    /// (which is the other side's: play it next).
    Pass,
}

/// A position played move after move, with the position before the last
/// move kept beside it (a replay lends both).
///
/// While the position is standard 8x8 Reversi it is played on raw words
/// (reversi-core's kernel) and written into the two positions, never read
/// back: a replay of a game of 60 moves costs about what 60 placements do.
///
/// ```
/// use reversi_variants::{Cursor, Geometry, Move, Played, Position, Variant};
/// let start = Position::start(Variant::Reversi, Geometry::standard())?;
/// let mut cursor = Cursor::new(start);
/// assert_eq!(cursor.play("f5".parse()?, false), Ok(Played::Move));
/// assert_eq!(cursor.before(), &start);
/// assert_eq!(cursor.position().count(reversi_variants::Color::Black), 4);
/// assert!(cursor.play("a1".parse()?, true).is_err()); // not legal, no pass to infer
/// assert_eq!(cursor.position().moves().count(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Cursor {
    before: Position,
    pos: Position,
    /// `pos` as raw words while it is standard 8x8 Reversi.
    words: Option<OthelloWords>,
}

impl Cursor {
    /// A cursor at `start`.
    #[must_use]
    pub fn new(start: Position) -> Cursor {
        Cursor { before: start, pos: start, words: start.othello_words() }
    }

    /// The position reached: after the last move played.
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.pos
    }

    /// The position before the last move played (the start before any).
    #[must_use]
    pub const fn before(&self) -> &Position {
        &self.before
    }

    /// Plays `mv` when it is legal. Otherwise, with `infer_passes`, when
    /// `mv` is not a pass and the side to move has no move but a pass, a
    /// record left a forced pass out: the pass is played
    /// ([`Played::Pass`]) and `mv` is the other side's, to play next (the
    /// workspace's one forced-pass rule, RULES.md). Otherwise `mv` is
    /// illegal: the position is as it was (and [`before`](Cursor::before)
    /// is it too).
    ///
    /// # Errors
    /// [`PlayError`]: why `mv` is not legal here.
    #[inline(always)]
    pub fn play(&mut self, mv: Move, infer_passes: bool) -> Result<Played, PlayError> {
        if let Some(words) = &mut self.words {
            self.before.set_othello_words(words);
            if words.play(mv) {
                self.pos.set_othello_words(words);
                return Ok(Played::Move);
            }
        } else {
            self.before.copy_from(&self.pos);
        }
        self.slow(mv, infer_passes)
    }

    /// [`Cursor::play`] off the 8x8 fast path: any board, a pass, or an
    /// illegal move (`before` already set).
    #[inline(never)]
    fn slow(&mut self, mv: Move, infer_passes: bool) -> Result<Played, PlayError> {
        let played = reversi_core::internal::play_or_pass(&mut self.pos, mv, infer_passes);
        self.words = self.pos.othello_words();
        match played? {
            reversi_core::internal::Played::Move => Ok(Played::Move),
            reversi_core::internal::Played::Pass => Ok(Played::Pass),
        }
    }
}
