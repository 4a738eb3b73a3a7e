//! The GTP client: an engine process played by the referee.

use std::path::Path;
use std::time::{Duration, Instant};

use reversi_core::Color;
use reversi_variants::Move;

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
        let name = match client.request("name", deadline) {
            Ok(name) => name,
            Err(Fault::Refused { .. }) => String::new(),
            Err(fault) => return Err(client.process.annotate(fault)),
        };
        client.name = if name.trim().is_empty() { program_name(&argv[0]) } else { name.trim().to_string() };
        Ok(client)
    }

    /// `boardsize n`: an N x N board (the engine may refuse a size).
    ///
    /// # Errors
    /// [`Fault::Refused`] for a size the engine refuses; the process's faults.
    pub fn boardsize(&mut self, n: usize, deadline: Instant) -> Result<(), Fault> {
        self.request(&format!("boardsize {n}"), deadline).map(drop)
    }

    /// `clear_board`: the default start of the board, Black to move (the
    /// only start GTP sets up, [`super::check_start`]).
    ///
    /// # Errors
    /// [`Fault::Refused`] for a refusal; the process's faults.
    pub fn clear_board(&mut self, deadline: Instant) -> Result<(), Fault> {
        self.request("clear_board", deadline).map(drop)
    }

    /// `time_settings MAIN 0 0`: `main` for each side's game, whole seconds,
    /// no byo-yomi.
    ///
    /// # Errors
    /// [`Fault::Refused`] for an engine without the (optional) command; the
    /// process's faults.
    pub fn time_settings(&mut self, main: Duration, deadline: Instant) -> Result<(), Fault> {
        self.request(&format!("time_settings {} 0 0", main.as_secs()), deadline).map(drop)
    }

    /// `time_left C SECONDS 0`: `left` on `color`'s clock, whole seconds.
    ///
    /// # Errors
    /// [`Fault::Refused`] for an engine without the (optional) command; the
    /// process's faults.
    pub fn time_left(&mut self, color: Color, left: Duration, deadline: Instant) -> Result<(), Fault> {
        self.request(&format!("time_left {} {} 0", color_letter(color), left.as_secs()), deadline).map(drop)
    }

    /// `play C MOVE`: `color` plays `mv` (a pass as `pass`).
    ///
    /// # Errors
    /// [`Fault::Refused`] for a move the engine refuses; the process's faults.
    pub fn play(&mut self, color: Color, mv: Move, deadline: Instant) -> Result<(), Fault> {
        self.request(&format!("play {} {mv}", color_letter(color)), deadline).map(drop)
    }

    /// `genmove C`: the move the engine plays for `color` (not checked: the
    /// referee checks it).
    ///
    /// # Errors
    /// [`Fault::Resigned`] for `resign`; [`Fault::Garbage`] for an answer
    /// that is not a move; [`Fault::Refused`]; the process's faults.
    pub fn genmove(&mut self, color: Color, deadline: Instant) -> Result<Move, Fault> {
        let answer = self.request(&format!("genmove {}", color_letter(color)), deadline)?;
        let word = answer.trim();
        if word.eq_ignore_ascii_case("resign") {
            return Err(Fault::Resigned);
        }
        word.parse::<Move>().map_err(|_| Fault::Garbage(format!("{word:.80?} where a move was expected")))
    }

    /// Sends `command` and reads its answer's text (`= TEXT`, then lines up
    /// to an empty line), before `deadline`. Lines before the answer that do
    /// not start with `=` or `?` are skipped (engines print diagnostics
    /// there), up to 1024 of them. Private: the typed methods above are
    /// every command the referee sends.
    fn request(&mut self, command: &str, deadline: Instant) -> Result<String, Fault> {
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
    /// Sends a clock command (`send`) unless the engine has refused one: a
    /// refusal is no fault (the commands are optional), the referee's clock
    /// still applies.
    fn clock_command(&mut self, send: impl FnOnce(&mut Client) -> Result<(), Fault>) -> Result<(), Fault> {
        if !self.clock {
            return Ok(());
        }
        match send(self) {
            Ok(()) => Ok(()),
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

impl Client {
    fn setup_game(&mut self, game: &GameState, control: &TimeControl, deadline: Instant) -> Result<(), Fault> {
        super::check_start(&game.start)
            .map_err(|e| Fault::Refused { command: "clear_board".into(), reason: e.to_string() })?;
        self.sent = 0;
        self.boardsize(usize::from(game.start.geometry().width()), deadline)?;
        self.clear_board(deadline)?;
        self.clock_command(|c| c.time_settings(control.time, deadline))
    }

    /// The engine's move in `game`: the moves it has not been told, the
    /// clock, then `genmove`.
    fn next_move(&mut self, game: &GameState, clocks: &Clocks, deadline: Instant) -> Result<Move, Fault> {
        for i in self.sent..game.moves.len() {
            self.play(game.mover(i), game.moves[i], deadline)?;
        }
        let color = game.position.side_to_move();
        self.clock_command(|c| c.time_left(color, clocks[color.index()], deadline))?;
        let mv = self.genmove(color, deadline);
        self.sent = game.moves.len() + 1;
        mv
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
        self.next_move(game, clocks, deadline).map_err(|f| self.process.annotate(f))
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.process.send("quit");
    }
}
