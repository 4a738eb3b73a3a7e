//! The NBoard client: an engine process played by the referee.

use std::path::Path;
use std::time::Instant;

use reversi_notation::{Format, Ply, Record};
use reversi_variants::{Move, Variant};

use super::server::nboard_move;
use crate::gtp::program_name;
use crate::player::{Clocks, GameState, Player, TimeControl};
use crate::process::{Fault, Process};

/// An NBoard engine process.
///
/// Started with `nboard 2` (and `set depth N` when a depth is given), then
/// a `ping`, answered `pong` once the engine has read them (its `set myname`
/// names it). Before each `go`, the first time in a game `set game GGF`
/// with the whole game, afterwards a `move` for each move since; the answer
/// is the `=== MOVE` line (`=== MOVE/EVAL/TIME` as the protocol writes
/// it, or `=== MOVE EVAL TIME` as Edax does), other lines (`status`,
/// `nodestats`, `search`) are skipped. NBoard has no clock commands: the referee's clock alone
/// applies. Dropping it sends `quit` and ends the process.
#[derive(Debug)]
pub struct Client {
    process: Process,
    name: String,
    sent: usize,
    pings: u64,
    /// The evaluation of the last `=== MOVE/EVAL/TIME` line.
    eval: Option<f64>,
}

impl Client {
    /// Starts the engine `argv` (in `dir`), tells it `depth` if given, and
    /// waits for it to answer a `ping`, before `deadline`.
    ///
    /// # Errors
    /// The [`Fault`] of an engine that does not start or answer.
    pub fn start(argv: &[String], dir: Option<&Path>, depth: Option<u32>, deadline: Instant) -> Result<Client, Fault> {
        Client::start_logged(argv, dir, depth, deadline, None)
    }

    /// [`start`](Client::start), its exchange written to `log` from the
    /// first line.
    pub(crate) fn start_logged(
        argv: &[String],
        dir: Option<&Path>,
        depth: Option<u32>,
        deadline: Instant,
        log: Option<crate::process::ExchangeLog>,
    ) -> Result<Client, Fault> {
        let mut process = Process::spawn(argv, dir)?;
        process.log_to(log);
        let mut client = Client { process, name: program_name(&argv[0]), sent: 0, pings: 0, eval: None };
        let ready = (|| {
            client.process.send("nboard 2")?;
            if let Some(depth) = depth {
                client.process.send(&format!("set depth {depth}"))?;
            }
            client.ping(deadline)
        })();
        match ready {
            Ok(()) => Ok(client),
            Err(fault) => Err(client.process.annotate(fault)),
        }
    }

    /// Sends `ping N` and reads lines up to `pong N`, before `deadline`.
    ///
    /// # Errors
    /// The process's faults.
    pub fn ping(&mut self, deadline: Instant) -> Result<(), Fault> {
        self.pings += 1;
        let n = self.pings;
        self.process.send(&format!("ping {n}"))?;
        loop {
            let line = self.process.recv(deadline)?;
            if self.note(&line).is_some_and(|pong| pong.trim() == n.to_string()) {
                return Ok(());
            }
        }
    }

    /// Notes a line from the engine: its name from `set myname`; the rest of
    /// a `pong` line.
    fn note<'a>(&mut self, line: &'a str) -> Option<&'a str> {
        if let Some(name) = line.strip_prefix("set myname ") {
            if !name.trim().is_empty() {
                self.name = name.trim().to_string();
            }
            return None;
        }
        line.strip_prefix("pong")
    }
}

/// `set game` with the game in one line of GGF.
fn set_game(game: &GameState) -> Result<String, Fault> {
    let mut record = Record::of(Variant::Reversi, *game.start.geometry());
    record.set_start(game.start);
    record.moves = game.moves.iter().map(|&mv| Ply::from(mv)).collect();
    let refuse = |reason: String| Fault::Refused { command: "set game".into(), reason };
    if game.start.variant() != Variant::Reversi {
        return Err(refuse("NBoard plays Reversi only".into()));
    }
    let bytes = reversi_notation::write(Format::Ggf, &[record]).map_err(|e| refuse(e.to_string()))?;
    let text = String::from_utf8_lossy(&bytes);
    Ok(format!("set game {}", text.trim()))
}

impl Client {
    fn setup_game(&mut self, _game: &GameState, _control: &TimeControl, deadline: Instant) -> Result<(), Fault> {
        self.sent = 0;
        self.ping(deadline)
    }

    fn play(&mut self, game: &GameState, _clocks: &Clocks, deadline: Instant) -> Result<Move, Fault> {
        if self.sent == 0 {
            self.process.send(&set_game(game)?)?;
        } else {
            for &mv in &game.moves[self.sent..] {
                self.process.send(&format!("move {}", nboard_move(mv)))?;
            }
        }
        self.sent = game.moves.len();
        self.process.send("go")?;
        loop {
            let line = self.process.recv(deadline)?;
            if let Some(answer) = line.strip_prefix("===") {
                let (text, eval) = move_answer(answer);
                self.eval = eval;
                return text
                    .parse::<Move>()
                    .map_err(|_| Fault::Garbage(format!("{line:.80?} where === MOVE was expected")));
            }
            self.note(&line);
        }
    }
}

/// The move and the evaluation of a `===` line's rest: `MOVE/EVAL/TIME`
/// (the protocol's form; EVAL and TIME optional) or `MOVE EVAL TIME`
/// (Edax's); an evaluation that is no finite number is none.
fn move_answer(answer: &str) -> (&str, Option<f64>) {
    let mut words = answer.split_whitespace();
    let first = words.next().unwrap_or("");
    let mut parts = first.split('/');
    let text = parts.next().unwrap_or("");
    let eval = if first.contains('/') { parts.next() } else { words.next() };
    (text, eval.and_then(|e| e.parse::<f64>().ok()).filter(|e| e.is_finite()))
}

impl Player for Client {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn note_game(&mut self, index: usize) {
        self.process.set_game(index);
    }

    fn last_eval(&self) -> Option<f64> {
        self.eval
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

#[cfg(test)]
mod tests {
    use super::move_answer;

    #[test]
    fn evaluations_read_in_both_forms() {
        assert_eq!(move_answer(" F5/-2.5/0.3"), ("F5", Some(-2.5)));
        assert_eq!(move_answer(" d3 1.00 0.3"), ("d3", Some(1.0)));
        assert_eq!(move_answer(" d3"), ("d3", None));
        assert_eq!(move_answer(" d3//0.3"), ("d3", None));
        assert_eq!(move_answer(" d3/nan"), ("d3", None));
        assert_eq!(move_answer(" d3 status"), ("d3", None));
        assert_eq!(move_answer(""), ("", None));
    }
}
