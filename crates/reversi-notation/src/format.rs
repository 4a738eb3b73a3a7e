//! Every format behind one door: detection, reading and writing games.

use std::fmt;
use std::io::{Seek, Write};
use std::str::FromStr;

use reversi_variants::{Geometry, Position, Variant};

use crate::losses::{Loss, Losses};
use crate::obf::ObfPosition;
use crate::stream::{Parser, Records};
use crate::wthor::WthorError;
use crate::{EncodeError, Passes, Record, SyntaxError, WriteError, ggf, pgn, replay, transcript, wthor};

/// A file format of games (or positions, read as games without moves).
///
/// `#[non_exhaustive]`: formats will be added, so a `match` outside this crate
/// needs a wildcard arm:
///
/// ```
/// use reversi_notation::Format;
/// let binary = |f: Format| match f {
///     Format::Wthor => true,
///     Format::Transcript | Format::Pgn | Format::Ggf | Format::Obf | Format::Position => false,
///     _ => false,
/// };
/// assert!(binary(Format::Wthor));
/// ```
///
/// Without it the match does not compile:
///
/// ```compile_fail,E0004
/// use reversi_notation::Format;
/// let binary = |f: Format| match f {
///     Format::Wthor => true,
///     Format::Transcript | Format::Pgn | Format::Ggf | Format::Obf | Format::Position => false,
/// };
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// One game a line: compact 8x8 or spaced tokens ([`transcript`]).
    Transcript,
    /// PGN-style records for every variant, PlayOK's PGN ([`pgn`]).
    Pgn,
    /// GGS's GGF, Othello ([`ggf`]).
    Ggf,
    /// WTHOR `.wtb` databases, 8x8 Othello ([`wthor`]).
    Wthor,
    /// Edax OBF positions, 8x8 ([`obf`](crate::obf)): a position reads as a game with that
    /// start and no moves; a game writes as its final position.
    Obf,
    /// RULES.md position text, one a line, any variant and board: read as
    /// games without moves; a game writes as its final position.
    Position,
}

impl Format {
    /// Every format.
    pub const ALL: [Format; 6] =
        [Format::Transcript, Format::Pgn, Format::Ggf, Format::Wthor, Format::Obf, Format::Position];

    /// The format's name, as [`FromStr`] reads it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Format::Transcript => "transcript",
            Format::Pgn => "pgn",
            Format::Ggf => "ggf",
            Format::Wthor => "wthor",
            Format::Obf => "obf",
            Format::Position => "position",
        }
    }

    /// The format a file extension names (`wtb`, `pgn`, `ggf`, `obf`, `txt`,
    /// `pos`; any case).
    #[must_use]
    pub fn from_extension(extension: &str) -> Option<Format> {
        match extension.to_ascii_lowercase().as_str() {
            "wtb" => Some(Format::Wthor),
            "pgn" => Some(Format::Pgn),
            "ggf" => Some(Format::Ggf),
            "obf" => Some(Format::Obf),
            "txt" | "transcript" | "trs" => Some(Format::Transcript),
            "pos" | "position" | "positions" => Some(Format::Position),
            _ => None,
        }
    }

    /// The format of these bytes, guessed from their content: binary is
    /// WTHOR, `[` starts PGN, `(;` marks GGF, a line of 64 squares OBF, rows
    /// joined by `/` positions, anything else a transcript.
    #[must_use]
    pub fn sniff(bytes: &[u8]) -> Format {
        let Ok(text) = std::str::from_utf8(bytes) else { return Format::Wthor };
        if text.contains('\0') {
            return Format::Wthor;
        }
        let Some(line) = text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with(['#', '%'])) else {
            return Format::Transcript;
        };
        let square = |b: &u8| matches!(b, b'X' | b'O' | b'-' | b'*' | b'x' | b'o' | b'.' | b'#');
        if line.starts_with('[') {
            Format::Pgn
        } else if line.contains("(;") {
            Format::Ggf
        } else if line.len() >= 64 && line.as_bytes()[..64].iter().all(square) {
            Format::Obf
        } else if line.contains('/')
            && line.split_whitespace().next().is_some_and(|b| b.bytes().all(|c| c == b'/' || square(&c)))
        {
            Format::Position
        } else {
            Format::Transcript
        }
    }

    /// How the format writes passes: GGF writes every one (its moves carry
    /// their colour); the others may leave forced passes out.
    #[must_use]
    pub const fn passes(self) -> Passes {
        match self {
            Format::Ggf => Passes::Explicit,
            _ => Passes::Infer,
        }
    }
}

impl fmt::Display for Format {
    /// The [name](Format::name); width, fill and alignment apply.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// A name that is no format.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown format {0:?}: expected transcript, pgn, ggf, wthor, obf or position")]
#[non_exhaustive]
pub struct ParseFormatError(pub String);

impl FromStr for Format {
    type Err = ParseFormatError;

    /// Reads a format's name (any case).
    ///
    /// # Errors
    /// [`ParseFormatError`] for another name.
    fn from_str(s: &str) -> Result<Format, ParseFormatError> {
        Format::ALL.into_iter().find(|f| f.name().eq_ignore_ascii_case(s)).ok_or_else(|| ParseFormatError(s.into()))
    }
}

/// What the text formats do not say (the game and board of transcripts and
/// position lines), and how long a game may be.
///
/// The fields are private so that options can be added without breaking
/// callers: start from [`ReadOptions::new`] (or [`Default`]: 8x8 Reversi,
/// games of at most [`ReadOptions::DEFAULT_MAX_GAME_BYTES`]) and set what
/// differs.
///
/// ```
/// use reversi_notation::{Format, ReadOptions, read};
/// use reversi_variants::{Geometry, Variant};
/// let options = ReadOptions::new().variant(Variant::Attacks).geometry(Geometry::new(7, 7)?);
/// assert_eq!((options.get_variant(), options.get_geometry().width()), (Variant::Attacks, 7));
/// let games = read(Format::Transcript, b"a1b2 pass", options)?;
/// assert_eq!((games[0].variant, games[0].moves.len()), (Variant::Attacks, 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// A struct literal does not compile outside this crate:
///
/// ```compile_fail,E0451
/// use reversi_notation::ReadOptions;
/// use reversi_variants::{Geometry, Variant};
/// let options = ReadOptions { variant: Variant::Reversi, geometry: Geometry::standard() };
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadOptions {
    variant: Variant,
    geometry: Geometry,
    max_game_bytes: usize,
}

impl ReadOptions {
    /// The longest game read by default: 16 MiB of text. An 8x8 game has at
    /// most 120 plies (a few KB with evaluations and times); a long Attacks
    /// game on a large board is some tens of KB.
    pub const DEFAULT_MAX_GAME_BYTES: usize = 16 << 20;

    /// The defaults: 8x8 Reversi, games of at most
    /// [`ReadOptions::DEFAULT_MAX_GAME_BYTES`].
    #[must_use]
    pub const fn new() -> ReadOptions {
        ReadOptions {
            variant: Variant::Reversi,
            geometry: Geometry::standard(),
            max_game_bytes: ReadOptions::DEFAULT_MAX_GAME_BYTES,
        }
    }

    /// The variant of transcripts and position lines.
    #[must_use]
    pub const fn variant(self, variant: Variant) -> ReadOptions {
        ReadOptions { variant, ..self }
    }

    /// The board of transcripts (position lines carry their own).
    #[must_use]
    pub const fn geometry(self, geometry: Geometry) -> ReadOptions {
        ReadOptions { geometry, ..self }
    }

    /// The longest game's text, in bytes, in every text format: a game (a
    /// transcript or position line, a PGN game from its tags to its result, a
    /// GGF game from `(;` to `;)`) that does not end within it is a
    /// [`SyntaxError`] at the game's first token. Blank lines and comments
    /// between games count towards the game after them.
    ///
    /// This bound is what bounds memory: [`games`](crate::games) holds one
    /// game's text and its record at a time (a record takes up to about 20
    /// times its text: 40 bytes a ply for a compact transcript's 2), and
    /// [`read`] no record larger than that. An allocation that fails aborts
    /// the process (stable Rust cannot catch it), so the bound is set below
    /// what the machine can hold.
    ///
    /// ```
    /// use reversi_notation::{Format, ReadOptions, read};
    /// let e = read(Format::Transcript, b"f5d6\nf5d6c3d3c4\n", ReadOptions::new().max_game_bytes(8)).unwrap_err();
    /// assert_eq!(e.to_string(), "line 2, column 1: expected a game of at most 8 bytes \
    ///     (ReadOptions::max_game_bytes), found \"f5d6c3d3c4\"");
    /// ```
    #[must_use]
    pub const fn max_game_bytes(self, max_game_bytes: usize) -> ReadOptions {
        ReadOptions { max_game_bytes, ..self }
    }

    /// The variant set with [`ReadOptions::variant`].
    #[must_use]
    pub const fn get_variant(&self) -> Variant {
        self.variant
    }

    /// The board set with [`ReadOptions::geometry`].
    #[must_use]
    pub const fn get_geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The bound set with [`ReadOptions::max_game_bytes`].
    #[must_use]
    pub const fn get_max_game_bytes(&self) -> usize {
        self.max_game_bytes
    }
}

impl Default for ReadOptions {
    fn default() -> ReadOptions {
        ReadOptions::new()
    }
}

/// Why a file does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    /// A text format that does not parse.
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    /// A WTHOR file that does not parse.
    #[error(transparent)]
    Wthor(#[from] WthorError),
    /// A text format that is not UTF-8.
    #[error("byte {offset}: the text is not UTF-8")]
    Utf8 {
        /// The first byte that is not.
        offset: usize,
    },
    /// The input could not be read ([`games`](crate::games) from a
    /// [`BufRead`](std::io::BufRead)).
    #[error("{message}")]
    Io {
        /// The kind of the I/O error.
        kind: std::io::ErrorKind,
        /// Its message.
        message: String,
    },
}

impl ReadError {
    /// The error of an I/O error.
    pub(crate) fn io(e: &std::io::Error) -> ReadError {
        ReadError::Io { kind: e.kind(), message: e.to_string() }
    }
}

/// Reads the games of a file (WTHOR names are looked up with
/// [`wthor::read_records`] when the name files are at hand).
///
/// The text formats read with the parsers of [`games`](crate::games), game by
/// game, so that the games and errors are the same; the text is checked to be
/// UTF-8 first, as a whole.
///
/// # Errors
/// [`ReadError`]: the format's syntax error (a game longer than
/// [`ReadOptions::max_game_bytes`] included), or text that is not UTF-8.
pub fn read(format: Format, bytes: &[u8], options: ReadOptions) -> Result<Vec<Record>, ReadError> {
    let Some(parser) = Parser::new(format, &options) else {
        return Ok(wthor::read_records(bytes, None, None)?);
    };
    let text = std::str::from_utf8(bytes).map_err(|e| ReadError::Utf8 { offset: e.valid_up_to() })?;
    Ok(Records::new(parser, text, options.max_game_bytes).collect::<Result<_, _>>()?)
}

/// An OBF position as a game: that start, no moves, the annotations kept.
pub(crate) fn obf_record(p: ObfPosition) -> Record {
    let mut record = Record::new();
    record.set_start(Position::from(p.position));
    if !p.annotations.is_empty() {
        record.extra.push(("OBF".into(), p.annotations.join("; ")));
    }
    record
}

/// Writes games in a format.
///
/// [`write_report`] without the report.
///
/// # Errors
/// [`WriteError`] naming the first game the format cannot hold and why:
/// GGF and OBF are Othello only, WTHOR 8x8 Othello from the standard start,
/// the compact transcript needs the default start; games written as their
/// final position must replay.
pub fn write(format: Format, records: &[Record]) -> Result<Vec<u8>, WriteError> {
    write_report(format, records).map(|(bytes, _)| bytes)
}

/// Writes games in a format, and says what the format could not hold.
///
/// The bytes read back (with [`read`]) as the records, less what the
/// [`Losses`] report, kind by kind, and what the format's module documents as
/// derived; kept fields ([`Record::extra`]) whose names mean something in the
/// format are renamed, never copied as they are. For WTHOR the bytes are the
/// `.wtb` file alone, so the names are reported lost
/// ([`wthor::write_records_report`] writes the name files too).
///
/// ```
/// use reversi_notation::{Format, Loss, Ply, ReadOptions, Record, read, write_report};
/// let mut record = Record::new();
/// record.black = Some("Ann".into());
/// let mut ply = Ply::new("f5".parse()?);
/// ply.eval = Some(1.5);
/// record.moves.push(ply);
/// record.extra.push(("PB".into(), "Mallory".into()));
///
/// let (ggf, losses) = write_report(Format::Ggf, std::slice::from_ref(&record))?;
/// assert!(String::from_utf8_lossy(&ggf).starts_with("(;GM[Othello]PB[Ann]XPB[Mallory]"));
/// assert_eq!(read(Format::Ggf, &ggf, ReadOptions::new())?[0].get("XPB"), Some("Mallory"));
/// assert_eq!(losses.kinds().collect::<Vec<_>>(), [Loss::Renamed]);
///
/// let (_, losses) = write_report(Format::Transcript, &[record])?;
/// assert_eq!(losses.kinds().collect::<Vec<_>>(), [Loss::Evaluations, Loss::Players, Loss::Fields]);
/// for line in losses.warnings() {
///     println!("warning: {line}"); // transcript: move evaluations dropped in 1 game, ...
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`write()`].
pub fn write_report(format: Format, records: &[Record]) -> Result<(Vec<u8>, Losses), WriteError> {
    let mut encoder = Encoder::new(format);
    let mut bytes = std::io::Cursor::new(Vec::new());
    for record in records {
        encoder.push(record, &mut bytes).map_err(EncodeError::in_memory)?;
    }
    let losses = encoder.finish(&mut bytes).map_err(EncodeError::in_memory)?;
    Ok((bytes.into_inner(), losses))
}

/// Writes games in a format one at a time to any [`Write`], and says what the
/// format could not hold: [`write_report`] (which is this over a slice, in
/// memory) for games that come one by one, read with
/// [`games`](crate::games) for example, so that neither the records nor the
/// bytes are held: a conversion of any size runs in the memory of its largest
/// game.
///
/// [`Encoder::push`] writes a game's bytes as soon as they can be written: at
/// once, except a GGF synchro game, which waits for the next game (two make
/// one `2 (;...;)(;...;)` line). WTHOR writes its header before the first
/// game with a count of 0 and [`Encoder::finish`] seeks back to put the count
/// in (the `.wtb` alone: the names are reported lost; [`wthor::Writer`]
/// writes the name files too). The bytes and the [`Losses`] are those of
/// `write_report` over the same games. On an error, what was written is a
/// prefix of the output, to be thrown away (write to a temporary file and
/// rename it at the end for all or nothing).
///
/// A PGN archive of any size to GGF, game by game:
///
/// ```no_run
/// use std::fs::File;
/// use std::io::{BufReader, BufWriter, Write};
/// use reversi_notation::{Encoder, Format, ReadOptions, games};
/// let input = BufReader::new(File::open("archive.pgn")?);
/// let mut out = BufWriter::new(File::create("archive.ggf")?);
/// let mut encoder = Encoder::new(Format::Ggf);
/// for game in games(Format::Pgn, input, ReadOptions::new()) {
///     encoder.push(&game?, &mut out)?;
/// }
/// let losses = encoder.finish(&mut out)?;
/// out.flush()?; // `out` buffers: its last write errors are seen here
/// for line in losses.warnings() {
///     eprintln!("warning: {line}");
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// To an output that cannot seek (standard output, a pipe, a `Vec<u8>`),
/// [`Encoder::finish_unseekable`] ends every format but WTHOR:
///
/// ```
/// use reversi_notation::{Encoder, Format, ReadOptions, games, write_report};
/// let text = "[Black \"Ann\"]\n\n1. f5 {[%eval 1.5]} d6 *\n\n1. f5 f6 *\n";
/// let mut encoder = Encoder::new(Format::Transcript);
/// let mut bytes = Vec::new();
/// for game in games(Format::Pgn, text.as_bytes(), ReadOptions::new()) {
///     encoder.push(&game?, &mut bytes)?;
/// }
/// let losses = encoder.finish_unseekable(&mut bytes)?;
/// assert_eq!(bytes, b"f5d6\nf5f6\n");
/// assert_eq!(losses.warnings().len(), 2); // evaluations, player names
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Encoder {
    format: Format,
    losses: Losses,
    /// Games pushed so far.
    games: usize,
    /// GGF: a synchro game waiting for the next.
    ggf: ggf::Lines,
    /// WTHOR: the games' names and losses (the losses of every format but
    /// WTHOR are in `losses`).
    wthor: wthor::Writer,
    /// A game's text, before it is written.
    text: String,
}

impl Encoder {
    /// Nothing written yet, in `format`.
    #[must_use]
    pub fn new(format: Format) -> Encoder {
        Encoder {
            format,
            losses: Losses::new(format),
            games: 0,
            ggf: ggf::Lines::default(),
            wthor: wthor::Writer::new(),
            text: String::new(),
        }
    }

    /// Writes the next game to `out`, as much of it as can be written so far.
    ///
    /// # Errors
    /// [`EncodeError::Game`]: as [`write()`], a [`WriteError`] naming the game
    /// (its index among those pushed) the format cannot hold; GGF may name the
    /// game pushed before this one, if it was held; nothing of this push is
    /// written then. [`EncodeError::Io`] when `out` fails. Either ends the
    /// writing.
    pub fn push<W: Write + ?Sized>(&mut self, record: &Record, out: &mut W) -> Result<(), EncodeError> {
        let i = self.games;
        self.games += 1;
        let written = match self.format {
            Format::Wthor => {
                self.wthor.push(record, out)?;
                self.wthor.names_lost(i, record);
                Ok(())
            }
            Format::Pgn => {
                pgn::write_nth(record, i, &mut self.text, &mut self.losses);
                Ok(())
            }
            Format::Ggf => self.ggf.push(record, i, &mut self.text, &mut self.losses),
            Format::Transcript | Format::Obf | Format::Position => {
                write_line(self.format, record, i, &mut self.text, &mut self.losses)
            }
        };
        if written.is_ok() {
            out.write_all(self.text.as_bytes())?;
        }
        self.text.clear();
        Ok(written?)
    }

    /// Writes what is still held (GGF: a synchro game; WTHOR: the game count,
    /// seeking back to the header and then to the end) and says what the
    /// format could not hold.
    ///
    /// # Errors
    /// As [`Encoder::push`]; [`EncodeError::Io`] too when `out` cannot seek.
    pub fn finish<W: Write + Seek + ?Sized>(self, out: &mut W) -> Result<Losses, EncodeError> {
        if self.format == Format::Wthor {
            return Ok(self.wthor.finish(out)?.1);
        }
        self.finish_unseekable(out)
    }

    /// [`Encoder::finish`] for an output that cannot seek, every format but
    /// WTHOR.
    ///
    /// # Errors
    /// As [`Encoder::finish`]; for WTHOR, [`EncodeError::Unseekable`] with
    /// the header that belongs at the start of what was written.
    pub fn finish_unseekable<W: Write + ?Sized>(mut self, out: &mut W) -> Result<Losses, EncodeError> {
        match self.format {
            Format::Ggf => {
                self.ggf.finish(&mut self.text, &mut self.losses)?;
                out.write_all(self.text.as_bytes())?;
            }
            Format::Wthor => return Err(EncodeError::Unseekable { header: self.wthor.final_header() }),
            _ => {}
        }
        Ok(self.losses)
    }
}

/// Appends game `i` as a line of a transcript, OBF or position file.
fn write_line(
    format: Format,
    record: &Record,
    i: usize,
    out: &mut String,
    losses: &mut Losses,
) -> Result<(), WriteError> {
    let fail = |what: String| WriteError { format: format_label(format), game: i, what };
    if format == Format::Transcript {
        if record.start.is_some() || record.first != reversi_core::Color::Black {
            return Err(fail("a transcript starts from the default start with Black to move".into()));
        }
        out.push_str(&transcript::write(record));
        out.push('\n');
        metadata_lost(losses, i, record);
        losses.fields_but(i, record, &[]);
        return Ok(());
    }
    let done = replay(record, Passes::Infer).map_err(|e| fail(format!("its final position: {e}")))?;
    let position = done.position;
    if format == Format::Position {
        out.push_str(&position.to_string());
        losses.fields_but(i, record, &[]);
    } else {
        let core = reversi_core::Position::try_from(position)
            .map_err(|_| fail("OBF holds 8x8 Othello positions only".into()))?;
        if record.get("OBF").is_some_and(|a| a.contains('\n')) {
            return Err(fail("an OBF annotation holds a line break".into()));
        }
        let kept = record.extra.iter().position(|(n, _)| n == "OBF");
        let annotations = kept.map_or_else(Vec::new, |k| {
            let a = &record.extra[k].1;
            a.split(';').map(str::trim).filter(|a| !a.is_empty()).map(String::from).collect::<Vec<_>>()
        });
        // Annotations read back joined by "; ", and none as no field.
        if kept.is_some_and(|k| record.extra[k].1 != annotations.join("; ")) {
            losses.note(i, Loss::Annotations);
        }
        let kept = kept.filter(|_| !annotations.is_empty());
        losses.fields_but(i, record, kept.as_slice());
        out.push_str(&ObfPosition { position: core, annotations }.to_string());
    }
    out.push('\n');
    if !record.moves.is_empty() {
        losses.note(i, Loss::Moves);
    }
    metadata_lost(losses, i, record);
    Ok(())
}

/// What formats of moves or positions alone drop: the players, event, date,
/// result, evaluations and times.
fn metadata_lost(losses: &mut Losses, game: usize, record: &Record) {
    losses.annotations_of(game, record);
    if record.black.is_some() || record.white.is_some() {
        losses.note(game, Loss::Players);
    }
    if record.event.is_some() {
        losses.note(game, Loss::Event);
    }
    if record.date.is_some() {
        losses.note(game, Loss::Date);
    }
    if record.result.is_some() {
        losses.note(game, Loss::Result);
    }
}

fn format_label(format: Format) -> &'static str {
    match format {
        Format::Transcript => "a transcript",
        Format::Pgn => "PGN",
        Format::Ggf => "GGF",
        Format::Wthor => "WTHOR",
        Format::Obf => "OBF",
        Format::Position => "a position file",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_lines_of_holes_are_no_comments() {
        // Found by fuzzing: a 1x1 board whose square is a hole writes as
        // `# X`, which the reader took for a comment.
        let pos = Position::from_text(Variant::Attacks, "# X").unwrap();
        let mut record = Record::of(Variant::Attacks, *pos.geometry());
        record.set_start(pos);
        let bytes = write(Format::Position, std::slice::from_ref(&record)).unwrap();
        assert_eq!(bytes, b"# X\n");
        let options = ReadOptions::new().variant(Variant::Attacks);
        assert_eq!(read(Format::Position, &bytes, options).unwrap(), [record]);
        // Comments stay comments.
        assert_eq!(read(Format::Position, b"# a comment\n#\n", options).unwrap(), []);
    }

    #[test]
    fn names_pad() {
        assert_eq!(format!("[{:<5}]", Format::Pgn), "[pgn  ]");
        assert_eq!(format!("[{:>5}]", Format::Ggf), "[  ggf]");
    }
}
