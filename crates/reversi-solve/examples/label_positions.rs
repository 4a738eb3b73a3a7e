//! Writes exactly scored positions for learning the ordering evaluation
//! (`reversi_solve::othello::eval`): an OBF file, one position a line with
//! its best move and exact score (`board side; move:score;`).
//!
//! The positions come from the WTHOR games of a directory (files in name
//! order, games in file order), replayed with reversi-core:
//!
//! - each game's own positions at 10 to 18 empties (`--own MIN-MAX` for
//!   others, `--no-own` for none);
//! - from each game (unless `--no-wander`), positions off its line: from the game's position at
//!   `E + k` empties, `k` uniformly random plies (0 to 6, passes when
//!   forced) to a position of `E` empties, for `E` in 12, 13, 14, 14, 15,
//!   16, 16, 17 and 18 (where the evaluation orders moves and ends the
//!   searches that guess first moves, `othello/guess.rs`), or in the list
//!   of `--wander-at E,E,...`. The randomness is a fixed generator seeded by `--seed`, the
//!   game and the slot: the same seed gives the same positions.
//!
//! `--exclude FILE.obf` leaves out every game that passes through one of
//! the file's positions (the games of a benchmark, so that it is not
//! learnt from).
//!
//! `--children` scores every legal move of each position instead
//! (`othello::solve_moves`), one line a position as the FFO files have
//! them (`board side; G8:+18; H1:+12; ...;`, best first): `train_eval`
//! learns each move's child beside the position, siblings side by side, as
//! the ordering compares them. About six times a solve's work.
//!
//! Positions already written are not written again (the same position twice
//! is written once), and a run appends to an existing file, skipping as
//! many positions as it holds: a stopped run resumes where it stopped.
//!
//! ```text
//! cargo run --release -p reversi-solve --features wthor --example label_positions -- \
//!     data/wthor /tmp/labels.obf [--seed 1] [--hash 16] [--own 10-18 | --no-own] [--no-wander | --wander-at 21,22] [--exclude FILE.obf] [--children]
//! ```
//!
//! `crates/reversi-solve/train/README.md` says how `train_eval` learns from
//! the file.

mod common;

use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use common::{empties, replay, scored_line};
use reversi_core::{Move, Position, Square};
use reversi_notation::obf::ObfPosition;
use reversi_solve::{SolveOptions, othello};

/// Off-line positions: the empties of each slot, unless `--wander-at` says others.
const SLOTS: [u32; 9] = [12, 13, 14, 14, 15, 16, 16, 17, 18];
/// The most random plies from the game's line.
const MAX_DEVIATION: u64 = 6;
/// The game's own positions of these empties, unless `--own` says others.
const OWN: std::ops::RangeInclusive<u32> = 10..=18;

/// What to label: the game's own positions of `own` empties (none when
/// `None`), the positions off its line at the empties of `slots` (none when
/// empty), the games to leave out.
struct Plan {
    seed: u64,
    own: Option<std::ops::RangeInclusive<u32>>,
    slots: Vec<u32>,
    exclude: HashSet<(u64, u64)>,
}

/// SplitMix64: a small, fixed generator (the same numbers on every machine).
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// `k` random plies from `position`, passing when forced; `None` when the
/// game ends first.
fn wander(mut position: Position, k: u64, mut seed: u64) -> Option<Position> {
    for _ in 0..k {
        if position.is_game_over() {
            return None;
        }
        if position.must_pass() {
            position.pass().ok()?;
        }
        let moves: Vec<Square> = position.legal_moves().into_iter().collect();
        seed = mix(seed);
        let square = moves[(seed % moves.len() as u64) as usize];
        position.play(Move::Place(square)).ok()?;
    }
    Some(position)
}

fn main() -> ExitCode {
    let mut paths = Vec::new();
    let mut hash = 16usize;
    let mut children = false;
    let mut plan = Plan { seed: 1, own: Some(OWN), slots: SLOTS.to_vec(), exclude: HashSet::new() };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seed" => plan.seed = args.next().and_then(|v| v.parse().ok()).unwrap_or(plan.seed),
            "--hash" => hash = args.next().and_then(|v| v.parse().ok()).unwrap_or(hash),
            "--no-wander" => plan.slots.clear(),
            "--no-own" => plan.own = None,
            "--children" => children = true,
            "--wander-at" => {
                // Empties of an 8x8 position: 0 to 60 (so that `E + k` stays small).
                let parsed: Option<Vec<u32>> = args
                    .next()
                    .as_deref()
                    .and_then(|v| v.split(',').map(|e| e.parse().ok().filter(|&e: &u32| e <= 60)).collect());
                match parsed {
                    Some(slots) => plan.slots = slots,
                    None => {
                        eprintln!("--wander-at expects empties from 0 to 60 separated by commas, as 21,22");
                        return ExitCode::from(2);
                    }
                }
            }
            "--own" => match args.next().as_deref().and_then(|v| {
                let (a, b) = v.split_once('-')?;
                Some(a.parse().ok()?..=b.parse().ok()?)
            }) {
                Some(own) => plan.own = Some(own),
                None => {
                    eprintln!("--own expects MIN-MAX, as 19-20");
                    return ExitCode::from(2);
                }
            },
            "--exclude" => match args.next().map(|f| read_positions(&f).map_err(|e| format!("{f}: {e}"))) {
                Some(Ok(keys)) => plan.exclude = keys,
                Some(Err(e)) => {
                    eprintln!("{e}");
                    return ExitCode::from(2);
                }
                None => {
                    eprintln!("--exclude expects an OBF file");
                    return ExitCode::from(2);
                }
            },
            _ => paths.push(PathBuf::from(arg)),
        }
    }
    let [dir, out] = paths.as_slice() else {
        eprintln!(
            "usage: label_positions WTHOR_DIR OUT.obf [--seed S] [--hash MIB] [--own MIN-MAX | --no-own] [--no-wander | --wander-at E,E,...] [--exclude FILE.obf] [--children]"
        );
        return ExitCode::from(2);
    };
    let positions = match collect(dir, &plan) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{}: {e}", dir.display());
            return ExitCode::from(2);
        }
    };
    let done = std::fs::read_to_string(out).map_or(0, |t| t.lines().filter(|l| !l.trim().is_empty()).count());
    eprintln!("{} positions, {done} already in {}", positions.len(), out.display());
    let mut file = match std::fs::OpenOptions::new().create(true).append(true).open(out) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{}: {e}", out.display());
            return ExitCode::from(2);
        }
    };
    let options = SolveOptions::new().hash_mib(hash);
    for (i, position) in positions.iter().enumerate().skip(done) {
        let line = if children {
            othello::solve_moves(position, &options).map(|scores| {
                let annotations =
                    scores.moves.iter().map(|(m, score)| format!("{}:{score:+}", m.to_string().to_uppercase()));
                format!("{}\n", ObfPosition { position: *position, annotations: annotations.collect() })
            })
        } else {
            othello::solve(position, &options).map(|solution| scored_line(position, &solution))
        };
        let line = match line {
            Ok(line) => line,
            Err(e) => {
                eprintln!("position {}: {e}", i + 1);
                return ExitCode::from(1);
            }
        };
        if let Err(e) = file.write_all(line.as_bytes()) {
            eprintln!("{}: {e}", out.display());
            return ExitCode::from(2);
        }
        if (i + 1) % 500 == 0 {
            eprintln!("{} of {}", i + 1, positions.len());
        }
    }
    ExitCode::SUCCESS
}

/// The positions of an OBF file (the board and side of each line).
fn read_positions(file: &str) -> Result<HashSet<(u64, u64)>, Box<dyn std::error::Error>> {
    let mut keys = HashSet::new();
    for (number, line) in std::fs::read_to_string(file)?.lines().enumerate() {
        if !line.trim().is_empty() {
            let p: Position = line.parse().map_err(|e| format!("line {}: {e}", number + 1))?;
            keys.insert((p.player().0, p.opponent().0));
        }
    }
    Ok(keys)
}

/// Every position to score, in order, each once.
fn collect(dir: &Path, plan: &Plan) -> Result<Vec<Position>, Box<dyn std::error::Error>> {
    let (mut seen, mut out) = (HashSet::new(), Vec::new());
    for (number, game) in (1u64..).zip(common::games(dir)?.iter()) {
        let Some(line) = replay(game) else { continue };
        if line.iter().any(|p| plan.exclude.contains(&(p.player().0, p.opponent().0))) {
            continue;
        }
        let mut keep = |p: Position| {
            if !p.is_game_over() && seen.insert((p.player().0, p.opponent().0)) {
                out.push(p);
            }
        };
        for p in line.iter().filter(|p| plan.own.as_ref().is_some_and(|own| own.contains(&empties(p)))) {
            keep(*p);
        }
        for (slot, &target) in plan.slots.iter().enumerate() {
            let s = mix(plan.seed ^ mix(number << 8 | slot as u64));
            let k = s % (MAX_DEVIATION + 1);
            let Some(from) = line.iter().find(|p| empties(p) == target + k as u32) else { continue };
            if let Some(p) = wander(*from, k, s).filter(|p| empties(p) == target) {
                keep(p);
            }
        }
    }
    Ok(out)
}
