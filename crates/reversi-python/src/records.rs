//! `reversi_rules.read`: the games of a record file, through reversi-notation.

use std::collections::VecDeque;
use std::io::{BufRead, Cursor};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, TryLockError};

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use reversi_notation::{Passes, Ply, ReadOptions, Reader, Record, RecordError};

use crate::errors::record_error;
use crate::position::{PositionArg, PyPosition};

/// A reader of any source.
pub(crate) type BoxedReader = Reader<Box<dyn BufRead + Send>>;

/// One game of a record file (reversi-notation's `Record`).
#[pyclass(module = "reversi_rules", name = "Record", frozen)]
pub(crate) struct PyRecord {
    record: Record,
}

impl PyRecord {
    /// A game of `record`.
    pub(crate) const fn from_record(record: Record) -> PyRecord {
        PyRecord { record }
    }

    /// The record.
    pub(crate) fn record(&self) -> &Record {
        &self.record
    }
}

#[pymethods]
impl PyRecord {
    /// A game to write: its moves (`"f5"`, `"a1c3"`, `"pass"`) from the start
    /// of `variant` on `board` (or from `start`), with the header fields
    /// given. The moves are read, not replayed: `plies()` checks them.
    #[new]
    #[pyo3(signature = (moves=Vec::new(), *, variant="reversi", board="8x8", holes=Vec::new(), first="black",
                        start=None, black=None, white=None, event=None, date=None, result=None))]
    #[expect(clippy::too_many_arguments, reason = "the record's fields, each a keyword argument in Python")]
    fn new(
        moves: Vec<String>,
        variant: &str,
        board: &str,
        holes: Vec<String>,
        first: &str,
        start: Option<PositionArg<'_>>,
        black: Option<String>,
        white: Option<String>,
        event: Option<String>,
        date: Option<String>,
        result: Option<&str>,
    ) -> PyResult<PyRecord> {
        let pos = match start {
            Some(pos) => pos.get()?,
            None => crate::position::start(variant, board, &holes, first)?,
        };
        let mut record = Record::of(pos.variant(), *pos.geometry());
        record.set_start(pos);
        record.moves = moves.iter().map(|m| crate::position::parse_move(m).map(Ply::new)).collect::<PyResult<_>>()?;
        (record.black, record.white, record.event, record.date) = (black, white, event, date);
        record.result = result.map(str::parse).transpose().map_err(crate::errors::parse_error)?;
        Ok(PyRecord { record })
    }

    /// Black's player, if named.
    #[getter]
    fn black(&self) -> Option<&str> {
        self.record.black.as_deref()
    }

    /// White's player, if named.
    #[getter]
    fn white(&self) -> Option<&str> {
        self.record.white.as_deref()
    }

    /// The event or tournament.
    #[getter]
    fn event(&self) -> Option<&str> {
        self.record.event.as_deref()
    }

    /// The date, as written.
    #[getter]
    fn date(&self) -> Option<&str> {
        self.record.date.as_deref()
    }

    /// The result as written (`"33-31"`, `"+8.5"`), if any.
    #[getter]
    fn result(&self) -> Option<String> {
        self.record.result.as_ref().map(ToString::to_string)
    }

    /// The moves as written (passes where the format writes them).
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.record.moves.iter().map(|p| p.mv.to_string()).collect()
    }

    /// The game of the record: `"reversi"`, `"reversitacks"` or `"attacks"`.
    #[getter]
    fn variant(&self) -> &'static str {
        self.record.variant.name()
    }

    /// Who moves first.
    #[getter]
    fn first(&self) -> &'static str {
        self.record.first_to_move().name()
    }

    /// The start position.
    fn start(&self) -> PyResult<PyPosition> {
        self.record.start_position().map(PyPosition::new).map_err(record_error)
    }

    /// The game replayed: `(before, move, after)` for every ply, forced
    /// passes the record leaves out included. An illegal move raises
    /// `RecordError` saying where it was read.
    fn plies(&self) -> PyResult<Vec<(PyPosition, String, PyPosition)>> {
        let locate = |e: reversi_notation::ReplayError| record_error(e.in_record(&self.record));
        let mut steps = reversi_notation::plies(&self.record, Passes::Infer).map_err(locate)?;
        let mut out = Vec::with_capacity(self.record.moves.len() + 2);
        while let Some(step) = steps.next_ply() {
            let step = step.map_err(locate)?;
            out.push((PyPosition::new(*step.before), step.mv.to_string(), PyPosition::new(*step.after)));
        }
        Ok(out)
    }

    fn __repr__(&self) -> String {
        let text = |s: Option<&str>| s.map_or_else(|| "None".to_owned(), |s| format!("{s:?}"));
        format!(
            "Record(black={}, white={}, result={}, moves={})",
            text(self.black()),
            text(self.white()),
            text(self.result().as_deref()),
            self.record.moves.len()
        )
    }
}

/// The games of a file, one at a time; a game that does not read raises
/// `RecordError` (with `errors="raise"`) and the iteration may go on with the
/// next game, or is skipped (`errors="skip"`).
#[pyclass(module = "reversi_rules")]
pub(crate) struct RecordReader {
    input: Mutex<Input>,
    skip: bool,
}

/// What `read` reads: the reader under way, then the files still to open
/// (the record files of a directory, one after the other).
struct Input {
    current: Option<BoxedReader>,
    pending: VecDeque<PathBuf>,
}

/// Why `RecordReader.__next__` stops: a file of a directory that does not open, or a
/// game's error as its message.
enum Stop {
    Open(RecordError),
    Game(String),
}

#[pymethods]
impl RecordReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<PyRecord>> {
        let skip = self.skip;
        // Not `lock`: a thread waiting for it would hold the GIL that the
        // reading thread needs for a Python file object (a deadlock). Like a
        // generator already running, a second reader is refused.
        let mut guard = match self.input.try_lock() {
            Ok(guard) => guard,
            Err(TryLockError::WouldBlock) => {
                return Err(PyRuntimeError::new_err("the games are being read in another thread"));
            }
            Err(TryLockError::Poisoned(_)) => return Err(record_error("the reader failed in another thread")),
        };
        let input: &mut Input = &mut guard;
        py.detach(|| {
            loop {
                let Some(reader) = input.current.as_mut() else {
                    let Some(path) = input.pending.pop_front() else { return Ok(None) };
                    input.current = Some(reversi_notation::open(&path).map_err(Stop::Open)?);
                    continue;
                };
                match reader.next_record() {
                    None => input.current = None,
                    Some(Ok(record)) => return Ok(Some(PyRecord { record: record.clone() })),
                    Some(Err(e)) if skip && !e.is_fatal() => {}
                    Some(Err(e)) => return Err(Stop::Game(e.to_string())),
                }
            }
        })
        .map_err(|stop| match stop {
            Stop::Open(e) => crate::errors::read_error(&e),
            Stop::Game(message) => record_error(message),
        })
    }
}

/// The games of `source`: a path (the format from the extension, else the
/// content; WTHOR's names from the files beside it), a directory (its record
/// files, as the CLI walks one) or a binary file object (the format from the
/// content).
#[pyfunction]
#[pyo3(signature = (source, errors="raise"))]
pub(crate) fn read(source: &Bound<'_, PyAny>, errors: &str) -> PyResult<RecordReader> {
    let skip = parse_errors(errors)?;
    let input = match directory(source)? {
        Some(dir) => Input { current: None, pending: record_files(&dir)?.into() },
        None => Input { current: Some(open_source(source)?), pending: VecDeque::new() },
    };
    Ok(RecordReader { input: Mutex::new(input), skip })
}

/// `source` when it is the path of a directory.
pub(crate) fn directory(source: &Bound<'_, PyAny>) -> PyResult<Option<PathBuf>> {
    if source.hasattr("read")? {
        return Ok(None);
    }
    Ok(source.extract::<PathBuf>().ok().filter(|path| path.is_dir()))
}

/// The record files under `dir`, as the CLI walks a directory
/// (reversi-notation's `record_files`).
pub(crate) fn record_files(dir: &Path) -> PyResult<Vec<PathBuf>> {
    reversi_notation::record_files(dir).map_err(|e| crate::errors::read_error(&e))
}

/// How many messages of skipped games are kept (`Dataset.errors`, the
/// warnings of `convert`): the first ones; every game skipped is counted.
pub(crate) const KEPT_MESSAGES: usize = 1000;

/// The games skipped (`errors="skip"`): the messages of the first
/// [`KEPT_MESSAGES`], and how many there are in all, so that skipping a
/// million bad games holds a thousand messages, not a million.
#[derive(Default)]
pub(crate) struct Skipped {
    messages: Vec<String>,
    count: usize,
}

impl Skipped {
    /// One more game skipped, with its message (made only when kept).
    pub(crate) fn push(&mut self, message: impl FnOnce() -> String) {
        if self.messages.len() < KEPT_MESSAGES {
            self.messages.push(message());
        }
        self.count += 1;
    }

    /// The messages kept: the first games'.
    pub(crate) fn messages(&self) -> &[String] {
        &self.messages
    }

    /// The games skipped, every one.
    pub(crate) fn count(&self) -> usize {
        self.count
    }

    /// As warnings: `skipped: MESSAGE` for each message kept, then, when
    /// some were not kept, how many more games were skipped.
    pub(crate) fn warnings(&self) -> impl Iterator<Item = String> + '_ {
        let rest = self.count - self.messages.len();
        let summary = (rest > 0).then(|| {
            format!(
                "skipped: {rest} more games that did not read ({} in all; the messages of the first {} are above)",
                self.count,
                self.messages.len()
            )
        });
        self.messages.iter().map(|m| format!("skipped: {m}")).chain(summary)
    }
}

/// Whether `errors` (`"raise"` or `"skip"`) says to skip a game that does not read.
pub(crate) fn parse_errors(errors: &str) -> PyResult<bool> {
    match errors {
        "raise" => Ok(false),
        "skip" => Ok(true),
        other => {
            Err(pyo3::exceptions::PyValueError::new_err(format!("errors must be \"raise\" or \"skip\", not {other:?}")))
        }
    }
}

/// The reader of `source`: a path through reversi-notation's `open`, or a
/// binary (or text) file object read whole, its format from the content.
pub(crate) fn open_source(source: &Bound<'_, PyAny>) -> PyResult<BoxedReader> {
    Ok(if source.hasattr("read")? {
        let data = source.call_method0("read")?;
        let bytes: Vec<u8> = match data.extract::<String>() {
            Ok(text) => text.into_bytes(),
            Err(_) => data.extract()?,
        };
        let name: Option<String> = source.getattr("name").ok().and_then(|n| n.extract().ok());
        let boxed: Box<dyn BufRead + Send> = Box::new(Cursor::new(bytes));
        let reader = Reader::sniffed(boxed, ReadOptions::new()).map_err(record_error)?;
        match name {
            Some(name) => reader.named(name),
            None => reader,
        }
    } else {
        let path: std::path::PathBuf = source.extract()?;
        reversi_notation::open(&path).map_err(|e| crate::errors::read_error(&e))?
    })
}
