//! Replaying a record: every move checked against the rules, passes inferred
//! where the format leaves them out. [`Plies`] is THE replay loop (over
//! reversi-variants' [`Cursor`]); [`replay`] and [`replay_prefix`] tally it,
//! [`with_passes`] and the GGF writer write the forced passes it infers
//! (`WithPasses`).

use std::sync::Arc;

use reversi_core::Color;
use reversi_variants::{Cursor, Move, PlayError, Played, Position, StartError};

use crate::record::write_location;
use crate::{Location, Ply, Record};

/// How a record's passes are written.
///
/// `#[non_exhaustive]`: other conventions (say, passes never written) may
/// come.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Passes {
    /// Every pass is in the moves; a missing one is an error.
    Explicit,
    /// Forced passes may be left out: one is inserted before a move whenever the
    /// side to move has no move (WTHOR, most transcripts). Written passes are
    /// still accepted.
    Infer,
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError {
    /// The start does not fit the board.
    #[error("the start: {0}")]
    Start(#[from] StartError),
    /// A move the rules do not allow.
    ///
    /// Shown as compilers show errors when the record says where it was read
    /// ([`Record::origin`], [`Ply::at`]): `FILE:LINE:COL: game N, ply P: f5
    /// is not legal for White: ...`; without them, `game N, ply P: ...` or
    /// `ply P: ...`.
    #[error("{}ply {ply}: {mv} is not legal for {}: {reason}", Prefix(file.as_deref(), *at, *game), side_name(*.side))]
    Illegal {
        /// The file, when the record says (from [`Record::origin`]).
        file: Option<Arc<str>>,
        /// Where the move was read, when the record says ([`Ply::at`]).
        at: Option<Location>,
        /// The game's index in its file (0-based), when the reader knows it.
        game: Option<usize>,
        /// The 1-based ply, counting passes (inferred ones included).
        ply: usize,
        /// The move's index among the moves as written (0-based: inferred
        /// passes not counted): `record.moves[index]`.
        index: usize,
        /// The move as written.
        mv: Move,
        /// The side that was to move.
        side: Color,
        /// What the rules say.
        reason: PlayError,
    },
}

/// `FILE:LINE:COL: game N, ` and its shorter forms.
struct Prefix<'a>(Option<&'a str>, Option<Location>, Option<usize>);

impl std::fmt::Display for Prefix<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write_location(self.0, self.1, f)?;
        match self.2 {
            Some(g) => write!(f, "game {}, ", g + 1),
            None => Ok(()),
        }
    }
}

fn side_name(side: Color) -> &'static str {
    match side {
        Color::Black => "Black",
        Color::White => "White",
    }
}

impl ReplayError {
    /// The same error, naming the game's index in its file.
    #[must_use]
    pub fn in_game(mut self, index: usize) -> ReplayError {
        if let ReplayError::Illegal { game, .. } = &mut self {
            *game = Some(index);
        }
        self
    }

    /// The same error, located with what `record` says of where it was read:
    /// the file and game of [`Record::origin`], the line and column (or byte)
    /// of the move ([`Ply::at`]). [`replay`] and [`replay_prefix`] do this
    /// themselves; [`plies`] leaves it to the caller.
    ///
    /// ```
    /// use reversi_notation::{Format, Passes, Reader, ReadOptions, plies};
    /// let text = "f5d6\nf5d6c3a1\n";
    /// let mut reader = Reader::new(Format::Transcript, text.as_bytes(), ReadOptions::new()).named("games.txt");
    /// reader.next().unwrap()?;
    /// let game = reader.next().unwrap()?;
    /// let error = plies(&game, Passes::Infer)?.find_map(Result::err).unwrap();
    /// assert_eq!(error.in_record(&game).to_string(), "games.txt:2:7: game 2, ply 4: a1 is not legal for White: a1 flips nothing");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn in_record(mut self, record: &Record) -> ReplayError {
        if let ReplayError::Illegal { file, at, game, index, .. } = &mut self {
            if let Some(origin) = &record.origin {
                (*file, *game) = (origin.file.clone(), Some(origin.game));
            }
            *at = record.moves.get(*index).and_then(|p| p.at).or(*at);
        }
        self
    }
}

/// What a replay found.
///
/// `#[non_exhaustive]`: a replay may report more. Read the fields; values come
/// from [`replay`] and [`replay_prefix`] only.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Replay {
    /// The position after the last move.
    pub position: Position,
    /// Plies played, passes included (inferred ones too).
    pub plies: usize,
    /// Passes played, written or inferred.
    pub passes: usize,
    /// Of those, the passes that were not written.
    pub inferred: usize,
}

/// Replays `record`, checking every move.
///
/// ```
/// use reversi_notation::{Passes, Record, replay};
/// let mut record = Record::new();
/// record.moves = ["f5", "d6", "c3"].iter().map(|m| m.parse::<reversi_variants::Move>().unwrap().into()).collect();
/// let done = replay(&record, Passes::Infer)?;
/// assert_eq!((done.plies, done.position.score().to_string().as_str()), (3, "5-2"));
/// record.moves.push("a1".parse::<reversi_variants::Move>().unwrap().into());
/// let err = replay(&record, Passes::Infer).unwrap_err();
/// assert_eq!(err.to_string(), "ply 4: a1 is not legal for White: a1 flips nothing");
/// # Ok::<(), reversi_notation::ReplayError>(())
/// ```
///
/// # Errors
/// [`ReplayError`] naming the ply, the move, the side and the reason.
pub fn replay(record: &Record, passes: Passes) -> Result<Replay, ReplayError> {
    match replay_prefix(record, passes)? {
        (done, None) => Ok(done),
        (_, Some(error)) => Err(error),
    }
}

/// Replays `record` as far as it is legal: the replay up to the first
/// illegal move (a forced pass inferred just before it included) and, if
/// there is one, why it is illegal.
///
/// ```
/// use reversi_notation::{Passes, Record, replay_prefix};
/// let mut record = Record::new();
/// record.moves = ["f5", "d6", "a1", "c3"].iter().map(|m| m.parse::<reversi_variants::Move>().unwrap().into()).collect();
/// let (before, error) = replay_prefix(&record, Passes::Infer)?;
/// assert_eq!((before.plies, before.position.score().to_string().as_str()), (2, "3-3"));
/// assert_eq!(error.unwrap().to_string(), "ply 3: a1 is not legal for Black: a1 flips nothing");
/// # Ok::<(), reversi_notation::ReplayError>(())
/// ```
///
/// # Errors
/// [`ReplayError::Start`] when the start does not fit the board (nothing to
/// replay from).
pub fn replay_prefix(record: &Record, passes: Passes) -> Result<(Replay, Option<ReplayError>), ReplayError> {
    let moves = record.moves.iter().map(|p| p.mv);
    let (done, error) = run(record.start_position()?, moves, passes);
    Ok((done, error.map(|e| e.in_record(record))))
}

/// One ply of a replayed game: the position it is played from, the move,
/// and the position after it. See [`plies`].
///
/// `#[non_exhaustive]`: a step may tell more. Read the fields; values come
/// from [`Plies`] only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Step {
    /// The 1-based ply, passes counted (inferred ones too).
    pub ply: usize,
    /// The position the move is played from.
    pub before: Position,
    /// The move: as written, or a pass the record left out.
    pub mv: Move,
    /// Whether `mv` is a forced pass the record left out.
    pub inferred: bool,
    /// The position after the move.
    pub after: Position,
}

/// One ply of a replayed game, borrowed from the [`Plies`] that replays it:
/// what [`Plies::next_ply`] gives without copying the positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct StepRef<'a> {
    /// The 1-based ply, passes counted (inferred ones too).
    pub ply: usize,
    /// The position the move is played from.
    pub before: &'a Position,
    /// The move: as written, or a pass the record left out.
    pub mv: Move,
    /// Whether `mv` is a forced pass the record left out.
    pub inferred: bool,
    /// The position after the move.
    pub after: &'a Position,
}

impl StepRef<'_> {
    /// The step with its positions copied.
    #[must_use]
    pub const fn to_step(&self) -> Step {
        Step { ply: self.ply, before: *self.before, mv: self.mv, inferred: self.inferred, after: *self.after }
    }
}

/// A game replayed position by position: every move checked, forced passes
/// inferred under [`Passes::Infer`] (each as a [`Step`] of its own). An
/// illegal move ends it with its [`ReplayError`]. Made by [`plies`] for a
/// record, or by [`Plies::new`] for moves from anywhere.
///
/// As an iterator it gives owned [`Step`]s; [`Plies::next_ply`] gives the
/// same steps borrowed, without copying two positions a ply (the fast way
/// through millions of positions).
#[derive(Clone, Debug)]
pub struct Plies<I> {
    /// The positions before and after the last step (reversi-variants'
    /// 8x8 fast path inside).
    cursor: Cursor,
    moves: I,
    /// A written move waiting behind the pass inferred before it.
    pending: Option<Move>,
    passes: Passes,
    ply: usize,
    /// Passes inferred so far (the written moves taken are `ply - inferred`).
    inferred: usize,
    done: bool,
}

impl<I: Iterator<Item = Move>> Plies<I> {
    /// The plies of `moves` played from `start`.
    pub fn new(start: Position, moves: impl IntoIterator<IntoIter = I>, passes: Passes) -> Plies<I> {
        Plies {
            cursor: Cursor::new(start),
            moves: moves.into_iter(),
            pending: None,
            passes,
            ply: 0,
            inferred: 0,
            done: false,
        }
    }

    /// The position reached so far: after the last step given.
    #[must_use]
    pub const fn position(&self) -> &Position {
        self.cursor.position()
    }

    /// The next step, borrowed: `None` after the last move or after an
    /// illegal one (given once, as an error).
    ///
    /// ```
    /// use reversi_notation::{Passes, plies, transcript};
    /// use reversi_variants::{Geometry, Variant};
    /// let games = transcript::read("f5d6c3", Variant::Reversi, Geometry::standard())?;
    /// let mut steps = plies(&games[0], Passes::Infer)?;
    /// let mut margins = Vec::new();
    /// while let Some(step) = steps.next_ply() {
    ///     margins.push(step?.after.margin());
    /// }
    /// assert_eq!(margins, [-3, 0, -3]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// The [`ReplayError`] of an illegal move.
    #[inline(always)]
    pub fn next_ply(&mut self) -> Option<Result<StepRef<'_>, ReplayError>> {
        if self.done {
            return None;
        }
        let Some(mv) = self.pending.take().or_else(|| self.moves.next()) else {
            self.done = true;
            return None;
        };
        let infer = self.passes == Passes::Infer;
        let (mv, inferred) = match self.cursor.play(mv, infer) {
            Ok(Played::Move) => (mv, false),
            Ok(Played::Pass) => {
                self.pending = Some(mv);
                self.inferred += 1;
                (Move::Pass, true)
            }
            Err(reason) => return Some(Err(self.illegal(mv, reason))),
        };
        self.ply += 1;
        Some(Ok(StepRef { ply: self.ply, before: self.cursor.before(), mv, inferred, after: self.cursor.position() }))
    }

    /// The error of `mv`, illegal at the next ply; the replay ends.
    #[inline(never)]
    fn illegal(&mut self, mv: Move, reason: PlayError) -> ReplayError {
        self.done = true;
        let pos = self.cursor.position();
        let (ply, side, index) = (self.ply + 1, pos.side_to_move(), self.ply - self.inferred);
        ReplayError::Illegal { file: None, at: None, game: None, ply, index, mv, side, reason }
    }
}

impl<I: Iterator<Item = Move>> Iterator for Plies<I> {
    type Item = Result<Step, ReplayError>;

    fn next(&mut self) -> Option<Result<Step, ReplayError>> {
        self.next_ply().map(|step| step.map(|s| s.to_step()))
    }
}

impl<I: Iterator<Item = Move>> core::iter::FusedIterator for Plies<I> {}

/// The moves of a record, for [`Plies`]: [`plies`] makes it.
#[derive(Clone, Debug)]
pub struct RecordMoves<'a>(core::slice::Iter<'a, Ply>);

impl Iterator for RecordMoves<'_> {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        self.0.next().map(|p| p.mv)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl ExactSizeIterator for RecordMoves<'_> {}

impl core::iter::FusedIterator for RecordMoves<'_> {}

/// The game of `record` position by position: the training-data view of a
/// record. Each [`Step`] holds the position before, the move and the position
/// after; passes the record leaves out are steps too under [`Passes::Infer`].
/// Combined with [`Reader`](crate::Reader), a multi-gigabyte archive is walked
/// position by position holding one game at a time.
///
/// ```
/// use reversi_notation::{Passes, plies, transcript};
/// use reversi_variants::{Geometry, Variant};
/// let games = transcript::read("f5d6c3", Variant::Reversi, Geometry::standard())?;
/// let steps: Vec<_> = plies(&games[0], Passes::Infer)?.collect::<Result<_, _>>()?;
/// assert_eq!(steps.len(), 3);
/// assert_eq!((steps[2].ply, steps[2].mv.to_string()), (3, "c3".to_string()));
/// assert_eq!(steps[1].after, steps[2].before);
/// assert_eq!(steps[2].after.score().to_string(), "5-2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`ReplayError::Start`] when the start does not fit the board; an illegal
/// move is the iterator's last item.
#[inline]
pub fn plies(record: &Record, passes: Passes) -> Result<Plies<RecordMoves<'_>>, ReplayError> {
    Ok(Plies::new(record.start_position()?, RecordMoves(record.moves.iter()), passes))
}

/// The first position of `record`'s game (its start, or the position after
/// a ply) with exactly `empties` empty squares (holes are not empty), as a
/// solver labels a game: WTHOR's theoretical score is the exact value of
/// the position at its header's depth. `None` when the game never has that
/// many (it starts with fewer, or its record stops before).
///
/// ```
/// use reversi_notation::{Passes, position_with_empties, transcript};
/// use reversi_variants::{Geometry, Variant};
/// let games = transcript::read("f5d6c3", Variant::Reversi, Geometry::standard())?;
/// let pos = position_with_empties(&games[0], 58, Passes::Infer)?.expect("after two plies");
/// assert_eq!(pos.score().to_string(), "3-3");
/// assert_eq!(position_with_empties(&games[0], 40, Passes::Infer)?, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`ReplayError`] for a start that does not fit, or an illegal move before
/// the position is reached.
pub fn position_with_empties(record: &Record, empties: usize, passes: Passes) -> Result<Option<Position>, ReplayError> {
    let empty = |p: &Position| p.empties();
    let mut steps = plies(record, passes)?;
    if empty(steps.position()) == empties {
        return Ok(Some(*steps.position()));
    }
    while let Some(step) = steps.next_ply() {
        let step = step.map_err(|e| e.in_record(record))?;
        match empty(step.after) {
            n if n == empties => return Ok(Some(*step.after)),
            n if n < empties => return Ok(None),
            _ => {}
        }
    }
    Ok(None)
}

/// The replay of `moves` from `start` up to the first illegal move, and its
/// error: [`Plies`] tallied.
pub(crate) fn run(
    start: Position,
    moves: impl IntoIterator<Item = Move>,
    passes: Passes,
) -> (Replay, Option<ReplayError>) {
    let mut steps = Plies::new(start, moves, passes);
    let (mut plies, mut passed, mut inferred) = (0, 0, 0);
    let mut error = None;
    while let Some(step) = steps.next_ply() {
        match step {
            Ok(step) => {
                plies += 1;
                passed += usize::from(step.mv == Move::Pass);
                inferred += usize::from(step.inferred);
            }
            Err(e) => error = Some(e),
        }
    }
    (Replay { position: *steps.position(), plies, passes: passed, inferred }, error)
}

/// The moves of a record with the forced passes it leaves out written in
/// ([`None`] for each such pass, before the move it was inferred for), from
/// [`Plies`]: what [`with_passes`] builds and what a writer of a format whose
/// passes are explicit writes ([`with_forced_passes`]). The replay stops at
/// the first illegal move ([`WithPasses::error`]); the moves from there on are
/// given as written.
pub(crate) struct WithPasses<'a> {
    /// The replay, while it goes on.
    steps: Option<Plies<RecordMoves<'a>>>,
    /// The record's moves not given yet (the replay's written moves, in step).
    moves: core::slice::Iter<'a, Ply>,
    /// The illegal move that stopped the replay, once it has.
    error: Option<ReplayError>,
}

impl WithPasses<'_> {
    /// The illegal move that stopped the replay, once it has (as [`plies`]
    /// gives it: not located in the record).
    pub(crate) fn error(&mut self) -> Option<ReplayError> {
        self.error.take()
    }
}

impl<'a> Iterator for WithPasses<'a> {
    type Item = Option<&'a Ply>;

    fn next(&mut self) -> Option<Option<&'a Ply>> {
        if let Some(steps) = &mut self.steps {
            match steps.next_ply().map(|step| step.map(|s| s.inferred)) {
                Some(Ok(true)) => return Some(None),
                Some(Ok(false)) => {}
                Some(Err(error)) => (self.error, self.steps) = (Some(error), None),
                None => self.steps = None,
            }
        }
        self.moves.next().map(Some)
    }
}

/// The record with every forced pass written, every move checked: what a
/// format that leaves passes out reads as, ready for one that writes them.
///
/// ```
/// use reversi_notation::{Passes, transcript, with_passes};
/// use reversi_variants::{Geometry, Move, Variant};
/// // Black's f5 then White's pass-free wipe-out line, read without passes.
/// let games = transcript::read("f5d6c3d3c4f4f6f3e6e7", Variant::Reversi, Geometry::standard())?;
/// let written = with_passes(&games[0], Passes::Infer)?;
/// assert_eq!(written.moves.len(), games[0].moves.len());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`ReplayError`] as [`replay`].
pub fn with_passes(record: &Record, passes: Passes) -> Result<Record, ReplayError> {
    let mut moves = WithPasses { steps: Some(plies(record, passes)?), moves: record.moves.iter(), error: None };
    let mut written = Record { moves: Vec::with_capacity(record.moves.len()), ..record.clone() };
    while let Some(ply) = moves.next() {
        if let Some(error) = moves.error() {
            return Err(error.in_record(record));
        }
        written.moves.push(ply.map_or_else(|| Move::Pass.into(), Ply::clone));
    }
    Ok(written)
}

/// The moves of `record` with the forced passes it leaves out written in, up
/// to its first illegal move (none past it, so that the moves from there on
/// are written as they are and the record's reader finds the same illegal
/// move at the same ply); its moves as they are when its start does not fit
/// its board, or when it was read from a format that writes every pass
/// ([`Origin::passes`](crate::Origin::passes) explicit: its moves are as
/// that format gave them, a missing pass an illegal move, not a gap). A
/// writer of a format whose passes are explicit ([`Passes::Explicit`])
/// writes them, so that it never labels a move with the wrong side.
pub(crate) fn with_forced_passes(record: &Record) -> WithPasses<'_> {
    let explicit = record.origin.as_ref().is_some_and(|o| o.passes == Passes::Explicit);
    let steps = if explicit { None } else { plies(record, Passes::Infer).ok() };
    WithPasses { steps, moves: record.moves.iter(), error: None }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(moves: &str) -> Record {
        let mut record = Record::new();
        record.moves = moves.split_whitespace().map(|m| m.parse::<Move>().unwrap().into()).collect();
        record
    }

    /// The moves `with_forced_passes` gives, `-` for each pass written in.
    fn written(record: &Record) -> String {
        let moves = with_forced_passes(record).map(|p| p.map_or_else(|| "-".to_owned(), |p| p.mv.to_string()));
        moves.collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn forced_passes_are_written_in_up_to_the_first_illegal_move() {
        // Black must pass after c1; White then plays e3.
        let passed = record("d3 c3 b3 b2 f5 a3 a1 c1 e3");
        assert_eq!(written(&passed), "d3 c3 b3 b2 f5 a3 a1 c1 - e3");
        let full = with_passes(&passed, Passes::Infer).unwrap();
        // Written once: nothing more to write in.
        assert_eq!(written(&full), "d3 c3 b3 b2 f5 a3 a1 c1 pass e3");
        assert_eq!(with_passes(&full, Passes::Explicit), Ok(full.clone()));
        // Illegal after the pass inferred for it: the pass is written, then
        // the moves as they are.
        let illegal = record("d3 c3 b3 b2 f5 a3 a1 c1 h8 e3 a1");
        assert_eq!(written(&illegal), "d3 c3 b3 b2 f5 a3 a1 c1 - h8 e3 a1");
        let error = with_passes(&illegal, Passes::Infer).unwrap_err();
        assert_eq!(error.to_string(), "ply 10: h8 is not legal for White: h8 flips nothing");
        // Illegal before any pass: nothing written in.
        assert_eq!(written(&record("f5 f5 d3")), "f5 f5 d3");
        // Read from a format that writes every pass: the moves as they are.
        let mut explicit = passed.clone();
        explicit.origin =
            Some(crate::Origin::new(None, 0, Location::Text { line: 1, column: 1 }).with_passes(Passes::Explicit));
        assert_eq!(written(&explicit), "d3 c3 b3 b2 f5 a3 a1 c1 e3");
        assert!(with_passes(&explicit, Passes::Explicit).is_err());
    }
}
