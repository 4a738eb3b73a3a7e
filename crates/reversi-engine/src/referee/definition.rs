//! What defines a match, written with each of its records, so that a match
//! resumed from its records is the same match ([`MatchDefinition`]).

use reversi_notation::{Format, Record};

use super::matches::{EngineSpec, MatchOptions};
use crate::player::GameState;

/// The record fields of a match's definition, in order: the first engine,
/// the second, the openings' digest, the clock, the number of games, the
/// exact-solve adjudication limit, the resign rule, the draw rule and the
/// ply limit (the last four written only when the match has them: a
/// record with a definition and without one of them was played without
/// it, as every record written before the rule existed).
pub const DEFINITION_FIELDS: [&str; 9] = [
    "MatchEngine1",
    "MatchEngine2",
    "MatchOpenings",
    "MatchClock",
    "MatchGames",
    "MatchAdjudicate",
    "MatchResign",
    "MatchDraw",
    "MatchMaxPlies",
];

/// What the compared fields say, for messages (the number of games is not
/// compared: a match may be resumed to more games, or fewer).
const WHAT: [&str; 9] = [
    "the first engine",
    "the second engine",
    "the openings",
    "the clock",
    "",
    "adjudication (empties)",
    "the resign rule (moves,score)",
    "the draw rule (from,moves,score)",
    "the ply limit",
];

/// The record fields each game's record gets besides the definition, for
/// its readers: the engines of Black and White (as
/// [`EngineSpec::identity`] says them), the clock as PGN's `TimeControl`
/// writes it (`SECONDS+INCREMENT`), and the opening
/// ([`OpeningSource::describe`](super::OpeningSource::describe)). Not
/// compared by a resume.
pub const GAME_FIELDS: [&str; 4] = ["BlackEngine", "WhiteEngine", "TimeControl", "Opening"];

/// The adjudication field's value in a definition without it.
const PLAYED_OUT: &str = "none";

/// What defines a match: its engines (as given: protocol, command,
/// directory, depth), its openings (their count and a digest of their moves),
/// the clock, the number of games and the adjudication rules. Each record of
/// the match carries it ([`mark`](MatchDefinition::mark), with the
/// [`GAME_FIELDS`] that say the game's engines, clock and opening), and a
/// resumed match is refused when its records say other engines, openings,
/// clock or adjudication
/// ([`check_resume`](MatchDefinition::check_resume)); the number of games
/// may change, and is what a resume plays when not told
/// ([`recorded_games`](MatchDefinition::recorded_games)).
///
/// ```
/// use reversi_engine::referee::{EngineSpec, MatchDefinition, MatchOptions};
/// let a: EngineSpec = "gtp:edax -gtp".parse()?;
/// let b: EngineSpec = "nboard:mine".parse()?;
/// let one = MatchDefinition::new(&a, &b, &MatchOptions::new(10));
/// let mut record = reversi_notation::Record::default();
/// one.mark(&mut record, 0);
/// assert_eq!(record.get("BlackEngine"), Some("gtp:edax -gtp"));
/// assert_eq!(record.get("TimeControl"), Some("60+0"));
/// assert_eq!(record.get("Opening"), Some("default 4 plies opening 1"));
/// assert_eq!(one.check_resume(std::slice::from_ref(&record)), Ok(()));
/// assert_eq!(MatchDefinition::recorded_games(std::slice::from_ref(&record)), Some(10));
/// // More games: the same match.
/// let longer = MatchDefinition::new(&a, &b, &MatchOptions::new(20));
/// assert_eq!(longer.check_resume(std::slice::from_ref(&record)), Ok(()));
/// let c: EngineSpec = "gtp:edax -gtp -l 4".parse()?;
/// let refused = MatchDefinition::new(&c, &b, &MatchOptions::new(10)).check_resume(std::slice::from_ref(&record));
/// assert_eq!(
///     refused.unwrap_err().to_string(),
///     "the records hold another match: the first engine: gtp:edax -gtp there, gtp:edax -gtp -l 4 now"
/// );
/// // Games ended by exact solve are another match's.
/// let adjudicated = MatchDefinition::new(&a, &b, &MatchOptions::new(10).adjudicate(Some(14)));
/// assert_eq!(
///     adjudicated.check_resume(&[record]).unwrap_err().to_string(),
///     "the records hold another match: adjudication (empties): none there, 14 now"
/// );
/// # Ok::<(), reversi_engine::referee::ParseEngineError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchDefinition {
    /// The values of [`DEFINITION_FIELDS`] ([`PLAYED_OUT`] for a rule the
    /// match does not have).
    values: [String; 9],
    /// The clock as `TimeControl` says it.
    control: String,
    /// Where the openings come from, and how many there are.
    source: super::OpeningSource,
    openings: usize,
}

/// A resume refused: the records hold another match.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the records hold another match: {}", .differences.join("; "))]
pub struct ResumeMismatch {
    /// Each difference: what, its value in the records, its value now.
    pub differences: Vec<String>,
}

impl MatchDefinition {
    /// The definition of a match between `first` and `second` under
    /// `options`.
    #[must_use]
    pub fn new(first: &EngineSpec, second: &EngineSpec, options: &MatchOptions) -> MatchDefinition {
        MatchDefinition::of(&first.identity(), &second.identity(), options)
    }

    /// The definition of a match between the sides identified so (an
    /// engine's [`EngineSpec::identity`], a policy's name: a tournament's
    /// pairing, Python's match of callables).
    #[must_use]
    pub fn of(first: &str, second: &str, options: &MatchOptions) -> MatchDefinition {
        let control = options.control_of();
        let openings = options.openings_of();
        let rules = options.adjudication_of();
        let or_none = |value: Option<String>| value.unwrap_or_else(|| PLAYED_OUT.to_string());
        let (time, increment) = (control.time.as_secs_f64(), control.increment.as_secs_f64());
        MatchDefinition {
            values: [
                first.to_string(),
                second.to_string(),
                format!("{} digest {:016x}", openings.len(), digest(openings)),
                format!("{time}+{increment} s"),
                options.games().to_string(),
                or_none(rules.exact_of().map(|k| k.to_string())),
                or_none(rules.resign_of().map(|r| r.to_string())),
                or_none(rules.draw_of().map(|r| r.to_string())),
                or_none(rules.max_plies_of().map(|n| n.to_string())),
            ],
            control: format!("{time}+{increment}"),
            source: options.opening_source_of().clone(),
            openings: openings.len(),
        }
    }

    /// Adds the definition's fields to the record of the match's game
    /// `game` (0-based: the first engine has Black in even games, which
    /// play opening `game / 2`), in its `extra`: the rules only when the
    /// match has them, then the [`GAME_FIELDS`].
    pub fn mark(&self, record: &mut Record, game: usize) {
        for (name, value) in DEFINITION_FIELDS.iter().zip(&self.values) {
            if value != PLAYED_OUT {
                record.extra.push(((*name).to_string(), value.clone()));
            }
        }
        let (black, white) = if game.is_multiple_of(2) {
            (&self.values[0], &self.values[1])
        } else {
            (&self.values[1], &self.values[0])
        };
        let opening = if self.openings == 0 {
            "the standard start".to_string()
        } else {
            self.source.describe((game / 2) % self.openings)
        };
        for (name, value) in GAME_FIELDS.iter().zip([black, white, &self.control, &opening]) {
            record.extra.push(((*name).to_string(), value.clone()));
        }
    }

    /// The number of games the last record that says it was written for.
    #[must_use]
    pub fn recorded_games(records: &[Record]) -> Option<usize> {
        records.iter().rev().find_map(|r| r.get(DEFINITION_FIELDS[4])?.parse().ok())
    }

    /// Whether `records` (a match's records, to resume) are of this match:
    /// every record that carries a definition must say these engines,
    /// openings, clock and adjudication rules (records written without a
    /// definition are taken as they are; a definition without a rule's
    /// field, as every record written before that rule existed, says the
    /// match did not have it).
    ///
    /// # Errors
    /// [`ResumeMismatch`] naming each difference with the first record
    /// that differs.
    pub fn check_resume(&self, records: &[Record]) -> Result<(), ResumeMismatch> {
        for record in records {
            let defined = record.get(DEFINITION_FIELDS[0]).is_some();
            let differences: Vec<String> = DEFINITION_FIELDS
                .iter()
                .zip(&self.values)
                .zip(WHAT)
                .filter(|((name, _), _)| **name != DEFINITION_FIELDS[4])
                .filter_map(|((name, now), what)| {
                    let optional = DEFINITION_FIELDS[5..].contains(name);
                    let there = record.get(name).or_else(|| (defined && optional).then_some(PLAYED_OUT))?;
                    (there != now).then(|| format!("{what}: {there} there, {now} now"))
                })
                .collect();
            if !differences.is_empty() {
                return Err(ResumeMismatch { differences });
            }
        }
        Ok(())
    }
}

/// FNV-1a (64 bits) of the openings: each one's start (its Zobrist hash)
/// and moves (as text), in order. Stable across versions that keep the
/// positions' hashes.
fn digest(openings: &[GameState]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    };
    for game in openings {
        eat(&game.start.hash().to_le_bytes());
        for mv in &game.moves {
            eat(mv.to_string().as_bytes());
        }
        eat(b"\n");
    }
    hash
}

/// A records format a match cannot write to.
///
/// `#[non_exhaustive]`: more rules may be told apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordsFormatError {
    /// A format that cannot be appended to (WTHOR: its header counts the
    /// games), where a match appends each game as it ends.
    #[error("a match appends each game as it ends: WTHOR cannot be appended to; use GGF or PGN")]
    NotAppendable(Format),
    /// A resume from a format that does not keep each game's `Round` (the
    /// game's index in the match).
    #[error("{0} records do not keep each game's Round: resume GGF or PGN records")]
    NoRound(Format),
}

/// THE rule of a match's records file: the match appends each game as it
/// ends, so its format must take appends (not WTHOR), and a resume
/// (`resume`) reads each game's `Round` back, which only GGF and PGN keep.
///
/// ```
/// use reversi_engine::referee::check_records_format;
/// use reversi_notation::Format;
/// assert!(check_records_format(Format::Ggf, true).is_ok());
/// assert!(check_records_format(Format::Wthor, false).is_err());
/// ```
///
/// # Errors
/// [`RecordsFormatError`] naming the rule broken.
pub fn check_records_format(format: Format, resume: bool) -> Result<(), RecordsFormatError> {
    if format == Format::Wthor {
        return Err(RecordsFormatError::NotAppendable(format));
    }
    if resume && !matches!(format, Format::Ggf | Format::Pgn) {
        return Err(RecordsFormatError::NoRound(format));
    }
    Ok(())
}
