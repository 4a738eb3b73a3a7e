//! `readRecords`, `Records`, `Record`, `Replay`: records through reversi-notation's
//! reader, writers and replay.

use reversi_notation::{Format, Ply, Record as NotationRecord, plies};
use wasm_bindgen::prelude::*;

use crate::js_error;
use crate::position::{Position, color_name, parse_move};
use crate::stream::{RecordStream, Source, Summary};

/// The names of the formats the project reads and writes.
pub fn formats() -> Vec<String> {
    Format::ALL.iter().map(|f| f.name().to_owned()).collect()
}

/// The games of `bytes`, as the library's reader gives them: each a
/// summary, or the located error of a game that does not read; the bytes
/// kept, to read each game again.
pub(crate) fn read_bytes(
    bytes: &[u8],
    file: Option<&str>,
    format: Option<&str>,
    names: (Option<&[u8]>, Option<&[u8]>),
) -> Result<Records, String> {
    let source = Source::new(file.map(Into::into), format, names.0, names.1)?;
    let mut stream = RecordStream::open(source, bytes.len() as u64);
    stream.give(bytes.to_vec());
    stream.read_records(usize::MAX)?;
    Ok(stream.into_games(Some(bytes.to_vec())))
}

/// The games of one file: a summary of each (names, result, where it lies
/// in the file, or why it does not read), not the games.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Records {
    format: Format,
    source: Source,
    games: Vec<Summary>,
    /// The file, when `readRecords` was given it whole.
    bytes: Option<Vec<u8>>,
}

impl Records {
    pub(crate) fn new(format: Format, source: Source, games: Vec<Summary>, bytes: Option<Vec<u8>>) -> Records {
        Records { format, source, games, bytes }
    }

    fn summary(&self, index: usize) -> Option<&Summary> {
        self.games.get(index)
    }

    /// Record `index` read again from the bytes held (`readRecords`).
    pub(crate) fn held(&self, index: usize) -> Result<Option<Record>, String> {
        let Some(summary) = self.summary(index) else { return Ok(None) };
        let Ok(place) = &summary.game else { return self.read_again(index, &[], &[]).map(Some) };
        let Some(bytes) = &self.bytes else {
            return Err(format!(
                "game {}: a RecordStream's games are read with Records.read (the bytes of Records.place)",
                index + 1
            ));
        };
        let slice = |r: &std::ops::Range<u64>| &bytes[r.start as usize..r.end as usize];
        self.read_again(index, slice(&place.head), slice(&place.bytes)).map(Some)
    }

    /// Record `index` read again from `head` and `bytes`, the bytes of its place.
    pub(crate) fn read_again(&self, index: usize, head: &[u8], bytes: &[u8]) -> Result<Record, String> {
        let summary =
            self.summary(index).ok_or_else(|| format!("no game {}: the file has {}", index + 1, self.length()))?;
        let place = match &summary.game {
            Ok(place) => place,
            Err(e) => return Ok(Record { format: self.format, index, game: Err(e.clone()) }),
        };
        let given = (head.len() + bytes.len()) as u64;
        if given != place.len() {
            return Err(format!("game {}: {} bytes given, its place holds {}", index + 1, given, place.len()));
        }
        let input = [head, bytes].concat();
        let game = match self.source.reader(self.format, &input[..]).at_place(place).next() {
            Some(game) => game.map_err(|e| e.to_string()),
            None => Err(format!("game {}: no game in its bytes (has the file changed?)", index + 1)),
        };
        Ok(Record { format: self.format, index, game })
    }
}

#[wasm_bindgen]
impl Records {
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

    /// Record `index` (0-based), or `undefined` past the last; read again
    /// from the bytes `readRecords` was given.
    ///
    /// # Errors
    /// Records read by a `RecordStream`, which holds no bytes: `read` them.
    pub fn get(&self, index: usize) -> Result<Option<Record>, JsError> {
        self.held(index).map_err(js_error)
    }

    /// Where game `index` lies in the file: `[headStart, headEnd, start,
    /// end]`, the byte ranges to give `read` (the head is WTHOR's header,
    /// else empty); `undefined` for a game that does not read.
    pub fn place(&self, index: usize) -> Option<Vec<f64>> {
        let place = self.summary(index)?.game.as_ref().ok()?;
        Some(vec![place.head.start as f64, place.head.end as f64, place.bytes.start as f64, place.bytes.end as f64])
    }

    /// Record `index` read again from the bytes of its `place`: those of
    /// the head, then the game's.
    ///
    /// # Errors
    /// No such game, or bytes that are not the place's.
    pub fn read(&self, index: usize, head: &[u8], bytes: &[u8]) -> Result<Record, JsError> {
        self.read_again(index, head, bytes).map_err(js_error)
    }

    /// Black's player of game `index`.
    pub fn black(&self, index: usize) -> Option<String> {
        self.summary(index)?.black.clone()
    }

    /// White's player of game `index`.
    pub fn white(&self, index: usize) -> Option<String> {
        self.summary(index)?.white.clone()
    }

    /// The result of game `index` as written (`33-31`).
    pub fn result(&self, index: usize) -> Option<String> {
        self.summary(index)?.result.clone()
    }

    /// Why game `index` does not read (`FILE:LINE:COL: game N: ...`).
    pub fn error(&self, index: usize) -> Option<String> {
        self.summary(index)?.game.as_ref().err().cloned()
    }

    /// The located errors of the games that do not read, in order.
    pub fn errors(&self) -> Vec<String> {
        self.games.iter().filter_map(|g| g.game.as_ref().err().cloned()).collect()
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
    /// Text that is no move.
    #[wasm_bindgen(js_name = fromMoves)]
    pub fn from_moves(start: &Position, moves: Vec<String>) -> Result<Record, JsError> {
        let mut record = NotationRecord::of(start.pos.variant(), *start.pos.geometry());
        record.set_start(start.pos);
        record.moves = moves.iter().map(|m| parse_move(m).map(Ply::new)).collect::<Result<_, _>>().map_err(js_error)?;
        Ok(Record { format: Format::Transcript, index: 0, game: Ok(record) })
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
#[wasm_bindgen(js_name = readRecords)]
pub fn read_records(
    bytes: &[u8],
    file_name: Option<String>,
    format: Option<String>,
    players: Option<Vec<u8>>,
    tournaments: Option<Vec<u8>>,
) -> Result<Records, JsError> {
    read_bytes(bytes, file_name.as_deref(), format.as_deref(), (players.as_deref(), tournaments.as_deref()))
        .map_err(js_error)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(games: &Records, index: usize) -> Record {
        games.held(index).unwrap().unwrap()
    }

    #[test]
    fn an_illegal_move_ends_the_replay_with_its_located_message() {
        let games = read_bytes(b"f5d6\nf5d6c3a1\n", Some("games.txt"), None, (None, None)).unwrap();
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
        let games = read_bytes(text.as_bytes(), Some("club.pgn"), None, (None, None)).unwrap();
        assert_eq!(games.format(), "pgn");
        assert_eq!(games.length(), 3);
        assert!(games.error(1).unwrap().starts_with("club.pgn:5:7: game 2: "));
        assert_eq!(game(&games, 1).error(), games.error(1));
        assert_eq!(games.place(1), None);
        assert_eq!(game(&games, 2).black().as_deref(), Some("Bob"));
        assert_eq!(games.black(2).as_deref(), Some("Bob"));
        assert!(games.held(3).unwrap().is_none());
    }

    #[test]
    fn a_stream_reads_in_batches_and_says_how_far_it_is() {
        let text = "f5d6\n".repeat(1_000_000);
        let mut stream = RecordStream::open(Source::new(Some("many.txt".into()), None, None, None).unwrap(), 5_000_000);
        for chunk in text.as_bytes().chunks(1 << 20) {
            stream.give(chunk.to_vec());
        }
        assert!(!stream.read_records(30).unwrap());
        assert_eq!(stream.length(), 30);
        let part = stream.progress();
        assert!(part > 0.0 && part < 1.0, "{part}");
        assert!(stream.read_records(usize::MAX).unwrap());
        assert_eq!((stream.length(), stream.progress()), (1_000_000, 1.0));
        assert_eq!(stream.into_games(None).length(), 1_000_000);
    }

    #[test]
    fn an_unknown_format_name_is_refused() {
        assert!(read_bytes(b"", None, Some("sgf"), (None, None)).unwrap_err().contains("unknown format"));
    }
}
