//! One game between two [`Player`]s under a clock: the referee's loop.
//!
//! The referee keeps the position and the clocks; it asks the side to move
//! for a move only when it has one (it plays forced passes itself), checks
//! the answer's legality and the time it took, and stops the game at the
//! first [`Fault`], which loses the game for the player at fault. Asked to
//! adjudicate ([`Adjudication`]), it ends the game by exact solve once few
//! squares are empty ([`super::adjudicate`]), by the players' own
//! evaluations ([`super::evaluation`]), or at a ply limit.

use std::time::{Duration, Instant};

use reversi_core::Color;
use reversi_variants::Move;

use super::adjudicate::{Adjudged, empties, solved};
use super::evaluation::EvalJudge;
use super::rules::Adjudication;
use super::termination::Termination;
use crate::player::{Clocks, GameState, Player, TimeControl};
use crate::process::Fault;

/// A [`Policy`](crate::Policy) played in this process.
#[derive(Debug)]
pub struct PolicyPlayer<P>(pub P);

impl<P: crate::Policy> Player for PolicyPlayer<P> {
    fn name(&self) -> String {
        self.0.name()
    }

    fn new_game(&mut self, _game: &GameState, _control: &TimeControl, _deadline: Instant) -> Result<(), Fault> {
        self.0.new_game();
        Ok(())
    }

    fn go(&mut self, game: &GameState, _clocks: &Clocks, _deadline: Instant) -> Result<Move, Fault> {
        Ok(self.0.choose(&game.position))
    }
}

/// A game played: the moves with the time each took, and how it ended.
#[derive(Clone, Debug, PartialEq)]
pub struct FinishedGame {
    /// The game: its start and its moves (the opening's first).
    pub game: GameState,
    /// The time of each move played by a player (`None` for the opening's
    /// moves and the passes the referee played).
    pub seconds: Vec<Option<f64>>,
    /// The evaluation each player reported with its move, for the side
    /// that moved ([`Player::last_eval`]: NBoard's `=== MOVE/EVAL`; `None`
    /// where none was reported), one a move as `seconds`.
    pub evals: Vec<Option<f64>>,
    /// How it ended.
    pub termination: Termination,
}

impl FinishedGame {
    /// Black's score: 1 for a win, 0.5 a draw, 0 a loss (of perfect play
    /// for a game adjudicated by exact solve, of the rule for one ended by
    /// evaluations); `None` for a game stopped (at the ply limit or by the
    /// match).
    #[must_use]
    pub fn black_score(&self) -> Option<f64> {
        let of = |margin: i32| match margin {
            m if m > 0 => 1.0,
            0 => 0.5,
            _ => 0.0,
        };
        match &self.termination {
            Termination::Finished => Some(of(self.game.position.score().margin(Color::Black))),
            Termination::Adjudicated { score, .. } => Some(of(*score)),
            Termination::Forfeit { loser, .. } => Some(if *loser == Color::Black { 0.0 } else { 1.0 }),
            Termination::Evaluated { verdict, evals } => {
                Some(of(super::evaluation::black_margin(verdict, evals) as i32))
            }
            Termination::PlyLimit { .. } | Termination::Stopped => None,
        }
    }
}

/// Plays `opening` as [`play_game`] does (`rules` as there), between
/// players that may have failed to start: a player that did not start forfeits the game with its
/// fault (Black when neither did). The rule of a match whose engine cannot
/// be started again after a crash: that game is its forfeit, and the match
/// goes on.
#[must_use]
pub fn play_or_forfeit<'a>(
    black: Result<&'a mut dyn Player, Fault>,
    white: Result<&'a mut dyn Player, Fault>,
    opening: &GameState,
    control: TimeControl,
    setup: Duration,
    rules: &Adjudication,
    stop: &dyn Fn() -> bool,
) -> FinishedGame {
    let forfeit = |loser, fault| FinishedGame {
        game: opening.clone(),
        seconds: vec![None; opening.moves.len()],
        evals: vec![None; opening.moves.len()],
        termination: Termination::Forfeit { loser, fault },
    };
    match (black, white) {
        (Ok(black), Ok(white)) => play_game(black, white, opening, control, setup, rules, stop),
        (Err(fault), _) => forfeit(Color::Black, fault),
        (Ok(_), Err(fault)) => forfeit(Color::White, fault),
    }
}

/// Plays `opening` (a start and its first moves, already legal: the
/// referee's caller checks them) to its end between `black` and `white`.
/// Each player's `new_game` answers within `setup`; each move within the
/// player's clock. `stop` is read between moves (and during an adjudication's
/// solve): the game ends [`Termination::Stopped`]. A game that reaches the
/// ply limit of `rules` ([`Adjudication::max_plies`]; by default ten plies
/// per playable square: Reversitacks and Attacks games can cycle,
/// Reversi's always end sooner) without ending ends
/// [`Termination::PlyLimit`], with no result.
///
/// With a resign or draw rule ([`Adjudication::resign`],
/// [`Adjudication::draw`]), the evaluations the players report with their
/// moves ([`Player::last_eval`]) are counted after each move, and a game
/// not over that a rule ends ends [`Termination::Evaluated`] (RULES.md,
/// "Adjudication", states the rules; a player that reports none, as a GTP
/// engine, never lets them fire).
///
/// With an exact-solve limit `Some(k)` ([`Adjudication::exact`]), a game that reaches a position with at most
/// `k` empty squares ends there: the referee solves it exactly
/// (reversi-solve, one thread, a table of at most
/// [`ADJUDICATION_TABLE_MIB`](super::ADJUDICATION_TABLE_MIB)) and the game
/// ends [`Termination::Adjudicated`] with the result of perfect play. A
/// position the solver refuses (Reversitacks, Attacks) is played on. The
/// front ends accept `k` from 1 to
/// [`MAX_ADJUDICATE`](super::MAX_ADJUDICATE) ([`check_adjudicate`](super::check_adjudicate)).
#[must_use]
pub fn play_game<'a>(
    black: &'a mut dyn Player,
    white: &'a mut dyn Player,
    opening: &GameState,
    control: TimeControl,
    setup: Duration,
    rules: &Adjudication,
    stop: &dyn Fn() -> bool,
) -> FinishedGame {
    let mut adjudicate = rules.exact_of();
    let mut judge = EvalJudge::new(rules);
    let mut played = FinishedGame {
        game: opening.clone(),
        seconds: vec![None; opening.moves.len()],
        evals: vec![None; opening.moves.len()],
        termination: Termination::Finished,
    };
    for (player, color) in [(&mut *black, Color::Black), (&mut *white, Color::White)] {
        if let Err(fault) = player.new_game(&played.game, &control, Instant::now() + setup) {
            played.termination = Termination::Forfeit { loser: color, fault };
            return played;
        }
    }
    let mut clocks: Clocks = [control.time; 2];
    let max_plies = rules.ply_limit(opening);
    loop {
        let pos = played.game.position;
        if pos.is_game_over() {
            break;
        }
        if played.game.moves.len() >= max_plies {
            played.termination = Termination::PlyLimit { plies: max_plies };
            return played;
        }
        if pos.must_pass() {
            played.game.position.play_unchecked(Move::Pass);
            played.game.moves.push(Move::Pass);
            played.seconds.push(None);
            played.evals.push(None);
            continue;
        }
        if stop() {
            played.termination = Termination::Stopped;
            return played;
        }
        if let Some(limit) = adjudicate
            && empties(&pos) <= usize::from(limit)
        {
            match solved(&pos, stop) {
                Adjudged::Ended(termination) => {
                    played.termination = termination;
                    break;
                }
                Adjudged::Stopped => {
                    played.termination = Termination::Stopped;
                    return played;
                }
                // Not to be solved (another game): played to its end.
                Adjudged::Refused => adjudicate = None,
            }
        }
        let color = pos.side_to_move();
        let player: &mut (dyn Player + 'a) = if color == Color::Black { &mut *black } else { &mut *white };
        let (answer, took) = ask_move(player, &played.game, &clocks);
        match answer {
            Ok(mv) => {
                let eval = player.last_eval();
                played.game.position.play_unchecked(mv);
                played.game.moves.push(mv);
                played.seconds.push(Some(took.as_secs_f64()));
                played.evals.push(eval);
                clocks[color.index()] = clocks[color.index()] - took + control.increment;
                if !played.game.position.is_game_over()
                    && let Some(end) = judge.note(played.game.moves.len() - 1, color, eval)
                {
                    played.termination = end;
                    break;
                }
            }
            Err(fault) => {
                played.termination = Termination::Forfeit { loser: color, fault };
                return played;
            }
        }
    }
    black.game_over(&played.game);
    white.game_over(&played.game);
    played
}

/// Asks `player` for the move of the side to move of `game.position` (which
/// has a move other than a pass) within that side's time in `clocks`, and
/// checks the answer: THE referee's one-move checks, shared by
/// [`play_game`] and [`Session`](crate::Session). An answer after the time is
/// [`Fault::Timeout`]; a pass (the position has a move) or an illegal move
/// is [`Fault::Illegal`]. Returns the time the answer took with it.
pub(crate) fn ask_move(player: &mut dyn Player, game: &GameState, clocks: &Clocks) -> (Result<Move, Fault>, Duration) {
    let pos = &game.position;
    let limit = clocks[pos.side_to_move().index()];
    let began = Instant::now();
    let answer = player.go(game, clocks, began + limit);
    let took = began.elapsed();
    let answer = answer.and_then(|mv| {
        if took > limit {
            Err(Fault::Timeout)
        } else if mv.is_pass() || !pos.is_legal(mv) {
            Err(Fault::Illegal(mv))
        } else {
            Ok(mv)
        }
    });
    (answer, took)
}
