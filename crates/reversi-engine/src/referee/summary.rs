//! The referee's results as named fields, defined once: a game's line
//! ([`GameSummary`]) and a tournament's crosstable ([`CrosstableSummary`]),
//! what `reversi match --json` and `reversi tournament --json` write (with
//! the `serde` feature, `Serialize` writes the fields in their order, under
//! their names) and what Python's `match` and `tournament` return.
//!
//! A value that does not exist is `None` (JSON `null`, Python `None`), as
//! in [`Standing`](super::Standing) and [`PairStanding`].

use reversi_notation::Record;

use super::matches::GameReport;
use super::pentanomial::PairStanding;
use super::tournament::{Crosstable, TournamentGame};

/// A finished game as a line of `--json` tells it: its number, its pairing
/// (in a tournament), the names, the result, how it ended, the first
/// engine's score and the standing after it.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use reversi_engine::referee::{Entrant, MatchOptions, PolicyPlayer, Schedule, Tournament, TournamentOptions};
/// use reversi_engine::{BuiltinPolicy, Seeded, SplitMix64};
/// let policy = |name: &str| {
///     Entrant::new(name, name, |_| Ok(Box::new(PolicyPlayer(Seeded::new(BuiltinPolicy::Greedy, SplitMix64::new(1))))))
/// };
/// let options = TournamentOptions::new(Schedule::RoundRobin, MatchOptions::new(2));
/// let mut tournament = Tournament::new(vec![policy("a"), policy("b")], options)?;
/// let mut lines = Vec::new();
/// tournament.run(&AtomicBool::new(false), &mut |game, table| {
///     lines.push(game.summary(table));
///     true
/// });
/// assert_eq!((lines[0].game, lines[0].pairing, lines[0].first.as_deref()), (1, Some(1), Some("a")));
/// assert_eq!(lines[1].standing.map(|s| s.games.games), Some(2));
/// # Ok::<(), reversi_engine::referee::TournamentError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct GameSummary {
    /// The game's number, from 1 (its record's `Round`).
    pub game: usize,
    /// Its pairing's number from 1, in a tournament (absent in a match).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub pairing: Option<usize>,
    /// The pairing's first engine, in a tournament.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub first: Option<String>,
    /// The pairing's second engine, in a tournament.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub second: Option<String>,
    /// Black's name.
    pub black: String,
    /// White's name.
    pub white: String,
    /// The result as the record says it (`*` without one).
    pub result: String,
    /// How a game that did not end by the rules ended
    /// ([`GameReport::termination_text`]).
    pub termination: Option<String>,
    /// The first engine's score: 1, 0.5 or 0; `None` for a game without a
    /// result (stopped at the ply limit: not scored).
    pub first_score: Option<f64>,
    /// The standing after the game (a tournament: its pairing's).
    pub standing: Option<PairStanding>,
}

/// The result of `record` as text: `*` without one.
fn result_text(record: &Record) -> String {
    record.result.as_ref().map_or_else(|| "*".into(), ToString::to_string)
}

impl GameSummary {
    /// The line of a match's game: `report`, its `record`, and the match's
    /// standing after it.
    #[must_use]
    pub fn of_match(report: &GameReport, record: &Record, standing: PairStanding) -> GameSummary {
        GameSummary { standing: Some(standing), ..GameSummary::of_game(report, record) }
    }

    /// The fields of the game itself, no pairing or standing.
    fn of_game(report: &GameReport, record: &Record) -> GameSummary {
        GameSummary {
            game: report.index + 1,
            pairing: None,
            first: None,
            second: None,
            black: report.names[0].clone(),
            white: report.names[1].clone(),
            result: result_text(record),
            termination: report.termination_text(),
            first_score: report.first_score(),
            standing: None,
        }
    }
}

impl TournamentGame {
    /// The game's line: its pairing and engines as `table` names them, and
    /// its pairing's standing there.
    #[must_use]
    pub fn summary(&self, table: &Crosstable) -> GameSummary {
        let names = table.names();
        let name = |i: usize| names.get(i).cloned();
        GameSummary {
            pairing: Some(self.pairing + 1),
            first: name(self.engines.0),
            second: name(self.engines.1),
            standing: table.pairing(self.pairing),
            ..GameSummary::of_game(&self.report, &self.record)
        }
    }
}

/// A crosstable as `--json`'s summary says it: the games counted, the
/// engines' rows by points, and each pairing's standing.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct CrosstableSummary {
    /// The games counted.
    pub games: u64,
    /// The engines' rows, by points ([`Crosstable::rows`]).
    pub rows: Vec<RowSummary>,
    /// The pairings, in the schedule's order.
    pub pairings: Vec<PairingSummary>,
}

/// An engine's row of a [`CrosstableSummary`].
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct RowSummary {
    /// The engine's number among the entrants, from 1.
    pub engine: usize,
    /// Its name.
    pub name: String,
    /// Its points (a win 1, a draw ½).
    pub points: f64,
    /// Its results against the field.
    pub standing: PairStanding,
    /// Its points and games against each other engine, in the entrants'
    /// order (JSON: an object, each name to `[points, games]`).
    #[cfg_attr(feature = "serde", serde(serialize_with = "against_map"))]
    pub against: Vec<Against>,
}

/// An engine's points against another, in a [`RowSummary`].
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Against {
    /// The other engine's name.
    pub name: String,
    /// The points scored against it.
    pub points: f64,
    /// The games played against it.
    pub games: u64,
}

/// `against` as a JSON object in order: name to `[points, games]`.
#[cfg(feature = "serde")]
fn against_map<S: serde::Serializer>(against: &[Against], serializer: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = serializer.serialize_map(Some(against.len()))?;
    for a in against {
        map.serialize_entry(&a.name, &(a.points, a.games))?;
    }
    map.end()
}

/// A pairing of a [`CrosstableSummary`]: its engines and its standing (the
/// first engine's view).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct PairingSummary {
    /// The first engine's name.
    pub first: String,
    /// The second engine's name.
    pub second: String,
    /// The pairing's standing.
    pub standing: Option<PairStanding>,
}

impl Crosstable {
    /// The crosstable's named fields.
    ///
    /// ```
    /// use reversi_engine::referee::Crosstable;
    /// let table = Crosstable::new(vec!["a".into(), "b".into()], vec![(0, 1)]);
    /// let summary = table.summary();
    /// assert_eq!((summary.games, summary.rows[0].engine, summary.rows[0].against[0].name.as_str()), (0, 1, "b"));
    /// assert_eq!(summary.pairings[0].first, "a");
    /// ```
    #[must_use]
    pub fn summary(&self) -> CrosstableSummary {
        let names = self.names();
        let rows = self
            .rows()
            .into_iter()
            .map(|row| RowSummary {
                engine: row.engine + 1,
                against: (0..names.len())
                    .filter_map(|c| {
                        self.cell(row.engine, c).map(|(points, games)| Against {
                            name: names[c].clone(),
                            points,
                            games,
                        })
                    })
                    .collect(),
                name: row.name,
                points: row.points,
                standing: row.standing,
            })
            .collect();
        let pairings = self
            .pairings()
            .iter()
            .enumerate()
            .map(|(p, &(a, b))| PairingSummary {
                first: names[a].clone(),
                second: names[b].clone(),
                standing: self.pairing(p),
            })
            .collect();
        CrosstableSummary { games: self.games(), rows, pairings }
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::*;
    use crate::referee::{PairTally, Schedule, Sprt};

    /// The JSON's keys in order, as the CLI's `--json` has written them.
    #[test]
    fn the_json_fields_are_those_of_the_cli() {
        let mut table = Crosstable::new(vec!["a".into(), "b".into(), "c".into()], Schedule::RoundRobin.pairings(3));
        let sprt: Sprt = "0,10,0.05,0.05".parse().unwrap();
        table = table.with_sprt(Some((sprt, crate::referee::EloModel::Normalized)));
        let mut record = Record::default();
        record.result = Some(reversi_notation::GameResult::Discs { black: 40, white: 24 });
        for index in 0..6 {
            table.add(index, index / 2 % 3, &record);
        }
        let json = serde_json::to_value(table.summary()).unwrap();
        let keys = |v: &serde_json::Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>().join(",");
        assert_eq!(keys(&json), "games,rows,pairings");
        assert_eq!(keys(&json["rows"][0]), "engine,name,points,standing,against");
        assert_eq!(json["rows"][0]["against"]["b"], serde_json::json!([1.0, 2]));
        let standing = &json["pairings"][0]["standing"];
        assert_eq!(
            keys(standing),
            "games,pentanomial,pairs,pair_score,elo,elo_low,elo_high,nelo,nelo_low,nelo_high,llr,llr_low,\
             llr_high,sprt_model,sprt,discs,discs_margin"
        );
        assert_eq!(
            keys(&standing["games"]),
            "games,wins,draws,losses,score,elo,elo_low,elo_high,llr,llr_low,llr_high,sprt"
        );
        assert_eq!(standing["sprt_model"], "normalized");
        assert_eq!(standing["pentanomial"], serde_json::json!([0, 0, 1, 0, 0]));
        let empty = serde_json::to_value(PairTally::default().standing(None)).unwrap();
        assert!(empty["elo"].is_null() && empty["sprt"].is_null() && empty["games"]["sprt"].is_null());
    }
}
