//! `reversi perft`: count leaves, time them, optionally per root move.
//!
//! The count is of leaves (the positions at the depth, and games that end
//! before it), not of every node visited, so the output says `leaves` and
//! `leaves/s`, and the JSON fields are `leaves` and `leaves_per_second`.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use reversi_core::Backend;
use serde_json::json;

use crate::Failure;
use reversi_variants::shards::{Plan, Shard};
use reversi_variants::split::DeepOptions;

use crate::game::StartArgs;
use crate::output::{Stdout, grouped};
use crate::split::{ShardJob, clear_progress, counter, run_merge, run_shard, write_plan};

/// The deepest count accepted, for every game and board: the split count's
/// bound (reversi-variants' `split::MAX_DEPTH`, the Python package's too).
/// The help states it.
const MAX_DEPTH: u32 = reversi_variants::split::MAX_DEPTH;

/// Arguments of `reversi perft`.
#[derive(Args, Debug)]
pub(crate) struct PerftArgs {
    /// Plies to count, 0 to 60 (every game and board); a pass is a ply. With
    /// --shard or --merge the plan gives it (if given, it must agree).
    #[arg(required_unless_present_any = ["shard", "merge"])]
    depth: Option<u32>,
    #[command(flatten)]
    start: StartArgs,
    /// Also print the count below each root move.
    #[arg(long)]
    divide: bool,
    /// Print one line of JSON instead of text.
    #[arg(long)]
    json: bool,
    /// The engine for 8x8 Reversi: reversi-core (auto) or the generic engine of
    /// reversi-variants that every other board uses (to compare them).
    #[arg(long, value_enum, default_value_t = EngineArg::Auto)]
    engine: EngineArg,
    /// The move-generator build to use, for every game: the fastest this CPU
    /// runs, or a named one (in a binary built with -C target-cpu=..., each
    /// named build is compiled with that CPU's features too).
    #[arg(long, value_enum, default_value_t = BackendArg::Auto)]
    backend: BackendArg,
    /// Threads to count with, 1 to 1024 (the tree is split a few plies below
    /// the root); the count is the same with any number.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: u16,
    /// Transposition table of this many MiB (0: none), one for the whole count,
    /// shared by every thread, for every game (8x8 Reversi: canonical boards;
    /// other games: exact keys); the count stays exact.
    #[arg(long, value_name = "MIB", default_value_t = 0)]
    hash: usize,
    /// The key seed of the --hash table, any 64-bit number: each seed puts
    /// the positions in other slots and checks them another way, with the
    /// same counts, so that two counts of one tree under two seeds are
    /// independent checks (a shard's result records it).
    #[arg(long, value_name = "SEED", default_value_t = 0, requires = "hash")]
    hash_seed: u64,
    /// Write the plan of a split count to --plan: the distinct positions
    /// (under the board's symmetries) at ply K with their multiplicities.
    #[arg(long, value_name = "K", requires = "plan", conflicts_with = "divide")]
    split: Option<u32>,
    /// The plan file: written with --split, read with --shard.
    #[arg(long, value_name = "FILE")]
    plan: Option<PathBuf>,
    /// Count shard I of N (I from 0 to N-1) of --plan and write its result
    /// to -o; the game comes from the plan alone.
    #[arg(long, value_name = "I/N", requires_all = ["plan", "output"],
          conflicts_with_all = ["split", "divide", "variant", "board", "holes", "position", "first"])]
    shard: Option<Shard>,
    /// The result file of --shard (JSON, written all or nothing).
    #[arg(short = 'o', long = "output", value_name = "RESULT", requires = "shard")]
    output: Option<PathBuf>,
    /// Merge the results of every shard of one plan and print the total.
    #[arg(long, value_name = "RESULT", num_args = 1..,
          conflicts_with_all = ["plan", "split", "shard", "divide", "variant", "board", "holes", "position", "first",
                                "threads", "hash", "hash_seed", "engine", "backend"])]
    merge: Vec<PathBuf>,
}

/// An `--engine` choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum EngineArg {
    /// reversi-core for 8x8 Reversi, reversi-variants for the rest.
    Auto,
    /// reversi-variants for everything.
    Generic,
}

/// A `--backend` choice (`reversi perft` and `reversi solve`).
#[derive(Clone, Copy, Debug, ValueEnum)]
pub(crate) enum BackendArg {
    /// The fastest this CPU has.
    Auto,
    /// Plain Rust, any CPU.
    Portable,
    /// x86-64 with popcnt, lzcnt, BMI1/2 and AVX2.
    #[value(name = "x86-64-v3")]
    X86_64V3,
    /// x86-64-v3 plus AVX-512.
    #[value(name = "x86-64-v4")]
    X86_64V4,
}

impl BackendArg {
    /// The build named, refused when this CPU cannot run it.
    pub(crate) fn backend(self) -> Result<Backend, Failure> {
        let name = match self {
            BackendArg::Auto => "auto",
            BackendArg::Portable => Backend::Portable.name(),
            BackendArg::X86_64V3 => Backend::X86_64V3.name(),
            BackendArg::X86_64V4 => Backend::X86_64V4.name(),
        };
        Backend::from_name(name).map_err(|e| Failure::usage(format!("--backend {name}: {e}")))
    }
}

/// What `run` checks before counting, and a count of at most two plies on
/// at most two threads with at most 1 MiB of table (no output): for the
/// `cli_args` fuzz target.
#[cfg(fuzzing)]
impl PerftArgs {
    pub(crate) fn check(&self) -> Result<(), Failure> {
        // Plans, shards and merges read and write files: not run here.
        if self.shard.is_some() || !self.merge.is_empty() || self.plan.is_some() {
            return Ok(());
        }
        let game = self.start.spec(self.engine == EngineArg::Generic).position()?;
        let depth = self.depth.unwrap_or(0);
        if depth <= 2 && self.hash <= 1 {
            let threads = usize::from(self.threads).min(2);
            let options = DeepOptions::new().threads(threads).hash_mib(self.hash);
            let _ = counter(&game, options, false)?.count(&game, depth, self.divide);
        }
        Ok(())
    }
}

/// Runs the command, writing the counts to `out`: a count, a plan
/// (`--split`), a shard of a plan (`--shard`) or a merge (`--merge`).
pub(crate) fn run(args: &PerftArgs, out: &mut Stdout) -> Result<(), Failure> {
    if let Some(depth) = args.depth.filter(|&d| d > MAX_DEPTH) {
        return Err(Failure::usage(format!("depth {depth} is over the maximum of {MAX_DEPTH}")));
    }
    if !args.merge.is_empty() {
        return run_merge(&args.merge, args.depth, args.json, out);
    }
    let generic = args.engine == EngineArg::Generic;
    let backend = args.backend.backend()?;
    let progress = std::io::stderr().is_terminal() && !args.json;
    let options = DeepOptions::new()
        .threads(usize::from(args.threads))
        .hash_mib(args.hash)
        .hash_seed(args.hash_seed)
        .backend(backend)
        .generic_engine(generic);
    if let (Some(plan), Some(shard), Some(output)) = (&args.plan, args.shard, &args.output) {
        let job = ShardJob { plan, shard, output, depth: args.depth, options, progress, json: args.json };
        return run_shard(&job, out);
    }
    if let (Some(plan), None) = (&args.plan, args.split) {
        return Err(Failure::usage(format!(
            "--plan {}: give --split K to write a plan, or --shard I/N -o RESULT to count a shard of it",
            plan.display()
        )));
    }
    let Some(depth) = args.depth else {
        return Err(Failure::usage(
            "give DEPTH (or --plan FILE --shard I/N -o RESULT to count a shard, or --merge RESULT... to merge)",
        ));
    };
    let game = args.start.spec(generic).position()?;
    if let (Some(plan), Some(split)) = (&args.plan, args.split) {
        return report_plan(plan, &write_plan(plan, &game, depth, split)?, args.json, out);
    }

    // The tables (allocated and zeroed) and the pool are made before the
    // clock starts, as other perft programs do; the split itself is the same
    // whether or not progress is shown or the counts per move are asked for.
    let counter = counter(&game, options, progress)?;
    let start = Instant::now();
    let split = counter.count(&game, depth, args.divide);
    let elapsed = start.elapsed();
    clear_progress(progress);
    // DEPTH is within the library's bound, checked above; no token is set.
    let split = split.map_err(|e| Failure::usage(e.to_string()))?;
    if split.total == u64::MAX {
        return Err(Failure::usage(format!(
            "perft {depth}: the count does not fit in 64 bits (it is at least {})",
            u64::MAX
        )));
    }
    report(args, depth, backend, split.total, &split.per_move, elapsed, out)
}

/// Writes what `--split` wrote: the plan's size and digest.
fn report_plan(file: &std::path::Path, plan: &Plan, json: bool, out: &mut Stdout) -> Result<(), Failure> {
    let header = plan.header();
    if json {
        let line = json!({
            "plan": file.display().to_string(),
            "digest": plan.digest(),
            "depth": header.depth,
            "split": header.split,
            "positions": header.positions,
            "paths": header.paths,
            "finished": header.finished,
        });
        return writeln!(out, "{line}");
    }
    writeln!(
        out,
        "plan {}: perft {} split at ply {}: {} positions ({} paths, {} games finished before), digest {}",
        file.display(),
        header.depth,
        header.split,
        header.positions,
        header.paths,
        header.finished,
        plan.digest()
    )
}

/// Writes the count, the time and the speed (and the counts per root move).
fn report(
    args: &PerftArgs,
    depth: u32,
    backend: Backend,
    leaves: u64,
    per_move: &[(reversi_variants::Move, u64)],
    elapsed: Duration,
    out: &mut Stdout,
) -> Result<(), Failure> {
    let seconds = elapsed.as_secs_f64();
    let rate = if seconds > 0.0 { (leaves as f64 / seconds).round() as u64 } else { 0 };
    if args.json {
        let mut line = json!({
            "depth": depth,
            "leaves": leaves,
            "seconds": (seconds * 1e6).round() / 1e6,
            "leaves_per_second": rate,
        });
        if args.divide {
            let divide: serde_json::Map<String, serde_json::Value> =
                per_move.iter().map(|(mv, n)| (mv.to_string(), json!(n))).collect();
            line["divide"] = serde_json::Value::Object(divide);
        }
        return writeln!(out, "{line}");
    }
    if args.divide {
        for (mv, n) in per_move {
            writeln!(out, "{mv} {}", grouped(*n))?;
        }
    }
    writeln!(
        out,
        "perft {}: {} leaves in {seconds:.3} s ({:.1} M leaves/s, {})",
        depth,
        grouped(leaves),
        rate as f64 / 1e6,
        backend.name()
    )
}
