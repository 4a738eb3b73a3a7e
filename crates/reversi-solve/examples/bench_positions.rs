//! Writes the ordering benchmark: positions of 20 to 22 empties from the
//! WTHOR games of a directory, each with its best move and exact score
//! (`board side; move:score;`, an OBF file that `examples/ffo` solves and
//! checks).
//!
//! The games are read in file-name order, games in file order (those that
//! replay legally); position `j` (0 to `--count` less 1) is the game's own
//! position of `20 + j % 3` empties in game `j * games / count`, or, when
//! that game has none with moves to play there or the position was taken
//! already, in the next game that has. No randomness: the same games give
//! the same file. The positions differ from those of the labelled file the
//! ordering evaluation learns from (`data/train/wthor-labels.obf`, 10 to 18
//! empties), and `data/train/wthor-labels-19-20.obf` and `-21-22.obf`
//! leave out their games; the evaluation learnt from the other game positions of 23 to 44
//! empties with the game's own score (not an exact one), these included.
//!
//! (Positions of 23 and 24 empties cost too much for a benchmark run often:
//! on the first 29 of a set of 20-24 empties, 1.1 G nodes, up to 207 M for
//! one; 60 positions of 20-22 empties take about 1 G nodes.)
//!
//! ```text
//! cargo run --release -p reversi-solve --features wthor --example bench_positions -- \
//!     data/wthor data/solve/bench-20-22.obf [--count 60] [--hash 64]
//! ```

mod common;

use std::collections::HashSet;
use std::path::PathBuf;
use std::process::ExitCode;

use common::{empties, replay, scored_line};
use reversi_core::Position;
use reversi_solve::{SolveOptions, othello};

/// The fewest empties of a position; position `j` has `FEWEST + j % SPREAD`.
const FEWEST: u32 = 20;
/// How many numbers of empties, from [`FEWEST`].
const SPREAD: usize = 3;

fn main() -> ExitCode {
    let mut paths = Vec::new();
    let (mut count, mut hash) = (60usize, 64usize);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--count" => count = args.next().and_then(|v| v.parse().ok()).unwrap_or(count),
            "--hash" => hash = args.next().and_then(|v| v.parse().ok()).unwrap_or(hash),
            _ => paths.push(PathBuf::from(arg)),
        }
    }
    let [dir, out] = paths.as_slice() else {
        eprintln!("usage: bench_positions WTHOR_DIR OUT.obf [--count N] [--hash MIB]");
        return ExitCode::from(2);
    };
    let lines: Vec<Vec<Position>> = match common::games(dir) {
        Ok(games) => games.iter().filter_map(replay).collect(),
        Err(e) => {
            eprintln!("{}: {e}", dir.display());
            return ExitCode::from(2);
        }
    };
    let options = SolveOptions::new().hash_mib(hash);
    let (mut seen, mut text) = (HashSet::new(), String::new());
    for j in 0..count {
        let target = FEWEST + (j % SPREAD) as u32;
        let found = (j * lines.len() / count..lines.len()).find_map(|g| {
            lines[g]
                .iter()
                .find(|p| empties(p) == target && !p.legal_moves().is_empty())
                .filter(|p| seen.insert((p.player().0, p.opponent().0)))
        });
        let Some(position) = found else {
            eprintln!("no game from {} has a new position of {target} empties", j * lines.len() / count);
            return ExitCode::from(1);
        };
        let solution = match othello::solve(position, &options) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("position {}: {e}", j + 1);
                return ExitCode::from(1);
            }
        };
        text.push_str(&scored_line(position, &solution));
        eprintln!("{} of {count}: {target} empties, {} nodes", j + 1, solution.nodes);
    }
    if let Err(e) = std::fs::write(out, text) {
        eprintln!("{}: {e}", out.display());
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}
