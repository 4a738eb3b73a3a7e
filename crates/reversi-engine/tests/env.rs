//! The batched games and the vector environment (`reversi_engine::env`):
//! rollouts against `self_play`, a step's checks and rewards, and the three
//! autoreset modes.

use reversi_engine::env::{
    Autoreset, Batch, BatchOptions, EpisodeRules, Illegal, Refusal, Rollout, StepBuffers, StepError, VectorEnv,
};
use reversi_engine::{BuiltinPolicy, SplitMix64, self_play};
use reversi_variants::{Color, Geometry, Move, Position, Variant};

fn start(variant: Variant, size: usize) -> Position {
    Position::start(variant, Geometry::new(size, size).unwrap()).unwrap()
}

/// The end of each game of `self_play` from `start` under `seed`, as a
/// rollout of `n` games plays them: (discs, Black then White; the position).
fn self_played(
    start: Position,
    players: [BuiltinPolicy; 2],
    seed: u64,
    n: usize,
    max: usize,
) -> Vec<([i32; 2], Position)> {
    (0..n)
        .map(|i| {
            let record = self_play(start, players[0], players[1], &mut SplitMix64::for_game(seed, i as u64), max);
            let mut pos = start;
            for ply in &record.moves {
                pos.play(ply.mv).unwrap();
            }
            ([pos.count(Color::Black) as i32, pos.count(Color::White) as i32], pos)
        })
        .collect()
}

#[test]
fn a_rollout_plays_the_games_of_self_play() {
    let cases =
        [(start(Variant::Reversi, 8), 200), (start(Variant::Reversi, 6), 200), (start(Variant::Attacks, 5), 40)];
    for (pos, max) in cases {
        for players in [[BuiltinPolicy::Greedy, BuiltinPolicy::Random], [BuiltinPolicy::Random, BuiltinPolicy::Random]]
        {
            for parallel in [false, true] {
                let n = 600; // more than a chunk: the parallel run splits
                let from = if parallel { 1 } else { usize::MAX };
                let mut batch = Batch::new(pos, &BatchOptions::new(n).seed(11).parallel_from(from)).unwrap();
                assert_eq!(batch.parallel(), parallel);
                let mut out = vec![0; 2 * n];
                batch.rollout(&Rollout::new(players).max_plies(max), &mut out);
                for (i, (discs, end)) in self_played(pos, players, 11, n, max).into_iter().enumerate().step_by(37) {
                    assert_eq!(out[2 * i..2 * i + 2], discs, "{} game {i}", pos.variant());
                    assert_eq!(batch.position(i), Some(end));
                }
            }
        }
    }
}

#[test]
fn a_cancelled_rollout_leaves_the_games() {
    let mut batch = Batch::new(start(Variant::Reversi, 8), &BatchOptions::new(3).auto_reset(true)).unwrap();
    let mut out = [0; 6];
    let stop = || true;
    batch.rollout(&Rollout::new([BuiltinPolicy::Random; 2]).cancelled(&stop), &mut out);
    assert_eq!(out, [2; 6]);
    assert_eq!(batch.position(2), Some(start(Variant::Reversi, 8)));
}

#[test]
fn a_step_checks_every_action_first_and_rewards_the_end() {
    let pos = start(Variant::Reversi, 8);
    let mut batch = Batch::new(pos, &BatchOptions::new(2)).unwrap();
    let (mut rewards, mut terminated) = ([9.0; 2], [true; 2]);
    // d3 (19) is legal for Black at the start; a1 (0) is not: nothing is played.
    let err = batch.step(&[19, 0], &mut rewards, &mut terminated).unwrap_err();
    let a1 = Move::Place("a1".parse().unwrap());
    assert_eq!(err, StepError::Illegal { game: 1, reason: Illegal::NotLegal { action: 0, mv: a1 } });
    assert_eq!(err.to_string(), "game 1: action 0 (a1) is not legal");
    assert_eq!(batch.position(0), Some(pos));
    assert_eq!(batch.step(&[19], &mut rewards, &mut terminated), Err(StepError::Length { expected: 2, found: 1 }));
    let pass = batch.step(&[64, 19], &mut rewards, &mut terminated).unwrap_err();
    assert_eq!(pass.to_string(), "game 0: action 64 (pass) is not legal: a move exists");
    batch.step(&[19, 19], &mut rewards, &mut terminated).unwrap();
    assert_eq!((rewards, terminated), ([0.0; 2], [false; 2]));
    // Played to the end by the random player, action by action: the last
    // move's reward is the mover's result, the others' 0.
    for seed in 0..8 {
        let mut batch = Batch::new(pos, &BatchOptions::new(1).seed(seed)).unwrap();
        let mut action = [0];
        loop {
            batch.actions(BuiltinPolicy::Random, &mut action);
            if action[0] < 0 {
                break;
            }
            let mover = batch.sides_to_move()[0];
            batch.step(&action, &mut rewards[..1], &mut terminated[..1]).unwrap();
            let score = batch.scores()[0];
            let margin = score.of(mover) as i64 - score.of(!mover) as i64;
            let want = if terminated[0] { margin.signum() as f64 } else { 0.0 };
            assert_eq!((rewards[0], terminated[0]), (want, batch.over()[0]));
        }
        assert!(batch.over()[0]);
        let over = batch.step(&[64], &mut rewards[..1], &mut terminated[..1]).unwrap_err();
        assert_eq!(over, StepError::Illegal { game: 0, reason: Illegal::GameOver });
    }
}

/// The first legal action of episode `i` (8x8: 65 actions).
trait FirstLegal {
    fn legal(&self, i: usize) -> i64;
}

impl FirstLegal for StepBuffers {
    fn legal(&self, i: usize) -> i64 {
        self.mask[i * 65..(i + 1) * 65].iter().position(|&m| m).unwrap() as i64
    }
}

#[test]
fn the_opponent_moves_first_for_a_white_learner() {
    let pos = start(Variant::Reversi, 8);
    let rules = EpisodeRules::new(Some(BuiltinPolicy::Greedy)).learner_black(false);
    let mut env = VectorEnv::new(Batch::new(pos, &BatchOptions::new(2).seed(3)).unwrap(), rules);
    let mut o = StepBuffers::new(&env);
    env.reset(None, o.slices());
    for i in 0..2 {
        let p = env.batch().position(i).unwrap();
        assert_eq!((p.side_to_move(), p.count(Color::Black)), (Color::White, 4));
        // The observation is the learner's: White's discs first.
        let mine = o.obs[i * 128..i * 128 + 64].iter().filter(|&&b| b == 1).count();
        assert_eq!(mine, p.count(Color::White));
    }
    // After a step the learner is to move again (or the game is over).
    let actions = [o.legal(0), o.legal(1)];
    env.step(&actions, o.slices());
    assert!((0..2).all(|i| env.batch().position(i).unwrap().side_to_move() == Color::White));
}

#[test]
fn illegal_actions_lose_and_truncation_cuts() {
    let pos = start(Variant::Reversi, 8);
    let rules = EpisodeRules::new(Some(BuiltinPolicy::Random)).max_plies(4);
    let mut env = VectorEnv::new(Batch::new(pos, &BatchOptions::new(2)).unwrap(), rules);
    let mut o = StepBuffers::new(&env);
    env.reset(None, o.slices());
    assert!(!env.may_refuse());
    assert_eq!(env.refused(&[0, 0]), None);
    // Strict rules refuse what the others lose.
    let strict = VectorEnv::new(Batch::new(pos, &BatchOptions::new(2)).unwrap(), rules.strict(true));
    assert!(strict.may_refuse() && strict.rules().is_strict());
    assert_eq!(strict.refused(&[19, 0]), Some((1, Refusal::NotLegal)));
    env.step(&[19, 0], o.slices());
    assert_eq!((o.rewards.as_slice(), o.illegal.as_slice()), ([0.0, -1.0].as_slice(), [false, true].as_slice()));
    assert_eq!(o.terminated, [false, true]);
    // Next step: the lost episode starts again (reward 0, action ignored),
    // the other reaches 4 plies and is truncated.
    let a = o.legal(0);
    env.step(&[a, 0], o.slices());
    assert_eq!(
        (o.terminated.as_slice(), o.truncated.as_slice()),
        ([false, false].as_slice(), [true, false].as_slice())
    );
    assert_eq!(env.batch().position(1), Some(pos));
}

#[test]
fn the_three_autoreset_modes() {
    let pos = start(Variant::Reversi, 8);
    for mode in [Autoreset::NextStep, Autoreset::SameStep, Autoreset::Disabled] {
        let rules = EpisodeRules::new(Some(BuiltinPolicy::Random)).autoreset(mode).max_plies(2);
        let mut env = VectorEnv::new(Batch::new(pos, &BatchOptions::new(1).seed(5)).unwrap(), rules);
        let mut o = StepBuffers::new(&env);
        env.reset(None, o.slices());
        let a = o.legal(0);
        env.step(&[a], o.slices()); // two plies: truncated
        assert!(o.truncated[0]);
        let after = env.batch().position(0).unwrap();
        match mode {
            Autoreset::NextStep => {
                assert_ne!(after, pos);
                assert!(!env.may_refuse());
                env.step(&[-5], o.slices()); // the reset step: any action
                assert_eq!((o.rewards[0], o.terminated[0], o.truncated[0]), (0.0, false, false));
                assert_eq!(env.batch().position(0), Some(pos));
            }
            Autoreset::SameStep => {
                assert_eq!(after, pos);
                assert_ne!(o.final_obs, o.obs);
            }
            Autoreset::Disabled => {
                assert!(env.may_refuse());
                assert_eq!(env.refused(&[a]), Some((0, Refusal::Ended)));
                assert!(o.mask.iter().all(|&m| !m));
                env.reset(Some(&[true]), o.slices());
                assert_eq!(env.refused(&[a]), None);
                assert_eq!(env.batch().position(0), Some(pos));
            }
            _ => unreachable!(),
        }
    }
}

#[test]
fn episodes_are_truncated_at_ten_plies_a_square_by_default() {
    // 4x4: 160 plies; 8x8: 640 (the board's `default_max_plies`, not one
    // figure for every board).
    for (size, plies) in [(4, 160), (8, 640)] {
        let env = VectorEnv::new(
            Batch::new(start(Variant::Reversi, size), &BatchOptions::new(1)).unwrap(),
            EpisodeRules::new(None),
        );
        assert_eq!(env.max_plies(), plies);
        let rules = EpisodeRules::new(None).max_plies(3);
        assert_eq!(
            VectorEnv::new(Batch::new(start(Variant::Reversi, size), &BatchOptions::new(1)).unwrap(), rules)
                .max_plies(),
            3
        );
    }
}

#[test]
fn a_masked_reset_resets_the_games_marked_on_threads_or_not() {
    // More games than a task's chunk (256), so that the threaded reset splits.
    let n = 700;
    let pos = start(Variant::Reversi, 8);
    let which: Vec<bool> = (0..n).map(|i| i % 3 == 0).collect();
    let mut ends = Vec::new();
    for from in [usize::MAX, 1] {
        let batch = Batch::new(pos, &BatchOptions::new(n).seed(2).parallel_from(from)).unwrap();
        let mut env = VectorEnv::new(batch, EpisodeRules::new(Some(BuiltinPolicy::Random)));
        let mut o = StepBuffers::new(&env);
        env.reset(None, o.slices());
        let actions: Vec<i64> = (0..n).map(|i| o.legal(i)).collect();
        env.step(&actions, o.slices());
        env.reset(Some(&which), o.slices());
        let positions: Vec<Position> = (0..n).map(|i| env.batch().position(i).unwrap()).collect();
        for (i, p) in positions.iter().enumerate() {
            assert_eq!(*p == pos, which[i], "game {i}");
        }
        ends.push((positions, o.obs.clone()));
    }
    assert!(ends[0] == ends[1], "the threaded reset differs");
}
