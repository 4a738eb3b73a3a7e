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
        let ok = |s: String| (Ok(s), false);
        let err = |s: &str| (Err(s.to_string()), false);
        match name {
            "protocol_version" => ok("2".into()),
            "name" => ok(self.policy.name()),
            "version" => ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => ok(args.first().is_some_and(|c| COMMANDS.contains(c)).to_string()),
            "list_commands" => ok(COMMANDS.join("\n")),
            "quit" => (Ok(String::new()), true),
            "boardsize" => match args.first().and_then(|n| n.parse::<usize>().ok()) {
                Some(n) => match Geometry::new(n, n).map(|g| Position::start(self.variant, g)) {
                    Ok(Ok(start)) => {
                        self.start = start;
                        self.clear();
                        ok(String::new())
                    }
                    _ => err("unacceptable size"),
                },
                None => err("boardsize needs a number"),
            },
            "clear_board" => {
                self.clear();
                ok(String::new())
            }
            "komi" | "time_settings" | "time_left" => ok(String::new()),
            "play" => match (args.first().and_then(|c| parse_color(c)), args.get(1)) {
                (Some(color), Some(text)) => match (self.pass_to(color), text.parse::<Move>()) {
                    (Err(e), _) => err(e),
                    (Ok(()), Ok(mv)) if self.position.is_legal(mv) => {
                        self.push(mv);
                        ok(String::new())
                    }
                    _ => err("illegal move"),
                },
                _ => err("syntax error: play b|w MOVE"),
            },
            "genmove" => match args.first().and_then(|c| parse_color(c)) {
                Some(color) => match self.pass_to(color) {
                    Err(e) => err(e),
                    Ok(()) if self.position.is_game_over() => ok("pass".into()),
                    Ok(()) if self.position.must_pass() => {
                        self.push(Move::Pass);
                        ok("pass".into())
                    }
                    Ok(()) => {
                        let mv = self.policy.choose(&self.position);
                        if self.position.is_legal(mv) {
                            self.push(mv);
                            ok(mv.to_string())
                        } else {
                            err("the policy chose an illegal move")
                        }
                    }
                },
                None => err("syntax error: genmove b|w"),
            },
            "undo" => match self.history.pop_back() {
                Some(pos) => {
                    self.position = pos;
                    ok(String::new())
                }
                None => err("cannot undo"),
            },
            "showboard" => ok(format!("\n{}", self.position.pretty())),
            "final_score" => {
                let pos = &self.position;
                let margin = if pos.is_game_over() {
                    pos.score_empties_to_winner().margin(Color::Black)
                } else {
                    pos.score().margin(Color::Black)
                };
                ok(match margin {
                    0 => "0".into(),
                    m if m > 0 => format!("B+{m}"),
                    m => format!("W+{}", -m),
                })
            }
            _ => err("unknown command"),
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
    fn pass_to(&mut self, color: Color) -> Result<(), &'static str> {
        if self.position.side_to_move() == color {
            Ok(())
        } else if self.position.must_pass() {
            self.push(Move::Pass);
            Ok(())
        } else if self.position.is_game_over() {
            Err("game over")
        } else {
            Err(if color == Color::Black { "wrong color: white to move" } else { "wrong color: black to move" })
        }
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
