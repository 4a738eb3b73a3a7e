//! What a writer could not hold ([`Losses`]), and the one rule for kept
//! field names ([`FieldNames`]): a name that means something in the target
//! format is never written as it is.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;

use crate::{Format, Record};

/// A kind of data that a format could not hold, as [`Losses`] reports it.
///
/// `#[non_exhaustive]`: formats may lose other things.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Loss {
    /// The moves: the game was written as its final position (OBF, position
    /// lines).
    Moves,
    /// Passes, left out (WTHOR; inferred again on reading where forced).
    Passes,
    /// Move evaluations: dropped by a format without them, or not finite.
    Evaluations,
    /// Move times: dropped by a format without them, or not finite.
    Times,
    /// Player names: dropped, or changed to fit (WTHOR: cut, Latin-1).
    Players,
    /// The event: dropped, or changed to fit.
    Event,
    /// The date: dropped, or cut to its year (WTHOR).
    Date,
    /// The result: dropped (a net result that is not finite, or a suffix of
    /// other characters than ASCII letters and digits), or written so that it
    /// reads back otherwise (GGF: discs as the net result; WTHOR: empties to
    /// the winner, a net margin rounded or clamped to a disc count, a `:how`
    /// suffix dropped). A result that reads back as given is not reported.
    Result,
    /// Kept fields ([`Record::extra`]) dropped: the format has no place for
    /// them, or their name cannot be spelled in it ([`Losses::fields`] names
    /// them).
    Fields,
    /// Kept fields written under another name, because theirs means something
    /// in the format or cannot be spelled in it ([`Losses::fields`] names
    /// them).
    Renamed,
    /// OBF annotations rewritten (split at `;`, trimmed) or dropped.
    Annotations,
}

impl Loss {
    /// What was lost, as a warning says it: `evaluations`, `kept fields`...
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            Loss::Moves => "the moves (games written as their final position)",
            Loss::Passes => "passes",
            Loss::Evaluations => "move evaluations",
            Loss::Times => "move times",
            Loss::Players => "player names",
            Loss::Event => "events",
            Loss::Date => "exact dates",
            Loss::Result => "results as written",
            Loss::Fields => "kept fields",
            Loss::Renamed => "kept field names",
            Loss::Annotations => "OBF annotations as written",
        }
    }
}

impl fmt::Display for Loss {
    /// The [description](Loss::description); width, fill and alignment apply.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.description())
    }
}

/// A kept field ([`Record::extra`]) that was dropped or renamed.
///
/// `#[non_exhaustive]`: read the fields; values come from [`Losses::fields`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct FieldChange {
    /// The record's index (0-based) among those written.
    pub game: usize,
    /// The field's index in the record's `extra`.
    pub index: usize,
    /// The field's name.
    pub name: String,
    /// The name it was written under; `None` when it was dropped.
    pub renamed: Option<String>,
}

/// How many games lost one kind of data, and the first of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Tally {
    games: usize,
    first: usize,
    last: usize,
}

/// What a writer could not hold, by kind, beside the bytes it wrote
/// ([`write_report`](crate::write_report)).
///
/// Everything not reported here reads back as it was (through the format's
/// reader), except what the format's module documents as derived (GGF's
/// `TY` type, WTHOR's theoretical score of 0 when there is none).
///
/// ```
/// use reversi_notation::{Format, Loss, Record, write_report};
/// let mut record = Record::new();
/// record.extra.push(("Variant".into(), "Attacks".into()));
/// record.extra.push(("Site".into(), "Paris".into()));
/// let (bytes, losses) = write_report(Format::Pgn, &[record])?;
/// // `Variant` means something in PGN: it is kept under another name.
/// assert!(String::from_utf8(bytes)?.contains("[X_Variant \"Attacks\"]"));
/// assert_eq!(losses.kinds().collect::<Vec<_>>(), [Loss::Renamed]);
/// assert_eq!(losses.fields()[0].renamed.as_deref(), Some("X_Variant"));
/// assert_eq!(losses.warnings(), ["PGN: kept field names changed in 1 game: Variant as X_Variant"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Losses {
    format: Format,
    /// How the warnings name the format.
    label: &'static str,
    kinds: BTreeMap<Loss, Tally>,
    fields: Vec<FieldChange>,
}

impl Losses {
    /// Nothing lost yet, writing `format`.
    pub(crate) fn new(format: Format, label: &'static str) -> Losses {
        Losses { format, label, kinds: BTreeMap::new(), fields: Vec::new() }
    }

    /// Game `game` lost some `kind` (games are noted in order).
    pub(crate) fn note(&mut self, game: usize, kind: Loss) {
        let tally = self.kinds.entry(kind).or_insert(Tally { games: 0, first: game, last: game });
        if tally.games == 0 || tally.last != game {
            tally.games += 1;
            tally.last = game;
        }
    }

    /// Field `index` of game `game` dropped (`renamed` `None`) or renamed.
    pub(crate) fn field(&mut self, game: usize, index: usize, name: &str, renamed: Option<String>) {
        self.note(game, if renamed.is_some() { Loss::Renamed } else { Loss::Fields });
        self.fields.push(FieldChange { game, index, name: name.into(), renamed });
    }

    /// Every field of `record` but those at the indices `kept` dropped.
    pub(crate) fn fields_but(&mut self, game: usize, record: &Record, kept: &[usize]) {
        for (i, (name, _)) in record.extra.iter().enumerate() {
            if !kept.contains(&i) {
                self.field(game, i, name, None);
            }
        }
    }

    /// What formats of moves or positions alone drop: the players, event,
    /// date, result, evaluations and times.
    pub(crate) fn metadata_of(&mut self, game: usize, record: &Record) {
        self.annotations_of(game, record);
        if record.black.is_some() || record.white.is_some() {
            self.note(game, Loss::Players);
        }
        if record.event.is_some() {
            self.note(game, Loss::Event);
        }
        if record.date.is_some() {
            self.note(game, Loss::Date);
        }
        if record.result.is_some() {
            self.note(game, Loss::Result);
        }
    }

    /// Evaluations and times of `record`, when it has any, lost.
    pub(crate) fn annotations_of(&mut self, game: usize, record: &Record) {
        if record.moves.iter().any(|p| p.eval.is_some()) {
            self.note(game, Loss::Evaluations);
        }
        if record.moves.iter().any(|p| p.seconds.is_some()) {
            self.note(game, Loss::Times);
        }
    }

    /// The format written.
    #[must_use]
    pub const fn format(&self) -> Format {
        self.format
    }

    /// Whether nothing was lost.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }

    /// Whether some of `kind` was lost.
    #[must_use]
    pub fn contains(&self, kind: Loss) -> bool {
        self.kinds.contains_key(&kind)
    }

    /// The kinds lost, each once, in the order of [`Loss`].
    pub fn kinds(&self) -> impl Iterator<Item = Loss> + '_ {
        self.kinds.keys().copied()
    }

    /// How many games lost some of `kind` (0 when none did).
    #[must_use]
    pub fn games(&self, kind: Loss) -> usize {
        self.kinds.get(&kind).map_or(0, |t| t.games)
    }

    /// The first game (0-based) that lost some of `kind`.
    #[must_use]
    pub fn first_game(&self, kind: Loss) -> Option<usize> {
        self.kinds.get(&kind).map(|t| t.first)
    }

    /// Every kept field dropped ([`Loss::Fields`]) or renamed
    /// ([`Loss::Renamed`]), by game and position in `extra`.
    #[must_use]
    pub fn fields(&self) -> &[FieldChange] {
        &self.fields
    }

    /// One line per kind lost, for a user: the format, what it lost, in how
    /// many games, and the distinct field names (at most eight, then `...`).
    #[must_use]
    pub fn warnings(&self) -> Vec<String> {
        let label = self.label;
        self.kinds
            .iter()
            .map(|(&kind, tally)| {
                let verb = if kind == Loss::Renamed { "changed" } else { "dropped" };
                let games = if tally.games == 1 { "1 game".to_string() } else { format!("{} games", tally.games) };
                let mut line = format!("{label}: {kind} {verb} in {games}");
                if matches!(kind, Loss::Fields | Loss::Renamed) {
                    let mut names: Vec<String> = Vec::new();
                    for change in self.fields.iter().filter(|c| c.renamed.is_some() == (kind == Loss::Renamed)) {
                        let name = match &change.renamed {
                            Some(to) => format!("{} as {to}", change.name),
                            None => change.name.clone(),
                        };
                        if !names.contains(&name) {
                            names.push(name);
                        }
                    }
                    let shown: Vec<&str> = names.iter().take(8).map(String::as_str).collect();
                    line.push_str(": ");
                    line.push_str(&shown.join(", "));
                    if names.len() > 8 {
                        line.push_str(", ...");
                    }
                }
                line
            })
            .collect()
    }
}

/// A format's rule for the names of kept fields: the names its reader gives a
/// meaning (never written as kept fields), which characters a name may have,
/// and the prefix that keeps a colliding name without its meaning.
pub(crate) struct FieldNames {
    /// The names the reader interprets.
    pub(crate) reserved: &'static [&'static str],
    /// Whether the reader takes the character in a name.
    pub(crate) valid: fn(char) -> bool,
    /// What a reserved name is written after: valid, and no reserved name
    /// starts with it.
    pub(crate) prefix: &'static str,
    /// What stands for a character the reader does not take (`None`: left out).
    pub(crate) replacement: Option<char>,
    /// Names kept as they are that mean something (GGF's komi `KM`): a name
    /// that only becomes one of them once made valid is prefixed too.
    pub(crate) meaningful: &'static [&'static str],
}

impl FieldNames {
    /// The name a kept field is written under: itself when it is valid and
    /// means nothing; otherwise its characters made valid and, when that is
    /// reserved, prefixed. `None` (dropped) when no character is left.
    pub(crate) fn name<'a>(&self, name: &'a str) -> Option<Cow<'a, str>> {
        let spelled: Cow<'a, str> = if !name.is_empty() && name.chars().all(self.valid) {
            name.into()
        } else {
            name.chars()
                .filter_map(|c| if (self.valid)(c) { Some(c) } else { self.replacement })
                .collect::<String>()
                .into()
        };
        if spelled.is_empty() {
            return None;
        }
        let respelled = spelled != name;
        if self.reserved.contains(&spelled.as_ref()) || respelled && self.meaningful.contains(&spelled.as_ref()) {
            return Some(format!("{}{spelled}", self.prefix).into());
        }
        Some(spelled)
    }

    /// The kept fields of `record` to write, with their indices and under
    /// their written names, reporting the renamed and dropped ones; `skip`
    /// says which indices the writer writes itself.
    pub(crate) fn kept<'r>(
        &self,
        record: &'r Record,
        game: usize,
        losses: &mut Losses,
        skip: impl Fn(usize) -> bool,
    ) -> Vec<(usize, Cow<'r, str>, &'r str)> {
        let mut out = Vec::with_capacity(record.extra.len());
        for (i, (name, value)) in record.extra.iter().enumerate() {
            if skip(i) {
                continue;
            }
            match self.name(name) {
                None => losses.field(game, i, name, None),
                Some(written) => {
                    if written != name.as_str() {
                        losses.field(game, i, name, Some(written.to_string()));
                    }
                    out.push((i, written, value.as_str()));
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tallies_count_games_once() {
        let mut losses = Losses::new(Format::Wthor, "WTHOR");
        assert!(losses.is_empty());
        losses.note(2, Loss::Passes);
        losses.note(2, Loss::Passes);
        losses.note(5, Loss::Passes);
        assert_eq!((losses.games(Loss::Passes), losses.first_game(Loss::Passes)), (2, Some(2)));
        assert_eq!(losses.games(Loss::Times), 0);
        assert_eq!(losses.warnings(), ["WTHOR: passes dropped in 2 games"]);
    }
}
