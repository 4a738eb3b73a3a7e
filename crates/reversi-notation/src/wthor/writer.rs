//! Writing WTHOR databases: records to games and name files.

use std::io::{Cursor, Seek, SeekFrom, Write};

use reversi_core::Color;
use reversi_variants::Move;

use super::entry::{CREATED, DEPTH, SOLITAIRE, THEORETICAL_SCORE, parse_created};
use super::names::{NameTable, fitted};
use super::{
    Entry, GAME_LEN, HEADER_LEN, Header, MAX_NAMES, Names, game_bytes, header_bytes, too_many_games, write_names,
};
use crate::losses::{Loss, Losses};
use crate::{EncodeError, GameResult, Passes, Record, WriteError};

/// A WTHOR database as written: the games and the two name files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Files {
    /// The `.wtb` file.
    pub games: Vec<u8>,
    /// The `.JOU` file.
    pub players: Vec<u8>,
    /// The `.TRN` file.
    pub tournaments: Vec<u8>,
}

/// Writes records as a WTHOR database: names numbered in order of first
/// appearance (a missing one is the empty name), passes left out, the year of
/// the file from the first record's date. The real score is Black's discs of
/// a [`GameResult::Discs`] result with the empty squares given to the winner,
/// or of a finite [`GameResult::Net`] margin `m`: `(64 + m) / 2` rounded
/// towards the winner and clamped to 0..=64 (a game won on time or by
/// resignation keeps its winner), else the replayed one (empties to the
/// winner when the game is over); the theoretical score is the
/// `WthorTheoreticalScore` extra field, else 0. The header's creation date,
/// solitaire flag and theoretical-score depth are the first record's
/// `WthorCreated` (`YYYY-MM-DD`), `WthorSolitaire` and `WthorDepth` fields,
/// else 0.
///
/// [`Writer`] over a slice, in memory; use it to write games as they come.
///
/// # Errors
/// [`WriteError`] for a record WTHOR cannot hold: another variant, board or
/// start, White first, more than 60 moves, a result of more than 64 discs,
/// (when the score must be replayed) an illegal move, or more than
/// [`MAX_NAMES`] players or tournaments.
pub fn write_records(records: &[Record]) -> Result<Files, WriteError> {
    write_records_report(records).map(|(files, _)| files)
}

/// [`write_records`], and what the files do not hold ([`Losses`]): passes,
/// evaluations, times, names that do not fit (cut, Latin-1), dates other than
/// the file's year, results that read back otherwise (discs that do not
/// fill the board, a net margin that is not a whole disc count within the
/// board, a `:how` suffix), and every kept field but a `WthorTheoreticalScore` of 0 to 255
/// and the header fields of the first game (`WthorCreated`, `WthorSolitaire`,
/// `WthorDepth`, as the reader gives them) in every game that agrees with them.
///
/// ```
/// use reversi_notation::{Loss, Record, wthor};
/// let mut record = Record::new();
/// record.moves.push(reversi_notation::Ply::new("f5".parse()?));
/// record.black = Some("Émile Zola, né à Paris".into());
/// let (files, losses) = wthor::write_records_report(&[record])?;
/// assert_eq!(files.games.len(), wthor::HEADER_LEN + wthor::GAME_LEN);
/// assert_eq!(losses.kinds().collect::<Vec<_>>(), [Loss::Players]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`write_records`].
pub fn write_records_report(records: &[Record]) -> Result<(Files, Losses), WriteError> {
    let mut writer = Writer::new();
    let mut games = Cursor::new(Vec::with_capacity(HEADER_LEN + GAME_LEN * records.len()));
    for record in records {
        writer.push(record, &mut games).map_err(EncodeError::in_memory)?;
    }
    let (names, losses) = writer.finish(&mut games).map_err(EncodeError::in_memory)?;
    Ok((Files { games: games.into_inner(), players: names.players, tournaments: names.tournaments }, losses))
}

/// The name files of a database written by a [`Writer`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameFiles {
    /// The `.JOU` file.
    pub players: Vec<u8>,
    /// The `.TRN` file.
    pub tournaments: Vec<u8>,
}

/// Writes records as a WTHOR database one at a time, as [`write_records_report`]
/// does over a slice (the same bytes, the same [`Losses`]), holding the names
/// (at most [`MAX_NAMES`] of each kind) and not the games.
///
/// [`Writer::push`] writes the header (its game count 0 for now) before the
/// first game, then each game's 68 bytes; [`Writer::finish`] seeks back over
/// what was written to put the count in the header (the output must receive
/// nothing else from the first push on) and gives the name files, which the
/// games number. A `.wtb` of any size is written in the memory of its names:
///
/// ```no_run
/// use std::fs::File;
/// use std::io::{BufWriter, Write};
/// use reversi_notation::{open, wthor};
/// let mut out = BufWriter::new(File::create("archive.wtb")?);
/// let mut writer = wthor::Writer::new();
/// for game in open("archive.pgn")? {
///     writer.push(&game?, &mut out)?;
/// }
/// let (names, losses) = writer.finish(&mut out)?;
/// out.flush()?;
/// std::fs::write("archive.JOU", &names.players)?;
/// std::fs::write("archive.TRN", &names.tournaments)?;
/// for line in losses.warnings() {
///     eprintln!("warning: {line}");
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Writer {
    pub(crate) losses: Losses,
    players: NameTable,
    tournaments: NameTable,
    /// The file's year, from the first game written.
    year: Option<u16>,
    /// The header's creation date, solitaire flag and depth, from the first
    /// game's fields.
    fields: HeaderFields,
    /// Games written.
    games: u32,
}

impl Default for Writer {
    fn default() -> Writer {
        Writer::new()
    }
}

impl Writer {
    /// Nothing written yet.
    #[must_use]
    pub fn new() -> Writer {
        Writer {
            losses: Losses::new(crate::Format::Wthor, super::LABEL),
            players: NameTable::default(),
            tournaments: NameTable::default(),
            year: None,
            fields: HeaderFields::default(),
            games: 0,
        }
    }

    /// Writes the next game (before the first, the header), noting what it
    /// does not hold.
    ///
    /// # Errors
    /// [`EncodeError::Game`] for a record WTHOR cannot hold (as
    /// [`write_records`], and a game past [`MAX_GAMES`](super::MAX_GAMES)); nothing of it is
    /// written. [`EncodeError::Io`] when `out` fails. Either ends the writing.
    pub fn push<W: Write + ?Sized>(&mut self, record: &Record, out: &mut W) -> Result<(), EncodeError> {
        let i = self.games as usize;
        // Refused before its names are numbered: the header could not count it.
        let games = self.games.checked_add(1).ok_or_else(|| too_many_games(i))?;
        let first = self.year.is_none();
        let year = self.year.unwrap_or_else(|| record_year(record).unwrap_or(0));
        let fields = if first { HeaderFields::of(record) } else { self.fields };
        let game = self.game(i, record, year, fields)?;
        if first {
            self.fields = fields;
            out.write_all(&header_bytes(&self.header(year)))?;
            self.year = Some(year);
        }
        out.write_all(&game_bytes(&game))?;
        self.games = games;
        Ok(())
    }

    /// The `.wtb` header with the games written so far and their year.
    fn header(&self, year: u16) -> Header {
        let HeaderFields { created, solitaire, depth } = self.fields;
        Header { created, games: self.games, year, board_size: 8, solitaire, depth, ..Header::default() }
    }

    /// Ends the `.wtb` (the header alone when no game was pushed; else its
    /// game count put in place, `out` left at the end) and gives the name
    /// files and what the database does not hold.
    ///
    /// # Errors
    /// [`EncodeError::Io`] when `out` cannot be written or sought.
    pub fn finish<W: Write + Seek + ?Sized>(self, out: &mut W) -> Result<(NameFiles, Losses), EncodeError> {
        match self.year {
            None => out.write_all(&header_bytes(&self.header(0)))?,
            Some(_) => {
                let written = HEADER_LEN as i64 + GAME_LEN as i64 * i64::from(self.games);
                out.seek(SeekFrom::Current(4 - written))?;
                out.write_all(&self.games.to_le_bytes())?;
                out.seek(SeekFrom::Current(written - 8))?;
            }
        }
        Ok((self.names(self.year.unwrap_or(0)), self.losses))
    }

    /// The header's bytes as [`Writer::finish`] leaves them: for
    /// [`EncodeError::Unseekable`].
    pub(crate) fn final_header(&self) -> [u8; HEADER_LEN] {
        header_bytes(&self.header(self.year.unwrap_or(0)))
    }

    /// The name files of the games written.
    fn names(&self, year: u16) -> NameFiles {
        let header = Header { year, ..Header::default() };
        NameFiles {
            players: write_names(&header, &self.players.names, Names::Players),
            tournaments: write_names(&header, &self.tournaments.names, Names::Tournaments),
        }
    }

    /// Game `i`'s names noted lost, as when the name files are not written.
    pub(crate) fn names_lost(&mut self, i: usize, record: &Record) {
        if record.black.is_some() || record.white.is_some() {
            self.losses.note(i, Loss::Players);
        }
        if record.event.is_some() {
            self.losses.note(i, Loss::Event);
        }
    }

    /// Game `i` in a file of `year`, its names numbered and its losses noted.
    fn game(&mut self, i: usize, record: &Record, year: u16, fields: HeaderFields) -> Result<Entry, WriteError> {
        let fail = |what: String| WriteError { format: "WTHOR", game: i, what };
        if !record.is_standard_othello() || record.first != Color::Black {
            return Err(fail(format!(
                "WTHOR holds 8x8 Reversi from the standard start with Black first, not {} on {}{}",
                record.variant,
                record.start.map_or(record.geometry, |p| *p.geometry()),
                if record.start.is_some() { " from another start" } else { "" }
            )));
        }
        let mut moves = [0u8; 60];
        let placed = record.moves.iter().filter(|p| p.mv != Move::Pass);
        for (n, ply) in placed.enumerate() {
            let byte = match ply.mv {
                Move::Place(sq) if sq.column() < 8 && sq.row() < 8 => 10 * (sq.row() + 1) + sq.column() + 1,
                mv => return Err(fail(format!("{mv} is no square of the 8x8 board"))),
            };
            *moves.get_mut(n).ok_or_else(|| fail("more than 60 moves".into()))? = byte;
        }
        let real_score = match record.result.as_ref().and_then(|r| real_score(r).transpose()) {
            Some(score) => score.map_err(fail)?,
            None => {
                let done = crate::replay(record, Passes::Infer).map_err(|e| fail(format!("its score: {e}")))?;
                let score = if done.position.is_game_over() {
                    done.position.score_empties_to_winner()
                } else {
                    done.position.score()
                };
                score.black as u8
            }
        };
        let too_many =
            |kind: &str| fail(format!("more than {MAX_NAMES} {kind} names (a WTHOR name file counts them in 16 bits)"));
        let black = self.players.number(record.black.as_deref()).ok_or_else(|| too_many("player"))?;
        let white = self.players.number(record.white.as_deref()).ok_or_else(|| too_many("player"))?;
        let tournament = self.tournaments.number(record.event.as_deref()).ok_or_else(|| too_many("tournament"))?;
        let theoretical = record.extra.iter().position(|(n, _)| n == THEORETICAL_SCORE);
        let theoretical_score = theoretical.and_then(|t| record.extra[t].1.parse::<u8>().ok()).unwrap_or(0);

        // What does not read back.
        let losses = &mut self.losses;
        if record.moves.iter().any(|p| p.mv == Move::Pass) {
            losses.note(i, Loss::Passes);
        }
        losses.annotations_of(i, record);
        let changed = |name: &Option<String>, len| name.as_deref().is_some_and(|n| fitted(n, len) != n);
        if changed(&record.black, Names::Players.len()) || changed(&record.white, Names::Players.len()) {
            losses.note(i, Loss::Players);
        }
        if changed(&record.event, Names::Tournaments.len()) {
            losses.note(i, Loss::Event);
        }
        let file_year = (year != 0).then(|| year.to_string());
        if record.date.is_some() && record.date != file_year {
            losses.note(i, Loss::Date);
        }
        // A result is lost when it reads back otherwise; none reads back as
        // the one replayed: nothing lost.
        if record.result.as_ref().is_some_and(|r| !reads_back_as(r, real_score)) {
            losses.note(i, Loss::Result);
        }
        let mut kept: Vec<usize> =
            theoretical.filter(|&t| record.extra[t].1 == theoretical_score.to_string()).into_iter().collect();
        kept.extend(fields.kept(record));
        losses.fields_but(i, record, &kept);

        Ok(Entry { tournament, black, white, real_score, theoretical_score, moves })
    }
}

/// The header fields a record may keep ([`Record::extra`]): `WthorCreated`
/// (`YYYY-MM-DD`), `WthorSolitaire` and `WthorDepth`, as the reader gives
/// them; unset (0) when absent or not in that form.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct HeaderFields {
    created: [u8; 4],
    solitaire: u8,
    depth: u8,
}

impl HeaderFields {
    /// The fields of the first game, which the header holds.
    fn of(record: &Record) -> HeaderFields {
        let number = |name| record.get(name).and_then(|v| v.parse::<u8>().ok()).unwrap_or(0);
        HeaderFields {
            created: record.get(CREATED).and_then(parse_created).unwrap_or_default(),
            solitaire: number(SOLITAIRE),
            depth: number(DEPTH),
        }
    }

    /// The indices of `record`'s header fields that read back as they are:
    /// the first of each name, equal to the header's (set) value.
    fn kept(self, record: &Record) -> impl Iterator<Item = usize> {
        let first = |name: &str| record.extra.iter().position(|(n, _)| n == name);
        let number = |value: u8| (value != 0).then(|| value.to_string());
        let created = first(CREATED).filter(|&i| parse_created(&record.extra[i].1) == Some(self.created));
        let solitaire = first(SOLITAIRE).filter(|&i| Some(&record.extra[i].1) == number(self.solitaire).as_ref());
        let depth = first(DEPTH).filter(|&i| Some(&record.extra[i].1) == number(self.depth).as_ref());
        created.into_iter().chain(solitaire).chain(depth)
    }
}

/// The real score (Black's discs, empties to the winner) of a result: discs
/// with the empty squares given to the winner (shared on a draw); a finite
/// net margin `m` as Black's `(64 + m) / 2`, rounded towards the winner and
/// clamped to the board, so that the winner never changes. `Ok(None)` for a
/// margin that is not finite (the score is replayed instead).
///
/// # Errors
/// What is wrong with discs that do not fit the board.
fn real_score(result: &GameResult) -> Result<Option<u8>, String> {
    match *result {
        GameResult::Discs { black, white } if u32::from(black) + u32::from(white) <= 64 => {
            let score = reversi_core::Score { black: black.into(), white: white.into() };
            Ok(Some(score.with_empties_to_winner().black as u8))
        }
        GameResult::Discs { black, white } => Err(format!("the result {black}-{white}")),
        GameResult::Net { margin, .. } if margin.is_finite() => {
            let black = (64.0 + margin) / 2.0;
            let rounded = if margin > 0.0 { black.ceil() } else { black.floor() };
            // Clamped to 0..=64 first: the cast cannot wrap.
            Ok(Some(rounded.clamp(0.0, 64.0) as u8))
        }
        GameResult::Net { .. } => Ok(None),
    }
}

/// Whether `result` reads back as itself from a real score of `real`: discs
/// that fill the board, a net margin of whole discs with no suffix.
fn reads_back_as(result: &GameResult, real: u8) -> bool {
    let real = u16::from(real);
    match result {
        GameResult::Discs { .. } => *result == GameResult::Discs { black: real, white: 64 - real },
        GameResult::Net { margin, how } => how.is_none() && *margin == f64::from(2 * real) - 64.0,
    }
}

/// The year a record's date starts with, as the file's year.
fn record_year(record: &Record) -> Option<u16> {
    record.date.as_deref().and_then(|d| d.get(..4)).and_then(|y| y.parse::<u16>().ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Ply;
    use crate::wthor::{MAX_GAMES, game_count};

    #[test]
    fn the_game_count_is_refused_past_32_bits() {
        assert_eq!(game_count(MAX_GAMES), Ok(u32::MAX));
        assert_eq!(game_count(MAX_GAMES + 1), Err(too_many_games(MAX_GAMES)));
        // The writer at its last game: that one is written, the next refused
        // with nothing written and the count left as it was.
        let mut writer = Writer::new();
        writer.games = u32::MAX - 1;
        let mut record = Record::new();
        record.moves.push(Ply::new("f5".parse().unwrap()));
        let mut out = Vec::new();
        writer.push(&record, &mut out).unwrap();
        assert_eq!(out.len(), HEADER_LEN + GAME_LEN);
        assert_eq!(writer.games, u32::MAX);
        let Err(EncodeError::Game(e)) = writer.push(&record, &mut out) else { panic!("the game past the count") };
        assert_eq!(e, too_many_games(MAX_GAMES));
        assert_eq!(
            e.to_string(),
            "WTHOR cannot hold game 4294967296: more than 4,294,967,295 games (a WTHOR header counts them in 32 bits)"
        );
        assert_eq!((out.len(), writer.games, writer.players.names.len()), (HEADER_LEN + GAME_LEN, u32::MAX, 1));
    }
}
