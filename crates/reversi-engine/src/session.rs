//! One engine's game outside a match: [`Session`], an engine asked for
//! moves in positions its caller chooses (Python's `Engine.move`).
//!
//! The session keeps the game it has told the engine; a position that
//! follows from it (by the engine's move and one move of the other side, a
//! forced pass included) goes on with that game, any other starts a new
//! one. Each answer passes the referee's one-move checks (time, legality,
//! no pass when a move exists), and a GTP engine is never asked to set up a
//! start its protocol cannot ([`EngineSpec::check_start`]).

use std::time::{Duration, Instant};

use reversi_variants::{Move, Position};

use crate::gtp::StartError;
use crate::player::{Clocks, GameState, Player, TimeControl};
use crate::process::Fault;
use crate::referee::{EngineSpec, ask_move};

/// How a session starts its player: an engine's [`EngineSpec::start`], or
/// any player (a policy in this process).
type Starter = Box<dyn Fn(Instant) -> Result<Box<dyn Player + Send>, Fault> + Send>;

/// Why a session gives no move.
///
/// `#[non_exhaustive]`: more reasons may be told apart.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SessionError {
    /// The position has no move to choose (the game is over, or the side to
    /// move must pass): nothing asked.
    #[error("no move to choose: {0}")]
    NoMove(Box<Position>),
    /// A new game at a start the engine's protocol cannot set up: nothing
    /// asked.
    #[error("engine {0}")]
    Start(#[from] StartError),
    /// The engine failed (its process is ended; the next use starts it
    /// again).
    #[error(transparent)]
    Fault(#[from] Fault),
}

/// One engine (or in-process player) asked for moves in positions its
/// caller chooses, outside a match: it owns the started player and its
/// setup time, and the game told to it.
///
/// ```
/// use std::time::Duration;
/// use reversi_engine::referee::PolicyPlayer;
/// use reversi_engine::{BuiltinPolicy, Seeded, Session, SplitMix64};
/// use reversi_variants::Position;
///
/// let mut session = Session::with_starter(
///     |_| Ok(Box::new(PolicyPlayer(Seeded::new(BuiltinPolicy::Greedy, SplitMix64::new(1))))),
///     Duration::from_secs(1),
/// );
/// let start = Position::from(reversi_core::Position::start());
/// let mv = session.go(start, Duration::from_secs(1))?;
/// assert!(start.is_legal(mv));
/// # Ok::<(), reversi_engine::SessionError>(())
/// ```
pub struct Session {
    starter: Starter,
    spec: Option<EngineSpec>,
    setup: Duration,
    player: Option<Box<dyn Player + Send>>,
    /// The game the player has been told, its move included.
    game: Option<GameState>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("spec", &self.spec)
            .field("setup", &self.setup)
            .field("started", &self.player.is_some())
            .field("game", &self.game)
            .finish_non_exhaustive()
    }
}

impl Session {
    /// A session of the engine `spec`, which has `setup` to start and to
    /// get ready for a game. Not started yet: the first call that needs it
    /// starts it ([`start`](Session::start) to start it now).
    #[must_use]
    pub fn new(spec: EngineSpec, setup: Duration) -> Session {
        let starter = {
            let spec = spec.clone();
            Box::new(move |deadline| spec.start(deadline)) as Starter
        };
        Session { starter, spec: Some(spec), setup, player: None, game: None }
    }

    /// A session of the player `start` makes (before the deadline it is
    /// given; again after a fault), with `setup` to get ready for a game:
    /// a policy in this process, or an engine started otherwise.
    #[must_use]
    pub fn with_starter(
        start: impl Fn(Instant) -> Result<Box<dyn Player + Send>, Fault> + Send + 'static,
        setup: Duration,
    ) -> Session {
        Session { starter: Box::new(start), spec: None, setup, player: None, game: None }
    }

    /// The engine's spec ([`Session::new`]; `None` with a starter).
    #[must_use]
    pub const fn spec(&self) -> Option<&EngineSpec> {
        self.spec.as_ref()
    }

    /// The time to start and to get ready for a game.
    #[must_use]
    pub const fn setup(&self) -> Duration {
        self.setup
    }

    /// Starts the player unless it is running.
    ///
    /// # Errors
    /// The [`Fault`] of an engine that does not start within the setup time.
    pub fn start(&mut self) -> Result<(), Fault> {
        self.player().map(drop)
    }

    /// The player's name (its `name` answer, `set myname`), started first
    /// if it is not running.
    ///
    /// # Errors
    /// The [`Fault`] of an engine that does not start.
    pub fn name(&mut self) -> Result<String, Fault> {
        self.player().map(|player| player.name())
    }

    /// Forgets the game: the next [`go`](Session::go) starts a new one.
    pub fn new_game(&mut self) {
        self.game = None;
    }

    /// Ends the player (an engine's process, `quit`); the next use starts
    /// it again.
    pub fn close(&mut self) {
        self.player = None;
        self.game = None;
    }

    /// Ends the player and starts it again.
    ///
    /// # Errors
    /// The [`Fault`] of an engine that does not start.
    pub fn restart(&mut self) -> Result<(), Fault> {
        self.close();
        self.start()
    }

    /// The running player, taken (to play a match, which tells it its own
    /// games); the session starts another at its next use.
    pub fn take_player(&mut self) -> Option<Box<dyn Player + Send>> {
        self.game = None;
        self.player.take()
    }

    /// The player's move in `position`, answered within `time` (the
    /// player's clock; the other's told the same): the game told to it goes
    /// on when `position` follows from it by one move of the other side (a
    /// forced pass included), else a new game starts at
    /// `position` (checked first against the engine's protocol,
    /// [`EngineSpec::check_start`]). The answer passes the referee's
    /// checks: within the time, legal, not a pass.
    ///
    /// # Errors
    /// [`SessionError::NoMove`] for a position without a move to choose,
    /// [`SessionError::Start`] for a new game at a start the protocol
    /// cannot set up (the engine not asked); [`SessionError::Fault`] when
    /// the player fails (time, an illegal move or a pass, a crash,
    /// garbage): an engine is then ended, and started again at the next
    /// use.
    pub fn go(&mut self, position: Position, time: Duration) -> Result<Move, SessionError> {
        if position.is_game_over() || position.must_pass() {
            return Err(SessionError::NoMove(Box::new(position)));
        }
        let told = self.game.take();
        let known = told.as_ref().and_then(|game| continuation(game, position)).zip(told);
        if known.is_none()
            && let Some(spec) = &self.spec
        {
            spec.check_start(&position)?;
        }
        let answer = self.ask(known, position, time);
        if answer.is_err() {
            // Failed, or still searching: ended, started again when used.
            self.close();
        }
        Ok(answer?)
    }

    /// `go`'s exchange with the player: the known game continued by
    /// `moves`, or a new game at `position`.
    fn ask(
        &mut self,
        known: Option<(Vec<Move>, GameState)>,
        position: Position,
        time: Duration,
    ) -> Result<Move, Fault> {
        let setup = self.setup;
        let player = self.player()?;
        let mut game = match known {
            Some((moves, mut game)) => {
                for mv in moves {
                    game.position.play_unchecked(mv);
                    game.moves.push(mv);
                }
                game
            }
            None => {
                let game = GameState::new(position);
                let control = TimeControl { time, increment: Duration::ZERO };
                player.new_game(&game, &control, Instant::now() + setup)?;
                game
            }
        };
        let clocks: Clocks = [time; 2];
        let (answer, _) = ask_move(player.as_mut(), &game, &clocks);
        let mv = answer?;
        game.position.play_unchecked(mv);
        game.moves.push(mv);
        self.game = Some(game);
        Ok(mv)
    }

    /// The running player, started if it is not.
    fn player(&mut self) -> Result<&mut Box<dyn Player + Send>, Fault> {
        if self.player.is_none() {
            self.game = None;
            self.player = Some((self.starter)(Instant::now() + self.setup)?);
        }
        Ok(self.player.as_mut().expect("started"))
    }
}

/// The moves that lead from `game`'s position to `position`: none, a move,
/// a move and a forced pass, or `None` when `position` does not follow.
fn continuation(game: &GameState, position: Position) -> Option<Vec<Move>> {
    let from = game.position;
    if from == position {
        return Some(Vec::new());
    }
    for mv in from.moves() {
        let mut child = from;
        child.play_unchecked(mv);
        if child == position {
            return Some(vec![mv]);
        }
        if child.must_pass() {
            let mut after = child;
            after.play_unchecked(Move::Pass);
            if after == position {
                return Some(vec![mv, Move::Pass]);
            }
        }
    }
    None
}

#[cfg(test)]
#[path = "session_tests.rs"]
mod tests;
