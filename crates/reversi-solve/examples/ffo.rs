//! Solves the positions of OBF files and prints a line per position as
//! Edax's `-solve` does (number, empties, score, best move, nodes, time,
//! nodes per second) and a total; a score that differs from the file's
//! best is marked `WRONG` and makes the exit status 1.
//!
//! `--compare FILE` reads an earlier run's output (this program's lines)
//! and adds to the total the nodes before and the geometric mean of the
//! positions' ratios of nodes, now to before (positions by number), the
//! figure that judges a change of move ordering over many positions.
//!
//! ```text
//! cargo run --release -p reversi-solve --example ffo -- data/ffo/fforum-20-39.obf [--threads N] [--hash MIB] [--backend B] [--compare BEFORE.txt]
//! ```

use std::process::ExitCode;
use std::time::Duration;

use reversi_core::Position;
use reversi_solve::{Backend, SolveOptions, othello};

fn main() -> ExitCode {
    let mut files = Vec::new();
    let mut options = SolveOptions::new();
    let mut before = std::collections::HashMap::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = |args: &mut dyn Iterator<Item = String>| -> usize {
            args.next().and_then(|v| v.parse().ok()).unwrap_or_else(|| {
                eprintln!("{arg} expects a number");
                std::process::exit(2)
            })
        };
        match arg.as_str() {
            "--threads" => options = options.threads(value(&mut args)),
            "--hash" => options = options.hash_mib(value(&mut args)),
            "--backend" => {
                let name = args.next().unwrap_or_default();
                match Backend::from_name(&name) {
                    Ok(backend) => options = options.backend(backend),
                    Err(e) => {
                        eprintln!("--backend {name}: {e}");
                        return ExitCode::from(2);
                    }
                }
            }
            "--compare" => match args.next().map(std::fs::read_to_string) {
                Some(Ok(text)) => before = earlier_nodes(&text),
                _ => {
                    eprintln!("--compare expects a readable file of an earlier run");
                    return ExitCode::from(2);
                }
            },
            _ => files.push(arg),
        }
    }
    if files.is_empty() {
        eprintln!("usage: ffo FILE.obf... [--threads N] [--hash MIB] [--backend auto|portable|x86-64-v3|x86-64-v4]");
        return ExitCode::from(2);
    }
    println!(
        "{:>3} | {:>2} | {:>5} | {:>4} | {:>14} | {:>9} | {:>11} | expected",
        "#", "em", "score", "best", "nodes", "time", "nodes/s"
    );
    let (mut nodes, mut time, mut wrong, mut number) = (0u64, Duration::ZERO, 0, 0);
    // Nodes before, and the sum of the logarithms of the ratios, of the
    // positions the earlier run has.
    let (mut nodes_before, mut log_ratios, mut compared) = (0u64, 0.0f64, 0);
    for file in files {
        let text = match std::fs::read_to_string(&file) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("{file}: {e}");
                return ExitCode::from(2);
            }
        };
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            number += 1;
            let position: Position = match line.parse() {
                Ok(p) => p,
                Err(e) => {
                    eprintln!("{file}: {e}");
                    return ExitCode::from(2);
                }
            };
            let expected: Option<i32> =
                line.split(';').nth(1).and_then(|a| a.split(':').nth(1)).and_then(|s| s.trim().parse().ok());
            let solution = match othello::solve(&position, &options) {
                Ok(s) => s,
                Err(e) => {
                    eprintln!("{file}: {e}");
                    return ExitCode::from(2);
                }
            };
            let best = solution.best.map_or_else(|| "--".to_owned(), |m| m.to_string());
            let mark = match expected {
                Some(e) if e != solution.score => {
                    wrong += 1;
                    format!("{e:+} WRONG")
                }
                Some(e) => format!("{e:+}"),
                None => String::new(),
            };
            println!(
                "{number:>3} | {:>2} | {:>+5} | {best:>4} | {:>14} | {:>9.3} | {:>11.0} | {mark}",
                position.board().empty().len(),
                solution.score,
                solution.nodes,
                solution.elapsed.as_secs_f64(),
                solution.nodes_per_second()
            );
            nodes += solution.nodes;
            time += solution.elapsed;
            if let Some(&old) = before.get(&number) {
                nodes_before += old;
                log_ratios += (solution.nodes.max(1) as f64 / old.max(1) as f64).ln();
                compared += 1;
            }
        }
    }
    let rate = if time.is_zero() { 0.0 } else { nodes as f64 / time.as_secs_f64() };
    println!("total: {nodes} nodes in {:.3} s, {rate:.0} nodes/s, {wrong} wrong", time.as_secs_f64());
    if compared > 0 {
        let mean = (log_ratios / f64::from(compared)).exp();
        println!(
            "before: {nodes_before} nodes on the {compared} positions compared; geometric mean of the ratios {mean:.3}"
        );
    }
    if wrong > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}

/// Each position's nodes in an earlier run's output: `number | empties |
/// score | best | nodes | ...` lines; others are skipped.
fn earlier_nodes(text: &str) -> std::collections::HashMap<usize, u64> {
    text.lines()
        .filter_map(|line| {
            let fields: Vec<&str> = line.split('|').map(str::trim).collect();
            Some((fields.first()?.parse().ok()?, fields.get(4)?.parse().ok()?))
        })
        .collect()
}
