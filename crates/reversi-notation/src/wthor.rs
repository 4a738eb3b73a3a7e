//! WTHOR databases of the French Othello Federation: `.wtb` game files and the
//! `.JOU` (players) and `.TRN` (tournaments) name files.
//!
//! Every file starts with a 16-byte little-endian header: creation century, year,
//! month, day; `u32` number of games; `u16` number of name records; `u16` year of
//! the games; board size (0 or 8 = 8x8); solitaire flag; depth of the theoretical
//! score; a reserved byte. A game is 68 bytes: `u16` tournament, `u16` Black,
//! `u16` White, the real score (Black's discs, empties to the winner), the
//! theoretical score, and 60 move bytes `10 * row + column` (from 1: a1 = 11,
//! h8 = 88; 0 ends the game). Passes are not stored. Name records are 20 (players)
//! or 26 (tournaments) NUL-padded bytes.
//!
//! A `.wtb` file is read whole ([`read_games`], [`read_records`]) or game by
//! game from any [`Read`](std::io::Read) ([`Reader`], [`Records`]) in the
//! memory of one game, with the same decoding (the whole-buffer readers are
//! the streaming one over a slice) and so the same games and errors. A file
//! holds exactly the games its header counts: one that ends before them is
//! [`WthorError::Truncated`] (or [`WthorError::TruncatedGame`] inside a game),
//! one that goes on after them [`WthorError::TrailingBytes`], checked when the
//! last counted game has been read.

use reversi_core::Color;
use reversi_variants::{Geometry, Move, Position, Square, Variant};

use crate::replay::{Passes, Replay, ReplayError, run};
use std::collections::HashMap;
use std::io::{Cursor, Seek, SeekFrom, Write};

mod reader;
pub use reader::{Reader, Records};

use crate::losses::{Loss, Losses};
use crate::{EncodeError, GameResult, Ply, Record, WriteError};

/// Bytes of a header.
pub const HEADER_LEN: usize = 16;
/// Bytes of a game.
pub const GAME_LEN: usize = 68;

/// A WTHOR header.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Header {
    /// Creation date: century, year in the century, month, day.
    pub created: [u8; 4],
    /// The number of games (game files).
    pub games: u32,
    /// The number of name records (name files).
    pub records: u16,
    /// The year of the games.
    pub year: u16,
    /// 0 or 8 for 8x8.
    pub board_size: u8,
    /// The solitaire flag.
    pub solitaire: u8,
    /// The depth of the theoretical scores.
    pub depth: u8,
    /// The reserved byte, kept.
    pub reserved: u8,
}

/// One game of a `.wtb` file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    /// Index into the tournament names.
    pub tournament: u16,
    /// Index into the player names: Black.
    pub black: u16,
    /// Index into the player names: White.
    pub white: u16,
    /// Black's discs at the end, empty squares to the winner.
    pub real_score: u8,
    /// The theoretical score.
    pub theoretical_score: u8,
    /// The move bytes, `10 * row + column`, 0 after the last move.
    pub moves: [u8; 60],
}

/// A `.wtb` file.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Database {
    /// The header (its game count is rewritten from `games` when written).
    pub header: Header,
    /// The games.
    pub games: Vec<Game>,
}

/// What was wrong with a WTHOR file, and where (byte offsets from the start of
/// the file, games 0-based and shown from 1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WthorError {
    /// The file ends inside its header.
    #[error("truncated header: {found} bytes, a header has 16")]
    TruncatedHeader {
        /// The file's length.
        found: usize,
    },
    /// The header claims more games or names than the file holds: it ends
    /// after `holds` complete records (of a name file: or inside one).
    #[error("the header claims {claimed} records but the file holds {holds} (byte {offset})")]
    Truncated {
        /// The count in the header.
        claimed: u64,
        /// The complete records present.
        holds: u64,
        /// Where the first missing record would start.
        offset: u64,
    },
    /// A `.wtb` file that ends inside a game the header counts.
    #[error(
        "game {}, byte {offset}: the file ends {found} bytes into the game (a game has 68; the header claims {claimed})",
        .game + 1
    )]
    TruncatedGame {
        /// The game's index (0-based).
        game: usize,
        /// Where the game starts.
        offset: u64,
        /// The bytes of it present (1 to 67).
        found: usize,
        /// The count of games in the header.
        claimed: u64,
    },
    /// A `.wtb` file that goes on after the games its header counts.
    #[error("byte {offset}: the file goes on after the {claimed} games its header claims")]
    TrailingBytes {
        /// The count of games in the header.
        claimed: u64,
        /// Where the bytes past the last game start.
        offset: u64,
    },
    /// A name file (`.JOU`, `.TRN`) that goes on after the names its header
    /// counts.
    #[error("byte {offset}: the file goes on after the {claimed} names its header claims")]
    TrailingNames {
        /// The count of names in the header.
        claimed: u64,
        /// Where the bytes past the last name start.
        offset: u64,
    },
    /// A board size other than 0 or 8.
    #[error("board size {0} at byte 12: WTHOR games are 8x8 (0 or 8)")]
    BoardSize(u8),
    /// A real score above 64 discs.
    #[error("game {}, byte {offset}: the real score {score} is more than 64 discs", .game + 1)]
    Score {
        /// The game's index (0-based).
        game: usize,
        /// The byte's offset in the file.
        offset: u64,
        /// The score.
        score: u8,
    },
    /// A move byte that is no square.
    #[error("game {}, byte {offset}: move byte {byte} is not a square (11 to 88)", .game + 1)]
    BadMove {
        /// The game's index (0-based).
        game: usize,
        /// The byte's offset in the file.
        offset: u64,
        /// The byte.
        byte: u8,
    },
    /// The input could not be read ([`Reader`]).
    #[error("byte {offset}: {message}")]
    Io {
        /// How many bytes were read before.
        offset: u64,
        /// The kind of the I/O error.
        kind: std::io::ErrorKind,
        /// Its message.
        message: String,
    },
}

fn u16_at(bytes: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([bytes[at], bytes[at + 1]])
}

fn header(bytes: &[u8]) -> Result<Header, WthorError> {
    let Some(h) = bytes.first_chunk::<HEADER_LEN>() else {
        return Err(WthorError::TruncatedHeader { found: bytes.len() });
    };
    Ok(decode_header(h))
}

fn decode_header(h: &[u8; HEADER_LEN]) -> Header {
    Header {
        created: [h[0], h[1], h[2], h[3]],
        games: u32::from_le_bytes([h[4], h[5], h[6], h[7]]),
        records: u16_at(h, 8),
        year: u16_at(h, 10),
        board_size: h[12],
        solitaire: h[13],
        depth: h[14],
        reserved: h[15],
    }
}

fn header_bytes(h: &Header) -> [u8; HEADER_LEN] {
    let mut out = [0; HEADER_LEN];
    out[..4].copy_from_slice(&h.created);
    out[4..8].copy_from_slice(&h.games.to_le_bytes());
    out[8..10].copy_from_slice(&h.records.to_le_bytes());
    out[10..12].copy_from_slice(&h.year.to_le_bytes());
    (out[12], out[13], out[14], out[15]) = (h.board_size, h.solitaire, h.depth, h.reserved);
    out
}

/// The records after the header, after checking that the file holds `claimed`
/// of `len` bytes each. Bytes after them are ignored.
fn records(bytes: &[u8], claimed: u64, len: usize) -> Result<impl Iterator<Item = &[u8]>, WthorError> {
    let holds = ((bytes.len() - HEADER_LEN) / len) as u64;
    if claimed > holds {
        let offset = (HEADER_LEN + holds as usize * len) as u64;
        return Err(WthorError::Truncated { claimed, holds, offset });
    }
    let end = HEADER_LEN + claimed as usize * len;
    if bytes.len() > end {
        return Err(WthorError::TrailingNames { claimed, offset: end as u64 });
    }
    Ok(bytes[HEADER_LEN..].chunks_exact(len).take(claimed as usize))
}

/// Reads a `.wtb` file: [`Reader`] over the bytes, its games collected. Move
/// bytes are checked to be squares and real scores to be at most 64 discs (so
/// that every game read writes back, as a record too); legality is
/// [`Game::replay`]'s job.
///
/// # Errors
/// [`WthorError`]: a truncated header, a board other than 8x8, then, game by
/// game, a real score above 64 or a move byte that is no square, the file
/// ending before the games the header counts, or bytes after them.
pub fn read_games(bytes: &[u8]) -> Result<Database, WthorError> {
    let reader = Reader::new(bytes)?;
    let header = *reader.header();
    let holds = bytes.len().saturating_sub(HEADER_LEN) / GAME_LEN;
    let mut games = Vec::with_capacity(holds.min(header.games as usize));
    for game in reader {
        games.push(game?);
    }
    Ok(Database { header, games })
}

/// Game `game` (0-based) from its 68 bytes, found at byte `offset` of the
/// file: the one decoding of a game, for every reader.
fn decode_game(g: &[u8; GAME_LEN], game: usize, offset: u64) -> Result<Game, WthorError> {
    let mut moves = [0; 60];
    moves.copy_from_slice(&g[8..]);
    let mut ended = false;
    for (j, &byte) in moves.iter().enumerate() {
        ended |= byte == 0;
        if !ended && square(byte).is_none() {
            return Err(WthorError::BadMove { game, offset: offset + 8 + j as u64, byte });
        }
    }
    if g[6] > 64 {
        return Err(WthorError::Score { game, offset: offset + 6, score: g[6] });
    }
    Ok(Game {
        tournament: u16_at(g, 0),
        black: u16_at(g, 2),
        white: u16_at(g, 4),
        real_score: g[6],
        theoretical_score: g[7],
        moves,
    })
}

/// The most games a `.wtb` file holds: its header counts them in a `u32`.
pub const MAX_GAMES: usize = u32::MAX as usize;

/// The refusal of game `game` (0-based), past [`MAX_GAMES`].
fn too_many_games(game: usize) -> WriteError {
    WriteError {
        format: "WTHOR",
        game,
        what: "more than 4,294,967,295 games (a WTHOR header counts them in 32 bits)".into(),
    }
}

/// The header's count of `games` games.
fn game_count(games: usize) -> Result<u32, WriteError> {
    u32::try_from(games).map_err(|_| too_many_games(MAX_GAMES))
}

/// Writes a `.wtb` file (the header's game count is that of `db.games`).
///
/// # Errors
/// [`WriteError`] for more than [`MAX_GAMES`] games, which the header's
/// count cannot hold.
pub fn write_games(db: &Database) -> Result<Vec<u8>, WriteError> {
    let mut header = db.header;
    header.games = game_count(db.games.len())?;
    let mut out = Vec::with_capacity(HEADER_LEN + GAME_LEN * db.games.len());
    out.extend_from_slice(&header_bytes(&header));
    for g in &db.games {
        out.extend_from_slice(&game_bytes(g));
    }
    Ok(out)
}

/// A game's 68 bytes.
fn game_bytes(g: &Game) -> [u8; GAME_LEN] {
    let mut out = [0; GAME_LEN];
    out[..2].copy_from_slice(&g.tournament.to_le_bytes());
    out[2..4].copy_from_slice(&g.black.to_le_bytes());
    out[4..6].copy_from_slice(&g.white.to_le_bytes());
    (out[6], out[7]) = (g.real_score, g.theoretical_score);
    out[8..].copy_from_slice(&g.moves);
    out
}

/// The kind of a name file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Names {
    /// `.JOU`: players, 20 bytes a name.
    Players,
    /// `.TRN`: tournaments, 26 bytes a name.
    Tournaments,
}

impl Names {
    const fn len(self) -> usize {
        match self {
            Names::Players => 20,
            Names::Tournaments => 26,
        }
    }
}

/// Reads a name file: the names in order, NUL padding removed, bytes read as
/// Latin-1. A name is at most 19 (players) or 25 (tournaments) characters:
/// the record's last byte is its terminator, as in every WTHOR file, and a
/// character a file puts there is not read (the name could not be written
/// back as it was).
///
/// # Errors
/// [`WthorError`] for a truncated header, a header claiming more names than
/// the file holds, or bytes after the names it claims
/// ([`WthorError::TrailingNames`]: a file holds exactly its names, so nothing
/// in it goes unread).
pub fn read_names(bytes: &[u8], kind: Names) -> Result<Vec<String>, WthorError> {
    let header = header(bytes)?;
    let names = records(bytes, header.records.into(), kind.len())?;
    Ok(names.map(|r| r[..r.len() - 1].iter().take_while(|&&b| b != 0).map(|&b| char::from(b)).collect()).collect())
}

/// Writes a name file with this header (its record count is `names.len()`);
/// names are cut to fit and characters outside Latin-1 become `?`. The header
/// counts at most [`MAX_NAMES`] names: those after are not written
/// ([`write_records`] refuses more).
#[must_use]
pub fn write_names(header: &Header, names: &[String], kind: Names) -> Vec<u8> {
    let names = &names[..names.len().min(MAX_NAMES)];
    let mut header = *header;
    header.records = u16::try_from(names.len()).unwrap_or(u16::MAX);
    let mut out = header_bytes(&header).to_vec();
    for name in names {
        let mut record = vec![0u8; kind.len()];
        for (slot, c) in record.iter_mut().take(kind.len() - 1).zip(name.chars()) {
            *slot = u8::try_from(u32::from(c)).unwrap_or(b'?');
        }
        out.extend_from_slice(&record);
    }
    out
}

/// The square of each move byte, `10 * row + column` from 1; `None` for a byte
/// that is no square. reversi-core's squares, so that the replay needs no
/// conversion.
static SQUARES: [Option<reversi_core::Square>; 256] = {
    let mut table = [None; 256];
    let mut byte = 0;
    while byte < 256 {
        let (row, column) = ((byte / 10) as u8, (byte % 10) as u8);
        if row >= 1 && column >= 1 {
            table[byte] = reversi_core::Square::new(column - 1, row - 1);
        }
        byte += 1;
    }
    table
};

/// The square of a move byte.
fn square(byte: u8) -> Option<Square> {
    SQUARES[usize::from(byte)].map(Square::from)
}

/// The placement of each move byte that is a square, as [`SQUARES`] (a pass
/// for the others, which [`Game::placements`] never reads).
static PLACEMENTS: [Move; 256] = {
    let mut table = [Move::Pass; 256];
    let mut byte = 0;
    while byte < 256 {
        if let Some(sq) = SQUARES[byte]
            && let Some(sq) = Square::new(sq.column(), sq.row())
        {
            table[byte] = Move::Place(sq);
        }
        byte += 1;
    }
    table
};

/// The replay of WTHOR moves move by move from the standard start, forced
/// passes inferred: the slow path, which names the first illegal move.
fn replay_moves(moves: impl IntoIterator<Item = Move>) -> Result<Replay, ReplayError> {
    match run(Position::from(reversi_core::Position::start()), moves, Passes::Infer, |_| {}) {
        (done, None) => Ok(done),
        (_, Some(error)) => Err(error),
    }
}

impl Game {
    /// The moves, up to the first 0 byte (no passes: WTHOR stores none).
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.placements().iter().map(|&b| PLACEMENTS[usize::from(b)])
    }

    /// The move bytes up to the first that is no square (0 ends a game).
    fn placements(&self) -> &[u8] {
        let end = self.moves.iter().position(|&b| SQUARES[usize::from(b)].is_none());
        &self.moves[..end.unwrap_or(self.moves.len())]
    }

    /// Replays the game, inserting the forced passes.
    ///
    /// The move bytes go straight to reversi-core's
    /// [`play_placements`](reversi_core::Position::play_placements), which checks
    /// every move; only when one is illegal is the game replayed move by move to
    /// name the error, as [`replay`](crate::replay()) does for the game's record.
    ///
    /// # Errors
    /// [`ReplayError`] for an illegal move.
    pub fn replay(&self) -> Result<Replay, ReplayError> {
        let mut pos = reversi_core::Position::start();
        let mut placed = 0;
        let squares = self.moves.iter().map_while(|&b| {
            let sq = SQUARES[usize::from(b)];
            placed += usize::from(sq.is_some());
            sq
        });
        match pos.play_placements(squares) {
            Ok(passes) => {
                let position = Position::from(pos);
                Ok(Replay { position, plies: placed + passes, passes, inferred: passes })
            }
            Err(_) => replay_moves(self.moves()),
        }
    }

    /// The game as a record, with names looked up (an index out of range is
    /// left as its number) and the year of the file.
    #[must_use]
    pub fn to_record(&self, year: u16, players: &[String], tournaments: &[String]) -> Record {
        let mut record = Record::new();
        self.read_into(year, players, tournaments, &mut record);
        record
    }

    /// [`to_record`](Game::to_record) into `record`, whatever it held: the
    /// same record, with the strings and moves of the old one reused (what
    /// [`RecordReader`](crate::RecordReader) does from game to game).
    pub fn read_into(&self, year: u16, players: &[String], tournaments: &[String], record: &mut Record) {
        let name = |slot: &mut Option<String>, names: &[String], i: u16| {
            let text = reused(slot);
            match names.get(usize::from(i)) {
                Some(name) => text.push_str(name),
                None => {
                    text.push('#');
                    push_number(text, i);
                }
            }
        };
        // Every field named, so that a new one cannot be left as the last
        // game had it.
        let Record { variant, geometry, first, start, black, white, event, date, result, moves, extra } = record;
        (*variant, *geometry, *first, *start) = (Variant::Reversi, Geometry::standard(), Color::Black, None);
        name(black, players, self.black);
        name(white, players, self.white);
        name(event, tournaments, self.tournament);
        if year == 0 {
            *date = None;
        } else {
            push_number(reused(date), year);
        }
        let real = u16::from(self.real_score);
        *result = Some(GameResult::Discs { black: real, white: 64u16.saturating_sub(real) });
        moves.clear();
        moves.extend(self.moves().map(Ply::new));
        if extra.len() != 1 || extra[0].0 != THEORETICAL_SCORE {
            extra.clear();
            extra.push((THEORETICAL_SCORE.into(), String::new()));
        }
        extra[0].1.clear();
        push_number(&mut extra[0].1, self.theoretical_score.into());
    }
}

/// The name of the field that holds a game's theoretical score.
const THEORETICAL_SCORE: &str = "WthorTheoreticalScore";

/// The string in `slot`, emptied (one put there if there was none).
fn reused(slot: &mut Option<String>) -> &mut String {
    let text = slot.get_or_insert_with(String::new);
    text.clear();
    text
}

/// Appends `n` in decimal, without going through `fmt`.
fn push_number(text: &mut String, n: u16) {
    if n >= 10 {
        push_number(text, n / 10);
    }
    text.push(char::from(b'0' + (n % 10) as u8));
}

/// The games of a `.wtb` file as records, names looked up in the `.JOU` and
/// `.TRN` files when given (see [`Game::to_record`]).
///
/// # Errors
/// [`WthorError`] for any of the files.
pub fn read_records(
    games: &[u8],
    players: Option<&[u8]>,
    tournaments: Option<&[u8]>,
) -> Result<Vec<Record>, WthorError> {
    let reader = Reader::new(games)?;
    let players = players.map(|b| read_names(b, Names::Players)).transpose()?.unwrap_or_default();
    let tournaments = tournaments.map(|b| read_names(b, Names::Tournaments)).transpose()?.unwrap_or_default();
    reader.records(players, tournaments).collect()
}

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

/// The most names a name file holds: its header counts them in a `u16`.
pub const MAX_NAMES: usize = 65_535;

/// Names numbered in order of first appearance, looked up by hash.
#[derive(Debug, Default)]
struct NameTable {
    names: Vec<String>,
    index: HashMap<String, u16>,
}

impl NameTable {
    /// The number of `name` (the empty name for none), `None` when it would be
    /// name number 65,536.
    fn number(&mut self, name: Option<&str>) -> Option<u16> {
        let name = name.unwrap_or_default();
        if let Some(&i) = self.index.get(name) {
            return Some(i);
        }
        if self.names.len() >= MAX_NAMES {
            return None;
        }
        let i = u16::try_from(self.names.len()).ok()?;
        self.names.push(name.to_string());
        self.index.insert(name.to_string(), i);
        Some(i)
    }
}

/// What a name reads back as from a name record of `len` bytes: Latin-1
/// (other characters as `?`), cut to leave a NUL, up to the first NUL.
fn fitted(name: &str, len: usize) -> String {
    let latin1 = |c: char| if u32::from(c) < 256 { c } else { '?' };
    name.chars().map(latin1).take(len - 1).take_while(|&c| c != '\0').collect()
}

/// Writes records as a WTHOR database: names numbered in order of first
/// appearance (a missing one is the empty name), passes left out, the year of
/// the file from the first record's date. The real score is Black's discs of
/// a [`GameResult::Discs`] result with the empty squares given to the winner,
/// else the replayed one (empties to the winner when the game is over); the
/// theoretical score is the
/// `WthorTheoreticalScore` extra field, else 0.
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
/// the file's year, results other than Black's discs with the empties to the
/// winner, and every kept field but a `WthorTheoreticalScore` of 0 to 255.
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
/// use std::io::{BufReader, BufWriter, Write};
/// use reversi_notation::{Format, ReadOptions, games, wthor};
/// let input = BufReader::new(File::open("archive.pgn")?);
/// let mut out = BufWriter::new(File::create("archive.wtb")?);
/// let mut writer = wthor::Writer::new();
/// for game in games(Format::Pgn, input, ReadOptions::new()) {
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
    losses: Losses,
    players: NameTable,
    tournaments: NameTable,
    /// The file's year, from the first game written.
    year: Option<u16>,
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
            losses: Losses::new(crate::Format::Wthor),
            players: NameTable::default(),
            tournaments: NameTable::default(),
            year: None,
            games: 0,
        }
    }

    /// Writes the next game (before the first, the header), noting what it
    /// does not hold.
    ///
    /// # Errors
    /// [`EncodeError::Game`] for a record WTHOR cannot hold (as
    /// [`write_records`], and a game past [`MAX_GAMES`]); nothing of it is
    /// written. [`EncodeError::Io`] when `out` fails. Either ends the writing.
    pub fn push<W: Write + ?Sized>(&mut self, record: &Record, out: &mut W) -> Result<(), EncodeError> {
        let i = self.games as usize;
        // Refused before its names are numbered: the header could not count it.
        let games = self.games.checked_add(1).ok_or_else(|| too_many_games(i))?;
        let year = self.year.unwrap_or_else(|| record_year(record).unwrap_or(0));
        let game = self.game(i, record, year)?;
        if self.year.is_none() {
            out.write_all(&header_bytes(&self.header(year)))?;
            self.year = Some(year);
        }
        out.write_all(&game_bytes(&game))?;
        self.games = games;
        Ok(())
    }

    /// The `.wtb` header with the games written so far and their year.
    fn header(&self, year: u16) -> Header {
        Header { games: self.games, year, board_size: 8, ..Header::default() }
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
    fn game(&mut self, i: usize, record: &Record, year: u16) -> Result<Game, WriteError> {
        let fail = |what: String| WriteError { format: "WTHOR", game: i, what };
        if !record.is_standard_othello() || record.first != Color::Black {
            return Err(fail(format!(
                "WTHOR holds 8x8 Othello from the standard start with Black first, not {} on {}{}",
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
        let real_score = match record.result {
            Some(GameResult::Discs { black, white }) if u32::from(black) + u32::from(white) <= 64 => {
                // Empty squares go to the winner (shared on a draw), as WTHOR counts.
                let score = reversi_core::Score { black: black.into(), white: white.into() };
                score.with_empties_to_winner().black as u8
            }
            Some(GameResult::Discs { black, white }) => return Err(fail(format!("the result {black}-{white}"))),
            _ => {
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
        let real = u16::from(real_score);
        // No result reads back as the one replayed: nothing lost.
        if record.result.as_ref().is_some_and(|r| *r != GameResult::Discs { black: real, white: 64 - real }) {
            losses.note(i, Loss::Result);
        }
        let kept = theoretical.filter(|&t| record.extra[t].1 == theoretical_score.to_string());
        losses.fields_but(i, record, kept.as_slice());

        Ok(Game { tournament, black, white, real_score, theoretical_score, moves })
    }
}

/// The year a record's date starts with, as the file's year.
fn record_year(record: &Record) -> Option<u16> {
    record.date.as_deref().and_then(|d| d.get(..4)).and_then(|y| y.parse::<u16>().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_appended_in_decimal() {
        for n in [0, 7, 9, 10, 99, 100, 1985, 9999, 10000, 65535] {
            let mut text = "x".to_string();
            push_number(&mut text, n);
            assert_eq!(text, format!("x{n}"));
        }
    }

    #[test]
    fn a_name_filling_its_record_reads_without_the_terminator_byte() {
        // Found by fuzzing: 20 letters in a 20-byte record read as 20
        // characters, which the writer (keeping the terminator) cut to 19.
        let header = Header { records: 1, ..Header::default() };
        let mut bytes = header_bytes(&header).to_vec();
        bytes.extend_from_slice(b"St Michel/Orge (prg)");
        let names = read_names(&bytes, Names::Players).unwrap();
        assert_eq!(names, ["St Michel/Orge (prg"]);
        let written = write_names(&header, &names, Names::Players);
        assert_eq!(read_names(&written, Names::Players).unwrap(), names);
    }

    #[test]
    fn a_name_file_holds_exactly_its_names() {
        // Bytes after the names the header counts were ignored, and any names
        // they held lost without a word.
        let header = Header { records: 1, ..Header::default() };
        let mut bytes = write_names(&header, &["Ann".to_string()], Names::Players);
        assert_eq!(read_names(&bytes, Names::Players).unwrap(), ["Ann"]);
        bytes.extend_from_slice(b"Bob");
        let err = read_names(&bytes, Names::Players).unwrap_err();
        assert_eq!(err, WthorError::TrailingNames { claimed: 1, offset: 36 });
        assert_eq!(err.to_string(), "byte 36: the file goes on after the 1 names its header claims");
    }

    #[test]
    fn move_bytes() {
        assert_eq!(square(11), Square::new(0, 0));
        assert_eq!(square(56).map(|s| s.to_string()), Some("f5".into()));
        assert_eq!(square(88), Square::new(7, 7));
        for bad in [0, 9, 10, 19, 20, 89, 90, 255] {
            assert_eq!(square(bad), None, "{bad}");
        }
        let squares: Vec<u8> = (0..=255).filter(|&b| square(b).is_some()).collect();
        let expected: Vec<u8> = (1..=8).flat_map(|row| (1..=8).map(move |column| 10 * row + column)).collect();
        assert_eq!(squares, expected);
        for byte in expected {
            let sq = square(byte).map(|s| (s.row(), s.column()));
            assert_eq!(sq, Some((byte / 10 - 1, byte % 10 - 1)), "{byte}");
        }
    }

    /// A game from its moves, written as squares.
    fn game(moves: &str) -> Game {
        let mut bytes = [0; 60];
        for (slot, mv) in bytes.iter_mut().zip(moves.split_whitespace()) {
            let sq: Square = mv.parse().unwrap();
            *slot = 10 * (sq.row() + 1) + sq.column() + 1;
        }
        Game { tournament: 0, black: 0, white: 0, real_score: 0, theoretical_score: 0, moves: bytes }
    }

    #[test]
    fn the_fast_replay_agrees_with_the_move_by_move_replay() {
        // Black must pass after c1; White then plays e3.
        let cases = [
            ("f5 d6 c3", None),
            ("d3 c3 b3 b2 f5 a3 a1 c1 e3", None),
            ("d3 c3 b3 d2 e1 d6 d7 e3 f4", None),
            ("f5 f5", Some("ply 2: f5 is not legal for White: f5 is occupied")),
            ("f5 d6 a1", Some("ply 3: a1 is not legal for Black: a1 flips nothing")),
            ("d3 c3 b3 b2 f5 a3 a1 c1 h8", Some("ply 10: h8 is not legal for White: h8 flips nothing")),
            ("d3 c3 b3 b2 f5 a3 a1 c1 c1", Some("ply 10: c1 is not legal for White: c1 is occupied")),
            ("d3 c3 b3 d2 e1 d6 d7 e3 f4 a1", Some("ply 10: a1 is not legal for White: the game is over")),
        ];
        for (moves, error) in cases {
            let game = game(moves);
            let slow = replay_moves(game.moves());
            assert_eq!(game.replay(), slow, "{moves}");
            assert_eq!(slow.as_ref().err().map(ToString::to_string).as_deref(), error, "{moves}");
        }
        let passed = game("d3 c3 b3 b2 f5 a3 a1 c1 e3").replay().unwrap();
        assert_eq!((passed.plies, passed.passes, passed.inferred), (10, 1, 1));
    }

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

    #[test]
    fn bad_files_are_typed_errors() {
        assert_eq!(read_games(&[0; 10]), Err(WthorError::TruncatedHeader { found: 10 }));
        let mut bytes = vec![0u8; HEADER_LEN + GAME_LEN];
        bytes[4] = 2; // two games claimed, one present
        assert_eq!(read_games(&bytes), Err(WthorError::Truncated { claimed: 2, holds: 1, offset: 84 }));
        bytes[4] = 1;
        bytes[12] = 10;
        assert_eq!(read_games(&bytes), Err(WthorError::BoardSize(10)));
        bytes[12] = 8;
        bytes[HEADER_LEN + 8] = 99;
        assert_eq!(read_games(&bytes), Err(WthorError::BadMove { game: 0, offset: 24, byte: 99 }));
        bytes[HEADER_LEN + 8] = 0;
        assert_eq!(read_games(&bytes).map(|db| db.games.len()), Ok(1));
    }
}
