//! The GTP server: a [`Policy`] as an engine over any input and output.

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};

use reversi_core::Color;
use reversi_variants::{Geometry, Move, Position, Variant};

use super::parse_color;
use crate::Policy;
use crate::lines::{Line, Lines};

/// The commands the server knows, as `list_commands` lists them.
const COMMANDS: [&str; 16] = [
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "showboard",
    "final_score",
    "time_settings",
    "time_left",
];

/// The longest command line read, in bytes; a longer one is answered
/// `? command too long` and skipped.
pub const MAX_COMMAND: usize = 64 * 1024;

/// How many moves `undo` can take back: a session of Reversitacks or
/// Attacks (whose games can go on forever) holds no more positions.
pub const MAX_UNDO: usize = 10_000;

/// A GTP engine's state: the game and the policy that moves in it.
#[derive(Debug)]
pub struct Server<P> {
    policy: P,
    variant: Variant,
    start: Position,
    /// The positions before each move, for `undo`: the last [`MAX_UNDO`].
    history: VecDeque<Position>,
    position: Position,
}

/// What a command did: an answer, and whether the session ends.
type Answer = (Result<String, String>, bool);

impl<P: Policy> Server<P> {
    /// A server playing `policy` from `start` (`boardsize N` switches to
    /// the default start of `start`'s variant on an N x N board).
    pub fn new(policy: P, start: Position) -> Server<P> {
        Server { policy, variant: start.variant(), start, history: VecDeque::new(), position: start }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Answers one command line: the text to write (empty for a line with
    /// no command) and whether the session ends (`quit`).
    pub fn answer(&mut self, line: &str) -> (String, bool) {
        let clean: String = line
            .split('#')
            .next()
            .unwrap_or("")
            .chars()
            .filter_map(|c| match c {
                '\t' => Some(' '),
                c if c.is_control() => None,
                c => Some(c),
            })
            .collect();
        let mut words = clean.split_whitespace();
        let Some(mut first) = words.next() else {
            return (String::new(), false);
        };
        let mut id = String::new();
        if first.bytes().all(|b| b.is_ascii_digit()) {
            id = first.to_string();
            match words.next() {
                Some(w) => first = w,
                None => return (format!("?{id} missing command\n\n"), false),
            }
        }
        let args: Vec<&str> = words.collect();
        let (result, quit) = self.command(first, &args);
        let (mark, text) = match result {
            Ok(text) => ('=', text),
            Err(text) => ('?', text),
        };
        (format!("{mark}{id} {text}\n\n"), quit)
    }

    fn command(&mut self, name: &str, args: &[&str]) -> Answer {
        match Request::parse(name, args) {
            Ok(Request::Quit) => (Ok(String::new()), true),
            Ok(request) => (self.execute(request), false),
            Err(syntax) => (Err(syntax.to_string()), false),
        }
    }

    /// Does what `request` asks: its answer's text, or an error's.
    fn execute(&mut self, request: Request<'_>) -> Result<String, String> {
        match request {
            Request::ProtocolVersion => Ok("2".into()),
            Request::Name => Ok(self.policy.name()),
            Request::Version => Ok(env!("CARGO_PKG_VERSION").into()),
            Request::KnownCommand(command) => Ok(command.is_some_and(|c| COMMANDS.contains(&c)).to_string()),
            Request::ListCommands => Ok(COMMANDS.join("\n")),
            Request::Quit | Request::Ignored => Ok(String::new()),
            Request::BoardSize(n) => self.boardsize(n),
            Request::ClearBoard => {
                self.clear();
                Ok(String::new())
            }
            Request::Play(color, text) => self.play(color, text),
            Request::GenMove(color) => self.genmove(color),
            Request::Undo => self.undo(),
            Request::ShowBoard => Ok(format!("\n{}", self.position.pretty())),
            Request::FinalScore => Ok(self.final_score()),
        }
    }

    fn boardsize(&mut self, n: usize) -> Result<String, String> {
        match Geometry::new(n, n).map(|g| Position::start(self.variant, g)) {
            Ok(Ok(start)) => {
                self.start = start;
                self.clear();
                Ok(String::new())
            }
            _ => Err("unacceptable size".into()),
        }
    }

    /// `play`: the move read only once `color` is to move (a forced pass of
    /// the other side played first, as `genmove`).
    fn play(&mut self, color: Color, text: &str) -> Result<String, String> {
        self.pass_to(color)?;
        match text.parse::<Move>() {
            Ok(mv) if self.position.is_legal(mv) => {
                self.push(mv);
                Ok(String::new())
            }
            _ => Err("illegal move".into()),
        }
    }

    fn genmove(&mut self, color: Color) -> Result<String, String> {
        self.pass_to(color)?;
        if self.position.is_game_over() {
            return Ok("pass".into());
        }
        if self.position.must_pass() {
            self.push(Move::Pass);
            return Ok("pass".into());
        }
        let mv = self.policy.choose(&self.position);
        if self.position.is_legal(mv) {
            self.push(mv);
            Ok(mv.to_string())
        } else {
            Err("the policy chose an illegal move".into())
        }
    }

    fn undo(&mut self) -> Result<String, String> {
        let pos = self.history.pop_back().ok_or("cannot undo")?;
        self.position = pos;
        Ok(String::new())
    }

    /// Black's margin as GTP writes it: `B+12`, `W+2`, `0` (empties to the
    /// winner once the game is over).
    fn final_score(&self) -> String {
        let pos = &self.position;
        let margin = if pos.is_game_over() {
            pos.score_empties_to_winner().margin(Color::Black)
        } else {
            pos.score().margin(Color::Black)
        };
        match margin {
            0 => "0".into(),
            m if m > 0 => format!("B+{m}"),
            m => format!("W+{}", -m),
        }
    }

    fn clear(&mut self) {
        self.position = self.start;
        self.history.clear();
        self.policy.new_game();
    }

    fn push(&mut self, mv: Move) {
        if self.history.len() == MAX_UNDO {
            self.history.pop_front();
        }
        self.history.push_back(self.position);
        self.position.play_unchecked(mv);
    }

    /// Makes `color` the side to move: a pass of the other side when it must
    /// pass, else an error.
    fn pass_to(&mut self, color: Color) -> Result<(), String> {
        if self.position.side_to_move() == color {
            Ok(())
        } else if self.position.must_pass() {
            self.push(Move::Pass);
            Ok(())
        } else if self.position.is_game_over() {
            Err("game over".into())
        } else {
            Err(if color == Color::Black { "wrong color: white to move" } else { "wrong color: black to move" }.into())
        }
    }
}

/// A command line read: its command and arguments checked for syntax, to
/// be executed ([`Server::execute`]).
#[derive(Debug)]
enum Request<'a> {
    ProtocolVersion,
    Name,
    Version,
    KnownCommand(Option<&'a str>),
    ListCommands,
    Quit,
    BoardSize(usize),
    ClearBoard,
    /// `komi`, `time_settings`, `time_left`: accepted, without effect.
    Ignored,
    /// A colour and the move's text (read once the colour is to move).
    Play(Color, &'a str),
    GenMove(Color),
    Undo,
    ShowBoard,
    FinalScore,
}

impl<'a> Request<'a> {
    /// The request of command `name` with `args`, or the syntax error's
    /// answer.
    fn parse(name: &str, args: &[&'a str]) -> Result<Request<'a>, &'static str> {
        let color = || args.first().and_then(|c| parse_color(c));
        Ok(match name {
            "protocol_version" => Request::ProtocolVersion,
            "name" => Request::Name,
            "version" => Request::Version,
            "known_command" => Request::KnownCommand(args.first().copied()),
            "list_commands" => Request::ListCommands,
            "quit" => Request::Quit,
            "boardsize" => {
                Request::BoardSize(args.first().and_then(|n| n.parse().ok()).ok_or("boardsize needs a number")?)
            }
            "clear_board" => Request::ClearBoard,
            "komi" | "time_settings" | "time_left" => Request::Ignored,
            "play" => match (color(), args.get(1)) {
                (Some(color), Some(text)) => Request::Play(color, text),
                _ => return Err("syntax error: play b|w MOVE"),
            },
            "genmove" => Request::GenMove(color().ok_or("syntax error: genmove b|w")?),
            "undo" => Request::Undo,
            "showboard" => Request::ShowBoard,
            "final_score" => Request::FinalScore,
            _ => return Err("unknown command"),
        })
    }
}

/// The id a command line starts with (digits, then a word), or nothing.
fn command_id(line: &str) -> &str {
    let mut words = line.split_whitespace();
    match (words.next(), words.next()) {
        (Some(id), Some(_)) if id.bytes().all(|b| b.is_ascii_digit()) => id,
        _ => "",
    }
}

/// Serves `policy` as a GTP engine from `start`: answers each command of
/// `input` on `output` (flushed after each answer) until `quit` or the end
/// of the input.
///
/// # Errors
/// An I/O error reading `input` or writing `output`.
pub fn serve(policy: impl Policy, start: Position, input: impl BufRead, mut output: impl Write) -> io::Result<()> {
    let mut server = Server::new(policy, start);
    let mut lines = Lines::new(input, MAX_COMMAND);
    while let Some(line) = lines.next_line()? {
        let (text, quit) = match line {
            Line::Text(line) => server.answer(&line),
            Line::TooLong(_) => ("? command too long\n\n".into(), false),
            Line::NotText(text) => (format!("?{} command not UTF-8\n\n", command_id(&text)), false),
        };
        output.write_all(text.as_bytes())?;
        output.flush()?;
        if quit {
            break;
        }
    }
    Ok(())
}
