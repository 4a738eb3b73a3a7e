//! An engine process driven over pipes: lines out, lines in, with deadlines.
//!
//! The engine's standard output is read by a thread of its own into a
//! bounded channel, so that a hung engine cannot block the caller (every
//! read has a deadline) and an engine flooding its output cannot exhaust
//! memory: a line is cut at [`MAX_LINE`] bytes (the rest of it is skipped
//! and the line reported as [`Fault::Garbage`]) and at most [`QUEUE`] lines
//! wait to be read (the reader thread, then the engine, block until they
//! are). Standard error goes to the null device. Dropping a [`Process`]
//! kills the engine and reaps it.

use std::io::{BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::time::Instant;

use crate::lines::{Line, Lines};
use crate::stop::Waited;

/// The longest line read from an engine, in bytes.
pub const MAX_LINE: usize = 64 * 1024;

/// How many lines the reader thread holds before it waits for the caller.
pub const QUEUE: usize = 256;

/// Why an engine fails a command: each loses it the game it plays.
///
/// `#[non_exhaustive]`: faults may be told apart further.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Fault {
    /// The engine process could not be started.
    #[error("cannot start {command}: {reason}")]
    Spawn {
        /// The program.
        command: String,
        /// The system's reason.
        reason: String,
    },
    /// The engine ended, or closed its output or input.
    #[error("crashed ({0})")]
    Crash(String),
    /// No answer before the deadline.
    #[error("out of time")]
    Timeout,
    /// An answer that is not what the protocol says.
    #[error("garbage: {0}")]
    Garbage(String),
    /// The engine resigned.
    #[error("resigned")]
    Resigned,
    /// A move that is not legal in the game.
    #[error("illegal move {0}")]
    Illegal(String),
    /// The wait for the engine was stopped by the caller
    /// ([`stoppable`](crate::stoppable)): the caller is interrupted, the
    /// engine at no fault.
    #[error("stopped by the caller")]
    Stopped,
    /// The engine refused a command (a GTP `?` answer).
    #[error("refused {command:?}: {reason}")]
    Refused {
        /// The command.
        command: String,
        /// The engine's reason.
        reason: String,
    },
}

impl Fault {
    /// The GGS result suffix for a game lost by this fault: `t` for time,
    /// `r` (resigned) for the others.
    #[must_use]
    pub const fn suffix(&self) -> &'static str {
        match self {
            Fault::Timeout => "t",
            _ => "r",
        }
    }
}

/// What the reader thread hands over.
enum Event {
    Line(String),
    /// A line longer than [`MAX_LINE`] (its first bytes).
    TooLong(String),
    /// A line that is not UTF-8.
    NotText,
    Closed(String),
}

/// A running engine.
#[derive(Debug)]
pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Event>,
    program: String,
}

impl std::fmt::Debug for Event {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Event")
    }
}

impl Process {
    /// Starts `argv[0]` with the other words as its arguments (no shell), in
    /// `dir` if given.
    ///
    /// # Errors
    /// [`Fault::Spawn`] when `argv` is empty or the program cannot be started.
    pub fn spawn(argv: &[String], dir: Option<&Path>) -> Result<Process, Fault> {
        let program = argv.first().cloned().unwrap_or_default();
        let spawn_error = |reason: String| Fault::Spawn { command: program.clone(), reason };
        if program.is_empty() {
            return Err(spawn_error("empty command".into()));
        }
        let mut command = Command::new(&program);
        command.args(&argv[1..]).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null());
        if let Some(dir) = dir {
            command.current_dir(dir);
        }
        let mut child = command.spawn().map_err(|e| spawn_error(e.to_string()))?;
        let stdout = child.stdout.take().ok_or_else(|| spawn_error("no standard output".into()))?;
        let stdin = child.stdin.take();
        let (tx, rx) = sync_channel(QUEUE);
        std::thread::Builder::new()
            .name(format!("engine {program}"))
            .spawn(move || read_lines(stdout, &tx))
            .map_err(|e| spawn_error(e.to_string()))?;
        Ok(Process { child, stdin, lines: rx, program })
    }

    /// The program's path as given.
    #[must_use]
    pub fn program(&self) -> &str {
        &self.program
    }

    /// Sends `line` and a line break, flushed.
    ///
    /// # Errors
    /// [`Fault::Crash`] when the engine's input is closed.
    pub fn send(&mut self, line: &str) -> Result<(), Fault> {
        let stdin = self.stdin.as_mut().ok_or_else(|| Fault::Crash("input closed".into()))?;
        let mut buf = Vec::with_capacity(line.len() + 1);
        buf.extend_from_slice(line.as_bytes());
        buf.push(b'\n');
        stdin.write_all(&buf).and_then(|()| stdin.flush()).map_err(|e| Fault::Crash(format!("writing to it: {e}")))
    }

    /// The next line (without its line break), waiting until `deadline`.
    ///
    /// # Errors
    /// [`Fault::Timeout`] past the deadline, [`Fault::Crash`] when the
    /// engine's output ends, [`Fault::Garbage`] for a line longer than
    /// [`MAX_LINE`] or not UTF-8, [`Fault::Stopped`] when the wait is
    /// [`stoppable`](crate::stoppable) and stopped.
    pub fn recv(&mut self, deadline: Instant) -> Result<String, Fault> {
        match crate::stop::recv_until(&self.lines, deadline) {
            Waited::Value(Event::Line(line)) => Ok(line),
            Waited::Value(Event::TooLong(start)) => {
                Err(Fault::Garbage(format!("a line longer than {MAX_LINE} bytes: {start:.40?}...")))
            }
            Waited::Value(Event::NotText) => Err(Fault::Garbage("a line that is not UTF-8".into())),
            Waited::Value(Event::Closed(why)) => Err(Fault::Crash(self.exit_reason(why))),
            Waited::Failed(RecvTimeoutError::Timeout) => Err(Fault::Timeout),
            Waited::Failed(RecvTimeoutError::Disconnected) => {
                Err(Fault::Crash(self.exit_reason("output closed".into())))
            }
            Waited::Stopped => Err(Fault::Stopped),
        }
    }

    /// Why the engine's output ended: its exit status if it has ended.
    fn exit_reason(&mut self, why: String) -> String {
        // Give the process a moment to be reaped after closing its output.
        for _ in 0..20 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return format!("{why}, {status}");
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        why
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.stdin = None;
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// The reader thread: lines of `out` into `tx` until the output closes or
/// the receiver goes.
fn read_lines(out: impl Read, tx: &SyncSender<Event>) {
    let mut lines = Lines::new(BufReader::with_capacity(64 * 1024, out), MAX_LINE);
    loop {
        let event = match lines.next_line() {
            Ok(Some(Line::Text(text))) => Event::Line(text),
            Ok(Some(Line::TooLong(start))) => Event::TooLong(start),
            Ok(Some(Line::NotText)) => Event::NotText,
            Ok(None) => Event::Closed("output closed".into()),
            Err(e) => Event::Closed(format!("reading its output: {e}")),
        };
        let closed = matches!(event, Event::Closed(_));
        if tx.send(event).is_err() || closed {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_cut_and_the_next_line_reads() {
        let mut text = vec![b'x'; MAX_LINE * 3];
        text.extend_from_slice(b"\nok\r\n");
        let (tx, rx) = sync_channel(QUEUE);
        read_lines(&text[..], &tx);
        assert!(matches!(rx.recv().unwrap(), Event::TooLong(s) if s.len() == 64));
        assert!(matches!(rx.recv().unwrap(), Event::Line(s) if s == "ok"));
        assert!(matches!(rx.recv().unwrap(), Event::Closed(_)));
    }

    #[test]
    fn a_missing_program_is_a_spawn_fault() {
        let err = Process::spawn(&["/nonexistent/engine".into()], None).unwrap_err();
        assert!(matches!(err, Fault::Spawn { .. }), "{err}");
        assert!(matches!(Process::spawn(&[], None).unwrap_err(), Fault::Spawn { .. }));
    }
}
