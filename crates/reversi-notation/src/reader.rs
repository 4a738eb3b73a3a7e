//! [`RecordReader`]: the games of a file in memory, one at a time, each read into
//! the same [`Record`] so that its buffers serve the next game.

use crate::stream::{Parser, Records};
use crate::{Format, ReadError, ReadOptions, Record, wthor};

/// The games of a file held in memory, one at a time, in any format: the
/// games and errors of [`read()`](crate::read), without a `Vec` of records.
///
/// Each game is lent as a [`Record`] that lives until the next call; the
/// record's strings and moves are reused from game to game where the reader
/// fills them itself (WTHOR: a game is only 68 bytes, so allocating its
/// record would cost more than replaying it). With [`plies`](crate::plies())
/// this is the fast way through every position of a file:
///
/// ```
/// use reversi_notation::{Format, Passes, ReadOptions, RecordReader, plies};
/// let text = b"f5d6c3d3c4\nf5f6e6f4\n";
/// let mut reader = RecordReader::new(Format::Transcript, text, ReadOptions::default())?;
/// let (mut games, mut positions) = (0, 0);
/// while let Some(record) = reader.next_record() {
///     let mut steps = plies(record?, Passes::Infer)?;
///     while let Some(step) = steps.next_ply() {
///         let _after = step?.after; // a position, borrowed
///         positions += 1;
///     }
///     games += 1;
/// }
/// assert_eq!((games, positions), (2, 9));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Text formats are parsed game by game as [`read()`](crate::read) parses
/// them (the text is checked to be UTF-8 first, as a whole); WTHOR games are
/// checked as [`wthor::read_games`] checks them, when the reader is made,
/// and named as [`read()`](crate::read) names them (by number). For text
/// that does not fit in memory, [`games`](crate::games()) reads a
/// [`BufRead`](std::io::BufRead).
pub struct RecordReader<'a> {
    source: Source<'a>,
    record: Record,
}

enum Source<'a> {
    Text(Records<'a>),
    Wthor { db: wthor::Database, next: usize },
}

impl std::fmt::Debug for RecordReader<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RecordReader").field("record", &self.record).finish_non_exhaustive()
    }
}

impl<'a> RecordReader<'a> {
    /// A reader of `bytes` in `format`.
    ///
    /// # Errors
    /// [`ReadError`] for a WTHOR file that [`wthor::read_games`] refuses, or a
    /// text that is not UTF-8; a syntax error comes with the game it stops.
    pub fn new(format: Format, bytes: &'a [u8], options: ReadOptions) -> Result<RecordReader<'a>, ReadError> {
        let source = match Parser::new(format, &options) {
            Some(parser) => {
                let text = std::str::from_utf8(bytes).map_err(|e| ReadError::Utf8 { offset: e.valid_up_to() })?;
                Source::Text(Records::new(parser, text, options.get_max_game_bytes()))
            }
            None => Source::Wthor { db: wthor::read_games(bytes)?, next: 0 },
        };
        Ok(RecordReader { source, record: Record::new() })
    }

    /// The next game, lent until the next call; `None` after the last game or
    /// after an error (given once).
    ///
    /// # Errors
    /// The format's [`ReadError`]: the syntax error of the game that does not
    /// read (a game longer than [`ReadOptions::max_game_bytes`] included).
    pub fn next_record(&mut self) -> Option<Result<&Record, ReadError>> {
        match &mut self.source {
            Source::Text(records) => match records.next()? {
                Ok(record) => self.record = record,
                Err(e) => return Some(Err(e.into())),
            },
            Source::Wthor { db, next } => {
                let game = db.games.get(*next)?;
                *next += 1;
                game.read_into(db.header.year, &[], &[], &mut self.record);
            }
        }
        Some(Ok(&self.record))
    }
}
