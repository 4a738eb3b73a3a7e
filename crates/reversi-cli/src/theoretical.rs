//! WTHOR's theoretical scores: `reversi solve --wthor-check` checks each
//! game's against the solver's, and `reversi convert --fill-theoretical`
//! fills them; both over reversi-solve's `wthor` module (its convention, its
//! depth: each game's `WthorDepth`, else `--depth`/`--empties`, else 24).
//!
//! Games are read and solved in batches of a few per thread (memory bounded
//! by the batch, not the file), each game on one thread.

use std::cell::Cell;
use std::collections::VecDeque;
use std::path::PathBuf;
use std::rc::Rc;

use reversi_notation::{ReadOptions, Record};
use reversi_solve::SolveError;
use reversi_solve::wthor::{
    CheckReport, TheoreticalCheck, TheoreticalOptions, check_theoretical, checked_depth, fill_theoretical,
};
use serde_json::json;

use crate::Failure;
use crate::files::{FormatChoice, inputs, open_source};
use crate::output::{Stdout, grouped};

/// Games read and solved at once, per thread.
const BATCH_PER_THREAD: usize = 8;

/// The failure of a solve: Ctrl-C is status 130, the deadline 1, the rest
/// (options, memory) 2.
pub(crate) fn solve_failure(context: &str, e: SolveError) -> Failure {
    match e {
        SolveError::Cancelled { .. } => Failure { message: format!("{context}: {e}"), status: 130 },
        SolveError::DeadlineReached { .. } => Failure::illegal(format!("{context}: {e}")),
        e => Failure::usage(format!("{context}: {e}")),
    }
}

/// The depth of `--depth`/`--empties`: 0 to 60 ([`checked_depth`]).
pub(crate) fn depth_option(depth: Option<usize>, flag: &str) -> Result<Option<u8>, Failure> {
    depth.map(checked_depth).transpose().map_err(|e| Failure::usage(format!("{flag}: {e}")))
}

/// The run's totals.
#[derive(Default)]
struct Tally {
    games: usize,
    agree: usize,
    disagree: usize,
    unscored: usize,
    unstated: usize,
    nodes: u64,
    seconds: f64,
    /// Wall time of the whole run.
    wall: f64,
}

/// `reversi solve --wthor-check FILES`: a line (or JSON object) a game, every
/// disagreement marked, and a summary; status 1 when any game disagrees.
pub(crate) fn check(
    files: &[PathBuf],
    format: FormatChoice,
    options: &TheoreticalOptions,
    json: bool,
    out: &mut Stdout,
) -> Result<(), Failure> {
    if files.is_empty() {
        return Err(Failure::usage("--wthor-check: give the WTHOR files (or other records) to check"));
    }
    let batch = options.get_solve().get_threads() * BATCH_PER_THREAD;
    let started = std::time::Instant::now();
    let mut tally = Tally::default();
    if !json {
        writeln!(
            out,
            "{:<24} {:>5} {:>6} {:>8} {:>8} {:>10} {:>14}  players",
            "game", "depth", "stated", "computed", "", "time", "nodes"
        )?;
    }
    for input in files {
        for path in inputs(input).map_err(Failure::usage)? {
            let source = open_source(&path, format, ReadOptions::new()).map_err(Failure::usage)?;
            let name = source.name.clone();
            let mut games = source.enumerate();
            loop {
                let mut records = Vec::with_capacity(batch);
                let mut first = None;
                for (i, record) in games.by_ref() {
                    first.get_or_insert(i);
                    records.push(record.map_err(|e| Failure::usage(e.to_string()))?);
                    if records.len() == batch {
                        break;
                    }
                }
                let Some(first) = first else { break };
                let checks = check_theoretical(&records, options).map_err(|e| solve_failure(&name, e))?;
                for check in &checks {
                    report(&name, first, &records, check, json, &mut tally, out)?;
                }
            }
        }
    }
    tally.wall = started.elapsed().as_secs_f64();
    summary(&tally, json, out)
}

/// One game's line or object (`first`: the number of the file's games
/// before `records`).
fn report(
    file: &str,
    first: usize,
    records: &[Record],
    check: &TheoreticalCheck,
    json: bool,
    tally: &mut Tally,
    out: &mut Stdout,
) -> Result<(), Failure> {
    let mut row = CheckReport::new(check, records);
    row.game += first;
    tally.games += 1;
    tally.agree += usize::from(row.agrees);
    tally.disagree += usize::from(row.disagrees);
    tally.unscored += usize::from(row.unscored.is_some());
    tally.unstated += usize::from(row.stated.is_none() && row.unscored.is_none());
    tally.nodes += row.nodes;
    tally.seconds += row.seconds;
    let game = format!("{file}:{}", row.game);
    if json {
        let mut line = serde_json::Map::from_iter([("source".to_owned(), game.into())]);
        if let serde_json::Value::Object(fields) = serde_json::json!(row) {
            line.extend(fields);
        }
        return writeln!(out, "{}", serde_json::Value::Object(line));
    }
    let stated = row.stated.map_or_else(|| "-".into(), |s| s.to_string());
    let computed = row.computed.map_or_else(|| "-".into(), |c| c.to_string());
    let verdict = match (&row.unscored, row.stated) {
        (Some(_), _) => "unscored",
        (None, Some(_)) if row.disagrees => "DIFFERS",
        (None, Some(_)) => "agrees",
        (None, None) => "",
    };
    let name = |n: &Option<String>| n.clone().unwrap_or_else(|| "?".into());
    writeln!(
        out,
        "{game:<24} {:>5} {stated:>6} {computed:>8} {verdict:>8} {:>10.3} {:>14}  {} - {}",
        row.depth,
        row.seconds,
        row.nodes,
        name(&row.black),
        name(&row.white),
    )?;
    if let Some(why) = &row.unscored {
        writeln!(out, "{:<24} unscored: {why}", "")?;
    }
    Ok(())
}

/// The summary line (or object); status 1 when a game disagrees.
fn summary(tally: &Tally, json: bool, out: &mut Stdout) -> Result<(), Failure> {
    let rate = |n: f64| if tally.wall > 0.0 { n / tally.wall } else { 0.0 };
    if json {
        let line = json!({"summary": {
            "games": tally.games,
            "agree": tally.agree,
            "disagree": tally.disagree,
            "unscored": tally.unscored,
            "unstated": tally.unstated,
            "nodes": tally.nodes,
            "seconds": (tally.seconds * 1e6).round() / 1e6,
            "wall_seconds": (tally.wall * 1e6).round() / 1e6,
            "games_per_second": (rate((tally.games - tally.unscored) as f64) * 1e3).round() / 1e3,
        }});
        writeln!(out, "{line}")?;
    } else {
        writeln!(
            out,
            "{} games: {} agree, {} differ, {} without a theoretical score, {} without a stated one; {} nodes in {:.3} s of solving, {:.3} s in all ({:.2} games solved/s)",
            grouped(tally.games as u64),
            grouped(tally.agree as u64),
            grouped(tally.disagree as u64),
            grouped(tally.unscored as u64),
            grouped(tally.unstated as u64),
            grouped(tally.nodes),
            tally.seconds,
            tally.wall,
            rate((tally.games - tally.unscored) as f64),
        )?;
    }
    if tally.disagree > 0 {
        return Err(Failure::illegal(format!("{} games' theoretical scores differ from the solver's", tally.disagree)));
    }
    Ok(())
}

/// `games` with their theoretical scores filled ([`fill_theoretical`]), a
/// batch at a time; `unscored` counts the games left without one.
pub(crate) fn filled<I>(
    games: I,
    options: TheoreticalOptions,
    unscored: Rc<Cell<usize>>,
) -> impl Iterator<Item = Result<Record, Failure>>
where
    I: Iterator<Item = Result<Record, Failure>>,
{
    let batch = options.get_solve().get_threads() * BATCH_PER_THREAD;
    let mut games = games.fuse();
    let mut ready: VecDeque<Result<Record, Failure>> = VecDeque::new();
    std::iter::from_fn(move || {
        if ready.is_empty() {
            let mut records = Vec::with_capacity(batch);
            let mut failure = None;
            for game in games.by_ref() {
                match game {
                    Ok(record) => records.push(record),
                    Err(e) => failure = Some(e),
                }
                if failure.is_some() || records.len() == batch {
                    break;
                }
            }
            if !records.is_empty() {
                match fill_theoretical(&mut records, &options) {
                    Ok(checks) => {
                        unscored.set(unscored.get() + checks.iter().filter(|c| c.computed.is_err()).count());
                        ready.extend(records.into_iter().map(Ok));
                    }
                    Err(e) => ready.push_back(Err(solve_failure("--fill-theoretical", e))),
                }
            }
            ready.extend(failure.map(Err));
        }
        ready.pop_front()
    })
}
