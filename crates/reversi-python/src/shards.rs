//! `reversi_rules.perft` and `reversi_rules.shards`: the split count of
//! reversi-variants (`reversi_variants::split`: the counter) and its
//! distributed count (`reversi_variants::shards`: plans, shards, results and
//! their merge), the ones the `reversi` CLI runs, with the GIL released
//! while counting. The Dask driver (`reversi_rules.distributed`) runs on
//! these.

use std::path::{Path, PathBuf};

use pyo3::exceptions::{PyMemoryError, PyOverflowError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use reversi_variants::shards::{
    Destination, MergeError as RustMergeError, MergeInput, Merged, PlanError as RustPlanError, PlanHeader, Shard,
    ShardError, ShardOptions, ShardResult as RustShardResult, ShardResultFields,
};
use reversi_variants::split::{Counter, CounterError, DeepOptions, MAX_DEPTH};

use crate::args::{BackendArg, FilePath, Unsigned};
use crate::errors::{self, Kind, destination_error, os_error};
use crate::interrupt::interruptible;
use crate::position::{PositionArg, PyPosition};

/// Adds the exceptions, classes and functions of the split count.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PlanInfo>()?;
    m.add_class::<ShardResult>()?;
    m.add_class::<MergedCount>()?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(write_plan, m)?)?;
    m.add_function(wrap_pyfunction!(read_plan, m)?)?;
    m.add_function(wrap_pyfunction!(count_shard, m)?)?;
    m.add_function(wrap_pyfunction!(read_result, m)?)?;
    m.add_function(wrap_pyfunction!(merge, m)?)?;
    Ok(())
}

fn plan_error(error: RustPlanError) -> PyErr {
    match &error {
        RustPlanError::Io { file, source } => os_error(file, source),
        RustPlanError::Perft(e) => PyValueError::new_err(e.to_string()),
        RustPlanError::Memory { .. } => PyMemoryError::new_err(error.to_string()),
        RustPlanError::Destination(e) => destination_error(e),
        _ => errors::error(Kind::Plan, error.to_string()),
    }
}

fn merge_error(error: RustMergeError) -> PyErr {
    match &error {
        RustMergeError::Io { file, source } => os_error(file, source),
        RustMergeError::Overflow => PyOverflowError::new_err(error.to_string()),
        _ => errors::error(Kind::Merge, error.to_string()),
    }
}

fn counter_error(error: CounterError) -> PyErr {
    match error {
        CounterError::Table { .. } => PyMemoryError::new_err(error.to_string()),
        _ => PyValueError::new_err(error.to_string()),
    }
}

fn shard_error(error: ShardError) -> PyErr {
    match error {
        ShardError::Plan(e) => plan_error(e),
        ShardError::Counter(e) => counter_error(e),
        ShardError::Perft(e) => PyValueError::new_err(e.to_string()),
        ShardError::Destination(e) => destination_error(&e),
        ShardError::Overflow { .. } => PyOverflowError::new_err(error.to_string()),
        e => errors::error(Kind::Plan, e.to_string()),
    }
}

/// The options of `hash_mib`, `hash_seed`, `threads` (`None`: no table,
/// seed 0, one thread) and `backend`.
fn options(
    hash_mib: Option<usize>,
    hash_seed: Option<u64>,
    threads: Option<usize>,
    backend: BackendArg,
) -> DeepOptions {
    DeepOptions::new()
        .hash_mib(hash_mib.unwrap_or(0))
        .hash_seed(hash_seed.unwrap_or(0))
        .threads(threads.unwrap_or(1))
        .backend(backend.get())
}

/// A plan's header and digest.
#[pyclass(module = "reversi_rules.shards", name = "PlanInfo", frozen, eq)]
#[derive(Clone, PartialEq)]
pub(crate) struct PlanInfo {
    /// The plan's digest.
    #[pyo3(get)]
    digest: String,
    start: reversi_variants::Position,
    /// The depth counted.
    #[pyo3(get)]
    depth: u32,
    /// The ply of the plan's positions.
    #[pyo3(get)]
    split: u32,
    /// The distinct positions (the plan's lines).
    #[pyo3(get)]
    positions: u64,
    /// The paths to them (their multiplicities summed).
    #[pyo3(get)]
    paths: u64,
    /// The games over before the split ply (one leaf each, counted by shard 0).
    #[pyo3(get)]
    finished: u64,
    header: PlanHeader,
}

impl PlanInfo {
    fn new(header: &PlanHeader, digest: &str) -> PlanInfo {
        PlanInfo {
            header: header.clone(),
            digest: digest.to_string(),
            start: header.start,
            depth: header.depth,
            split: header.split,
            positions: header.positions,
            paths: header.paths,
            finished: header.finished,
        }
    }
}

#[pymethods]
impl PlanInfo {
    /// The position the count starts from.
    #[getter]
    fn start(&self) -> PyPosition {
        PyPosition::new(self.start)
    }

    /// The game: `"reversi"`, `"reversitacks"` or `"attacks"`.
    #[getter]
    fn variant(&self) -> &'static str {
        self.start.variant().name()
    }

    /// The board, as `board=` takes it (`"8x8"`).
    #[getter]
    fn board(&self) -> String {
        self.start.geometry().to_string()
    }

    /// The most shards the plan can be cut into: its positions (1 if none),
    /// at most 2**20.
    #[getter]
    fn max_shards(&self) -> u32 {
        self.header.max_shards()
    }

    /// `shards`, checked against `max_shards`: raises `PlanError` naming the
    /// bound for 0 or more than `max_shards`.
    fn check_shards(&self, shards: i128) -> PyResult<u32> {
        let count = u64::try_from(shards.max(0)).unwrap_or(u64::MAX);
        self.header.check_shards(count).map_err(|e| errors::error(Kind::Plan, format!("shards: {e}")))
    }

    fn __repr__(&self) -> String {
        format!(
            "PlanInfo(digest={:?}, variant={:?}, board={:?}, depth={}, split={}, positions={}, paths={}, finished={})",
            self.digest,
            self.variant(),
            self.board(),
            self.depth,
            self.split,
            self.positions,
            self.paths,
            self.finished
        )
    }
}

/// One shard's count of a plan, as its result file holds it.
#[pyclass(module = "reversi_rules.shards", name = "ShardResult", frozen, eq)]
#[derive(Clone, PartialEq)]
pub(crate) struct ShardResult(RustShardResult);

/// The fields of a result as Python gives them: (plan, variant, board,
/// depth, split, shard, shards, hash_seed, positions, leaves, seconds).
type Fields = (String, String, String, u32, u32, u32, u32, u64, u64, u64, f64);

#[pymethods]
impl ShardResult {
    /// A result from its fields, checked as a result file's are; raises
    /// `MergeError` naming the field at fault.
    #[new]
    #[pyo3(signature = (plan, variant, board, depth, split, shard, shards, hash_seed, positions, leaves, seconds))]
    #[allow(clippy::too_many_arguments)] // the fields of one result, as pickle gives them back
    fn new(
        plan: String,
        variant: String,
        board: String,
        depth: Unsigned<u32>,
        split: Unsigned<u32>,
        shard: Unsigned<u32>,
        shards: Unsigned<u32>,
        hash_seed: Unsigned<u64>,
        positions: Unsigned<u64>,
        leaves: Unsigned<u64>,
        seconds: f64,
    ) -> PyResult<ShardResult> {
        let depth = depth.get();
        let split = split.get();
        let shard = shard.get();
        let shards = shards.get();
        let hash_seed = hash_seed.get();
        let positions = positions.get();
        let leaves = leaves.get();
        let fields = ShardResultFields {
            plan,
            variant,
            board,
            depth,
            split,
            shard,
            shards,
            hash_seed,
            positions,
            leaves,
            seconds,
        };
        RustShardResult::try_from(fields)
            .map(ShardResult)
            .map_err(|e| errors::error(Kind::Merge, format!("ShardResult: {e}")))
    }

    /// The digest of the plan counted.
    #[getter]
    fn plan(&self) -> &str {
        self.0.plan()
    }
    /// The game.
    #[getter]
    fn variant(&self) -> &str {
        self.0.variant()
    }
    /// The board.
    #[getter]
    fn board(&self) -> &str {
        self.0.board()
    }
    /// The depth counted.
    #[getter]
    fn depth(&self) -> u32 {
        self.0.depth()
    }
    /// The plan's split ply.
    #[getter]
    fn split(&self) -> u32 {
        self.0.split()
    }
    /// This shard's index (from 0).
    #[getter]
    fn shard(&self) -> u32 {
        self.0.shard().index()
    }
    /// The number of shards the plan was cut into.
    #[getter]
    fn shards(&self) -> u32 {
        self.0.shard().count()
    }
    /// The table key seed of the count.
    #[getter]
    fn hash_seed(&self) -> u64 {
        self.0.hash_seed()
    }
    /// The plan's positions this shard counted.
    #[getter]
    fn positions(&self) -> u64 {
        self.0.positions()
    }
    /// The leaves counted.
    #[getter]
    fn leaves(&self) -> u64 {
        self.0.leaves()
    }
    /// The count's wall time.
    #[getter]
    fn seconds(&self) -> f64 {
        self.0.seconds()
    }

    /// The result file's line (no newline).
    fn to_json(&self) -> String {
        self.0.to_json()
    }

    /// Reads a result file's line; raises `MergeError` when it is none.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<ShardResult> {
        RustShardResult::from_json(text, Path::new("<text>")).map(ShardResult).map_err(merge_error)
    }

    fn __repr__(&self) -> String {
        let (plan, variant, board, depth, split, shard, shards, hash_seed, positions, leaves, seconds) = self.fields();
        format!(
            "ShardResult(plan={plan:?}, variant={variant:?}, board={board:?}, depth={depth}, split={split}, \
             shard={shard}, shards={shards}, hash_seed={hash_seed}, positions={positions}, leaves={leaves}, \
             seconds={seconds:?})"
        )
    }

    /// Pickled as its fields, typed (no text): rebuilt by the constructor.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let args = slf.get().fields().into_pyobject(slf.py())?;
        Ok((slf.get_type().into_any(), args))
    }
}

impl ShardResult {
    /// The fields, in the constructor's order.
    fn fields(&self) -> Fields {
        let f = self.0.fields();
        (
            f.plan.clone(),
            f.variant.clone(),
            f.board.clone(),
            f.depth,
            f.split,
            f.shard,
            f.shards,
            f.hash_seed,
            f.positions,
            f.leaves,
            f.seconds,
        )
    }
}

/// The merged count of every shard of one plan.
#[pyclass(module = "reversi_rules.shards", name = "Merged", frozen)]
pub(crate) struct MergedCount(Merged);

#[pymethods]
impl MergedCount {
    /// The digest of the plan.
    #[getter]
    fn plan(&self) -> &str {
        self.0.plan()
    }
    /// The depth counted.
    #[getter]
    fn depth(&self) -> u32 {
        self.0.depth()
    }
    /// The number of shards merged.
    #[getter]
    fn shards(&self) -> u32 {
        self.0.shards()
    }
    /// perft(depth): the leaves of every shard summed.
    #[getter]
    fn leaves(&self) -> u64 {
        self.0.leaves()
    }
    /// The shards' wall times summed.
    #[getter]
    fn seconds(&self) -> f64 {
        self.0.seconds()
    }
    /// The slowest shard's wall time.
    #[getter]
    fn max_seconds(&self) -> f64 {
        self.0.max_seconds()
    }
    /// The shards' mean wall time.
    #[getter]
    fn mean_seconds(&self) -> f64 {
        self.0.mean_seconds()
    }
    /// The slowest shard's time over the mean (1.0: perfectly balanced).
    #[getter]
    fn balance(&self) -> f64 {
        self.0.balance()
    }

    fn __repr__(&self) -> String {
        format!(
            "Merged(plan={:?}, depth={}, shards={}, leaves={}, seconds={:.3}, balance={:.2})",
            self.0.plan(),
            self.0.depth(),
            self.0.shards(),
            self.0.leaves(),
            self.0.seconds(),
            self.0.balance()
        )
    }
}

/// Leaves at `depth` plies (a pass is a ply, a finished game one leaf), by
/// the split count: with `hash_mib` a table of that many MiB, with `threads`
/// that many threads, equal positions a few plies down merged and counted
/// once; `hash_seed` keys the table (the same count under any seed). The
/// bounds are the CLI's: `depth` at most 60, `threads` 1 to 1024; `backend`
/// the move generator's build (the CLI's `--backend`). The GIL is
/// released while counting, and Ctrl-C stops the count (`KeyboardInterrupt`).
#[pyfunction]
#[pyo3(
    signature = (position, depth, hash_mib=None, threads=None, *, hash_seed=None, backend=BackendArg::auto()),
    text_signature = "(position, depth, hash_mib=None, threads=None, *, hash_seed=None, backend='auto')"
)]
pub(crate) fn perft(
    py: Python<'_>,
    position: PositionArg<'_>,
    depth: Unsigned<u32>,
    hash_mib: Option<Unsigned<usize>>,
    threads: Option<Unsigned<usize>>,
    hash_seed: Option<Unsigned<u64>>,
    backend: BackendArg,
) -> PyResult<u64> {
    let depth = depth.get();
    let hash_mib = hash_mib.map(Unsigned::get);
    let threads = threads.map(Unsigned::get);
    let hash_seed = hash_seed.map(Unsigned::get);
    let pos = position.get()?;
    interruptible(py, |cancel| {
        let counter = Counter::new(&pos, options(hash_mib, hash_seed, threads, backend))
            .map_err(counter_error)?
            .with_cancel(cancel.clone());
        let split = counter.count(&pos, depth, false);
        split.map(|split| split.total).map_err(|e| PyValueError::new_err(e.to_string()))
    })?
}

/// Writes the plan of `position` at `depth` split at ply `split` to `path`,
/// all or nothing; gives its header and digest.
#[pyfunction]
pub(crate) fn write_plan(
    py: Python<'_>,
    path: FilePath,
    position: PositionArg<'_>,
    depth: Unsigned<u32>,
    split: Unsigned<u32>,
) -> PyResult<PlanInfo> {
    let (path, depth, split) = (path.get(), depth.get(), split.get());
    if depth > MAX_DEPTH {
        let too_deep = reversi_variants::PerftError::TooDeep { depth, max: MAX_DEPTH };
        return Err(PyValueError::new_err(too_deep.to_string()));
    }
    let pos = position.get()?;
    let to = Destination::new(path);
    let plan = py.detach(|| reversi_variants::shards::write_plan(&pos, depth, split, &to)).map_err(plan_error)?;
    Ok(PlanInfo::new(plan.header(), plan.digest()))
}

/// Reads and checks the plan `path` (header, line count, digest): its header
/// and digest.
#[pyfunction]
pub(crate) fn read_plan(py: Python<'_>, path: PathBuf) -> PyResult<PlanInfo> {
    let (header, digest) = py.detach(|| reversi_variants::shards::read_plan_header(&path)).map_err(plan_error)?;
    Ok(PlanInfo::new(&header, &digest))
}

/// Counts shard `shard` of `shards` of the plan `plan` (read and checked),
/// writing its result to `output` all or nothing when given.
#[pyfunction]
#[pyo3(
    signature = (plan, shard, shards, *, hash_mib=None, threads=None, output=None, hash_seed=None, backend=BackendArg::auto()),
    text_signature = "(plan, shard, shards, *, hash_mib=None, threads=None, output=None, hash_seed=None, backend='auto')"
)]
#[allow(clippy::too_many_arguments)] // keyword arguments of one Python call
pub(crate) fn count_shard(
    py: Python<'_>,
    plan: PathBuf,
    shard: Unsigned<u64>,
    shards: Unsigned<u64>,
    hash_mib: Option<Unsigned<usize>>,
    threads: Option<Unsigned<usize>>,
    output: Option<FilePath>,
    hash_seed: Option<Unsigned<u64>>,
    backend: BackendArg,
) -> PyResult<ShardResult> {
    let output = output.map(FilePath::get);
    let shard = shard.get();
    let shards = shards.get();
    let hash_mib = hash_mib.map(Unsigned::get);
    let threads = threads.map(Unsigned::get);
    let hash_seed = hash_seed.map(Unsigned::get);
    // Out of u32, I/N is refused as the CLI's --shard refuses it.
    let shard = format!("{shard}/{shards}").parse::<Shard>().map_err(|e| errors::error(Kind::Plan, e.to_string()))?;
    let output = output.map(Destination::new);
    let counted = interruptible(py, |cancel| {
        let options = ShardOptions::new(options(hash_mib, hash_seed, threads, backend)).cancel(cancel.clone());
        reversi_variants::shards::count_shard(&plan, shard, options, output.as_ref()).map_err(shard_error)
    })?;
    counted.map(ShardResult)
}

/// Reads one shard's result file.
#[pyfunction]
pub(crate) fn read_result(path: PathBuf) -> PyResult<ShardResult> {
    reversi_variants::shards::read_result(&path).map(ShardResult).map_err(merge_error)
}

/// Checks that `paths` are the results of every shard of one plan, each
/// once, and sums them; a temporary file of a write (`.NAME.tmp-PID`) is
/// refused unread (the library's `merge`).
#[pyfunction]
pub(crate) fn merge(py: Python<'_>, results: Vec<Bound<'_, PyAny>>) -> PyResult<MergedCount> {
    // In order: a result held (`ShardResult`, a Dask task's) as it is; a
    // path to read.
    let mut given: Vec<MergeInput> = Vec::with_capacity(results.len());
    for item in &results {
        given.push(match item.cast::<ShardResult>() {
            Ok(held) => MergeInput::Held(held.get().0.clone()),
            Err(_) => MergeInput::File(item.extract::<PathBuf>()?),
        });
    }
    py.detach(|| reversi_variants::shards::merge(given)).map(MergedCount).map_err(merge_error)
}
