//! The step of a vector environment, in plain Rust: each game a learner's
//! episode against a built-in opponent (or both sides the learner's), with
//! Gymnasium's three autoreset modes. [`VectorEnv`](crate::vector) is its
//! Python glue; the games are [`Batch`](crate::batch::Batch)'s ([`Lane`]).
//!
//! One [`step`] plays, in every game: the learner's action (an illegal one
//! ends the episode with reward -1 and `illegal` set, the game left as it
//! was); then, against an opponent, the opponent's moves (its passes
//! included) until the learner is to move or the game is over. The reward is
//! +1, 0 or -1 at the end from the learner's view (in self-play, from the
//! view of the side that just moved), 0 before. An episode still going
//! after `max_plies` plies is truncated. Then the observation and the legal
//! mask are written from the view of the side to move.
//!
//! Autoreset: [`Autoreset::NextStep`] resets an ended game at its next step,
//! the action ignored (reward 0, not terminated); [`Autoreset::SameStep`]
//! resets it in the step that ended it, the final observation written apart;
//! [`Autoreset::Disabled`] leaves it ended until [`reset`] (a step on it is
//! refused).

use rayon::join;
use rayon::prelude::*;
use reversi_core::raw::Kernel;
use reversi_variants::{Color, Position};

use reversi_engine::SplitMix64;

use crate::games::{
    Encoding, Game8, Player, action_any, action8, check_any, play_any, write_mask_any, write_planes_any,
};

/// A game of a batch, with what it needs to be played (`Ctx`: the 8x8
/// kernel, or the action encoding of the board).
pub(crate) trait Lane: Copy + Send + Sync {
    /// What playing the game needs besides the game.
    type Ctx: Copy + Send + Sync;
    /// Whether the game is over.
    fn over(&self) -> bool;
    /// Whether Black is to move.
    fn black(&self) -> bool;
    /// Whether `action` is legal.
    fn legal(&self, ctx: Self::Ctx, action: i64) -> bool;
    /// Plays a legal `action`: the mover's reward, and whether the game ended.
    fn play(&mut self, ctx: Self::Ctx, action: i64) -> (f32, bool);
    /// `player`'s action (the game not over), from the stream `state`.
    fn choose(&self, ctx: Self::Ctx, player: Player, state: &mut SplitMix64) -> i64;
    /// `uint8 (2, H, W)`: the side to move's pieces, the opponent's.
    fn observe(&self, ctx: Self::Ctx, out: &mut [u8]);
    /// `bool (A,)`: the legal actions (none once over).
    fn mask(&self, ctx: Self::Ctx, out: &mut [bool]);
}

impl Lane for Game8 {
    type Ctx = Kernel;
    fn over(&self) -> bool {
        self.over
    }
    fn black(&self) -> bool {
        self.black
    }
    fn legal(&self, _: Kernel, action: i64) -> bool {
        self.is_legal(action)
    }
    fn play(&mut self, k: Kernel, action: i64) -> (f32, bool) {
        Game8::play(self, k, action)
    }
    fn choose(&self, k: Kernel, player: Player, state: &mut SplitMix64) -> i64 {
        action8(player, k, self, state)
    }
    fn observe(&self, _: Kernel, out: &mut [u8]) {
        self.write_observation(out);
    }
    fn mask(&self, _: Kernel, out: &mut [bool]) {
        self.write_mask(out);
    }
}

impl Lane for Position {
    type Ctx = Encoding;
    fn over(&self) -> bool {
        self.is_game_over()
    }
    fn black(&self) -> bool {
        self.side_to_move() == Color::Black
    }
    fn legal(&self, enc: Encoding, action: i64) -> bool {
        check_any(enc, self, action).is_ok()
    }
    fn play(&mut self, enc: Encoding, action: i64) -> (f32, bool) {
        match enc.decode(action) {
            Some(mv) => play_any(self, mv),
            None => (0.0, false),
        }
    }
    fn choose(&self, enc: Encoding, player: Player, state: &mut SplitMix64) -> i64 {
        action_any(player, enc, self, state)
    }
    fn observe(&self, enc: Encoding, out: &mut [u8]) {
        write_planes_any(self, enc.width, out);
    }
    fn mask(&self, enc: Encoding, out: &mut [bool]) {
        write_mask_any(enc, self, out);
    }
}

/// When an ended episode starts again (Gymnasium's `AutoresetMode`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Autoreset {
    /// At the game's next step, its action ignored.
    NextStep,
    /// In the step that ended it, the final observation written apart.
    SameStep,
    /// Never: the caller resets the game.
    Disabled,
}

/// How the episodes are played.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rules {
    /// The other side's player; `None`: both sides are the learner's.
    pub(crate) opponent: Option<Player>,
    /// Whether the learner plays Black (with an opponent).
    pub(crate) learner_black: bool,
    /// When ended episodes start again.
    pub(crate) autoreset: Autoreset,
    /// Plies after which an episode is truncated.
    pub(crate) max_plies: u32,
    /// Games at least this many split onto rayon's threads (`usize::MAX`: never).
    pub(crate) parallel_from: usize,
}

/// Games per rayon task.
const CHUNK: usize = 256;

/// Every game's state and every output of one call, split between threads
/// by [`Slab::split_at`]. The per-game outputs are `obs` (`per_obs` bytes a
/// game), `mask` (`per_mask`), `final_obs` (`per_obs`, or empty unless
/// `SameStep`) and one item each of the others.
pub(crate) struct Slab<'a, G> {
    pub(crate) games: &'a mut [G],
    pub(crate) rng: &'a mut [SplitMix64],
    pub(crate) plies: &'a mut [u32],
    /// The episode ended (NextStep: reset at the next step; Disabled: over).
    pub(crate) ended: &'a mut [bool],
    pub(crate) actions: &'a [i64],
    pub(crate) obs: &'a mut [u8],
    pub(crate) mask: &'a mut [bool],
    pub(crate) rewards: &'a mut [f64],
    pub(crate) terminated: &'a mut [bool],
    pub(crate) truncated: &'a mut [bool],
    pub(crate) illegal: &'a mut [bool],
    /// SameStep: the observation of each episode that ended here.
    pub(crate) final_obs: &'a mut [u8],
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
fn opponent_moves<G: Lane>(ctx: G::Ctx, rules: &Rules, g: &mut G, s: &mut SplitMix64, plies: &mut u32) -> (f32, bool) {
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
fn restart<G: Lane>(ctx: G::Ctx, rules: &Rules, start: G, g: &mut G, s: &mut SplitMix64, plies: &mut u32) {
    *g = start;
    *plies = 0;
    opponent_moves(ctx, rules, g, s, plies);
}

/// Resets the games of `slab` whose `actions` entry is nonzero (every game
/// when `actions` is empty) and writes every game's observation and mask.
/// The other outputs are left alone.
pub(crate) fn reset<G: Lane>(ctx: G::Ctx, rules: &Rules, start: G, slab: Slab<'_, G>) {
    drive(slab, rules.parallel_from, &|s: Slab<'_, G>| {
        let n = s.len().max(1);
        let (per_obs, per_mask) = (s.obs.len() / n, s.mask.len() / n);
        for i in 0..s.games.len() {
            if s.actions.is_empty() || s.actions[i] != 0 {
                restart(ctx, rules, start, &mut s.games[i], &mut s.rng[i], &mut s.plies[i]);
                s.ended[i] = false;
            }
            s.games[i].observe(ctx, &mut s.obs[i * per_obs..(i + 1) * per_obs]);
            s.games[i].mask(ctx, &mut s.mask[i * per_mask..(i + 1) * per_mask]);
        }
    });
}

/// Whether a step may refuse anything: with `strict` (an illegal action) or
/// Disabled (an ended episode); otherwise every action is played or lost.
pub(crate) fn may_refuse(rules: &Rules, strict: bool) -> bool {
    strict || rules.autoreset == Autoreset::Disabled
}

/// The first game of `games` a step cannot play (Disabled: an ended episode),
/// or with `strict` whose action is not legal: its index and why. Callers
/// look at [`may_refuse`] first (with neither, it finds nothing).
pub(crate) fn refused<G: Lane>(
    ctx: G::Ctx,
    rules: &Rules,
    games: &[G],
    ended: &[bool],
    actions: &[i64],
    strict: bool,
) -> Option<(usize, &'static str)> {
    let one = |(i, ((g, &e), &a)): (usize, ((&G, &bool), &i64))| {
        if rules.autoreset == Autoreset::Disabled && e {
            Some((i, "the episode has ended: reset it (options={\"reset_mask\": ...})"))
        } else if strict && !e && !g.legal(ctx, a) {
            Some((i, "not legal"))
        } else {
            None
        }
    };
    if games.len() < rules.parallel_from || games.len() <= CHUNK {
        games.iter().zip(ended).zip(actions).enumerate().find_map(one)
    } else {
        // The first refused game, as the serial search finds it.
        games.par_iter().zip(ended).zip(actions).enumerate().with_min_len(CHUNK).find_map_first(one)
    }
}

/// One step of every game of `slab` (the module docs say what it plays).
pub(crate) fn step<G: Lane>(ctx: G::Ctx, rules: &Rules, start: G, slab: Slab<'_, G>) {
    drive(slab, rules.parallel_from, &|s: Slab<'_, G>| {
        let n = s.len().max(1);
        let (per_obs, per_mask) = (s.obs.len() / n, s.mask.len() / n);
        let per_final = s.final_obs.len() / n;
        for i in 0..s.games.len() {
            let (g, rng, plies) = (&mut s.games[i], &mut s.rng[i], &mut s.plies[i]);
            let (mut reward, mut term, mut trunc, mut bad) = (0.0, false, false, false);
            if s.ended[i] {
                // NextStep (Disabled was refused before): the reset step.
                restart(ctx, rules, start, g, rng, plies);
                s.ended[i] = false;
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
                trunc = !term && *plies >= rules.max_plies;
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
            (s.rewards[i], s.terminated[i], s.truncated[i], s.illegal[i]) = (f64::from(reward), term, trunc, bad);
            g.observe(ctx, &mut s.obs[i * per_obs..(i + 1) * per_obs]);
            if s.ended[i] && rules.autoreset == Autoreset::Disabled {
                s.mask[i * per_mask..(i + 1) * per_mask].fill(false);
            } else {
                g.mask(ctx, &mut s.mask[i * per_mask..(i + 1) * per_mask]);
            }
        }
    });
}
