//! Replaying a record: every move checked against the rules, passes inferred
//! where the format leaves them out.

use reversi_core::Color;
use reversi_variants::{Move, PlayError, Position, Square, StartError};

use crate::Record;

/// How a record's passes are written.
///
/// `#[non_exhaustive]`: other conventions (say, passes never written) may
/// come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    #[error("{}ply {ply}: {mv} is not legal for {}: {reason}", game_prefix(*.game), side_name(*.side))]
    Illegal {
        /// The game's index in its file (0-based), when the reader knows it.
        game: Option<usize>,
        /// The 1-based ply, counting passes (inferred ones included).
        ply: usize,
        /// The move as written.
        mv: Move,
        /// The side that was to move.
        side: Color,
        /// What the rules say.
        reason: PlayError,
    },
}

fn game_prefix(game: Option<usize>) -> String {
    game.map_or(String::new(), |g| format!("game {}, ", g + 1))
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
    pub fn in_game(self, index: usize) -> ReplayError {
        match self {
            ReplayError::Illegal { ply, mv, side, reason, .. } => {
                ReplayError::Illegal { game: Some(index), ply, mv, side, reason }
            }
            other => other,
        }
    }
}

/// The final position of a replay: reversi-core's for 8x8 Othello from the
/// standard start (the fast path), reversi-variants' for anything else.
///
/// `#[non_exhaustive]`: which fast paths exist is the implementation's choice;
/// one may be added.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FinalPosition {
    /// 8x8 Reversi.
    Othello(reversi_core::Position),
    /// Any other variant or board.
    Any(Box<Position>),
}

impl FinalPosition {
    /// The position as reversi-variants holds it, whichever path replayed it
    /// (the way to read it without matching on this `#[non_exhaustive]` enum).
    #[must_use]
    pub fn into_position(self) -> Position {
        match self {
            FinalPosition::Othello(p) => Position::from(p),
            FinalPosition::Any(p) => *p,
        }
    }

    /// Black's and White's pieces.
    #[must_use]
    pub fn pieces(&self) -> (usize, usize) {
        match self {
            FinalPosition::Othello(p) => (p.board().count(Color::Black), p.board().count(Color::White)),
            FinalPosition::Any(p) => (p.count(Color::Black), p.count(Color::White)),
        }
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_game_over(&self) -> bool {
        match self {
            FinalPosition::Othello(p) => p.is_game_over(),
            FinalPosition::Any(p) => p.is_game_over(),
        }
    }

    /// The pieces with the empty squares given to the side with more (WOF/GGS).
    #[must_use]
    pub fn pieces_empties_to_winner(&self) -> (usize, usize) {
        match self {
            FinalPosition::Othello(p) => {
                let s = p.score_empties_to_winner();
                (s.black, s.white)
            }
            FinalPosition::Any(p) => {
                let s = p.score_empties_to_winner();
                (s.black, s.white)
            }
        }
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
    pub position: FinalPosition,
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
/// assert_eq!((done.plies, done.position.pieces()), (3, (5, 2)));
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
/// assert_eq!((before.plies, before.position.pieces()), (2, (3, 3)));
/// assert_eq!(error.unwrap().to_string(), "ply 3: a1 is not legal for Black: a1 flips nothing");
/// # Ok::<(), reversi_notation::ReplayError>(())
/// ```
///
/// # Errors
/// [`ReplayError::Start`] when the start does not fit the board (nothing to
/// replay from).
pub fn replay_prefix(record: &Record, passes: Passes) -> Result<(Replay, Option<ReplayError>), ReplayError> {
    let moves = record.moves.iter().map(|p| p.mv);
    if record.is_standard_othello() {
        return Ok(run_othello(record.first, moves, passes));
    }
    Ok(run_any(record.start_position()?, moves, passes, |_| {}))
}

/// The reversi-core move of an 8x8 square, if it is one.
fn core_move(mv: Move) -> Option<reversi_core::Move> {
    match mv {
        Move::Pass => Some(reversi_core::Move::Pass),
        Move::Place(sq) => reversi_core::Square::from_coords(sq.column(), sq.row()).map(reversi_core::Move::Place),
        Move::Jump { .. } => None,
    }
}

/// The reason reversi-core gave for refusing `mv` at `pos`, as
/// reversi-variants names it. reversi-core's `PlayError` is `#[non_exhaustive]`:
/// a reason it gains later is asked of reversi-variants' engine on the same
/// position, which agrees with reversi-core move for move (tested).
fn variant_reason(pos: reversi_core::Position, mv: Move, e: reversi_core::PlayError) -> PlayError {
    let sq = |s: reversi_core::Square| Square::from(s);
    match e {
        reversi_core::PlayError::Occupied(s) => PlayError::Occupied(sq(s)),
        reversi_core::PlayError::NoFlips(s) => PlayError::NoFlips(sq(s)),
        reversi_core::PlayError::PassWithMoves => PlayError::PassWithMoves,
        reversi_core::PlayError::GameOver => PlayError::GameOver,
        _ => match Position::from(pos).play(mv) {
            Err(reason) => reason,
            Ok(()) => unreachable!("reversi-core refuses {mv} ({e}), reversi-variants plays it"),
        },
    }
}

/// The fast path: 8x8 Othello on reversi-core, no allocation.
pub(crate) fn replay_othello(
    first: Color,
    moves: impl IntoIterator<Item = Move>,
    passes: Passes,
) -> Result<Replay, ReplayError> {
    match run_othello(first, moves, passes) {
        (done, None) => Ok(done),
        (_, Some(error)) => Err(error),
    }
}

/// The fast path's loop: the replay up to the first illegal move, and its
/// error.
fn run_othello(first: Color, moves: impl IntoIterator<Item = Move>, passes: Passes) -> (Replay, Option<ReplayError>) {
    let mut pos = reversi_core::Position::start_with_first(first);
    let (mut plies, mut passed, mut inferred) = (0, 0, 0);
    let mut error = None;
    for mv in moves {
        let Some(core) = core_move(mv) else {
            let side = pos.side_to_move();
            let reason = match mv {
                Move::Place(sq) => PlayError::OffBoard(sq),
                _ => PlayError::JumpInReversi,
            };
            error = Some(ReplayError::Illegal { game: None, ply: plies + 1, mv, side, reason });
            break;
        };
        // Try the move first: a placement fails whenever the side must pass, so
        // the (rarer) forced pass is looked for only then.
        if let Err(e) = pos.play(core) {
            let retry = passes == Passes::Infer && mv != Move::Pass && pos.must_pass();
            let e = if retry {
                pos.play_unchecked(reversi_core::Move::Pass);
                (plies, passed, inferred) = (plies + 1, passed + 1, inferred + 1);
                pos.play(core).err()
            } else {
                Some(e)
            };
            if let Some(e) = e {
                let (side, reason) = (pos.side_to_move(), variant_reason(pos, mv, e));
                error = Some(ReplayError::Illegal { game: None, ply: plies + 1, mv, side, reason });
                break;
            }
        }
        plies += 1;
        passed += usize::from(mv == Move::Pass);
    }
    (Replay { position: FinalPosition::Othello(pos), plies, passes: passed, inferred }, error)
}

/// Any variant and board, on reversi-variants.
/// `inferred_before(i)` is told of each pass inferred before move `i`.
fn run_any(
    start: Position,
    moves: impl IntoIterator<Item = Move>,
    passes: Passes,
    mut inferred_before: impl FnMut(usize),
) -> (Replay, Option<ReplayError>) {
    let mut pos = start;
    let (mut plies, mut passed, mut inferred) = (0, 0, 0);
    let mut error = None;
    for (i, mv) in moves.into_iter().enumerate() {
        if passes == Passes::Infer && mv != Move::Pass && pos.must_pass() {
            inferred_before(i);
            pos.play_unchecked(Move::Pass);
            (plies, passed, inferred) = (plies + 1, passed + 1, inferred + 1);
        }
        let side = pos.side_to_move();
        if let Err(reason) = pos.play(mv) {
            error = Some(ReplayError::Illegal { game: None, ply: plies + 1, mv, side, reason });
            break;
        }
        plies += 1;
        passed += usize::from(mv == Move::Pass);
    }
    (Replay { position: FinalPosition::Any(Box::new(pos)), plies, passes: passed, inferred }, error)
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
    let mut at = Vec::new();
    let moves = record.moves.iter().map(|p| p.mv);
    if let (_, Some(error)) = run_any(record.start_position()?, moves, passes, |i| at.push(i)) {
        return Err(error);
    }
    let mut written = Record { moves: Vec::with_capacity(record.moves.len() + at.len()), ..record.clone() };
    let mut at = at.into_iter().peekable();
    for (i, ply) in record.moves.iter().enumerate() {
        if at.next_if_eq(&i).is_some() {
            written.moves.push(Move::Pass.into());
        }
        written.moves.push(ply.clone());
    }
    Ok(written)
}
