//! `reversi perft`: count leaves, time them, optionally per root move.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use reversi_core::{Backend, Color, Move, Position, divide, perft_with};
use serde_json::json;

use crate::Failure;

/// The deepest count accepted: a game has at most 60 placements (plus passes,
/// which end within a couple of plies), and anything deeper is surely a typo.
const MAX_DEPTH: u32 = 60;

/// Arguments of `reversi perft`.
#[derive(Args, Debug)]
pub(crate) struct PerftArgs {
    /// Plies to count (0 to 60); a pass is a ply.
    depth: u32,
    /// Start from this position (RULES.md text, or the 64-square Edax form).
    #[arg(
        long,
        value_name = "TEXT",
        conflicts_with = "first",
        allow_hyphen_values = true
    )]
    position: Option<String>,
    /// Which colour moves first from the standard start.
    #[arg(long, value_enum, default_value_t = First::Black)]
    first: First,
    /// Also print the count below each root move.
    #[arg(long)]
    divide: bool,
    /// Print one line of JSON instead of text.
    #[arg(long)]
    json: bool,
    /// The move-generator build to use: the fastest this CPU runs, or a named one.
    #[arg(long, value_enum, default_value_t = BackendArg::Auto)]
    backend: BackendArg,
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
}

/// The colour that moves first.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum First {
    Black,
    White,
}

/// Runs the command.
pub(crate) fn run(args: &PerftArgs) -> Result<(), Failure> {
    if args.depth > MAX_DEPTH {
        return Err(Failure::usage(format!(
            "depth {} is over the maximum of {MAX_DEPTH}",
            args.depth
        )));
    }
    let pos = match &args.position {
        Some(text) => text
            .parse::<Position>()
            .map_err(|e| Failure::usage(format!("--position: {e}")))?,
        None => Position::start_with_first(match args.first {
            First::Black => Color::Black,
            First::White => Color::White,
        }),
    };

    let backend = match args.backend {
        BackendArg::Auto => Backend::detect(),
        BackendArg::Portable => Backend::Portable,
        BackendArg::X86_64V3 => Backend::X86_64V3,
    };
    if !backend.is_available() {
        return Err(Failure::usage(format!(
            "--backend {}: this CPU cannot run it",
            backend.name()
        )));
    }

    let progress = std::io::stderr().is_terminal() && !args.json;
    let start = Instant::now();
    let (nodes, per_move) = count(&pos, args.depth, backend, args.divide || progress, progress);
    let elapsed = start.elapsed();
    report(args, backend, nodes, &per_move, elapsed);
    Ok(())
}

/// The count, and the per-root-move counts when `split` (used for `--divide` and
/// for progress lines on a terminal).
fn count(
    pos: &Position,
    depth: u32,
    backend: Backend,
    split: bool,
    progress: bool,
) -> (u64, Vec<(Move, u64)>) {
    if !split || depth == 0 || pos.is_game_over() {
        return (perft_with(backend, pos, depth), Vec::new());
    }
    let moves = pos.moves().len();
    let mut per_move = Vec::with_capacity(moves);
    for (i, (mv, n)) in divide(pos, depth).on(backend).enumerate() {
        if progress {
            eprint!("\r{}/{moves} root moves done ({mv})   ", i + 1);
        }
        per_move.push((mv, n));
    }
    if progress {
        eprint!("\r{:40}\r", "");
    }
    (per_move.iter().map(|&(_, n)| n).sum(), per_move)
}

fn report(
    args: &PerftArgs,
    backend: Backend,
    nodes: u64,
    per_move: &[(Move, u64)],
    elapsed: Duration,
) {
    let seconds = elapsed.as_secs_f64();
    let rate = if seconds > 0.0 {
        (nodes as f64 / seconds).round() as u64
    } else {
        0
    };
    if args.json {
        let mut line = json!({
            "depth": args.depth,
            "nodes": nodes,
            "seconds": (seconds * 1e6).round() / 1e6,
            "nodes_per_second": rate,
        });
        if args.divide {
            let divide: serde_json::Map<String, serde_json::Value> = per_move
                .iter()
                .map(|(mv, n)| (mv.to_string(), json!(n)))
                .collect();
            line["divide"] = serde_json::Value::Object(divide);
        }
        println!("{line}");
        return;
    }
    if args.divide {
        for (mv, n) in per_move {
            println!("{mv} {n}");
        }
    }
    println!(
        "perft {}: {nodes} nodes in {seconds:.3} s ({:.1} M nodes/s, {})",
        args.depth,
        rate as f64 / 1e6,
        backend.name()
    );
}
