//! Writing: [`Encoder`], game by game to any [`Write`], over each format's
//! writer ([`GameWriter`]); [`write`](fn@write) and [`write_report`] are it over a
//! slice, in memory.

use std::io::{Seek, SeekFrom, Write};

use crate::format::codec::{Finished, GameWriter};
use crate::{EncodeError, Format, Losses, ReadOptions, Record, WriteError};

/// Writes games in a format.
///
/// [`write_report`] without the report.
///
/// # Errors
/// [`WriteError`] naming the first game the format cannot hold and why:
/// GGF and OBF hold Reversi only, WTHOR 8x8 Reversi from the standard start,
/// a transcript needs the default start and at least one move; games written as their
/// final position must replay; no game is written longer than the readers
/// take ([`ReadOptions::DEFAULT_MAX_GAME_BYTES`]).
pub fn write(format: Format, records: &[Record]) -> Result<Vec<u8>, WriteError> {
    write_report(format, records).map(|(bytes, _)| bytes)
}

/// Writes games in a format, and says what the format could not hold.
///
/// The bytes read back (with [`read`](crate::read())) as the records, less what the
/// [`Losses`] report, kind by kind, and what the format's module documents as
/// derived; kept fields ([`Record::extra`]) whose names mean something in the
/// format are renamed, never copied as they are. For WTHOR the bytes are the
/// `.wtb` file alone, so the names are reported lost
/// ([`wthor::write_records_report`](crate::wthor::write_records_report) writes the name files too).
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
/// [`Reader`](crate::Reader) for example, so that neither the records nor the
/// bytes are held: a conversion of any size runs in the memory of its largest
/// game.
///
/// [`Encoder::push`] writes a game's bytes as soon as they can be written: at
/// once, except a GGF synchro game, which waits for the next game (two make
/// one `2 (;...;)(;...;)` line). WTHOR writes its header before the first
/// game with a count of 0 and [`Encoder::finish`] seeks back to put the count
/// in (the `.wtb` alone: the names are reported lost; [`wthor::Writer`](crate::wthor::Writer)
/// writes the name files too). The bytes and the [`Losses`] are those of
/// `write_report` over the same games. On an error, what was written is a
/// prefix of the output, to be thrown away (write to a temporary file and
/// rename it at the end for all or nothing).
///
/// A PGN archive of any size to GGF, game by game:
///
/// ```no_run
/// use std::fs::File;
/// use std::io::{BufWriter, Write};
/// use reversi_notation::{Encoder, Format, open};
/// let mut out = BufWriter::new(File::create("archive.ggf")?);
/// let mut encoder = Encoder::new(Format::Ggf);
/// for game in open("archive.pgn")? {
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
/// use reversi_notation::{Encoder, Format, ReadOptions, Reader};
/// let text = "[Black \"Ann\"]\n\n1. f5 {[%eval 1.5]} d6 *\n\n1. f5 f6 *\n";
/// let mut encoder = Encoder::new(Format::Transcript);
/// let mut bytes = Vec::new();
/// for game in Reader::new(Format::Pgn, text.as_bytes(), ReadOptions::new()) {
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
    writer: Box<dyn GameWriter>,
    /// Games pushed so far.
    games: usize,
    /// Bytes written so far (to seek back over, to a header).
    written: u64,
    /// A game's bytes, before they are written.
    bytes: Vec<u8>,
}

impl Encoder {
    /// Nothing written yet, in `format`.
    #[must_use]
    pub fn new(format: Format) -> Encoder {
        Encoder { format, writer: format.codec().writer(), games: 0, written: 0, bytes: Vec::new() }
    }

    /// The format written.
    #[must_use]
    pub const fn format(&self) -> Format {
        self.format
    }

    /// Writes the next game to `out`, as much of it as can be written so far.
    ///
    /// # Errors
    /// [`EncodeError::Game`]: as [`write()`], a [`WriteError`] naming the game
    /// (its index among those pushed) the format cannot hold; GGF may name the
    /// game pushed before this one, if it was held; a game whose bytes are more
    /// than [`ReadOptions::DEFAULT_MAX_GAME_BYTES`] (which no reader would take
    /// back with its default bound); a text format's game holding a NUL
    /// character (its readers take one for binary data); nothing of this
    /// push is written then. [`EncodeError::Io`] when `out` fails. Either ends the
    /// writing.
    pub fn push<W: Write + ?Sized>(&mut self, record: &Record, out: &mut W) -> Result<(), EncodeError> {
        let i = self.games;
        self.games += 1;
        self.bytes.clear();
        self.writer.push(record, i, &mut self.bytes)?;
        if self.bytes.len() > ReadOptions::DEFAULT_MAX_GAME_BYTES {
            // No reader would take it back with its default bound.
            let what = format!(
                "its {} bytes are more than a reader takes ({} bytes, ReadOptions::DEFAULT_MAX_GAME_BYTES)",
                self.bytes.len(),
                ReadOptions::DEFAULT_MAX_GAME_BYTES
            );
            return Err(WriteError { format: self.format.codec().label(), game: i, what }.into());
        }
        check_text(self.format, &self.bytes, i)?;
        out.write_all(&self.bytes)?;
        self.written += self.bytes.len() as u64;
        Ok(())
    }

    /// Writes what is still held (GGF: a synchro game; WTHOR: the game count,
    /// seeking back to the header and then to the end) and says what the
    /// format could not hold.
    ///
    /// # Errors
    /// As [`Encoder::push`]; [`EncodeError::Io`] too when `out` cannot seek.
    pub fn finish<W: Write + Seek + ?Sized>(self, out: &mut W) -> Result<Losses, EncodeError> {
        let (finished, written) = self.last_bytes(out)?;
        if let Some(header) = finished.header {
            let back = i64::try_from(written).map_err(std::io::Error::other)?;
            out.seek(SeekFrom::Current(-back))?;
            out.write_all(&header)?;
            out.seek(SeekFrom::Current(back - header.len() as i64))?;
        }
        Ok(finished.losses)
    }

    /// [`Encoder::finish`] for an output that cannot seek, every format but
    /// WTHOR.
    ///
    /// # Errors
    /// As [`Encoder::finish`]; for WTHOR, [`EncodeError::Unseekable`] with
    /// the header that belongs at the start of what was written.
    pub fn finish_unseekable<W: Write + ?Sized>(self, out: &mut W) -> Result<Losses, EncodeError> {
        let (finished, _) = self.last_bytes(out)?;
        match finished.header {
            Some(header) => {
                let mut fixed = [0; crate::wthor::HEADER_LEN];
                let n = header.len().min(fixed.len());
                fixed[..n].copy_from_slice(&header[..n]);
                Err(EncodeError::Unseekable { header: fixed })
            }
            None => Ok(finished.losses),
        }
    }

    /// The writer's last bytes written, and the total written.
    fn last_bytes<W: Write + ?Sized>(mut self, out: &mut W) -> Result<(Finished, u64), EncodeError> {
        self.bytes.clear();
        let finished = self.writer.finish(&mut self.bytes)?;
        // What is held is the last game pushed (a GGF synchro game).
        check_text(self.format, &self.bytes, self.games.saturating_sub(1))?;
        out.write_all(&self.bytes)?;
        Ok((finished, self.written + self.bytes.len() as u64))
    }
}

/// Refuses `bytes` of game `game` when a text `format`'s hold a NUL
/// character: its readers take one for binary data.
fn check_text(format: Format, bytes: &[u8], game: usize) -> Result<(), EncodeError> {
    if format == Format::Wthor || memchr::memchr(0, bytes).is_none() {
        return Ok(());
    }
    let what = "it holds a NUL character, which no reader takes as text (binary data)".to_string();
    Err(WriteError { format: format.codec().label(), game, what }.into())
}
