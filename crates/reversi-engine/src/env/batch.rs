//! [`Batch`]: `n` games of one variant and board stepped together, each with
//! its own random stream, over caller slices (Python's `Batch` lends NumPy
//! arrays), on rayon's threads when asked.

use rayon::prelude::*;
use reversi_core::raw::{Game, Kernel};
use reversi_variants::{Color, Geometry, Position, Score, Variant};

use super::encoding::{Encoding, Illegal};
use super::lanes::{Lane, Lanes, choose_any};
use crate::{BuiltinPolicy, SplitMix64, default_max_plies};

/// Games per rayon task.
const CHUNK: usize = 512;

/// `n` games of one variant and board, from one start, stepped together;
/// game `i` draws from the stream [`SplitMix64::for_game`]`(seed, i)`, as
/// game `i` of `reversi play --seed` does ([`self_play`](crate::self_play)):
/// a [`rollout`](Batch::rollout) plays the games it writes.
///
/// Standard 8x8 Reversi runs on reversi-core's [`raw::Game`](Game) (the
/// [`Kernel`] chosen once), any other game on reversi-variants' `Position`.
/// A batch of at least [`BatchOptions::parallel_from`] games splits its
/// loops between rayon's threads (those of the pool installed by the
/// caller, if any) in chunks of 512; the results are the same either way.
///
/// ```
/// use reversi_engine::env::{Batch, BatchOptions, Rollout};
/// use reversi_engine::BuiltinPolicy;
/// use reversi_variants::{Geometry, Position, Variant};
///
/// let start = Position::start(Variant::Reversi, Geometry::standard())?;
/// let mut batch = Batch::new(start, &BatchOptions::new(4).seed(7))?;
/// let mut discs = [0; 8];
/// batch.rollout(&Rollout::new([BuiltinPolicy::Greedy, BuiltinPolicy::Random]), &mut discs);
/// assert!(discs.chunks(2).all(|d| d[0] + d[1] <= 64));
/// assert!(batch.over().iter().all(|&over| over));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Batch {
    pub(crate) games: Lanes,
    pub(crate) enc: Encoding,
    variant: Variant,
    pub(crate) rng: Vec<SplitMix64>,
    auto_reset: bool,
    parallel_from: usize,
}

/// How a [`Batch`] is made: a builder.
///
/// ```
/// use reversi_engine::env::BatchOptions;
/// let options = BatchOptions::new(4096).seed(7).auto_reset(true).parallel_from(2048);
/// assert_eq!((options.games(), options.parallel(4096)), (4096, true));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BatchOptions {
    games: usize,
    seed: u64,
    auto_reset: bool,
    parallel_from: usize,
}

impl BatchOptions {
    /// `games` games, seed 0, no auto-reset, never on rayon's threads.
    #[must_use]
    pub const fn new(games: usize) -> BatchOptions {
        BatchOptions { games, seed: 0, auto_reset: false, parallel_from: usize::MAX }
    }

    /// Game `i`'s random stream is [`SplitMix64::for_game`]`(seed, i)`.
    #[must_use]
    pub const fn seed(mut self, seed: u64) -> BatchOptions {
        self.seed = seed;
        self
    }

    /// Whether a game that ends in [`Batch::step`] or [`Batch::rollout`]
    /// starts again at once.
    #[must_use]
    pub const fn auto_reset(mut self, auto_reset: bool) -> BatchOptions {
        self.auto_reset = auto_reset;
        self
    }

    /// The one thread switch: every loop of a batch of at least `games`
    /// games (its steps, rollouts, observations, masks, and a
    /// [`VectorEnv`](super::VectorEnv)'s over it) runs on rayon's threads
    /// (`usize::MAX`, the default: never).
    #[must_use]
    pub const fn parallel_from(mut self, games: usize) -> BatchOptions {
        self.parallel_from = games;
        self
    }

    /// The games a batch of these options holds.
    #[must_use]
    pub const fn games(&self) -> usize {
        self.games
    }

    /// Whether `n` games run on rayon's threads.
    #[must_use]
    pub const fn parallel(&self, n: usize) -> bool {
        n >= self.parallel_from
    }
}

/// How [`Batch::rollout`] plays: the policies (Black's, White's), a ply
/// limit and a stop token; a builder.
///
/// ```
/// use reversi_engine::env::Rollout;
/// use reversi_engine::BuiltinPolicy;
/// let stop = || false;
/// let rollout = Rollout::new([BuiltinPolicy::Random; 2]).max_plies(100).cancelled(&stop);
/// # let _ = rollout;
/// ```
#[derive(Clone, Copy)]
pub struct Rollout<'a> {
    policies: [BuiltinPolicy; 2],
    max_plies: Option<usize>,
    cancelled: Option<&'a (dyn Fn() -> bool + Sync)>,
}

impl std::fmt::Debug for Rollout<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Rollout")
            .field("policies", &self.policies)
            .field("max_plies", &self.max_plies)
            .field("cancellable", &self.cancelled.is_some())
            .finish()
    }
}

impl<'a> Rollout<'a> {
    /// Black's moves by `black`, White's by `white`, up to the board's
    /// [`Batch::default_max_plies`], never stopped.
    #[must_use]
    pub const fn new([black, white]: [BuiltinPolicy; 2]) -> Rollout<'a> {
        Rollout { policies: [black, white], max_plies: None, cancelled: None }
    }

    /// A game still going after `plies` plies of the rollout stops there.
    #[must_use]
    pub const fn max_plies(mut self, plies: usize) -> Rollout<'a> {
        self.max_plies = Some(plies);
        self
    }

    /// `cancelled` is looked at once a game (8x8) or once a move: once it
    /// says so, the games not finished are left where they are.
    #[must_use]
    pub const fn cancelled(mut self, cancelled: &'a (dyn Fn() -> bool + Sync)) -> Rollout<'a> {
        self.cancelled = Some(cancelled);
        self
    }
}

/// Why a [`Batch`] cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BatchError {
    /// No game.
    #[error("a batch holds at least one game")]
    Empty,
    /// More games than memory holds.
    #[error("a batch of {games} games: {what} take {} bytes, more than can be allocated", bytes.map_or_else(|| "more than 2^64".to_string(), |b| b.to_string()))]
    TooLarge {
        /// The games asked for.
        games: usize,
        /// What could not be allocated.
        what: &'static str,
        /// Its size, `None` past `usize::MAX`.
        bytes: Option<usize>,
    },
}

/// Why [`Batch::step`] refused its actions (nothing was played).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StepError {
    /// Not one action a game.
    #[error("{found} actions for {expected} games")]
    Length {
        /// The games.
        expected: usize,
        /// The actions.
        found: usize,
    },
    /// An action that cannot be played (the first).
    #[error("game {game}: {reason}")]
    Illegal {
        /// Its game.
        game: usize,
        /// Why.
        reason: Illegal,
    },
}

/// A vector of `n` copies of `item`, or [`BatchError::TooLarge`] before
/// anything is allocated when the machine cannot give them.
fn filled<T: Clone>(n: usize, item: T, what: &'static str) -> Result<Vec<T>, BatchError> {
    let mut items = Vec::new();
    items.try_reserve_exact(n).map_err(|_| BatchError::TooLarge {
        games: n,
        what,
        bytes: n.checked_mul(size_of::<T>()),
    })?;
    items.resize(n, item);
    Ok(items)
}

/// Runs `f` on `a` and `b` (`per_b` items of `b` to one of `a`), chunk by
/// chunk on rayon's threads when `parallel`.
fn each<A: Sync, B: Send>(parallel: bool, a: &[A], b: &mut [B], per_b: usize, f: impl Fn(&[A], &mut [B]) + Sync) {
    if parallel {
        a.par_chunks(CHUNK).zip(b.par_chunks_mut(CHUNK * per_b)).for_each(|(a, b)| f(a, b));
    } else {
        f(a, b);
    }
}

/// `one` on each game with its random stream and its `per` items of `out`,
/// on rayon's threads when `parallel`.
fn with_streams<G: Send, T: Send>(
    parallel: bool,
    games: &mut [G],
    streams: &mut [SplitMix64],
    out: &mut [T],
    per: usize,
    one: impl Fn(&mut G, &mut SplitMix64, &mut [T]) + Sync,
) {
    if parallel {
        games
            .par_iter_mut()
            .zip(streams.par_iter_mut())
            .zip(out.par_chunks_mut(per))
            .for_each(|((g, s), o)| one(g, s, o));
    } else {
        for ((g, s), o) in games.iter_mut().zip(streams.iter_mut()).zip(out.chunks_mut(per)) {
            one(g, s, o);
        }
    }
}

/// Plays `actions` in `games` (checked), rewards and terminated flags
/// written out, each ended game back to `start` with `auto_reset`.
#[allow(clippy::too_many_arguments)] // the outputs
fn play_all<G: Lane>(
    ctx: G::Ctx,
    start: G,
    auto_reset: bool,
    parallel: bool,
    games: &mut [G],
    actions: &[i64],
    rewards: &mut [f64],
    terminated: &mut [bool],
) {
    let run = |gs: &mut [G], a: &[i64], r: &mut [f64], t: &mut [bool]| {
        for (((g, &a), r), t) in gs.iter_mut().zip(a).zip(r).zip(t) {
            (*r, *t) = g.play(ctx, a);
            if *t && auto_reset {
                *g = start;
            }
        }
    };
    if parallel {
        games
            .par_chunks_mut(CHUNK)
            .zip(actions.par_chunks(CHUNK))
            .zip(rewards.par_chunks_mut(CHUNK))
            .zip(terminated.par_chunks_mut(CHUNK))
            .for_each(|(((g, a), r), t)| run(g, a, r, t));
    } else {
        run(games, actions, rewards, terminated);
    }
}

/// The first game whose action cannot be played.
fn first_refused<G: Lane>(ctx: G::Ctx, games: &[G], actions: &[i64]) -> Option<StepError> {
    let i = games.iter().zip(actions).position(|(g, &a)| !g.legal(ctx, a))?;
    let reason = games[i].refusal(ctx, actions[i])?;
    Some(StepError::Illegal { game: i, reason })
}

impl Batch {
    /// `options.games()` games at `start`, as `options` says.
    ///
    /// # Errors
    /// [`BatchError`]: no game, or more than memory holds (found before
    /// anything is allocated).
    pub fn new(start: Position, options: &BatchOptions) -> Result<Batch, BatchError> {
        let n = options.games;
        if n == 0 {
            return Err(BatchError::Empty);
        }
        let enc = Encoding::of(&start);
        let games = match start.to_othello() {
            Some(core) => {
                let kernel = Kernel::detect();
                let start = Game::from_position(kernel, &core);
                Lanes::Othello { kernel, start, games: filled(n, start, "the games")? }
            }
            None => Lanes::Any { start: Box::new(start), games: filled(n, start, "the games")? },
        };
        let rng = filled(n, SplitMix64::new(0), "the random streams")?;
        let (auto_reset, parallel_from) = (options.auto_reset, options.parallel_from);
        let mut batch = Batch { games, enc, variant: start.variant(), rng, auto_reset, parallel_from };
        batch.reset(Some(options.seed));
        Ok(batch)
    }

    /// Whether the loops run on rayon's threads
    /// ([`BatchOptions::parallel_from`]).
    #[must_use]
    pub fn parallel(&self) -> bool {
        self.len() >= self.parallel_from
    }

    /// The smallest batch whose loops run on rayon's threads.
    #[must_use]
    pub const fn parallel_from(&self) -> usize {
        self.parallel_from
    }

    /// The number of games.
    #[must_use]
    pub fn len(&self) -> usize {
        self.rng.len()
    }

    /// Never: a batch holds at least one game.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.rng.is_empty()
    }

    /// The action encoding of the board.
    #[must_use]
    pub const fn encoding(&self) -> Encoding {
        self.enc
    }

    /// The game.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// Whether a game that ends starts again at once.
    #[must_use]
    pub const fn auto_reset(&self) -> bool {
        self.auto_reset
    }

    /// The start of every game.
    #[must_use]
    pub fn start(&self) -> Position {
        match &self.games {
            Lanes::Othello { start, .. } => Position::from(start.position()),
            Lanes::Any { start, .. } => **start,
        }
    }

    /// The plies after which [`rollout`](Batch::rollout) stops a game unless
    /// told otherwise ([`Rollout::max_plies`]): [`default_max_plies`] of the
    /// board.
    #[must_use]
    pub fn default_max_plies(&self) -> usize {
        match &self.games {
            Lanes::Othello { .. } => default_max_plies(&Geometry::standard()),
            Lanes::Any { start, .. } => default_max_plies(start.geometry()),
        }
    }

    /// Every game back to the start; with `seed`, the streams too (game `i`'s
    /// [`SplitMix64::for_game`]`(seed, i)`).
    pub fn reset(&mut self, seed: Option<u64>) {
        match &mut self.games {
            Lanes::Othello { start, games, .. } => games.fill(*start),
            Lanes::Any { start, games } => games.fill(**start),
        }
        if let Some(seed) = seed {
            self.seed(seed);
        }
    }

    /// Every game's stream seeded again from `seed` (game `i`'s
    /// [`SplitMix64::for_game`]`(seed, i)`); the games are left as they are.
    pub fn seed(&mut self, seed: u64) {
        for (i, s) in self.rng.iter_mut().enumerate() {
            *s = SplitMix64::for_game(seed, i as u64);
        }
    }

    /// Game `i` back to the start: false (nothing done) when there is no game `i`.
    pub fn reset_game(&mut self, i: usize) -> bool {
        match &mut self.games {
            Lanes::Othello { start, games, .. } => games.get_mut(i).map(|g| *g = *start).is_some(),
            Lanes::Any { start, games } => games.get_mut(i).map(|g| *g = **start).is_some(),
        }
    }

    /// Game `i`'s position (`None`: no game `i`).
    #[must_use]
    pub fn position(&self, i: usize) -> Option<Position> {
        match &self.games {
            Lanes::Othello { games, .. } => games.get(i).map(|g| Position::from(g.position())),
            Lanes::Any { games, .. } => games.get(i).copied(),
        }
    }

    /// Each game's pieces.
    #[must_use]
    pub fn scores(&self) -> Vec<Score> {
        let (othello, any) = self.parts();
        othello.iter().map(Game::score).chain(any.iter().map(Position::score)).collect()
    }

    /// Whether each game is over.
    #[must_use]
    pub fn over(&self) -> Vec<bool> {
        let (othello, any) = self.parts();
        othello.iter().map(Game::is_game_over).chain(any.iter().map(Position::is_game_over)).collect()
    }

    /// Each game's side to move.
    #[must_use]
    pub fn sides_to_move(&self) -> Vec<Color> {
        let (othello, any) = self.parts();
        othello.iter().map(Game::side_to_move).chain(any.iter().map(Position::side_to_move)).collect()
    }

    /// The games, of whichever kind they are (the other slice empty).
    fn parts(&self) -> (&[Game], &[Position]) {
        match &self.games {
            Lanes::Othello { games, .. } => (games, &[]),
            Lanes::Any { games, .. } => (&[], games),
        }
    }

    /// `policy`'s action in each game into `out` (one a game), from the
    /// games' streams: -1 for a game that is over.
    pub fn actions(&mut self, policy: BuiltinPolicy, out: &mut [i64]) {
        let (enc, parallel) = (self.enc, self.parallel());
        match &mut self.games {
            Lanes::Othello { kernel, games, .. } => {
                let k = *kernel;
                with_streams(parallel, games, &mut self.rng, out, 1, |g, s, o| o[0] = g.choose(k, policy, s));
            }
            Lanes::Any { games, .. } => {
                with_streams(parallel, games, &mut self.rng, out, 1, |g, s, o| o[0] = g.choose(enc, policy, s));
            }
        }
    }

    /// `uint8 (n, 2, H, W)` into `out`: plane 0 the side to move's pieces,
    /// plane 1 the opponent's.
    pub fn observe(&self, out: &mut [u8]) {
        let parallel = self.parallel();
        let per = 2 * self.enc.height() * self.enc.width();
        let enc = self.enc;
        match &self.games {
            Lanes::Othello { kernel, games, .. } => each(parallel, games, out, per, |gs, out| {
                for (g, o) in gs.iter().zip(out.chunks_exact_mut(per)) {
                    g.observe(*kernel, o);
                }
            }),
            Lanes::Any { games, .. } => each(parallel, games, out, per, |gs, out| {
                for (g, o) in gs.iter().zip(out.chunks_exact_mut(per)) {
                    g.observe(enc, o);
                }
            }),
        }
    }

    /// `bool (n, A)` into `out`: the legal actions of each game (none once
    /// a game is over).
    pub fn legal_mask(&self, out: &mut [bool]) {
        let (enc, parallel) = (self.enc, self.parallel());
        let per = enc.count();
        match &self.games {
            Lanes::Othello { kernel, games, .. } => each(parallel, games, out, per, |gs, out| {
                for (g, o) in gs.iter().zip(out.chunks_exact_mut(per)) {
                    g.mask(*kernel, o);
                }
            }),
            Lanes::Any { games, .. } => each(parallel, games, out, per, |gs, out| {
                for (g, o) in gs.iter().zip(out.chunks_exact_mut(per)) {
                    g.mask(enc, o);
                }
            }),
        }
    }

    /// Plays `actions[i]` in game `i`, writing `rewards[i]` (+1, 0 or -1 for
    /// the mover when its move ends the game, else 0) and `terminated[i]`;
    /// with `auto_reset`, an ended game starts again at once. `rewards` and
    /// `terminated` hold one item a game.
    ///
    /// # Errors
    /// [`StepError`]: not one action a game, or the first action that
    /// cannot be played; every action is checked before any is played, so
    /// that the games are then as they were.
    pub fn step(&mut self, actions: &[i64], rewards: &mut [f64], terminated: &mut [bool]) -> Result<(), StepError> {
        let (n, parallel) = (self.len(), self.parallel());
        if actions.len() != n {
            return Err(StepError::Length { expected: n, found: actions.len() });
        }
        let (enc, auto_reset) = (self.enc, self.auto_reset);
        match &mut self.games {
            Lanes::Othello { kernel, start, games } => {
                if let Some(e) = first_refused(*kernel, games, actions) {
                    return Err(e);
                }
                play_all(*kernel, *start, auto_reset, parallel, games, actions, rewards, terminated);
            }
            Lanes::Any { start, games } => {
                if let Some(e) = first_refused(enc, games, actions) {
                    return Err(e);
                }
                play_all(enc, **start, auto_reset, parallel, games, actions, rewards, terminated);
            }
        }
        Ok(())
    }

    /// Plays every game to its end, Black's moves by `rollout`'s first
    /// policy, White's by its second, from the games' streams, and writes
    /// the final pieces, Black then White, into `out` (two a game). A game
    /// still going after [`Rollout::max_plies`] plies of this call stops
    /// there, its pieces counted as they stand. The games are then at their
    /// ends (or where they stopped), or started again with auto-reset. Once
    /// [`Rollout::cancelled`] says so, the games not finished are left where
    /// they are, their pieces written as they stand.
    pub fn rollout(&mut self, rollout: &Rollout<'_>, out: &mut [i32]) {
        let [black, white] = rollout.policies;
        let max_plies = rollout.max_plies.unwrap_or_else(|| self.default_max_plies());
        let never = || false;
        let cancelled = rollout.cancelled.unwrap_or(&never);
        let parallel = self.parallel();
        let pieces = |s: Score| [s.black as i32, s.white as i32];
        let auto_reset = self.auto_reset;
        match &mut self.games {
            Lanes::Othello { kernel, start, games } => {
                let (k, start) = (*kernel, *start);
                with_streams(parallel, games, &mut self.rng, out, 2, |g, s, o| {
                    // A game of 8x8 Reversi takes microseconds: the token is
                    // looked at once a game.
                    if cancelled() {
                        o.copy_from_slice(&pieces(g.score()));
                        return;
                    }
                    let mut plies = 0;
                    while !g.is_game_over() && plies < max_plies {
                        let policy = if g.side_to_move() == Color::Black { black } else { white };
                        match policy.choose_raw(k, g, s) {
                            Some(sq) => g.play(k, sq),
                            None => g.pass(k),
                        }
                        plies += 1;
                    }
                    o.copy_from_slice(&pieces(g.score()));
                    if auto_reset {
                        *g = start;
                    }
                });
            }
            Lanes::Any { start, games } => {
                let start = **start;
                with_streams(parallel, games, &mut self.rng, out, 2, |g, s, o| {
                    let mut plies = 0;
                    while !g.is_game_over() && plies < max_plies {
                        if cancelled() {
                            o.copy_from_slice(&pieces(g.score()));
                            return;
                        }
                        let policy = if g.side_to_move() == Color::Black { black } else { white };
                        g.play_unchecked(choose_any(policy, g, s));
                        plies += 1;
                    }
                    o.copy_from_slice(&pieces(g.score()));
                    if auto_reset {
                        *g = start;
                    }
                });
            }
        }
    }
}
