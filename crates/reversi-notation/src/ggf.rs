//! GGF, the Generic Game Format of the Generic Game Server (GGS), for Othello.
//!
//! A game is `(;` fields `;)`, a field a name and a bracketed value (`]` and
//! `\` escaped with `\`). A file holds games one after another: single games,
//! archive lines with a count (`1 (;...;)`) and synchro pairs
//! (`2 (;...;)(;...;)`).
//!
//! | field | in the [`Record`] |
//! | --- | --- |
//! | `GM` | must be `Othello` (any case); always written |
//! | `PB`, `PW`, `DT` | `black`, `white`, `date` (verbatim: GGS writes Unix times and dates) |
//! | `RE` | `result` as [`GameResult::Net`] (`33-31` is no `RE`): net discs for Black, minus the komi in komi games, with `:r`/`:t`/`:s` kept; a disc result is written as its net |
//! | `BO` | the start: size, the rows (`-` empty, `*` Black, `O` White, `#` obstructed), side to move (`*` or `O`); the default start becomes `first` |
//! | `TY` | one a game, checked against `BO` (sizes 4 to 14, `88` the octagon); flags `s` synchro, `k` komi, `a` anti, `rN` random start; kept in `extra` in the writer's form (`s8r18`), unless it is just the size (and `k` with a `KM` field), which the writer derives |
//! | `B`, `W` | the moves: `move/eval/time`, eval and time optional (`d3//0.01`); a pass is `PA` (any token starting with `P` is read as one) |
//! | `EV` | `event` (not a GGS field: written only for records that have an event) |
//! | `PC`, `RB`, `RW`, `TI`, `KB`, `KW`, `KM`, `CO`, any other | `extra`, under the GGF name, in the order read |
//!
//! Moves must alternate from the side to move in `BO` (passes are written in
//! GGF). The writer writes single games one a line and two consecutive synchro
//! games of one start and date as one `2 (;...;)(;...;)` line; numbers are
//! written in their shortest form (`2` for `2.00`); results are read only when
//! finite (`RE[+999...9]` beyond an `f64` is a [`SyntaxError`]). It refuses
//! moves off the board.
//!
//! Kept fields ([`Record::extra`], from PGN for example) are written under a
//! name that reads back as a kept field, never as one the reader interprets:
//!
//! | kept field name | written as |
//! | --- | --- |
//! | ASCII letters and digits, not in [`RESERVED_FIELDS`] | itself (`PC`, `KM`, `Variant`) |
//! | `TY`, the first one that is a type of the board in the reader's form | itself, as the game's type (one that just says the board is dropped: the writer derives it) |
//! | other characters (`Time_Control`, `K M`) | left out (`TimeControl`); when that is reserved or `KM`, as below |
//! | in [`RESERVED_FIELDS`] (`PB`, `B`, other `TY`s, ...) | `X` and the name: `XPB`, `XB`, `XTY` |
//! | no letter or digit | dropped |
//!
//! A net result that is not finite is not written, a result suffix other than
//! ASCII letters and digits is left out, a disc result is written as its net
//! result, and evaluations and times that are not finite are left out;
//! [`write_report`](crate::write_report) reports all of these and every
//! renamed or dropped field ([`Losses`]).

use std::fmt::Write as _;

use reversi_core::Color;
use reversi_variants::{Geometry, Move, Position, Square, Variant};

use crate::format::codec::{Codec, Finished, GameWriter, Halt, Head, Parser, Resync, Step, TextParser, game_step};
use crate::losses::FieldNames;
use crate::{Format, GameResult, Location, Ply, ReadOptions, Reader, Record, SyntaxError, WriteError};
use crate::{Loss, Losses};

/// Reads every game of a GGF file.
///
/// ```
/// let text = "1 (;GM[Othello]PB[ann]PW[bob]TY[8]RE[+2.000]BO[8 -------- -------- -------- ---O*--- \
///             ---*O--- -------- -------- -------- *]B[d3//0.01]W[c5/-1.5/2.4]B[PA];)";
/// let games = reversi_notation::ggf::read(text)?;
/// let g = &games[0];
/// assert_eq!((g.black.as_deref(), g.moves.len(), g.start), (Some("ann"), 3, None));
/// assert_eq!((g.moves[1].eval, g.moves[1].seconds), (Some(-1.5), Some(2.4)));
/// assert_eq!(g.moves[2].mv, reversi_variants::Move::Pass);
/// # Ok::<(), reversi_notation::SyntaxError>(())
/// ```
///
/// # Errors
/// [`SyntaxError`] with line and column: a game or field that never closes, a
/// game other than Othello, a board that does not read or does not match `TY`,
/// a move that is no square, moves that do not alternate, a count that does
/// not match the games on its line.
pub fn read(text: &str) -> Result<Vec<Record>, SyntaxError> {
    crate::format::syntax(Reader::new(Format::Ggf, text.as_bytes(), ReadOptions::new()))
}

/// The GGF codec.
pub(crate) struct Ggf;

impl Codec for Ggf {
    fn name(&self) -> &'static str {
        "ggf"
    }

    fn label(&self) -> &'static str {
        "GGF"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["ggf"]
    }

    /// GGF writes every pass: its moves carry their colour.
    fn passes(&self) -> crate::Passes {
        crate::Passes::Explicit
    }

    /// A first line that opens a game.
    fn sniff(&self, head: &Head<'_>) -> Option<u8> {
        head.line.filter(|l| l.contains("(;")).map(|_| 3)
    }

    fn parser(&self, _: &ReadOptions) -> Parser {
        Parser::Text(Box::<State>::default())
    }

    fn writer(&self) -> Box<dyn GameWriter> {
        Box::new(Writer { losses: Losses::new(Format::Ggf), lines: Lines::default(), text: String::new() })
    }
}

/// Games written one a line, synchro pairs two a line.
#[derive(Debug)]
struct Writer {
    losses: Losses,
    lines: Lines,
    text: String,
}

impl GameWriter for Writer {
    fn push(&mut self, record: &Record, index: usize, out: &mut Vec<u8>) -> Result<(), WriteError> {
        self.text.clear();
        self.lines.push(record, index, &mut self.text, &mut self.losses)?;
        out.extend_from_slice(self.text.as_bytes());
        Ok(())
    }

    fn finish(mut self: Box<Self>, out: &mut Vec<u8>) -> Result<Finished, WriteError> {
        self.text.clear();
        std::mem::take(&mut self.lines).finish(&mut self.text, &mut self.losses)?;
        out.extend_from_slice(self.text.as_bytes());
        Ok(Finished { losses: self.losses, header: None })
    }
}

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
    fn step(&mut self, text: &str, at: usize, eof: bool) -> Result<Step, SyntaxError> {
        let bytes = text.as_bytes();
        let start = skip_space(bytes, at);
        if start == bytes.len() {
            return match (eof, start > at) {
                // The count's games are missing.
                (true, _) if self.pending > 0 => Err(SyntaxError::at(text, start, "a game: (;")),
                (true, _) => Ok(Step::End),
                (false, true) => Ok(Step::Skip(start)),
                (false, false) => Ok(Step::More),
            };
        }
        if self.pending == 0 {
            // An archive line's count, then that many games.
            let digits = bytes[start..].iter().take_while(|b| b.is_ascii_digit()).count();
            if digits > 0 {
                if start + digits == bytes.len() && !eof {
                    return Ok(Step::More);
                }
                let count =
                    text[start..start + digits].parse().map_err(|_| SyntaxError::at(text, start, "a game count"))?;
                self.pending = count;
                return Ok(Step::Skip(start + digits));
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
    fn resync(&mut self, text: &str, from: usize, eof: bool) -> Resync {
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
fn type_size(ty: &str) -> Option<u8> {
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
fn default_type(size: u8, komi: bool) -> String {
    format!("{size}{}", if komi { "k" } else { "" })
}

/// The flags of a type, without its size (and without spaces around).
fn type_flags(ty: &str) -> (bool, &str) {
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

/// The fields the reader gives a meaning: a kept field ([`Record::extra`]) of
/// one of these names is written as `X` and the name (`XPB`). `TY` is kept in
/// `extra` and written as the game's type when it is one for the board (the
/// first such field only).
pub const RESERVED_FIELDS: [&str; 10] = ["GM", "PB", "PW", "DT", "EV", "RE", "BO", "TY", "B", "W"];

/// GGF's names of kept fields: ASCII letters and digits, as the reader takes
/// them; other characters are left out.
pub(crate) const FIELD_NAMES: FieldNames = FieldNames {
    reserved: &RESERVED_FIELDS,
    valid: |c| c.is_ascii_alphanumeric(),
    prefix: "X",
    replacement: None,
    meaningful: &["KM"],
};

/// Writes games as a GGF file: one game a line, a synchro pair as one
/// `2 (;...;)(;...;)` line.
///
/// Kept fields whose names mean something in GGF or cannot be spelled in it
/// are renamed or dropped, and results, evaluations and times that do not
/// read back are left out; [`write_report`](crate::write_report) says which.
///
/// # Errors
/// [`WriteError`] for a record GGF cannot hold: a variant other than Reversi,
/// a board other than a square of 4 to 14 without holes or the octagon, a jump,
/// a move off the board.
pub fn write(records: &[Record]) -> Result<String, WriteError> {
    write_with(records, &mut Losses::new(Format::Ggf))
}

/// [`write`], noting what is lost.
pub(crate) fn write_with(records: &[Record], losses: &mut Losses) -> Result<String, WriteError> {
    let mut out = String::new();
    let mut lines = Lines::default();
    for (i, record) in records.iter().enumerate() {
        lines.push(record, i, &mut out, losses)?;
    }
    lines.finish(&mut out, losses)?;
    Ok(out)
}

/// Games written one a line as they come, two consecutive synchro games of
/// one start and date as one `2 (;...;)(;...;)` line: a synchro game waits
/// for the next.
#[derive(Debug, Default)]
struct Lines {
    held: Option<(Record, usize)>,
}

impl Lines {
    /// Writes game `index` to `out`, or holds it; with a held game, the two
    /// as a pair or the held one alone first.
    pub(crate) fn push(
        &mut self,
        record: &Record,
        index: usize,
        out: &mut String,
        losses: &mut Losses,
    ) -> Result<(), WriteError> {
        if let Some((held, at)) = self.held.take() {
            if synchro_pair(&held, record) {
                out.push_str("2 ");
                write_game(&held, at, out, losses)?;
                write_game(record, index, out, losses)?;
                out.push('\n');
                return Ok(());
            }
            write_game(&held, at, out, losses)?;
            out.push('\n');
        }
        if synchro(record) {
            self.held = Some((record.clone(), index));
        } else {
            write_game(record, index, out, losses)?;
            out.push('\n');
        }
        Ok(())
    }

    /// Writes the game held, if any.
    pub(crate) fn finish(self, out: &mut String, losses: &mut Losses) -> Result<(), WriteError> {
        if let Some((held, at)) = self.held {
            write_game(&held, at, out, losses)?;
            out.push('\n');
        }
        Ok(())
    }
}

/// Whether the record's type says synchro.
fn synchro(record: &Record) -> bool {
    game_type(record).is_some_and(|i| type_flags(&record.extra[i].1).0)
}

fn synchro_pair(a: &Record, b: &Record) -> bool {
    synchro(a) && synchro(b) && a.start == b.start && a.first == b.first && a.date == b.date
}

/// The index in `extra` of the record's type: the first `TY` field that is a
/// type of the record's board in the form the reader keeps (`s8r18`).
fn game_type(record: &Record) -> Option<usize> {
    let size = ggf_size(&record.start.map_or(record.geometry, |p| *p.geometry()))?;
    record.extra.iter().position(|(name, value)| {
        let (synchro, flags) = type_flags(value);
        name == "TY"
            && type_size(value) == Some(size)
            && *value == format!("{}{size}{flags}", if synchro { "s" } else { "" })
    })
}

/// The size GGF writes for a geometry, if it has one.
fn ggf_size(geometry: &Geometry) -> Option<u8> {
    if *geometry == Geometry::octagon() {
        return Some(88);
    }
    let n = geometry.width();
    (n == geometry.height() && (4..=14).contains(&n) && geometry.holes().next().is_none()).then_some(n)
}

/// `name[value]`, `]` and `\` escaped (the reader takes any character after
/// `\`).
fn field(out: &mut String, name: &str, value: &str) {
    out.push_str(name);
    out.push('[');
    for c in value.chars() {
        if matches!(c, ']' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push(']');
}

fn write_game(record: &Record, index: usize, out: &mut String, losses: &mut Losses) -> Result<(), WriteError> {
    let fail = |what: String| WriteError { format: "GGF", game: index, what };
    if record.variant != Variant::Reversi {
        return Err(fail(format!("GGF holds Othello only, not {}", record.variant)));
    }
    let start = record.start_position().map_err(|e| fail(format!("the start: {e}")))?;
    let geometry = *start.geometry();
    let Some(size) = ggf_size(&geometry) else {
        return Err(fail(format!("GGF boards are squares of 4 to 14 or the octagon, not {geometry}")));
    };
    for (n, ply) in record.moves.iter().enumerate() {
        match ply.mv {
            Move::Jump { .. } => return Err(fail(format!("the jump {} is no Othello move", ply.mv))),
            Move::Place(sq) if sq.column() >= geometry.width() || sq.row() >= geometry.height() => {
                return Err(fail(format!("move {}, {}, is off the {geometry} board", n + 1, ply.mv)));
            }
            _ => {}
        }
    }
    out.push_str("(;GM[Othello]");
    for (name, value) in [("PB", &record.black), ("PW", &record.white), ("DT", &record.date), ("EV", &record.event)] {
        if let Some(value) = value {
            field(out, name, value);
        }
    }
    let ty = game_type(record);
    let komi = record.get("KM").is_some();
    let kept = FIELD_NAMES.kept(record, index, losses, |i| Some(i) == ty);
    // In their order, the type at its place.
    let mut kept = kept.into_iter().peekable();
    for i in 0..record.extra.len() {
        if Some(i) == ty {
            let value = &record.extra[i].1;
            if *value == default_type(size, komi) {
                // The reader derives it and keeps nothing.
                losses.field(index, i, "TY", None);
            }
            field(out, "TY", value);
        }
        if let Some((_, name, value)) = kept.next_if(|(k, _, _)| *k == i) {
            field(out, &name, value);
        }
    }
    if ty.is_none() {
        field(out, "TY", &default_type(size, komi));
    }
    let (result, changed) = record.result.as_ref().map_or((None, false), GameResult::writable);
    if changed {
        losses.note(index, Loss::Result);
    }
    if let Some(result) = result {
        let net = match result {
            GameResult::Net { .. } => result.to_string(),
            GameResult::Discs { .. } => {
                losses.note(index, Loss::Result);
                let komi: f64 =
                    record.get("KM").and_then(|k| k.trim().parse().ok()).filter(|k: &f64| k.is_finite()).unwrap_or(0.0);
                format!("{:+}", result.margin() - komi)
            }
        };
        field(out, "RE", &net);
    }
    out.push_str("BO[");
    let _ = write!(out, "{size}");
    for row in 0..geometry.height() {
        out.push(' ');
        for column in 0..geometry.width() {
            let sq = Square::new(column, row).expect("on the board");
            out.push(match start.get(sq) {
                Some(Color::Black) => '*',
                Some(Color::White) => 'O',
                None if geometry.is_hole(sq) => '#',
                None => '-',
            });
        }
    }
    out.push_str(if start.side_to_move() == Color::Black { " *]" } else { " O]" });
    let mut side = start.side_to_move();
    for ply in &record.moves {
        out.push_str(if side == Color::Black { "B[" } else { "W[" });
        match ply.mv {
            Move::Pass => out.push_str("PA"),
            mv => {
                let _ = write!(out, "{mv}");
            }
        }
        // The reader refuses numbers that are not finite.
        let mut finite = |value: Option<f64>, kind: Loss| match value {
            Some(v) if !v.is_finite() => {
                losses.note(index, kind);
                None
            }
            value => value,
        };
        let (eval, seconds) = (finite(ply.eval, Loss::Evaluations), finite(ply.seconds, Loss::Times));
        if eval.is_some() || seconds.is_some() {
            out.push('/');
            if let Some(eval) = eval {
                let _ = write!(out, "{eval}");
            }
            if let Some(seconds) = seconds {
                let _ = write!(out, "/{seconds}");
            }
        }
        out.push(']');
        side = !side;
    }
    out.push_str(";)");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

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
            "GGF cannot hold game 1: GGF holds Othello only, not attacks"
        );
        let record = Record::of(Variant::Reversi, Geometry::new(8, 6).unwrap());
        assert!(write(&[record]).unwrap_err().what.contains("not 8x6"));
    }
}
