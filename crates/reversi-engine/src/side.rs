//! What the referee and the protocols' clients share: the game as told to a
//! side, the clocks, and the [`Side`] trait every player implements.

use std::time::{Duration, Instant};

use reversi_core::Color;
use reversi_variants::{Move, Position};

use crate::process::Fault;

/// A game as the referee tells it to the sides: its start, its moves
/// (passes included) and the position they lead to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// Where the game starts.
    pub start: Position,
    /// The moves so far, passes included.
    pub moves: Vec<Move>,
    /// The position after them.
    pub position: Position,
}

impl Game {
    /// A game at `start` with no moves.
    #[must_use]
    pub fn new(start: Position) -> Game {
        Game { start, moves: Vec::new(), position: start }
    }

    /// The colour that made move `i` (moves alternate, passes included).
    #[must_use]
    pub fn mover(&self, i: usize) -> Color {
        let first = self.start.side_to_move();
        if i.is_multiple_of(2) { first } else { first.other() }
    }
}

/// The clocks of both sides: time left, in Black, White order
/// ([`Color::index`]).
pub type Clocks = [Duration; 2];

/// One player of a game, as the referee sees it: an engine process behind a
/// protocol ([`crate::gtp::Client`], [`crate::nboard::Client`]) or a policy
/// in this process ([`PolicySide`](crate::referee::PolicySide)).
pub trait Side {
    /// The side's name, for the record.
    fn name(&self) -> String;

    /// Gets ready for a new game under `control` (the game's moves are told
    /// with the next [`go`](Side::go)), answering before `deadline`.
    ///
    /// # Errors
    /// The [`Fault`] of a side that fails the protocol.
    fn new_game(&mut self, game: &Game, control: &TimeControl, deadline: Instant) -> Result<(), Fault>;

    /// The move of the side to move of `game.position` (which has a move
    /// other than a pass), answered before `deadline`. `clocks` is the time
    /// left on both clocks, to tell the engine. The move is checked by the
    /// referee.
    ///
    /// # Errors
    /// The [`Fault`] of a side that fails the protocol.
    fn go(&mut self, game: &Game, clocks: &Clocks, deadline: Instant) -> Result<Move, Fault>;

    /// The game is over (with its last move in `game`): a side may use it to
    /// learn; errors are ignored.
    fn game_over(&mut self, game: &Game) {
        let _ = game;
    }
}

/// The clock of each side: `time` for the game, `increment` added after
/// each of its moves (Fischer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// The time of each side for the game.
    pub time: Duration,
    /// Added to a side's clock after each move it makes.
    pub increment: Duration,
}
