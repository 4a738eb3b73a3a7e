//! Reading GGF: one game a step, archive counts and synchro pairs, boards
//! read once per distinct `BO`, the game type checked.

use reversi_core::Color;
use reversi_variants::{Geometry, Move, Position, Square, Variant};

use crate::format::codec::{Found, Halt, Resync, TextParser, game_step};
use crate::{GameResult, Location, Ply, Record, SyntaxError};

/// What the reader keeps from game to game: the games an archive line's
/// count says are still to come, the last board read, the moves' colours
/// (a buffer reused).
#[derive(Default)]
pub(crate) struct State {
    pending: usize,
    /// Whether a resync is looking for the next game.
    resyncing: bool,
    boards: BoardCache,
    colors: Vec<(Color, usize)>,
}

impl TextParser for State {
    /// The parser step at `at`: space and an archive line's count passed
    /// over, then a game. A step that fails leaves the state as it was.
    fn step(&mut self, text: &str, at: usize, eof: bool) -> Result<Found, SyntaxError> {
        let bytes = text.as_bytes();
        let start = skip_space(bytes, at);
        if start == bytes.len() {
            return match (eof, start > at) {
                // The count's games are missing.
                (true, _) if self.pending > 0 => Err(SyntaxError::at(text, start, "a game: (;")),
                (true, _) => Ok(Found::End),
                (false, true) => Ok(Found::Skip(start)),
                (false, false) => Ok(Found::More),
            };
        }
        if self.pending == 0 {
            // An archive line's count, then that many games.
            let digits = bytes[start..].iter().take_while(|b| b.is_ascii_digit()).count();
            if digits > 0 {
                if start + digits == bytes.len() && !eof {
                    return Ok(Found::More);
                }
                let count =
                    text[start..start + digits].parse().map_err(|_| SyntaxError::at(text, start, "a game count"))?;
                self.pending = count;
                return Ok(Found::Skip(start + digits));
            }
        }
        let found = game(text, start, eof, &mut self.boards, &mut self.colors);
        if found.is_ok() {
            self.pending = self.pending.saturating_sub(1);
        }
        game_step(found)
    }

    /// The next `(;` after the error; the game that did not read counts as
    /// one of its archive line's.
    fn resync(&mut self, text: &str, from: usize, eof: bool, _: Option<u8>) -> Resync {
        // Called again after more text: the search goes on where it stopped.
        let from = if self.resyncing {
            from
        } else {
            self.pending = self.pending.saturating_sub(1);
            from + 1
        }
        .min(text.len());
        self.resyncing = false;
        match text.as_bytes()[from..].windows(2).position(|w| w == b"(;") {
            Some(i) => Resync::At(from + i),
            None if eof => Resync::End,
            None => {
                self.resyncing = true;
                // A `(` at the end may open the next game.
                Resync::More(if text.ends_with('(') { text.len() - 1 } else { text.len() }.max(from))
            }
        }
    }
}

fn skip_space(bytes: &[u8], mut at: usize) -> usize {
    while bytes.get(at).is_some_and(u8::is_ascii_whitespace) {
        at += 1;
    }
    at
}

/// The last `BO` read and its position: archives repeat their start.
#[derive(Default)]
struct BoardCache {
    text: String,
    board: Option<(Position, u8)>,
}

impl BoardCache {
    fn get(&mut self, value: &str) -> Option<(Position, u8)> {
        if self.board.is_none() || self.text != value {
            self.board = parse_board(value);
            self.text.clear();
            self.text.push_str(value);
        }
        self.board
    }
}

/// What a game's fields say beyond the record itself, checked at its end.
struct Checks<'a> {
    ty: Option<usize>,
    size: Option<(u8, usize)>,
    colors: &'a mut Vec<(Color, usize)>,
}

/// One game starting at `at` (`(;`): the record and the byte after `;)`.
/// With `eof` false, a game the text ends in needs more.
fn game(
    text: &str,
    mut at: usize,
    eof: bool,
    boards: &mut BoardCache,
    colors: &mut Vec<(Color, usize)>,
) -> Result<(Record, usize), Halt> {
    let bytes = text.as_bytes();
    let short = |at: usize, expected: &str| {
        if eof { Halt::Syntax(SyntaxError::at(text, at, expected)) } else { Halt::More }
    };
    if !bytes[at..].starts_with(b"(;") {
        if b"(;".starts_with(&bytes[at..]) {
            return Err(short(at, "a game: (;"));
        }
        return Err(SyntaxError::at(text, at, "a game: (;").into());
    }
    let open = at;
    at += 2;
    let mut record = Record::new();
    colors.clear();
    let mut checks = Checks { ty: None, size: None, colors };
    loop {
        at = skip_space(bytes, at);
        match bytes.get(at) {
            None => return Err(short(open, "a game closed by ;)")),
            Some(b';') if bytes.get(at + 1) == Some(&b')') => {
                at += 2;
                break;
            }
            Some(b';') if at + 1 == bytes.len() && !eof => return Err(Halt::More),
            Some(_) => {}
        }
        let name_len = bytes[at..].iter().take_while(|b| b.is_ascii_alphanumeric()).count();
        if at + name_len == bytes.len() && !eof {
            return Err(Halt::More);
        }
        if name_len == 0 || bytes.get(at + name_len) != Some(&b'[') {
            return Err(SyntaxError::at(text, at, "a field such as PB[name], or ;) closing the game").into());
        }
        let name = &text[at..at + name_len];
        let field = at;
        let value_at = at + name_len + 1;
        let (value, end) = field_value(text, value_at).ok_or_else(|| short(field, "] closing the field"))?;
        at = end;
        apply(&mut record, &mut checks, boards, text, name, &value, value_at)?;
    }
    check(&mut record, &checks, text)?;
    Ok((record, at))
}

/// The value starting at `at` up to its unescaped `]`, unescaped, and the byte
/// after the `]`.
fn field_value(text: &str, at: usize) -> Option<(std::borrow::Cow<'_, str>, usize)> {
    let bytes = text.as_bytes();
    let end = at + bytes[at..].iter().position(|&b| b == b']' || b == b'\\')?;
    if bytes[end] == b']' {
        return Some((text[at..end].into(), end + 1));
    }
    let mut value = String::from(&text[at..end]);
    let mut chars = text[end..].char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            ']' => return Some((value.into(), end + i + 1)),
            '\\' => value.push(chars.next()?.1),
            c => value.push(c),
        }
    }
    None
}

fn apply(
    record: &mut Record,
    checks: &mut Checks,
    boards: &mut BoardCache,
    text: &str,
    name: &str,
    value: &str,
    at: usize,
) -> Result<(), SyntaxError> {
    let error = |expected: &str| SyntaxError::at(text, at, expected);
    match name {
        "B" | "W" => {
            let color = if name == "B" { Color::Black } else { Color::White };
            let mut ply = parse_move(value).ok_or_else(|| error("a move: a square, PA or pass, then /eval/time"))?;
            ply.at = Some(Location::Byte(at as u64));
            record.moves.push(ply);
            checks.colors.push((color, at));
        }
        "GM" if value.trim().eq_ignore_ascii_case("othello") => {}
        "GM" => return Err(error("Othello: GGF games other than Othello are not read")),
        "PB" => record.black = Some(value.into()),
        "PW" => record.white = Some(value.into()),
        "DT" => record.date = Some(value.into()),
        "EV" => record.event = Some(value.into()),
        // An unfinished game, as NBoard and GGS write it: no result.
        "RE" if value.trim() == "?" => record.result = None,
        "RE" => {
            let result = GameResult::parse_net(value.trim());
            record.result =
                Some(result.ok_or_else(|| error("a result: net discs for Black such as +8.000 or -2.00:r"))?);
        }
        "BO" => {
            let (pos, size) = boards.get(value).ok_or_else(|| {
                error("a board: its size, the rows (-, *, O), the side to move (* or O), e.g. BO[4 ---- -O*- -*O- ---- *]")
            })?;
            record.set_start(pos);
            checks.size = Some((size, at));
        }
        "TY" if checks.ty.is_some() => return Err(error("one TY field: a game has one type")),
        "TY" => {
            checks.ty = Some(at);
            record.extra.push((name.into(), value.into()));
        }
        _ => record.extra.push((name.into(), value.into())),
    }
    Ok(())
}

/// `d3`, `PA`, `d3//0.01`, `c5/-1.5/2.4`.
fn parse_move(value: &str) -> Option<Ply> {
    let mut parts = value.split('/');
    let token = parts.next()?.trim();
    let mv = if token.starts_with(['P', 'p']) { Move::Pass } else { Move::Place(token.parse::<Square>().ok()?) };
    let number = |part: Option<&str>| -> Option<Option<f64>> {
        match part.map(str::trim) {
            None | Some("") => Some(None),
            Some(t) => t.parse::<f64>().ok().filter(|v| v.is_finite()).map(Some),
        }
    };
    let eval = number(parts.next())?;
    let seconds = number(parts.next())?;
    parts.next().is_none().then_some(Ply { mv, eval, seconds, at: None })
}

/// The type's size: `8`, `s8r18`, `8kr20`, `88`.
pub(super) fn type_size(ty: &str) -> Option<u8> {
    let t = ty.trim().strip_prefix('s').unwrap_or(ty.trim());
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    let size: u8 = t[..digits].parse().ok()?;
    let mut flags = t[digits..].bytes().peekable();
    while let Some(flag) = flags.next() {
        match flag {
            b'k' | b'a' | b's' => {}
            b'r' if flags.peek().is_some_and(u8::is_ascii_digit) => {
                while flags.next_if(u8::is_ascii_digit).is_some() {}
            }
            _ => return None,
        }
    }
    (size == 88 || (4..=14).contains(&size)).then_some(size)
}

/// The type the writer gives a board without other flags.
pub(super) fn default_type(size: u8, komi: bool) -> String {
    format!("{size}{}", if komi { "k" } else { "" })
}

/// The flags of a type, without its size (and without spaces around).
pub(super) fn type_flags(ty: &str) -> (bool, &str) {
    let t = ty.trim();
    let (synchro, t) = t.strip_prefix('s').map_or((false, t), |t| (true, t));
    (synchro, t.trim_start_matches(|c: char| c.is_ascii_digit()))
}

/// A `BO` value: the position and the written size (88 for the octagon).
fn parse_board(value: &str) -> Option<(Position, u8)> {
    let mut tokens = value.split_ascii_whitespace();
    let size: u8 = tokens.next()?.parse().ok()?;
    let geometry = match size {
        88 => Geometry::octagon(),
        4..=14 => Geometry::new(size.into(), size.into()).ok()?,
        _ => return None,
    };
    let width = usize::from(geometry.width());
    let squares = width * usize::from(geometry.height());
    let mut pos = Position::empty(Variant::Reversi, geometry, Color::Black);
    let mut cells = 0;
    let mut side = None;
    for c in tokens.flat_map(str::chars) {
        let color = match c {
            '*' | 'X' | 'x' => Some(Color::Black),
            'O' | 'o' => Some(Color::White),
            _ => None,
        };
        if side.is_some() {
            return None;
        }
        if cells == squares {
            side = Some(color?);
            continue;
        }
        let sq = Square::new(u8::try_from(cells % width).ok()?, u8::try_from(cells / width).ok()?)?;
        match (c, geometry.is_hole(sq)) {
            ('-' | '.', _) | ('#', true) => {}
            (_, false) if color.is_some() => pos = pos.with_piece(sq, color),
            _ => return None,
        }
        cells += 1;
    }
    Some((pos.with_side_to_move(side?), size))
}

/// The checks that need the whole game: the type against the board, the
/// moves' colours against the side to move.
fn check(record: &mut Record, checks: &Checks, text: &str) -> Result<(), SyntaxError> {
    if let Some(at) = checks.ty {
        let ty = record.get("TY").unwrap_or_default().to_string();
        let ty = ty.as_str();
        let size = type_size(ty).ok_or_else(|| {
            SyntaxError::at(
                text,
                at,
                "a game type: size 4 to 14 or 88, flags s (synchro), k (komi), a (anti), rN (random)",
            )
        })?;
        match checks.size {
            Some((board, _)) if board != size => {
                return Err(SyntaxError::at(text, at, format!("the type of the {board}-board in BO")));
            }
            None => {
                record.geometry = if size == 88 {
                    Geometry::octagon()
                } else {
                    Geometry::new(size.into(), size.into()).unwrap_or_else(|_| Geometry::standard())
                };
            }
            Some(_) => {}
        }
        // The type is kept in the writer's form (`08` is `8`), and not at all
        // when it says no more than the board and the komi.
        let (synchro, flags) = type_flags(ty);
        let canonical = format!("{}{size}{flags}", if synchro { "s" } else { "" });
        if canonical == default_type(size, record.get("KM").is_some()) {
            record.extra.retain(|(name, _)| name != "TY");
        } else if let Some(entry) = record.extra.iter_mut().find(|(name, _)| name == "TY") {
            entry.1 = canonical;
        }
    }
    let mut side = record.first_to_move();
    let geometry = record.start.map_or(record.geometry, |p| *p.geometry());
    for (&(color, at), ply) in checks.colors.iter().zip(&record.moves) {
        if let Move::Place(sq) = ply.mv
            && (sq.column() >= geometry.width() || sq.row() >= geometry.height())
        {
            return Err(SyntaxError::at(text, at, format!("a square of the {geometry} board")));
        }
        if color != side {
            let name = if side == Color::Black { "B[...] (Black to move)" } else { "W[...] (White to move)" };
            return Err(SyntaxError::at(text, at.saturating_sub(2), name));
        }
        side = !side;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ggf::{read, write};

    const START: &str = "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]";

    #[test]
    fn fields_moves_and_passes() {
        let text = format!(
            "(;GM[Othello]PC[GGS/os]DT[947375357]PB[james]PW[anton]TY[8]RE[-2.00:r]{START}B[F5//4.23]W[d6/1.5]B[pass];)"
        );
        let g = &read(&text).unwrap()[0];
        assert_eq!(g.result, Some(GameResult::Net { margin: -2.0, how: Some("r".into()) }));
        assert_eq!(g.get("PC"), Some("GGS/os"));
        assert_eq!(g.moves[0], Ply { mv: "f5".parse().unwrap(), eval: None, seconds: Some(4.23), at: None });
        assert_eq!(g.moves[1], Ply { mv: "d6".parse().unwrap(), eval: Some(1.5), seconds: None, at: None });
        assert_eq!(g.moves[2].mv, Move::Pass);
        let written = write(std::slice::from_ref(g)).unwrap();
        assert_eq!(read(&written).unwrap(), std::slice::from_ref(g), "{written}");
    }

    #[test]
    fn boards_types_and_starts() {
        let g = &read("(;GM[Othello]TY[4]BO[4 ---- -O*- -*O- ---- *]B[A2];)").unwrap()[0];
        assert_eq!((g.geometry.width(), g.start, g.first), (4, None, Color::Black));
        let g = &read(
            "(;GM[Othello]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- O];)",
        )
        .unwrap()[0];
        assert_eq!((g.start, g.first), (None, Color::White));
        let g = &read(&format!(
            "(;GM[Othello]TY[88]BO[88 {}*]B[d3];)",
            "---------- ".repeat(4) + "----O*---- ----*O---- " + &"---------- ".repeat(4)
        ))
        .unwrap()[0];
        assert_eq!(g.geometry, Geometry::octagon());
        assert_eq!(read(&write(std::slice::from_ref(g)).unwrap()).unwrap(), std::slice::from_ref(g));
        let e = read(&format!("(;GM[Othello]TY[10]{START};)")).unwrap_err();
        assert_eq!(e.expected, "the type of the 8-board in BO");
        assert!(read("(;GM[Othello]TY[8q];)").is_err());
        assert!(read("(;GM[Othello]BO[8 ---- *];)").is_err());
    }

    #[test]
    fn archives_synchro_and_errors() {
        let one = format!("(;GM[Othello]TY[s8]DT[1]{START}B[d3];)");
        let two = format!("(;GM[Othello]TY[s8]DT[1]{START}B[c4];)");
        let games = read(&format!("2 {one}{two}\n1 {one}\n{two}")).unwrap();
        assert_eq!(games.len(), 4);
        assert!(write(&games).unwrap().starts_with("2 (;"));
        let e = read(&format!("2 {one}\n")).unwrap_err();
        assert_eq!(e.expected, "a game: (;");
        let e = read("(;GM[Othello]PB[never closed;)").unwrap_err();
        assert_eq!((e.column, e.expected.as_str()), (14, "] closing the field"));
        let e = read("(;GM[Othello]PB[x]").unwrap_err();
        assert_eq!((e.column, e.expected.as_str()), (1, "a game closed by ;)"));
        let e = read(&format!("(;GM[Othello]{START}B[d3]B[c3];)")).unwrap_err();
        assert_eq!(e.expected, "W[...] (White to move)");
        let e = read("(;GM[Chess];)").unwrap_err();
        assert_eq!(e.column, 6);
        let e = read(&format!("(;GM[Othello]{START}B[z9];)")).unwrap_err();
        assert_eq!(e.expected, "a square of the 8x8 board");
        let e = read(&format!("(;GM[Othello]{START}B[d3/x/1];)")).unwrap_err();
        assert!(e.expected.starts_with("a move"));
    }

    #[test]
    fn fuzzed_fields_read_back_as_written() {
        // RE is a net result, never discs; one TY a game; TY in canonical form.
        assert!(read("(;GM[Othello]RE[33-31];)").is_err());
        // RE[?]: an unfinished game (NBoard, GGS), no result.
        let games = read("(;GM[Othello]PB[a]RE[?]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5];)").unwrap();
        assert_eq!((games[0].result.as_ref(), games[0].moves.len()), (None, 1));
        assert!(read("(;GM[Othello]RE[??];)").is_err());
        assert!(read("(;TY[8]KM[]TY[];)").is_err());
        for (ty, kept) in [("08", None), (" 8k", Some("8k")), ("s08r5", Some("s8r5"))] {
            let g = &read(&format!("(;GM[Othello]TY[{ty}];)")).unwrap()[0];
            assert_eq!(g.get("TY"), kept, "{ty}");
            assert_eq!(read(&write(std::slice::from_ref(g)).unwrap()).unwrap(), std::slice::from_ref(g));
        }
    }

    #[test]
    fn writer_refuses_what_ggf_cannot_hold() {
        let record = Record::of(Variant::Attacks, Geometry::standard());
        assert_eq!(
            write(&[record]).unwrap_err().to_string(),
            "GGF cannot hold game 1: GGF holds Reversi only, not attacks"
        );
        let record = Record::of(Variant::Reversi, Geometry::new(8, 6).unwrap());
        assert!(write(&[record]).unwrap_err().what.contains("not 8x6"));
    }
}
