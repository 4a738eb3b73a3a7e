//! The CLI's side of the split count (reversi-variants' `split` module: the
//! counter) and of the distributed count (its `shards` module: the plan, the
//! shards and the merge): options and errors as the command line spells
//! them, progress on stderr, and the files all or nothing.
//!
//! `reversi perft DEPTH --split K --plan FILE` writes a plan, all or nothing
//! (the library's `write_plan`); `reversi perft --plan FILE --shard I/N -o
//! RESULT` counts a shard and writes its result (one line of JSON) all or
//! nothing (`count_shard` to a [`Destination`]); `reversi
//! perft --merge RESULT...` checks that every shard of one plan is there once
//! and prints the total.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use reversi_variants::Position;
use reversi_variants::shards::{
    Destination, Plan, PlanError, Shard, ShardError, ShardOptions, ShardResult, count_shard, merge,
    write_plan as write_plan_file,
};
use reversi_variants::split::{Counter, CounterError, DeepOptions, Progress};
use serde_json::json;

use crate::Failure;
use crate::interrupt::TEMPORARY_FILES;
use crate::output::{Stdout, grouped};

/// A [`Counter`] for `game` with `options`, printing progress lines on
/// stderr when `progress` (clear them with [`clear_progress`]).
///
/// # Errors
/// Status 2, naming the option at fault, when the pool or the table cannot
/// be had.
pub(crate) fn counter(game: &Position, options: DeepOptions, progress: bool) -> Result<Counter, Failure> {
    let counter = Counter::new(game, options).map_err(counter_failure)?;
    Ok(if progress { counter.with_progress(print_progress) } else { counter })
}

/// The failure of a counter that cannot be made, naming the option at fault.
fn counter_failure(e: CounterError) -> Failure {
    match e {
        CounterError::Pool { threads, message } => Failure::usage(format!("--threads {threads}: {message}")),
        CounterError::Threads { threads } => Failure::usage(format!("--threads {threads}: {e}")),
        CounterError::Table { mib, source } => Failure::usage(format!("--hash {mib}: {source}")),
        e => Failure::usage(e.to_string()),
    }
}

/// Prints a progress line on stderr, over the last.
fn print_progress(p: &Progress) {
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
}

/// Clears the progress line [`counter`] printed, if it printed.
pub(crate) fn clear_progress(progress: bool) {
    if progress {
        eprint!("\r{:80}\r", "");
    }
}

/// Writes the plan of `game` at `depth` split at ply `split` to `path`, all
/// or nothing (reversi-variants' `write_plan`).
///
/// # Errors
/// A usage failure when `split` is over `depth` or makes a plan past
/// reversi-variants' `MAX_PLAN_POSITIONS` at some ply (the message gives its
/// estimated size), or naming the file that is refused or cannot be written
/// (status 2).
pub(crate) fn write_plan(path: &Path, game: &Position, depth: u32, split: u32) -> Result<Plan, Failure> {
    let to = Destination::new(path).tracked(&TEMPORARY_FILES);
    write_plan_file(game, depth, split, &to).map_err(|e| match e {
        PlanError::SplitPastDepth { split, depth } => {
            Failure::usage(format!("--split {split}: the split ply must be at most DEPTH ({depth})"))
        }
        e @ (PlanError::TooLarge { .. } | PlanError::Memory { .. }) => Failure::usage(format!("--split {split}: {e}")),
        e => Failure::usage(e.to_string()),
    })
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

/// Counts a shard and writes its result, all or nothing ([`Destination`]).
///
/// # Errors
/// Status 2: a plan that cannot be read or is damaged, a DEPTH other than
/// the plan's, a result file that is the plan or cannot be written, a table
/// or pool that cannot be had, a count over 64 bits.
pub(crate) fn run_shard(job: &ShardJob<'_>, out: &mut Stdout) -> Result<(), Failure> {
    let mut options = ShardOptions::new(job.options);
    if let Some(depth) = job.depth {
        options = options.depth(depth);
    }
    if job.progress {
        options = options.progress(print_progress);
    }
    let output = Destination::new(job.output).tracked(&TEMPORARY_FILES);
    let result = count_shard(job.plan, job.shard, options, Some(&output));
    clear_progress(job.progress);
    report_shard(&result.map_err(|e| shard_failure(job, e))?, job.json, out)
}

/// The failure of a shard, as the command line names what is at fault.
fn shard_failure(job: &ShardJob<'_>, e: ShardError) -> Failure {
    match e {
        ShardError::Counter(e) => counter_failure(e),
        ShardError::OutputIsPlan { file } => {
            Failure::usage(format!("-o {}: this is the plan: write the result to another file", file.display()))
        }
        ShardError::Depth { expected, found, .. } => Failure::usage(format!(
            "DEPTH {expected}: the plan {} counts depth {found}: drop DEPTH or give {found}",
            job.plan.display()
        )),
        e => Failure::usage(e.to_string()),
    }
}

/// Prints a shard's result: its JSON line, or a sentence.
fn report_shard(result: &ShardResult, json: bool, out: &mut Stdout) -> Result<(), Failure> {
    if json {
        return writeln!(out, "{}", result.to_json());
    }
    writeln!(
        out,
        "shard {} of plan {}: {} positions, {} leaves in {:.3} s",
        result.shard(),
        result.plan(),
        grouped(result.positions()),
        grouped(result.leaves()),
        result.seconds()
    )
}

/// Merges result files and prints the total, with the shards' times (summed,
/// slowest, mean, slowest over mean: the balance).
///
/// # Errors
/// Status 2 with the merge's error: a file missing, unreadable, not a
/// result, of another plan or shard count, a shard twice or missing, a
/// temporary file of a write (`.NAME.tmp-PID`, refused unread); a DEPTH
/// other than the results'.
pub(crate) fn run_merge(files: &[PathBuf], depth: Option<u32>, json: bool, out: &mut Stdout) -> Result<(), Failure> {
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
        grouped(merged.leaves()),
        merged.shards(),
        merged.plan(),
        merged.seconds(),
        merged.max_seconds(),
        merged.mean_seconds(),
        merged.balance()
    )
}
