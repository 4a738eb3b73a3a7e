//! The game record: what a file says about one game.

use std::fmt;
use std::sync::Arc;

use reversi_core::Color;
use reversi_variants::{Geometry, Move, Position, StartError, Variant};

/// One ply of a record: a move (a pass is a move) and what the format says
/// about it.
///
/// `#[non_exhaustive]`: formats may add what they say about a move. Build one
/// with [`Ply::new`] (or `From<Move>`) and set the public fields:
///
/// ```
/// use reversi_notation::Ply;
/// let mut ply = Ply::new("f5".parse()?);
/// ply.eval = Some(-1.5);
/// assert_eq!((ply.mv.to_string(), ply.seconds), ("f5".to_string(), None));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Equality compares the move, evaluation and time, not where the ply was
/// read ([`Ply::at`]): the same game read from two files is the same game.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Ply {
    /// The move.
    pub mv: Move,
    /// The evaluation written with the move, if any (GGF).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub eval: Option<f64>,
    /// The seconds the move took, if written (GGF).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub seconds: Option<f64>,
    /// Where the move was read: line and column of its token in a text
    /// format, byte offset of its move byte in WTHOR; `None` for a ply made
    /// in memory (or inserted, as a forced pass by [`with_passes`](crate::with_passes)).
    #[cfg_attr(feature = "serde", serde(skip))]
    pub at: Option<Location>,
}

impl PartialEq for Ply {
    fn eq(&self, other: &Ply) -> bool {
        self.mv == other.mv && self.eval == other.eval && self.seconds == other.seconds
    }
}

impl Ply {
    /// The move with nothing said about it.
    #[must_use]
    pub const fn new(mv: Move) -> Ply {
        Ply { mv, eval: None, seconds: None, at: None }
    }

    /// The move read at byte `offset` of the parser's text (made a line and
    /// column by the reader once the game is read: `stream::locate_plies`).
    pub(crate) const fn read_at(mv: Move, offset: usize) -> Ply {
        Ply { mv, eval: None, seconds: None, at: Some(Location::Byte(offset as u64)) }
    }
}

/// Where something was read in its input.
///
/// Shown the way compilers show it: `12:5` (line and column) or `byte 84`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Location {
    /// A text format: 1-based line, and 1-based column in characters.
    Text {
        /// The line.
        line: usize,
        /// The column, in characters.
        column: usize,
    },
    /// A binary format (WTHOR): the byte offset from the start of the file.
    Byte(u64),
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Text { line, column } => write!(f, "{line}:{column}"),
            Location::Byte(offset) => write!(f, "byte {offset}"),
        }
    }
}

/// Where a game was read: its file, its number in the file, where it starts.
///
/// Set by the readers ([`Reader`](crate::Reader) and those built on it);
/// [`replay`](fn@crate::replay) and [`ReplayError::in_record`](crate::ReplayError::in_record)
/// use it to name the file, game and line of an illegal move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Origin {
    /// The file as the reader was told to name it (`None`: not named).
    pub file: Option<Arc<str>>,
    /// The game's index in its input (0-based; games that did not read count).
    pub game: usize,
    /// Where the game starts.
    pub at: Location,
    /// How the format it was read from writes passes
    /// ([`Format::passes`](crate::Format::passes)): [`Passes::Explicit`](crate::Passes::Explicit)
    /// (GGF) when the moves hold every pass, so that a writer writes them as
    /// they are; [`Passes::Infer`](crate::Passes::Infer) when forced passes may be left out.
    pub passes: crate::Passes,
}

impl Origin {
    /// Game `game` (0-based) of `file`, starting at `at`, read from a
    /// format that may leave forced passes out ([`Origin::passes`]).
    #[must_use]
    pub fn new(file: Option<Arc<str>>, game: usize, at: Location) -> Origin {
        Origin { file, game, at, passes: crate::Passes::Infer }
    }

    /// The same origin, read from a format whose passes are `passes`.
    #[must_use]
    pub fn with_passes(mut self, passes: crate::Passes) -> Origin {
        self.passes = passes;
        self
    }
}

/// `FILE:LINE:COL: `, `FILE: byte B: `, `line L, column C: `, `byte B: `,
/// `FILE: ` or nothing.
pub(crate) fn write_location(file: Option<&str>, at: Option<Location>, out: &mut fmt::Formatter<'_>) -> fmt::Result {
    match (file, at) {
        (Some(file), Some(Location::Text { line, column })) => write!(out, "{file}:{line}:{column}: "),
        (Some(file), Some(at @ Location::Byte(_))) => write!(out, "{file}: {at}: "),
        (Some(file), None) => write!(out, "{file}: "),
        (None, Some(Location::Text { line, column })) => write!(out, "line {line}, column {column}: "),
        (None, Some(at @ Location::Byte(_))) => write!(out, "{at}: "),
        (None, None) => Ok(()),
    }
}

impl From<Move> for Ply {
    fn from(mv: Move) -> Ply {
        Ply::new(mv)
    }
}

/// A result as a record writes it.
///
/// `#[non_exhaustive]`: another format may write results in another form.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum GameResult {
    /// Discs (pieces) of Black and White, as PGN-style records (`33-31`) and
    /// WTHOR (Black's discs, empties to the winner) write it.
    Discs {
        /// Black's discs.
        black: u16,
        /// White's discs.
        white: u16,
    },
    /// Net discs for Black, minus the komi in komi games, as GGF's `RE` writes
    /// it (`+8.500`, `-2.00`), with the GGS suffix after `:` if any (`r`
    /// resigned, `t` time, `s` agreed score).
    Net {
        /// Black's discs minus White's, minus the komi.
        margin: f64,
        /// The text after `:`, if written: ASCII letters and digits (the
        /// readers take nothing else, and the writers rely on it).
        how: Option<String>,
    },
}

impl GameResult {
    /// Black's net discs: `black - white` for [`GameResult::Discs`].
    #[must_use]
    pub fn margin(&self) -> f64 {
        match self {
            GameResult::Discs { black, white } => f64::from(*black) - f64::from(*white),
            GameResult::Net { margin, .. } => *margin,
        }
    }
}

impl fmt::Display for GameResult {
    /// `33-31` for discs, `+8.5` (with `:how` if any) for a net result; width,
    /// fill and alignment apply to the whole result.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.width().is_some() || f.precision().is_some() {
            let mut text = String::new();
            self.write_unpadded(&mut text)?;
            return f.pad(&text);
        }
        self.write_unpadded(f)
    }
}

impl GameResult {
    /// The text of `Display`, without padding.
    fn write_unpadded(&self, w: &mut impl fmt::Write) -> fmt::Result {
        match self {
            GameResult::Discs { black, white } => write!(w, "{black}-{white}"),
            GameResult::Net { margin, how } => {
                write!(w, "{margin:+}")?;
                how.as_ref().map_or(Ok(()), |how| write!(w, ":{how}"))
            }
        }
    }
}

/// Text that is no result: neither discs (`33-31`) nor a net result
/// (`+8.5`, `-2:r`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a result: discs (33-31) or a net result (+8.5, -2:r), found {0:?}")]
pub struct ParseResultError(pub String);

impl std::str::FromStr for GameResult {
    type Err = ParseResultError;

    /// The inverse of `Display`: `33-31` or a net result (`+8.5`, `-2:r`).
    fn from_str(s: &str) -> Result<GameResult, ParseResultError> {
        GameResult::parse(s).ok_or_else(|| ParseResultError(s.to_string()))
    }
}

impl GameResult {
    /// Reads `33-31` (discs) or a net result ([`GameResult::parse_net`]).
    pub(crate) fn parse(s: &str) -> Option<GameResult> {
        let digits = |t: &str| !t.is_empty() && t.len() <= 5 && t.bytes().all(|b| b.is_ascii_digit());
        if let Some((b, w)) = s.split_once('-').filter(|(b, w)| digits(b) && digits(w)) {
            return Some(GameResult::Discs { black: b.parse().ok()?, white: w.parse().ok()? });
        }
        GameResult::parse_net(s)
    }

    /// Reads a net result: a number, signed or not, with an optional `:how`
    /// of ASCII letters and digits (`+8.500`, `-2.00:r`).
    pub(crate) fn parse_net(s: &str) -> Option<GameResult> {
        let (number, how) = match s.split_once(':') {
            Some((n, how)) if how.bytes().all(|b| b.is_ascii_alphanumeric()) => (n, Some(how.to_string())),
            Some(_) => return None,
            None => (s, None),
        };
        let unsigned = number.strip_prefix(['+', '-']).unwrap_or(number);
        if unsigned.is_empty() || !unsigned.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
            return None;
        }
        // A number too large for an `f64` parses as infinity, which no writer
        // can write back: refused like any other bad number.
        let margin: f64 = number.parse().ok().filter(|m: &f64| m.is_finite())?;
        Some(GameResult::Net { margin, how })
    }

    /// The result as the text formats can write it so that it reads back the
    /// same: a net result that is not finite cannot be written (`None`), a
    /// suffix of other characters than ASCII letters and digits is left out.
    /// The second value says whether anything changed.
    pub(crate) fn writable(&self) -> (Option<GameResult>, bool) {
        match self {
            GameResult::Net { margin, .. } if !margin.is_finite() => (None, true),
            GameResult::Net { margin, how: Some(how) } if !how.bytes().all(|b| b.is_ascii_alphanumeric()) => {
                (Some(GameResult::Net { margin: *margin, how: None }), true)
            }
            result => (Some(result.clone()), false),
        }
    }
}

/// A game record: the game, the people, the moves.
///
/// The start is the default start of `variant` on `geometry` with `first` to
/// move, unless `start` gives a position. Fields a format has no place for are
/// kept in `extra` (in the order read) so that writing the record back loses
/// nothing.
///
/// With the `serde` feature a record reads and writes as an object of these
/// fields; reading checks that a `start` is a position of the record's
/// variant and board.
///
/// `#[non_exhaustive]`: formats may bring new fields. The fields stay public to
/// read and set, but a record is built with [`Record::new`], [`Record::of`] or
/// [`Default`], then changed:
///
/// ```
/// use reversi_notation::Record;
/// use reversi_variants::{Geometry, Variant};
/// let mut record = Record::of(Variant::Attacks, Geometry::new(7, 7)?);
/// record.event = Some("club night".into());
/// assert!(record.moves.is_empty() && !record.is_standard_othello());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// A struct literal, even with `..`, does not compile outside this crate:
///
/// ```compile_fail,E0639
/// use reversi_notation::Record;
/// let record = Record { event: Some("club night".into()), ..Record::new() };
/// ```
///
/// Equality compares the game, not where it was read ([`Record::origin`],
/// [`Ply::at`]).
#[derive(Clone, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serde::RecordRepr", into = "crate::serde::RecordRepr")
)]
#[non_exhaustive]
pub struct Record {
    /// The game.
    pub variant: Variant,
    /// The board.
    pub geometry: Geometry,
    /// Who moves first from the default start.
    pub first: Color,
    /// A start other than the default one.
    pub start: Option<Position>,
    /// Black's player.
    pub black: Option<String>,
    /// White's player.
    pub white: Option<String>,
    /// The event or tournament.
    pub event: Option<String>,
    /// The date, as the format writes it.
    pub date: Option<String>,
    /// The result as written.
    pub result: Option<GameResult>,
    /// The moves, passes included where the format writes them.
    pub moves: Vec<Ply>,
    /// Other fields, name and value, kept for writing back.
    pub extra: Vec<(String, String)>,
    /// Where the game was read (file, game number, start), set by the
    /// readers; `None` for a record made in memory. Not written by any writer.
    pub origin: Option<Origin>,
}

impl PartialEq for Record {
    fn eq(&self, other: &Record) -> bool {
        let Record { variant, geometry, first, start, black, white, event, date, result, moves, extra, origin: _ } =
            self;
        *variant == other.variant
            && *geometry == other.geometry
            && *first == other.first
            && *start == other.start
            && *black == other.black
            && *white == other.white
            && *event == other.event
            && *date == other.date
            && *result == other.result
            && *moves == other.moves
            && *extra == other.extra
    }
}

impl Record {
    /// An 8x8 Reversi record with Black first, no moves and no metadata.
    #[must_use]
    pub fn new() -> Record {
        Record::of(Variant::Reversi, Geometry::standard())
    }

    /// A record of `variant` on `geometry`, Black first, no moves.
    #[must_use]
    pub fn of(variant: Variant, geometry: Geometry) -> Record {
        Record {
            variant,
            geometry,
            first: Color::Black,
            start: None,
            black: None,
            white: None,
            event: None,
            date: None,
            result: None,
            moves: Vec::new(),
            extra: Vec::new(),
            origin: None,
        }
    }

    /// The start position: `start`, or the default start.
    ///
    /// # Errors
    /// [`StartError`] when there is no `start` and the default one does not fit
    /// the board.
    pub fn start_position(&self) -> Result<Position, StartError> {
        match self.start {
            Some(pos) => Ok(pos),
            None => Position::start_with_first(self.variant, self.geometry, self.first),
        }
    }

    /// Sets the start: `first` and no `start` when `pos` is the default start
    /// of the record's variant on its board with that side to move, `pos`
    /// itself otherwise (the record's geometry becomes the position's).
    pub fn set_start(&mut self, pos: Position) {
        self.geometry = *pos.geometry();
        let side = pos.side_to_move();
        if Position::start_with_first(self.variant, self.geometry, side).is_ok_and(|d| d == pos) {
            (self.first, self.start) = (side, None);
        } else {
            (self.first, self.start) = (Color::Black, Some(pos));
        }
    }

    /// The side to move at the start.
    #[must_use]
    pub fn first_to_move(&self) -> Color {
        self.start.map_or(self.first, |p| p.side_to_move())
    }

    /// The value of an `extra` field (the first one of that name).
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&str> {
        self.extra.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Whether this is 8x8 Reversi without holes from the standard start (the
    /// game that WTHOR and the compact transcript can hold).
    #[must_use]
    pub fn is_standard_othello(&self) -> bool {
        self.variant == Variant::Reversi && self.geometry == Geometry::standard() && self.start.is_none()
    }
}

impl Default for Record {
    fn default() -> Record {
        Record::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_pad_as_one_token() {
        let discs = GameResult::Discs { black: 38, white: 26 };
        assert_eq!(format!("[{discs:>7}]"), "[  38-26]");
        assert_eq!(format!("[{discs}]"), "[38-26]");
        let net = GameResult::Net { margin: 8.5, how: Some("r".into()) };
        assert_eq!(format!("[{net:<8}]"), "[+8.5:r  ]");
        assert_eq!(format!("[{net:^8}]"), "[ +8.5:r ]");
        assert_eq!(net.to_string(), "+8.5:r");
    }

    #[test]
    fn results_read_back_what_they_write() {
        for result in [
            GameResult::Discs { black: 33, white: 31 },
            GameResult::Net { margin: -2.0, how: Some("r".into()) },
            GameResult::Net { margin: 8.5, how: None },
        ] {
            assert_eq!(result.to_string().parse::<GameResult>(), Ok(result));
        }
        let error = "33 to 31".parse::<GameResult>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "expected a result: discs (33-31) or a net result (+8.5, -2:r), found \"33 to 31\""
        );
    }

    #[test]
    fn numbers_too_large_for_f64_are_no_results() {
        let nines = "9".repeat(400);
        assert_eq!(GameResult::parse_net(&format!("+{nines}")), None);
        assert_eq!(GameResult::parse(&format!("{nines}-0")), None);
        assert_eq!(GameResult::parse(&format!("-{nines}.5:r")), None);
        // The largest finite ones read, and write back as themselves.
        let max = GameResult::Net { margin: f64::MAX, how: None };
        assert_eq!(GameResult::parse(&max.to_string()), Some(max));
    }
}
