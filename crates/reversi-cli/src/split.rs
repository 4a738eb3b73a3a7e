//! The CLI's side of the split count (reversi-variants' `split` module, where
//! the count, the plan, the shards and the merge live): options and errors
//! as the command line spells them, progress on stderr, and the files.
//!
//! `reversi perft DEPTH --split K --plan FILE` writes a plan, all or nothing
//! ([`Outputs`]); `reversi perft --plan FILE --shard I/N -o RESULT` counts a
//! shard and writes its result (one line of JSON) all or nothing; `reversi
//! perft --merge RESULT...` checks that every shard of one plan is there once
//! and prints the total.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use reversi_variants::Position;
use reversi_variants::split::{Counter, CounterError, DeepOptions, Plan, PlanError, Shard, merge, read_plan};
use serde_json::json;

use crate::Failure;
use crate::files::Outputs;
use crate::output::Stdout;

/// A [`Counter`] for `game` with `options`, printing progress lines on
/// stderr when `progress` (clear them with [`clear_progress`]).
///
/// # Errors
/// Status 2, naming the option at fault, when the pool or the table cannot
/// be had.
pub(crate) fn counter(game: &Position, options: DeepOptions, progress: bool) -> Result<Counter, Failure> {
    let counter = Counter::new(game, options).map_err(|e| match e {
        CounterError::Pool { threads, message } => Failure::usage(format!("--threads {threads}: {message}")),
        CounterError::Threads { threads } => Failure::usage(format!("--threads {threads}: {e}")),
        CounterError::Table { mib, source } => Failure::usage(format!("--hash {mib}: {source}")),
        e => Failure::usage(e.to_string()),
    })?;
    if !progress {
        return Ok(counter);
    }
    Ok(counter.with_progress(|p| {
        let mut err = std::io::stderr().lock();
        let _ = write!(
            err,
            "\r{}/{} units, {:.1} G leaves, {:.1} M leaves/s, {:.1} s, about {:.0} s left   ",
            p.done,
            p.units,
            p.leaves as f64 / 1e9,
            p.rate() / 1e6,
            p.elapsed.as_secs_f64(),
            p.seconds_left(),
        );
        let _ = err.flush();
    }))
}

/// Clears the progress line [`counter`] printed, if it printed.
pub(crate) fn clear_progress(progress: bool) {
    if progress {
        eprint!("\r{:80}\r", "");
    }
}

/// Writes the plan of `game` at `depth` split at ply `split` to `path`, all
/// or nothing ([`Outputs`]).
///
/// # Errors
/// A usage failure when `split` is over `depth` or makes a plan past
/// reversi-variants' `MAX_PLAN_POSITIONS` at some ply (the message gives its
/// estimated size), or naming the file that cannot be written (status 2).
pub(crate) fn write_plan(path: &Path, game: &Position, depth: u32, split: u32) -> Result<Plan, Failure> {
    let plan = Plan::new(game, depth, split).map_err(|e| match e {
        PlanError::SplitPastDepth { split, depth } => {
            Failure::usage(format!("--split {split}: the split ply must be at most DEPTH ({depth})"))
        }
        e @ (PlanError::TooLarge { .. } | PlanError::Memory { .. }) => Failure::usage(format!("--split {split}: {e}")),
        e => Failure::usage(e.to_string()),
    })?;
    let mut files = Outputs::create(&[path.to_path_buf()])?;
    plan.write(files.file(0)).map_err(|e| files.failed(0, e))?;
    files.commit()?;
    Ok(plan)
}

/// How a shard is counted.
pub(crate) struct ShardJob<'a> {
    /// The plan.
    pub(crate) plan: &'a Path,
    /// Which shard.
    pub(crate) shard: Shard,
    /// The result file.
    pub(crate) output: &'a Path,
    /// DEPTH, if given: it must be the plan's.
    pub(crate) depth: Option<u32>,
    /// Threads, table, backend, engine.
    pub(crate) options: DeepOptions,
    /// Progress lines on stderr.
    pub(crate) progress: bool,
    /// Print the result as JSON.
    pub(crate) json: bool,
}

/// Counts a shard and writes its result.
///
/// # Errors
/// Status 2: a plan that cannot be read or is damaged, a DEPTH other than
/// the plan's, a result file that is the plan or cannot be written, a table
/// or pool that cannot be had, a count over 64 bits.
pub(crate) fn run_shard(job: &ShardJob<'_>, out: &mut Stdout) -> Result<(), Failure> {
    if std::fs::canonicalize(job.plan).ok().is_some_and(|plan| std::fs::canonicalize(job.output).ok() == Some(plan)) {
        return Err(Failure::usage(format!(
            "-o {}: this is the plan: write the result to another file",
            job.output.display()
        )));
    }
    let plan = read_plan(job.plan, job.shard).map_err(|e| Failure::usage(e.to_string()))?;
    let header = plan.header();
    if let Some(depth) = job.depth.filter(|&d| d != header.depth) {
        return Err(Failure::usage(format!(
            "DEPTH {depth}: the plan {} counts depth {}: drop DEPTH or give {}",
            job.plan.display(),
            header.depth,
            header.depth
        )));
    }
    let counter = counter(&header.start, job.options, job.progress)?;
    let result = plan.count(&counter);
    clear_progress(job.progress);
    let result = result.map_err(|e| Failure::usage(e.to_string()))?;
    let line = result.to_json();
    let mut files = Outputs::create(&[job.output.to_path_buf()])?;
    files.write(0, |file| writeln!(file, "{line}"))?;
    files.commit()?;
    if job.json {
        writeln!(out, "{line}")
    } else {
        writeln!(
            out,
            "shard {}/{} of plan {}: {} positions, {} leaves in {:.3} s",
            job.shard.index(),
            job.shard.count(),
            result.plan,
            result.positions,
            result.leaves,
            result.seconds
        )
    }
}

/// Merges result files and prints the total, with the shards' times (summed,
/// slowest, mean, slowest over mean: the balance).
///
/// # Errors
/// Status 2 with the merge's error: a file missing, unreadable, not a
/// result, of another plan or shard count, a shard twice or missing; a DEPTH
/// other than the results'. A temporary file of a write
/// ([`reversi_notation::is_temporary`]: `.NAME.tmp-PID`) is refused unread.
pub(crate) fn run_merge(files: &[PathBuf], depth: Option<u32>, json: bool, out: &mut Stdout) -> Result<(), Failure> {
    if let Some(file) = files.iter().find(|file| reversi_notation::is_temporary(file)) {
        return Err(Failure::usage(format!(
            "{}: a temporary file of a result being written, or of a run killed before it finished: \
             give the results (RESULT, not .RESULT.tmp-PID)",
            file.display()
        )));
    }
    let merged = merge(files).map_err(|e| Failure::usage(e.to_string()))?;
    if let Some(depth) = depth.filter(|&d| d != merged.depth()) {
        return Err(Failure::usage(format!("DEPTH {depth}: the results count depth {}", merged.depth())));
    }
    let round = |x: f64| (x * 1e3).round() / 1e3;
    if json {
        let line = json!({
            "depth": merged.depth(),
            "leaves": merged.leaves(),
            "plan": merged.plan(),
            "shards": merged.shards(),
            "seconds": round(merged.seconds()),
            "max_seconds": round(merged.max_seconds()),
            "mean_seconds": round(merged.mean_seconds()),
            "balance": round(merged.balance()),
        });
        return writeln!(out, "{line}");
    }
    writeln!(
        out,
        "perft {}: {} leaves from {} shards of plan {} (shard seconds: {:.3} in all, slowest {:.3}, mean {:.3}, slowest/mean {:.2})",
        merged.depth(),
        merged.leaves(),
        merged.shards(),
        merged.plan(),
        merged.seconds(),
        merged.max_seconds(),
        merged.mean_seconds(),
        merged.balance()
    )
}
