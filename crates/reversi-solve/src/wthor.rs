//! WTHOR's theoretical scores, checked and filled by the exact solver
//! (feature `wthor`).
//!
//! A game of a WTHOR database carries, beside its real score, a theoretical
//! score: Black's discs at the end of perfect play by both sides from the
//! game's position with `depth` empty squares, the empty squares of the end
//! given to the winner as for the real score (so 0 to 64, 32 a draw). The
//! depth is the file header's (24 in the FFO's files of 1977-1985 in
//! `data/wthor/`). Read as records (reversi-notation), a game keeps the
//! score in the extra field [`wthor::THEORETICAL_SCORE`] and the depth in
//! [`wthor::DEPTH`]; the WTHOR writer puts both back.
//!
//! The convention, the one Edax's `-wtest` checks (RULES.md, "Exact
//! values"):
//! - the position is the game's first with `depth` empty squares: the one
//!   after its first `60 - depth` moves (WTHOR stores no passes; forced
//!   ones are inferred). The side to move there may have to pass.
//! - a game over before it (a wipe-out, or neither side able to move with
//!   empty squares left) has its final score, empties to the winner: its
//!   real score.
//! - a game whose record stops before it without being over (unfinished,
//!   abandoned) has none ([`Unscored::Unfinished`]); so has an illegal move
//!   before it ([`Unscored::Illegal`]). A move after it is not looked at.
//! - the solve's score, the side to move's disc difference `d` with empties
//!   to the winner, is Black's `32 + d / 2` discs (`d` from Black's side).
//!
//! [`theoretical_score`] is that convention for one game;
//! [`check_theoretical`] runs it over records on threads (one game a thread)
//! and sets each result beside the record's stated score;
//! [`fill_theoretical`] writes the results into the records' fields before
//! they are written as WTHOR.
//!
//! ```
//! use reversi_notation::{Ply, Record, wthor};
//! use reversi_solve::SolveOptions;
//! use reversi_solve::wthor::{TheoreticalOptions, Unscored, check_theoretical, fill_theoretical};
//!
//! let game = |moves: &str| -> Record {
//!     let mut record = Record::new();
//!     record.moves.extend(moves.split(' ').map(|mv| Ply::new(mv.parse().unwrap())));
//!     record
//! };
//! let options = TheoreticalOptions::new().solve(SolveOptions::new().threads(2));
//! // A game that stops at 57 empties, not over: no score at 24.
//! let checks = check_theoretical(&[game("f5 d6 c3")], &options)?;
//! assert_eq!(checks[0].computed, Err(Unscored::Unfinished { empties: 57 }));
//! // A wipe-out at 51 empties: its final score, 64 discs to Black.
//! let mut games = [game("e6 f4 e3 f6 g5 d6 e7 f5 c5")];
//! let checks = fill_theoretical(&mut games, &options)?;
//! assert_eq!(checks[0].computed_score(), Some(64));
//! assert_eq!(games[0].get(wthor::THEORETICAL_SCORE), Some("64"));
//! assert_eq!(games[0].get(wthor::DEPTH), Some("24"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use reversi_notation::{Passes, Record, ReplayError, position_with_empties, replay, wthor};
use reversi_variants::Color;

use crate::{SolveError, SolveOptions, solve};

/// The depth of a record that states none (no [`wthor::DEPTH`] field: a
/// WTHOR header's depth of 0, or a record of another format): 24 empty
/// squares, the depth of the FFO's files.
pub const DEFAULT_DEPTH: u8 = 24;

/// The largest depth: the 60 empty squares of the 8x8 start.
pub const MAX_DEPTH: u8 = 60;

/// `depth` if it is a depth theoretical scores can be computed at: 0 to
/// [`MAX_DEPTH`] empty squares. The one check of a depth a user gave (the
/// CLI's `--empties`/`--depth`, Python's `depth=`).
///
/// # Errors
/// [`SolveError::Depth`] past [`MAX_DEPTH`].
pub fn checked_depth(depth: usize) -> Result<u8, SolveError> {
    match u8::try_from(depth) {
        Ok(d) if d <= MAX_DEPTH => Ok(d),
        _ => Err(SolveError::Depth { requested: depth, max: usize::from(MAX_DEPTH) }),
    }
}

/// How theoretical scores are computed: the solve's options and the depth.
/// A builder: `TheoreticalOptions::new().depth(22).solve(SolveOptions::new().threads(2))`.
#[derive(Clone, Debug, Default)]
pub struct TheoreticalOptions {
    solve: SolveOptions,
    depth: Option<u8>,
}

impl TheoreticalOptions {
    /// One thread, each record at its own depth ([`depth_of`](Self::depth_of)).
    #[must_use]
    pub fn new() -> TheoreticalOptions {
        TheoreticalOptions::default()
    }

    /// The solve's options. Its thread count is the number of games solved
    /// at once (each on one thread; fewer games than threads share the
    /// threads out); its table size is each game's; its deadline and
    /// [`Cancel`](crate::Cancel) token stop every game.
    #[must_use]
    pub fn solve(mut self, options: SolveOptions) -> TheoreticalOptions {
        self.solve = options;
        self
    }

    /// Every record at `depth` empty squares, whatever its own depth says
    /// (checked by [`check`](Self::check); [`checked_depth`] checks a
    /// number a user gave).
    #[must_use]
    pub fn depth(mut self, depth: u8) -> TheoreticalOptions {
        self.depth = Some(depth);
        self
    }

    /// The solve's options.
    #[must_use]
    pub fn get_solve(&self) -> &SolveOptions {
        &self.solve
    }

    /// The depth given, if any.
    #[must_use]
    pub fn get_depth(&self) -> Option<u8> {
        self.depth
    }

    /// The depth `record` is checked or filled at: the one given
    /// ([`depth`](Self::depth)), else the record's [`wthor::DEPTH`] field,
    /// else [`DEFAULT_DEPTH`]. The one place that decides it.
    #[must_use]
    pub fn depth_of(&self, record: &Record) -> u8 {
        self.depth.or_else(|| record.get(wthor::DEPTH).and_then(|d| d.parse().ok())).unwrap_or(DEFAULT_DEPTH)
    }

    /// Checks the solve's options and the depth.
    ///
    /// # Errors
    /// As [`SolveOptions::check`]; [`SolveError::Depth`] for a depth past
    /// [`MAX_DEPTH`].
    pub fn check(&self) -> Result<(), SolveError> {
        self.solve.check()?;
        self.depth.map_or(Ok(0), |depth| checked_depth(usize::from(depth))).map(drop)
    }
}

/// A theoretical score the solver computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Computed {
    /// Black's discs at the end of perfect play, empty squares to the
    /// winner: 0 to 64.
    pub black_discs: u8,
    /// The empty squares of the position solved: the depth, or more when the
    /// game was over before it (then its final position).
    pub empties: u8,
    /// Positions searched.
    pub nodes: u64,
    /// Wall time of the solve.
    pub elapsed: Duration,
}

/// Why a game has no theoretical score.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Unscored {
    /// The record stops with `empties` empty squares, more than the depth,
    /// and the game is not over (an unfinished or abandoned game).
    Unfinished {
        /// The empty squares where the record stops.
        empties: u8,
    },
    /// Not standard 8x8 Reversi from the standard start (WTHOR holds no other).
    NotOthello,
    /// A move before the depth that the rules do not allow.
    Illegal(ReplayError),
}

impl fmt::Display for Unscored {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unscored::Unfinished { empties } => {
                write!(f, "the game stops unfinished at {empties} empties, before the depth")
            }
            Unscored::NotOthello => f.write_str("not 8x8 Reversi from the standard start"),
            Unscored::Illegal(e) => write!(f, "{e}"),
        }
    }
}

/// One game's theoretical score: stated by its record and computed.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct TheoreticalCheck {
    /// The game's index in the records given (0-based).
    pub game: usize,
    /// The depth it was computed at ([`TheoreticalOptions::depth_of`]).
    pub depth: u8,
    /// The record's [`wthor::THEORETICAL_SCORE`]; `None` when it has none
    /// (or one that is not a number from 0 to 255).
    pub stated: Option<u8>,
    /// The solver's, or why there is none.
    pub computed: Result<Computed, Unscored>,
}

impl TheoreticalCheck {
    /// The computed score (Black's discs), if any.
    #[must_use]
    pub fn computed_score(&self) -> Option<u8> {
        self.computed.as_ref().ok().map(|c| c.black_discs)
    }

    /// Whether the record states a score and the solver computed another.
    #[must_use]
    pub fn disagrees(&self) -> bool {
        matches!((self.stated, self.computed_score()), (Some(s), Some(c)) if s != c)
    }

    /// Whether the record states the score the solver computed.
    #[must_use]
    pub fn agrees(&self) -> bool {
        self.stated.is_some() && self.stated == self.computed_score()
    }
}

/// One game's check as named fields: a line of `reversi solve --wthor-check
/// --json` and an item of Python's `check_wthor`, defined once (with the
/// `serde` feature, `Serialize` writes them in this order, `empties` or
/// `unscored` only when there is one).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct CheckReport {
    /// The game's number in the records given, from 1.
    pub game: usize,
    /// Black's name, `None` when the record has none.
    pub black: Option<String>,
    /// White's name, `None` when the record has none.
    pub white: Option<String>,
    /// [`TheoreticalCheck::depth`].
    pub depth: u8,
    /// [`TheoreticalCheck::stated`].
    pub stated: Option<u8>,
    /// [`TheoreticalCheck::computed_score`].
    pub computed: Option<u8>,
    /// [`TheoreticalCheck::agrees`].
    pub agrees: bool,
    /// [`TheoreticalCheck::disagrees`].
    pub disagrees: bool,
    /// Positions searched (0 without a solve).
    pub nodes: u64,
    /// Seconds of the solve, to the microsecond (0 without one).
    pub seconds: f64,
    /// [`Computed::empties`], when the game has a score.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub empties: Option<u8>,
    /// Why the game has no score ([`Unscored`] in words), when it has none.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub unscored: Option<String>,
}

impl CheckReport {
    /// The named fields of `check`, made of `records` (the records it was
    /// made of: its [`game`](TheoreticalCheck::game) indexes them).
    ///
    /// # Panics
    /// If `check.game` is not an index of `records`.
    #[must_use]
    pub fn new(check: &TheoreticalCheck, records: &[Record]) -> CheckReport {
        let record = &records[check.game];
        let (nodes, seconds) = check.computed.as_ref().map_or((0, 0.0), |c| (c.nodes, c.elapsed.as_secs_f64()));
        CheckReport {
            game: check.game + 1,
            black: record.black.clone(),
            white: record.white.clone(),
            depth: check.depth,
            stated: check.stated,
            computed: check.computed_score(),
            agrees: check.agrees(),
            disagrees: check.disagrees(),
            nodes,
            seconds: (seconds * 1e6).round() / 1e6,
            empties: check.computed.as_ref().ok().map(|c| c.empties),
            unscored: check.computed.as_ref().err().map(ToString::to_string),
        }
    }
}

/// The theoretical score of `record` at `depth` empty squares (the module's
/// convention): `Ok(Err(_))` when the game has none.
///
/// # Errors
/// [`SolveError::Depth`] past [`MAX_DEPTH`]; as [`solve`]
/// (a stop by the token or the deadline included).
pub fn theoretical_score(
    record: &Record,
    depth: u8,
    options: &SolveOptions,
) -> Result<Result<Computed, Unscored>, SolveError> {
    checked_depth(usize::from(depth))?;
    if !record.is_standard_othello() {
        return Ok(Err(Unscored::NotOthello));
    }
    let empties = |p: &reversi_variants::Position| p.empties();
    let position = match position_with_empties(record, usize::from(depth), Passes::Infer) {
        Err(e) => return Ok(Err(Unscored::Illegal(e))),
        Ok(Some(position)) => position,
        // The record ends before the depth, every move legal.
        Ok(None) => match replay(record, Passes::Infer) {
            Err(e) => return Ok(Err(Unscored::Illegal(e))),
            Ok(done) if done.position.is_game_over() => done.position,
            Ok(done) => return Ok(Err(Unscored::Unfinished { empties: empties(&done.position) as u8 })),
        },
    };
    let solution = solve(&position, options)?;
    let black = if position.side_to_move() == Color::Black { solution.score } else { -solution.score };
    let squares = position.geometry().playable_count() as i32;
    Ok(Ok(Computed {
        black_discs: ((squares + black) / 2) as u8,
        empties: empties(&position) as u8,
        nodes: solution.nodes,
        elapsed: solution.elapsed,
    }))
}

/// The theoretical score of every record, beside the one it states, in
/// the records' order: [`theoretical_score`] at each one's
/// [`depth_of`](TheoreticalOptions::depth_of), the games shared out over the
/// solve's threads (each game on one; the scores do not depend on the
/// count).
///
/// # Errors
/// As [`TheoreticalOptions::check`]; the first game's (in the records'
/// order) error of a solve, such as [`SolveError::Cancelled`] or
/// [`SolveError::DeadlineReached`]: the other games stop with it.
pub fn check_theoretical(
    records: &[Record],
    options: &TheoreticalOptions,
) -> Result<Vec<TheoreticalCheck>, SolveError> {
    options.check()?;
    let threads = options.solve.get_threads();
    let workers = threads.min(records.len()).max(1);
    let each = options.solve.clone().threads((threads / workers).max(1));
    let check = |game: usize| -> Result<TheoreticalCheck, SolveError> {
        let record = &records[game];
        let depth = options.depth_of(record);
        let stated = record.get(wthor::THEORETICAL_SCORE).and_then(|s| s.parse().ok());
        let computed = theoretical_score(record, depth, &each)?;
        Ok(TheoreticalCheck { game, depth, stated, computed })
    };
    if workers == 1 {
        return (0..records.len()).map(check).collect();
    }
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let work = || {
        let mut done = Vec::new();
        while !failed.load(Ordering::Relaxed) {
            let game = next.fetch_add(1, Ordering::Relaxed);
            if game >= records.len() {
                break;
            }
            let result = check(game);
            failed.fetch_or(result.is_err(), Ordering::Relaxed);
            done.push((game, result));
        }
        done
    };
    let mut results: Vec<(usize, Result<TheoreticalCheck, SolveError>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers).map(|_| scope.spawn(work)).collect();
        handles.into_iter().flat_map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))).collect()
    });
    results.sort_unstable_by_key(|(game, _)| *game);
    results.into_iter().map(|(_, result)| result).collect()
}

/// [`check_theoretical`], then each computed score written into its record's
/// [`wthor::THEORETICAL_SCORE`] field and every record's depth into its
/// [`wthor::DEPTH`] field (none for a depth of 0, as the WTHOR reader
/// gives it), so that the WTHOR writer puts them in the file. A game
/// without a score ([`Unscored`]) keeps the field it had. The checks give
/// what each record stated before.
///
/// # Errors
/// As [`check_theoretical`]; no record is changed.
pub fn fill_theoretical(
    records: &mut [Record],
    options: &TheoreticalOptions,
) -> Result<Vec<TheoreticalCheck>, SolveError> {
    let checks = check_theoretical(records, options)?;
    for check in &checks {
        let record = &mut records[check.game];
        if let Ok(computed) = &check.computed {
            set_field(record, wthor::THEORETICAL_SCORE, Some(computed.black_discs.to_string()));
        }
        set_field(record, wthor::DEPTH, (check.depth != 0).then(|| check.depth.to_string()));
    }
    Ok(checks)
}

/// Sets (or with `None` removes) the extra field `name` of `record`.
fn set_field(record: &mut Record, name: &str, value: Option<String>) {
    let at = record.extra.iter().position(|(n, _)| n == name);
    match (at, value) {
        (Some(i), Some(value)) => record.extra[i].1 = value,
        (None, Some(value)) => record.extra.push((name.to_string(), value)),
        (Some(i), None) => {
            record.extra.remove(i);
        }
        (None, None) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_notation::Ply;

    fn record(moves: &str) -> Record {
        let mut record = Record::new();
        record.moves.extend(moves.split_whitespace().map(|m| Ply::new(m.parse().unwrap())));
        record
    }

    #[test]
    fn a_game_over_before_the_depth_has_its_final_score() {
        // The shortest wipe-out: Black wins 13-0 after 9 moves (51 empties).
        let wipe_out = record("e6 f4 e3 f6 g5 d6 e7 f5 c5");
        let at = theoretical_score(&wipe_out, 24, &SolveOptions::new()).unwrap().unwrap();
        assert_eq!((at.black_discs, at.empties), (64, 51));
        // At 51 empties, the depth is the end.
        let at_end = theoretical_score(&wipe_out, 51, &SolveOptions::new()).unwrap().unwrap();
        assert_eq!(at_end, Computed { nodes: at_end.nodes, elapsed: at_end.elapsed, ..at });
    }

    #[test]
    fn an_unfinished_game_or_an_illegal_move_has_none() {
        let short = record("f5 d6 c3");
        assert_eq!(theoretical_score(&short, 24, &SolveOptions::new()), Ok(Err(Unscored::Unfinished { empties: 57 })));
        let illegal = record("f5 f5");
        assert!(matches!(theoretical_score(&illegal, 24, &SolveOptions::new()), Ok(Err(Unscored::Illegal(_)))));
        // A move after the depth is not looked at.
        let illegal_after = record("e6 f4 e3 f6 g5 d6 e7 f5 c5 a1");
        assert!(theoretical_score(&illegal_after, 51, &SolveOptions::new()).unwrap().is_ok());
        assert_eq!(
            theoretical_score(&short, 61, &SolveOptions::new()),
            Err(SolveError::Depth { requested: 61, max: 60 })
        );
    }

    #[test]
    fn the_depth_is_the_options_then_the_records_then_24() {
        let mut game = record("f5");
        assert_eq!(TheoreticalOptions::new().depth_of(&game), DEFAULT_DEPTH);
        game.extra.push((wthor::DEPTH.into(), "22".into()));
        assert_eq!(TheoreticalOptions::new().depth_of(&game), 22);
        assert_eq!(TheoreticalOptions::new().depth(20).depth_of(&game), 20);
        assert!(TheoreticalOptions::new().depth(61).check().is_err());
    }

    #[test]
    fn fields_are_set_replaced_and_removed() {
        let mut game = record("f5");
        set_field(&mut game, wthor::DEPTH, Some("24".into()));
        set_field(&mut game, wthor::DEPTH, Some("22".into()));
        assert_eq!(game.extra, [(wthor::DEPTH.to_string(), "22".to_string())]);
        set_field(&mut game, wthor::DEPTH, None);
        assert!(game.extra.is_empty());
    }
}
