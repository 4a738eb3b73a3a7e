//! A position of any variant on any board, with the rules of play.

use reversi_core::{Color, Outcome, Score, Symmetry};

use crate::bits::{BitSet, Wide};
use crate::error::{NotOthelloError, PlayError, StartError};
use crate::legal::Moves;
use crate::variant::{NO_ORIGIN, RawMove};
use crate::visit::{Apply, Destinations, IsMove, Placements, Status, visit};
use crate::words::OthelloWords;
use reversi_core::raw as othello;

use crate::{Geometry, Move, Square, SquareSet, Variant, zobrist};

/// A position: the variant, the board, the pieces and the side to move, with a
/// Zobrist hash kept up to date by every move.
///
/// One type for every game: standard 8x8 Reversi (no holes) is played on
/// reversi-core's kernel, with the fastest [`Backend`](crate::Backend) the CPU
/// has; every other variant and board on this crate's generic engine. The
/// choice is made inside: callers never branch on it, and the two agree move
/// for move (tested).
///
/// The hash is that of the pieces and the side to move. Its keys are
/// reversi-core's for the squares of the 8x8 board, so an 8x8 position hashes
/// as [`reversi_core::Position::hash`] does, whichever engine played it.
///
/// ```
/// use reversi_variants::{Geometry, Move, Position, Variant};
/// let mut pos = Position::start(Variant::Attacks, Geometry::new(7, 7)?)?;
/// assert_eq!(pos.moves().len(), 16);
/// let converted = pos.play("a1c3".parse()?)?;
/// assert!(converted.is_empty()); // nothing next to c3 to convert
/// assert_eq!(pos.to_string(), "------O/-------/--X----/-------/-------/-------/O-----X O");
///
/// let othello = Position::start(Variant::Reversi, Geometry::standard())?;
/// assert_eq!(othello.hash(), reversi_core::Position::start().hash());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serde::PositionRepr", into = "crate::serde::PositionRepr")
)]
pub struct Position {
    variant: Variant,
    geometry: Geometry,
    black: Wide,
    white: Wide,
    side: Color,
    hash: u64,
    /// Standard 8x8 Reversi, played on reversi-core's raw kernel (`othello::`
    /// here): a square's index (`row * 8 + column`) is its reversi-core index,
    /// so the pieces are the first words of `black` and `white`.
    othello: bool,
}

impl PartialEq for Position {
    /// The same variant, board, pieces and side to move (whichever engine
    /// plays them).
    fn eq(&self, other: &Position) -> bool {
        (self.variant, self.geometry, self.black, self.white, self.side)
            == (other.variant, other.geometry, other.black, other.white, other.side)
    }
}

impl Eq for Position {}

impl core::hash::Hash for Position {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        // The Zobrist hash is a function of what equality compares.
        (self.variant, self.geometry, self.hash).hash(state);
    }
}

impl Position {
    /// The default start of `variant` on `geometry` with Black to move (RULES.md).
    ///
    /// # Errors
    /// [`StartError`] when the start does not fit the board, a start square is
    /// obstructed, or two start squares coincide.
    pub fn start(variant: Variant, geometry: Geometry) -> Result<Position, StartError> {
        Position::start_with_first(variant, geometry, Color::Black)
    }

    /// The default start with `first` to move: the first-mover rule option.
    ///
    /// # Errors
    /// As [`Position::start`].
    pub fn start_with_first(variant: Variant, geometry: Geometry, first: Color) -> Result<Position, StartError> {
        if variant == Variant::Reversi && geometry == Geometry::standard() {
            return Ok(Position::from(reversi_core::Position::start_with_first(first)));
        }
        let (w, h) = (geometry.width(), geometry.height());
        let does_not_fit = StartError::DoesNotFit { variant, width: w, height: h };
        if w < 2 || h < 2 {
            return Err(does_not_fit);
        }
        let (c, r) = (w / 2 - 1, h / 2 - 1);
        let centre =
            [(c, r, Color::White), (c + 1, r, Color::Black), (c, r + 1, Color::Black), (c + 1, r + 1, Color::White)];
        let corners =
            [(0, 0, Color::Black), (w - 1, h - 1, Color::Black), (w - 1, 0, Color::White), (0, h - 1, Color::White)];
        let centre = if variant == Variant::Attacks { &[][..] } else { &centre[..] };
        let corners = if variant.moves_pieces() { &corners[..] } else { &[][..] };
        let mut pos = Position::empty(variant, geometry, first);
        for &(c, r, color) in centre.iter().chain(corners) {
            let sq = Square::new(c, r).ok_or(does_not_fit)?;
            if geometry.is_hole(sq) {
                return Err(StartError::Obstructed(sq));
            }
            if pos.get(sq).is_some() {
                return Err(StartError::Overlap(sq));
            }
            pos = pos.with_piece(sq, Some(color));
        }
        Ok(pos)
    }

    /// An empty board of `variant` and `geometry` with `side` to move: with
    /// [`with_piece`](Position::with_piece), the way to build any position.
    ///
    /// ```
    /// use reversi_variants::{Color, Geometry, Position, Square, Variant};
    /// let sq = Square::new(1, 0).expect("b1");
    /// let pos = Position::empty(Variant::Attacks, Geometry::new(3, 2)?, Color::White)
    ///     .with_piece(sq, Some(Color::Black));
    /// assert_eq!(pos.to_string(), "-X-/--- O");
    /// # Ok::<(), reversi_variants::GeometryError>(())
    /// ```
    #[must_use]
    pub fn empty(variant: Variant, geometry: Geometry, side: Color) -> Position {
        let hash = if side == Color::White { zobrist::SIDE_KEY } else { 0 };
        let othello = variant == Variant::Reversi && geometry == Geometry::standard();
        Position { variant, geometry, black: Wide::EMPTY, white: Wide::EMPTY, side, hash, othello }
    }

    /// The same position on this crate's generic engine even when it is
    /// standard 8x8 Reversi: for the tests that compare the two engines.
    ///
    /// Also for the tests, through [`PositionHooks`](crate::internal::PositionHooks).
    #[must_use]
    pub(crate) const fn on_generic_engine(mut self) -> Position {
        self.othello = false;
        self
    }

    /// Makes `self` a copy of `source`, as `*self = *source` does: between two
    /// 8x8 Reversi positions only the words that can differ are copied (a
    /// position is some 300 bytes, sized for every board), so that a replay
    /// keeping the position before each move copies 25 bytes a ply.
    ///
    /// Also [`Cursor`](crate::Cursor)'s.
    #[inline]
    pub(crate) fn copy_from(&mut self, source: &Position) {
        if self.othello && source.othello {
            // Both standard 8x8 Reversi: the same variant and board, and no
            // pieces beyond the first words.
            (self.black.0[0], self.white.0[0], self.side, self.hash) =
                (source.black.0[0], source.white.0[0], source.side, source.hash);
        } else {
            *self = *source;
        }
    }

    /// The position with `sq` set to a piece of `color` or emptied; a square that
    /// is off the board or obstructed is left as it is.
    #[must_use]
    pub fn with_piece(mut self, sq: Square, color: Option<Color>) -> Position {
        let Some(i) = self.geometry.index(sq).filter(|_| self.geometry.is_playable(sq)) else {
            return self;
        };
        let bit = Wide::bit(i);
        let (black, white) = match color {
            Some(Color::Black) => (self.black | bit, self.white & !bit),
            Some(Color::White) => (self.black & !bit, self.white | bit),
            None => (self.black & !bit, self.white & !bit),
        };
        self.set_pieces(black, white, self.side);
        self
    }

    /// The position with `side` to move, the pieces as they are.
    #[must_use]
    pub fn with_side_to_move(mut self, side: Color) -> Position {
        self.set_pieces(self.black, self.white, side);
        self
    }

    /// Replaces the pieces and the side, updating the hash from the changes.
    fn set_pieces(&mut self, black: Wide, white: Wide, side: Color) {
        self.hash ^= zobrist::keys(self.black ^ black, Color::Black) ^ zobrist::keys(self.white ^ white, Color::White);
        if side != self.side {
            self.hash ^= zobrist::SIDE_KEY;
        }
        (self.black, self.white, self.side) = (black, white, side);
    }

    /// The variant.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The board.
    #[must_use]
    pub const fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The side to move.
    #[must_use]
    pub const fn side_to_move(&self) -> Color {
        self.side
    }

    /// The Zobrist hash: equal positions hash equally (see the type's docs).
    #[must_use]
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    /// The piece on `sq`, if any (`None` also for holes and squares off the board).
    #[must_use]
    pub fn get(&self, sq: Square) -> Option<Color> {
        let i = self.geometry.index(sq)?;
        if self.black.has(i) {
            Some(Color::Black)
        } else if self.white.has(i) {
            Some(Color::White)
        } else {
            None
        }
    }

    /// The number of pieces of `color`.
    #[must_use]
    pub fn count(&self, color: Color) -> usize {
        match color {
            Color::Black => self.black.count() as usize,
            Color::White => self.white.count() as usize,
        }
    }

    /// The empty squares: the playable squares (holes are not squares to
    /// play) that hold no piece. The solver's depth, the referee's
    /// adjudication limit and the datasets' labels all count these.
    ///
    /// ```
    /// use reversi_variants::{Geometry, Position, Variant};
    /// let holes = Geometry::new(4, 4)?.with_holes(["a1".parse()?])?;
    /// assert_eq!(Position::start(Variant::Reversi, holes)?.empties(), 11);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn empties(&self) -> usize {
        self.geometry.playable_count().saturating_sub(self.count(Color::Black) + self.count(Color::White))
    }

    /// The squares holding pieces of `color`, row by row.
    pub fn pieces(&self, color: Color) -> impl Iterator<Item = Square> + '_ {
        let set = if color == Color::Black { self.black } else { self.white };
        set.indices().map(|i| self.geometry.square(i))
    }

    /// `(mover, opponent)` as wide sets.
    pub(crate) fn sides(&self) -> (Wide, Wide) {
        match self.side {
            Color::Black => (self.black, self.white),
            Color::White => (self.white, self.black),
        }
    }

    /// `(mover, opponent)` on the 8x8 board: reversi-core's bitboards.
    #[inline]
    fn words(&self) -> (u64, u64) {
        let (black, white) = (self.black.0[0], self.white.0[0]);
        if self.side == Color::Black { (black, white) } else { (white, black) }
    }

    /// reversi-core's position, when this one is standard 8x8 Reversi (and so
    /// played on reversi-core): the way down to reversi-core's own API, its
    /// raw kernel and its shared perft tables. `None` for any other game.
    ///
    /// ```
    /// use reversi_variants::{Geometry, Position, Variant};
    /// let pos = Position::start(Variant::Reversi, Geometry::standard())?;
    /// assert_eq!(pos.to_othello(), Some(reversi_core::Position::start()));
    /// assert_eq!(Position::start(Variant::Attacks, Geometry::standard())?.to_othello(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn to_othello(&self) -> Option<reversi_core::Position> {
        self.othello.then(|| reversi_core::Position::new(self.othello_board(), self.side))
    }

    fn othello_board(&self) -> reversi_core::Board {
        let bits = |w: Wide| reversi_core::Bitboard(w.0[0]);
        reversi_core::Board::new(bits(self.black), bits(self.white))
            .unwrap_or_else(|_| unreachable!("a position's sides are disjoint"))
    }

    fn raw_of(&self, mv: Move) -> Option<RawMove> {
        let index = |sq| self.geometry.index(sq).map(|i| i as u16);
        match mv {
            Move::Place(to) => Some(RawMove { to: index(to)?, from: NO_ORIGIN }),
            Move::Jump { from, to } => Some(RawMove { to: index(to)?, from: index(from)? }),
            Move::Pass => None,
        }
    }

    fn status(&self) -> Status {
        if self.othello {
            let (p, o) = self.words();
            let mine = u64::from(othello::moves(p, o).count_ones());
            let theirs = if mine == 0 { u64::from(othello::moves(o, p).count_ones()) } else { 0 };
            return Status::of(false, mine, theirs);
        }
        visit(self.variant, self.geometry, self.sides(), Placements).0
    }

    /// The legal moves, lazily and without allocating: placements and clones
    /// by square (row by row), then jumps by origin and destination; a single
    /// [`Move::Pass`] when the side to move has no other move and the game is
    /// not over; nothing once it is over. As reversi-core's
    /// [`Position::moves`](reversi_core::Position::moves), of which it is the
    /// same list on the 8x8 board.
    ///
    /// ```
    /// use reversi_variants::{Geometry, Move, Position, Variant};
    /// let pos = Position::start(Variant::Attacks, Geometry::new(5, 5)?)?;
    /// let moves: Vec<String> = pos.moves().map(|m| m.to_string()).collect();
    /// assert_eq!(moves[..6], ["b1", "a2", "b2", "d4", "e4", "d5"]); // clones, by square
    /// assert_eq!(moves[6..8], ["a1c1", "a1c2"]); // then jumps, by origin
    /// assert_eq!(pos.moves().len(), 16);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn moves(&self) -> Moves {
        if let Some(core) = self.othello_moves() {
            return core;
        }
        let (status, places) = visit(self.variant, self.geometry, self.sides(), Placements);
        let (w, h) = (self.geometry.width(), self.geometry.height());
        let (count, pass) = match status {
            Status::Moves(n) => (n as usize, false),
            Status::MustPass => (0, true),
            Status::Over => (0, false),
        };
        let (p, o) = self.sides();
        let origins = if self.variant.moves_pieces() && count > 0 { p } else { Wide::EMPTY };
        let empty = self.geometry.playable_set() & !(p | o);
        Moves::any(w, h, places, origins, empty, count, pass)
    }

    fn othello_moves(&self) -> Option<Moves> {
        self.othello.then(|| {
            let (p, o) = self.words();
            let places = othello::moves(p, o);
            let pass = places == 0 && othello::moves(o, p) != 0;
            Moves::othello(reversi_core::Bitboard(places), pass)
        })
    }

    /// The squares that a legal move lands on, as a set: for Reversi the
    /// placements (reversi-core's [`legal_moves`](reversi_core::Position::legal_moves)
    /// on the 8x8 board); for Reversitacks and Attacks every clone and jump
    /// destination. Empty when the side to move must pass or the game is over.
    ///
    /// Its length counts squares, not moves: a square reached by a clone and
    /// by jumps is one destination but several moves. [`moves`](Position::moves)
    /// counts moves (`moves().len()`), in every game.
    ///
    /// ```
    /// use reversi_variants::{Position, Variant};
    /// // a1 clones to b1, a2, b2 and jumps to c1, c2, a3, b3: seven of each.
    /// let pos = Position::from_text(Variant::Attacks, "X--/---/--O X")?;
    /// assert_eq!((pos.destinations().len(), pos.moves().len()), (7, 7));
    /// // With c1 too: b1 and b2 are one clone each (from either piece); c2,
    /// // a2, a3 and b3 are also jumps (a1c2, c1a2, a1a3, c1a3, a1b3, c1b3).
    /// let pos = Position::from_text(Variant::Attacks, "X-X/---/--O X")?;
    /// assert_eq!((pos.destinations().len(), pos.moves().len()), (6, 10));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn destinations(&self) -> SquareSet {
        let bits = if self.othello {
            let (p, o) = self.words();
            Wide::from_u64(othello::moves(p, o))
        } else {
            visit(self.variant, self.geometry, self.sides(), Destinations)
        };
        SquareSet::new(self.geometry, bits)
    }

    /// Whether neither side can move, or (Reversitacks, Attacks) a side has no
    /// pieces left.
    #[must_use]
    pub fn is_game_over(&self) -> bool {
        self.status() == Status::Over
    }

    /// Whether the side to move has no move but a pass.
    #[must_use]
    pub fn must_pass(&self) -> bool {
        self.status() == Status::MustPass
    }

    /// Whether `mv` is legal here.
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        let Some(raw) = self.raw_of(mv) else {
            return mv == Move::Pass && self.must_pass();
        };
        let jump = raw.from != NO_ORIGIN;
        if !self.geometry.is_playable(mv.to().unwrap_or_else(|| unreachable!("not a pass"))) {
            false
        } else if self.othello {
            let (p, o) = self.words();
            let to = usize::from(raw.to);
            !jump && (p | o) >> to & 1 == 0 && othello::flips(p, o, to) != 0
        } else {
            !(jump && self.variant == Variant::Reversi) && visit(self.variant, self.geometry, self.sides(), IsMove(raw))
        }
    }

    /// Plays a legal move and returns the pieces it converted (flipped or
    /// captured; empty for a pass), as reversi-core's
    /// [`play`](reversi_core::Position::play) returns its flips.
    ///
    /// # Errors
    /// [`PlayError`] naming why the move is illegal; the position is unchanged.
    #[inline]
    pub fn play(&mut self, mv: Move) -> Result<SquareSet, PlayError> {
        match self.play_othello(mv) {
            Some(flipped) => flipped.map(|f| SquareSet::new(self.geometry, Wide::from_u64(f))),
            None => self.play_checked(mv),
        }
    }

    /// [`play`](Position::play) without the pieces it converted: the same
    /// checks, the same position after. `try_play` is a checked play that
    /// returns a `Result`, as in cozy-chess; here [`play`](Position::play) is
    /// one too, and returns the converted pieces besides. For replays and searches that do not
    /// look at them: a [`SquareSet`] is sized for the largest board, and
    /// making one costs more than an 8x8 move.
    ///
    /// ```
    /// use reversi_variants::{Geometry, Position, Variant};
    /// let mut pos = Position::start(Variant::Reversi, Geometry::standard())?;
    /// let mut played = pos;
    /// pos.try_play("f5".parse()?)?;
    /// played.play("f5".parse()?)?;
    /// assert_eq!((pos, pos.hash()), (played, played.hash()));
    /// assert!(pos.try_play("a1".parse()?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`PlayError`] naming why the move is illegal; the position is unchanged.
    #[inline(always)]
    pub fn try_play(&mut self, mv: Move) -> Result<(), PlayError> {
        match self.play_othello(mv) {
            Some(flipped) => flipped.map(|_| ()),
            None => self.play_checked(mv).map(|_| ()),
        }
    }

    /// The 8x8 fast path of [`play`](Position::play), the flips being the
    /// legality test: the flipped discs, or why the move is illegal; `None`
    /// when the move is not an 8x8 Reversi placement on the board (the
    /// general path's to play).
    #[inline(always)]
    fn play_othello(&mut self, mv: Move) -> Option<Result<u64, PlayError>> {
        let (mut words, at, f) = self.othello_placement(mv)?;
        if f == 0 {
            return Some(Err(self.why_illegal(mv)));
        }
        words.place(at, f);
        self.set_othello_words(&words);
        Some(Ok(f))
    }

    /// The 8x8 fast path's look at `mv`: the position's words, the square and
    /// the discs it flips (0: illegal); `None` when the move is not an 8x8
    /// Reversi placement on the board.
    #[inline(always)]
    fn othello_placement(&self, mv: Move) -> Option<(OthelloWords, usize, u64)> {
        let words = self.othello_words()?;
        let (at, f) = words.placement(mv)?;
        Some((words, at, f))
    }

    /// The position as raw words, when it is standard 8x8 Reversi played on
    /// reversi-core's kernel; `None` otherwise.
    ///
    /// Also [`Cursor`](crate::Cursor)'s.
    #[inline(always)]
    #[must_use]
    pub(crate) fn othello_words(&self) -> Option<OthelloWords> {
        self.othello.then(|| {
            let (p, o) = self.words();
            OthelloWords::new(p, o, self.side, self.hash)
        })
    }

    /// Makes `self` the position of `words`: a standard 8x8 Reversi position
    /// (whatever it was before; only the words that can differ are written
    /// when it was one already).
    ///
    /// Also [`Cursor`](crate::Cursor)'s.
    #[inline(always)]
    pub(crate) fn set_othello_words(&mut self, words: &OthelloWords) {
        if !self.othello {
            self.become_othello();
        }
        let (black, white) = words.black_white();
        (self.black.0[0], self.white.0[0], self.side, self.hash) = (black, white, words.side, words.hash);
    }

    /// Makes `self` an empty standard 8x8 Reversi position: the rare half of
    /// [`set_othello_words`](Position::set_othello_words), kept out of the
    /// replay loops.
    #[cold]
    #[inline(never)]
    fn become_othello(&mut self) {
        *self = Position::empty(Variant::Reversi, Geometry::standard(), self.side);
    }

    /// [`try_play`](Position::try_play) without the reason: whether `mv` was
    /// played (when not, the position is unchanged), the same checks. A
    /// replay that infers passes tries every move first and asks why
    /// ([`why_illegal`](Position::why_illegal)) only when no forced pass
    /// explains the failure: reversi-core's `play_or_pass`, through this
    /// crate's `ReplayPosition` implementation.
    #[inline(always)]
    pub(crate) fn play_if_legal(&mut self, mv: Move) -> bool {
        match self.othello_placement(mv) {
            Some((_, _, 0)) => false,
            Some((mut words, at, f)) => {
                words.place(at, f);
                self.set_othello_words(&words);
                true
            }
            None if self.is_legal(mv) => {
                self.play_unchecked(mv);
                true
            }
            None => false,
        }
    }

    /// [`play`](Position::play) off the 8x8 fast path.
    fn play_checked(&mut self, mv: Move) -> Result<SquareSet, PlayError> {
        if !self.is_legal(mv) {
            return Err(self.why_illegal(mv));
        }
        Ok(self.play_unchecked(mv))
    }

    /// Passes the turn.
    ///
    /// # Errors
    /// [`PlayError::PassWithMoves`] or [`PlayError::GameOver`].
    pub fn pass(&mut self) -> Result<(), PlayError> {
        self.play(Move::Pass).map(|_| ())
    }

    /// Plays `mv` without checking it and returns the pieces that changed
    /// colour. For a legal move this is [`play`](Position::play) without the
    /// checks; for an illegal one it is still safe: the board stays
    /// consistent, a move to a square off the board or obstructed only hands
    /// over the turn, and a destination's old piece is replaced.
    pub fn play_unchecked(&mut self, mv: Move) -> SquareSet {
        let raw = match mv {
            Move::Pass => None,
            Move::Place(to) | Move::Jump { to, .. } if !self.geometry.is_playable(to) => None,
            Move::Jump { from, .. } if !self.geometry.contains(from) || self.variant == Variant::Reversi => {
                self.raw_of(Move::Place(mv.to().unwrap_or_else(|| unreachable!())))
            }
            _ => self.raw_of(mv),
        };
        let Some(raw) = raw else {
            // A pass (or a move off the board) only hands over the turn.
            self.side = !self.side;
            self.hash ^= zobrist::SIDE_KEY;
            return SquareSet::new(self.geometry, Wide::EMPTY);
        };
        if let Some(words) = self.othello_words() {
            let (p, o) = (words.p, words.o);
            let (at, bit) = (usize::from(raw.to), 1u64 << raw.to);
            // A piece on `at` is replaced: taken off first.
            let hash = words.hash ^ zobrist::keys(p & bit, self.side) ^ zobrist::keys(o & bit, !self.side);
            let mut words = OthelloWords { p: p & !bit, o: o & !bit, hash, ..words };
            let f = words.flips(at);
            words.place(at, f);
            self.set_othello_words(&words);
            return SquareSet::new(self.geometry, Wide::from_u64(o & bit | f));
        }
        let o = self.sides().1;
        let (np, no) = visit(self.variant, self.geometry, self.sides(), Apply(Some(raw)));
        let (black, white) = if self.side == Color::Black { (np, no) } else { (no, np) };
        self.set_pieces(black, white, !self.side);
        SquareSet::new(self.geometry, o & np)
    }

    /// Why `mv` is illegal here, as [`play`](Position::play) says it (for a
    /// legal move the answer means nothing).
    ///
    /// `ReplayPosition`'s, after [`play_if_legal`](Position::play_if_legal).
    #[cold]
    #[must_use]
    pub(crate) fn why_illegal(&self, mv: Move) -> PlayError {
        let over = self.is_game_over();
        let check_to = |to: Square| {
            if !self.geometry.contains(to) {
                Err(PlayError::OffBoard(to))
            } else if self.geometry.is_hole(to) {
                Err(PlayError::Obstructed(to))
            } else if self.get(to).is_some() {
                Err(PlayError::Occupied(to))
            } else {
                Ok(())
            }
        };
        match mv {
            Move::Pass if over => PlayError::GameOver,
            Move::Pass => PlayError::PassWithMoves,
            Move::Place(to) => match check_to(to) {
                Err(e) => e,
                Ok(()) if over => PlayError::GameOver,
                Ok(()) if self.variant == Variant::Reversi => PlayError::NoFlips(to),
                Ok(()) => PlayError::NothingToClone(to),
            },
            Move::Jump { .. } if self.variant == Variant::Reversi => PlayError::JumpInReversi,
            Move::Jump { from, to } => {
                if !self.geometry.contains(from) {
                    PlayError::OffBoard(from)
                } else if let Err(e) = check_to(to) {
                    e
                } else if over {
                    PlayError::GameOver
                } else if self.get(from) != Some(self.side) {
                    PlayError::NotOwnPiece(from)
                } else {
                    PlayError::NotAJump { from, to }
                }
            }
        }
    }

    /// The piece counts.
    #[must_use]
    pub fn score(&self) -> Score {
        Score { black: self.count(Color::Black), white: self.count(Color::White) }
    }

    /// The pieces of the side to move minus the opponent's: the margin from the
    /// mover's view, an `i32` as [`Score::margin`].
    ///
    /// ```
    /// use reversi_variants::{Geometry, Position, Variant};
    /// let mut pos = Position::start(Variant::Attacks, Geometry::new(7, 7)?)?;
    /// pos.play("b1".parse()?)?; // a clone: Black 3, White 2; White to move
    /// assert_eq!(pos.margin(), -1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn margin(&self) -> i32 {
        self.score().margin(self.side)
    }

    /// The counts with the empty playable squares given to the side with more
    /// pieces, or shared on a tie (the WOF/GGS way).
    #[must_use]
    pub fn score_empties_to_winner(&self) -> Score {
        self.score().with_empties_to_winner_on(self.geometry.playable_count())
    }

    /// The result once the game is over; `None` while it goes on.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.is_game_over().then(|| Outcome::from_score(self.score()))
    }

    /// The image under a symmetry of the board, if it is one (see
    /// [`Geometry::symmetries`]).
    #[must_use]
    pub fn transform(&self, symmetry: Symmetry) -> Option<Position> {
        if !self.geometry.symmetries().any(|s| s == symmetry) {
            return None;
        }
        let mut image = Position::empty(self.variant, self.geometry, self.side);
        image.othello = self.othello;
        for color in Color::ALL {
            for sq in self.pieces(color) {
                image = image.with_piece(self.geometry.map(symmetry, sq)?, Some(color));
            }
        }
        Some(image)
    }

    /// The canonical form: of the images under the board's symmetries
    /// ([`Geometry::symmetries`]), the one whose `(black, white)` sets are
    /// least (as numbers, square index 0 the lowest bit), with the symmetry that
    /// gives it. Positions that are symmetric images of each other share a
    /// canonical form; on standard 8x8 Reversi it is reversi-core's
    /// [`canonical`](reversi_core::Position::canonical).
    ///
    /// ```
    /// use reversi_variants::{Geometry, Move, Position, Variant};
    /// let start = Position::start(Variant::Attacks, Geometry::new(5, 5)?)?;
    /// let (mut a, mut b) = (start, start);
    /// a.play("b2".parse::<Move>()?)?;
    /// b.play("d4".parse::<Move>()?)?; // the same clone, mirrored
    /// assert_ne!(a, b);
    /// assert_eq!(a.canonical().0, b.canonical().0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn canonical(&self) -> (Position, Symmetry) {
        if let Some(core) = self.to_othello() {
            let (canonical, symmetry) = core.canonical();
            return (Position::from(canonical), symmetry);
        }
        let key = |p: &Position| {
            let mut words = [p.black.0, p.white.0];
            words.iter_mut().for_each(|w| w.reverse());
            words
        };
        self.geometry
            .symmetries()
            .filter_map(|s| Some((self.transform(s)?, s)))
            .min_by_key(|(image, _)| key(image))
            .unwrap_or((*self, Symmetry::Identity))
    }
}

/// The forced-pass rule of records, reversi-core's [`play_or_pass`](reversi_core::internal::play_or_pass),
/// on this position: what [`Cursor`](crate::Cursor) steps through.
impl reversi_core::internal::ReplayPosition for Position {
    type Move = Move;
    type Reason = PlayError;

    #[inline(always)]
    fn play_if_legal(&mut self, mv: Move) -> bool {
        Position::play_if_legal(self, mv)
    }

    fn is_pass(mv: Move) -> bool {
        mv == Move::Pass
    }

    fn must_pass(&self) -> bool {
        Position::must_pass(self)
    }

    fn pass(&mut self) {
        self.play_unchecked(Move::Pass);
    }

    fn why_illegal(&self, mv: Move) -> PlayError {
        Position::why_illegal(self, mv)
    }
}

impl From<reversi_core::Position> for Position {
    /// The same 8x8 Reversi position (squares share their indices).
    fn from(p: reversi_core::Position) -> Position {
        let discs = |c| Wide::from_u64(p.board().discs(c).into());
        let (black, white) = (discs(Color::Black), discs(Color::White));
        Position {
            black,
            white,
            hash: p.hash(),
            ..Position::empty(Variant::Reversi, Geometry::standard(), p.side_to_move())
        }
    }
}

impl TryFrom<Position> for reversi_core::Position {
    type Error = NotOthelloError;

    /// The same position on reversi-core's 8x8 board.
    ///
    /// # Errors
    /// [`NotOthelloError`] for another variant or board.
    fn try_from(p: Position) -> Result<reversi_core::Position, NotOthelloError> {
        let g = p.geometry;
        let not = NotOthelloError { variant: p.variant, width: g.width(), height: g.height() };
        if p.variant != Variant::Reversi || g != Geometry::standard() {
            return Err(not);
        }
        // On the 8x8 board every square is in the first word, at core's index.
        let bits = |w: Wide| reversi_core::Bitboard(w.0[0]);
        reversi_core::Position::from_discs(bits(p.black), bits(p.white), p.side).map_err(|_| not)
    }
}
