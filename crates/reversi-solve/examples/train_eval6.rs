//! Learns the weights of the 6x6 ordering evaluation
//! (`reversi_solve::othello::eval6`) from 6x6 positions labelled with their
//! exact scores by this crate's solver, and writes them as `eval6.bin`
//! (`i16` little endian, 1/32 of a disc). The data, the labels and the
//! method: `crates/reversi-solve/train/README.md`.
//!
//! ```text
//! cargo run --release -p reversi-solve --example train_eval6 -- \
//!     crates/reversi-solve/src/othello/eval6.bin [--games 8000] [--holdout] [--cache FILE]
//! ```
//!
//! `--cache FILE` keeps the labelled positions in FILE (solved and saved
//! when it does not exist, read when it does) so that the method can be
//! tried again without solving.
//!
//! Deterministic: the games drawn from a SplitMix64 generator of fixed
//! seed written below, solved one by one on one thread, then plain
//! stochastic gradient descent in `f64` in game order; the same build
//! gives the same file bit for bit.

use std::process::ExitCode;

use reversi_core::raw::Kernel;
use reversi_solve::othello::eval6::{FEATURES, MASK, UNIT, WEIGHTS, features};
use reversi_solve::{SolveOptions, solve_moves};
use reversi_variants::{Color, Geometry, Move, Position, Square, Variant};

/// The positions solved have this many empties or more...
const MIN_EMPTIES: u32 = 10;
/// ... and at most this many (each labels its children too, one fewer).
const MAX_EMPTIES: u32 = 20;
/// One game in 8 reaches beyond this many empties (up to [`MAX_EMPTIES`]):
/// those cost most to solve (about 3-7 M nodes at 20, a few 100,000 at 18).
const MANY_EMPTIES: u32 = 18;
/// Games played by default, one position solved in each.
const GAMES: usize = 8000;
/// The generator's seed.
const SEED: u64 = 0x6a09_e667_f3bc_c908;
/// Passes over the data.
const EPOCHS: usize = 30;
/// The first learning rate, per feature of a position (it decays linearly
/// to a tenth).
const RATE: f64 = 0.03 / FEATURES as f64;
/// Weight decay per step of a feature (an L2 penalty).
const DECAY: f64 = 1e-5;

/// A position and its label: the exact final disc difference for the side
/// to move.
#[derive(Clone, Copy)]
struct Sample {
    /// The side to move's discs.
    p: u64,
    /// The other side's.
    o: u64,
    label: i32,
    holdout: bool,
}

/// SplitMix64: the one source of randomness, seeded by [`SEED`].
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ z >> 30).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ z >> 27).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ z >> 31
    }

    /// A number below `n` (`n` > 0).
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn main() -> ExitCode {
    let (mut out, mut games, mut holdout, mut cache) = (None, GAMES, false, None);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--games" => games = args.next().and_then(|v| v.parse().ok()).unwrap_or(GAMES),
            "--holdout" => holdout = true,
            "--cache" => cache = args.next(),
            _ => out = Some(arg),
        }
    }
    let Some(out) = out else {
        eprintln!("usage: train_eval6 OUT.bin [--games N] [--holdout] [--cache FILE]");
        return ExitCode::from(2);
    };
    // The labelled positions of an earlier run with the same arguments, if
    // `--cache` names a file that exists; else solved, and saved there.
    let cached = cache.as_ref().and_then(|c| std::fs::read(c).ok());
    let samples = if let Some(bytes) = cached {
        load(&bytes)
    } else {
        match generate(games) {
            Ok(s) => {
                if let Some(c) = &cache
                    && let Err(e) = std::fs::write(c, save(&s))
                {
                    eprintln!("{c}: {e}");
                }
                s
            }
            Err(e) => {
                eprintln!("solve: {e}");
                return ExitCode::from(2);
            }
        }
    };
    let samples: Vec<Sample> = samples.into_iter().map(|s| Sample { holdout: holdout && s.holdout, ..s }).collect();
    let weights = train(&samples);
    let bytes: Vec<u8> = weights
        .iter()
        .flat_map(|&w| ((w * f64::from(UNIT)).round().clamp(-32767.0, 32767.0) as i16).to_le_bytes())
        .collect();
    if let Err(e) = std::fs::write(&out, bytes) {
        eprintln!("{out}: {e}");
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}

/// The samples as bytes: per sample `p`, `o` (`u64` little endian), the
/// label (`i8`) and the hold-out flag (`u8`).
fn save(samples: &[Sample]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(18 * samples.len());
    for s in samples {
        bytes.extend(s.p.to_le_bytes());
        bytes.extend(s.o.to_le_bytes());
        bytes.extend([s.label as i8 as u8, u8::from(s.holdout)]);
    }
    bytes
}

/// The samples [`save`] wrote.
fn load(bytes: &[u8]) -> Vec<Sample> {
    let word = |b: &[u8]| u64::from_le_bytes(b.try_into().expect("8 bytes"));
    bytes
        .chunks_exact(18)
        .map(|c| Sample { p: word(&c[..8]), o: word(&c[8..16]), label: i32::from(c[16] as i8), holdout: c[17] != 0 })
        .collect()
}

/// The 8x8 bit of the 6x6 square at `column`, `row` (the board centred,
/// as the solver embeds it).
fn bit(column: u8, row: u8) -> u64 {
    1 << (8 * (u32::from(row) + 1) + u32::from(column) + 1)
}

/// The 6x6 position where `side` is to move with the discs `p` and the
/// other side `o`.
fn position(p: u64, o: u64, side: Color) -> Position {
    let six = Geometry::new(6, 6).expect("6x6 is a board");
    let mut pos = Position::empty(Variant::Reversi, six, side);
    for row in 0..6 {
        for column in 0..6 {
            let b = bit(column, row);
            let color = if p & b != 0 {
                Some(side)
            } else if o & b != 0 {
                Some(side.other())
            } else {
                continue;
            };
            pos = pos.with_piece(Square::new(column, row).expect("on the board"), color);
        }
    }
    pos
}

/// `games` games from the 6x6 start: a few random plies, then moves that
/// leave the opponent fewest moves (a random one a quarter of the time),
/// down to a number of empties drawn in [`MIN_EMPTIES`]..=[`MAX_EMPTIES`]
/// (fewer above [`MANY_EMPTIES`]: those cost more to solve), where every move's
/// exact score labels the position and each child. Every tenth game's
/// positions marked to be held out (with `--holdout`).
fn generate(games: usize) -> Result<Vec<Sample>, reversi_solve::SolveError> {
    let k = Kernel::detect();
    let mut rng = SplitMix64(SEED);
    let options = SolveOptions::new().hash_mib(4);
    let mut samples = Vec::new();
    let (mut solved, mut nodes) = (0usize, 0u64);
    for game in 0..games {
        // Targets: one game in 8 over 19-20 empties, the others uniform
        // over 10-18.
        let target = if rng.below(8) == 0 {
            MANY_EMPTIES + 1 + rng.below(u64::from(MAX_EMPTIES - MANY_EMPTIES)) as u32
        } else {
            MIN_EMPTIES + rng.below(u64::from(MANY_EMPTIES + 1 - MIN_EMPTIES)) as u32
        };
        let random_plies = rng.below(10);
        // Black to move: e4, d5 Black; d4, e5 White.
        let (mut p, mut o, mut side) = (bit(3, 2) | bit(2, 3), bit(2, 2) | bit(3, 3), Color::Black);
        let mut ply = 0;
        let reached = loop {
            let empties = (MASK & !(p | o)).count_ones();
            let moves = k.moves(p, o) & MASK;
            if moves == 0 {
                if k.moves(o, p) & MASK == 0 {
                    break false;
                }
                (p, o, side) = (o, p, side.other());
                continue;
            }
            if empties <= target {
                break true;
            }
            let squares: Vec<usize> = (0..64).filter(|&x| moves >> x & 1 != 0).collect();
            let x = if ply < random_plies || rng.below(4) == 0 {
                squares[rng.below(squares.len() as u64) as usize]
            } else {
                // Fewest replies; ties to the first drawn.
                let start = rng.below(squares.len() as u64) as usize;
                let mut best = (u32::MAX, squares[start]);
                for i in 0..squares.len() {
                    let x = squares[(start + i) % squares.len()];
                    let (cp, co) = k.play(p, o, x);
                    let replies = (k.moves(cp, co) & MASK).count_ones();
                    if replies < best.0 {
                        best = (replies, x);
                    }
                }
                best.1
            };
            (p, o) = k.play(p, o, x);
            side = side.other();
            ply += 1;
        };
        if !reached {
            continue;
        }
        let scores = solve_moves(&position(p, o, side), &options)?;
        solved += 1;
        nodes += scores.nodes;
        let held = game % 10 == 0;
        let Some(best) = scores.best_score() else { continue };
        let mut push = |p: u64, o: u64, label: i32| {
            samples.push(Sample { p, o, label, holdout: held });
        };
        push(p, o, best);
        for &(mv, score) in &scores.moves {
            if let Move::Place(sq) = mv {
                let x = bit(sq.column(), sq.row()).trailing_zeros() as usize;
                let (cp, co) = k.play(p, o, x);
                push(cp, co, -score);
            }
        }
    }
    eprintln!("{games} games, {solved} solved ({nodes} nodes), {} positions", samples.len());
    Ok(samples)
}

/// Stochastic gradient descent on the squared error, in sample order.
fn train(samples: &[Sample]) -> Vec<f64> {
    let spread =
        (samples.iter().map(|s| f64::from(s.label * s.label)).sum::<f64>() / samples.len().max(1) as f64).sqrt();
    eprintln!("{} positions, rms label {spread:.2} discs", samples.len());
    let samples: Vec<([u32; FEATURES], f64, bool)> =
        samples.iter().map(|s| (features(s.p, s.o), f64::from(s.label), s.holdout)).collect();
    let mut w = vec![0.0f64; WEIGHTS];
    for epoch in 0..EPOCHS {
        let rate = RATE * (1.0 - 0.9 * epoch as f64 / EPOCHS as f64);
        let (mut train_se, mut n) = (0.0, 0usize);
        for (features, label, _) in samples.iter().filter(|s| !s.2) {
            let prediction: f64 = features.iter().map(|&i| w[i as usize]).sum();
            let error = label - prediction;
            train_se += error * error;
            n += 1;
            for &i in features {
                let wi = &mut w[i as usize];
                *wi += rate * error - DECAY * *wi;
            }
        }
        let (mut test_se, mut m) = (0.0, 0usize);
        for (features, label, _) in samples.iter().filter(|s| s.2) {
            let prediction: f64 = features.iter().map(|&i| w[i as usize]).sum();
            test_se += (label - prediction).powi(2);
            m += 1;
        }
        let rms = |se: f64, n: usize| if n == 0 { 0.0 } else { (se / n as f64).sqrt() };
        eprintln!("epoch {epoch}: rms error {:.2} discs (held out {:.2})", rms(train_se, n), rms(test_se, m));
    }
    w
}
