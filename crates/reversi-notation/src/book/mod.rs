//! Edax opening books: the binary `book.dat` that Edax 4.4 to 4.6 write
//! ([`Book::read`], [`BookReader`], [`Book::write`]), a text form to convert
//! to and from ([`Book::to_text`], [`Book::from_text`]), and positions
//! looked up under the 8 symmetries ([`Book::find`]).
//!
//! The layout, as Edax's public source defines it (little-endian):
//!
//! - a 42-byte header: `EDAX` (`0x45444158`) and `BOOK` (`0x424f4f4b`) as
//!   32-bit words, the version (4) and release bytes, the date (year as 16
//!   bits, month, day, hour, minute, second, a byte of padding), the
//!   options (level, empties, midgame error, endcut error, verbosity: 32-bit
//!   words) and the number of positions (32 bits);
//! - then each position: the discs of the side to move and of the other side
//!   (64 bits each, bit 0 `a1`, bit 63 `h8`), the wins, draws, losses and
//!   unfinished lines counted through it (32 bits each), its value with its
//!   lower and upper bounds (16 bits each), the number of links and the
//!   level (a byte each), the links (a byte of score, a byte of move: `0` to
//!   `63` a square, `64` a pass, `65` none), then the leaf (the best move not
//!   linked), a link too.
//!
//! The text form: a first line `% edax-book version=4 release=6
//! date=2026-12-06T07:00:00 level=21 empties=24 midgame-error=4
//! endcut-error=4 verbosity=0`, then a line a position: its 64 squares (the
//! side to move's discs `X`, the other side's `O`, as stored), then
//! `value=0 lower=-2 upper=2 wins=3 draws=1 losses=2 lines=0 level=21
//! leaf=d3:-1 links=f5:+0,e6:+1` (moves are squares, `pass` or `none`, each
//! with its score). Blank lines and other `%` or `#` lines are comments.
//!
//! A position is stored in the one of its 8 symmetric forms whose discs, side
//! to move first, are the least; its links' moves are on that form.
//!
//! Reading checks everything it can (the header, discs that overlap, link
//! moves that are not legal or repeat, scores out of range, a position
//! stored twice, a truncated position): a hostile file is one clear error
//! at its byte offset, never a panic or an allocation the bytes do not pay
//! for (a position is at most 554 bytes; the declared count is not trusted).
//!
//! ```
//! use reversi_notation::book::{Book, BookLink, BookPosition};
//! let start = reversi_core::Position::start();
//! let mut book = Book::new();
//! let mut position = BookPosition::of(&start);
//! position.links.push(BookLink::new("f5".parse()?, 0));
//! book.push(position)?;
//! let bytes = book.to_bytes();
//! let back = Book::read(bytes.as_slice())?;
//! assert_eq!(back, book);
//! // Found from any of the 8 symmetric openings' positions, moves in its frame.
//! let found = back.find(&start).expect("the start is in the book");
//! assert_eq!(found.links().next(), Some(("f5".parse()?, 0)));
//! assert_eq!(Book::from_text(&back.to_text())?, back);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod binary;
mod text;

use std::collections::HashMap;

use reversi_core::{Bitboard, Board, Color, Move, Position, Square, Symmetry};

pub use binary::BookReader;

/// The first word of a book: `EDAX`.
const EDAX: u32 = 0x4544_4158;
/// The second word: `BOOK`.
const BOOK: u32 = 0x424f_4f4b;
/// The version Edax 4.x books carry.
pub const VERSION: u8 = 4;
/// The release this writer writes (Edax 4.6's).
pub const RELEASE: u8 = 6;
/// A link's move for a pass.
const PASS: u8 = 64;
/// A link's move for none (a leaf without a move).
const NO_MOVE: u8 = 65;
/// The largest score a book holds (Edax's `SCORE_INF`).
const SCORE_INF: i16 = 127;

/// When a book was saved, as Edax writes it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[allow(missing_docs, reason = "the fields are named as they read")]
pub struct BookDate {
    pub year: i16,
    pub month: u8,
    pub day: u8,
    pub hour: u8,
    pub minute: u8,
    pub second: u8,
}

/// A book's header: its version and the options it was built with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookHeader {
    /// The format's version: 4.
    pub version: u8,
    /// Edax's release that wrote it (4 to 6).
    pub release: u8,
    /// When it was saved.
    pub date: BookDate,
    /// The search level its positions were evaluated at.
    pub level: i32,
    /// The fewest empty squares of its positions.
    pub empties: i32,
    /// The midgame error allowed when it was built.
    pub midgame_error: i32,
    /// The endgame error allowed when it was built.
    pub endcut_error: i32,
    /// Edax's verbosity when it was built.
    pub verbosity: i32,
}

impl Default for BookHeader {
    /// A new book's header: version 4, release 6, everything else 0.
    fn default() -> BookHeader {
        BookHeader {
            version: VERSION,
            release: RELEASE,
            date: BookDate::default(),
            level: 0,
            empties: 0,
            midgame_error: 0,
            endcut_error: 0,
            verbosity: 0,
        }
    }
}

/// A move of a book position with its score: a link to the position it
/// leads to, or the leaf (the best move not linked).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookLink {
    /// The score of the move, for the side to move.
    pub score: i8,
    /// The move as Edax numbers it: `0` (`a1`) to `63` (`h8`), `64` a pass,
    /// `65` none.
    pub code: u8,
}

impl BookLink {
    /// The link of `mv` with `score`.
    #[must_use]
    pub fn new(mv: Move, score: i8) -> BookLink {
        BookLink { score, code: move_code(mv) }
    }

    /// A leaf without a move, as Edax writes one (score -127).
    #[must_use]
    pub const fn none() -> BookLink {
        BookLink { score: -(SCORE_INF as i8), code: NO_MOVE }
    }

    /// The move, `None` for none.
    #[must_use]
    pub fn mv(self) -> Option<Move> {
        match self.code {
            PASS => Some(Move::Pass),
            code => Square::from_index(usize::from(code)).map(Move::Place),
        }
    }
}

/// A move's code: its square's index, or 64 for a pass.
fn move_code(mv: Move) -> u8 {
    match mv {
        Move::Pass => PASS,
        Move::Place(sq) => sq.index() as u8,
    }
}

/// A position of a book with what Edax keeps of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookPosition {
    /// The discs of the side to move (bit 0 `a1`).
    pub player: u64,
    /// The discs of the other side.
    pub opponent: u64,
    /// Games won through it.
    pub wins: u32,
    /// Games drawn through it.
    pub draws: u32,
    /// Games lost through it.
    pub losses: u32,
    /// Lines through it not played to their end.
    pub lines: u32,
    /// Its value for the side to move.
    pub value: i16,
    /// The lower bound of its value.
    pub lower: i16,
    /// The upper bound of its value.
    pub upper: i16,
    /// The search level it was evaluated at.
    pub level: u8,
    /// Its moves that lead to other positions of the book (at most 255).
    pub links: Vec<BookLink>,
    /// Its best move not linked.
    pub leaf: BookLink,
}

impl BookPosition {
    /// `position`, in the form the book stores it (the least of its 8
    /// symmetric forms), without links, counts or scores.
    #[must_use]
    pub fn of(position: &Position) -> BookPosition {
        let ((player, opponent), _) = unique(position.player().0, position.opponent().0);
        BookPosition {
            player,
            opponent,
            wins: 0,
            draws: 0,
            losses: 0,
            lines: 0,
            value: 0,
            lower: -64,
            upper: 64,
            level: 0,
            links: Vec::new(),
            leaf: BookLink::none(),
        }
    }

    /// The position, the side to move (whose discs are `player`) playing
    /// `side_to_move` (a book does not say which colour moves).
    #[must_use]
    pub fn position(&self, side_to_move: Color) -> Position {
        let (player, opponent) = (Bitboard(self.player), Bitboard(self.opponent));
        let board = match side_to_move {
            Color::Black => Board::new(player, opponent),
            Color::White => Board::new(opponent, player),
        };
        // Read positions never overlap (checked); one made in memory may.
        Position::new(board.unwrap_or_default(), side_to_move)
    }

    /// The side to move's legal moves.
    fn legal(&self) -> u64 {
        Board::new(Bitboard(self.player), Bitboard(self.opponent)).map_or(0, |b| b.legal_moves(Color::Black).0)
    }
}

/// The least of the 8 symmetric forms of the discs `(player, opponent)`,
/// side to move first, and the symmetry that makes it.
pub(crate) fn unique(player: u64, opponent: u64) -> ((u64, u64), Symmetry) {
    Symmetry::ALL
        .into_iter()
        .map(|s| ((s.apply_u64(player), s.apply_u64(opponent)), s))
        .min_by_key(|&(discs, _)| discs)
        .unwrap_or(((player, opponent), Symmetry::Identity))
}

/// A position of a book found from a position in another frame:
/// [`Book::find`].
#[derive(Clone, Copy, Debug)]
pub struct Found<'a> {
    /// The position as the book stores it.
    pub stored: &'a BookPosition,
    /// The symmetry that takes the position asked for to the stored one.
    pub symmetry: Symmetry,
}

impl Found<'_> {
    /// The links, their moves in the frame of the position asked for.
    pub fn links(&self) -> impl Iterator<Item = (Move, i8)> + '_ {
        let back = self.symmetry.inverse();
        self.stored.links.iter().filter_map(move |l| Some((transformed(l.mv()?, back), l.score)))
    }

    /// The leaf, its move in the frame of the position asked for.
    #[must_use]
    pub fn leaf(&self) -> Option<(Move, i8)> {
        Some((transformed(self.stored.leaf.mv()?, self.symmetry.inverse()), self.stored.leaf.score))
    }
}

fn transformed(mv: Move, symmetry: Symmetry) -> Move {
    match mv {
        Move::Place(sq) => Move::Place(sq.transform(symmetry)),
        Move::Pass => Move::Pass,
    }
}

/// An Edax opening book: its header and positions, in the order read.
#[derive(Clone, Debug, Default)]
pub struct Book {
    /// The header.
    pub header: BookHeader,
    positions: Vec<BookPosition>,
    index: HashMap<(u64, u64), u32>,
}

impl PartialEq for Book {
    fn eq(&self, other: &Book) -> bool {
        self.header == other.header && self.positions == other.positions
    }
}

/// Why a book does not read (or a position cannot join one).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BookError {
    /// The first 8 bytes are not `EDAX` `BOOK`.
    #[error("not an Edax book: expected the words EDAX BOOK at byte 0, found {found:02x?}")]
    NotABook {
        /// The bytes found.
        found: Vec<u8>,
    },
    /// A version other than 4.
    #[error("an Edax book of version {version}: expected version 4 (Edax 4.x)")]
    Version {
        /// The version found.
        version: u8,
    },
    /// The bytes end inside the header or a position.
    #[error("byte {offset}: the book ends inside {what}")]
    Truncated {
        /// Where the cut part starts.
        offset: u64,
        /// What was being read.
        what: &'static str,
    },
    /// A position that cannot be.
    #[error("byte {offset}: position {index}: {what}")]
    Position {
        /// Where the position starts (0 for one given in memory).
        offset: u64,
        /// Its number (1-based).
        index: usize,
        /// What is wrong.
        what: String,
    },
    /// The text form does not read.
    #[error("{0}")]
    Text(#[from] crate::SyntaxError),
    /// The input could not be read.
    #[error("{message}")]
    Io {
        /// The kind of the I/O error.
        kind: std::io::ErrorKind,
        /// Its message.
        message: String,
    },
}

impl Book {
    /// An empty book with the default header.
    #[must_use]
    pub fn new() -> Book {
        Book::default()
    }

    /// Reads a whole `book.dat`.
    ///
    /// # Errors
    /// [`BookError`], located at its byte offset: not a book, another version,
    /// a truncated or impossible position, a position stored twice, an I/O error.
    pub fn read(reader: impl std::io::Read) -> Result<Book, BookError> {
        let mut positions = BookReader::new(reader)?;
        let mut book = Book { header: *positions.header(), ..Book::default() };
        while let Some(position) = positions.next() {
            let offset = positions.offset();
            book.push(position?).map_err(|e| match e {
                BookError::Position { index, what, .. } => BookError::Position { offset, index, what },
                e => e,
            })?;
        }
        Ok(book)
    }

    /// The positions, in the order read or pushed.
    #[must_use]
    pub fn positions(&self) -> &[BookPosition] {
        &self.positions
    }

    /// Adds a position (stored as it is: [`BookPosition::of`] gives the form
    /// the book looks positions up in).
    ///
    /// # Errors
    /// [`BookError::Position`] (offset 0): the position is in the book
    /// already, or cannot be (its sides' discs overlap, a link or the leaf is
    /// no legal move, a link repeats, a score is out of -127 to 127).
    pub fn push(&mut self, position: BookPosition) -> Result<(), BookError> {
        let index = self.positions.len() + 1;
        check(&position).map_err(|what| BookError::Position { offset: 0, index, what })?;
        let key = (position.player, position.opponent);
        if let Some(&first) = self.index.get(&key) {
            let what = format!("the position of position {} again", first + 1);
            return Err(BookError::Position { offset: 0, index, what });
        }
        let at = u32::try_from(self.positions.len()).map_err(|_| BookError::Position {
            offset: 0,
            index,
            what: "more positions than a book holds".into(),
        })?;
        self.index.insert(key, at);
        self.positions.push(position);
        Ok(())
    }

    /// The book's entry for `position` in any of its 8 symmetric forms.
    #[must_use]
    pub fn find(&self, position: &Position) -> Option<Found<'_>> {
        let (key, symmetry) = unique(position.player().0, position.opponent().0);
        let &at = self.index.get(&key)?;
        Some(Found { stored: &self.positions[at as usize], symmetry })
    }
}

/// What makes a position impossible: discs that overlap, a link or leaf
/// that is no legal move (a pass only without one), links that repeat a
/// move, a value or bound out of -127 to 127.
fn check(p: &BookPosition) -> Result<(), String> {
    if p.player & p.opponent != 0 {
        return Err(format!("the two sides' discs overlap ({:#018x})", p.player & p.opponent));
    }
    let legal = p.legal();
    let fits = |code: u8| match code {
        PASS => legal == 0,
        code if code < 64 => legal >> code & 1 == 1,
        _ => false,
    };
    let mut seen = 0u128;
    for link in &p.links {
        if !fits(link.code) {
            return Err(format!("a link's move {} is not legal in the position", code_text(link.code)));
        }
        if seen >> link.code & 1 == 1 {
            return Err(format!("the link of {} twice", code_text(link.code)));
        }
        seen |= 1 << link.code;
    }
    if p.leaf.code != NO_MOVE && !fits(p.leaf.code) {
        return Err(format!("the leaf's move {} is not legal in the position", code_text(p.leaf.code)));
    }
    if let Some(v) = [p.value, p.lower, p.upper].into_iter().find(|v| !(-SCORE_INF..=SCORE_INF).contains(v)) {
        return Err(format!("a score of {v}: expected -127 to 127"));
    }
    Ok(())
}

/// A move code as text: the square, `pass`, `none`, or the number.
fn code_text(code: u8) -> String {
    match code {
        PASS => "pass".into(),
        NO_MOVE => "none".into(),
        code => Square::from_index(usize::from(code)).map_or_else(|| format!("#{code}"), |sq| sq.to_string()),
    }
}

#[cfg(test)]
mod tests;
