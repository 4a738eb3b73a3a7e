//! A tournament's crosstable: each engine's games against the field and
//! each pairing's, scored by game and by pair ([`PairTally`]), from the
//! games' records as they end or as a resume reads them.

use std::fmt;

use reversi_notation::Record;

use super::super::gsprt::EloModel;
use super::super::pentanomial::{PairStanding, PairTally};
use super::super::stats::Sprt;

/// The crosstable: every engine's results against the field (its row) and
/// every pairing's, from the first engine's view (game `2k` and `2k + 1`
/// of the tournament, an opening with both colours, form a pair).
///
/// ```
/// use reversi_engine::referee::Crosstable;
/// let table = Crosstable::new(vec!["a".into(), "b".into(), "c".into()], vec![(0, 1), (0, 2), (1, 2)]);
/// assert_eq!(table.games(), 0);
/// assert_eq!(table.rows().len(), 3);
/// ```
#[derive(Clone, Debug)]
pub struct Crosstable {
    names: Vec<String>,
    pairings: Vec<(usize, usize)>,
    /// Each engine against the field.
    rows: Vec<PairTally>,
    /// Each pairing, its first engine's view.
    tallies: Vec<PairTally>,
    /// Points of row engine against column engine, and their games.
    cells: Vec<(f64, u64)>,
    sprt: Option<(Sprt, EloModel)>,
}

/// An engine's line of the crosstable.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Row {
    /// The engine's index among the tournament's entrants.
    pub engine: usize,
    /// Its name.
    pub name: String,
    /// Its points (a win 1, a draw ½).
    pub points: f64,
    /// Its results against the field: games, wins, draws, losses, Elo,
    /// pairs, disc difference.
    pub standing: PairStanding,
}

impl Crosstable {
    /// An empty crosstable of the engines `names` over `pairings` (pairs of
    /// indices into `names`, the first engine first).
    #[must_use]
    pub fn new(names: Vec<String>, pairings: Vec<(usize, usize)>) -> Crosstable {
        let n = names.len();
        Crosstable {
            rows: vec![PairTally::default(); n],
            tallies: vec![PairTally::default(); pairings.len()],
            cells: vec![(0.0, 0); n * n],
            names,
            pairings,
            sprt: None,
        }
    }

    /// The SPRT each pairing's standing reports.
    #[must_use]
    pub const fn with_sprt(mut self, sprt: Option<(Sprt, EloModel)>) -> Crosstable {
        self.sprt = sprt;
        self
    }

    /// Adds game `index` of the tournament, of pairing `pairing`, from its
    /// record's result (Black's disc difference; the first engine has Black
    /// in even games). A record without a result is not counted.
    pub fn add(&mut self, index: usize, pairing: usize, record: &Record) {
        let Some(result) = &record.result else { return };
        let Some(&(a, b)) = self.pairings.get(pairing) else { return };
        let black = result.margin();
        let first = if index.is_multiple_of(2) { black } else { -black };
        let score = match first {
            m if m > 0.0 => 1.0,
            m if m < 0.0 => 0.0,
            _ => 0.5,
        };
        self.tallies[pairing].add(index, score, first);
        self.rows[a].add(index, score, first);
        self.rows[b].add(index, 1.0 - score, -first);
        let n = self.names.len();
        self.cells[a * n + b].0 += score;
        self.cells[a * n + b].1 += 1;
        self.cells[b * n + a].0 += 1.0 - score;
        self.cells[b * n + a].1 += 1;
    }

    /// The games counted.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.tallies.iter().map(|t| t.tally().games()).sum()
    }

    /// The engines' names.
    #[must_use]
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The pairings: indices of the first and second engine.
    #[must_use]
    pub fn pairings(&self) -> &[(usize, usize)] {
        &self.pairings
    }

    /// Pairing `pairing`'s standing (its first engine's view, with the
    /// SPRT's fields if the tournament has one); `None` past the pairings.
    #[must_use]
    pub fn pairing(&self, pairing: usize) -> Option<PairStanding> {
        let sprt = self.sprt.as_ref().map(|(s, m)| (s, *m));
        self.tallies.get(pairing).map(|t| t.standing(sprt))
    }

    /// Pairing `pairing`'s games, by pairs; `None` past the pairings.
    pub(super) fn tally(&self, pairing: usize) -> Option<&PairTally> {
        self.tallies.get(pairing)
    }

    /// Engine `row`'s points against engine `column` and their games.
    #[must_use]
    pub fn cell(&self, row: usize, column: usize) -> Option<(f64, u64)> {
        let n = self.names.len();
        (row < n && column < n && row != column).then(|| self.cells[row * n + column])
    }

    /// The engines' rows, by points (most first; ties in entrants' order).
    #[must_use]
    pub fn rows(&self) -> Vec<Row> {
        let mut rows: Vec<Row> = self
            .rows
            .iter()
            .enumerate()
            .map(|(engine, t)| {
                let tally = t.tally();
                Row {
                    engine,
                    name: self.names[engine].clone(),
                    points: tally.wins as f64 + 0.5 * tally.draws as f64,
                    standing: t.standing(None),
                }
            })
            .collect();
        rows.sort_by(|a, b| b.points.total_cmp(&a.points).then(a.engine.cmp(&b.engine)));
        rows
    }
}

impl fmt::Display for Crosstable {
    /// One line an engine, by points: rank, name, games, wins, draws,
    /// losses, points, Elo against the field with its 95% interval (from
    /// its pairs), mean disc difference, then its points against each
    /// engine in rank order (`-` against itself).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rows = self.rows();
        let width = self.names.iter().map(String::len).max().unwrap_or(0).clamp(6, 40);
        write!(
            f,
            "{:>3} {:<width$} {:>6} {:>5} {:>5} {:>5} {:>7} {:>14} {:>8}",
            "#", "engine", "games", "W", "D", "L", "points", "Elo", "discs"
        )?;
        for (rank, _) in rows.iter().enumerate() {
            write!(f, " {:>7}", rank + 1)?;
        }
        for (rank, row) in rows.iter().enumerate() {
            let s = &row.standing;
            let elo = match (s.elo, s.elo_low, s.elo_high) {
                (Some(e), Some(lo), Some(hi)) => format!("{:+.0} ± {:.0}", e + 0.0, (hi - lo) / 2.0),
                (Some(e), ..) => format!("{:+.0} ± ?", e + 0.0),
                (None, ..) => "-".to_string(),
            };
            let discs = s.discs.map_or_else(|| "-".to_string(), |d| format!("{:+.1}", d + 0.0));
            let name: String = row.name.chars().take(width).collect();
            write!(
                f,
                "\n{:>3} {name:<width$} {:>6} {:>5} {:>5} {:>5} {:>7.1} {elo:>14} {discs:>8}",
                rank + 1,
                s.games.games,
                s.games.wins,
                s.games.draws,
                s.games.losses,
                row.points
            )?;
            for other in &rows {
                match self.cell(row.engine, other.engine) {
                    Some((points, games)) if games > 0 => write!(f, " {:>7}", format!("{points}/{games}"))?,
                    Some(_) => write!(f, " {:>7}", ".")?,
                    None => write!(f, " {:>7}", "-")?,
                }
            }
        }
        Ok(())
    }
}
