//! `reversi_rules.dataset`: every position of every game of record files as
//! NumPy rows, a chunk at a time.
//!
//! The games come through reversi-notation's one way in (`records::open_source`:
//! `open` for paths), are replayed by its `plies` (forced passes inferred), and
//! the symmetries are the engine's: reversi-core's `Position::transform` on
//! hole-free 8x8 Reversi, reversi-variants' `Position::transform` and
//! `Geometry::map` elsewhere. Memory is bounded: a chunk's rows, plus one
//! game's rows (times the symmetries) held over for the next chunk.
//!
//! With `solve_empties=N`, the rows of positions with at most N empty
//! squares get their exact value (`"exact"`), by reversi-solve's batch
//! (`solve_many`) over a chunk's positions at once, each ply's position
//! solved once for all its symmetric images.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, TryLockError};

use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use reversi_engine::env::{Encoding, planes, planes8};
use reversi_notation::{Location, Passes, Record};
use reversi_solve::{SolveError, SolveOptions};
use reversi_variants::{Color, Geometry, Move, Position, Symmetry, Variant};

use crate::args::{BackendArg, Unsigned};
use crate::errors::record_error;
use crate::interrupt::{Cancel, interruptible};
use crate::position::{parse_geometry, parse_variant};
use crate::records::{BoxedReader, Skipped, directory, open_source, parse_errors, record_files};
use crate::solve::{options, threads_or_cores};

/// The rows of a chunk, column by column.
#[derive(Default)]
struct Columns {
    /// `uint8 (rows, 2, H, W)` (planes layout).
    planes: Vec<u8>,
    /// `uint64 (rows, 2)` (bitboards layout).
    bits: Vec<u64>,
    action: Vec<i64>,
    side: Vec<u8>,
    margin: Vec<f32>,
    /// The exact score for the side to move; NaN when not solved.
    exact: Vec<f32>,
    ply: Vec<i32>,
    game: Vec<i64>,
    symmetry: Vec<u8>,
}

impl Columns {
    fn rows(&self) -> usize {
        self.action.len()
    }

    fn append(&mut self, other: &mut Columns) {
        self.planes.append(&mut other.planes);
        self.bits.append(&mut other.bits);
        self.action.append(&mut other.action);
        self.side.append(&mut other.side);
        self.margin.append(&mut other.margin);
        self.exact.append(&mut other.exact);
        self.ply.append(&mut other.ply);
        self.game.append(&mut other.game);
        self.symmetry.append(&mut other.symmetry);
    }

    /// The first `rows` rows, the rest kept.
    fn take(&mut self, rows: usize, per_planes: usize, per_bits: usize) -> Columns {
        fn front<T>(v: &mut Vec<T>, n: usize) -> Vec<T> {
            let rest = v.split_off(n.min(v.len()));
            std::mem::replace(v, rest)
        }
        Columns {
            planes: front(&mut self.planes, rows * per_planes),
            bits: front(&mut self.bits, rows * per_bits),
            action: front(&mut self.action, rows),
            side: front(&mut self.side, rows),
            margin: front(&mut self.margin, rows),
            exact: front(&mut self.exact, rows),
            ply: front(&mut self.ply, rows),
            game: front(&mut self.game, rows),
            symmetry: front(&mut self.symmetry, rows),
        }
    }
}

/// The game and board every row of a dataset shares.
#[derive(Clone, Copy)]
struct Board {
    variant: Variant,
    geometry: Geometry,
}

impl Board {
    fn encoding(&self) -> Encoding {
        Encoding::new(self.variant, &self.geometry)
    }
}

/// What the iteration has read so far.
struct State {
    sources: VecDeque<Py<PyAny>>,
    reader: Option<BoxedReader>,
    board: Option<Board>,
    pending: Columns,
    /// Positions of `pending` to solve: the first row (an index into
    /// `pending`), the rows (one a symmetry), the position. Solved before
    /// any row is handed out, so the indices hold.
    to_label: Vec<(usize, usize, Position)>,
}

/// The rows of record files, a chunk at a time (see the stubs).
///
/// `__next__` holds `state` while it reads without the GIL and takes the GIL
/// back before letting it go: a thread that waited for `state` with the GIL
/// held would wait for ever, so `__next__` only tries it (another thread
/// reading raises, as a running generator does) and the counts and messages
/// live outside it.
#[pyclass(module = "reversi_rules")]
pub(crate) struct Dataset {
    state: Mutex<State>,
    /// Games turned into rows.
    games: AtomicUsize,
    /// Rows handed out.
    rows: AtomicUsize,
    /// The games skipped: the first messages, all counted; held only to
    /// push or copy.
    errors: Mutex<Skipped>,
    chunk: usize,
    augment: bool,
    bitboards: bool,
    skip: bool,
    /// `solve_empties`: rows of at most this many empties get `exact`.
    solve_empties: Option<usize>,
    /// The threads `solve_empties`' solves run on.
    solve_threads: usize,
}

/// Where `record` was read, as the start of a message.
fn origin(record: &Record) -> String {
    let Some(o) = &record.origin else { return String::new() };
    let file = o.file.as_deref().unwrap_or("<input>");
    match o.at {
        Location::Text { .. } => format!("{file}:{}: game {}: ", o.at, o.game + 1),
        _ => format!("{file}: {}: game {}: ", o.at, o.game + 1),
    }
}

/// `mv`'s image under `s` on `geometry` (a symmetry of the board).
fn map_move(geometry: &Geometry, s: Symmetry, mv: Move) -> Option<Move> {
    Some(match mv {
        Move::Pass => Move::Pass,
        Move::Place(to) => Move::Place(geometry.map(s, to)?),
        Move::Jump { from, to } => Move::Jump { from: geometry.map(s, from)?, to: geometry.map(s, to)? },
    })
}

/// The side to move's and the opponent's pieces of `pos` as bits `row * W + column`
/// (a board of at most 64 squares).
fn bits_of(pos: &Position) -> [u64; 2] {
    let me = pos.side_to_move();
    let g = pos.geometry();
    [me, me.other()].map(|c| pos.pieces(c).filter_map(|sq| g.index(sq)).fold(0u64, |b, i| b | 1 << i))
}

impl Dataset {
    /// The rows of `record` appended to `out`, all or none. Without
    /// `variant=` and `board=`, the first game turned into rows fixes them: a
    /// game that fails fixes nothing.
    fn add_game(&self, state: &mut State, record: &Record) -> Result<(), String> {
        let board = state.board.unwrap_or(Board { variant: record.variant, geometry: record.geometry });
        if record.variant != board.variant || record.geometry != board.geometry {
            return Err(format!(
                "{}a {} game on {} in a dataset of {} on {} (a dataset holds one variant and board: choose them with variant= and board=)",
                origin(record),
                record.variant.name(),
                record.geometry,
                board.variant.name(),
                board.geometry
            ));
        }
        if self.solve_empties.is_some() && board.variant != Variant::Reversi {
            return Err(format!("{}{}", origin(record), unsolvable(board.variant)));
        }
        if self.bitboards && board.geometry.square_count() > 64 {
            return Err(format!("{}layout=\"bitboards\" takes boards of at most 64 squares", origin(record)));
        }
        let (enc, geometry) = (board.encoding(), board.geometry);
        let symmetries: Vec<Symmetry> =
            if self.augment { geometry.symmetries().collect() } else { vec![Symmetry::Identity] };
        let locate = |e: reversi_notation::ReplayError| e.in_record(record).to_string();
        let mut steps = reversi_notation::plies(record, Passes::Infer).map_err(locate)?;
        let start = record.start_position().map_err(|e| format!("{}{e}", origin(record)))?;
        let (mut rows, mut last) = (Columns::default(), start);
        let game = self.games.load(Ordering::Relaxed) as i64;
        let per = 2 * enc.width() * enc.height();
        let mut buffer = vec![0u8; per];
        let mut to_label = Vec::new();
        while let Some(step) = steps.next_ply() {
            let step = step.map_err(locate)?;
            let before = step.before;
            if self.solve_empties.is_some_and(|n| empties(before) <= n) {
                to_label.push((state.pending.rows() + rows.action.len(), symmetries.len(), *before));
            }
            let core = before.to_othello();
            for &s in &symmetries {
                let mv = map_move(&geometry, s, step.mv)
                    .ok_or_else(|| format!("{}{:?} is not a symmetry of the board", origin(record), s))?;
                let (image, sides) = match core {
                    Some(c) => {
                        let t = c.transform(s);
                        (None, [t.player().0, t.opponent().0])
                    }
                    None => {
                        let t = before
                            .transform(s)
                            .ok_or_else(|| format!("{}{:?} is not a symmetry of the board", origin(record), s))?;
                        (Some(t), [0, 0])
                    }
                };
                if self.bitboards {
                    rows.bits.extend(image.as_ref().map_or(sides, bits_of));
                } else {
                    match &image {
                        Some(t) => planes(t, &mut buffer),
                        None => planes8(sides[0], sides[1], &mut buffer),
                    }
                    rows.planes.extend_from_slice(&buffer);
                }
                rows.action.push(enc.encode(mv) as i64);
                rows.side.push(u8::from(before.side_to_move() == Color::White));
                rows.ply.push(i32::try_from(step.ply - 1).unwrap_or(i32::MAX));
                rows.game.push(game);
                rows.symmetry.push(Symmetry::ALL.iter().position(|&t| t == s).unwrap_or(0) as u8);
            }
            last = *step.after;
        }
        // Black's final margin: the record's result, else the end position's
        // (empties to the winner), else unknown.
        let black = match &record.result {
            Some(result) => result.margin() as f32,
            None if last.is_game_over() => last.score_empties_to_winner().margin(Color::Black) as f32,
            None => f32::NAN,
        };
        rows.margin = rows.side.iter().map(|&white| if white == 1 { -black } else { black }).collect();
        rows.exact = vec![f32::NAN; rows.action.len()];
        state.board = Some(board);
        state.pending.append(&mut rows);
        state.to_label.append(&mut to_label);
        self.games.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }

    /// Reads games into `state.pending` until a chunk is full or the reader
    /// ends, or `cancel` is set (looked at before each game); a game that
    /// does not read or replay raises (the message) unless skipped, when it
    /// is listed in `self.errors`.
    fn fill(&self, state: &mut State, cancel: &Cancel) -> Result<(), String> {
        while state.pending.rows() < self.chunk && !cancel.is_cancelled() {
            let Some(mut reader) = state.reader.take() else { return Ok(()) };
            let outcome = match reader.next_record() {
                None => return Ok(()),
                Some(Ok(record)) => self.add_game(state, record),
                Some(Err(e)) => Err(e.to_string()),
            };
            state.reader = Some(reader);
            if let Err(message) = outcome {
                if !self.skip {
                    return Err(message);
                }
                self.push_error(message);
            }
        }
        Ok(())
    }

    /// Solves the positions of `state.to_label` and writes their rows'
    /// `exact`; those not solved (Ctrl-C, an error) stay to label.
    fn label(&self, state: &mut State, cancel: &Cancel) -> Result<(), String> {
        if state.to_label.is_empty() {
            return Ok(());
        }
        let positions: Vec<Position> = state.to_label.iter().map(|&(_, _, p)| p).collect();
        let options = SolveOptions::new().threads(self.solve_threads).cancel(cancel.clone());
        let answers = reversi_solve::solve_many(&positions, &options).map_err(|e| format!("solve_empties: {e}"))?;
        let mut failed = None;
        let mut left = Vec::new();
        for ((at, count, position), answer) in state.to_label.drain(..).zip(answers) {
            match answer {
                Ok(solution) => state.pending.exact[at..at + count].fill(solution.score as f32),
                Err(e) => {
                    if !matches!(e, SolveError::Cancelled { .. }) {
                        failed.get_or_insert_with(|| format!("solve_empties: {position}: {e}"));
                    }
                    left.push((at, count, position));
                }
            }
        }
        state.to_label = left;
        failed.map_or(Ok(()), Err)
    }

    fn push_error(&self, message: String) {
        self.skip_list().push(|| message);
    }

    fn skip_list(&self) -> std::sync::MutexGuard<'_, Skipped> {
        self.errors.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The first `rows` pending rows as a dict of arrays.
    fn emit<'py>(&self, py: Python<'py>, state: &mut State, rows: usize) -> PyResult<Bound<'py, PyDict>> {
        let (height, width) = state.board.map_or((0, 0), |b| (b.encoding().height(), b.encoding().width()));
        let per_planes = if self.bitboards { 0 } else { 2 * width * height };
        let c = state.pending.take(rows, per_planes, if self.bitboards { 2 } else { 0 });
        self.rows.fetch_add(rows, Ordering::Relaxed);
        let dict = PyDict::new(py);
        if self.bitboards {
            dict.set_item("bitboards", PyArray1::from_vec(py, c.bits).reshape([rows, 2])?)?;
        } else {
            dict.set_item("planes", PyArray1::from_vec(py, c.planes).reshape([rows, 2, height, width])?)?;
        }
        dict.set_item("action", PyArray1::from_vec(py, c.action))?;
        dict.set_item("side", PyArray1::from_vec(py, c.side))?;
        dict.set_item("margin", PyArray1::from_vec(py, c.margin))?;
        if self.solve_empties.is_some() {
            dict.set_item("exact", PyArray1::from_vec(py, c.exact))?;
        }
        dict.set_item("ply", PyArray1::from_vec(py, c.ply))?;
        dict.set_item("game", PyArray1::from_vec(py, c.game))?;
        dict.set_item("symmetry", PyArray1::from_vec(py, c.symmetry))?;
        Ok(dict)
    }
}

impl Dataset {
    /// [`label`](Self::label) with the GIL released, Ctrl-C honoured (the
    /// rows not labelled stay pending: the next `__next__` goes on).
    fn label_all(&self, py: Python<'_>, state: &mut State) -> PyResult<()> {
        if state.to_label.is_empty() {
            return Ok(());
        }
        interruptible(py, |cancel| self.label(state, cancel))?.map_err(PyValueError::new_err)
    }
}

/// The empty squares of `position`.
fn empties(position: &Position) -> usize {
    position.empties()
}

/// Why `solve_empties` refuses a variant.
fn unsolvable(variant: Variant) -> String {
    format!("solve_empties: {} games need not end, so they have no exact value (Reversi only)", variant.name())
}

#[pymethods]
impl Dataset {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let mut guard = match self.state.try_lock() {
            Ok(guard) => guard,
            Err(TryLockError::WouldBlock) => {
                return Err(PyRuntimeError::new_err("the dataset is being read in another thread"));
            }
            Err(TryLockError::Poisoned(_)) => return Err(record_error("the dataset failed in another thread")),
        };
        let state: &mut State = &mut guard;
        loop {
            if state.pending.rows() >= self.chunk {
                self.label_all(py, state)?;
                return self.emit(py, state, self.chunk).map(Some);
            }
            if state.reader.is_none() {
                let Some(source) = state.sources.pop_front() else {
                    let rows = state.pending.rows();
                    self.label_all(py, state)?;
                    return if rows == 0 { Ok(None) } else { self.emit(py, state, rows).map(Some) };
                };
                match open_source(source.bind(py)) {
                    Ok(reader) => state.reader = Some(reader),
                    // With errors="skip", a source that does not open (a
                    // missing file too) is passed over like a bad game.
                    Err(e)
                        if self.skip
                            && (crate::errors::is(py, &e, crate::errors::Kind::Record)
                                || e.is_instance_of::<pyo3::exceptions::PyOSError>(py)) =>
                    {
                        self.push_error(e.value(py).to_string());
                    }
                    Err(e) => return Err(e),
                }
                continue;
            }
            interruptible(py, |cancel| self.fill(state, cancel))?.map_err(record_error)?;
            if state.pending.rows() < self.chunk {
                // The reader ended: on to the next source.
                state.reader = None;
            }
        }
    }

    /// Games turned into rows so far.
    #[getter]
    fn games(&self) -> usize {
        self.games.load(Ordering::Relaxed)
    }

    /// Rows handed out so far.
    #[getter]
    fn rows(&self) -> usize {
        self.rows.load(Ordering::Relaxed)
    }

    /// The messages of the games skipped (`errors="skip"`), each saying
    /// where: the first `KEPT_MESSAGES` (`skipped` counts them all).
    #[getter]
    fn errors(&self) -> Vec<String> {
        self.skip_list().messages().to_vec()
    }

    /// The games skipped so far (`errors="skip"`), every one.
    #[getter]
    fn skipped(&self) -> usize {
        self.skip_list().count()
    }
}

/// The rows of every position of every game of `sources` (see the stubs).
#[pyfunction]
#[pyo3(
    signature = (sources, *, chunk_size=Unsigned(65536), augment=false, layout="planes", errors="raise", variant=None, board=None, holes=Vec::new(), solve_empties=None, solve_threads=None),
    text_signature = "(sources, *, chunk_size=65536, augment=False, layout='planes', errors='raise', variant=None, board=None, holes=..., solve_empties=None, solve_threads=None)"
)]
#[allow(clippy::too_many_arguments)]
pub(crate) fn dataset(
    sources: &Bound<'_, PyAny>,
    chunk_size: Unsigned<usize>,
    augment: bool,
    layout: &str,
    errors: &str,
    variant: Option<&str>,
    board: Option<&str>,
    holes: Vec<String>,
    solve_empties: Option<Unsigned<usize>>,
    solve_threads: Option<Unsigned<usize>>,
) -> PyResult<Dataset> {
    let chunk_size = chunk_size.get();
    if chunk_size == 0 {
        return Err(PyValueError::new_err("chunk_size must be at least 1"));
    }
    let bitboards = match layout {
        "planes" => false,
        "bitboards" => true,
        other => {
            return Err(PyValueError::new_err(format!("layout must be \"planes\" or \"bitboards\", not {other:?}")));
        }
    };
    let skip = parse_errors(errors)?;
    let single = sources.is_instance_of::<PyString>() || sources.hasattr("__fspath__")? || sources.hasattr("read")?;
    let given: Vec<Bound<'_, PyAny>> =
        if single { vec![sources.clone()] } else { sources.try_iter()?.collect::<PyResult<_>>()? };
    // A directory stands for its record files, as on the command line.
    let mut sources = VecDeque::new();
    for source in given {
        match directory(&source)? {
            Some(dir) => {
                for file in record_files(&dir)? {
                    sources.push_back(file.into_pyobject(source.py())?.into_any().unbind());
                }
            }
            None => sources.push_back(source.unbind()),
        }
    }
    let board = match (variant, board) {
        (None, None) if holes.is_empty() => None,
        (v, b) => Some(Board {
            variant: parse_variant(v.unwrap_or("reversi"))?,
            geometry: parse_geometry(b.unwrap_or("8x8"), &holes)?,
        }),
    };
    if bitboards && board.is_some_and(|b| b.geometry.square_count() > 64) {
        return Err(PyValueError::new_err("layout=\"bitboards\" takes boards of at most 64 squares"));
    }
    let solve_empties = solve_empties.map(Unsigned::get);
    if let Some(b) = board.filter(|b| solve_empties.is_some() && b.variant != Variant::Reversi) {
        return Err(PyValueError::new_err(unsolvable(b.variant)));
    }
    let solve_threads = threads_or_cores(solve_threads);
    options(solve_threads, SolveOptions::DEFAULT_HASH_MIB, None, BackendArg::auto())?;
    let state = State { sources, reader: None, board, pending: Columns::default(), to_label: Vec::new() };
    Ok(Dataset {
        state: Mutex::new(state),
        games: AtomicUsize::new(0),
        rows: AtomicUsize::new(0),
        errors: Mutex::new(Skipped::default()),
        chunk: chunk_size,
        augment,
        bitboards,
        skip,
        solve_empties,
        solve_threads,
    })
}
