//! The default openings of a match, and the games a match repeats.
//!
//! Without openings of their own, two deterministic engines would play the
//! same two games over and over. [`default_openings`] is this project's set:
//! every position of Reversi after a number of plies from the standard start,
//! one per class of the eight symmetries (reversi-core's
//! [`canonical`](reversi_core::Position::canonical)), each reached by the
//! first line of moves found (moves in square order, a1 b1 ... h8, depth
//! first), in that order. It is computed, not stored: the same list in every
//! version that keeps these rules.

use std::collections::{HashMap, HashSet};

use reversi_variants::Move;

use crate::player::GameState;

/// The plies of the default openings: [`default_openings`]`(DEFAULT_PLIES)`
/// is the set a match plays without openings of its own.
pub const DEFAULT_PLIES: u32 = 4;

/// The most plies [`default_openings`] enumerates (the count grows about
/// tenfold a ply: 6 plies already give over a thousand openings).
pub const MAX_PLIES: u32 = 8;

/// Every position after `plies` plies (at most [`MAX_PLIES`]) from the
/// standard start, one per symmetry class, as openings: see the module's
/// documentation for the order. 0 plies: the standard start alone.
///
/// ```
/// use reversi_engine::referee::{DEFAULT_PLIES, default_openings};
/// // The four first moves are images of each other: one opening.
/// assert_eq!(default_openings(1).len(), 1);
/// assert_eq!(default_openings(1)[0].moves[0].to_string(), "d3");
/// assert!(default_openings(DEFAULT_PLIES).iter().all(|g| g.moves.len() == 4));
/// ```
#[must_use]
pub fn default_openings(plies: u32) -> Vec<GameState> {
    let start = reversi_core::Position::start();
    let mut found = Vec::new();
    let mut seen = HashSet::new();
    let mut line = Vec::new();
    walk(start, plies.min(MAX_PLIES), &mut line, &mut seen, &mut found);
    found
}

fn walk(
    pos: reversi_core::Position,
    left: u32,
    line: &mut Vec<reversi_core::Move>,
    seen: &mut HashSet<reversi_core::Position>,
    found: &mut Vec<GameState>,
) {
    if pos.is_game_over() {
        return;
    }
    if left == 0 {
        if seen.insert(pos.canonical().0) {
            let mut game = GameState::new(reversi_variants::Position::from(reversi_core::Position::start()));
            for &mv in line.iter() {
                let mv = Move::from(mv);
                game.position.play_unchecked(mv);
                game.moves.push(mv);
            }
            found.push(game);
        }
        return;
    }
    for mv in pos.moves() {
        let mut next = pos;
        next.play_unchecked(mv);
        line.push(mv);
        walk(next, left - 1, line, seen, found);
        line.pop();
    }
}

/// The games a match has played, by their start and moves (passes aside,
/// which the moves imply): tells a game that repeats an earlier one
/// (deterministic engines from the same opening), also one of the records a
/// match resumes ([`note_record`](Repeats::note_record)).
///
/// ```
/// use reversi_engine::referee::{GameState, Repeats};
/// use reversi_variants::Position;
/// let game = GameState::new(Position::from(reversi_core::Position::start()));
/// let mut repeats = Repeats::default();
/// assert_eq!(repeats.note(0, &game), None);
/// assert_eq!(repeats.note(3, &game), Some(0));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Repeats {
    /// The start's hash and the moves of each game, to its index.
    games: HashMap<(u64, Vec<Move>), usize>,
}

impl Repeats {
    /// Notes game `index`: the index of an earlier game with the same start
    /// and moves, if any.
    pub fn note(&mut self, index: usize, game: &GameState) -> Option<usize> {
        self.insert(index, game.start.hash(), game.moves.iter().copied())
    }

    /// Notes the game of `record` as game `index` (a record whose start
    /// cannot be set up is not noted): as [`note`](Repeats::note).
    pub fn note_record(&mut self, index: usize, record: &reversi_notation::Record) -> Option<usize> {
        let start = record.start_position().ok()?;
        self.insert(index, start.hash(), record.moves.iter().map(|p| p.mv))
    }

    fn insert(&mut self, index: usize, start: u64, moves: impl Iterator<Item = Move>) -> Option<usize> {
        let key = (start, moves.filter(|m| !m.is_pass()).collect());
        match self.games.get(&key) {
            Some(&earlier) => Some(earlier),
            None => {
                self.games.insert(key, index);
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_openings_are_distinct_under_symmetry_and_reproducible() {
        let counts: Vec<usize> = (0..=4).map(|n| default_openings(n).len()).collect();
        // Plies 0 and 1: one class; 2: the diagonal, perpendicular and
        // parallel openings; then the published counts of distinct positions
        // up to symmetry (1, 1, 3, 14, 60, 322, ...).
        assert_eq!(counts, [1, 1, 3, 14, 60]);
        for n in 0..=5 {
            let games = default_openings(n);
            let mut classes = HashSet::new();
            for g in &games {
                assert_eq!(g.moves.len(), n as usize);
                let core = reversi_core::Position::try_from(g.position).expect("8x8");
                assert!(classes.insert(core.canonical().0), "a repeated class after {n} plies");
            }
            assert_eq!(games, default_openings(n));
        }
    }
}
