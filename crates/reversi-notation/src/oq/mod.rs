//! Othello Quest's JSON game lists, 8x8 Othello.
//!
//! Othello Quest (questgames.net) serves a player's games as JSON: a list
//! (`{"games": [...]}` or a bare `[...]`) of game objects, and each game
//! alone as one such object. The reader takes all three, game by game in
//! bounded memory (a list of a million games is read one game at a time).
//! A game object's members, as Othello Quest writes them:
//!
//! | member | read into |
//! | --- | --- |
//! | `players`: `[black, white]`, each `{"id", "name", "oldR", "newR", "oldD", "newD"}` | `black`, `white` (the `name`, else the `id`); `BlackRating`/`WhiteRating` (`newR`, else `oldR`) and `BlackRank`/`WhiteRank` (`newD`, else `oldD`) kept |
//! | `created` | `date`, as written |
//! | `id` | `Id`, kept |
//! | `finalStatus`, or the last move's `s` | `Status`, kept; the result (below) |
//! | `position.startPos` | the first moves (an XOT game's opening), as a transcript |
//! | `position.moves`: `[{"m": "F5", "s": ...}, ...]` | the moves after them; an `m` that is empty or absent is no move |
//!
//! A file is recognised by its content (JSON naming `players` or
//! `position`), whatever its extension; `.oq` names the format, and `.json`
//! does not (a directory's other JSON files are no records).
//!
//! Other members are passed over. A game of the list without `position`
//! (the list of a player's games gives only their summaries) reads as a game
//! without moves. The result: a status starting `SCORE` gives the final
//! position's discs (empties to the winner); `WIN:...` and `LOSE:...` (resigned,
//! timed out, disconnected) say whether the side to move at the end won, and
//! read as 64-0 to the winner, as Othello Quest counts them. Forced passes
//! are not written ([`Passes::Infer`]).
//!
//! A game that does not read (a member of the wrong type, a move that is no
//! square) is reported and the reader goes on at the next game of the list;
//! JSON whose brackets do not balance ends the input there.
//!
//! The writer writes `{"games": [...]}`, a game an object with the members
//! above (the kept fields back where they were read from); it holds 8x8
//! Othello from the standard start, Black first, and reports what else it
//! drops ([`Losses`]).
//!
//! ```
//! use reversi_notation::{Format, ReadOptions, read};
//! let list = r#"{"games": [{"id": "g1", "created": "2026-05-25T10:00:00Z", "finalStatus": "SCORE",
//!   "players": [{"name": "ann", "newR": 1510}, {"name": "bob", "newR": 1490}],
//!   "position": {"startPos": "", "moves": [{"m": "F5"}, {"m": "D6"}, {"m": "C3"}]}}]}"#;
//! assert_eq!(Format::sniff(list.as_bytes()), Format::OthelloQuest);
//! let games = read(Format::OthelloQuest, list.as_bytes(), ReadOptions::new())?;
//! assert_eq!((games[0].black.as_deref(), games[0].moves.len()), (Some("ann"), 3));
//! assert_eq!(games[0].get("BlackRating"), Some("1510"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod json;

use reversi_core::Color;
use reversi_variants::Move;

use self::json::{Elements, JsonError, Value, skip_space};
use crate::format::codec::{Codec, Finished, Found, GameWriter, Head, Parser, Resync, TextParser};
use crate::{Format, GameResult, Loss, Losses, Passes, Ply, ReadOptions, Record, SyntaxError, WriteError};

/// The kept fields, as the reader names them: Othello Quest's id and status.
const ID: &str = "Id";
const STATUS: &str = "Status";
/// The kept fields of each player (black's, then white's): rating and rank.
const PLAYER_FIELDS: [[&str; 2]; 2] = [["BlackRating", "BlackRank"], ["WhiteRating", "WhiteRank"]];

/// The Othello Quest codec.
pub(crate) struct OthelloQuest;

/// What [`Format::OthelloQuest`] dispatches to.
pub(crate) const CODEC: OthelloQuest = OthelloQuest;

impl Codec for OthelloQuest {
    fn name(&self) -> &'static str {
        "oq"
    }

    fn label(&self) -> &'static str {
        "Othello Quest JSON"
    }

    /// `.oq` only: a `.json` file is recognised by its content, so that
    /// the other JSON files of a directory are no records.
    fn extensions(&self) -> &'static [&'static str] {
        &["oq"]
    }

    /// JSON (a first `{` or `[`) naming a game's `players` or `position`.
    fn sniff(&self, head: &Head<'_>) -> Option<u8> {
        let text = head.line?;
        let starts =
            text.starts_with('{') || text.starts_with('[') && !text[1..].trim_start().starts_with(char::is_alphabetic);
        let named = |name: &[u8]| {
            memchr::memmem::find_iter(head.bytes, name).any(|at| {
                let after = &head.bytes[at + name.len()..];
                after.get(skip_space(after, 0)) == Some(&b':')
            })
        };
        (starts && (named(b"\"players\"") || named(b"\"position\""))).then_some(5)
    }

    fn parser(&self, _: &ReadOptions) -> Parser {
        Parser::Text(Box::new(ListParser { state: State::Start, bad_end: None }))
    }

    fn writer(&self) -> Box<dyn GameWriter> {
        Box::new(Writer { losses: Losses::new(Format::OthelloQuest, OthelloQuest.label()), games: 0 })
    }
}

/// Where in the document the parser is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Before the document.
    Start,
    /// Inside the object that holds the list (`{"games": [...]}`), between members.
    Wrapper,
    /// Inside the list of games; `wrapped` when an object holds it.
    List { wrapped: bool },
    /// After the document: only space may follow.
    Done,
}

/// The parser of a game list, a game at a step.
struct ListParser {
    state: State,
    /// Where the game that did not read ends, for the resync.
    bad_end: Option<usize>,
}

/// The members a game object has, any of which first marks a document of
/// one game.
const GAME_MEMBERS: [&str; 6] = ["id", "created", "players", "position", "finalStatus", "length"];

impl TextParser for ListParser {
    fn step(&mut self, text: &str, at: usize, eof: bool) -> Result<Found, SyntaxError> {
        let bytes = text.as_bytes();
        let i = skip_space(bytes, at);
        let error = |at: usize, expected: &str| SyntaxError::at(text, at, expected);
        if i == bytes.len() {
            if !eof {
                return Ok(if i > at { Found::Skip(i) } else { Found::More });
            }
            return match self.state {
                State::Start | State::Done => Ok(if i > at { Found::Skip(i) } else { Found::End }),
                State::List { .. } => Err(error(i, "`]` closing the list of games")),
                State::Wrapper => Err(error(i, "`}` closing the JSON document")),
            };
        }
        let incomplete = |e: JsonError| match e {
            JsonError::Incomplete if !eof => Ok(Found::More),
            JsonError::Incomplete => Err(error(text.len(), "the rest of the JSON value")),
            JsonError::Bad(at, expected) => Err(error(at, expected)),
        };
        match (self.state, bytes[i]) {
            (State::Start, b'[') => {
                self.state = State::List { wrapped: false };
                Ok(Found::Skip(i + 1))
            }
            (State::Start, b'{') => match member_name(text, i + 1) {
                Err(e) => incomplete(e),
                Ok((name, _)) if GAME_MEMBERS.contains(&name.as_str()) => {
                    let found = self.game(text, i, eof)?;
                    if matches!(found, Found::Game(..)) {
                        self.state = State::Done;
                    }
                    Ok(found)
                }
                Ok(_) => {
                    self.state = State::Wrapper;
                    Ok(Found::Skip(i + 1))
                }
            },
            (State::Start, _) => Err(error(i, "an Othello Quest game list: a JSON object or array")),
            (State::Wrapper, b',') | (State::List { .. }, b',') => Ok(Found::Skip(i + 1)),
            (State::Wrapper, b'}') => {
                self.state = State::Done;
                Ok(Found::Skip(i + 1))
            }
            (State::Wrapper, _) => match member_name(text, i) {
                Err(e) => incomplete(e),
                Ok((name, value)) if name == "games" && bytes.get(value) == Some(&b'[') => {
                    self.state = State::List { wrapped: true };
                    Ok(Found::Skip(value + 1))
                }
                Ok((_, value)) => match json::parse(text, value) {
                    Ok((_, end)) => Ok(Found::Skip(end)),
                    Err(e) => incomplete(e),
                },
            },
            (State::List { wrapped }, b']') => {
                self.state = if wrapped { State::Wrapper } else { State::Done };
                Ok(Found::Skip(i + 1))
            }
            (State::List { .. }, _) => self.game(text, i, eof),
            (State::Done, _) => Err(error(i, "the end of the JSON document")),
        }
    }

    fn resync(&mut self, text: &str, from: usize, eof: bool, _: Option<u8>) -> Resync {
        match self.bad_end.take() {
            Some(end) if end >= from && (end < text.len() || !eof) => Resync::At(end),
            _ => Resync::End,
        }
    }
}

impl ListParser {
    /// The game whose object starts at byte `at`.
    fn game(&mut self, text: &str, at: usize, eof: bool) -> Result<Found, SyntaxError> {
        // The moves are read as the parser comes to them, an element at a
        // time (no value tree, no allocation a move: with one the reader
        // took 1.8x PGN's time a game).
        let mut moves = Moves::default();
        let parsed = json::parse_with(text, at, &["position", "moves"], &mut |e| moves.read(text, e));
        match parsed {
            Ok((value, end)) => {
                let record = record(text, at, &value, moves).inspect_err(|_| self.bad_end = Some(end))?;
                Ok(Found::Game(Some(record), end))
            }
            Err(JsonError::Incomplete) if !eof => Ok(Found::More),
            Err(e) => {
                self.bad_end = json::value_end(text, at);
                Err(match e {
                    JsonError::Incomplete => SyntaxError::at(text, text.len(), "the rest of the game's JSON object"),
                    JsonError::Bad(at, expected) => SyntaxError::at(text, at, expected),
                })
            }
        }
    }
}

/// The member name at byte `at` (after space) and where its value starts.
fn member_name(text: &str, at: usize) -> Result<(String, usize), JsonError> {
    let at = skip_space(text.as_bytes(), at);
    match text.as_bytes().get(at) {
        None => return Err(JsonError::Incomplete),
        Some(b'"') => {}
        Some(_) => return Err(JsonError::Bad(at, "a member name (a JSON string)")),
    }
    let (name, end) = json::parse(text, at)?;
    let colon = skip_space(text.as_bytes(), end);
    match text.as_bytes().get(colon) {
        None => Err(JsonError::Incomplete),
        Some(b':') => Ok((name.as_str().unwrap_or_default().to_owned(), skip_space(text.as_bytes(), colon + 1))),
        Some(_) => Err(JsonError::Bad(colon, "`:`")),
    }
}

/// The record of the game object `value`, which starts at byte `at`.
fn record(text: &str, at: usize, value: &Value, moves: Moves) -> Result<Record, SyntaxError> {
    let error = |at: usize, expected: &str| SyntaxError::at(text, at, expected);
    let Value::Object(_) = value else { return Err(error(at, "an Othello Quest game (a JSON object)")) };
    let string = |name: &str| -> Result<Option<String>, SyntaxError> {
        match value.get(name) {
            None | Some((_, Value::Null)) => Ok(None),
            Some((_, Value::Str(s))) => Ok(Some(s.to_string())),
            Some((_, Value::Number(n))) if name == "id" => Ok(Some(number_text(*n))),
            Some((at, _)) => Err(error(at, &format!("`{name}` as a string"))),
        }
    };
    let mut record = Record::new();
    if let Some(id) = string("id")? {
        record.extra.push((ID.into(), id));
    }
    record.date = string("created")?;
    let mut status = string("finalStatus")?;
    if let Some((at, players)) = value.get("players") {
        let Value::Array(players) = players else { return Err(error(at, "`players` as [black, white]")) };
        for (side, (at, player)) in players.iter().take(2).enumerate() {
            read_player(text, *at, player, side, &mut record)?;
        }
    }
    if let Some((at, position)) = value.get("position") {
        if !matches!(position, Value::Object(_)) {
            return Err(error(at, "`position` as an object"));
        }
        match position.get("startPos") {
            None | Some((_, Value::Null)) => {}
            Some((at, Value::Str(start))) => {
                // The string's text starts after its quote (escapes make
                // offsets in it approximate).
                let plies = crate::transcript::moves(start, true, at + 1)
                    .map_err(|byte| error(at + 1 + byte, "the opening moves, as a transcript (f5d6c3)"))?;
                record.moves.extend(plies);
            }
            Some((at, _)) => return Err(error(at, "`startPos` as a string of moves")),
        }
        match position.get("moves") {
            None | Some((_, Value::Null)) => {}
            Some((_, Value::Deferred(_))) => {
                if let Some(e) = moves.error {
                    return Err(e);
                }
                record.moves.extend(moves.plies);
                if moves.status.is_some() {
                    status = moves.status;
                }
            }
            Some((at, _)) => return Err(error(at, "`moves` as a list of moves")),
        }
    }
    if let Some(status) = status {
        record.result = result(&record, &status);
        record.extra.push((STATUS.into(), status));
    }
    Ok(record)
}

/// A game's moves (`position.moves`), read as the parser comes to them:
/// each an object whose `m` is its square (empty or absent: no move) and
/// whose `s`, when not empty, is the game's status so far (the first of
/// each name counts).
#[derive(Default)]
struct Moves {
    plies: Vec<Ply>,
    status: Option<String>,
    /// The first move that does not read (the rest is parsed, not read).
    error: Option<SyntaxError>,
}

impl Moves {
    fn read(&mut self, text: &str, elements: &mut Elements<'_>) -> Result<(), JsonError> {
        let mut fail = |at: usize, expected: &str| {
            self.error.get_or_insert_with(|| SyntaxError::at(text, at, expected));
        };
        while let Some((at, object)) = elements.next_element()? {
            if !object {
                elements.skip_element()?;
                fail(at, "a move: an object with its square as `m`");
                continue;
            }
            let (mut square, mut said) = (false, false);
            while let Some((name, at, value)) = elements.next_member()? {
                match (&*name, value) {
                    ("m", value) if !square => {
                        square = true;
                        match value {
                            Value::Null => {}
                            Value::Str(m) if m.is_empty() => {}
                            Value::Str(m) => match parse_move(&m) {
                                Some(mv) => self.plies.push(Ply::read_at(mv, at)),
                                None => fail(at, "a move (a square such as F5, or pass)"),
                            },
                            _ => fail(at, "a move (a square such as F5, or pass)"),
                        }
                    }
                    ("s", value) if !said => {
                        said = true;
                        if let Value::Str(s) = value
                            && !s.is_empty()
                        {
                            self.status = Some(s.into_owned());
                        }
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }
}

/// One player of the list, `side` 0 for Black, 1 for White.
fn read_player(text: &str, at: usize, player: &Value, side: usize, record: &mut Record) -> Result<(), SyntaxError> {
    let error = |at: usize, expected: &str| SyntaxError::at(text, at, expected);
    if !matches!(player, Value::Object(_)) {
        return Err(error(at, "a player: an object with `name`, `newR`, ..."));
    }
    let name = match (player.get("name"), player.get("id")) {
        (Some((_, Value::Str(name))), _) if !name.is_empty() => Some(name.to_string()),
        (_, Some((_, Value::Str(id)))) => Some(id.to_string()),
        (_, Some((_, Value::Number(id)))) => Some(number_text(*id)),
        _ => None,
    };
    if side == 0 {
        record.black = name;
    } else {
        record.white = name;
    }
    for (field, names) in PLAYER_FIELDS[side].iter().zip([["newR", "oldR"], ["newD", "oldD"]]) {
        let found = names.iter().find_map(|n| player.get(n).filter(|(_, v)| **v != Value::Null));
        match found {
            None => {}
            Some((_, Value::Number(n))) => record.extra.push(((*field).into(), number_text(*n))),
            Some((at, _)) => return Err(error(at, &format!("`{}` as a number", names[0]))),
        }
    }
    Ok(())
}

/// A number as text: whole numbers without a fraction.
fn number_text(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 { format!("{}", n as i64) } else { n.to_string() }
}

/// A move as Othello Quest writes one (`F5`, any case), or a pass.
fn parse_move(m: &str) -> Option<Move> {
    if ["pass", "pa", "--", "0000"].iter().any(|p| m.eq_ignore_ascii_case(p)) {
        return Some(Move::Pass);
    }
    let mv: reversi_core::Move = m.parse().ok()?;
    Some(mv.into())
}

/// The result a status says, from the game's final position.
fn result(record: &Record, status: &str) -> Option<GameResult> {
    let upper = status.to_ascii_uppercase();
    let end = crate::replay(record, Passes::Infer).ok()?.position;
    let discs = |black: usize, white: usize| GameResult::Discs { black: black as u16, white: white as u16 };
    if upper.starts_with("SCORE") {
        let score = end.score_empties_to_winner();
        return Some(discs(score.black, score.white));
    }
    let mover_won = if upper.starts_with("WIN:") {
        true
    } else if upper.starts_with("LOSE:") {
        false
    } else {
        return None;
    };
    let black_won = mover_won == (end.side_to_move() == Color::Black);
    Some(if black_won { discs(64, 0) } else { discs(0, 64) })
}

/// Games written as a `{"games": [...]}` list.
#[derive(Debug)]
struct Writer {
    losses: Losses,
    games: usize,
}

impl GameWriter for Writer {
    fn push(&mut self, record: &Record, index: usize, out: &mut Vec<u8>) -> Result<(), WriteError> {
        let fail = |what: &str| WriteError { format: OthelloQuest.label(), game: index, what: what.into() };
        if !record.is_standard_othello() || record.start.is_some() || record.first != Color::Black {
            return Err(fail("Othello Quest holds 8x8 Othello from the standard start, Black first"));
        }
        let mut moves = Vec::with_capacity(record.moves.len());
        for ply in &record.moves {
            match ply.mv {
                Move::Pass => {}
                Move::Place(sq) if sq.row() < 8 && sq.column() < 8 => moves.push(ply.mv.to_string()),
                _ => return Err(fail("a move off the 8x8 board")),
            }
        }
        if record.moves.iter().any(|p| p.mv == Move::Pass) {
            self.losses.note(index, Loss::Passes);
        }
        let mut game = Vec::new();
        game.extend_from_slice(if self.games == 0 { b"{\"games\": [\n" } else { b",\n" });
        game.push(b'{');
        let mut kept = Vec::new();
        let mut members = 0;
        let mut member = |game: &mut Vec<u8>, name: &str| {
            game.extend_from_slice(if members == 0 { b"\"" } else { b", \"" });
            members += 1;
            game.extend_from_slice(name.as_bytes());
            game.extend_from_slice(b"\": ");
        };
        if let Some(i) = record.extra.iter().position(|(n, _)| n == ID) {
            member(&mut game, "id");
            json::write_string(&mut game, &record.extra[i].1);
            kept.push(i);
        }
        if let Some(date) = &record.date {
            member(&mut game, "created");
            json::write_string(&mut game, date);
        }
        let status = record.extra.iter().position(|(n, _)| n == STATUS);
        if let Some(i) = status {
            member(&mut game, "finalStatus");
            json::write_string(&mut game, &record.extra[i].1);
            kept.push(i);
        }
        member(&mut game, "players");
        game.push(b'[');
        for (side, name) in [&record.black, &record.white].into_iter().enumerate() {
            game.extend_from_slice(if side == 0 { b"{" } else { b", {" });
            let mut first = true;
            if let Some(name) = name {
                game.extend_from_slice(b"\"name\": ");
                json::write_string(&mut game, name);
                first = false;
            }
            for (field, member) in PLAYER_FIELDS[side].iter().zip(["newR", "newD"]) {
                let Some(i) = record.extra.iter().position(|(n, _)| n == field) else { continue };
                // A number that reads back as written.
                let Ok(n) = record.extra[i].1.parse::<f64>() else { continue };
                if !n.is_finite() || number_text(n) != record.extra[i].1 {
                    continue;
                }
                game.extend_from_slice(if first { b"\"" } else { b", \"" });
                first = false;
                game.extend_from_slice(format!("{member}\": {}", record.extra[i].1).as_bytes());
                kept.push(i);
            }
            game.push(b'}');
        }
        game.push(b']');
        member(&mut game, "position");
        game.extend_from_slice(b"{\"startPos\": \"\", \"moves\": [");
        for (i, mv) in moves.iter().enumerate() {
            game.extend_from_slice(if i == 0 { b"{\"m\": \"" } else { b", {\"m\": \"" });
            game.extend_from_slice(mv.to_ascii_uppercase().as_bytes());
            game.extend_from_slice(b"\"}");
        }
        game.extend_from_slice(b"]}}");
        if record.event.is_some() {
            self.losses.note(index, Loss::Event);
        }
        // The result reads back from the status alone.
        if record.result.is_some() && status.is_none_or(|i| result(record, &record.extra[i].1) != record.result) {
            self.losses.note(index, Loss::Result);
        }
        self.losses.annotations_of(index, record);
        self.losses.fields_but(index, record, &kept);
        out.extend_from_slice(&game);
        self.games += 1;
        Ok(())
    }

    fn finish(self: Box<Self>, out: &mut Vec<u8>) -> Result<Finished, WriteError> {
        out.extend_from_slice(if self.games == 0 { b"{\"games\": []}\n" } else { b"\n]}\n" });
        Ok(Finished { losses: self.losses, header: None })
    }
}

#[cfg(test)]
mod tests;
