//! `readRecords`, `RecordList`, `Record`, `Replay`: records through reversi-notation's
//! reader, writers and replay.

use reversi_notation::{Format, Ply, Record as NotationRecord, plies};
use wasm_bindgen::prelude::*;

use crate::args::{self, js_error};
use crate::position::{Position, parse_move};
use crate::table::{Limits, Source, Table};

/// The names of the formats the project reads and writes.
pub fn formats() -> Vec<String> {
    Format::ALL.iter().map(|f| f.name().to_owned()).collect()
}

/// The games of `bytes`, as the library's reader gives them: each a
/// summary, or the located error of a game that does not read; the bytes
/// kept, to read each game again.
pub(crate) fn read_bytes(bytes: Vec<u8>, source: Source, limits: Limits) -> Result<RecordList, String> {
    let mut reader = source.push_reader();
    reader.push(&bytes);
    reader.finish();
    let mut table = Table::new(limits);
    table.read(&mut reader, usize::MAX)?;
    let format = reader.format().unwrap_or(Format::Transcript);
    Ok(RecordList::new(format, source, table, Some(bytes)))
}

/// The games of one file: a summary of each (names, result, where it lies
/// in the file, or why it does not read), not the games.
#[wasm_bindgen]
#[derive(Debug)]
pub struct RecordList {
    format: Format,
    source: Source,
    pub(crate) games: Table,
    /// The file, when `readRecords` was given it whole.
    bytes: Option<Vec<u8>>,
}

impl RecordList {
    pub(crate) fn new(format: Format, source: Source, games: Table, bytes: Option<Vec<u8>>) -> RecordList {
        RecordList { format, source, games, bytes }
    }

    /// Record `index` read again from the bytes held (`readRecords`).
    pub(crate) fn held(&self, index: usize) -> Result<Option<Record>, String> {
        let Some(place) = self.games.place(index) else { return Ok(None) };
        let Ok(place) = place else { return self.read_again(index, &[], &[]).map(Some) };
        let Some(bytes) = &self.bytes else {
            return Err(format!(
                "game {}: a RecordStream's games are read with RecordList.read (the bytes of RecordList.place)",
                index + 1
            ));
        };
        let slice = |r: &std::ops::Range<u64>| &bytes[r.start as usize..r.end as usize];
        self.read_again(index, slice(&place.head), slice(&place.bytes)).map(Some)
    }

    /// Record `index` read again from `head` and `bytes`, the bytes of its place.
    pub(crate) fn read_again(&self, index: usize, head: &[u8], bytes: &[u8]) -> Result<Record, String> {
        let place =
            self.games.place(index).ok_or_else(|| format!("no game {}: the file has {}", index + 1, self.length()))?;
        let place = match place {
            Ok(place) => place,
            Err(e) => return Ok(Record { format: self.format, index, game: Err(e) }),
        };
        let given = (head.len() + bytes.len()) as u64;
        if given != place.len() {
            return Err(format!("game {}: {} bytes given, its place holds {}", index + 1, given, place.len()));
        }
        let input = [head, bytes].concat();
        let game = match self.source.reader(self.format, &input[..]).at_place(&place).next() {
            Some(game) => game.map_err(|e| e.to_string()),
            None => Err(format!("game {}: no game in its bytes (has the file changed?)", index + 1)),
        };
        Ok(Record { format: self.format, index, game })
    }

    /// The number of games.
    pub(crate) fn count(&self) -> usize {
        self.games.len()
    }
}

#[wasm_bindgen]
impl RecordList {
    /// The number of games, those that do not read included.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.count()
    }

    /// The format read (`pgn`, `ggf`, `wthor`, ...).
    #[wasm_bindgen(getter)]
    pub fn format(&self) -> String {
        self.format.name().to_owned()
    }

    /// Record `index` (0-based), or `undefined` past the last; read again
    /// from the bytes `readRecords` was given.
    ///
    /// # Errors
    /// `TypeError`/`RangeError`: an index that is not a whole number.
    /// RecordList read by a `RecordStream`, which holds no bytes: `read` them.
    pub fn get(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] index: JsValue,
    ) -> Result<Option<Record>, JsValue> {
        self.held(args::index(&index, "RecordList.get: index")?).map_err(js_error)
    }

    /// Where game `index` lies in the file: `[headStart, headEnd, start,
    /// end]`, the byte ranges to give `read` (the head is WTHOR's header,
    /// else empty); `undefined` for a game that does not read.
    ///
    /// # Errors
    /// `TypeError`/`RangeError`: an index that is not a whole number.
    pub fn place(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] index: JsValue,
    ) -> Result<Option<Vec<f64>>, JsValue> {
        let index = args::index(&index, "RecordList.place: index")?;
        let Some(Ok(place)) = self.games.place(index) else { return Ok(None) };
        Ok(Some(vec![place.head.start as f64, place.head.end as f64, place.bytes.start as f64, place.bytes.end as f64]))
    }

    /// Record `index` read again from the bytes of its `place`: those of
    /// the head, then the game's.
    ///
    /// # Errors
    /// `TypeError`/`RangeError`: an index that is not a whole number, bytes
    /// that are not a `Uint8Array`. No such game, or bytes that are not the
    /// place's.
    pub fn read(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] index: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Uint8Array")] head: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Uint8Array")] bytes: JsValue,
    ) -> Result<Record, JsValue> {
        let index = args::index(&index, "RecordList.read: index")?;
        let head = args::bytes(&head, "RecordList.read: head")?;
        let bytes = args::bytes(&bytes, "RecordList.read: bytes")?;
        self.read_again(index, &head, &bytes).map_err(js_error)
    }

    /// Black's player of game `index` (cut to 80 characters).
    ///
    /// # Errors
    /// `TypeError`/`RangeError`: an index that is not a whole number.
    pub fn black(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] index: JsValue,
    ) -> Result<Option<String>, JsValue> {
        Ok(self.games.label(args::index(&index, "RecordList.black: index")?, 0))
    }

    /// White's player of game `index` (cut to 80 characters).
    ///
    /// # Errors
    /// `TypeError`/`RangeError`: an index that is not a whole number.
    pub fn white(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] index: JsValue,
    ) -> Result<Option<String>, JsValue> {
        Ok(self.games.label(args::index(&index, "RecordList.white: index")?, 1))
    }

    /// The result of game `index` as written (`33-31`).
    ///
    /// # Errors
    /// `TypeError`/`RangeError`: an index that is not a whole number.
    pub fn result(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] index: JsValue,
    ) -> Result<Option<String>, JsValue> {
        Ok(self.games.label(args::index(&index, "RecordList.result: index")?, 2))
    }

    /// Why game `index` does not read (`FILE:LINE:COL: game N: ...`).
    ///
    /// # Errors
    /// `TypeError`/`RangeError`: an index that is not a whole number.
    pub fn error(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] index: JsValue,
    ) -> Result<Option<String>, JsValue> {
        Ok(self.games.place(args::index(&index, "RecordList.error: index")?).and_then(Result::err))
    }

    /// Whether game `index` reads and a move of it is illegal (its replay
    /// stops there: `Replay.error` says why); each game is replayed as it
    /// is read.
    ///
    /// # Errors
    /// `TypeError`/`RangeError`: an index that is not a whole number.
    pub fn illegal(&self, #[wasm_bindgen(unchecked_param_type = "number")] index: JsValue) -> Result<bool, JsValue> {
        Ok(self.games.illegal(args::index(&index, "RecordList.illegal: index")?))
    }

    /// The located errors of the games that do not read, in order.
    pub fn errors(&self) -> Vec<String> {
        self.games.errors().map(str::to_owned).collect()
    }
}

/// One game of a file: its record, or why it does not read.
#[wasm_bindgen]
#[derive(Clone, Debug)]
pub struct Record {
    format: Format,
    index: usize,
    game: Result<NotationRecord, String>,
}

impl Record {
    fn field(&self, get: impl Fn(&NotationRecord) -> Option<&String>) -> Option<String> {
        self.game.as_ref().ok().and_then(|r| get(r).cloned())
    }

    pub(crate) fn record(&self) -> Result<&NotationRecord, String> {
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

    /// A game of `moves` played from `start` (read, not checked).
    pub(crate) fn of_moves(start: Position, moves: &[String]) -> Result<Record, String> {
        let mut record = NotationRecord::of(start.pos.variant(), *start.pos.geometry());
        record.set_start(start.pos);
        record.moves = moves.iter().map(|m| parse_move(m).map(Ply::new)).collect::<Result<_, _>>()?;
        Ok(Record { format: Format::Transcript, index: 0, game: Ok(record) })
    }

    /// The game written in `format`.
    pub(crate) fn written(&self, format: &str) -> Result<Vec<u8>, String> {
        let format = format.parse::<Format>().map_err(|e| e.to_string())?;
        reversi_notation::write(format, std::slice::from_ref(self.record()?)).map_err(|e| e.to_string())
    }
}

#[wasm_bindgen]
impl Record {
    /// A game of `moves` (`f5`, `a1c3`, `pass`) played from `start`: an
    /// analysis line to write out. The moves are read, not checked:
    /// `replay()` checks them.
    ///
    /// # Errors
    /// `TypeError`: a start that is not a `Position` or a position text (read
    /// as `Position.fromText` reads it), moves that are not an
    /// array of strings. Text that is no move.
    #[wasm_bindgen(js_name = fromMoves)]
    pub fn from_moves(
        #[wasm_bindgen(unchecked_param_type = "Position | string")] start: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string[]")] moves: JsValue,
    ) -> Result<Record, JsValue> {
        let start = Position::of_js(&start, "Record.fromMoves: start")?;
        let moves = args::strings(&moves, "Record.fromMoves: moves")?;
        Record::of_moves(start, &moves).map_err(js_error)
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
        self.game.as_ref().ok().map(|r| r.first_to_move().name().to_owned())
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
    pub fn replay(&self) -> Result<Replay, JsValue> {
        self.replay_steps().map_err(js_error)
    }

    /// The game written in `format` (`transcript`, `pgn`, `ggf`, `obf`,
    /// `position`, `wthor`), as bytes.
    ///
    /// # Errors
    /// `TypeError`: a format that is not a string. An unknown format, or a
    /// game the format cannot hold.
    pub fn write(&self, #[wasm_bindgen(unchecked_param_type = "string")] format: JsValue) -> Result<Vec<u8>, JsValue> {
        self.written(&args::string(&format, "Record.write: format")?).map_err(js_error)
    }

    /// The game written in a text format (default `pgn`).
    ///
    /// # Errors
    /// As `write`, and a binary format (`wthor`).
    #[wasm_bindgen(js_name = toText)]
    pub fn to_text(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "string")] format: Option<JsValue>,
    ) -> Result<String, JsValue> {
        let format = args::optional_string(&format, "Record.toText: format")?.unwrap_or_else(|| "pgn".to_owned());
        let bytes = self.written(&format).map_err(js_error)?;
        String::from_utf8(bytes).map_err(|_| js_error(format!("{format} is a binary format: use write()")))
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

impl Replay {
    /// The move of ply `ply` (1-based).
    pub(crate) fn move_of(&self, ply: usize) -> Option<String> {
        self.moves.get(ply.checked_sub(1)?).map(|m| m.0.clone())
    }
}

#[wasm_bindgen]
impl Replay {
    /// The plies played (passes counted), up to an illegal move.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.moves.len()
    }

    /// The position after `ply` plies (0: the start), or `undefined` past the last.
    ///
    /// # Errors
    /// `TypeError`/`RangeError`: a ply that is not a whole number.
    pub fn position(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] ply: JsValue,
    ) -> Result<Option<Position>, JsValue> {
        Ok(self.positions.get(args::index(&ply, "Replay.position: ply")?).copied())
    }

    /// The move of ply `ply` (1-based), or `undefined`.
    ///
    /// # Errors
    /// `TypeError`/`RangeError`: a ply that is not a whole number.
    #[wasm_bindgen(js_name = move)]
    pub fn move_at(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] ply: JsValue,
    ) -> Result<Option<String>, JsValue> {
        Ok(self.move_of(args::index(&ply, "Replay.move: ply")?))
    }

    /// Whether ply `ply` (1-based) is a forced pass the record left out.
    ///
    /// # Errors
    /// `TypeError`/`RangeError`: a ply that is not a whole number.
    pub fn inferred(&self, #[wasm_bindgen(unchecked_param_type = "number")] ply: JsValue) -> Result<bool, JsValue> {
        let ply = args::index(&ply, "Replay.inferred: ply")?;
        Ok(ply.checked_sub(1).and_then(|i| self.moves.get(i)).is_some_and(|m| m.1))
    }

    /// The located message of the illegal move that ended the replay
    /// (`FILE:LINE:COL: game N, ply P: ...`), or `undefined`.
    #[wasm_bindgen(getter)]
    pub fn error(&self) -> Option<String> {
        self.error.clone()
    }
}

/// The source of a file's games from the JS arguments of `function`:
/// its name, format, and WTHOR's name files.
pub(crate) fn source_of_js(
    file_name: &Option<JsValue>,
    format: &Option<JsValue>,
    players: &Option<JsValue>,
    tournaments: &Option<JsValue>,
    function: &str,
) -> Result<Source, JsValue> {
    let file = args::optional_string(file_name, &format!("{function}: fileName"))?;
    let format = args::optional_string(format, &format!("{function}: format"))?;
    let players = args::optional_bytes(players, &format!("{function}: players"))?;
    let tournaments = args::optional_bytes(tournaments, &format!("{function}: tournaments"))?;
    Source::new(file, format.as_deref(), players.as_deref(), tournaments.as_deref()).map_err(js_error)
}

/// The games of a file's `bytes` (a `Uint8Array`): the format from
/// `fileName`'s extension (else the content), or `format` (`auto`, `pgn`,
/// ...); a WTHOR file's player and tournament names from the bytes of its
/// `.JOU` and `.TRN` files. A game that does not read is listed with its
/// located error, and the games after it are read.
///
/// # Errors
/// `TypeError`: an argument of the wrong type. An unknown format name, a name
/// file that does not read, a file of no known format, a file past the
/// browser's limits (4,194,304 games; 64 MiB of names; 64 MiB of errors).
#[wasm_bindgen(js_name = readRecords)]
pub fn read_records(
    #[wasm_bindgen(unchecked_param_type = "Uint8Array")] bytes: JsValue,
    #[wasm_bindgen(js_name = fileName, unchecked_optional_param_type = "string")] file_name: Option<JsValue>,
    #[wasm_bindgen(unchecked_optional_param_type = "string")] format: Option<JsValue>,
    #[wasm_bindgen(unchecked_optional_param_type = "Uint8Array")] players: Option<JsValue>,
    #[wasm_bindgen(unchecked_optional_param_type = "Uint8Array")] tournaments: Option<JsValue>,
) -> Result<RecordList, JsValue> {
    let source = source_of_js(&file_name, &format, &players, &tournaments, "readRecords")?;
    let bytes = args::bytes(&bytes, "readRecords: bytes")?;
    read_bytes(bytes, source, Limits::BROWSER).map_err(js_error)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(bytes: &[u8], file: Option<&str>, format: Option<&str>) -> Result<RecordList, String> {
        read_bytes(bytes.to_vec(), Source::new(file.map(Into::into), format, None, None)?, Limits::BROWSER)
    }

    fn game(games: &RecordList, index: usize) -> Record {
        games.held(index).unwrap().unwrap()
    }

    #[test]
    fn an_illegal_move_ends_the_replay_with_its_located_message() {
        let games = read(b"f5d6\nf5d6c3a1\n", Some("games.txt"), None).unwrap();
        assert_eq!(games.length(), 2);
        let replay = game(&games, 1).replay_steps().unwrap();
        assert_eq!(replay.length(), 3);
        assert_eq!(
            replay.error.as_deref(),
            Some("games.txt:2:7: game 2, ply 4: a1 is not legal for White: a1 flips nothing")
        );
    }

    #[test]
    fn a_game_that_does_not_read_is_listed_and_the_next_read() {
        let text = "1. f5 d6 *\n\n[Black \"Ann\"]\n\n1. f5 d6?? *\n\n[Black \"Bob\"]\n\n1. f5 f6 *\n";
        let games = read(text.as_bytes(), Some("club.pgn"), None).unwrap();
        assert_eq!(games.format(), "pgn");
        assert_eq!(games.length(), 3);
        let error = games.games.place(1).unwrap().unwrap_err();
        assert!(error.starts_with("club.pgn:5:7: game 2: "), "{error}");
        assert_eq!(game(&games, 1).error(), Some(error));
        assert_eq!(game(&games, 2).black().as_deref(), Some("Bob"));
        assert_eq!(games.games.label(2, 0).as_deref(), Some("Bob"));
        assert!(games.held(3).unwrap().is_none());
    }

    /// A game over the longest game the library reads (the CLI's limit) is
    /// reported, and the games after it are read: the browser read games
    /// of at most 1 MiB and lost every game after a longer one.
    #[test]
    fn a_game_over_the_limit_is_reported_and_the_games_after_it_kept() {
        let max = reversi_notation::ReadOptions::DEFAULT_MAX_GAME_BYTES;
        let long = format!("[Black \"Long\"]\n\n{} *\n\n", "1. f5 d6 ".repeat(max / 9 + 10));
        let short = "[Black \"Ann\"]\n\n1. f5 d6 *\n\n";
        let mid = format!("[Black \"Mid\"]\n\n{{{}}} 1. f5 *\n\n", "x".repeat(3 << 20));
        let text = format!("{short}{mid}{long}{short}{short}");
        let games = read(text.as_bytes(), Some("long.pgn"), None).unwrap();
        assert_eq!(games.length(), 5);
        assert_eq!(games.games.label(1, 0).as_deref(), Some("Mid"));
        let error = games.games.place(2).unwrap().unwrap_err();
        assert!(error.contains(&format!("a game of at most {max} bytes")), "{error}");
        assert_eq!(games.games.label(4, 0).as_deref(), Some("Ann"));
    }

    #[test]
    fn an_unknown_format_name_is_refused() {
        assert!(read(b"", None, Some("sgf")).unwrap_err().contains("unknown format"));
    }
}
