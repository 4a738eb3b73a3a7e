//! Games between two [`BuiltinPolicy`]s from a seed: what `reversi play` writes and
//! what Python's `Batch.rollout` plays (its 8x8 games on raw bitboards make
//! the same choices from the same streams, and its tests compare them).
//!
//! Game `i` of a run under seed `s` draws from [`SplitMix64::for_game`]`(s, i)`,
//! one number for every move, a forced pass included; the legal moves come
//! sorted ([`Position::moves`]), so a seed always gives the same games.

use reversi_notation::{GameResult, Ply, Record};
use reversi_variants::{Color, Geometry, Position};

use crate::{BuiltinPolicy, SplitMix64};

/// The plies after which a game is stopped unfinished unless the caller
/// says otherwise: ten per playable square (Reversitacks and Attacks games
/// can go on for ever; a Reversi game never reaches it).
#[must_use]
pub fn default_max_plies(geometry: &Geometry) -> usize {
    10 * geometry.playable_count()
}

/// One game from `start`, Black's moves by `black`, White's by `white`, both
/// drawing from `rng`, stopped after `max_plies` plies: the record, with the
/// players' names and, when the game ended, the discs as its result.
///
/// ```
/// use reversi_engine::{BuiltinPolicy, SplitMix64, default_max_plies, self_play};
/// use reversi_variants::{Geometry, Position, Variant};
///
/// let start = Position::start(Variant::Reversi, Geometry::standard())?;
/// let max = default_max_plies(start.geometry());
/// let game = self_play(start, BuiltinPolicy::Greedy, BuiltinPolicy::Random, &mut SplitMix64::for_game(7, 0), max);
/// let again = self_play(start, BuiltinPolicy::Greedy, BuiltinPolicy::Random, &mut SplitMix64::for_game(7, 0), max);
/// assert_eq!(game, again);
/// assert!(game.result.is_some() && game.moves.len() >= 9);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn self_play(
    start: Position,
    black: BuiltinPolicy,
    white: BuiltinPolicy,
    rng: &mut SplitMix64,
    max_plies: usize,
) -> Record {
    let mut record = Record::of(start.variant(), *start.geometry());
    record.set_start(start);
    record.black = Some(black.name().into());
    record.white = Some(white.name().into());
    let mut pos = start;
    while record.moves.len() < max_plies {
        let moves: Vec<_> = pos.moves().collect();
        if moves.is_empty() {
            break;
        }
        let policy = if pos.side_to_move() == Color::Black { black } else { white };
        let mv = policy.choose(&pos, &moves, rng);
        pos.play_unchecked(mv);
        record.moves.push(Ply::from(mv));
    }
    if pos.is_game_over() {
        let pieces = |c| u16::try_from(pos.count(c)).unwrap_or(u16::MAX); // at most 676 squares
        record.result = Some(GameResult::Discs { black: pieces(Color::Black), white: pieces(Color::White) });
    }
    record
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_variants::Variant;

    #[test]
    fn a_stopped_game_has_no_result_and_passes_are_moves() {
        let start = Position::start(Variant::Attacks, Geometry::new(5, 5).unwrap()).unwrap();
        let game = self_play(start, BuiltinPolicy::Random, BuiltinPolicy::Random, &mut SplitMix64::for_game(1, 2), 3);
        assert_eq!((game.moves.len(), game.result), (3, None));
        // 4x4 Reversi: some seed's game has a forced pass, recorded as a move.
        let small = Position::start(Variant::Reversi, Geometry::new(4, 4).unwrap()).unwrap();
        let passes = (0..200)
            .map(|i| {
                self_play(small, BuiltinPolicy::Random, BuiltinPolicy::Greedy, &mut SplitMix64::for_game(0, i), 100)
            })
            .filter(|g| g.result.is_some() && g.moves.iter().any(|p| p.mv.is_pass()))
            .count();
        assert!(passes > 0);
    }
}
