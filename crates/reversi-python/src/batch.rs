//! `reversi_rules.Batch`: `n` games stepped together from NumPy arrays.
//!
//! 8x8 Reversi without holes runs on reversi-core's raw kernel (two `u64`s a
//! game); every other game on reversi-variants' `Position`. The loops run
//! with the GIL released, over rayon's threads from [`PARALLEL`] games on.
//!
//! Actions: Reversi has `W * H + 1`, the square's index `row * W + column`
//! (`a1` = 0) and the pass last. Reversitacks and Attacks have
//! `W * H * 25 + 1`: `destination * 25 + (dr + 2) * 5 + (dc + 2)`, where
//! `(dr, dc)` is the origin's offset from the destination in rows and
//! columns: a jump's origin is two squares away, and a clone (any of the
//! mover's pieces next to the destination) is the offset `(0, 0)`, index 12;
//! the pass is last.

use numpy::{PyArray1, PyArray2, PyArray4, PyArrayMethods};
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;
use rayon::prelude::*;
use reversi_core::raw::Kernel;
use reversi_engine::SplitMix64;
use reversi_variants::{Color, Move, Position, Square, Variant};

use crate::arrays::out_array;
use crate::errors::illegal;
use crate::games::{
    Encoding, Game8, Lanes, Player, action_any, action8, check_any, choose_any, mv_is_distance_one_jump, play_any,
    reason8, write_mask_any, write_planes_any,
};
use crate::interrupt::interruptible;
use crate::position::{PyPosition, start};
use crate::threads::Threads;

/// Games per rayon task.
const CHUNK: usize = 512;

/// Runs `f` on `a` and `b` (`per_b` items of `b` to one of `a`), chunk by
/// chunk on rayon's threads when `parallel`.
fn each<A: Sync, B: Send>(parallel: bool, a: &[A], b: &mut [B], per_b: usize, f: impl Fn(&[A], &mut [B]) + Sync) {
    if parallel {
        a.par_chunks(CHUNK).zip(b.par_chunks_mut(CHUNK * per_b)).for_each(|(a, b)| f(a, b));
    } else {
        f(a, b);
    }
}

/// Plays `play` on each game with its action, its reward and terminated flag
/// written out, chunk by chunk on rayon's threads when `parallel`.
fn chunked<G: Send>(
    parallel: bool,
    games: &mut [G],
    actions: &[i64],
    rewards: &mut [f32],
    terminated: &mut [bool],
    play: impl Fn(&mut G, i64) -> (f32, bool) + Sync,
) {
    let run = |gs: &mut [G], a: &[i64], r: &mut [f32], t: &mut [bool]| {
        for (((g, &a), r), t) in gs.iter_mut().zip(a).zip(r).zip(t) {
            (*r, *t) = play(g, a);
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

/// Runs `one` on each game with its random stream, its two numbers written
/// into `out` (two a game), on rayon's threads when `parallel`.
fn with_streams<G: Send>(
    parallel: bool,
    games: &mut [G],
    streams: &mut [SplitMix64],
    out: &mut [i32],
    one: impl Fn(&mut G, &mut SplitMix64) -> (i32, i32) + Sync,
) {
    let write = |g: &mut G, s: &mut SplitMix64, o: &mut [i32]| (o[0], o[1]) = one(g, s);
    if parallel {
        games
            .par_iter_mut()
            .zip(streams.par_iter_mut())
            .zip(out.par_chunks_mut(2))
            .for_each(|((g, s), o)| write(g, s, o));
    } else {
        for ((g, s), o) in games.iter_mut().zip(streams.iter_mut()).zip(out.chunks_mut(2)) {
            write(g, s, o);
        }
    }
}

/// What `step` returns: rewards and terminated flags.
type Outcomes<'py> = (Bound<'py, PyArray1<f32>>, Bound<'py, PyArray1<bool>>);

/// `n` games of one variant and board, stepped together.
#[pyclass(module = "reversi_rules")]
pub(crate) struct Batch {
    pub(crate) games: Lanes,
    pub(crate) enc: Encoding,
    variant: Variant,
    pub(crate) rng: Vec<SplitMix64>,
    auto_reset: bool,
    threads: Threads,
}

impl Batch {
    fn len(&self) -> usize {
        self.rng.len()
    }

    fn parallel(&self) -> bool {
        self.threads.parallel(self.len())
    }

    fn reset_all(&mut self) {
        match &mut self.games {
            Lanes::Othello { start, games, .. } => games.iter_mut().for_each(|g| *g = *start),
            Lanes::Any { start, games } => games.iter_mut().for_each(|g| *g = **start),
        }
    }

    fn set_seed(&mut self, seed: u64) {
        for (i, s) in self.rng.iter_mut().enumerate() {
            *s = SplitMix64::for_game(seed, i as u64);
        }
    }

    /// `player`'s action in each game into `out` (or a new array).
    fn actions_of<'py>(
        &mut self,
        py: Python<'py>,
        player: Player,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let array = out_array(py, out.as_ref(), [self.len()], "actions out", "int64")?;
        {
            let mut view = array.try_readwrite()?;
            let out = view.as_slice_mut()?;
            let (parallel, enc) = (self.parallel(), self.enc);
            let (games, rng, threads) = (&self.games, &mut self.rng, &self.threads);
            py.detach(|| {
                threads.install(rng.len(), || {
                    let pick = |i: usize, s: &mut SplitMix64| match games {
                        Lanes::Othello { kernel, games, .. } => action8(player, *kernel, &games[i], s),
                        Lanes::Any { games, .. } => action_any(player, enc, &games[i], s),
                    };
                    if parallel {
                        rng.par_iter_mut().zip(out.par_iter_mut()).enumerate().for_each(|(i, (s, o))| *o = pick(i, s));
                    } else {
                        for (i, (s, o)) in rng.iter_mut().zip(out.iter_mut()).enumerate() {
                            *o = pick(i, s);
                        }
                    }
                })
            });
        }
        Ok(array)
    }

    fn check_index(&self, i: usize) -> PyResult<()> {
        if i >= self.len() {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!("game {i} of a batch of {}", self.len())));
        }
        Ok(())
    }
}

/// The built-in player named `name`.
pub(crate) fn parse_player(name: &str) -> PyResult<Player> {
    // reversi-engine's players, by their exact names (the 8x8 games know these two).
    match name.parse::<Player>() {
        Ok(player @ (Player::Random | Player::Greedy)) if player.name() == name => Ok(player),
        _ => Err(PyValueError::new_err(format!("unknown player {name:?}: expected one of [\"random\", \"greedy\"]"))),
    }
}

/// A vector of `n` copies of `item`, or `MemoryError` (naming the bytes)
/// before anything is allocated when the machine cannot give them.
fn filled<T: Clone>(n: usize, item: T, what: &str) -> PyResult<Vec<T>> {
    let too_many = || {
        let bytes = n.checked_mul(size_of::<T>()).map_or_else(|| "more than 2^64".to_string(), |b| b.to_string());
        PyMemoryError::new_err(format!("a batch of {n} games: {what} take {bytes} bytes, more than can be allocated"))
    };
    let mut items = Vec::new();
    items.try_reserve_exact(n).map_err(|_| too_many())?;
    items.resize(n, item);
    Ok(items)
}

#[pymethods]
impl Batch {
    #[new]
    #[pyo3(signature = (n, variant="reversi", *, board="8x8", holes=Vec::new(), seed=0, auto_reset=true, first="black", threads=None))]
    #[allow(clippy::too_many_arguments)] // Python's keywords
    pub(crate) fn py_new(
        n: usize,
        variant: &str,
        board: &str,
        holes: Vec<String>,
        seed: u64,
        auto_reset: bool,
        first: &str,
        threads: Option<usize>,
    ) -> PyResult<Batch> {
        if n == 0 {
            return Err(PyValueError::new_err("a batch holds at least one game"));
        }
        let pos = start(variant, board, &holes, first)?;
        let g = pos.geometry();
        let per = if pos.variant().moves_pieces() { 25 } else { 1 };
        let enc = Encoding { width: usize::from(g.width()), height: usize::from(g.height()), per };
        let games = match pos.to_othello() {
            Some(core) => {
                let kernel = Kernel::detect();
                let black = core.side_to_move() == Color::Black;
                let start = Game8::new(kernel, core.player().0, core.opponent().0, black);
                Lanes::Othello { kernel, start, games: filled(n, start, "the games")? }
            }
            None => Lanes::Any { start: Box::new(pos), games: filled(n, pos, "the games")? },
        };
        let rng = filled(n, SplitMix64::new(0), "the random streams")?;
        let threads = Threads::new(threads)?;
        let mut batch = Batch { games, enc, variant: pos.variant(), rng, auto_reset, threads };
        batch.set_seed(seed);
        Ok(batch)
    }

    fn __len__(&self) -> usize {
        self.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "Batch({}, variant={:?}, board=\"{}x{}\", auto_reset={})",
            self.len(),
            self.variant.name(),
            self.enc.width,
            self.enc.height,
            if self.auto_reset { "True" } else { "False" }
        )
    }

    /// The number of actions, `width * height * k + 1`: `k` = 1 in Reversi
    /// (a square each), 25 in the games that move pieces (a destination and
    /// one of 25 origins around it), then the pass.
    #[getter]
    fn num_actions(&self) -> usize {
        self.enc.count()
    }

    /// The action that passes.
    #[getter]
    fn pass_action(&self) -> usize {
        self.enc.pass()
    }

    /// The board's width (columns).
    #[getter]
    fn width(&self) -> usize {
        self.enc.width
    }

    /// The board's height (rows).
    #[getter]
    fn height(&self) -> usize {
        self.enc.height
    }

    /// The game: `"reversi"`, `"reversitacks"` or `"attacks"`.
    #[getter]
    fn variant(&self) -> &'static str {
        self.variant.name()
    }

    /// Whether a game that ends starts again at once (in `step` and `rollout`).
    #[getter]
    fn auto_reset(&self) -> bool {
        self.auto_reset
    }

    /// Every game back to the start; with `seed`, the random streams too.
    #[pyo3(signature = (seed=None))]
    pub(crate) fn reset(&mut self, seed: Option<u64>) {
        self.reset_all();
        if let Some(seed) = seed {
            self.set_seed(seed);
        }
    }

    /// Game `i` back to the start.
    fn reset_game(&mut self, i: usize) -> PyResult<()> {
        self.check_index(i)?;
        match &mut self.games {
            Lanes::Othello { start, games, .. } => games[i] = *start,
            Lanes::Any { start, games } => games[i] = **start,
        }
        Ok(())
    }

    /// Game `i`'s position.
    pub(crate) fn position(&self, i: usize) -> PyResult<PyPosition> {
        self.check_index(i)?;
        Ok(PyPosition::new(match &self.games {
            Lanes::Othello { games, .. } => games[i].position(),
            Lanes::Any { games, .. } => games[i],
        }))
    }

    /// The action of `mv` (text) on this board.
    fn action(&self, mv: &str) -> PyResult<usize> {
        let mv = crate::position::parse_move(mv)?;
        if matches!(mv, Move::Jump { .. }) && self.enc.per == 1 {
            return Err(illegal("reversi has no jumps"));
        }
        let fits = |sq: Square| usize::from(sq.column()) < self.enc.width && usize::from(sq.row()) < self.enc.height;
        match mv {
            Move::Place(to) if !fits(to) => Err(illegal(format!("{to} is off the board"))),
            Move::Jump { from, to } if !fits(from) || !fits(to) || from.distance(to) != 2 => {
                Err(illegal(format!("{mv} is not a jump on this board")))
            }
            _ => Ok(self.enc.encode(mv)),
        }
    }

    /// The move (text) of `action`.
    fn move_of(&self, action: i64) -> PyResult<String> {
        match self.enc.decode(action) {
            Some(mv) if !mv_is_distance_one_jump(mv) => Ok(mv.to_string()),
            _ => {
                Err(PyValueError::new_err(format!("{action} is not an action of this board (0..{})", self.enc.count())))
            }
        }
    }

    /// `bool (H, W)`: the obstructed squares (in no plane of the observation).
    pub(crate) fn holes_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<bool>> {
        let (w, h) = (self.enc.width, self.enc.height);
        let mut holes = vec![false; w * h];
        if let Lanes::Any { start, .. } = &self.games {
            for sq in start.geometry().holes() {
                holes[usize::from(sq.row()) * w + usize::from(sq.column())] = true;
            }
        }
        PyArray1::from_vec(py, holes).reshape([h, w]).expect("H * W elements")
    }

    /// `uint8 (n, 2, H, W)`: plane 0 the side to move's pieces, plane 1 the opponent's.
    #[pyo3(signature = (out=None))]
    fn observation<'py>(&self, py: Python<'py>, out: Option<Bound<'py, PyAny>>) -> PyResult<Bound<'py, PyArray4<u8>>> {
        let shape = [self.len(), 2, self.enc.height, self.enc.width];
        let array = out_array(py, out.as_ref(), shape, "observation out", "uint8")?;
        {
            let mut view = array.try_readwrite()?;
            let out = view.as_slice_mut()?;
            let per = 2 * self.enc.height * self.enc.width;
            let (parallel, w) = (self.parallel(), self.enc.width);
            py.detach(|| {
                self.threads.install(self.len(), || match &self.games {
                    Lanes::Othello { games, .. } => each(parallel, games, out, per, |gs, out| {
                        for (g, o) in gs.iter().zip(out.chunks_exact_mut(per)) {
                            g.write_observation(o);
                        }
                    }),
                    Lanes::Any { games, .. } => each(parallel, games, out, per, |gs, out| {
                        for (pos, o) in gs.iter().zip(out.chunks_exact_mut(per)) {
                            write_planes_any(pos, w, o);
                        }
                    }),
                })
            });
        }
        Ok(array)
    }

    /// `bool (n, A)`: the legal actions of each game (none once a game is over).
    #[pyo3(signature = (out=None))]
    fn legal_mask<'py>(&self, py: Python<'py>, out: Option<Bound<'py, PyAny>>) -> PyResult<Bound<'py, PyArray2<bool>>> {
        let shape = [self.len(), self.enc.count()];
        let array = out_array(py, out.as_ref(), shape, "legal_mask out", "bool")?;
        {
            let mut view = array.try_readwrite()?;
            let out = view.as_slice_mut()?;
            let (parallel, enc) = (self.parallel(), self.enc);
            let per = enc.count();
            py.detach(|| {
                self.threads.install(self.len(), || match &self.games {
                    Lanes::Othello { games, .. } => each(parallel, games, out, per, |gs, out| {
                        for (g, o) in gs.iter().zip(out.chunks_exact_mut(per)) {
                            g.write_mask(o);
                        }
                    }),
                    Lanes::Any { games, .. } => each(parallel, games, out, per, |gs, out| {
                        for (pos, o) in gs.iter().zip(out.chunks_exact_mut(per)) {
                            write_mask_any(enc, pos, o);
                        }
                    }),
                })
            });
        }
        Ok(array)
    }

    /// Plays `actions[i]` in game `i` (an int array of `n`): returns `rewards`
    /// (`float32 (n,)`: +1, 0 or -1 for the mover when its move ends the game,
    /// else 0) and `terminated` (`bool (n,)`). With `auto_reset`, an ended game
    /// starts again at once. An illegal action raises `IllegalMoveError` (a
    /// `ValueError`) naming the game, before any game is played. `rewards=`
    /// and `terminated=` take arrays to write into (as `out=` does).
    #[pyo3(signature = (actions, *, rewards=None, terminated=None))]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
        rewards: Option<Bound<'py, PyAny>>,
        terminated: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Outcomes<'py>> {
        // A contiguous int64 array is read in place; anything else (a list,
        // another integer type, a strided view) is copied.
        let typed = actions.cast::<PyArray1<i64>>().ok().map(|a| a.try_readonly()).transpose()?;
        let owned;
        let actions: &[i64] = match typed.as_ref().map(|t| t.as_slice()) {
            Some(Ok(slice)) => slice,
            _ => {
                owned = actions.extract::<Vec<i64>>()?;
                &owned
            }
        };
        let n = self.len();
        if actions.len() != n {
            return Err(PyValueError::new_err(format!("{} actions for {n} games", actions.len())));
        }
        let rewards = out_array::<f32, _>(py, rewards.as_ref(), [n], "rewards", "float32")?;
        let terminated = out_array::<bool, _>(py, terminated.as_ref(), [n], "terminated", "bool")?;
        {
            let mut r_view = rewards.try_readwrite()?;
            let mut t_view = terminated.try_readwrite()?;
            let (r_out, t_out) = (r_view.as_slice_mut()?, t_view.as_slice_mut()?);
            let (parallel, enc, auto_reset) = (self.parallel(), self.enc, self.auto_reset);
            let (games, threads) = (&mut self.games, &self.threads);
            py.detach(|| -> PyResult<()> {
                // Every action checked first: an error leaves every game as it was.
                let bad = match &*games {
                    Lanes::Othello { games, .. } => games
                        .iter()
                        .zip(actions)
                        .position(|(g, &a)| !g.is_legal(a))
                        .map(|i| (i, reason8(&games[i], actions[i]))),
                    Lanes::Any { games, .. } => games
                        .iter()
                        .zip(actions)
                        .enumerate()
                        .find_map(|(i, (g, &a))| check_any(enc, g, a).err().map(|e| (i, e))),
                };
                if let Some((i, why)) = bad {
                    return Err(illegal(format!("game {i}: {why}")));
                }
                threads.install(n, || match games {
                    Lanes::Othello { kernel, start, games } => {
                        let (k, start) = (*kernel, *start);
                        chunked(parallel, games, actions, r_out, t_out, |g, a| {
                            let (r, t) = g.play(k, a);
                            if t && auto_reset {
                                *g = start;
                            }
                            (r, t)
                        });
                    }
                    Lanes::Any { start, games } => {
                        let start = **start;
                        chunked(parallel, games, actions, r_out, t_out, |g, a| {
                            // Checked above: every action decodes.
                            let Some(mv) = enc.decode(a) else { return (0.0, false) };
                            let (r, t) = play_any(g, mv);
                            if t && auto_reset {
                                *g = start;
                            }
                            (r, t)
                        });
                    }
                });
                Ok(())
            })?;
        }
        Ok((rewards, terminated))
    }

    /// `int64 (n,)`: a uniformly random legal action of each game, from the
    /// batch's seeded streams (-1 for a game that is over):
    /// `player_actions("random", out)`.
    #[pyo3(signature = (out=None))]
    fn random_actions<'py>(
        &mut self,
        py: Python<'py>,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        self.actions_of(py, Player::Random, out)
    }

    /// `int64 (n,)`: the action of the built-in `player` (`"random"` or
    /// `"greedy"`) in each game, from the batch's seeded streams (-1 for a
    /// game that is over).
    #[pyo3(signature = (player="random", out=None))]
    fn player_actions<'py>(
        &mut self,
        py: Python<'py>,
        player: &str,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        self.actions_of(py, parse_player(player)?, out)
    }

    /// Plays every game to its end, Black's moves by `players[0]` and White's
    /// by `players[1]` (`"random"` or `"greedy"`; one name for both), from
    /// the batch's streams, and returns the final discs, `int32 (n, 2)`:
    /// Black, White (written into `out` when given). A game still going after
    /// `max_plies` plies of this call (default ten per playable square, as
    /// the CLI's `play`: Reversitacks and Attacks games can go on for ever)
    /// stops there, its discs counted as they stand. The games are then at
    /// their ends (or where they stopped), or started again with
    /// `auto_reset`. With `seed`, the streams are seeded again first: the
    /// same seed plays the same games, whatever the number of threads, and
    /// the games `reversi play --seed` writes (the same players, the same
    /// stream for game `i`: reversi-engine's `self_play`).
    /// Ctrl-C stops the rollout (`KeyboardInterrupt`), the games left where
    /// they were.
    #[pyo3(signature = (players=None, seed=None, out=None, *, max_plies=None))]
    fn rollout<'py>(
        &mut self,
        py: Python<'py>,
        players: Option<&Bound<'py, PyAny>>,
        seed: Option<u64>,
        out: Option<Bound<'py, PyAny>>,
        max_plies: Option<usize>,
    ) -> PyResult<Bound<'py, PyArray2<i32>>> {
        let [black, white] = match players {
            None => [Player::Random; 2],
            Some(p) => match p.extract::<String>() {
                Ok(one) => [parse_player(&one)?; 2],
                Err(_) => {
                    let two: Vec<String> = p.extract()?;
                    let [b, w] = two.as_slice() else {
                        return Err(PyValueError::new_err(format!(
                            "players: one name or two (Black's, White's), not {}",
                            two.len()
                        )));
                    };
                    [parse_player(b)?, parse_player(w)?]
                }
            },
        };
        let array = out_array(py, out.as_ref(), [self.len(), 2], "rollout out", "int32")?;
        if let Some(seed) = seed {
            self.set_seed(seed);
        }
        let max_plies = max_plies.unwrap_or(match &self.games {
            Lanes::Othello { .. } => 10 * self.enc.width * self.enc.height,
            Lanes::Any { start, .. } => 10 * start.geometry().playable_count(),
        });
        {
            let mut view = array.try_readwrite()?;
            let out = view.as_slice_mut()?;
            let (parallel, auto_reset) = (self.parallel(), self.auto_reset);
            let (games, rng, threads) = (&mut self.games, &mut self.rng, &self.threads);
            interruptible(py, |cancel| {
                threads.install(rng.len(), || match games {
                    Lanes::Othello { kernel, start, games } => {
                        let (k, start) = (*kernel, *start);
                        with_streams(parallel, games, rng, out, |g, s| {
                            // A game of 8x8 Reversi takes microseconds: the
                            // token is looked at once a game.
                            if cancel.is_cancelled() {
                                return g.score();
                            }
                            let mut plies = 0;
                            while !g.over && plies < max_plies {
                                let a = action8(if g.black { black } else { white }, k, g, s);
                                g.play(k, a);
                                plies += 1;
                            }
                            let score = g.score();
                            if auto_reset {
                                *g = start;
                            }
                            score
                        });
                    }
                    Lanes::Any { start, games } => {
                        let start = **start;
                        with_streams(parallel, games, rng, out, |g, s| {
                            let mut plies = 0;
                            while !g.is_game_over() && plies < max_plies {
                                if cancel.is_cancelled() {
                                    let score = g.score();
                                    return (score.black as i32, score.white as i32);
                                }
                                let player = if g.side_to_move() == Color::Black { black } else { white };
                                g.play_unchecked(choose_any(player, g, s));
                                plies += 1;
                            }
                            let score = g.score();
                            if auto_reset {
                                *g = start;
                            }
                            (score.black as i32, score.white as i32)
                        });
                    }
                })
            })?;
        }
        Ok(array)
    }

    /// `int32 (n, 2)`: each game's discs (pieces), Black then White.
    pub(crate) fn scores<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<i32>> {
        let rows: Vec<[i32; 2]> = match &self.games {
            Lanes::Othello { games, .. } => games.iter().map(|g| g.score().into()).collect(),
            Lanes::Any { games, .. } => games
                .iter()
                .map(|p| {
                    let s = p.score();
                    [s.black as i32, s.white as i32]
                })
                .collect(),
        };
        let flat: Vec<i32> = rows.into_iter().flatten().collect();
        numpy::PyArray1::from_vec(py, flat).reshape([self.len(), 2]).expect("n * 2 elements")
    }

    /// `bool (n,)`: the games that are over (only with `auto_reset=False`).
    fn is_over<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let over: Vec<bool> = match &self.games {
            Lanes::Othello { games, .. } => games.iter().map(|g| g.over).collect(),
            Lanes::Any { games, .. } => games.iter().map(Position::is_game_over).collect(),
        };
        PyArray1::from_vec(py, over)
    }

    /// `uint8 (n,)`: the side to move of each game, 0 Black, 1 White.
    pub(crate) fn side_to_move<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u8>> {
        let sides: Vec<u8> = match &self.games {
            Lanes::Othello { games, .. } => games.iter().map(|g| u8::from(!g.black)).collect(),
            Lanes::Any { games, .. } => games.iter().map(|p| u8::from(p.side_to_move() == Color::White)).collect(),
        };
        PyArray1::from_vec(py, sides)
    }
}
