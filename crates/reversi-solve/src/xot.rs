//! Balanced openings of this project's own making: the equivalent of the XOT
//! list (8-move openings from the standard start whose value is near even),
//! generated from a seed.
//!
//! [`generate`] plays random openings of [`XotOptions::plies`] plies (8 by
//! default) from the 8x8 start, each move drawn uniformly among the legal
//! ones by a SplitMix64 stream of the seed (an opening whose game ends
//! before its last ply is drawn again), drops an opening whose position is
//! one already kept or a symmetric image of one (the 8 symmetries of the
//! board, by reversi-core's canonical form), and keeps it when its value
//! lies within `margin` of even:
//!
//! - **exact** where the solver reaches: with at most
//!   [`XotOptions::exact_empties`] empty squares (20 by default) the value is
//!   [`othello::solve`]'s score (discs, empties to the winner);
//! - else a **shallow search**: a fixed-depth negamax with alpha-beta
//!   ([`XotOptions::depth`] plies, 6 by default; a pass is a ply) whose
//!   leaves are scored by their disc difference for the side to move, and a
//!   game ended inside the horizon by its exact final score. It is a crude
//!   measure (no evaluation function is in this project): openings kept are
//!   balanced by it, not proven balanced in perfect play.
//!
//! The value is for the side to move after the opening, in discs either way.
//! Everything runs on one thread in draw order, so one seed gives the same
//! list on every machine. The openings are move lists: the CLI's `reversi
//! xot generate` writes one a line, a transcript that reversi-notation's
//! `xot::Openings` and `reversi match --openings` read back.
//!
//! ```
//! use reversi_solve::xot::{XotOptions, generate};
//! let openings = generate(&XotOptions::new().count(3).seed(7).depth(2))?;
//! assert_eq!(openings.len(), 3);
//! assert!(openings.iter().all(|o| o.moves.len() == 8 && o.value.abs() <= 2 && !o.exact));
//! assert_eq!(openings, generate(&XotOptions::new().count(3).seed(7).depth(2))?); // reproducible
//! # Ok::<(), reversi_solve::xot::XotError>(())
//! ```

use std::collections::HashSet;

use reversi_core::internal::mix64;
use reversi_core::{Bitboard, Move, Position, Square};

use crate::{SolveError, SolveOptions, othello};

/// The most openings one call makes (their positions are held to find
/// symmetric duplicates).
pub const MAX_XOT_COUNT: usize = 1_000_000;

/// The deepest shallow search [`XotOptions::depth`] takes.
pub const MAX_XOT_DEPTH: u32 = 12;

/// What [`generate`] makes: builder, private fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XotOptions {
    plies: usize,
    count: usize,
    seed: u64,
    margin: i32,
    depth: u32,
    exact_empties: u32,
    max_tries: u64,
}

impl Default for XotOptions {
    fn default() -> XotOptions {
        XotOptions::new()
    }
}

impl XotOptions {
    /// 8 plies, 100 openings, seed 0, margin 2 discs, a 6-ply shallow
    /// search, exact from 20 empties down, at most 1000 draws an opening.
    #[must_use]
    pub const fn new() -> XotOptions {
        XotOptions { plies: 8, count: 100, seed: 0, margin: 2, depth: 6, exact_empties: 20, max_tries: 1000 }
    }

    /// The openings' length in plies (1 to 59; a pass is a ply).
    #[must_use]
    pub const fn plies(mut self, plies: usize) -> XotOptions {
        self.plies = plies;
        self
    }

    /// How many openings (1 to [`MAX_XOT_COUNT`]).
    #[must_use]
    pub const fn count(mut self, count: usize) -> XotOptions {
        self.count = count;
        self
    }

    /// The seed of the random draws: one seed, one list.
    #[must_use]
    pub const fn seed(mut self, seed: u64) -> XotOptions {
        self.seed = seed;
        self
    }

    /// The largest value kept, either side (discs, 0 to 64).
    #[must_use]
    pub const fn margin(mut self, margin: i32) -> XotOptions {
        self.margin = margin;
        self
    }

    /// The shallow search's depth in plies (1 to [`MAX_XOT_DEPTH`]).
    #[must_use]
    pub const fn depth(mut self, depth: u32) -> XotOptions {
        self.depth = depth;
        self
    }

    /// The most empty squares at which the value is the exact solver's
    /// (0 to 60; 0: never).
    #[must_use]
    pub const fn exact_empties(mut self, empties: u32) -> XotOptions {
        self.exact_empties = empties;
        self
    }

    /// The most openings drawn for each one asked for (at least 1): a
    /// margin too narrow to fill the list ends in [`XotError::TooFew`]
    /// instead of drawing forever.
    #[must_use]
    pub const fn max_tries(mut self, tries: u64) -> XotOptions {
        self.max_tries = tries;
        self
    }

    /// Whether every option is in range, as [`generate`] checks before it
    /// draws.
    ///
    /// # Errors
    /// [`XotError::Option`] naming the first option out of range.
    pub fn check(&self) -> Result<(), XotError> {
        let bad = |option: &'static str, expected: &'static str, found: String| {
            Err(XotError::Option { option, expected, found })
        };
        if !(1..=59).contains(&self.plies) {
            return bad("plies", "1 to 59", self.plies.to_string());
        }
        if !(1..=MAX_XOT_COUNT).contains(&self.count) {
            return bad("count", "1 to 1000000", self.count.to_string());
        }
        if !(0..=64).contains(&self.margin) {
            return bad("margin", "0 to 64", self.margin.to_string());
        }
        if !(1..=MAX_XOT_DEPTH).contains(&self.depth) {
            return bad("depth", "1 to 12", self.depth.to_string());
        }
        if self.exact_empties > 60 {
            return bad("exact_empties", "0 to 60", self.exact_empties.to_string());
        }
        if self.max_tries == 0 {
            return bad("max_tries", "at least 1", "0".into());
        }
        Ok(())
    }
}

/// One balanced opening.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct XotOpening {
    /// Its moves from the standard start, passes included.
    pub moves: Vec<Move>,
    /// Its value for the side to move after it, in discs.
    pub value: i32,
    /// Whether the value is the exact solver's (else the shallow search's).
    pub exact: bool,
}

/// Why [`generate`] made no list.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum XotError {
    /// An option out of range.
    #[error("{option}: expected {expected}, found {found}")]
    Option {
        /// The option's name.
        option: &'static str,
        /// Its range.
        expected: &'static str,
        /// The value given.
        found: String,
    },
    /// The draws ran out before the list was full: the margin is too narrow
    /// (or the plies too many) for the count.
    #[error("{found} balanced openings of {wanted} after {tries} draws: widen the margin or allow more tries")]
    TooFew {
        /// The openings found.
        found: usize,
        /// The openings asked for.
        wanted: usize,
        /// The openings drawn.
        tries: u64,
    },
    /// The exact solver failed (memory for its table).
    #[error(transparent)]
    Solve(#[from] SolveError),
}

/// SplitMix64: a seeded stream of 64-bit draws.
struct Draws(u64);

impl Draws {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        mix64(self.0)
    }

    /// A square of `set` (not empty), uniformly.
    fn pick(&mut self, set: Bitboard) -> Square {
        let n = set.len() as u64;
        let k = usize::try_from(((u128::from(self.next()) * u128::from(n)) >> 64) as u64).unwrap_or(0);
        set.iter().nth(k).expect("a square of a set that is not empty")
    }
}

/// Generates balanced openings as the [module docs](self) say.
///
/// # Errors
/// [`XotError::Option`]: an option out of range; [`XotError::TooFew`]: the
/// list not filled within `count * max_tries` draws; [`XotError::Solve`]:
/// the exact solver could not run.
pub fn generate(options: &XotOptions) -> Result<Vec<XotOpening>, XotError> {
    options.check()?;
    let mut draws = Draws(options.seed);
    let mut seen = HashSet::new();
    let mut openings = Vec::with_capacity(options.count);
    let budget = options.max_tries.saturating_mul(options.count as u64);
    let solve_options = SolveOptions::new().threads(1).hash_mib(16);
    let mut tries = 0;
    while openings.len() < options.count {
        if tries == budget {
            return Err(XotError::TooFew { found: openings.len(), wanted: options.count, tries });
        }
        tries += 1;
        let Some((moves, pos)) = random_opening(&mut draws, options.plies) else { continue };
        if !seen.insert(pos.canonical().0) {
            continue;
        }
        let empties = 64 - (pos.player().len() + pos.opponent().len()) as u32;
        let (value, exact) = if empties <= options.exact_empties {
            (othello::solve(&pos, &solve_options)?.score, true)
        } else {
            (shallow(&pos, options.depth, -65, 65), false)
        };
        if value.abs() <= options.margin {
            openings.push(XotOpening { moves, value, exact });
        }
    }
    Ok(openings)
}

/// `plies` random moves from the start (a forced pass a ply), or `None` when
/// the game ends first.
fn random_opening(draws: &mut Draws, plies: usize) -> Option<(Vec<Move>, Position)> {
    let mut pos = Position::start();
    let mut moves = Vec::with_capacity(plies);
    for _ in 0..plies {
        let legal = pos.legal_moves();
        let mv = if legal.is_empty() {
            if pos.is_game_over() {
                return None;
            }
            Move::Pass
        } else {
            Move::Place(draws.pick(legal))
        };
        pos.play(mv).ok()?;
        moves.push(mv);
    }
    (!pos.is_game_over()).then_some((moves, pos))
}

/// The final score for the side to move, the empty squares to the winner
/// (as the solver counts).
fn final_score(pos: &Position) -> i32 {
    let (mine, theirs) = (pos.player().len() as i32, pos.opponent().len() as i32);
    let empties = 64 - mine - theirs;
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => mine - theirs + empties,
        std::cmp::Ordering::Less => mine - theirs - empties,
        std::cmp::Ordering::Equal => 0,
    }
}

/// The shallow search: negamax with alpha-beta to `depth` plies, leaves by
/// disc difference, ended games by their final score.
fn shallow(pos: &Position, depth: u32, mut alpha: i32, beta: i32) -> i32 {
    let legal = pos.legal_moves();
    if legal.is_empty() {
        if pos.is_game_over() {
            return final_score(pos);
        }
        if depth == 0 {
            return pos.player().len() as i32 - pos.opponent().len() as i32;
        }
        let mut passed = *pos;
        passed.play_unchecked(Move::Pass);
        return -shallow(&passed, depth - 1, -beta, -alpha);
    }
    if depth == 0 {
        return pos.player().len() as i32 - pos.opponent().len() as i32;
    }
    let mut best = -65;
    for sq in legal.iter() {
        let mut child = *pos;
        child.play_unchecked(Move::Place(sq));
        let value = -shallow(&child, depth - 1, -beta, -alpha);
        best = best.max(value);
        alpha = alpha.max(value);
        if alpha >= beta {
            break;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plain negamax without pruning: the twin the alpha-beta must equal.
    fn plain(pos: &Position, depth: u32) -> i32 {
        let legal = pos.legal_moves();
        if legal.is_empty() && pos.is_game_over() {
            return final_score(pos);
        }
        if depth == 0 {
            return pos.player().len() as i32 - pos.opponent().len() as i32;
        }
        if legal.is_empty() {
            let mut passed = *pos;
            passed.play_unchecked(Move::Pass);
            return -plain(&passed, depth - 1);
        }
        legal
            .iter()
            .map(|sq| {
                let mut child = *pos;
                child.play_unchecked(Move::Place(sq));
                -plain(&child, depth - 1)
            })
            .max()
            .expect("a move")
    }

    #[test]
    fn alpha_beta_equals_plain_negamax() {
        let mut draws = Draws(3);
        for plies in [1, 8, 20, 40, 55] {
            let Some((_, pos)) = random_opening(&mut draws, plies) else { continue };
            for depth in 1..=4 {
                assert_eq!(shallow(&pos, depth, -65, 65), plain(&pos, depth), "{pos} depth {depth}");
            }
        }
    }

    #[test]
    fn exact_where_the_solver_reaches() {
        let options = XotOptions::new().plies(46).count(2).seed(1).margin(64).exact_empties(14);
        for opening in generate(&options).unwrap() {
            assert!(opening.exact);
            let mut pos = Position::start();
            for &mv in &opening.moves {
                pos.play(mv).unwrap();
            }
            assert_eq!(opening.value, othello::solve(&pos, &SolveOptions::new()).unwrap().score);
        }
    }

    #[test]
    fn options_out_of_range_and_too_narrow_a_margin() {
        for bad in [XotOptions::new().plies(0), XotOptions::new().count(0), XotOptions::new().depth(13)] {
            assert!(matches!(generate(&bad), Err(XotError::Option { .. })), "{bad:?}");
        }
        // The 4 first moves are one position under the symmetries: a second
        // is never found, and the draws run out, bounded.
        let one = XotOptions::new().plies(1).count(2).margin(64).depth(1).max_tries(50);
        assert_eq!(generate(&one), Err(XotError::TooFew { found: 1, wanted: 2, tries: 100 }));
    }
}
