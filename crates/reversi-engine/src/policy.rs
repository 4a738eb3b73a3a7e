//! The built-in policies (`random`, `greedy`), their seeded random stream, and
//! the [`Policy`] trait every served engine and in-process side is.
//!
//! `random` picks uniformly among the legal moves; `greedy` picks the move
//! after which the mover has the most pieces, ties broken at random. The
//! legal moves come sorted ([`Position::moves`]), so a policy over a
//! [`SplitMix64`] stream of a given seed always makes the same choices.

use std::fmt;
use std::str::FromStr;

use reversi_core::raw::{Game, Kernel};
use reversi_variants::{Move, Position};

/// A function from a position to a move: what an engine computes.
///
/// The GTP and NBoard servers ([`crate::gtp::serve`], [`crate::nboard::serve`])
/// answer with it, and the referee plays it in-process
/// ([`crate::referee::PolicyPlayer`]).
pub trait Policy {
    /// The name the protocols report (`name`, `set myname`).
    fn name(&self) -> String;

    /// A legal move of `pos`, whose side to move has at least one move
    /// other than a pass (callers pass for it otherwise).
    fn choose(&mut self, pos: &Position) -> Move;

    /// A new game begins (for policies that keep state between moves).
    fn new_game(&mut self) {}
}

/// A built-in policy.
///
/// `#[non_exhaustive]`: policies may be added.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BuiltinPolicy {
    /// Any legal move, uniformly.
    Random,
    /// The move that leaves the mover the most pieces; ties at random.
    Greedy,
}

impl BuiltinPolicy {
    /// Every policy, in the order of their names' listing.
    pub const ALL: [BuiltinPolicy; 2] = [BuiltinPolicy::Random, BuiltinPolicy::Greedy];

    /// `random` or `greedy`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            BuiltinPolicy::Random => "random",
            BuiltinPolicy::Greedy => "greedy",
        }
    }

    /// This policy's move among `moves` (the legal moves of `pos`).
    ///
    /// # Panics
    /// If `moves` is empty.
    #[must_use]
    pub fn choose(self, pos: &Position, moves: &[Move], rng: &mut SplitMix64) -> Move {
        assert!(!moves.is_empty(), "a policy chooses among at least one move");
        match self {
            BuiltinPolicy::Random => moves[rng.below(moves.len())],
            BuiltinPolicy::Greedy => {
                let mover = pos.side_to_move();
                let pieces = |&mv: &Move| {
                    let mut child = *pos;
                    child.play_unchecked(mv);
                    child.count(mover)
                };
                let scores: Vec<usize> = moves.iter().map(pieces).collect();
                let best = scores.iter().copied().max().unwrap_or(0);
                let ties: Vec<Move> = moves.iter().zip(&scores).filter(|&(_, &s)| s == best).map(|(&m, _)| m).collect();
                ties[rng.below(ties.len())]
            }
        }
    }

    /// This policy's move in an 8x8 game on raw words: the move
    /// [`choose`](BuiltinPolicy::choose) makes in the same position from the same
    /// stream (the same number drawn), without a [`Position`] or a list of
    /// moves: what a batch of games runs. The square, or `None` for a pass
    /// (the side to move has no placement: a number is drawn all the same,
    /// as `choose` draws one to pick the pass; callers look at
    /// [`Game::is_game_over`] first).
    ///
    /// ```
    /// use reversi_core::raw::{Game, Kernel};
    /// use reversi_engine::{BuiltinPolicy, SplitMix64};
    /// use reversi_variants::{Move, Position};
    ///
    /// let k = Kernel::detect();
    /// let game = Game::start(k);
    /// let pos = Position::from(game.position());
    /// let moves: Vec<Move> = pos.moves().collect();
    /// let square = BuiltinPolicy::Greedy.choose_raw(k, &game, &mut SplitMix64::new(9)).unwrap();
    /// let mv = BuiltinPolicy::Greedy.choose(&pos, &moves, &mut SplitMix64::new(9));
    /// let sq = reversi_variants::Square::new(square as u8 % 8, square as u8 / 8).unwrap();
    /// assert_eq!(mv, Move::Place(sq));
    /// ```
    #[must_use]
    #[inline]
    pub fn choose_raw(self, k: Kernel, game: &Game, rng: &mut SplitMix64) -> Option<usize> {
        let mut among = match self {
            BuiltinPolicy::Random => game.moves(),
            BuiltinPolicy::Greedy => most_flips(k, game),
        };
        if among == 0 {
            rng.below(1);
            return None;
        }
        // The moves in square order, as `Position::moves` lists them.
        for _ in 0..rng.below(among.count_ones() as usize) {
            among &= among - 1;
        }
        Some(among.trailing_zeros() as usize)
    }
}

/// The placements of `game` that flip the most discs: those that leave the
/// mover the most discs, as [`BuiltinPolicy::Greedy`] picks among.
#[inline]
fn most_flips(k: Kernel, game: &Game) -> u64 {
    let (mut best, mut most) = (0u64, 0u32);
    let mut moves = game.moves();
    while moves != 0 {
        let sq = moves.trailing_zeros() as usize;
        moves &= moves - 1;
        let flips = k.flips(game.player(), game.opponent(), sq).count_ones();
        if flips > most {
            (best, most) = (0, flips);
        }
        if flips == most {
            best |= 1 << sq;
        }
    }
    best
}

impl fmt::Display for BuiltinPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// A name that is no built-in policy.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a policy (random, greedy), found {0:?}")]
pub struct ParsePolicyError(pub String);

impl FromStr for BuiltinPolicy {
    type Err = ParsePolicyError;

    /// `random` or `greedy`, any case.
    ///
    /// # Errors
    /// [`ParsePolicyError`] for any other text.
    fn from_str(s: &str) -> Result<BuiltinPolicy, ParsePolicyError> {
        BuiltinPolicy::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParsePolicyError(s.into()))
    }
}

/// A [`BuiltinPolicy`] with its own random stream: a [`Policy`].
#[derive(Clone, Debug)]
pub struct Seeded {
    policy: BuiltinPolicy,
    rng: SplitMix64,
}

impl Seeded {
    /// `policy` drawing from `rng`.
    #[must_use]
    pub const fn new(policy: BuiltinPolicy, rng: SplitMix64) -> Seeded {
        Seeded { policy, rng }
    }
}

impl Policy for Seeded {
    fn name(&self) -> String {
        self.policy.name().into()
    }

    fn choose(&mut self, pos: &Position) -> Move {
        let moves: Vec<Move> = pos.moves().collect();
        if moves.is_empty() {
            return Move::Pass;
        }
        self.policy.choose(pos, &moves, &mut self.rng)
    }
}

/// SplitMix64 (Steele, Lea and Flood): a 64-bit counter stepped by the golden
/// ratio and mixed. Small, fast and the same on every platform.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

    /// The generator at state `state`.
    #[must_use]
    pub const fn new(state: u64) -> SplitMix64 {
        SplitMix64(state)
    }

    /// The mixing function.
    fn mix(z: u64) -> u64 {
        reversi_core::internal::mix64(z)
    }

    /// The stream of game `game` under `seed`: the state `mix(mix(seed) +
    /// game)`, so that streams of neighbouring games or seeds are unrelated
    /// (not shifted copies of one another).
    #[must_use]
    pub fn for_game(seed: u64, game: u64) -> SplitMix64 {
        SplitMix64(Self::mix(Self::mix(seed).wrapping_add(game)))
    }

    /// The next number of the stream.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(Self::GAMMA);
        Self::mix(self.0)
    }

    /// A number below `n` (not 0), by the high half of a 128-bit product:
    /// biased by at most `n / 2^64`.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_variants::{Geometry, Variant};

    #[test]
    fn splitmix64_matches_the_reference() {
        // The reference generator's first outputs from state 0.
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_ne!(SplitMix64::for_game(0, 1).next_u64(), SplitMix64::for_game(1, 0).next_u64());
        let mut rng = SplitMix64::for_game(7, 3);
        assert!((0..1000).all(|_| rng.below(5) < 5));
    }

    #[test]
    fn raw_choices_are_the_choices_on_positions() {
        // Whole games from many streams, both policies, every backend: the
        // same move and the same state of the stream after it.
        let k = Kernel::detect();
        for policy in BuiltinPolicy::ALL {
            for seed in 0..60 {
                let (mut a, mut b) = (SplitMix64::for_game(seed, 0), SplitMix64::for_game(seed, 0));
                let mut game = Game::start(k);
                while !game.is_game_over() {
                    let pos = Position::from(game.position());
                    let moves: Vec<Move> = pos.moves().collect();
                    let want = policy.choose(&pos, &moves, &mut a);
                    let got = policy.choose_raw(k, &game, &mut b);
                    match (want, got) {
                        (Move::Place(sq), Some(i)) => {
                            assert_eq!(usize::from(sq.row()) * 8 + usize::from(sq.column()), i);
                            game.play(k, i);
                        }
                        (Move::Pass, None) => game.pass(k),
                        other => panic!("{policy} from seed {seed}: {other:?}"),
                    }
                    assert_eq!(a, b);
                }
            }
        }
    }

    #[test]
    fn greedy_takes_the_most_pieces_and_names_read_back() {
        // After f5 d6, c3 flips one and c5 flips... every Black reply: greedy's
        // choice leaves no other move with more Black pieces.
        let mut pos = Position::start(Variant::Reversi, Geometry::standard()).unwrap();
        pos.play("f5".parse().unwrap()).unwrap();
        pos.play("d6".parse().unwrap()).unwrap();
        let moves: Vec<Move> = pos.moves().collect();
        let count = |mv: Move| {
            let mut c = pos;
            c.play_unchecked(mv);
            c.count(pos.side_to_move())
        };
        let best = moves.iter().map(|&m| count(m)).max().unwrap();
        for seed in 0..20 {
            let mv = BuiltinPolicy::Greedy.choose(&pos, &moves, &mut SplitMix64::new(seed));
            assert_eq!(count(mv), best);
        }
        for p in BuiltinPolicy::ALL {
            assert_eq!(p.name().to_uppercase().parse::<BuiltinPolicy>(), Ok(p));
        }
        assert!("minimax".parse::<BuiltinPolicy>().is_err());
        assert_eq!(
            Seeded::new(BuiltinPolicy::Random, SplitMix64::new(1)).choose(&pos.with_side_to_move(pos.side_to_move())),
            {
                let mut rng = SplitMix64::new(1);
                BuiltinPolicy::Random.choose(&pos, &moves, &mut rng)
            }
        );
    }
}
