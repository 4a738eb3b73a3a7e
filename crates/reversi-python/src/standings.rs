//! reversi-engine's named results as dicts, each field under its name, as
//! `reversi match --json` and `reversi tournament --json` write them (the
//! library's `Standing`, `PairStanding`, `GameSummary` and
//! `CrosstableSummary`; `None` where JSON says `null`).

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use reversi_engine::referee::{CrosstableSummary, EloModel, GameSummary, PairStanding, Standing, Verdict};

/// A [`Standing`]'s fields, set in `dict`.
fn set_standing(dict: &Bound<'_, PyDict>, s: &Standing) -> PyResult<()> {
    dict.set_item("games", s.games)?;
    dict.set_item("wins", s.wins)?;
    dict.set_item("draws", s.draws)?;
    dict.set_item("losses", s.losses)?;
    dict.set_item("score", s.score)?;
    dict.set_item("elo", s.elo)?;
    dict.set_item("elo_low", s.elo_low)?;
    dict.set_item("elo_high", s.elo_high)?;
    dict.set_item("llr", s.llr)?;
    dict.set_item("llr_low", s.llr_low)?;
    dict.set_item("llr_high", s.llr_high)?;
    dict.set_item("sprt", s.verdict.map(Verdict::name))
}

/// A [`PairStanding`] as a dict.
pub(crate) fn pair_standing_dict<'py>(py: Python<'py>, s: &PairStanding) -> PyResult<Bound<'py, PyDict>> {
    let games = PyDict::new(py);
    set_standing(&games, &s.games)?;
    let dict = PyDict::new(py);
    dict.set_item("games", games)?;
    dict.set_item("pentanomial", s.pentanomial.to_vec())?;
    dict.set_item("pairs", s.pairs)?;
    dict.set_item("pair_score", s.pair_score)?;
    dict.set_item("elo", s.elo)?;
    dict.set_item("elo_low", s.elo_low)?;
    dict.set_item("elo_high", s.elo_high)?;
    dict.set_item("nelo", s.nelo)?;
    dict.set_item("nelo_low", s.nelo_low)?;
    dict.set_item("nelo_high", s.nelo_high)?;
    dict.set_item("llr", s.llr)?;
    dict.set_item("llr_low", s.llr_low)?;
    dict.set_item("llr_high", s.llr_high)?;
    dict.set_item("sprt_model", s.model.map(EloModel::name))?;
    dict.set_item("sprt", s.verdict.map(Verdict::name))?;
    dict.set_item("discs", s.discs)?;
    dict.set_item("discs_margin", s.discs_margin)?;
    Ok(dict)
}

/// An optional [`PairStanding`]: a dict or `None`.
fn maybe_standing<'py>(py: Python<'py>, s: Option<&PairStanding>) -> PyResult<Option<Bound<'py, PyDict>>> {
    s.map(|s| pair_standing_dict(py, s)).transpose()
}

/// A [`GameSummary`] as a dict (`pairing`, `first` and `second` only in a
/// tournament, as in JSON).
pub(crate) fn game_dict<'py>(py: Python<'py>, g: &GameSummary) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("game", g.game)?;
    if let Some(pairing) = g.pairing {
        dict.set_item("pairing", pairing)?;
    }
    if let Some(first) = &g.first {
        dict.set_item("first", first)?;
    }
    if let Some(second) = &g.second {
        dict.set_item("second", second)?;
    }
    dict.set_item("black", &g.black)?;
    dict.set_item("white", &g.white)?;
    dict.set_item("result", &g.result)?;
    dict.set_item("termination", &g.termination)?;
    dict.set_item("first_score", g.first_score)?;
    dict.set_item("standing", maybe_standing(py, g.standing.as_ref())?)?;
    Ok(dict)
}

/// A [`CrosstableSummary`] as a dict: `games`, `rows` (`against`: each
/// name to `(points, games)`) and `pairings`.
pub(crate) fn table_dict<'py>(py: Python<'py>, table: &CrosstableSummary) -> PyResult<Bound<'py, PyDict>> {
    let rows = PyList::empty(py);
    for row in &table.rows {
        let dict = PyDict::new(py);
        dict.set_item("engine", row.engine)?;
        dict.set_item("name", &row.name)?;
        dict.set_item("points", row.points)?;
        dict.set_item("standing", pair_standing_dict(py, &row.standing)?)?;
        let against = PyDict::new(py);
        for a in &row.against {
            against.set_item(&a.name, (a.points, a.games))?;
        }
        dict.set_item("against", against)?;
        rows.append(dict)?;
    }
    let pairings = PyList::empty(py);
    for pairing in &table.pairings {
        let dict = PyDict::new(py);
        dict.set_item("first", &pairing.first)?;
        dict.set_item("second", &pairing.second)?;
        dict.set_item("standing", maybe_standing(py, pairing.standing.as_ref())?)?;
        pairings.append(dict)?;
    }
    let dict = PyDict::new(py);
    dict.set_item("games", table.games)?;
    dict.set_item("rows", rows)?;
    dict.set_item("pairings", pairings)?;
    Ok(dict)
}
