//! Learns the weights of the ordering evaluation (`reversi_solve::othello::eval`)
//! from the WTHOR games of a directory and exactly scored positions (OBF
//! files written by `label_positions`), and writes them as `eval.bin`
//! (`i16` little endian, 1/32 of a disc, stage after stage). The data, the
//! labels and the method: `crates/reversi-solve/train/README.md`.
//!
//! ```text
//! cargo run --release -p reversi-solve --features wthor --example train_eval -- \
//!     data/wthor crates/reversi-solve/src/othello/eval.bin [--labels FILE.obf]... \
//!     [--solve 18] [--holdout 1985] [--test FILE.obf]...
//! ```
//!
//! `--test FILE.obf` (a file of `label_positions`, not learnt from) prints
//! the root-mean-square error of the weights written, in discs, on the
//! file's positions, stage by stage: a quick look at a change of data or
//! method before the solver's node counts judge it.
//!
//! Deterministic: the games in file-name order, the positions in game
//! order, then the labelled files' positions in their order, plain
//! stochastic gradient descent in `f64` in that order; the same data gives
//! the same file bit for bit.

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::ExitCode;

use reversi_core::{Move, Position, Square};
use reversi_notation::wthor;
use reversi_solve::othello::eval::{FEATURES, STAGES, UNIT, WEIGHTS, features, stage};
use reversi_solve::{SolveOptions, othello};

/// Positions learnt from: those with this many empties or more...
const MIN_EMPTIES: u32 = 10;
/// ... and at most this many.
const MAX_EMPTIES: u32 = 44;
/// Passes over the data.
const EPOCHS: usize = 24;
/// The first learning rate, per feature of a position (it decays linearly
/// to a tenth).
const RATE: f64 = 0.03 / FEATURES as f64;
/// Weight decay per step of a feature (an L2 penalty).
const DECAY: f64 = 1e-5;
/// Passes over each stage's positions, from the weights of all stages.
const STAGE_EPOCHS: usize = 24;
/// Each stage learns from the positions of its empties and this many more
/// or fewer.
const STAGE_MARGIN: u32 = 1;
/// Weight decay of a stage's weights toward the weights of all stages.
const STAGE_DECAY: f64 = 1e-5;

/// A position and its label: the final disc difference for the side to move.
struct Sample {
    features: [u32; FEATURES],
    label: f64,
    empties: u32,
    holdout: bool,
}

fn main() -> ExitCode {
    let (mut paths, mut labels, mut tests) = (Vec::new(), Vec::new(), Vec::new());
    let (mut solve_below, mut holdout, mut staged) = (0u32, None::<u16>, true);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--no-stages" => staged = false,
            "--labels" => labels.extend(args.next().map(PathBuf::from)),
            "--solve" => solve_below = args.next().and_then(|v| v.parse().ok()).unwrap_or(0),
            "--holdout" => holdout = args.next().and_then(|v| v.parse().ok()),
            "--test" => tests.extend(args.next().map(PathBuf::from)),
            _ => paths.push(PathBuf::from(arg)),
        }
    }
    let [dir, out] = paths.as_slice() else {
        eprintln!(
            "usage: train_eval WTHOR_DIR OUT.bin [--labels FILE.obf]... [--solve EMPTIES] [--holdout YEAR] [--no-stages] [--test FILE.obf]..."
        );
        return ExitCode::from(2);
    };
    let mut known = HashMap::new();
    let mut extra = Vec::new();
    for file in &labels {
        if let Err(e) = read_labels(file, &mut known, &mut extra) {
            eprintln!("{}: {e}", file.display());
            return ExitCode::from(2);
        }
    }
    let mut samples = match read_samples(dir, solve_below, holdout, &mut known) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{}: {e}", dir.display());
            return ExitCode::from(2);
        }
    };
    // The labelled positions not already taken from the games, in file order.
    samples.extend(extra.into_iter().filter(|(key, _)| known.contains_key(key)).map(|(_, s)| s));
    eprintln!("{} positions in all", samples.len());
    let global = train(&samples, None, EPOCHS);
    let mut weights = Vec::with_capacity(STAGES * WEIGHTS);
    for s in 0..STAGES {
        let near = |e: u32| (e.saturating_sub(STAGE_MARGIN)..=e + STAGE_MARGIN).any(|e| stage(e) == s);
        let own: Vec<&Sample> = samples.iter().filter(|x| near(x.empties)).collect();
        eprintln!("stage {s}: {} positions", own.len());
        if staged {
            weights.extend(train(&own, Some(&global), STAGE_EPOCHS));
        } else {
            weights.extend_from_slice(&global);
        }
    }
    let written: Vec<i16> =
        weights.iter().map(|&w| (w * f64::from(UNIT)).round().clamp(-32767.0, 32767.0) as i16).collect();
    let bytes: Vec<u8> = written.iter().flat_map(|w| w.to_le_bytes()).collect();
    if let Err(e) = std::fs::write(out, bytes) {
        eprintln!("{}: {e}", out.display());
        return ExitCode::from(2);
    }
    for file in &tests {
        match test_error(file, &written) {
            Ok(line) => println!("{}: {line}", file.display()),
            Err(e) => {
                eprintln!("{}: {e}", file.display());
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::SUCCESS
}

/// The root-mean-square error, in discs, of the weights as written
/// (`written`, every stage's, in 1/[`UNIT`] of a disc) on the positions of
/// the labelled file `file`, stage by stage: `stage 3 (18-20 empties):
/// 11.85 discs, 2,132 positions`.
fn test_error(file: &PathBuf, written: &[i16]) -> Result<String, Box<dyn std::error::Error>> {
    let (mut known, mut samples) = (HashMap::new(), Vec::new());
    read_labels(file, &mut known, &mut samples)?;
    let mut by_stage = [(0.0f64, 0usize); STAGES];
    for (_, sample) in &samples {
        let s = stage(sample.empties);
        let base = WEIGHTS * s;
        let units: i32 = sample.features.iter().map(|&i| i32::from(written[base + i as usize])).sum();
        let prediction = f64::from(units) / f64::from(UNIT);
        by_stage[s].0 += (sample.label - prediction).powi(2);
        by_stage[s].1 += 1;
    }
    let parts: Vec<String> = (0..STAGES)
        .filter(|&s| by_stage[s].1 > 0)
        .map(|s| {
            let empties: Vec<u32> = (0..=64).filter(|&e| stage(e) == s).collect();
            let (se, n) = by_stage[s];
            format!(
                "stage {s} ({}-{} empties): {:.2} discs, {n} positions",
                empties[0],
                empties[empties.len() - 1],
                (se / n as f64).sqrt()
            )
        })
        .collect();
    let mut line = parts.join("; ");
    if let Some(siblings) = sibling_choice(file, written)? {
        line.push_str("; ");
        line.push_str(&siblings);
    }
    Ok(line)
}

/// How the weights as written order the moves of the lines that score
/// every move (`label_positions --children`): at each such position the
/// move whose child the evaluation likes least for its side to move, how
/// often it is a best move and what it loses on average, in discs; `None`
/// when no line scores more than one move.
fn sibling_choice(file: &PathBuf, written: &[i16]) -> Result<Option<String>, Box<dyn std::error::Error>> {
    let value = |p: &Position| {
        let (p, o) = (p.player().0, p.opponent().0);
        let base = WEIGHTS * stage(64 - (p | o).count_ones());
        features(p, o).iter().map(|&i| i32::from(written[base + i as usize])).sum::<i32>()
    };
    let (mut positions, mut best_first, mut loss) = (0usize, 0usize, 0i64);
    for line in std::fs::read_to_string(file)?.lines() {
        let Ok(position) = line.parse::<Position>() else { continue };
        let mut scored = Vec::new();
        for answer in line.split(';').skip(1).filter_map(|a| a.trim().split_once(':')) {
            let (Ok(mv), Ok(score)) = (answer.0.to_lowercase().parse::<Move>(), answer.1.trim().parse::<i32>()) else {
                continue;
            };
            let mut child = position;
            if child.play(mv).is_ok() {
                scored.push((value(&child), score));
            }
        }
        let (Some(best), Some(&(_, chosen))) = (scored.iter().map(|s| s.1).max(), scored.iter().min_by_key(|s| s.0))
        else {
            continue;
        };
        if scored.len() < 2 {
            continue;
        }
        positions += 1;
        best_first += usize::from(chosen == best);
        loss += i64::from(best - chosen);
    }
    Ok((positions > 0).then(|| {
        format!(
            "siblings: {positions} positions, the evaluation's move best at {:.1}%, {:.2} discs lost on average",
            100.0 * best_first as f64 / positions as f64,
            loss as f64 / positions as f64
        )
    }))
}

/// The samples of every `WTH_*.wtb` file of `dir`.
fn read_samples(
    dir: &PathBuf,
    solve_below: u32,
    holdout: Option<u16>,
    known: &mut HashMap<(u64, u64), i32>,
) -> Result<Vec<Sample>, Box<dyn std::error::Error>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x.eq_ignore_ascii_case("wtb")))
        .collect();
    files.sort();
    let mut samples = Vec::new();
    let (mut games, mut solved) = (0, 0);
    let options = SolveOptions::new().hash_mib(4);
    for file in files {
        let db = wthor::read_games(&std::fs::read(&file)?)?;
        let depth = u32::from(db.header.depth);
        let held = holdout == Some(db.header.year);
        for game in &db.games {
            let mut position = Position::start();
            let mut positions = Vec::new();
            let mut legal = true;
            for mv in game.moves() {
                let Ok(square) = mv.to_string().parse::<Square>() else {
                    legal = false;
                    break;
                };
                if position.must_pass() {
                    let _ = position.pass();
                }
                positions.push(position);
                if position.play(Move::Place(square)).is_err() {
                    legal = false;
                    break;
                }
            }
            if !legal {
                continue;
            }
            games += 1;
            // Black's final disc difference, and the one of perfect play
            // from the position of `depth` empties.
            let real = 2 * i32::from(game.real_score) - 64;
            let theoretical = 2 * i32::from(game.theoretical_score) - 64;
            for position in positions {
                let empties = position.board().empty().len() as u32;
                if !(MIN_EMPTIES..=MAX_EMPTIES).contains(&empties) {
                    continue;
                }
                let black = if position.side_to_move() == reversi_core::Color::Black { 1 } else { -1 };
                let key = (position.player().0, position.opponent().0);
                // A labelled position is learnt from here once, not again
                // with the labelled files' others.
                let label = if let Some(score) = known.remove(&key) {
                    score
                } else if empties <= solve_below {
                    solved += 1;
                    othello::solve(&position, &options)?.score
                } else if depth > 0 && empties >= depth {
                    black * theoretical
                } else {
                    black * real
                };
                let (p, o) = (position.player().0, position.opponent().0);
                samples.push(Sample { features: features(p, o), label: f64::from(label), empties, holdout: held });
            }
        }
    }
    let spread = (samples.iter().map(|s| s.label * s.label).sum::<f64>() / samples.len().max(1) as f64).sqrt();
    eprintln!("{games} games, {} positions ({solved} solved), rms label {spread:.2} discs", samples.len());
    Ok(samples)
}

/// The positions of an OBF file with their best scores: each one's key in
/// `known`, and its sample in `extra`, in file order.
fn read_labels(
    file: &PathBuf,
    known: &mut HashMap<(u64, u64), i32>,
    extra: &mut Vec<((u64, u64), Sample)>,
) -> Result<(), Box<dyn std::error::Error>> {
    for (number, line) in std::fs::read_to_string(file)?.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let fail = || format!("line {}: expected `board side; move:score;`, found {line:?}", number + 1);
        let position: Position = line.parse().map_err(|e| format!("{}: {e}", fail()))?;
        let score: i32 = line
            .split(';')
            .nth(1)
            .and_then(|a| a.split(':').nth(1))
            .and_then(|s| s.trim().parse().ok())
            .ok_or_else(fail)?;
        let mut labelled = vec![(position, score)];
        // A line with every move scored (`label_positions --children`, the
        // FFO files): each move's child too, its score the other side's,
        // and the position the best of them.
        let answers: Vec<&str> = line.split(';').skip(1).map(str::trim).filter(|a| !a.is_empty()).collect();
        if answers.len() > 1 {
            for answer in answers {
                let (mv, child_score) = answer.split_once(':').ok_or_else(fail)?;
                let mv: Move = mv.trim().to_lowercase().parse().map_err(|e| format!("{}: {e}", fail()))?;
                let child_score: i32 = child_score.trim().parse().map_err(|_| fail())?;
                let mut child = position;
                child.play(mv).map_err(|e| format!("{}: {e}", fail()))?;
                labelled[0].1 = labelled[0].1.max(child_score);
                labelled.push((child, -child_score));
            }
        }
        for (position, score) in labelled {
            let key = (position.player().0, position.opponent().0);
            if known.insert(key, score).is_none() {
                let (p, o) = key;
                let empties = 64 - (p | o).count_ones();
                let sample = Sample { features: features(p, o), label: f64::from(score), empties, holdout: false };
                extra.push((key, sample));
            }
        }
    }
    Ok(())
}

/// Stochastic gradient descent on the squared error, in sample order: from
/// zero, or from `prior` with the decay pulling toward it.
fn train<S: std::borrow::Borrow<Sample>>(samples: &[S], prior: Option<&[f64]>, epochs: usize) -> Vec<f64> {
    let mut w = prior.map_or_else(|| vec![0.0f64; WEIGHTS], <[f64]>::to_vec);
    let decay = if prior.is_some() { STAGE_DECAY } else { DECAY };
    for epoch in 0..epochs {
        let rate = RATE * (1.0 - 0.9 * epoch as f64 / epochs as f64);
        let (mut train_se, mut n) = (0.0, 0usize);
        for s in samples.iter().map(std::borrow::Borrow::borrow).filter(|s: &&Sample| !s.holdout) {
            let prediction: f64 = s.features.iter().map(|&i| w[i as usize]).sum();
            let error = s.label - prediction;
            train_se += error * error;
            n += 1;
            for &i in &s.features {
                let i = i as usize;
                let toward = prior.map_or(0.0, |p| p[i]);
                w[i] += rate * error - decay * (w[i] - toward);
            }
        }
        let (mut test_se, mut m) = (0.0, 0usize);
        for s in samples.iter().map(std::borrow::Borrow::borrow).filter(|s: &&Sample| s.holdout) {
            let prediction: f64 = s.features.iter().map(|&i| w[i as usize]).sum();
            test_se += (s.label - prediction).powi(2);
            m += 1;
        }
        let rms = |se: f64, n: usize| if n == 0 { 0.0 } else { (se / n as f64).sqrt() };
        eprintln!("epoch {epoch}: rms error {:.2} discs (held out {:.2})", rms(train_se, n), rms(test_se, m));
    }
    w
}
