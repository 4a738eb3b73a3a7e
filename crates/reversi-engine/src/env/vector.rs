//! [`VectorEnv`]: the step of a vector environment over a [`Batch`]'s games,
//! each game a learner's episode against a built-in opponent (or both sides
//! the learner's), with Gymnasium's three autoreset modes ([`Autoreset`]).
//! Python's `reversi_rules.gymnasium.VectorEnv` is its glue.

use rayon::join;
use rayon::prelude::*;

use super::batch::Batch;
use super::lanes::{Lane, Lanes};
use crate::{BuiltinPolicy, SplitMix64};

/// When an ended episode starts again (Gymnasium's `AutoresetMode`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
#[non_exhaustive]
pub enum Autoreset {
    /// At the game's next step, its action ignored.
    #[default]
    NextStep,
    /// In the step that ended it, the final observation written apart.
    SameStep,
    /// Never: the caller resets the game.
    Disabled,
}

/// How the episodes are played: a builder.
///
/// ```
/// use reversi_engine::env::{Autoreset, EpisodeRules};
/// use reversi_engine::BuiltinPolicy;
/// let rules = EpisodeRules::new(Some(BuiltinPolicy::Greedy)).learner_black(false).autoreset(Autoreset::SameStep);
/// assert_eq!(rules.autoreset_mode(), Autoreset::SameStep);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct EpisodeRules {
    opponent: Option<BuiltinPolicy>,
    learner_black: bool,
    autoreset: Autoreset,
    /// `None`: the board's [`default_max_plies`](crate::default_max_plies).
    max_plies: Option<u32>,
    strict: bool,
}

impl EpisodeRules {
    /// Episodes against `opponent` (`None`: both sides the learner's), the
    /// learner Black, [`Autoreset::NextStep`], truncated after the board's
    /// [`default_max_plies`](crate::default_max_plies) (ten plies a playable
    /// square), an illegal action lost rather than refused.
    #[must_use]
    pub const fn new(opponent: Option<BuiltinPolicy>) -> EpisodeRules {
        EpisodeRules { opponent, learner_black: true, autoreset: Autoreset::NextStep, max_plies: None, strict: false }
    }

    /// Whether the learner plays Black (with an opponent).
    #[must_use]
    pub const fn learner_black(mut self, black: bool) -> EpisodeRules {
        self.learner_black = black;
        self
    }

    /// When ended episodes start again.
    #[must_use]
    pub const fn autoreset(mut self, mode: Autoreset) -> EpisodeRules {
        self.autoreset = mode;
        self
    }

    /// The mode [`autoreset`](EpisodeRules::autoreset) set.
    #[must_use]
    pub const fn autoreset_mode(&self) -> Autoreset {
        self.autoreset
    }

    /// Plies after which an episode is truncated (at least 1: 0 is taken as 1).
    #[must_use]
    pub const fn max_plies(mut self, plies: u32) -> EpisodeRules {
        self.max_plies = Some(if plies == 0 { 1 } else { plies });
        self
    }

    /// Whether an illegal action is refused ([`VectorEnv::refused`]) rather
    /// than lost (the episode ended with reward -1).
    #[must_use]
    pub const fn strict(mut self, strict: bool) -> EpisodeRules {
        self.strict = strict;
        self
    }

    /// Whether [`strict`](EpisodeRules::strict) is set.
    #[must_use]
    pub const fn is_strict(&self) -> bool {
        self.strict
    }
}

/// The outputs of a step or a reset, one slice each, borrowed: `obs`
/// (`2 * H * W` bytes a game), `mask` (the board's number of actions a
/// game), `final_obs` (as `obs` under [`Autoreset::SameStep`], else empty),
/// one item a game of the others.
#[derive(Debug)]
pub struct StepSlices<'a> {
    /// The observations, as [`Batch::observe`] writes them.
    pub obs: &'a mut [u8],
    /// The legal masks, as [`Batch::legal_mask`] writes them.
    pub mask: &'a mut [bool],
    /// The learner's rewards (`f64`, as [`Batch::step`]'s).
    pub rewards: &'a mut [f64],
    /// The episodes that ended by the rules.
    pub terminated: &'a mut [bool],
    /// The episodes cut at the plies' limit.
    pub truncated: &'a mut [bool],
    /// The episodes ended by an illegal action.
    pub illegal: &'a mut [bool],
    /// Under [`Autoreset::SameStep`]: the observation of each episode that
    /// ended in the step (before its reset).
    pub final_obs: &'a mut [u8],
}

/// The outputs of a step or a reset, owned: what [`StepSlices`] borrows, for a
/// caller that keeps them from step to step (a step run on another thread,
/// then copied out).
///
/// ```
/// use reversi_engine::env::{Batch, BatchOptions, StepBuffers, EpisodeRules, VectorEnv};
/// use reversi_variants::{Geometry, Position, Variant};
/// let start = Position::start(Variant::Reversi, Geometry::standard())?;
/// let mut env = VectorEnv::new(Batch::new(start, &BatchOptions::new(2).seed(1))?, EpisodeRules::new(None));
/// let mut buffers = StepBuffers::new(&env);
/// env.reset(None, buffers.slices());
/// assert_eq!((buffers.obs.len(), buffers.mask.len()), (2 * 128, 2 * 65));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StepBuffers {
    /// The observations.
    pub obs: Vec<u8>,
    /// The legal masks.
    pub mask: Vec<bool>,
    /// The learner's rewards.
    pub rewards: Vec<f64>,
    /// The episodes that ended by the rules.
    pub terminated: Vec<bool>,
    /// The episodes cut at the plies' limit.
    pub truncated: Vec<bool>,
    /// The episodes ended by an illegal action.
    pub illegal: Vec<bool>,
    /// The final observations (empty unless [`Autoreset::SameStep`]).
    pub final_obs: Vec<u8>,
}

impl StepBuffers {
    /// Buffers sized for `env`'s episodes, zeroed.
    #[must_use]
    pub fn new(env: &VectorEnv) -> StepBuffers {
        let mut buffers = StepBuffers::default();
        buffers.fit(env);
        buffers
    }

    /// Sizes every buffer for `env`'s episodes, as [`StepSlices`] says (the
    /// items already there kept, the new ones zero).
    pub fn fit(&mut self, env: &VectorEnv) {
        let n = env.batch().len();
        let encoding = env.batch().encoding();
        let per_obs = 2 * encoding.width() * encoding.height();
        self.obs.resize(n * per_obs, 0);
        self.mask.resize(n * encoding.count(), false);
        self.rewards.resize(n, 0.0);
        self.terminated.resize(n, false);
        self.truncated.resize(n, false);
        self.illegal.resize(n, false);
        let same_step = env.rules().autoreset_mode() == Autoreset::SameStep;
        self.final_obs.resize(if same_step { n * per_obs } else { 0 }, 0);
    }

    /// The buffers, borrowed as [`StepSlices`].
    pub fn slices(&mut self) -> StepSlices<'_> {
        StepSlices {
            obs: &mut self.obs,
            mask: &mut self.mask,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            illegal: &mut self.illegal,
            final_obs: &mut self.final_obs,
        }
    }

    /// Copies the buffers into `out`.
    ///
    /// # Panics
    /// When a slice of `out` is not as long as its buffer (as
    /// `copy_from_slice` does).
    pub fn copy_into(&self, out: StepSlices<'_>) {
        out.obs.copy_from_slice(&self.obs);
        out.mask.copy_from_slice(&self.mask);
        out.rewards.copy_from_slice(&self.rewards);
        out.terminated.copy_from_slice(&self.terminated);
        out.truncated.copy_from_slice(&self.truncated);
        out.illegal.copy_from_slice(&self.illegal);
        out.final_obs.copy_from_slice(&self.final_obs);
    }
}

/// Why [`VectorEnv::refused`] refuses a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Refusal {
    /// Under [`Autoreset::Disabled`]: the game's episode has ended.
    #[error("the episode has ended: reset it")]
    Ended,
    /// The action is not legal (a strict step).
    #[error("not legal")]
    NotLegal,
}

/// `n` episodes over a [`Batch`]'s games.
///
/// One [`step`](VectorEnv::step) plays, in every game: the learner's action
/// (an illegal one ends the episode with reward -1 and `illegal` set, the
/// game left as it was); then, against an opponent, the opponent's moves
/// (its passes included) until the learner is to move or the game is over.
/// The reward is +1, 0 or -1 at the end from the learner's view (in
/// self-play, from the view of the side that just moved), 0 before. An
/// episode still going after [`EpisodeRules::max_plies`] plies is truncated. The
/// loops run on rayon's threads as the batch's
/// [`BatchOptions::parallel_from`](super::BatchOptions::parallel_from) says. Then the
/// observation and the legal mask are written from the view of the side to
/// move.
///
/// Autoreset: [`Autoreset::NextStep`] resets an ended game at its next step,
/// the action ignored (reward 0, not terminated); [`Autoreset::SameStep`]
/// resets it in the step that ended it, the final observation written apart;
/// [`Autoreset::Disabled`] leaves it ended until [`reset`](VectorEnv::reset)
/// (a step on it is refused).
///
/// ```
/// use reversi_engine::env::{Batch, BatchOptions, StepSlices, EpisodeRules, VectorEnv};
/// use reversi_engine::BuiltinPolicy;
/// use reversi_variants::{Geometry, Position, Variant};
///
/// let start = Position::start(Variant::Reversi, Geometry::standard())?;
/// let mut env = VectorEnv::new(Batch::new(start, &BatchOptions::new(2))?, EpisodeRules::new(Some(BuiltinPolicy::Random)));
/// let (mut obs, mut mask) = (vec![0; 2 * 128], vec![false; 2 * 65]);
/// let (mut r, mut t, mut u, mut i) = ([0.0; 2], [false; 2], [false; 2], [false; 2]);
/// macro_rules! out {
///     () => {
///         StepSlices {
///             obs: &mut obs, mask: &mut mask, rewards: &mut r, terminated: &mut t,
///             truncated: &mut u, illegal: &mut i, final_obs: &mut [],
///         }
///     };
/// }
/// env.reset(None, out!());
/// env.step(&[19, 64], out!()); // d3 is legal for Black at the start; the pass is not
/// assert_eq!(i, [false, true]);
/// assert_eq!(r, [0.0, -1.0]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct VectorEnv {
    batch: Batch,
    rules: EpisodeRules,
    plies: Vec<u32>,
    /// The plies after which an episode is truncated.
    max_plies: u32,
    /// The episode ended (NextStep: reset at the next step; Disabled: over).
    ended: Vec<bool>,
}

impl VectorEnv {
    /// The episodes of `batch`'s games under `rules` (reset them first).
    #[must_use]
    pub fn new(batch: Batch, rules: EpisodeRules) -> VectorEnv {
        let n = batch.len();
        let board = u32::try_from(batch.default_max_plies()).unwrap_or(u32::MAX);
        let max_plies = rules.max_plies.unwrap_or(board);
        VectorEnv { batch, rules, plies: vec![0; n], max_plies, ended: vec![false; n] }
    }

    /// The plies after which an episode is truncated: [`EpisodeRules::max_plies`],
    /// else the board's [`default_max_plies`](crate::default_max_plies).
    #[must_use]
    pub const fn max_plies(&self) -> u32 {
        self.max_plies
    }

    /// The games.
    #[must_use]
    pub const fn batch(&self) -> &Batch {
        &self.batch
    }

    /// The rules.
    #[must_use]
    pub const fn rules(&self) -> &EpisodeRules {
        &self.rules
    }

    /// Every game's stream seeded again from `seed`: [`Batch::seed`].
    pub fn seed(&mut self, seed: u64) {
        self.batch.seed(seed);
    }

    /// Resets the episodes whose `which` entry is true (every episode
    /// without `which`), the opponent's first moves played, and writes every
    /// observation and mask; the other outputs are left alone.
    ///
    /// # Panics
    /// When `which` does not hold one entry a game.
    pub fn reset(&mut self, which: Option<&[bool]>, out: StepSlices<'_>) {
        if let Some(which) = which {
            assert_eq!(which.len(), self.batch.len(), "one reset entry a game");
        }
        self.run(Call::Reset(which), out);
    }

    /// One step of every episode with `actions` (one a game). Callers look
    /// at [`refused`](VectorEnv::refused) first: a step on an ended episode
    /// under [`Autoreset::Disabled`] plays nothing in it.
    pub fn step(&mut self, actions: &[i64], out: StepSlices<'_>) {
        self.run(Call::Step(actions), out);
    }

    /// Whether a step may refuse anything: under [`EpisodeRules::strict`] (an
    /// illegal action refused) or [`Autoreset::Disabled`] (an ended
    /// episode); otherwise every action is played or lost, and
    /// [`refused`](VectorEnv::refused) finds nothing.
    #[must_use]
    pub fn may_refuse(&self) -> bool {
        self.rules.strict || self.rules.autoreset == Autoreset::Disabled
    }

    /// The first episode a step with `actions` cannot play, and why: under
    /// [`Autoreset::Disabled`] an ended one; under [`EpisodeRules::strict`], one
    /// whose action is not legal.
    #[must_use]
    pub fn refused(&self, actions: &[i64]) -> Option<(usize, Refusal)> {
        let from = self.batch.parallel_from();
        match &self.batch.games {
            Lanes::Othello { kernel, games, .. } => refused(*kernel, &self.rules, from, games, &self.ended, actions),
            Lanes::Any { games, .. } => refused(self.batch.enc, &self.rules, from, games, &self.ended, actions),
        }
    }

    /// A step or a reset of every game, into `out`.
    fn run(&mut self, call: Call<'_>, out: StepSlices<'_>) {
        let how = How { rules: &self.rules, max_plies: self.max_plies, parallel_from: self.batch.parallel_from() };
        let (actions, which) = match call {
            Call::Step(actions) => (actions, None),
            Call::Reset(which) => (&[][..], Some(which.unwrap_or(&[]))),
        };
        let (rng, plies, ended) = (&mut self.batch.rng, &mut self.plies, &mut self.ended);
        macro_rules! go {
            ($ctx:expr, $start:expr, $games:expr) => {{
                let slab = Slab {
                    games: $games,
                    rng,
                    plies,
                    ended,
                    actions,
                    which: which.unwrap_or(&[]),
                    obs: out.obs,
                    mask: out.mask,
                    rewards: out.rewards,
                    terminated: out.terminated,
                    truncated: out.truncated,
                    illegal: out.illegal,
                    final_obs: out.final_obs,
                };
                match which {
                    None => step($ctx, &how, $start, slab),
                    Some(_) => reset($ctx, &how, $start, slab),
                }
            }};
        }
        match &mut self.batch.games {
            Lanes::Othello { kernel, start, games } => go!(*kernel, *start, games),
            Lanes::Any { start, games } => go!(self.batch.enc, **start, games),
        }
    }
}

/// What [`VectorEnv::run`] does: a step with these actions, or a reset of
/// the games marked (every game with `None`).
enum Call<'a> {
    Step(&'a [i64]),
    Reset(Option<&'a [bool]>),
}

/// The rules of one call, with what the env resolved: the ply limit and the
/// thread switch.
struct How<'a> {
    rules: &'a EpisodeRules,
    max_plies: u32,
    parallel_from: usize,
}

/// Games per rayon task.
const CHUNK: usize = 256;

/// Every game's state and every output of one call, split between threads
/// by [`Slab::split_at`]. The per-game outputs are `obs` (`per_obs` bytes a
/// game), `mask` (`per_mask`), `final_obs` (`per_obs`, or empty unless
/// `SameStep`) and one item each of the others.
struct Slab<'a, G> {
    games: &'a mut [G],
    rng: &'a mut [SplitMix64],
    plies: &'a mut [u32],
    ended: &'a mut [bool],
    actions: &'a [i64],
    /// The games a reset resets (every one when empty).
    which: &'a [bool],
    obs: &'a mut [u8],
    mask: &'a mut [bool],
    rewards: &'a mut [f64],
    terminated: &'a mut [bool],
    truncated: &'a mut [bool],
    illegal: &'a mut [bool],
    final_obs: &'a mut [u8],
}

impl<'a, G> Slab<'a, G> {
    fn len(&self) -> usize {
        self.games.len()
    }

    /// The first `k` games' slab and the rest's.
    fn split_at(self, k: usize) -> (Slab<'a, G>, Slab<'a, G>) {
        let n = self.len().max(1);
        let (per_obs, per_mask) = (self.obs.len() / n, self.mask.len() / n);
        let per_final = self.final_obs.len() / n;
        let (g0, g1) = self.games.split_at_mut(k);
        let (r0, r1) = self.rng.split_at_mut(k);
        let (p0, p1) = self.plies.split_at_mut(k);
        let (e0, e1) = self.ended.split_at_mut(k);
        let (a0, a1) = self.actions.split_at(k.min(self.actions.len()));
        let (x0, x1) = self.which.split_at(k.min(self.which.len()));
        let (o0, o1) = self.obs.split_at_mut(k * per_obs);
        let (m0, m1) = self.mask.split_at_mut(k * per_mask);
        let (w0, w1) = self.rewards.split_at_mut(k);
        let (t0, t1) = self.terminated.split_at_mut(k);
        let (u0, u1) = self.truncated.split_at_mut(k);
        let (i0, i1) = self.illegal.split_at_mut(k);
        let (f0, f1) = self.final_obs.split_at_mut(k * per_final);
        (
            Slab {
                games: g0,
                rng: r0,
                plies: p0,
                ended: e0,
                actions: a0,
                which: x0,
                obs: o0,
                mask: m0,
                rewards: w0,
                terminated: t0,
                truncated: u0,
                illegal: i0,
                final_obs: f0,
            },
            Slab {
                games: g1,
                rng: r1,
                plies: p1,
                ended: e1,
                actions: a1,
                which: x1,
                obs: o1,
                mask: m1,
                rewards: w1,
                terminated: t1,
                truncated: u1,
                illegal: i1,
                final_obs: f1,
            },
        )
    }
}

/// Runs `f` on `slab`, halved onto rayon's threads while it holds at least
/// `parallel_from` games (and more than a chunk).
fn drive<G: Send>(slab: Slab<'_, G>, parallel_from: usize, f: &(impl Fn(Slab<'_, G>) + Sync)) {
    let n = slab.len();
    if n < parallel_from || n <= CHUNK {
        f(slab);
    } else {
        let (a, b) = slab.split_at(n / 2);
        let half = parallel_from.min(n / 2);
        join(|| drive(a, half, f), || drive(b, half, f));
    }
}

/// Plays the opponent in `g` until the learner is to move or the game is
/// over: the learner's reward and whether the game ended.
fn opponent_moves<G: Lane>(
    ctx: G::Ctx,
    rules: &EpisodeRules,
    g: &mut G,
    s: &mut SplitMix64,
    plies: &mut u32,
) -> (f64, bool) {
    let Some(opponent) = rules.opponent else { return (0.0, false) };
    while !g.over() && g.black() != rules.learner_black {
        let a = g.choose(ctx, opponent, s);
        let (r, t) = g.play(ctx, a);
        *plies += 1;
        if t {
            return (-r, true);
        }
    }
    (0.0, false)
}

/// Game `g` back to `start`, the opponent's first moves played.
fn restart<G: Lane>(ctx: G::Ctx, rules: &EpisodeRules, start: G, g: &mut G, s: &mut SplitMix64, plies: &mut u32) {
    *g = start;
    *plies = 0;
    opponent_moves(ctx, rules, g, s, plies);
}

/// Resets the games of `slab` whose `which` entry is true (every game when
/// `which` is empty) and writes every game's observation and mask.
fn reset<G: Lane>(ctx: G::Ctx, how: &How<'_>, start: G, slab: Slab<'_, G>) {
    let rules = how.rules;
    drive(slab, how.parallel_from, &|s: Slab<'_, G>| {
        let n = s.len().max(1);
        let (per_obs, per_mask) = (s.obs.len() / n, s.mask.len() / n);
        for i in 0..s.games.len() {
            if s.which.is_empty() || s.which[i] {
                restart(ctx, rules, start, &mut s.games[i], &mut s.rng[i], &mut s.plies[i]);
                s.ended[i] = false;
            }
            s.games[i].observe(ctx, &mut s.obs[i * per_obs..(i + 1) * per_obs]);
            s.games[i].mask(ctx, &mut s.mask[i * per_mask..(i + 1) * per_mask]);
        }
    });
}

/// The first game of `games` a step cannot play (see [`VectorEnv::refused`]).
fn refused<G: Lane>(
    ctx: G::Ctx,
    rules: &EpisodeRules,
    parallel_from: usize,
    games: &[G],
    ended: &[bool],
    actions: &[i64],
) -> Option<(usize, Refusal)> {
    let strict = rules.strict;
    let one = |(i, ((g, &e), &a)): (usize, ((&G, &bool), &i64))| {
        if rules.autoreset == Autoreset::Disabled && e {
            Some((i, Refusal::Ended))
        } else if strict && !e && !g.legal(ctx, a) {
            Some((i, Refusal::NotLegal))
        } else {
            None
        }
    };
    if games.len() < parallel_from || games.len() <= CHUNK {
        games.iter().zip(ended).zip(actions).enumerate().find_map(one)
    } else {
        // The first refused game, as the serial search finds it.
        games.par_iter().zip(ended).zip(actions).enumerate().with_min_len(CHUNK).find_map_first(one)
    }
}

/// One step of every game of `slab` ([`VectorEnv`]'s docs say what it plays).
fn step<G: Lane>(ctx: G::Ctx, how: &How<'_>, start: G, slab: Slab<'_, G>) {
    let rules = how.rules;
    drive(slab, how.parallel_from, &|s: Slab<'_, G>| {
        let n = s.len().max(1);
        let (per_obs, per_mask) = (s.obs.len() / n, s.mask.len() / n);
        let per_final = s.final_obs.len() / n;
        for i in 0..s.games.len() {
            let (g, rng, plies) = (&mut s.games[i], &mut s.rng[i], &mut s.plies[i]);
            let (mut reward, mut term, mut trunc, mut bad) = (0.0, false, false, false);
            if s.ended[i] {
                if rules.autoreset == Autoreset::Disabled {
                    // Refused by `refused`: nothing played, the mask empty below.
                } else {
                    // NextStep: the reset step.
                    restart(ctx, rules, start, g, rng, plies);
                    s.ended[i] = false;
                }
            } else {
                let a = s.actions[i];
                if g.legal(ctx, a) {
                    (reward, term) = g.play(ctx, a);
                    *plies += 1;
                    if !term {
                        (reward, term) = opponent_moves(ctx, rules, g, rng, plies);
                    }
                } else {
                    (reward, term, bad) = (-1.0, true, true);
                }
                trunc = !term && *plies >= how.max_plies;
                if term || trunc {
                    match rules.autoreset {
                        Autoreset::NextStep | Autoreset::Disabled => s.ended[i] = true,
                        Autoreset::SameStep => {
                            g.observe(ctx, &mut s.final_obs[i * per_final..(i + 1) * per_final]);
                            restart(ctx, rules, start, g, rng, plies);
                        }
                    }
                }
            }
            (s.rewards[i], s.terminated[i], s.truncated[i], s.illegal[i]) = (reward, term, trunc, bad);
            g.observe(ctx, &mut s.obs[i * per_obs..(i + 1) * per_obs]);
            if s.ended[i] && rules.autoreset == Autoreset::Disabled {
                s.mask[i * per_mask..(i + 1) * per_mask].fill(false);
            } else {
                g.mask(ctx, &mut s.mask[i * per_mask..(i + 1) * per_mask]);
            }
        }
    });
}
