//! `reversi solve`: exact scores of positions, by reversi-solve's one entry
//! point ([`reversi_solve::solve`], [`reversi_solve::solve_moves`]).
//!
//! Positions come from record files (OBF: each line; any other format: each
//! game's last position, or with `--empties N` its first with N empty
//! squares, reversi-notation's [`position_with_empties`]), from `--position`,
//! or from the start of `--variant --board --holes --first`. An OBF line's
//! expected scores are checked ([`check_expected`]: the best one against the
//! score; with `--all` every move's). Output: a table like Edax's `-solve`
//! and a summary, or one JSON object a position and a summary object.
//!
//! `--wthor-check` checks each game's WTHOR theoretical score instead
//! ([`crate::theoretical`]).
//!
//! Exit status: 0 every position solved (and as expected); 1 a score that
//! differs from the file's, or the deadline (`--time-limit`) reached before
//! an answer; 2 bad input (options, files, a position the solver refuses);
//! 130 Ctrl-C (the solve stops at once and says so).

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use reversi_notation::{Passes, ReadOptions, Record, obf, position_with_empties, replay};
use reversi_solve::wthor::TheoreticalOptions;
use reversi_solve::{Cancel, Mismatch, MoveScores, Solution, SolveError, SolveOptions, Summary, check_expected};
use reversi_variants::{Move, Position};
use serde_json::{Value, json};

use crate::Failure;
use crate::files::{FormatChoice, inputs, open_source, parse_format_choice};
use crate::game::StartArgs;
use crate::output::{Stdout, grouped};
use crate::perft::BackendArg;

/// Arguments of `reversi solve`.
#[derive(Args, Debug)]
pub(crate) struct SolveArgs {
    /// Record files (or directories of them): each OBF line is a position
    /// (its expected scores checked); any other record gives each game's last
    /// position, or with --empties its position with N empty squares. Without
    /// files: --position, or the start of --variant --board --holes --first.
    files: Vec<PathBuf>,
    /// The files' format: auto (from the extension or the content) or
    /// transcript, pgn, ggf, wthor, obf, position.
    #[arg(long, default_value = "auto", value_parser = parse_format_choice)]
    format: FormatChoice,
    /// Solve each game's first position with N empty squares (games that
    /// never have N are skipped, and counted). With --wthor-check: the depth
    /// to check at instead of each game's.
    #[arg(long, value_name = "N")]
    empties: Option<usize>,
    /// Check each game's WTHOR theoretical score (Black's discs in perfect
    /// play from its position at the file's depth, 24 when none) against the
    /// solver's: a line a game, status 1 when any differs.
    #[arg(long, conflicts_with = "all")]
    wthor_check: bool,
    #[command(flatten)]
    start: StartArgs,
    /// Also score every legal move (the OBF answer list).
    #[arg(long)]
    all: bool,
    /// Print one line of JSON a position, then a summary line, instead of the table.
    #[arg(long)]
    json: bool,
    /// Threads to solve with, 1 to 1024; the scores do not depend on it.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: u16,
    /// Transposition table size in MiB (0: none).
    #[arg(long, value_name = "MIB", default_value_t = SolveOptions::DEFAULT_HASH_MIB)]
    hash: usize,
    /// The move-generator build of the search on boards up to 8x8: the
    /// fastest this CPU runs, or a named one (to compare them: the scores and
    /// the nodes are the same on every build).
    #[arg(long, value_enum, default_value_t = BackendArg::Auto)]
    backend: BackendArg,
    /// Stop the whole run after this many seconds (exit status 1: no exact answer).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    time_limit: Option<Duration>,
}

/// Reads a positive number of seconds.
fn parse_seconds(s: &str) -> Result<Duration, String> {
    match s.parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 => Duration::try_from_secs_f64(x).map_err(|e| e.to_string()),
        _ => Err(format!("expected a positive number of seconds, found {s:?}")),
    }
}

#[cfg(fuzzing)]
impl SolveArgs {
    pub(crate) fn check(&self) -> Result<(), Failure> {
        self.start.game.geometry().map(|_| ())
    }
}

/// A position to solve: where it comes from and what it is expected to score.
struct Job {
    /// `file:game` or `start`.
    source: String,
    position: Position,
    expected: Vec<(Move, i32)>,
}

/// The run's totals.
#[derive(Default)]
struct Tally {
    positions: usize,
    nodes: u64,
    seconds: f64,
    mismatches: usize,
    skipped: usize,
}

/// Runs the command, reporting on `out`.
pub(crate) fn run(args: &SolveArgs, out: &mut Stdout) -> Result<(), Failure> {
    let cancel = Cancel::new();
    let mut options =
        SolveOptions::new().threads(usize::from(args.threads)).hash_mib(args.hash).backend(args.backend.backend()?);
    options.check().map_err(|e| Failure::usage(format!("--hash/--threads: {e}")))?;
    crate::interrupt::cancel_on_signal(&cancel);
    options = options.cancel(cancel);
    if let Some(limit) = args.time_limit {
        options = options.time_limit(limit);
    }
    if args.wthor_check {
        if args.start.position.is_some() {
            return Err(Failure::usage("--wthor-check checks record files, not --position"));
        }
        let mut theoretical = TheoreticalOptions::new().solve(options);
        if let Some(depth) = crate::theoretical::depth_option(args.empties, "--empties")? {
            theoretical = theoretical.depth(depth);
        }
        return crate::theoretical::check(&args.files, args.format, &theoretical, args.json, out);
    }
    let mut tally = Tally::default();
    if !args.json {
        writeln!(
            out,
            "{:>4} {:>7} {:>6} {:>5} {:>10} {:>14} {:>12}  pv",
            "#", "empties", "score", "best", "time", "nodes", "nodes/s"
        )?;
    }
    if args.files.is_empty() {
        let position = args.start.spec(false).position()?;
        solve_one(args, &options, &Job { source: "start".into(), position, expected: Vec::new() }, &mut tally, out)?;
    } else {
        if args.start.position.is_some() {
            return Err(Failure::usage("--position is a position of its own: give it or files, not both"));
        }
        let geometry = args.start.game.geometry()?;
        let read = ReadOptions::new().variant(args.start.game.variant).geometry(geometry);
        for input in &args.files {
            for path in inputs(input).map_err(Failure::usage)? {
                let source = open_source(&path, args.format, read).map_err(Failure::usage)?;
                let name = source.name.clone();
                for (i, record) in source.enumerate() {
                    let record = record.map_err(|e| Failure::usage(e.to_string()))?;
                    let label = format!("{name}:{}", i + 1);
                    match job(&record, label, args.empties)? {
                        Some(job) => solve_one(args, &options, &job, &mut tally, out)?,
                        None => tally.skipped += 1,
                    }
                }
            }
        }
    }
    summary(args, &tally, out)
}

/// The position of a record to solve, with its expected scores; `None` for
/// a game without `empties` empty squares at any point.
fn job(record: &Record, source: String, empties: Option<usize>) -> Result<Option<Job>, Failure> {
    let failed = |e: reversi_notation::ReplayError| Failure::usage(format!("{source}: {e}"));
    let Some(position) = (match empties {
        Some(n) => position_with_empties(record, n, Passes::Infer).map_err(failed)?,
        None => Some(replay(record, Passes::Infer).map_err(failed)?.position),
    }) else {
        return Ok(None);
    };
    // The file's scores are those of the position it holds: its last.
    let expected = if empties.is_none() { obf::expected_scores(record) } else { Vec::new() };
    Ok(Some(Job { source, position, expected }))
}

/// Solves one position and writes its line (and its moves' scores with
/// `--all`, its mismatches if any).
fn solve_one(
    args: &SolveArgs,
    options: &SolveOptions,
    job: &Job,
    tally: &mut Tally,
    out: &mut Stdout,
) -> Result<(), Failure> {
    let failed = |e: SolveError| crate::theoretical::solve_failure(&job.source, e);
    let solution = reversi_solve::solve(&job.position, options).map_err(failed)?;
    let moves = if args.all { Some(reversi_solve::solve_moves(&job.position, options).map_err(failed)?) } else { None };
    let mismatches = check_expected(&job.expected, solution.score, moves.as_ref());
    tally.positions += 1;
    tally.nodes += solution.nodes + moves.as_ref().map_or(0, |m| m.nodes);
    let seconds = solution.elapsed.as_secs_f64() + moves.as_ref().map_or(0.0, |m| m.elapsed.as_secs_f64());
    tally.seconds += seconds;
    tally.mismatches += usize::from(!mismatches.is_empty());
    let empties = job.position.geometry().playable_count()
        - job.position.count(reversi_variants::Color::Black)
        - job.position.count(reversi_variants::Color::White);
    if args.json {
        return write_json(job, empties, &solution, moves.as_ref(), &mismatches, tally.positions, out);
    }
    let best = solution.best.map_or_else(|| "--".to_string(), |m| m.to_string());
    let pv: Vec<String> = solution.pv.iter().map(ToString::to_string).collect();
    writeln!(
        out,
        "{:>4} {:>7} {:>+6} {:>5} {:>10.3} {:>14} {:>12.0}  {}",
        tally.positions,
        empties,
        solution.score,
        best,
        solution.elapsed.as_secs_f64(),
        solution.nodes,
        solution.nodes_per_second(),
        pv.join(" ")
    )?;
    if let Some(moves) = &moves {
        let list: Vec<String> = moves.moves.iter().map(|(mv, s)| format!("{mv}:{s:+}")).collect();
        writeln!(out, "{:>4} moves: {}", "", list.join(" "))?;
    }
    for mismatch in &mismatches {
        writeln!(out, "{:>4} mismatch ({}): {mismatch}", "", job.source)?;
    }
    Ok(())
}

/// One position's JSON line: where it comes from, then the solve's named
/// fields (reversi-solve's [`Summary`]), then the file's expectations.
fn write_json(
    job: &Job,
    empties: usize,
    solution: &Solution<Move>,
    moves: Option<&MoveScores<Move>>,
    mismatches: &[Mismatch<Move>],
    index: usize,
    out: &mut Stdout,
) -> Result<(), Failure> {
    let mut line = json!({
        "index": index,
        "source": job.source,
        "position": job.position.to_string(),
        "empties": empties,
    });
    if let (Some(fields), Ok(Value::Object(summary))) =
        (line.as_object_mut(), serde_json::to_value(Summary::new(solution, moves)))
    {
        fields.extend(summary);
    }
    if !job.expected.is_empty() {
        line["expected"] = job.expected.iter().map(|(mv, s)| json!({"move": mv.to_string(), "score": s})).collect();
        line["mismatches"] = mismatches.iter().map(ToString::to_string).collect();
    }
    writeln!(out, "{line}")
}

/// The summary line (or object), and the status of the run.
fn summary(args: &SolveArgs, tally: &Tally, out: &mut Stdout) -> Result<(), Failure> {
    let rate = if tally.seconds > 0.0 { tally.nodes as f64 / tally.seconds } else { 0.0 };
    if args.json {
        let line = json!({"summary": {
            "positions": tally.positions,
            "nodes": tally.nodes,
            "seconds": (tally.seconds * 1e6).round() / 1e6,
            "nodes_per_second": rate.round(),
            "mismatches": tally.mismatches,
            "skipped": tally.skipped,
        }});
        writeln!(out, "{line}")?;
    } else {
        writeln!(
            out,
            "{} positions, {} nodes in {:.3} s ({} nodes/s), {} not as expected{}",
            grouped(tally.positions as u64),
            grouped(tally.nodes),
            tally.seconds,
            grouped(rate.round() as u64),
            grouped(tally.mismatches as u64),
            if tally.skipped > 0 {
                format!(", {} games skipped (never that many empties)", tally.skipped)
            } else {
                String::new()
            }
        )?;
    }
    if tally.mismatches > 0 {
        return Err(Failure::illegal(format!("{} positions differ from their expected scores", tally.mismatches)));
    }
    Ok(())
}
