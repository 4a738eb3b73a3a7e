//! The NBoard server: a [`Policy`] as an engine over any input and output.

use std::io::{self, BufRead, Write};

use reversi_notation::{Passes, replay};
use reversi_variants::{Move, Position};

use crate::Policy;
use crate::lines::{Line, Lines};

/// The longest line read, in bytes (a GGF game of a long game fits many
/// times); a longer one is ignored.
pub const MAX_COMMAND: usize = 1024 * 1024;

/// An NBoard engine's state: the game and the policy that moves in it.
#[derive(Debug)]
pub struct Server<P> {
    policy: P,
    position: Position,
    depth: u32,
}

impl<P: Policy> Server<P> {
    /// A server playing `policy` from `start` (until a `set game`).
    pub fn new(policy: P, start: Position) -> Server<P> {
        Server { policy, position: start, depth: 1 }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The lines answering one line from the GUI (each ending in a line
    /// break; none for most), and whether the session ends (`quit`).
    pub fn answer(&mut self, line: &str) -> (String, bool) {
        let line = line.trim();
        let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let out = match command {
            "nboard" => format!("set myname {}\n", self.policy.name()),
            "set" => {
                let (what, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
                match what {
                    "depth" => {
                        if let Ok(d) = value.trim().parse() {
                            self.depth = d;
                        }
                    }
                    "game" => self.set_game(value.trim()),
                    _ => {}
                }
                String::new()
            }
            "move" => {
                let text = rest.split('/').next().unwrap_or("");
                if let Ok(mv) = text.parse::<Move>() {
                    let _ = self.position.play(mv);
                }
                String::new()
            }
            "hint" => {
                let n: usize = rest.parse().unwrap_or(1);
                let mut out = String::from("status thinking\n");
                if !self.position.is_game_over() {
                    let best = self.choose();
                    out.push_str(&format!("search {} 0 0 {}\n", nboard_move(best), self.depth));
                    for mv in self.position.moves().filter(|&m| m != best).take(n.saturating_sub(1)) {
                        out.push_str(&format!("search {} 0 0 {}\n", nboard_move(mv), self.depth));
                    }
                }
                out.push_str("status\n");
                out
            }
            "go" => format!("status thinking\n=== {}\nstatus\n", nboard_move(self.choose())),
            "ping" => format!("pong {rest}\n"),
            "learn" => "learned\n".into(),
            "quit" => return (String::new(), true),
            _ => String::new(),
        };
        (out, false)
    }

    /// The policy's move, or a pass when there is none.
    fn choose(&mut self) -> Move {
        if self.position.moves().len() == 0 || self.position.must_pass() {
            Move::Pass
        } else {
            self.policy.choose(&self.position)
        }
    }

    /// `set game GGF`: the game's position after its moves (a game that does
    /// not read or replay is ignored, as an unknown line). The NBoard GUI
    /// writes `RE[?]` for a game in progress, which GGS's results do not
    /// include: it is dropped before reading.
    fn set_game(&mut self, ggf: &str) {
        let Ok(games) = reversi_notation::ggf::read(&ggf.replace("RE[?]", "")) else { return };
        if let Some(Ok(done)) = games.first().map(|g| replay(g, Passes::Infer)) {
            self.position = done.position;
            self.policy.new_game();
        }
    }
}

/// A move as NBoard writes it: `F5`, `PA`.
pub(crate) fn nboard_move(mv: Move) -> String {
    match mv {
        Move::Pass => "PA".into(),
        mv => mv.to_string().to_uppercase(),
    }
}

/// Serves `policy` as an NBoard engine from `start`: handles each line of
/// `input`, writing and flushing every answer line on `output`, until
/// `quit` or the end of the input.
///
/// # Errors
/// An I/O error reading `input` or writing `output`.
pub fn serve(policy: impl Policy, start: Position, input: impl BufRead, mut output: impl Write) -> io::Result<()> {
    let mut server = Server::new(policy, start);
    let mut lines = Lines::new(input, MAX_COMMAND);
    while let Some(line) = lines.next_line()? {
        let Line::Text(line) = line else { continue };
        let (text, quit) = server.answer(&line);
        if !text.is_empty() {
            output.write_all(text.as_bytes())?;
            output.flush()?;
        }
        if quit {
            break;
        }
    }
    Ok(())
}
