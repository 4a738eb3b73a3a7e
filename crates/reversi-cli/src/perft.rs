//! `reversi perft`: count leaves, time them, optionally per root move.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use reversi_core::{Backend, perft_with};
use serde_json::json;

use crate::Failure;
use crate::deep::{DeepOptions, perft_deep, perft_split};
use crate::game::{AnyMove, Game, StartArgs};
use crate::output::Stdout;

/// The deepest count accepted: a game has at most 60 placements (plus passes,
/// which end within a couple of plies), and anything deeper is surely a typo.
const MAX_DEPTH: u32 = 60;

/// Arguments of `reversi perft`.
#[derive(Args, Debug)]
pub(crate) struct PerftArgs {
    /// Plies to count (0 to 60); a pass is a ply.
    depth: u32,
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
    /// The 8x8 move-generator build to use: the fastest this CPU runs, or a named one.
    #[arg(long, value_enum, default_value_t = BackendArg::Auto)]
    backend: BackendArg,
    /// Threads to count with (the tree is split a few plies below the root).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: u16,
    /// Transposition table of this many MiB (0: none): for 8x8 Reversi one table
    /// shared by the threads, for other games one per thread.
    #[arg(long, value_name = "MB", default_value_t = 0)]
    hash: usize,
}

/// An `--engine` choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum EngineArg {
    /// reversi-core for 8x8 Reversi, reversi-variants for the rest.
    Auto,
    /// reversi-variants for everything.
    Generic,
}

/// A `--backend` choice.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum BackendArg {
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

/// Runs the command, writing the counts to `out`.
pub(crate) fn run(args: &PerftArgs, out: &mut Stdout) -> Result<(), Failure> {
    if args.depth > MAX_DEPTH {
        return Err(Failure::usage(format!("depth {} is over the maximum of {MAX_DEPTH}", args.depth)));
    }
    let game = Game::from_spec(&args.start.spec(args.engine == EngineArg::Generic))?;
    let backend = match args.backend {
        BackendArg::Auto => Backend::detect(),
        BackendArg::Portable => Backend::Portable,
        BackendArg::X86_64V3 => Backend::X86_64V3,
        BackendArg::X86_64V4 => Backend::X86_64V4,
    };
    if !backend.is_available() {
        return Err(Failure::usage(format!("--backend {}: this CPU cannot run it", backend.name())));
    }

    let counter = Counter { backend, threads: usize::from(args.threads), hash_mib: args.hash };
    let progress = std::io::stderr().is_terminal() && !args.json;
    let start = Instant::now();
    let (nodes, per_move) = count(&game, args.depth, &counter, args.divide || progress, progress)?;
    let elapsed = start.elapsed();
    report(args, backend, nodes, &per_move, elapsed, out)
}

/// How to count: plain perft on one thread, or the deep counter.
struct Counter {
    backend: Backend,
    threads: usize,
    hash_mib: usize,
}

impl Counter {
    /// The count, or an error when it does not fit 64 bits (the library
    /// saturates at `u64::MAX`).
    fn count(&self, game: &Game, depth: u32) -> Result<u64, Failure> {
        let n = self.count_saturating(game, depth)?;
        if n == u64::MAX {
            return Err(Failure::usage(format!(
                "perft {depth}: the count does not fit in 64 bits (it is at least {})",
                u64::MAX
            )));
        }
        Ok(n)
    }

    fn count_saturating(&self, game: &Game, depth: u32) -> Result<u64, Failure> {
        match game {
            Game::Core(pos) if self.threads == 1 && self.hash_mib == 0 => Ok(perft_with(self.backend, pos, depth)),
            Game::Core(pos) => {
                let options = DeepOptions { threads: self.threads, hash_mib: self.hash_mib, backend: self.backend };
                perft_deep(pos, depth, options).map_err(Failure::usage)
            }
            Game::Variant(pos) if self.threads == 1 && self.hash_mib == 0 => Ok(reversi_variants::perft(pos, depth)),
            Game::Variant(pos) => perft_split(pos, depth, self.threads, self.hash_mib).map_err(Failure::usage),
        }
    }
}

/// The count, and the per-root-move counts when `split` (used for `--divide` and
/// for progress lines on a terminal).
fn count(
    game: &Game,
    depth: u32,
    counter: &Counter,
    split: bool,
    progress: bool,
) -> Result<(u64, Vec<(AnyMove, u64)>), Failure> {
    if !split || depth == 0 || game.is_game_over() {
        return Ok((counter.count(game, depth)?, Vec::new()));
    }
    let moves = game.moves();
    let mut per_move = Vec::with_capacity(moves.len());
    for (i, &mv) in moves.iter().enumerate() {
        per_move.push((mv, counter.count(&game.child(mv), depth - 1)?));
        if progress {
            eprint!("\r{}/{} root moves done ({mv})   ", i + 1, moves.len());
        }
    }
    if progress {
        eprint!("\r{:40}\r", "");
    }
    let total = per_move.iter().try_fold(0u64, |total, &(_, n)| total.checked_add(n));
    let total = total.ok_or_else(|| {
        Failure::usage(format!("perft {depth}: the count does not fit in 64 bits (it is at least {})", u64::MAX))
    })?;
    Ok((total, per_move))
}

/// Writes the count, the time and the speed (and the counts per root move).
fn report(
    args: &PerftArgs,
    backend: Backend,
    nodes: u64,
    per_move: &[(AnyMove, u64)],
    elapsed: Duration,
    out: &mut Stdout,
) -> Result<(), Failure> {
    let seconds = elapsed.as_secs_f64();
    let rate = if seconds > 0.0 { (nodes as f64 / seconds).round() as u64 } else { 0 };
    if args.json {
        let mut line = json!({
            "depth": args.depth,
            "nodes": nodes,
            "seconds": (seconds * 1e6).round() / 1e6,
            "nodes_per_second": rate,
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
            writeln!(out, "{mv} {n}")?;
        }
    }
    writeln!(
        out,
        "perft {}: {nodes} nodes in {seconds:.3} s ({:.1} M nodes/s, {})",
        args.depth,
        rate as f64 / 1e6,
        backend.name()
    )
}
