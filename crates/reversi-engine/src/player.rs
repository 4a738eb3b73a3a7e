//! What the referee and the protocols' clients share: the game as told to a
//! player ([`GameState`]), the clocks, and the [`Player`] trait every participant implements.

use std::time::{Duration, Instant};

use reversi_core::Color;
use reversi_variants::{Move, Position};

use crate::process::Fault;

/// A game as the referee tells it to the players: its start, its moves
/// (passes included) and the position they lead to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameState {
    /// Where the game starts.
    pub start: Position,
    /// The moves so far, passes included.
    pub moves: Vec<Move>,
    /// The position after them.
    pub position: Position,
}

impl GameState {
    /// A game at `start` with no moves.
    #[must_use]
    pub fn new(start: Position) -> GameState {
        GameState { start, moves: Vec::new(), position: start }
    }

    /// The colour that made move `i` (moves alternate, passes included).
    #[must_use]
    pub fn mover(&self, i: usize) -> Color {
        let first = self.start.side_to_move();
        if i.is_multiple_of(2) { first } else { first.other() }
    }
}

/// The clocks of both players: time left, in Black, White order
/// ([`Color::index`]).
pub type Clocks = [Duration; 2];

/// One player of a game, as the referee sees it: an engine process behind a
/// protocol ([`crate::gtp::Client`], [`crate::nboard::Client`]) or a policy
/// in this process ([`PolicyPlayer`](crate::referee::PolicyPlayer)).
pub trait Player {
    /// The player's name, for the record.
    fn name(&self) -> String;

    /// The evaluation the player reported with the move its last
    /// [`go`](Player::go) answered, for the side that moved (an NBoard
    /// engine's `=== MOVE/EVAL`, in discs as it says them). `None` by
    /// default and where none was reported.
    fn last_eval(&self) -> Option<f64> {
        None
    }

    /// The referee's index (from 0) of the game the player plays next,
    /// told before [`new_game`](Player::new_game): an engine process's
    /// [`ExchangeLog`](crate::process::ExchangeLog) marks its lines with it.
    /// Nothing by default.
    fn note_game(&mut self, index: usize) {
        let _ = index;
    }

    /// Gets ready for a new game under `control` (the game's moves are told
    /// with the next [`go`](Player::go)), answering before `deadline`.
    ///
    /// # Errors
    /// The [`Fault`] of a player that fails the protocol.
    fn new_game(&mut self, game: &GameState, control: &TimeControl, deadline: Instant) -> Result<(), Fault>;

    /// The move of the side to move of `game.position` (which has a move
    /// other than a pass), answered before `deadline`. `clocks` is the time
    /// left on both clocks, to tell the engine. The move is checked by the
    /// referee.
    ///
    /// # Errors
    /// The [`Fault`] of a player that fails the protocol.
    fn go(&mut self, game: &GameState, clocks: &Clocks, deadline: Instant) -> Result<Move, Fault>;

    /// The game is over (with its last move in `game`): a player may use it to
    /// learn; errors are ignored.
    fn game_over(&mut self, game: &GameState) {
        let _ = game;
    }
}

/// The clock of each player: `time` for the game, `increment` added after
/// each of its moves (Fischer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// The time of each player for the game.
    pub time: Duration,
    /// Added to a player's clock after each move it makes.
    pub increment: Duration,
}
