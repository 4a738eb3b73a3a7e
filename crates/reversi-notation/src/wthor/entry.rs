//! A WTHOR game: its move bytes, its fast replay, its record.

use reversi_core::Color;
use reversi_variants::{Geometry, Move, Position, Square, Variant};

use std::fmt::Write as _;

use super::{Entry, Header};
use crate::replay::{Passes, Replay, ReplayError, run};
use crate::{GameResult, Location, Ply, Record};

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
pub(crate) fn square(byte: u8) -> Option<Square> {
    SQUARES[usize::from(byte)].map(Square::from)
}

/// The placement of each move byte that is a square, as [`SQUARES`] (a pass
/// for the others, which [`Entry::placements`] never reads).
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
    match run(Position::from(reversi_core::Position::start()), moves, Passes::Infer) {
        (done, None) => Ok(done),
        (_, Some(error)) => Err(error),
    }
}

impl Entry {
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

    /// [`to_record`](Entry::to_record) into `record`, whatever it held: the
    /// same record, with the strings and moves of the old one reused (what
    /// [`Reader::next_record`](crate::Reader::next_record) does from game to game).
    pub fn read_into(&self, year: u16, players: &[String], tournaments: &[String], record: &mut Record) {
        self.read_at(&Header { year, ..Header::default() }, players, tournaments, record, None);
    }

    /// [`read_into`](Entry::read_into) for the game at byte `offset` of its
    /// file: each ply located at its move byte, the record's origin left to
    /// the caller.
    pub(crate) fn read_at(
        &self,
        header: &Header,
        players: &[String],
        tournaments: &[String],
        record: &mut Record,
        offset: Option<u64>,
    ) {
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
        let Record { variant, geometry, first, start, black, white, event, date, result, moves, extra, origin } =
            record;
        *origin = None;
        (*variant, *geometry, *first, *start) = (Variant::Reversi, Geometry::standard(), Color::Black, None);
        name(black, players, self.black);
        name(white, players, self.white);
        name(event, tournaments, self.tournament);
        let year = header.year;
        if year == 0 {
            *date = None;
        } else {
            push_number(reused(date), year);
        }
        let real = u16::from(self.real_score);
        *result = Some(GameResult::Discs { black: real, white: 64u16.saturating_sub(real) });
        moves.clear();
        moves.extend(self.moves().map(Ply::new));
        if let Some(offset) = offset {
            // Each move at its byte: the game's offset, 8 bytes of names and
            // scores, then one byte a move.
            for (ply, at) in moves.iter_mut().zip(offset + 8..) {
                ply.at = Some(Location::Byte(at));
            }
        }
        // The theoretical score, then the header's fields that are set, in
        // the strings of the last game where they are the same fields.
        let mut kept = 0;
        let mut put = |name: &str, value: &dyn std::fmt::Display| {
            if extra.get(kept).is_none_or(|(n, _)| n != name) {
                extra.truncate(kept);
                extra.push((name.into(), String::new()));
            }
            let text = &mut extra[kept].1;
            text.clear();
            let _ = write!(text, "{value}");
            kept += 1;
        };
        put(THEORETICAL_SCORE, &self.theoretical_score);
        if let Some(created) = created_text(header.created) {
            put(CREATED, &created);
        }
        if header.solitaire != 0 {
            put(SOLITAIRE, &header.solitaire);
        }
        if header.depth != 0 {
            put(DEPTH, &header.depth);
        }
        extra.truncate(kept);
    }
}

/// The field that keeps a file's creation date (`2001-03-05`).
pub(crate) const CREATED: &str = "WthorCreated";
/// The field that keeps a file's solitaire flag (when not 0).
pub(crate) const SOLITAIRE: &str = "WthorSolitaire";
/// The [`Record::extra`] field that keeps the depth of a file's theoretical
/// scores (the header's, when not 0): the empty squares of the position each
/// game's theoretical score is the perfect-play result of.
pub const DEPTH: &str = "WthorDepth";

/// A header's creation date as a field's value, `YYYY-MM-DD` (century and
/// year in the century as one year); `None` when it is not set, or its
/// century or year are past 99 (no date).
fn created_text([century, year, month, day]: [u8; 4]) -> Option<String> {
    let set = [century, year, month, day] != [0; 4] && century < 100 && year < 100;
    set.then(|| format!("{:04}-{month:02}-{day:02}", u16::from(century) * 100 + u16::from(year)))
}

/// The header's creation date of a field's value as [`created_text`] writes
/// it.
pub(crate) fn parse_created(text: &str) -> Option<[u8; 4]> {
    let mut parts = text.split('-');
    let year: u16 = parts.next()?.parse().ok().filter(|y| *y < 10_000)?;
    let month: u8 = parts.next()?.parse().ok()?;
    let day: u8 = parts.next()?.parse().ok()?;
    let created = [(year / 100) as u8, (year % 100) as u8, month, day];
    (parts.next().is_none() && created_text(created).as_deref() == Some(text)).then_some(created)
}

/// The [`Record::extra`] field that holds a game's theoretical score: Black's
/// discs at the end of perfect play from the game's position with
/// [`DEPTH`] empty squares, empties to the winner.
pub const THEORETICAL_SCORE: &str = "WthorTheoreticalScore";

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
    fn game(moves: &str) -> Entry {
        let mut bytes = [0; 60];
        for (slot, mv) in bytes.iter_mut().zip(moves.split_whitespace()) {
            let sq: Square = mv.parse().unwrap();
            *slot = 10 * (sq.row() + 1) + sq.column() + 1;
        }
        Entry { tournament: 0, black: 0, white: 0, real_score: 0, theoretical_score: 0, moves: bytes }
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
}
