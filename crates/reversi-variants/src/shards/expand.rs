//! The positions of a plan, found ply by ply in bounded memory.
//!
//! The expansion goes one ply at a time: the distinct positions at ply `p`
//! (canonical forms over the board's symmetries, each with the number of
//! paths that reach it) make those at ply `p + 1`, merged again. Equal
//! positions have equal subtrees up to symmetry, so the positions and their
//! multiplicities at the split ply are the ones a walk of every path finds,
//! at the cost of the distinct positions rather than of the paths.
//!
//! Every ply may hold at most [`MAX_PLAN_POSITIONS`] positions: the
//! expansion stops as soon as one passes it, before it holds more, and says
//! how large the plan would have been (an estimate from the growth so far)
//! and the deepest split ply that fits. Every allocation is asked for first
//! (`try_reserve`), so a machine short of memory gives an error, not an
//! abort.

use std::collections::HashMap;

use super::error::PlanError;
use crate::Position;

/// The most distinct positions a ply of a plan's expansion may hold, and so
/// the most lines a plan made here has: 2^20 = 1,048,576 (8x8 Reversi has
/// 434,021 positions at ply 9, about 3 million at ply 10). A position takes
/// about 300 bytes in memory: the expansion of a plan this size holds about
/// half a GiB at most.
pub const MAX_PLAN_POSITIONS: u64 = 1 << 20;

/// The positions at the split ply with their paths, in the order the
/// expansion first reaches them (ply by ply, moves in the order
/// [`Position::moves`] gives them from each canonical form: the same on every
/// run and machine); and the games that end before, one leaf per path, as
/// plain perft counts them.
pub(super) struct Frontier {
    /// The distinct positions and their multiplicities.
    pub(super) units: Vec<(Position, u64)>,
    /// Games that end before the split ply.
    pub(super) finished: u64,
}

/// The distinct positions of one ply, with an index from the Zobrist hash of
/// each to the first position with that hash and a chain through the rest.
struct Ply {
    units: Vec<(Position, u64)>,
    first: HashMap<u64, u32>,
    next: Vec<u32>,
}

/// The end of a chain.
const END: u32 = u32::MAX;

impl Ply {
    fn new() -> Ply {
        Ply { units: Vec::new(), first: HashMap::new(), next: Vec::new() }
    }

    /// Adds `paths` paths to `unit` (a canonical form), a new position if it
    /// is not there yet; `false` when a new one would be more than `max`.
    fn add(&mut self, unit: Position, paths: u64, max: u64) -> Result<bool, std::collections::TryReserveError> {
        let hash = unit.hash();
        let mut at = self.first.get(&hash).copied().unwrap_or(END);
        while at != END {
            let (known, n) = &mut self.units[at as usize];
            if *known == unit {
                *n = n.saturating_add(paths);
                return Ok(true);
            }
            at = self.next[at as usize];
        }
        if self.units.len() as u64 >= max {
            return Ok(false);
        }
        self.units.try_reserve(1)?;
        self.next.try_reserve(1)?;
        self.first.try_reserve(1)?;
        // `max` is at most MAX_PLAN_POSITIONS: the index fits in a u32.
        let index = self.units.len() as u32;
        self.units.push((unit, paths));
        self.next.push(self.first.insert(hash, index).unwrap_or(END));
        Ok(true)
    }
}

/// The frontier of `game` `split` plies down, each ply at most `max`
/// positions (at most [`MAX_PLAN_POSITIONS`]).
///
/// # Errors
/// [`PlanError::TooLarge`] when a ply passes `max`, [`PlanError::Memory`]
/// when the system refuses memory.
pub(super) fn frontier(game: &Position, split: u32, max: u64) -> Result<Frontier, PlanError> {
    let max = max.min(MAX_PLAN_POSITIONS);
    let mut level = vec![(game.canonical().0, 1u64)];
    let mut finished = 0u64;
    for ply in 1..=split {
        let memory = |_| PlanError::Memory { ply, positions: level.len() as u64 };
        let mut next = Ply::new();
        for (parent, &(position, paths)) in level.iter().enumerate() {
            if position.is_game_over() {
                finished = finished.saturating_add(paths);
                continue;
            }
            for mv in position.moves() {
                let mut child = position;
                child.play_unchecked(mv);
                if !next.add(child.canonical().0, paths, max).map_err(memory)? {
                    return Err(too_large(game, split, ply, (parent + 1, level.len()), max));
                }
            }
        }
        level = next.units;
    }
    Ok(Frontier { units: level, finished })
}

/// The error of a ply `ply` that passed `max` positions after `expanded.0`
/// of the `expanded.1` positions of the ply before: the size of the plan
/// estimated from that ply's growth, kept up to `split`.
fn too_large(game: &Position, split: u32, ply: u32, expanded: (usize, usize), max: u64) -> PlanError {
    let (done, before) = (expanded.0 as f64, expanded.1 as f64);
    // The ply that passed, estimated from the parents expanded so far.
    let reached = (max + 1) as f64 * before / done;
    let growth = (reached / before).max(1.0);
    let estimate = reached * growth.powi((split - ply) as i32);
    // A body line: a position's text, a space and a multiplicity.
    let line = game.to_string().len() + 8;
    PlanError::TooLarge {
        split,
        ply,
        max,
        estimate,
        bytes: estimate * line as f64,
        fits: ply - 1,
        fits_positions: expanded.1 as u64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Geometry, Variant};

    /// Every path walked, its end merged by canonical form: what the
    /// expansion must find.
    fn walked(game: &Position, plies: u32, units: &mut HashMap<Position, u64>, finished: &mut u64) {
        if plies == 0 {
            *units.entry(game.canonical().0).or_insert(0) += 1;
        } else if game.is_game_over() {
            *finished += 1;
        } else {
            for mv in game.moves() {
                let mut child = *game;
                child.play_unchecked(mv);
                walked(&child, plies - 1, units, finished);
            }
        }
    }

    #[test]
    fn ply_by_ply_finds_what_every_path_finds() {
        let games = [
            (Variant::Reversi, Geometry::new(4, 4).unwrap(), 9),
            (Variant::Reversi, Geometry::standard(), 5),
            (Variant::Attacks, Geometry::new(5, 5).unwrap(), 3),
            (Variant::Reversitacks, Geometry::new(6, 6).unwrap(), 3),
        ];
        for (variant, geometry, plies) in games {
            let game = Position::start(variant, geometry).unwrap();
            for split in 0..=plies {
                let (mut expected, mut finished) = (HashMap::new(), 0);
                walked(&game, split, &mut expected, &mut finished);
                let frontier = frontier(&game, split, MAX_PLAN_POSITIONS).unwrap();
                assert_eq!(frontier.finished, finished, "{variant} {geometry} {split}");
                assert_eq!(frontier.units.len(), expected.len(), "{variant} {geometry} {split}");
                let found: HashMap<Position, u64> = frontier.units.into_iter().collect();
                assert_eq!(found, expected, "{variant} {geometry} {split}");
            }
        }
    }

    #[test]
    fn a_ply_past_the_bound_stops_the_expansion() {
        let game = Position::start(Variant::Reversi, Geometry::standard()).unwrap();
        // 8x8 Reversi: 1, 1, 3, 14, 60, 322, 1773, 10649 positions at plies 0 to 7.
        let sizes: Vec<usize> = (0..=5).map(|k| frontier(&game, k, 1000).unwrap().units.len()).collect();
        assert_eq!(sizes, [1, 1, 3, 14, 60, 322]);
        let Err(PlanError::TooLarge { split, ply, max, estimate, fits, fits_positions, .. }) = frontier(&game, 9, 1000)
        else {
            panic!("a ply past 1000 positions is refused");
        };
        assert_eq!((split, ply, max, fits, fits_positions), (9, 6, 1000, 5, 322));
        // Ply 6 (1773) and more at the pace of ply 6: an estimate, not a count.
        assert!(estimate > 1773.0 * 5.0_f64.powi(3), "{estimate}");
    }
}
