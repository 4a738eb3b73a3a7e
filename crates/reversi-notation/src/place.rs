//! [`Place`]: where a game lies in its input, to read it again alone.

use std::ops::Range;

/// Where a game lies in its input: enough to read it again alone, from its
/// bytes, without the games before it. A viewer of a large file keeps one a
/// game instead of the game, then reads the one shown again.
///
/// [`Reader::place`](crate::Reader::place) gives the place of each game read;
/// [`Reader::at_place`](crate::Reader::at_place) reads it again from the bytes
/// of [`Place::head`] followed by those of [`Place::bytes`], located (file,
/// game number, lines and columns, byte offsets) as it was in the whole input.
///
/// ```
/// use reversi_notation::{Format, ReadOptions, Reader};
/// let text = "f5d6\n\nf5d6c3d3\n";
/// let mut games = Reader::new(Format::Transcript, text.as_bytes(), ReadOptions::new()).named("games.txt");
/// let first = games.next().unwrap()?;
/// let second = games.next().unwrap()?;
/// let place = games.place().unwrap().clone();
/// assert_eq!((place.game, place.bytes.clone()), (1, 6..15));
/// let bytes = &text.as_bytes()[place.bytes.start as usize..place.bytes.end as usize];
/// let mut again = Reader::new(Format::Transcript, bytes, ReadOptions::new()).named("games.txt").at_place(&place);
/// assert_eq!(again.next().unwrap()?, second);
/// # let _ = first;
/// # Ok::<(), reversi_notation::RecordError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    /// The game's bytes in the input: from where the reader looked for it
    /// (the end of the game before, so blank lines and comments before it
    /// included) to its end.
    pub bytes: Range<u64>,
    /// The bytes at the start of the input that every game needs read before
    /// it: a WTHOR file's header (`0..16`); empty for the text formats.
    pub head: Range<u64>,
    /// The game's index in its input (0-based; games that did not read count).
    pub game: usize,
    /// The line and column (1-based, characters) where [`Place::bytes`]
    /// starts, in a text format (`1, 1` in WTHOR).
    pub line: usize,
    /// See [`Place::line`].
    pub column: usize,
}

impl Place {
    /// The number of bytes [`Place::head`] and [`Place::bytes`] hold: what
    /// reading the game again takes.
    #[must_use]
    pub fn len(&self) -> u64 {
        (self.head.end - self.head.start) + (self.bytes.end - self.bytes.start)
    }

    /// Whether the place holds no byte (never so for a game read).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
