//! The GTP client: an engine process played by the referee.

use std::path::Path;
use std::time::Instant;

use reversi_variants::{Move, Position, Variant};

use super::color_letter;
use crate::player::{Clocks, GameState, Player, TimeControl};
use crate::process::{Fault, Process};

/// The most lines of one answer (`list_commands`, `showboard`).
const MAX_ANSWER_LINES: usize = 1024;

/// A GTP engine process.
///
/// A new game is `boardsize N` and `clear_board` (so only the default start
/// of N x N Reversi can be played), then `time_settings MAIN 0 0`; before
/// each `genmove`, the moves the engine has not seen (`play b f5`, passes
/// as `play w pass`) and `time_left C SECONDS 0`. The clock commands are
/// optional: an engine that refuses one is not sent them again. Dropping it sends `quit`
/// and ends the process.
#[derive(Debug)]
pub struct Client {
    process: Process,
    name: String,
    /// How many moves of the game the engine has been told.
    sent: usize,
    /// Whether the engine takes `time_settings` and `time_left` (optional
    /// commands: after a refusal they are not sent again).
    clock: bool,
}

impl Client {
    /// Starts the engine `argv` (in `dir`) and asks its `name` (the
    /// program's file name if it refuses), before `deadline`.
    ///
    /// # Errors
    /// The [`Fault`] of an engine that does not start or answer.
    pub fn start(argv: &[String], dir: Option<&Path>, deadline: Instant) -> Result<Client, Fault> {
        Client::start_logged(argv, dir, deadline, None)
    }

    /// [`start`](Client::start), its exchange written to `log` from the
    /// first line.
    pub(crate) fn start_logged(
        argv: &[String],
        dir: Option<&Path>,
        deadline: Instant,
        log: Option<crate::process::ExchangeLog>,
    ) -> Result<Client, Fault> {
        let mut process = Process::spawn(argv, dir)?;
        process.log_to(log);
        let mut client = Client { process, name: String::new(), sent: 0, clock: true };
        // `name` is a required command, but an engine that refuses it is
        // still an engine: named after its program.
        let name = match client.command("name", deadline) {
            Ok(name) => name,
            Err(Fault::Refused { .. }) => String::new(),
            Err(fault) => return Err(client.process.annotate(fault)),
        };
        client.name = if name.trim().is_empty() { program_name(&argv[0]) } else { name.trim().to_string() };
        Ok(client)
    }

    /// Sends `command` and reads its answer's text (`= TEXT`, then lines up
    /// to an empty line), before `deadline`. Lines before the answer that do
    /// not start with `=` or `?` are skipped (engines print diagnostics
    /// there), up to 1024 of them.
    ///
    /// # Errors
    /// [`Fault::Refused`] for a `?` answer; the process's faults; garbage
    /// for more than 1024 lines before an answer, or an answer of more than
    /// 1024 lines.
    pub fn command(&mut self, command: &str, deadline: Instant) -> Result<String, Fault> {
        self.process.send(command)?;
        let mut skipped = 0;
        let first = loop {
            let line = self.process.recv(deadline)?;
            if line.starts_with(['=', '?']) {
                break line;
            }
            // Not an answer: Edax prints search diagnostics between answers
            // (`*** SEARCH STILL RUNNING ? (0) ***`); skipped, up to a bound.
            skipped += 1;
            if skipped > MAX_ANSWER_LINES {
                return Err(Fault::Garbage(format!(
                    "{line:.80?} and {MAX_ANSWER_LINES} more lines where an answer to {command:?} starts"
                )));
            }
        };
        let (ok, rest) = (first.starts_with('='), &first[1..]);
        let mut text = rest.trim_start_matches(|c: char| c.is_ascii_digit()).trim().to_string();
        for _ in 0..MAX_ANSWER_LINES {
            let line = self.process.recv(deadline)?;
            if line.trim().is_empty() {
                return if ok { Ok(text) } else { Err(Fault::Refused { command: command.into(), reason: text }) };
            }
            text.push('\n');
            text.push_str(&line);
        }
        Err(Fault::Garbage(format!("an answer to {command:?} of more than {MAX_ANSWER_LINES} lines")))
    }
}

impl Client {
    /// Sends a clock command unless the engine has refused one: a refusal
    /// is no fault (the commands are optional), the referee's clock still
    /// applies.
    fn clock_command(&mut self, command: &str, deadline: Instant) -> Result<(), Fault> {
        if !self.clock {
            return Ok(());
        }
        match self.command(command, deadline) {
            Ok(_) => Ok(()),
            Err(Fault::Refused { .. }) => {
                self.clock = false;
                Ok(())
            }
            Err(fault) => Err(fault),
        }
    }
}

/// The file name of a program path, for an engine without a name.
pub(crate) fn program_name(program: &str) -> String {
    Path::new(program).file_name().map_or_else(|| program.to_string(), |n| n.to_string_lossy().into_owned())
}

/// Seconds as GTP reads them (whole seconds, rounded down, at least 0).
fn whole_seconds(d: std::time::Duration) -> u64 {
    d.as_secs()
}

impl Client {
    fn setup_game(&mut self, game: &GameState, control: &TimeControl, deadline: Instant) -> Result<(), Fault> {
        let g = game.start.geometry();
        let n = usize::from(g.width());
        let default = Position::start(Variant::Reversi, *g).ok();
        if g.width() != g.height() || default != Some(game.start) {
            return Err(Fault::Refused {
                command: "clear_board".into(),
                reason: "GTP sets up only the default start of an N x N Reversi board".into(),
            });
        }
        self.sent = 0;
        self.command(&format!("boardsize {n}"), deadline)?;
        self.command("clear_board", deadline)?;
        self.clock_command(&format!("time_settings {} 0 0", whole_seconds(control.time)), deadline)
    }

    fn play(&mut self, game: &GameState, clocks: &Clocks, deadline: Instant) -> Result<Move, Fault> {
        for i in self.sent..game.moves.len() {
            let c = color_letter(game.mover(i));
            self.command(&format!("play {c} {}", game.moves[i]), deadline)?;
        }
        let color = game.position.side_to_move();
        let c = color_letter(color);
        self.clock_command(&format!("time_left {c} {} 0", whole_seconds(clocks[color.index()])), deadline)?;
        let answer = self.command(&format!("genmove {c}"), deadline)?;
        self.sent = game.moves.len() + 1;
        let word = answer.trim();
        if word.eq_ignore_ascii_case("resign") {
            return Err(Fault::Resigned);
        }
        word.parse::<Move>().map_err(|_| Fault::Garbage(format!("{word:.80?} where a move was expected")))
    }
}

impl Player for Client {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn note_game(&mut self, index: usize) {
        self.process.set_game(index);
    }

    fn new_game(&mut self, game: &GameState, control: &TimeControl, deadline: Instant) -> Result<(), Fault> {
        self.setup_game(game, control, deadline).map_err(|f| self.process.annotate(f))
    }

    fn go(&mut self, game: &GameState, clocks: &Clocks, deadline: Instant) -> Result<Move, Fault> {
        self.play(game, clocks, deadline).map_err(|f| self.process.annotate(f))
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.process.send("quit");
    }
}
