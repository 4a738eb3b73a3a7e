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
//! As records, each game keeps its theoretical score in the extra field
//! `WthorTheoreticalScore`, and the `.wtb` header's fields that are set in
//! `WthorCreated` (the creation date, `YYYY-MM-DD`), `WthorSolitaire` and
//! `WthorDepth` (the depth of the theoretical scores), which the writer puts
//! back in the header it writes (from the first game; a game whose fields
//! differ has them reported lost). [`THEORETICAL_SCORE`] and [`DEPTH`] name
//! the two fields; reversi-solve's `wthor` module (feature `wthor`) checks
//! and fills them with the exact solver.
//!
//! A `.wtb` file's games are read whole ([`read_games`]) or game by game from
//! any [`Read`](std::io::Read) ([`Reader`]) in the memory of one game, with
//! the same decoding (the whole-buffer reader is the streaming one over a
//! slice) and so the same games and errors; as records, with their names,
//! through the crate's one [`Reader`](crate::Reader) ([`open`](crate::open)
//! finds the name files beside a `.wtb`; [`read_records`] is it in memory). A file
//! holds exactly the games its header counts: one that ends before them is
//! [`WthorError::Truncated`] (or [`WthorError::TruncatedGame`] inside a game),
//! one that goes on after them [`WthorError::TrailingBytes`], checked when the
//! last counted game has been read.

mod codec;
mod entry;
mod names;
mod reader;
mod target;
mod writer;

pub(crate) use codec::CODEC;
pub use entry::{DEPTH, THEORETICAL_SCORE};
pub use names::{MAX_NAMES, Names, read_names, read_names_from, write_names};
pub use reader::Reader;
pub use target::{TargetError, check_target, database_files};
pub use writer::{Files, NameFiles, Writer, write_records, write_records_report};

use crate::{Format, ReadOptions, Record, WriteError};

/// How messages name the format.
pub(crate) const LABEL: &str = "WTHOR";

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
pub struct Entry {
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
    pub games: Vec<Entry>,
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

impl WthorError {
    /// The byte offset the error is at, when there is one.
    #[must_use]
    pub const fn offset(&self) -> Option<u64> {
        match self {
            WthorError::TruncatedHeader { .. } => Some(0),
            WthorError::BoardSize(_) => Some(12),
            WthorError::Truncated { offset, .. }
            | WthorError::TruncatedGame { offset, .. }
            | WthorError::TrailingBytes { offset, .. }
            | WthorError::TrailingNames { offset, .. }
            | WthorError::Score { offset, .. }
            | WthorError::BadMove { offset, .. }
            | WthorError::Io { offset, .. } => Some(*offset),
        }
    }

    /// Whether the error is one game's (a score or a move byte that does not
    /// read): a reader goes on at the next 68-byte game. Every other error
    /// (the header, the count, the file's length, the input) ends the file.
    #[must_use]
    pub const fn is_game_error(&self) -> bool {
        matches!(self, WthorError::Score { .. } | WthorError::BadMove { .. })
    }
}

pub(crate) fn u16_at(bytes: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([bytes[at], bytes[at + 1]])
}

pub(crate) fn header(bytes: &[u8]) -> Result<Header, WthorError> {
    let Some(h) = bytes.first_chunk::<HEADER_LEN>() else {
        return Err(WthorError::TruncatedHeader { found: bytes.len() });
    };
    Ok(decode_header(h))
}

pub(crate) fn decode_header(h: &[u8; HEADER_LEN]) -> Header {
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

pub(crate) fn header_bytes(h: &Header) -> [u8; HEADER_LEN] {
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
pub(crate) fn records(bytes: &[u8], claimed: u64, len: usize) -> Result<impl Iterator<Item = &[u8]>, WthorError> {
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
/// [`Entry::replay`]'s job.
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
pub(crate) fn decode_game(g: &[u8; GAME_LEN], game: usize, offset: u64) -> Result<Entry, WthorError> {
    let mut moves = [0; 60];
    moves.copy_from_slice(&g[8..]);
    let mut ended = false;
    for (j, &byte) in moves.iter().enumerate() {
        ended |= byte == 0;
        if !ended && entry::square(byte).is_none() {
            return Err(WthorError::BadMove { game, offset: offset + 8 + j as u64, byte });
        }
    }
    if g[6] > 64 {
        return Err(WthorError::Score { game, offset: offset + 6, score: g[6] });
    }
    Ok(Entry {
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
pub(crate) fn too_many_games(game: usize) -> WriteError {
    WriteError {
        format: "WTHOR",
        game,
        what: "more than 4,294,967,295 games (a WTHOR header counts them in 32 bits)".into(),
    }
}

/// The header's count of `games` games.
pub(crate) fn game_count(games: usize) -> Result<u32, WriteError> {
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
pub(crate) fn game_bytes(g: &Entry) -> [u8; GAME_LEN] {
    let mut out = [0; GAME_LEN];
    out[..2].copy_from_slice(&g.tournament.to_le_bytes());
    out[2..4].copy_from_slice(&g.black.to_le_bytes());
    out[4..6].copy_from_slice(&g.white.to_le_bytes());
    (out[6], out[7]) = (g.real_score, g.theoretical_score);
    out[8..].copy_from_slice(&g.moves);
    out
}

/// The games of a `.wtb` file as records, names looked up in the `.JOU` and
/// `.TRN` files when given (see [`Entry::to_record`]): the crate's
/// [`Reader`](crate::Reader) over the bytes, with those names.
///
/// # Errors
/// [`WthorError`] for any of the files (of the games: the first game that
/// does not read).
pub fn read_records(
    games: &[u8],
    players: Option<&[u8]>,
    tournaments: Option<&[u8]>,
) -> Result<Vec<Record>, WthorError> {
    let players = players.map(|b| read_names(b, Names::Players)).transpose()?.unwrap_or_default();
    let tournaments = tournaments.map(|b| read_names(b, Names::Tournaments)).transpose()?.unwrap_or_default();
    let reader = crate::Reader::new(Format::Wthor, games, ReadOptions::new()).wthor_names(players, tournaments);
    reader
        .map(|game| {
            game.map_err(|e| match e.kind {
                crate::ReadError::Wthor(e) => e,
                other => WthorError::Io { offset: 0, kind: std::io::ErrorKind::Other, message: other.to_string() },
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

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
