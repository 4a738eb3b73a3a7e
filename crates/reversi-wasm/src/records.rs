//! `readGames`, `Game`, `Replay`: records through reversi-notation's reader,
//! writers and replay.

use std::cell::Cell;
use std::io::{BufRead, Cursor, Read};
use std::rc::Rc;

use reversi_notation::wthor::{Names, read_names};
use reversi_notation::{Format, Ply, ReadOptions, Reader, Record, plies};
use wasm_bindgen::prelude::*;

use crate::js_error;
use crate::position::{Position, color_name, parse_move};

/// The names of the formats the project reads and writes.
pub fn formats() -> Vec<String> {
    Format::ALL.iter().map(|f| f.name().to_owned()).collect()
}

/// The format of `file`'s name (its extension), else of `bytes`' content.
fn format_of(bytes: &[u8], file: Option<&str>) -> Format {
    file.and_then(|f| f.rsplit_once('.'))
        .and_then(|(_, extension)| Format::from_extension(extension))
        .unwrap_or_else(|| Format::sniff(bytes))
}

/// An in-memory input that says how far the reader has read it.
#[derive(Debug)]
struct Counted {
    bytes: Cursor<Vec<u8>>,
    read: Rc<Cell<u64>>,
}

impl Read for Counted {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.bytes.read(buf)?;
        self.read.set(self.bytes.position());
        Ok(n)
    }
}

impl BufRead for Counted {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        self.bytes.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.bytes.consume(amount);
        self.read.set(self.bytes.position());
    }
}

/// The games of `bytes`, as the library's reader gives them: each a record
/// or the located error of a game that does not read.
pub(crate) fn read_bytes(
    bytes: &[u8],
    file: Option<&str>,
    format: Option<&str>,
    names: (Option<&[u8]>, Option<&[u8]>),
) -> Result<Games, String> {
    let mut stream = GameStream::open(bytes.to_vec(), file, format, names)?;
    stream.read(usize::MAX);
    Ok(stream.finish())
}

/// A file's games read a batch at a time (`read`), so that a page can draw
/// its progress between batches; `finish` gives them all.
#[wasm_bindgen]
#[derive(Debug)]
pub struct GameStream {
    reader: Reader<Counted>,
    read: Rc<Cell<u64>>,
    total: usize,
    format: Format,
    games: Vec<Result<Record, String>>,
    done: bool,
}

impl GameStream {
    fn open(
        bytes: Vec<u8>,
        file: Option<&str>,
        format: Option<&str>,
        names: (Option<&[u8]>, Option<&[u8]>),
    ) -> Result<GameStream, String> {
        let format = match format {
            Some(name) if name != "auto" => name.parse::<Format>().map_err(|e| e.to_string())?,
            _ => format_of(&bytes, file),
        };
        let read = Rc::new(Cell::new(0));
        let total = bytes.len();
        let input = Counted { bytes: Cursor::new(bytes), read: Rc::clone(&read) };
        let mut reader = Reader::new(format, input, ReadOptions::new());
        if format == Format::Wthor {
            let load = |bytes: Option<&[u8]>, kind: Names, what: &str| {
                bytes.map_or(Ok(Vec::new()), |b| read_names(b, kind).map_err(|e| format!("the {what} name file: {e}")))
            };
            reader = reader.wthor_names(
                load(names.0, Names::Players, "players'")?,
                load(names.1, Names::Tournaments, "tournaments'")?,
            );
        }
        if let Some(file) = file {
            reader = reader.named(file);
        }
        Ok(GameStream { reader, read, total, format, games: Vec::new(), done: false })
    }
}

#[wasm_bindgen]
impl GameStream {
    /// A reader of the games of `bytes`, as `readGames` reads them.
    ///
    /// # Errors
    /// As `readGames`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        bytes: Vec<u8>,
        file_name: Option<String>,
        format: Option<String>,
        players: Option<Vec<u8>>,
        tournaments: Option<Vec<u8>>,
    ) -> Result<GameStream, JsError> {
        GameStream::open(bytes, file_name.as_deref(), format.as_deref(), (players.as_deref(), tournaments.as_deref()))
            .map_err(js_error)
    }

    /// Reads up to `count` more games; whether the input is done.
    pub fn read(&mut self, count: usize) -> bool {
        for _ in 0..count {
            match self.reader.next() {
                Some(game) => self.games.push(game.map_err(|e| e.to_string())),
                None => {
                    self.done = true;
                    break;
                }
            }
        }
        self.done
    }

    /// The games read so far, those that do not read included.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.games.len()
    }

    /// The share of the bytes read so far, from 0 to 1.
    #[wasm_bindgen(getter)]
    pub fn progress(&self) -> f64 {
        if self.done || self.total == 0 { 1.0 } else { self.read.get() as f64 / self.total as f64 }
    }

    /// The games read.
    pub fn finish(self) -> Games {
        Games { format: self.format, games: self.games }
    }
}

/// The games of one file.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Games {
    format: Format,
    games: Vec<Result<Record, String>>,
}

#[wasm_bindgen]
impl Games {
    /// The number of games, those that do not read included.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.games.len()
    }

    /// The format read (`pgn`, `ggf`, `wthor`, ...).
    #[wasm_bindgen(getter)]
    pub fn format(&self) -> String {
        self.format.name().to_owned()
    }

    /// Game `index` (0-based), or `undefined` past the last.
    pub fn get(&self, index: usize) -> Option<Game> {
        let game = self.games.get(index)?;
        Some(Game { format: self.format, index, game: game.clone() })
    }

    /// The located errors of the games that do not read, in order.
    pub fn errors(&self) -> Vec<String> {
        self.games.iter().filter_map(|g| g.as_ref().err().cloned()).collect()
    }
}

/// One game of a file: its record, or why it does not read.
#[wasm_bindgen]
#[derive(Clone, Debug)]
pub struct Game {
    format: Format,
    index: usize,
    game: Result<Record, String>,
}

impl Game {
    fn field(&self, get: impl Fn(&Record) -> Option<&String>) -> Option<String> {
        self.game.as_ref().ok().and_then(|r| get(r).cloned())
    }

    fn record(&self) -> Result<&Record, String> {
        self.game.as_ref().map_err(Clone::clone)
    }

    /// The plies of the game, replayed by reversi-notation.
    pub(crate) fn replay_steps(&self) -> Result<Replay, String> {
        let record = self.record()?;
        let locate = |e: reversi_notation::ReplayError| e.in_record(record).to_string();
        let mut steps = plies(record, self.format.passes()).map_err(locate)?;
        let mut replay = Replay { positions: vec![Position { pos: *steps.position() }], ..Replay::default() };
        while let Some(step) = steps.next_ply() {
            match step {
                Ok(step) => {
                    replay.moves.push((step.mv.to_string(), step.inferred));
                    replay.positions.push(Position { pos: *step.after });
                }
                Err(e) => replay.error = Some(locate(e)),
            }
        }
        Ok(replay)
    }

    /// The game written in `format`.
    pub(crate) fn written(&self, format: &str) -> Result<Vec<u8>, String> {
        let format = format.parse::<Format>().map_err(|e| e.to_string())?;
        reversi_notation::write(format, std::slice::from_ref(self.record()?)).map_err(|e| e.to_string())
    }
}

#[wasm_bindgen]
impl Game {
    /// A game of `moves` (`f5`, `a1c3`, `pass`) played from `start`: an
    /// analysis line to write out. The moves are read, not checked:
    /// `replay()` checks them.
    ///
    /// # Errors
    /// Text that is no move.
    #[wasm_bindgen(js_name = fromMoves)]
    pub fn from_moves(start: &Position, moves: Vec<String>) -> Result<Game, JsError> {
        let mut record = Record::of(start.pos.variant(), *start.pos.geometry());
        record.set_start(start.pos);
        record.moves = moves.iter().map(|m| parse_move(m).map(Ply::new)).collect::<Result<_, _>>().map_err(js_error)?;
        Ok(Game { format: Format::Transcript, index: 0, game: Ok(record) })
    }

    /// The game's index in its file (0-based).
    #[wasm_bindgen(getter)]
    pub fn index(&self) -> usize {
        self.index
    }

    /// Why the game does not read (`FILE:LINE:COL: game N: ...`), or `undefined`.
    #[wasm_bindgen(getter)]
    pub fn error(&self) -> Option<String> {
        self.game.as_ref().err().cloned()
    }

    /// Black's player.
    #[wasm_bindgen(getter)]
    pub fn black(&self) -> Option<String> {
        self.field(|r| r.black.as_ref())
    }

    /// White's player.
    #[wasm_bindgen(getter)]
    pub fn white(&self) -> Option<String> {
        self.field(|r| r.white.as_ref())
    }

    /// The event or tournament.
    #[wasm_bindgen(getter)]
    pub fn event(&self) -> Option<String> {
        self.field(|r| r.event.as_ref())
    }

    /// The date, as written.
    #[wasm_bindgen(getter)]
    pub fn date(&self) -> Option<String> {
        self.field(|r| r.date.as_ref())
    }

    /// The result as written (`33-31`, `+8.5`).
    #[wasm_bindgen(getter)]
    pub fn result(&self) -> Option<String> {
        self.game.as_ref().ok()?.result.as_ref().map(ToString::to_string)
    }

    /// The game (`reversi`, ...), `undefined` for a game that does not read.
    #[wasm_bindgen(getter)]
    pub fn variant(&self) -> Option<String> {
        self.game.as_ref().ok().map(|r| r.variant.name().to_owned())
    }

    /// Who moves first: `black` or `white`.
    #[wasm_bindgen(getter)]
    pub fn first(&self) -> Option<String> {
        self.game.as_ref().ok().map(|r| color_name(r.first_to_move()).to_owned())
    }

    /// The moves as written (passes where the format writes them).
    pub fn moves(&self) -> Vec<String> {
        self.game.as_ref().map(|r| r.moves.iter().map(|p| p.mv.to_string()).collect()).unwrap_or_default()
    }

    /// The game replayed ply by ply, forced passes the format leaves out
    /// inferred; an illegal move ends it (`Replay.error`).
    ///
    /// # Errors
    /// A game that does not read, or whose start does not fit its board.
    pub fn replay(&self) -> Result<Replay, JsError> {
        self.replay_steps().map_err(js_error)
    }

    /// The game written in `format` (`transcript`, `pgn`, `ggf`, `obf`,
    /// `position`, `wthor`), as bytes.
    ///
    /// # Errors
    /// An unknown format, or a game the format cannot hold.
    pub fn write(&self, format: &str) -> Result<Vec<u8>, JsError> {
        self.written(format).map_err(js_error)
    }

    /// The game written in a text format (default `pgn`).
    ///
    /// # Errors
    /// As `write`, and a binary format (`wthor`).
    #[wasm_bindgen(js_name = toText)]
    pub fn to_text(&self, format: Option<String>) -> Result<String, JsError> {
        let format = format.unwrap_or_else(|| "pgn".to_owned());
        let bytes = self.written(&format).map_err(js_error)?;
        String::from_utf8(bytes).map_err(|_| JsError::new(&format!("{format} is a binary format: use write()")))
    }
}

/// A game replayed: the position before every ply and after the last, each
/// ply's move, and the illegal move that ended it, if one did.
#[wasm_bindgen]
#[derive(Clone, Debug, Default)]
pub struct Replay {
    positions: Vec<Position>,
    /// Each ply's move and whether it is a pass the record left out.
    moves: Vec<(String, bool)>,
    error: Option<String>,
}

#[wasm_bindgen]
impl Replay {
    /// The plies played (passes counted), up to an illegal move.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.moves.len()
    }

    /// The position after `ply` plies (0: the start), or `undefined` past the last.
    pub fn position(&self, ply: usize) -> Option<Position> {
        self.positions.get(ply).copied()
    }

    /// The move of ply `ply` (1-based), or `undefined`.
    #[wasm_bindgen(js_name = move)]
    pub fn move_at(&self, ply: usize) -> Option<String> {
        self.moves.get(ply.checked_sub(1)?).map(|m| m.0.clone())
    }

    /// Whether ply `ply` (1-based) is a forced pass the record left out.
    pub fn inferred(&self, ply: usize) -> bool {
        ply.checked_sub(1).and_then(|i| self.moves.get(i)).is_some_and(|m| m.1)
    }

    /// The located message of the illegal move that ended the replay
    /// (`FILE:LINE:COL: game N, ply P: ...`), or `undefined`.
    #[wasm_bindgen(getter)]
    pub fn error(&self) -> Option<String> {
        self.error.clone()
    }
}

/// The games of a file's `bytes`: the format from `fileName`'s extension
/// (else the content), or `format` (`auto`, `pgn`, ...); a WTHOR file's
/// player and tournament names from the bytes of its `.JOU` and `.TRN` files.
/// A game that does not read is listed with its located error, and the games
/// after it are read.
///
/// # Errors
/// An unknown format name, or a name file that does not read.
#[wasm_bindgen(js_name = readGames)]
pub fn read_games(
    bytes: &[u8],
    file_name: Option<String>,
    format: Option<String>,
    players: Option<Vec<u8>>,
    tournaments: Option<Vec<u8>>,
) -> Result<Games, JsError> {
    read_bytes(bytes, file_name.as_deref(), format.as_deref(), (players.as_deref(), tournaments.as_deref()))
        .map_err(js_error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_illegal_move_ends_the_replay_with_its_located_message() {
        let games = read_bytes(b"f5d6\nf5d6c3a1\n", Some("games.txt"), None, (None, None)).unwrap();
        assert_eq!(games.length(), 2);
        let replay = games.get(1).unwrap().replay_steps().unwrap();
        assert_eq!(replay.length(), 3);
        assert_eq!(
            replay.error.as_deref(),
            Some("games.txt:2:7: game 2, ply 4: a1 is not legal for White: a1 flips nothing")
        );
    }

    #[test]
    fn a_game_that_does_not_read_is_listed_and_the_next_read() {
        let text = "1. f5 d6 *\n\n[Black \"Ann\"]\n\n1. f5 d6?? *\n\n[Black \"Bob\"]\n\n1. f5 f6 *\n";
        let games = read_bytes(text.as_bytes(), Some("club.pgn"), None, (None, None)).unwrap();
        assert_eq!(games.format(), "pgn");
        assert_eq!(games.length(), 3);
        assert!(games.get(1).unwrap().error().unwrap().starts_with("club.pgn:5:7: game 2: "));
        assert_eq!(games.get(2).unwrap().black().as_deref(), Some("Bob"));
        assert!(games.get(3).is_none());
    }

    #[test]
    fn a_stream_reads_in_batches_and_says_how_far_it_is() {
        // Past the reader's 64 KiB of read-ahead.
        let text = "f5d6\n".repeat(100_000);
        let mut stream = GameStream::open(text.clone().into_bytes(), Some("many.txt"), None, (None, None)).unwrap();
        assert!(!stream.read(30));
        assert_eq!(stream.length(), 30);
        let part = stream.progress();
        assert!(part > 0.0 && part < 1.0, "{part}");
        assert!(stream.read(usize::MAX));
        assert_eq!((stream.length(), stream.progress()), (100_000, 1.0));
        assert_eq!(stream.finish().length(), 100_000);
    }

    #[test]
    fn an_unknown_format_name_is_refused() {
        assert!(read_bytes(b"", None, Some("sgf"), (None, None)).unwrap_err().contains("unknown format"));
    }
}
