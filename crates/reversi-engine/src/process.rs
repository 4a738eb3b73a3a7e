//! An engine process driven over pipes: lines out, lines in, with deadlines.
//!
//! The engine's standard output is read by a thread of its own into a
//! bounded channel, so that a hung engine cannot block the caller (every
//! read has a deadline) and an engine flooding its output cannot exhaust
//! memory: a line is cut at [`MAX_LINE`] bytes (the rest of it is skipped
//! and the line reported as [`Fault::Garbage`]) and at most [`QUEUE`] lines
//! wait to be read (the reader thread, then the engine, block until they
//! are). Standard error is read by another thread, which keeps its last
//! lines ([`STDERR_LINES`] lines, [`STDERR_BYTES`] bytes): a fault of the
//! engine carries them ([`Fault::WithStderr`]), so that an engine that
//! explains its failure there is heard.
//!
//! On Unix each engine runs in a process group of its own, and the whole
//! group is ended with it: dropping a [`Process`] closes the engine's input,
//! gives it [`GRACE`] to end by itself (the clients send `quit` first), then
//! kills the group (a shell wrapper's engine, the helpers an engine forked)
//! and reaps the engine. The groups of the engines running are listed, so
//! that a program interrupted by a signal can end them all first
//! ([`end_all`]).

use std::collections::VecDeque;
use std::io::{BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

use crate::lines::{Line, Lines};
use crate::stop::Waited;

/// The longest line read from an engine, in bytes.
pub const MAX_LINE: usize = 64 * 1024;

/// How many lines the reader thread holds before it waits for the caller.
pub const QUEUE: usize = 256;

/// How many of the last lines of an engine's standard error are kept.
pub const STDERR_LINES: usize = 20;

/// How many bytes of the last lines of an engine's standard error are kept.
pub const STDERR_BYTES: usize = 4096;

/// How long an engine has to end by itself once its input is closed (after
/// `quit`), before its process group is killed.
pub const GRACE: Duration = Duration::from_millis(500);

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
    /// A move that is not legal in the game (a pass while a move exists
    /// included): the move, typed.
    #[error("illegal move {0}")]
    Illegal(reversi_variants::Move),
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
    /// A fault with the last lines the engine wrote to its standard error
    /// (one line, the lines joined by ` | `).
    #[error("{fault}; its standard error ended: {stderr}")]
    WithStderr {
        /// The fault.
        fault: Box<Fault>,
        /// The last lines of the engine's standard error.
        stderr: String,
    },
}

impl Fault {
    /// The GGS result suffix for a game lost by this fault: `t` for time,
    /// `r` (resigned) for the others.
    #[must_use]
    pub fn suffix(&self) -> &'static str {
        match self.cause() {
            Fault::Timeout => "t",
            _ => "r",
        }
    }

    /// The fault itself, without the engine's standard error.
    #[must_use]
    pub fn cause(&self) -> &Fault {
        match self {
            Fault::WithStderr { fault, .. } => fault.cause(),
            fault => fault,
        }
    }

    /// The last lines of the engine's standard error the fault carries, if
    /// any (joined by ` | `).
    #[must_use]
    pub fn stderr(&self) -> Option<&str> {
        match self {
            Fault::WithStderr { stderr, .. } => Some(stderr),
            _ => None,
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

/// The last lines of an engine's standard error, and whether it has ended.
#[derive(Debug, Default)]
struct Tail {
    lines: VecDeque<String>,
    bytes: usize,
    closed: bool,
}

impl Tail {
    /// Keeps `line`, dropping the oldest lines past the bounds.
    fn push(&mut self, line: String) {
        let line = if line.len() > STDERR_BYTES { cut(&line, STDERR_BYTES).to_string() } else { line };
        self.bytes += line.len();
        self.lines.push_back(line);
        while self.lines.len() > STDERR_LINES || self.bytes > STDERR_BYTES {
            let Some(old) = self.lines.pop_front() else { break };
            self.bytes -= old.len();
        }
    }
}

/// The first bytes of `text`, at most `max`, cut at a character boundary.
fn cut(text: &str, max: usize) -> &str {
    let mut end = max.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// Where engine processes write their exchange with the referee: a file
/// shared by every process given it (an engine's processes over a
/// tournament), one line each line sent (`GAME > LINE`) or received
/// (`GAME < LINE`), `GAME` the index of the game the process plays (from 1,
/// as the records' `Round`; `-` before its first game, while it starts),
/// written as it passes (a crashed engine's last words are kept).
///
/// ```no_run
/// use reversi_engine::process::ExchangeLog;
/// use reversi_engine::referee::EngineSpec;
/// let log = ExchangeLog::create("edax.log".as_ref())?;
/// let spec: EngineSpec = "gtp:edax -gtp".parse().expect("a spec");
/// let spec = spec.log(Some(log)); // each process it starts writes there
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct ExchangeLog {
    path: std::path::PathBuf,
    file: Arc<Mutex<std::fs::File>>,
}

impl ExchangeLog {
    /// Opens `path` to append to (created if missing).
    ///
    /// # Errors
    /// The system's error when the file cannot be opened.
    pub fn create(path: &Path) -> std::io::Result<ExchangeLog> {
        let file = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
        Ok(ExchangeLog { path: path.to_path_buf(), file: Arc::new(Mutex::new(file)) })
    }

    /// Where a match or tournament writes engine `n`'s exchange (from 1,
    /// in the order the engines are given) in the directory `dir`:
    /// `dir/engine-N.log` (the CLI's `--log DIR`, Python's `log=`).
    ///
    /// ```
    /// use reversi_engine::process::ExchangeLog;
    /// assert_eq!(ExchangeLog::path_in("logs".as_ref(), 2), std::path::Path::new("logs/engine-2.log"));
    /// ```
    #[must_use]
    pub fn path_in(dir: &Path, n: usize) -> std::path::PathBuf {
        dir.join(format!("engine-{n}.log"))
    }

    /// The file's path.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes one line of game `game`'s exchange (a write error is ignored:
    /// the log must not end a game).
    fn write(&self, game: Option<usize>, arrow: char, line: &str) {
        let game = game.map_or_else(|| "-".to_string(), |g| (g + 1).to_string());
        let text = format!("{game} {arrow} {line}\n");
        let mut file = self.file.lock().unwrap_or_else(PoisonError::into_inner);
        let _ = file.write_all(text.as_bytes());
    }
}

impl PartialEq for ExchangeLog {
    /// The same file.
    fn eq(&self, other: &ExchangeLog) -> bool {
        self.path == other.path
    }
}

impl Eq for ExchangeLog {}

/// The tail of standard error shared with its reader thread.
type SharedTail = Arc<(Mutex<Tail>, Condvar)>;

/// A running engine.
#[derive(Debug)]
pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Event>,
    stderr: SharedTail,
    program: String,
    log: Option<ExchangeLog>,
    /// The game it plays, for the log.
    game: Option<usize>,
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
        if let Some(dir) = dir {
            check_dir(&program, dir)?;
        }
        let mut command = Command::new(&program);
        command.args(&argv[1..]).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        if let Some(dir) = dir {
            command.current_dir(dir);
        }
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        // Listed before it starts, so that a signal handler running
        // [`end_all`] cannot miss it.
        let mut groups = groups();
        let mut child = command.spawn().map_err(|e| spawn_error(e.to_string()))?;
        groups.push(child.id());
        drop(groups);
        let stdout = child.stdout.take();
        let stderr = child.stderr.take();
        let stdin = child.stdin.take();
        let tail: SharedTail = Arc::default();
        let mut process = Process {
            child,
            stdin,
            lines: sync_channel(0).1,
            stderr: Arc::clone(&tail),
            program: program.clone(),
            log: None,
            game: None,
        };
        let (Some(stdout), Some(stderr)) = (stdout, stderr) else {
            return Err(spawn_error("no standard output".into()));
        };
        let (tx, rx) = sync_channel(QUEUE);
        process.lines = rx;
        let name = format!("engine {}", process.program);
        std::thread::Builder::new()
            .name(name.clone())
            .spawn(move || read_lines(stdout, &tx))
            .map_err(|e| spawn_error(e.to_string()))?;
        std::thread::Builder::new()
            .name(name)
            .spawn(move || read_stderr(stderr, &tail))
            .map_err(|e| spawn_error(e.to_string()))?;
        Ok(process)
    }

    /// The last lines the engine wrote to its standard error, joined by
    /// ` | ` (empty if none). `wait` is how long to wait for the engine's
    /// standard error to end (an engine that has ended: its last words
    /// may still be in the pipe).
    #[must_use]
    pub fn stderr_tail(&self, wait: Duration) -> String {
        let (lock, ended) = &*self.stderr;
        let tail = lock.lock().unwrap_or_else(PoisonError::into_inner);
        let (tail, _) = ended.wait_timeout_while(tail, wait, |t| !t.closed).unwrap_or_else(PoisonError::into_inner);
        tail.lines.iter().map(String::as_str).collect::<Vec<_>>().join(" | ")
    }

    /// `fault` with the last lines of the engine's standard error, if it
    /// wrote any ([`Fault::WithStderr`]); a crash waits a moment for them.
    #[must_use]
    pub fn annotate(&self, fault: Fault) -> Fault {
        if matches!(fault, Fault::WithStderr { .. }) {
            return fault;
        }
        let wait = if matches!(fault, Fault::Crash(_)) { Duration::from_millis(200) } else { Duration::ZERO };
        let stderr = self.stderr_tail(wait);
        if stderr.is_empty() { fault } else { Fault::WithStderr { fault: Box::new(fault), stderr } }
    }

    /// The program's path as given.
    #[must_use]
    pub fn program(&self) -> &str {
        &self.program
    }

    /// Writes the exchange to `log` from now on.
    pub fn log_to(&mut self, log: Option<ExchangeLog>) {
        self.log = log;
    }

    /// Tells the log the game the process plays now (the tournament's or
    /// match's index, from 0).
    pub fn set_game(&mut self, index: usize) {
        self.game = Some(index);
    }

    /// Sends `line` and a line break, flushed.
    ///
    /// # Errors
    /// [`Fault::Crash`] when the engine's input is closed.
    pub fn send(&mut self, line: &str) -> Result<(), Fault> {
        if let Some(log) = &self.log {
            log.write(self.game, '>', line);
        }
        let stdin = self.stdin.as_mut().ok_or_else(|| Fault::Crash("input closed".into()))?;
        let mut buf = Vec::with_capacity(line.len() + 1);
        buf.extend_from_slice(line.as_bytes());
        buf.push(b'\n');
        let written = stdin.write_all(&buf).and_then(|()| stdin.flush());
        written.map_err(|e| Fault::Crash(self.exit_reason(format!("writing to it: {e}"))))
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
            Waited::Value(Event::Line(line)) => {
                if let Some(log) = &self.log {
                    log.write(self.game, '<', &line);
                }
                Ok(line)
            }
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

    /// Why the engine's output ended: its exit status if it has ended
    /// (read without reaping it: its process group stays its own until
    /// it is dropped).
    fn exit_reason(&mut self, why: String) -> String {
        // Give the process a moment to end after closing its output.
        for _ in 0..20 {
            if let Some(status) = group::status(self.child.id(), &mut self.child) {
                return format!("{why}, {status}");
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        why
    }
}

impl Drop for Process {
    /// Closes the engine's input, gives it [`GRACE`] to end, then kills its
    /// process group (on Unix; the engine alone elsewhere) and reaps it.
    fn drop(&mut self) {
        self.stdin = None;
        let id = self.child.id();
        let until = Instant::now() + GRACE;
        while !group::exited(id, &mut self.child) && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(5));
        }
        group::kill(id, &mut self.child);
        // Unlisted before it is reaped: until then its id (and so its
        // group's) cannot be another process's.
        groups().retain(|&g| g != id);
        let _ = self.child.wait();
    }
}

/// Whether `dir` can be the working directory of `program`: checked before
/// it starts, because the system's error names neither the program nor the
/// directory ("No such file or directory").
///
/// # Errors
/// [`Fault::Spawn`] naming the directory.
pub fn check_dir(program: &str, dir: &Path) -> Result<(), Fault> {
    let spawn_error = |reason: String| Fault::Spawn { command: program.to_string(), reason };
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(_) => Err(spawn_error(format!("the working directory {} is not a directory", dir.display()))),
        Err(e) => Err(spawn_error(format!("the working directory {}: {e}", dir.display()))),
    }
}

/// The process groups of the engines running (the engines' ids).
static GROUPS: Mutex<Vec<u32>> = Mutex::new(Vec::new());

fn groups() -> std::sync::MutexGuard<'static, Vec<u32>> {
    GROUPS.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Kills every engine this process started and has not ended yet, with the
/// processes of their groups (on Unix): for a program interrupted by a
/// signal, before it ends. The engines' [`Process`]es still reap them when
/// dropped. Returns how many groups were signalled.
pub fn end_all() -> usize {
    let groups = groups();
    for &id in groups.iter() {
        group::kill_group(id);
    }
    groups.len()
}

#[cfg(unix)]
mod group {
    //! Process groups through rustix (no `unsafe` here).
    use rustix::process::{Pid, Signal, WaitId, WaitIdOptions, kill_process_group, waitid};
    use std::process::Child;

    /// Whether the engine has ended, without reaping it: its id stays
    /// taken, so its group cannot be another's when it is killed.
    pub(super) fn exited(id: u32, child: &mut Child) -> bool {
        status(id, child).is_some()
    }

    /// How the engine ended, if it has, without reaping it (as the
    /// standard library writes it: `exit status: 3`, `signal: 9`).
    pub(super) fn status(id: u32, _child: &mut Child) -> Option<String> {
        let Some(pid) = i32::try_from(id).ok().and_then(Pid::from_raw) else { return Some("ended".into()) };
        let options = WaitIdOptions::EXITED | WaitIdOptions::NOHANG | WaitIdOptions::NOWAIT;
        match waitid(WaitId::Pid(pid), options) {
            Ok(Some(status)) => Some(match (status.exit_status(), status.terminating_signal()) {
                (_, Some(signal)) => format!("signal: {signal}"),
                (Some(code), None) => format!("exit status: {code}"),
                (None, None) => "ended".into(),
            }),
            Ok(None) => None,
            // Not a child of ours any more: reaped.
            Err(_) => Some("ended".into()),
        }
    }

    /// Kills the engine's group (the engine, not yet reaped, keeps it its own).
    pub(super) fn kill(id: u32, child: &mut Child) {
        kill_group(id);
        let _ = child.kill();
    }

    pub(super) fn kill_group(id: u32) {
        if let Some(pid) = i32::try_from(id).ok().and_then(Pid::from_raw) {
            let _ = kill_process_group(pid, Signal::KILL);
        }
    }
}

#[cfg(not(unix))]
mod group {
    use std::process::Child;

    pub(super) fn exited(_id: u32, child: &mut Child) -> bool {
        !matches!(child.try_wait(), Ok(None))
    }

    pub(super) fn status(_id: u32, child: &mut Child) -> Option<String> {
        match child.try_wait() {
            Ok(Some(status)) => Some(status.to_string()),
            Ok(None) => None,
            Err(_) => Some("ended".into()),
        }
    }

    pub(super) fn kill(_id: u32, child: &mut Child) {
        let _ = child.kill();
    }

    pub(super) fn kill_group(_id: u32) {}
}

/// The stderr thread: the last lines of `err` into `tail`, until it ends.
fn read_stderr(err: impl Read, tail: &SharedTail) {
    let mut lines = Lines::new(BufReader::new(err), STDERR_BYTES);
    let (lock, ended) = &**tail;
    loop {
        let line = match lines.next_line() {
            Ok(Some(Line::Text(text) | Line::TooLong(text))) if text.trim().is_empty() => continue,
            Ok(Some(Line::Text(text) | Line::TooLong(text))) => text,
            Ok(Some(Line::NotText(_))) => "(a line that is not UTF-8)".to_string(),
            Ok(None) | Err(_) => break,
        };
        lock.lock().unwrap_or_else(PoisonError::into_inner).push(line);
    }
    lock.lock().unwrap_or_else(PoisonError::into_inner).closed = true;
    ended.notify_all();
}

/// The reader thread: lines of `out` into `tx` until the output closes or
/// the receiver goes.
fn read_lines(out: impl Read, tx: &SyncSender<Event>) {
    let mut lines = Lines::new(BufReader::with_capacity(64 * 1024, out), MAX_LINE);
    loop {
        let event = match lines.next_line() {
            Ok(Some(Line::Text(text))) => Event::Line(text),
            Ok(Some(Line::TooLong(start))) => Event::TooLong(start),
            Ok(Some(Line::NotText(_))) => Event::NotText,
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
    fn the_stderr_tail_is_bounded_by_lines_and_bytes() {
        let mut tail = Tail::default();
        for i in 0..100 {
            tail.push(format!("line {i}"));
        }
        assert_eq!(tail.lines.len(), STDERR_LINES);
        assert_eq!(tail.lines.back().map(String::as_str), Some("line 99"));
        tail.push("é".repeat(STDERR_BYTES));
        // A line over the bound is cut at a character boundary, alone.
        assert_eq!(tail.lines.len(), 1);
        assert_eq!(tail.bytes, STDERR_BYTES);
        assert!(tail.lines[0].len() <= STDERR_BYTES && tail.lines[0].chars().all(|c| c == 'é'));
        tail.push("next".into());
        assert!(tail.bytes <= STDERR_BYTES && tail.lines.back().map(String::as_str) == Some("next"));
    }

    #[cfg(unix)]
    #[test]
    fn the_exchange_log_holds_every_line_with_its_game() {
        let path = std::env::temp_dir().join(format!("reversi-exchange-{}.log", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let log = ExchangeLog::create(&path).expect("a log file");
        let mut echo = Process::spawn(&["cat".into()], None).expect("cat");
        echo.log_to(Some(log.clone()));
        let deadline = Instant::now() + Duration::from_secs(10);
        echo.send("hello").expect("sent");
        assert_eq!(echo.recv(deadline).expect("echoed"), "hello");
        echo.set_game(2);
        echo.send("genmove b").expect("sent");
        assert_eq!(echo.recv(deadline).expect("echoed"), "genmove b");
        drop(echo);
        // A second process appends to the same file.
        let mut other = Process::spawn(&["cat".into()], None).expect("cat");
        other.log_to(Some(log));
        other.set_game(0);
        other.send("quit").expect("sent");
        drop(other);
        let text = std::fs::read_to_string(&path).expect("the log");
        let _ = std::fs::remove_file(&path);
        assert_eq!(text, "- > hello\n- < hello\n3 > genmove b\n3 < genmove b\n1 > quit\n");
    }

    #[test]
    fn a_missing_program_is_a_spawn_fault() {
        let err = Process::spawn(&["/nonexistent/engine".into()], None).unwrap_err();
        assert!(matches!(err, Fault::Spawn { .. }), "{err}");
        assert!(matches!(Process::spawn(&[], None).unwrap_err(), Fault::Spawn { .. }));
    }
}
