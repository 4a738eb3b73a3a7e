//! [`Game`]: an 8x8 game on raw words, played move after move, with the side
//! to move's legal placements and the end of the game known after every
//! move: the state a loop over many games keeps per game (Python's `Batch`
//! and vector environment), re-exported as [`raw::Game`](crate::raw::Game).

use crate::position::placement_refusal;
use crate::raw::Kernel;
use crate::{Bitboard, Board, Color, Move, PlayError, Position, Score, Square};

/// An 8x8 game on raw words: the side to move's discs and the other side's
/// (the bits of the [`raw`](crate::raw) module), the side to move's colour,
/// its legal placements and whether the game is over, the last two found
/// once after each move. `Copy`, 32 bytes, no hash: a batch of games is a
/// slice of these.
///
/// Every method that finds moves takes the [`Kernel`] the caller holds (a
/// local, chosen at run time once: see the [module docs](crate::raw#speed)).
/// [`play`](Game::play) and [`pass`](Game::pass) take the caller's word that
/// the move is legal, as [`Kernel::play`] does; [`play_move`](Game::play_move)
/// checks, as [`Position::play`] does.
///
/// ```
/// use reversi_core::{Color, Move, Position, Square, raw::{Game, Kernel}};
/// let k = Kernel::detect();
/// let mut game = Game::start(k);
/// assert_eq!((game.side_to_move(), game.moves().count_ones()), (Color::Black, 4));
/// game.play(k, Square::F5.index());
/// assert_eq!(game.score().black, 4);
/// assert!(game.play_move(k, Move::Pass).is_err()); // White has moves
/// let mut pos = Position::start();
/// pos.play(Move::Place(Square::F5))?;
/// assert_eq!(game.position(), pos);
/// assert_eq!(Game::from_position(k, &pos), game);
/// # Ok::<(), reversi_core::PlayError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    /// The side to move's discs.
    player: u64,
    /// The other side's discs.
    opponent: u64,
    /// The side to move's legal placements.
    moves: u64,
    /// The side to move.
    side: Color,
    /// Whether neither side can place.
    over: bool,
}

impl Game {
    /// The game where `player`, of colour `side`, is to move against
    /// `opponent` (the [preconditions](crate::raw#preconditions): disjoint).
    #[must_use]
    #[inline]
    pub fn new(k: Kernel, player: u64, opponent: u64, side: Color) -> Game {
        let moves = k.moves(player, opponent);
        let over = moves == 0 && k.moves(opponent, player) == 0;
        Game { player, opponent, moves, side, over }
    }

    /// The standard start, Black to move.
    #[must_use]
    pub fn start(k: Kernel) -> Game {
        Game::from_position(k, &Position::start())
    }

    /// The game at `pos`.
    #[must_use]
    pub fn from_position(k: Kernel, pos: &Position) -> Game {
        Game::new(k, pos.player().0, pos.opponent().0, pos.side_to_move())
    }

    /// The position: [`Position`] with its hash, from scratch.
    #[must_use]
    pub fn position(&self) -> Position {
        // Disjoint by the preconditions; an overlap is the mover's.
        let (player, opponent) = (self.player, self.opponent & !self.player);
        let (black, white) = match self.side {
            Color::Black => (player, opponent),
            Color::White => (opponent, player),
        };
        match Board::new(Bitboard(black), Bitboard(white)) {
            Ok(board) => Position::new(board, self.side),
            Err(_) => Position::start(), // unreachable: the sets are disjoint
        }
    }

    /// The side to move's discs.
    #[must_use]
    #[inline]
    pub const fn player(&self) -> u64 {
        self.player
    }

    /// The other side's discs.
    #[must_use]
    #[inline]
    pub const fn opponent(&self) -> u64 {
        self.opponent
    }

    /// The side to move's legal placements (0: it must pass, or the game is over).
    #[must_use]
    #[inline]
    pub const fn moves(&self) -> u64 {
        self.moves
    }

    /// The side to move.
    #[must_use]
    #[inline]
    pub const fn side_to_move(&self) -> Color {
        self.side
    }

    /// Whether neither side can place a disc.
    #[must_use]
    #[inline]
    pub const fn is_game_over(&self) -> bool {
        self.over
    }

    /// Whether the side to move has no placement and so must pass (false
    /// once the game is over).
    #[must_use]
    #[inline]
    pub const fn must_pass(&self) -> bool {
        self.moves == 0 && !self.over
    }

    /// Whether a placement on square `sq` is legal (any `sq`: false from 64).
    #[must_use]
    #[inline]
    pub const fn is_legal_placement(&self, sq: usize) -> bool {
        sq < 64 && self.moves >> sq & 1 == 1
    }

    /// Black's and White's discs.
    #[must_use]
    #[inline]
    pub const fn score(&self) -> Score {
        let (p, o) = (self.player.count_ones() as usize, self.opponent.count_ones() as usize);
        match self.side {
            Color::Black => Score { black: p, white: o },
            Color::White => Score { black: o, white: p },
        }
    }

    /// Places a disc of the side to move on `sq`, a legal placement (no
    /// check: otherwise the disc is placed all the same, as [`Kernel::play`]
    /// does), and finds the next side's moves.
    #[inline]
    pub fn play(&mut self, k: Kernel, sq: usize) {
        let (player, opponent) = k.play(self.player, self.opponent, sq);
        *self = Game::new(k, player, opponent, !self.side);
    }

    /// Passes the turn, which is legal when [`must_pass`](Game::must_pass)
    /// (no check: otherwise the turn passes all the same).
    #[inline]
    pub fn pass(&mut self, k: Kernel) {
        *self = Game::new(k, self.opponent, self.player, !self.side);
    }

    /// Plays `mv` when it is legal, as [`Position::play`] does.
    ///
    /// # Errors
    /// [`PlayError`] when `mv` is illegal (the same reasons as
    /// [`Position::play`]); the game is then unchanged.
    pub fn play_move(&mut self, k: Kernel, mv: Move) -> Result<(), PlayError> {
        match mv {
            Move::Place(sq) if self.is_legal_placement(sq.index()) => self.play(k, sq.index()),
            Move::Place(sq) => return Err(self.refusal(k, sq)),
            Move::Pass if self.must_pass() => self.pass(k),
            Move::Pass if self.over => return Err(PlayError::GameOver),
            Move::Pass => return Err(PlayError::PassWithMoves),
        }
        Ok(())
    }

    /// Why a placement on `sq` is refused.
    #[cold]
    fn refusal(&self, k: Kernel, sq: Square) -> PlayError {
        placement_refusal(k.runnable(), self.player, self.opponent, sq)
    }
}

#[cfg(test)]
mod tests {
    use super::Game;
    use crate::raw::Kernel;
    use crate::{Backend, Move, Position};

    proptest::proptest! {
        /// Random games (one number a move picks it among the legal moves,
        /// the pass included) agree with `Position` move for move on every
        /// backend, and so do their refusals of every other move.
        #[test]
        fn games_agree_with_position(choices: [u8; 72]) {
            for backend in Backend::ALL {
                let k = Kernel::new(backend);
                let (mut game, mut pos) = (Game::start(k), Position::start());
                for &choice in &choices {
                    proptest::prop_assert_eq!(game.position(), pos);
                    proptest::prop_assert_eq!(Game::from_position(k, &pos), game);
                    proptest::prop_assert_eq!(game.is_game_over(), pos.is_game_over());
                    proptest::prop_assert_eq!(game.must_pass(), pos.must_pass());
                    proptest::prop_assert_eq!(game.moves(), pos.legal_moves().0);
                    proptest::prop_assert_eq!(game.score(), pos.score());
                    for sq in 0..64usize {
                        let (mut g, mut p) = (game, pos);
                        let mv = Move::Place(crate::Square::from_index(sq).unwrap());
                        proptest::prop_assert_eq!(game.is_legal_placement(sq), pos.is_legal(mv));
                        proptest::prop_assert_eq!(g.play_move(k, mv), p.play(mv).map(|_| ()));
                        proptest::prop_assert_eq!(g.position(), p);
                    }
                    let (mut g, mut p) = (game, pos);
                    proptest::prop_assert_eq!(g.play_move(k, Move::Pass), p.play(Move::Pass).map(|_| ()));
                    proptest::prop_assert_eq!(g.position(), p);
                    let moves: std::vec::Vec<Move> = pos.moves().collect();
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves[usize::from(choice) % moves.len()];
                    match mv {
                        Move::Place(sq) => game.play(k, sq.index()),
                        Move::Pass => game.pass(k),
                    }
                    pos.play(mv).unwrap();
                }
            }
        }
    }
}
