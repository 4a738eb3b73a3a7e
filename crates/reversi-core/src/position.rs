//! A position: the board and the side to move, with the rules of play.

use core::fmt;

use crate::arch::dispatch::Runnable;
use crate::error::{OverlapError, PlacementError, PlayError};
use crate::forced_pass::{Played, ReplayPosition, play_or_pass};
use crate::score::{Outcome, Score};
use crate::symmetry::least_image;
use crate::{Bitboard, Board, Color, Move, Square, Symmetry, kernel, zobrist};

/// A position of the 8x8 game: the [`Board`], the side to move, and its Zobrist
/// hash, kept up to date by every move.
///
/// Any board with either side to move is a valid position (RULES.md: "any
/// position can also be given explicitly"). Text is the RULES.md form (see
/// [`Position::from_str`](#impl-FromStr-for-Position)).
///
/// Moves are played in place:
/// - [`play`](Position::play) checks the move and leaves the position unchanged
///   when it is illegal;
/// - [`play_unchecked`](Position::play_unchecked) skips the checks: it is meant for
///   moves known to be legal, is never undefined behaviour and never panics, and
///   for an illegal move leaves a consistent but unspecified position.
///
/// Move generation, flips and play (every method here, and [`Board`]'s) run on
/// the fastest [`Backend`](crate::Backend) this CPU has, detected on first use
/// and cached (under `std`; chosen at compile time without it), like
/// [`perft`](crate::perft()). Each of those calls is a call into code built for
/// that backend; a search that wants neither that per-call cost on every
/// method nor the hash update of every move works on the [`raw`](crate::raw)
/// kernel, with [`player`](Position::player) and [`opponent`](Position::opponent)
/// as its input.
///
/// ```
/// use reversi_core::{Color, Move, Position, Square};
/// let mut pos = Position::start();
/// let flipped = pos.play(Move::Place(Square::F5))?;
/// assert_eq!(flipped, Square::E5.bitboard());
/// assert_eq!(pos.side_to_move(), Color::White);
/// assert!(pos.play(Move::Pass).is_err()); // White has moves: no pass
/// # Ok::<(), reversi_core::PlayError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    side: Color,
    hash: u64,
}

impl Default for Position {
    /// The standard start, Black to move.
    fn default() -> Position {
        Position::start()
    }
}

impl Position {
    /// The standard start with Black to move (RULES.md).
    #[must_use]
    pub fn start() -> Position {
        Position::start_with_first(Color::Black)
    }

    /// The standard start with `first` to move: the rule option "which colour
    /// moves first" (White under the Fundex rule sheet).
    #[must_use]
    pub fn start_with_first(first: Color) -> Position {
        Position::new(Board::start(), first)
    }

    /// A position from a board and the side to move.
    #[must_use]
    pub fn new(board: Board, side_to_move: Color) -> Position {
        let (p, o) = board.sides(side_to_move);
        Position { board, side: side_to_move, hash: zobrist::hash(p, o, side_to_move) }
    }

    /// A position from the Black and White discs and the side to move.
    ///
    /// # Errors
    /// [`OverlapError`] when the two sets share a square.
    pub fn from_discs(black: Bitboard, white: Bitboard, side_to_move: Color) -> Result<Position, OverlapError> {
        Ok(Position::new(Board::new(black, white)?, side_to_move))
    }

    /// The discs.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[must_use]
    pub const fn side_to_move(&self) -> Color {
        self.side
    }

    /// The discs of the side to move.
    #[must_use]
    pub const fn player(&self) -> Bitboard {
        self.board.discs(self.side)
    }

    /// The discs of the side not to move.
    #[must_use]
    pub const fn opponent(&self) -> Bitboard {
        self.board.discs(self.side.other())
    }

    /// The Zobrist hash (see the crate docs): equal positions hash equally.
    /// [`raw::hash`](crate::raw::hash) gives it from the raw sides.
    #[must_use]
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    /// The squares where the side to move may place a disc.
    #[must_use]
    pub fn legal_moves(&self) -> Bitboard {
        self.board.legal_moves(self.side)
    }

    /// The legal moves as [`Move`]s: the placements, or a single [`Move::Pass`]
    /// when the side to move has none and the game is not over, or nothing once
    /// the game is over.
    #[must_use]
    pub fn moves(&self) -> Moves {
        let places = self.legal_moves();
        let pass = places.is_empty() && !self.board.legal_moves(self.side.other()).is_empty();
        Moves { places: places.iter(), pass }
    }

    /// The opponent discs that a disc placed on `sq` would flip; empty when the
    /// placement is illegal.
    #[must_use]
    pub fn flips(&self, sq: Square) -> Bitboard {
        self.board.flips(self.side, sq)
    }

    /// Whether the side to move has no placement and so must pass (false once
    /// the game is over).
    #[must_use]
    pub fn must_pass(&self) -> bool {
        let (p, o) = self.board.sides(self.side);
        must_pass(Runnable::fastest(), p, o)
    }

    /// Whether neither side can place a disc (a full board is a special case).
    #[must_use]
    pub fn is_game_over(&self) -> bool {
        let (p, o) = self.board.sides(self.side);
        game_over(Runnable::fastest(), p, o)
    }

    /// Whether `mv` is legal here.
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Why `mv` is illegal here, if it is; the flips of a legal placement.
    fn check(&self, mv: Move) -> Result<Bitboard, PlayError> {
        let (p, o) = self.board.sides(self.side);
        let k = Runnable::fastest();
        match mv {
            Move::Place(sq) => {
                let f = kernel::placement_flips(p, o, sq.index());
                if f != 0 { Ok(Bitboard(f)) } else { Err(placement_refusal(k, p, o, sq)) }
            }
            Move::Pass => {
                if k.moves(p, o) != 0 {
                    Err(PlayError::PassWithMoves)
                } else if k.moves(o, p) == 0 {
                    Err(PlayError::GameOver)
                } else {
                    Ok(Bitboard::EMPTY)
                }
            }
        }
    }

    /// Plays a legal move and returns the discs it flipped (empty for a pass).
    ///
    /// # Errors
    /// [`PlayError`] when the move is illegal: an occupied square, a placement that
    /// flips nothing, a pass while a placement exists, or any move once the game is
    /// over. The position is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<Bitboard, PlayError> {
        let flipped = self.check(mv)?;
        Ok(self.apply(mv, flipped.0))
    }

    /// Passes the turn.
    ///
    /// # Errors
    /// [`PlayError::PassWithMoves`] when the side to move has a placement,
    /// [`PlayError::GameOver`] when neither side has one.
    pub fn pass(&mut self) -> Result<(), PlayError> {
        self.play(Move::Pass).map(|_| ())
    }

    /// Plays `mv` without checking that it is legal and returns the discs that
    /// changed colour.
    ///
    /// For a legal move this is [`play`](Position::play) without the checks. For an
    /// illegal one it is still safe: a placement puts the mover's disc on the square
    /// (replacing whatever was there) and flips the lines it brackets, a pass hands
    /// over the turn; the board, side and hash stay consistent with each other.
    pub fn play_unchecked(&mut self, mv: Move) -> Bitboard {
        let flipped = match mv {
            Move::Place(sq) => {
                let (p, o) = self.board.sides(self.side);
                kernel::flips(p & !sq.bitboard().0, o & !sq.bitboard().0, sq.index())
            }
            Move::Pass => 0,
        };
        self.apply(mv, flipped)
    }

    /// Plays placements in order, each preceded by a pass when the side to move
    /// has no placement and the other side has one: the replay of a game record
    /// that leaves its forced passes out (WTHOR, most transcripts). Returns the
    /// number of passes played.
    ///
    /// Every placement is checked as [`play`](Position::play) checks it. The
    /// hash is computed once at the end rather than kept up to date move by
    /// move, which makes this faster than a loop of `play` calls.
    ///
    /// ```
    /// use reversi_core::{PlayError, Position, Square};
    /// let mut pos = Position::start();
    /// assert_eq!(pos.play_placements([Square::F5, Square::D6, Square::C3]), Ok(0));
    /// assert_eq!(pos.to_string(), "--------/--------/--X-----/---XX---/---OXX--/---O----/--------/-------- O");
    ///
    /// let mut pos = Position::start();
    /// let err = pos.play_placements([Square::F5, Square::F5]).unwrap_err();
    /// assert_eq!((err.index, err.reason), (1, PlayError::Occupied(Square::F5)));
    /// assert_eq!(pos.to_string(), "--------/--------/--------/---OX---/---XXX--/--------/--------/-------- O");
    /// ```
    ///
    /// # Errors
    /// [`PlacementError`] with the index of the first placement that cannot be
    /// played (even after a forced pass) and why: [`PlayError::Occupied`],
    /// [`PlayError::NoFlips`] or [`PlayError::GameOver`]. `self` is then the
    /// position that placement was tried from (before any pass it would have
    /// forced).
    pub fn play_placements(&mut self, squares: impl IntoIterator<Item = Square>) -> Result<usize, PlacementError> {
        let (p, o) = self.board.sides(self.side);
        let mut words = Placements { p, o, side: self.side, kernel: Runnable::fastest() };
        let mut passes = 0;
        let mut result = Ok(());
        for (index, sq) in squares.into_iter().enumerate() {
            match play_or_pass(&mut words, sq, true) {
                Ok(Played::Move) => {}
                // After a forced pass the other side has a move: no second pass.
                Ok(Played::Pass) => match play_or_pass(&mut words, sq, false) {
                    Ok(_) => passes += 1,
                    Err(reason) => {
                        // The position the placement was tried from.
                        words.pass();
                        result = Err(PlacementError { index, reason });
                        break;
                    }
                },
                Err(reason) => {
                    result = Err(PlacementError { index, reason });
                    break;
                }
            }
        }
        *self = Position::new(Board::from_sides(words.side, words.p, words.o), words.side);
        result.map(|()| passes)
    }

    /// Applies `mv` with the given flips, keeping the hash in step.
    #[inline]
    fn apply(&mut self, mv: Move, flipped: u64) -> Bitboard {
        let (mut p, mut o) = self.board.sides(self.side);
        let mut hash = self.hash ^ zobrist::SIDE_KEY;
        if let Move::Place(sq) = mv {
            let bit = sq.bitboard().0;
            let me = self.side.index();
            let turned = (flipped | bit) & o;
            hash ^= zobrist::flip_delta(turned);
            if (p | o) & bit == 0 {
                hash ^= zobrist::DISC_KEYS[me][sq.index()];
            }
            p |= flipped | bit;
            o &= !(flipped | bit);
        }
        self.side = self.side.other();
        self.board = Board::from_sides(self.side.other(), p, o);
        self.hash = hash;
        Bitboard(flipped)
    }

    /// The disc counts, raw: each side's discs on the board.
    #[must_use]
    pub const fn score(&self) -> Score {
        Score { black: self.board.count(Color::Black), white: self.board.count(Color::White) }
    }

    /// The discs of the side to move minus the opponent's: the margin from the
    /// mover's view, an `i32` as [`Score::margin`].
    ///
    /// ```
    /// use reversi_core::{Move, Position, Square};
    /// let mut pos = Position::start();
    /// assert_eq!(pos.margin(), 0);
    /// pos.play(Move::Place(Square::F5))?; // Black 4, White 1; White to move
    /// assert_eq!(pos.margin(), -3);
    /// assert_eq!(pos.score().margin(reversi_core::Color::Black), 3);
    /// # Ok::<(), reversi_core::PlayError>(())
    /// ```
    #[must_use]
    pub const fn margin(&self) -> i32 {
        self.score().margin(self.side)
    }

    /// The disc counts with the empty squares given to the side with more discs
    /// (the WOF/GGS way; on a draw they are shared, so each side gets half).
    #[must_use]
    pub const fn score_empties_to_winner(&self) -> Score {
        self.score().with_empties_to_winner()
    }

    /// The result once the game is over; `None` while a side can still move.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.is_game_over().then(|| Outcome::from_score(self.score()))
    }

    /// The image of the position under a symmetry (the side to move is kept).
    #[must_use]
    pub fn transform(&self, symmetry: Symmetry) -> Position {
        Position::new(self.board.transform(symmetry), self.side)
    }

    /// The canonical form: of the eight images under [`Symmetry::ALL`], the one
    /// whose `(black, white)` bits are least (the first in [`Symmetry::ALL`]
    /// on a tie), with the symmetry that gives it. Positions that are
    /// symmetric images of each other share a canonical form.
    /// [`raw::canonical`](crate::raw::canonical) gives it from the raw sides.
    #[must_use]
    pub fn canonical(&self) -> (Position, Symmetry) {
        let (black, white) = (self.board.discs(Color::Black).0, self.board.discs(Color::White).0);
        let (_, _, symmetry) = least_image(black, white);
        (self.transform(symmetry), symmetry)
    }

    /// A display adapter drawing the board as a grid with coordinates.
    #[must_use]
    pub const fn pretty(&self) -> Pretty<'_> {
        Pretty(self)
    }
}

/// [`Position::play_placements`]' game as raw words: `p` is the side to
/// move, `side` its colour; no hash (computed once at the end).
///
/// Why not [`raw::Game`](crate::raw::Game): that one finds the mover's
/// moves and the end after every move (what a batch of games asks each
/// step), which a replay of a known list does not need and would pay for
/// twice a move. reversi-variants' `OthelloWords` is this state with the
/// hash kept up to date (its positions carry one); it cannot live here
/// without the variants' keys. All three move by [`kernel::place`].
struct Placements {
    p: u64,
    o: u64,
    side: Color,
    kernel: Runnable,
}

impl ReplayPosition for Placements {
    type Move = Square;
    type Reason = PlayError;

    #[inline(always)]
    fn play_if_legal(&mut self, sq: Square) -> bool {
        let f = kernel::placement_flips(self.p, self.o, sq.index());
        if f == 0 {
            return false;
        }
        (self.p, self.o) = kernel::place(self.p, self.o, sq.index(), f);
        self.side = self.side.other();
        true
    }

    fn is_pass(_: Square) -> bool {
        false
    }

    fn must_pass(&self) -> bool {
        must_pass(self.kernel, self.p, self.o)
    }

    fn pass(&mut self) {
        (self.p, self.o, self.side) = (self.o, self.p, self.side.other());
    }

    fn why_illegal(&self, sq: Square) -> PlayError {
        placement_refusal(self.kernel, self.p, self.o, sq)
    }
}

/// Whether the mover `p` must pass against `o`: no placement, and the game is
/// not over. [`Position::must_pass`] and [`Placements`] share it.
#[inline]
fn must_pass(k: Runnable, p: u64, o: u64) -> bool {
    k.moves(p, o) == 0 && k.moves(o, p) != 0
}

/// Whether neither `p` nor `o` can place a disc.
#[inline]
fn game_over(k: Runnable, p: u64, o: u64) -> bool {
    k.moves(p, o) == 0 && k.moves(o, p) == 0
}

/// Why the mover `p` cannot place on `sq` against `o`, for a placement that is
/// illegal (taken, or flipping nothing), in the one order of refusals that
/// [`Position::play`] and [`Position::play_placements`] report: occupied,
/// then game over, then no flips.
#[cold]
pub(crate) fn placement_refusal(k: Runnable, p: u64, o: u64, sq: Square) -> PlayError {
    if (p | o) & sq.bitboard().0 != 0 {
        PlayError::Occupied(sq)
    } else if game_over(k, p, o) {
        PlayError::GameOver
    } else {
        PlayError::NoFlips(sq)
    }
}

/// The legal [`Move`]s of a position; see [`Position::moves`].
#[derive(Clone, Debug)]
pub struct Moves {
    places: crate::bitboard::Squares,
    pass: bool,
}

impl Moves {
    /// No move at all.
    pub(crate) const fn none() -> Moves {
        Moves { places: Bitboard::EMPTY.iter(), pass: false }
    }
}

impl Iterator for Moves {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        if let Some(sq) = self.places.next() {
            return Some(Move::Place(sq));
        }
        core::mem::take(&mut self.pass).then_some(Move::Pass)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.places.len() + usize::from(self.pass);
        (n, Some(n))
    }
}

impl ExactSizeIterator for Moves {}
impl core::iter::FusedIterator for Moves {}

/// Draws a position as a grid: see [`Position::pretty`].
///
/// ```
/// let text = reversi_core::Position::start().pretty().to_string();
/// assert!(text.starts_with("  a b c d e f g h\n1 - - - - - - - -"));
/// assert!(text.ends_with("X to move"));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Pretty<'a>(&'a Position);

impl fmt::Display for Pretty<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pos = self.0;
        let cell = |c, r| Square::new(c, r).map_or('-', |sq| pos.board.square_char(sq));
        let to_move = (!pos.is_game_over()).then_some(pos.side);
        crate::grid::write_grid(f, (8, 8), cell, pos.score(), to_move)
    }
}

impl fmt::Display for Position {
    /// The RULES.md form: rows joined by `/`, a space, `X` or `O`. Width, fill
    /// and alignment apply to the whole line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::pad::pad_display(f, format_args!("{} {}", self.board, self.side))
    }
}
