//! The WTHOR codec: `.wtb` games read 68 bytes at a time into records by
//! the crate's [`Reader`](crate::Reader), written through [`Writer`].

use super::{GAME_LEN, HEADER_LEN, Header, Writer, WthorError, decode_game, decode_header};
use crate::format::codec::{ByteParser, Codec, Finished, Found, GameWriter, Head, Parser, Resync, SNIFF_BYTES};
use crate::{ReadError, ReadOptions, Record, WriteError};

/// The WTHOR codec.
pub(crate) struct Wthor;

/// What [`Format::Wthor`](crate::Format::Wthor) dispatches to.
pub(crate) const CODEC: Wthor = Wthor;

impl Codec for Wthor {
    fn name(&self) -> &'static str {
        "wthor"
    }

    fn label(&self) -> &'static str {
        super::LABEL
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["wtb"]
    }

    /// Bytes that are not text and start with a plausible header: a date
    /// that may be one, the board size 0 or 8, and a game count that the
    /// length agrees with (exactly, or more games than a cut head holds).
    /// Other bytes that are not text are no WTHOR file: read as text, they
    /// are reported as not UTF-8.
    fn sniff(&self, head: &Head<'_>) -> Option<u8> {
        let h = head.bytes.first_chunk::<HEADER_LEN>().filter(|_| !head.is_text())?;
        let header = decode_header(h);
        let [_, _, month, day] = header.created;
        let length = HEADER_LEN as u64 + GAME_LEN as u64 * u64::from(header.games);
        let seen = head.bytes.len() as u64;
        let count = length == seen || seen >= SNIFF_BYTES as u64 && length > seen;
        (month <= 12 && day <= 31 && matches!(header.board_size, 0 | 8) && count).then_some(5)
    }

    fn head_bytes(&self) -> u64 {
        HEADER_LEN as u64
    }

    fn parser(&self, _: &ReadOptions) -> Parser {
        Parser::Bytes(Box::new(Games { header: None, read: 0, players: Vec::new(), tournaments: Vec::new() }))
    }

    fn writer(&self) -> Box<dyn GameWriter> {
        Box::new(Encoded { writer: Writer::new(), games: 0 })
    }
}

/// The parser of a `.wtb` file: its header, then the games it counts, then
/// the end; names looked up as [`Entry::read_into`](super::Entry::read_into)
/// does.
struct Games {
    header: Option<Header>,
    /// Games read (or that did not read) so far.
    read: u32,
    players: Vec<String>,
    tournaments: Vec<String>,
}

impl ByteParser for Games {
    fn step(
        &mut self,
        bytes: &[u8],
        at: usize,
        eof: bool,
        offset: u64,
        record: &mut Record,
    ) -> Result<Found, ReadError> {
        let rest = &bytes[at..];
        let Some(header) = self.header else {
            let Some(h) = rest.first_chunk::<HEADER_LEN>() else {
                return if eof {
                    Err(WthorError::TruncatedHeader { found: rest.len() }.into())
                } else {
                    Ok(Found::More)
                };
            };
            let header = decode_header(h);
            if !matches!(header.board_size, 0 | 8) {
                return Err(WthorError::BoardSize(header.board_size).into());
            }
            self.header = Some(header);
            return Ok(Found::Skip(at + HEADER_LEN));
        };
        let claimed = u64::from(header.games);
        let here = offset + at as u64;
        if self.read == header.games {
            return match (rest.is_empty(), eof) {
                (true, true) => Ok(Found::End),
                (true, false) => Ok(Found::More),
                (false, _) => Err(WthorError::TrailingBytes { claimed, offset: here }.into()),
            };
        }
        let Some(game) = rest.first_chunk::<GAME_LEN>() else {
            if !eof {
                return Ok(Found::More);
            }
            let game = self.read as usize;
            return Err(match rest.len() {
                0 => WthorError::Truncated { claimed, holds: u64::from(self.read), offset: here },
                found => WthorError::TruncatedGame { game, offset: here, found, claimed },
            }
            .into());
        };
        let index = self.read as usize;
        // A game that does not read is that game's error: the next starts 68
        // bytes on.
        self.read += 1;
        let game = decode_game(game, index, here)?;
        game.read_at(&header, &self.players, &self.tournaments, record, Some(here));
        Ok(Found::Game(None, at + GAME_LEN))
    }

    fn resync(&mut self, _: &[u8], start: usize, _: bool) -> Resync {
        Resync::At(start + GAME_LEN)
    }

    fn set_names(&mut self, players: Vec<String>, tournaments: Vec<String>) {
        (self.players, self.tournaments) = (players, tournaments);
    }
}

/// [`Writer`] as a format's writer: the `.wtb` alone, the names reported
/// lost.
#[derive(Debug)]
struct Encoded {
    writer: Writer,
    games: usize,
}

impl GameWriter for Encoded {
    fn push(&mut self, record: &Record, index: usize, out: &mut Vec<u8>) -> Result<(), WriteError> {
        self.writer.push(record, out).map_err(crate::EncodeError::in_memory)?;
        self.writer.names_lost(index, record);
        self.games += 1;
        Ok(())
    }

    fn finish(self: Box<Self>, out: &mut Vec<u8>) -> Result<Finished, WriteError> {
        let header = self.writer.final_header().to_vec();
        if self.games == 0 {
            out.extend_from_slice(&header);
        }
        Ok(Finished { losses: self.writer.losses, header: Some(header) })
    }
}
