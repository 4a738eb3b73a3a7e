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
//!
//! Openings of a user's own are checked by [`symmetric_duplicates`] (two
//! openings that reach one position up to symmetry test the same thing
//! twice); [`random_openings`] draws seeded random openings, optionally
//! balanced, with reversi-solve's XOT generator
//! ([`xot::generate`](reversi_solve::xot::generate)).

use std::collections::{HashMap, HashSet};

use reversi_variants::Move;

use crate::player::GameState;

/// The plies of the default openings: [`default_openings`]`(DEFAULT_PLIES)`
/// is the set a match plays without openings of its own.
pub const DEFAULT_PLIES: u32 = 4;

/// The most plies [`default_openings`] enumerates (the count grows about
/// tenfold a ply: 6 plies already give over a thousand openings).
pub const MAX_PLIES: u32 = 8;

/// The default openings, [`default_openings`]`(`[`DEFAULT_PLIES`]`)`, and
/// their source: what a match plays without openings of its own.
pub(crate) fn defaults() -> (OpeningSource, Vec<GameState>) {
    (OpeningSource::Default { plies: DEFAULT_PLIES }, default_openings(DEFAULT_PLIES))
}

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

/// The openings of `openings` that reach the same position as an earlier
/// one, up to the 8 symmetries of the board and with the same side to move
/// (reversi-core's [`canonical`](reversi_core::Position::canonical) form of
/// the position after each opening; on a board other than 8x8, the same
/// position): `(earlier, later)` pairs of indices, `earlier` the first
/// opening of its class, in the order of `later`.
///
/// ```
/// use reversi_engine::referee::{GameState, symmetric_duplicates};
/// use reversi_variants::Position;
/// let opening = |square: &str| {
///     let mut game = GameState::new(Position::from(reversi_core::Position::start()));
///     let mv = square.parse().unwrap();
///     game.position.play(mv).unwrap();
///     game.moves.push(mv);
///     game
/// };
/// // The four first moves are images of each other.
/// let openings = [opening("d3"), opening("c4"), opening("f5"), opening("e6")];
/// assert_eq!(symmetric_duplicates(&openings), [(0, 1), (0, 2), (0, 3)]);
/// ```
#[must_use]
pub fn symmetric_duplicates(openings: &[GameState]) -> Vec<(usize, usize)> {
    #[derive(PartialEq, Eq, Hash)]
    enum Class {
        Standard(reversi_core::Position),
        Other(u64),
    }
    let mut first = HashMap::new();
    let mut duplicates = Vec::new();
    for (i, game) in openings.iter().enumerate() {
        let class = match reversi_core::Position::try_from(game.position) {
            Ok(pos) => Class::Standard(pos.canonical().0),
            Err(_) => Class::Other(game.position.hash()),
        };
        match first.get(&class) {
            Some(&earlier) => duplicates.push((earlier, i)),
            None => {
                first.insert(class, i);
            }
        }
    }
    duplicates
}

/// How many random openings a match or tournament of `games` games a
/// pairing draws ([`random_openings`]'s `count`): one for each two games
/// (each opening is played with both colours), else as many as the default
/// openings (60); at least one. The CLI's `--openings-random` and Python's
/// `openings_random=` draw this many.
///
/// ```
/// use reversi_engine::referee::random_opening_count;
/// assert_eq!((random_opening_count(Some(7)), random_opening_count(None), random_opening_count(Some(0))), (4, 60, 1));
/// ```
#[must_use]
pub fn random_opening_count(games: Option<usize>) -> usize {
    games.map_or(DEFAULT_RANDOM_OPENINGS, |g| g.div_ceil(2)).max(1)
}

/// How many random openings are drawn without a number of games: as many
/// as the default openings.
const DEFAULT_RANDOM_OPENINGS: usize = 60;

/// `count` random openings of `plies` plies from the standard start, drawn
/// from `seed` by reversi-solve's [`xot::generate`](reversi_solve::xot::generate)
/// (every move uniform among the legal ones, an opening whose game is over
/// drawn again, no two openings the same position up to symmetry): with a
/// `margin`, only those whose value for the side to move lies within
/// `margin` discs of even (the exact solver's value where at most 20
/// squares are empty, else a 6-ply search's: see that module); without
/// one, every opening drawn. One seed gives one list.
///
/// ```
/// use reversi_engine::referee::{random_openings, symmetric_duplicates};
/// let openings = random_openings(6, 10, 1, None)?;
/// assert_eq!(openings.len(), 10);
/// assert!(openings.iter().all(|g| g.moves.len() == 6));
/// assert!(symmetric_duplicates(&openings).is_empty());
/// assert_eq!(openings, random_openings(6, 10, 1, None)?);
/// # Ok::<(), reversi_solve::xot::XotError>(())
/// ```
///
/// # Errors
/// [`XotError`](reversi_solve::xot::XotError): `plies` not 1 to 59,
/// `count` not 1 to a million, `margin` not 0 to 64 (`Option`); fewer
/// openings than `count` found within 1000 draws each (`TooFew`, a margin
/// too narrow); the exact solver's failure (`Solve`).
pub fn random_openings(
    plies: usize,
    count: usize,
    seed: u64,
    margin: Option<i32>,
) -> Result<Vec<GameState>, reversi_solve::xot::XotError> {
    use reversi_solve::xot::{XotOptions, generate};
    let options = XotOptions::new().plies(plies).count(count).seed(seed);
    // Without a margin every opening is kept: the cheapest valuation.
    let options = match margin {
        Some(margin) => options.margin(margin),
        None => options.margin(64).depth(1).exact_empties(0),
    };
    Ok(generate(&options)?
        .into_iter()
        .map(|opening| {
            let mut game = GameState::new(reversi_variants::Position::from(reversi_core::Position::start()));
            for mv in opening.moves {
                let mv = Move::from(mv);
                game.position.play_unchecked(mv);
                game.moves.push(mv);
            }
            game
        })
        .collect())
}

/// Where a match's openings come from: each game's record names its
/// opening by it ([`describe`](OpeningSource::describe), the record's
/// `Opening` field).
///
/// `#[non_exhaustive]`: sources may be added.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OpeningSource {
    /// [`default_openings`]`(plies)`.
    Default {
        /// The plies.
        plies: u32,
    },
    /// Every game of a record file, in the file's order.
    File {
        /// The file as the user named it.
        name: String,
    },
    /// [`random_openings`]`(plies, _, seed, margin)`.
    Random {
        /// The plies.
        plies: usize,
        /// The seed.
        seed: u64,
        /// The margin of the balanced openings, if any.
        margin: Option<i32>,
    },
    /// A list given by the caller (Python's records, a library user's).
    Given,
}

impl OpeningSource {
    /// The opening of index `index` (0-based) in the match's list as a
    /// record names it: `openings.ggf game 3`, `random 8 plies seed 5
    /// opening 3`, `default 4 plies opening 3`, `opening 3`.
    ///
    /// ```
    /// use reversi_engine::referee::OpeningSource;
    /// let file = OpeningSource::File { name: "xot.ggf".into() };
    /// assert_eq!(file.describe(2), "xot.ggf game 3");
    /// let random = OpeningSource::Random { plies: 8, seed: 5, margin: Some(2) };
    /// assert_eq!(random.describe(0), "random 8 plies seed 5 margin 2 opening 1");
    /// ```
    #[must_use]
    pub fn describe(&self, index: usize) -> String {
        let n = index + 1;
        match self {
            OpeningSource::Default { plies } => format!("default {plies} plies opening {n}"),
            OpeningSource::File { name } => format!("{name} game {n}"),
            OpeningSource::Random { plies, seed, margin } => {
                let margin = margin.map(|m| format!(" margin {m}")).unwrap_or_default();
                format!("random {plies} plies seed {seed}{margin} opening {n}")
            }
            OpeningSource::Given => format!("opening {n}"),
        }
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
    fn duplicates_are_found_under_every_symmetry_and_side() {
        let mut openings = default_openings(4);
        let distinct = openings.len();
        assert!(symmetric_duplicates(&openings).is_empty());
        // Each image of opening 5 under the 8 symmetries is a duplicate.
        let five = reversi_core::Position::try_from(openings[5].position).expect("8x8");
        for symmetry in reversi_core::Symmetry::ALL {
            let mut game = openings[5].clone();
            game.position = reversi_variants::Position::from(five.transform(symmetry));
            openings.push(game);
        }
        let found = symmetric_duplicates(&openings);
        assert_eq!(found, (distinct..distinct + 8).map(|i| (5, i)).collect::<Vec<_>>());
        // The same discs with the other side to move is another opening.
        let mut other = openings[5].clone();
        other.position = other.position.with_side_to_move(other.position.side_to_move().other());
        openings.push(other);
        assert_eq!(symmetric_duplicates(&openings).len(), 8);
    }

    #[test]
    fn random_openings_replay_and_keep_the_margin() {
        let openings = random_openings(8, 5, 3, Some(2)).expect("balanced openings");
        let values =
            reversi_solve::xot::generate(&reversi_solve::xot::XotOptions::new().plies(8).count(5).seed(3).margin(2))
                .expect("the generator");
        for (game, xot) in openings.iter().zip(&values) {
            assert!(xot.value.abs() <= 2);
            let mut pos = reversi_core::Position::start();
            for &mv in &xot.moves {
                pos.play(mv).expect("a legal move");
            }
            assert_eq!(reversi_core::Position::try_from(game.position).expect("8x8"), pos);
            assert_eq!(game.moves.len(), xot.moves.len());
        }
        assert!(matches!(random_openings(0, 5, 3, None), Err(reversi_solve::xot::XotError::Option { .. })));
    }

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
