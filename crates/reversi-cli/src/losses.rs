//! What a conversion drops: the data of the games that the target format
//! cannot hold, counted per kind, for `convert` to warn about.
//!
//! Found by reading the output back and comparing it with what was written,
//! game by game and field by field, so that it follows whatever the writers
//! do without knowing their rules. This is the one place that knows it: when
//! reversi-notation reports its losses itself, [`losses`] becomes a call to
//! that report.

use std::collections::BTreeSet;

use reversi_notation::{Format, ReadOptions, Record, read, wthor};
use reversi_variants::Move;

/// A kind of data a format may not hold, in the order the warnings come.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    /// The moves (formats of positions write the final one).
    Moves,
    /// The variant and board (a transcript of games on several boards).
    Board,
    /// Passes written in the input.
    Passes,
    /// Evaluations of moves.
    Evals,
    /// Times of moves.
    Times,
    /// Black's, White's or the event's name (or a name cut short).
    Names,
    /// A date of which the year is kept.
    ExactDates,
    /// A date.
    Dates,
    /// A result.
    Results,
    /// OBF's annotations (the `OBF` extra field).
    Annotations,
    /// Other fields.
    Fields,
}

impl Kind {
    const ALL: [Kind; 11] = [
        Kind::Moves,
        Kind::Board,
        Kind::Passes,
        Kind::Evals,
        Kind::Times,
        Kind::Names,
        Kind::ExactDates,
        Kind::Dates,
        Kind::Results,
        Kind::Annotations,
        Kind::Fields,
    ];

    /// What the warning calls it.
    fn label(self) -> &'static str {
        match self {
            Kind::Moves => "the moves (a game is written as its final position)",
            Kind::Board => "the variant and board of each game",
            Kind::Passes => "passes (a reader infers them again)",
            Kind::Evals => "evaluations",
            Kind::Times => "move times",
            Kind::Names => "player and event names",
            Kind::ExactDates => "exact dates (the year is kept)",
            Kind::Dates => "dates",
            Kind::Results => "results as written",
            Kind::Annotations => "OBF annotations",
            Kind::Fields => "other fields",
        }
    }
}

/// What a conversion dropped.
#[derive(Debug)]
pub(crate) struct Losses {
    target: Format,
    /// Per [`Kind::ALL`], the games that lost it.
    games: [usize; Kind::ALL.len()],
    /// The names of the other fields dropped.
    fields: BTreeSet<String>,
    /// Why the output could not be compared, if it could not.
    unchecked: Option<String>,
}

/// What writing `written` (the games as given to the writer, every pass
/// explicit) from `source` (the same games as read) in `target` dropped,
/// `encoded` being the bytes written (per file, as [`crate::files::encode`]
/// gives them).
pub(crate) fn losses(target: Format, source: &[Record], written: &[Record], encoded: &[Vec<u8>]) -> Losses {
    let mut losses = Losses { target, games: [0; Kind::ALL.len()], fields: BTreeSet::new(), unchecked: None };
    let back = match read_back(target, written, encoded) {
        Ok(back) if back.len() == written.len() => back,
        Ok(back) => {
            losses.unchecked = Some(format!("{} games read back, not {}", back.len(), written.len()));
            return losses;
        }
        Err(reason) => {
            losses.unchecked = Some(reason);
            return losses;
        }
    };
    for ((s, w), b) in source.iter().zip(written).zip(&back) {
        let mut lost = BTreeSet::new();
        compare(s, w, b, &mut lost, &mut losses.fields);
        for kind in lost {
            losses.games[Kind::ALL.iter().position(|&k| k == kind).unwrap_or_default()] += 1;
        }
    }
    losses
}

impl Losses {
    /// One warning per kind of data dropped (without `reversi: warning: `):
    /// `WTHOR cannot hold evaluations: dropped from 12 games`.
    pub(crate) fn warnings(&self) -> Vec<String> {
        let format = label(self.target);
        if let Some(reason) = &self.unchecked {
            return vec![format!(
                "the {format} output does not read back as written ({reason}): what it dropped is unknown"
            )];
        }
        Kind::ALL
            .iter()
            .zip(self.games)
            .filter(|&(_, n)| n > 0)
            .map(|(&kind, n)| {
                let what = if kind == Kind::Fields {
                    let mut names: Vec<&str> = self.fields.iter().map(String::as_str).take(6).collect();
                    if self.fields.len() > 6 {
                        names.push("...");
                    }
                    format!("other fields ({})", names.join(", "))
                } else {
                    kind.label().to_string()
                };
                let games = if n == 1 { "1 game".to_string() } else { format!("{n} games") };
                format!("{format} cannot hold {what}: dropped from {games}")
            })
            .collect()
    }
}

/// How the warnings name a format.
fn label(format: Format) -> &'static str {
    match format {
        Format::Transcript => "a transcript",
        Format::Pgn => "PGN",
        Format::Ggf => "GGF",
        Format::Wthor => "WTHOR",
        Format::Obf => "OBF",
        Format::Position => "position text",
        other => other.name(),
    }
}

/// The games of the output, read as a reader would: WTHOR with its name
/// files, transcripts and positions as the first game's variant and board.
fn read_back(target: Format, written: &[Record], encoded: &[Vec<u8>]) -> Result<Vec<Record>, String> {
    if target == Format::Wthor {
        let [games, players, tournaments] = encoded else { return Err("not three WTHOR files".into()) };
        return wthor::read_records(games, Some(players), Some(tournaments)).map_err(|e| e.to_string());
    }
    let options =
        written.first().map_or(ReadOptions::new(), |r| ReadOptions::new().variant(r.variant).geometry(r.geometry));
    let bytes = encoded.first().map_or(&[][..], Vec::as_slice);
    read(target, bytes, options).map_err(|e| e.to_string())
}

/// The kinds of data game `w` (as written; `s` as read) lost in `b` (read
/// back), and the names of the other fields it lost.
fn compare(s: &Record, w: &Record, b: &Record, lost: &mut BTreeSet<Kind>, fields: &mut BTreeSet<String>) {
    let placements = |r: &Record| r.moves.iter().map(|p| p.mv).filter(|&mv| mv != Move::Pass).collect::<Vec<_>>();
    if placements(w) != placements(b) {
        lost.insert(Kind::Moves);
    }
    if (w.variant, w.geometry) != (b.variant, b.geometry) {
        lost.insert(Kind::Board);
    }
    let passes = |r: &Record| r.moves.iter().filter(|p| p.mv == Move::Pass).count();
    if passes(s) > passes(b) {
        lost.insert(Kind::Passes);
    }
    if per_ply(w, |p| p.eval) != per_ply(b, |p| p.eval) {
        lost.insert(Kind::Evals);
    }
    if per_ply(w, |p| p.seconds) != per_ply(b, |p| p.seconds) {
        lost.insert(Kind::Times);
    }
    let kept = |written: &Option<String>, back: &Option<String>| {
        written.as_deref().is_none_or(str::is_empty) || written == back
    };
    if !kept(&w.black, &b.black) || !kept(&w.white, &b.white) || !kept(&w.event, &b.event) {
        lost.insert(Kind::Names);
    }
    if let Some(date) = w.date.as_deref().filter(|d| !d.is_empty())
        && b.date.as_deref() != Some(date)
    {
        let year = b.date.as_deref().filter(|y| y.len() == 4 && date.starts_with(y));
        lost.insert(if year.is_some() { Kind::ExactDates } else { Kind::Dates });
    }
    if w.result.is_some() && w.result != b.result {
        lost.insert(Kind::Results);
    }
    for (name, value) in &w.extra {
        if !b.extra.iter().any(|(n, v)| n.eq_ignore_ascii_case(name) && v == value) {
            if name == "OBF" {
                lost.insert(Kind::Annotations);
            } else {
                lost.insert(Kind::Fields);
                fields.insert(name.clone());
            }
        }
    }
}

/// What `value` says about each ply of `record` that it says anything about,
/// each keyed by the placements before it and whether it is a pass, so that
/// records with and without their passes compare.
fn per_ply(record: &Record, value: impl Fn(&reversi_notation::Ply) -> Option<f64>) -> Vec<(usize, bool, f64)> {
    let mut placed = 0;
    let mut said = Vec::new();
    for ply in &record.moves {
        let pass = ply.mv == Move::Pass;
        if let Some(v) = value(ply) {
            said.push((placed, pass, v));
        }
        placed += usize::from(!pass);
    }
    said
}
