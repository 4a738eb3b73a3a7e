//! Counting one shard of a plan: [`count_shard`], the step every front end
//! runs (`reversi perft --plan FILE --shard I/N`, the Python package's
//! `count_shard` and its Dask tasks).
//!
//! A shard reads the plan ([`read_plan`]: its digest checked), counts its
//! positions to the remaining depth with one [`Counter`] (one expansion below
//! all of them, merged, on one pool with one table), each count times its
//! multiplicity, shard 0 adding the plan's `finished` games, and writes its
//! [`ShardResult`] as one line of JSON to a [`Destination`], all or nothing.

use std::path::Path;
use std::time::Instant;

use super::destination::Destination;
use super::error::ShardError;
use super::plan::{Shard, ShardPlan, read_plan};
use super::result::{ShardResult, ShardResultFields};
use crate::split::{Cancel, Counter, DeepOptions, Progress};

/// A callback of [`ShardOptions::progress`].
type Report = Box<dyn Fn(&Progress) + Send + Sync>;

/// How [`count_shard`] counts: the [`Counter`]'s options, the depth the
/// caller expects, a [`Cancel`] token and a progress callback.
///
/// ```
/// use reversi_variants::shards::ShardOptions;
/// use reversi_variants::split::{Cancel, DeepOptions};
/// let options = ShardOptions::new(DeepOptions::new().threads(2)).depth(9).cancel(Cancel::new());
/// # let _ = options;
/// ```
#[derive(Default)]
pub struct ShardOptions {
    counter: DeepOptions,
    depth: Option<u32>,
    cancel: Option<Cancel>,
    report: Option<Report>,
}

impl std::fmt::Debug for ShardOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ShardOptions")
            .field("counter", &self.counter)
            .field("depth", &self.depth)
            .field("cancel", &self.cancel)
            .field("progress", &self.report.is_some())
            .finish()
    }
}

impl ShardOptions {
    /// Counts with a [`Counter`] of `counter`'s options, whatever the plan's
    /// depth, without a token or progress.
    #[must_use]
    pub fn new(counter: DeepOptions) -> ShardOptions {
        ShardOptions { counter, ..ShardOptions::default() }
    }

    /// Refuses a plan of another depth than `depth`
    /// ([`ShardError::Depth`]), before counting.
    #[must_use]
    pub const fn depth(mut self, depth: u32) -> ShardOptions {
        self.depth = Some(depth);
        self
    }

    /// Stops the count when `cancel` is set ([`Counter::with_cancel`]).
    #[must_use]
    pub fn cancel(mut self, cancel: Cancel) -> ShardOptions {
        self.cancel = Some(cancel);
        self
    }

    /// Calls `report` with the count's progress ([`Counter::with_progress`]).
    #[must_use]
    pub fn progress(mut self, report: impl Fn(&Progress) + Send + Sync + 'static) -> ShardOptions {
        self.report = Some(Box::new(report));
        self
    }
}

/// Counts shard `shard` of the plan file `plan` with `options`, and writes
/// its result (one line of JSON and a newline) to `output` when given, all
/// or nothing ([`Destination`]); gives the result. Before anything is
/// counted: the output is checked to name a file other than the plan and
/// not to be named as a temporary file, the plan is read (only `shard`'s
/// positions held, the digest checked) and its depth checked against
/// [`ShardOptions::depth`], and the counter's table and pool are made.
///
/// # Errors
/// [`ShardError::Destination`] when `output` names no file, is named as a
/// temporary file, or cannot be written (it is then as it was),
/// [`ShardError::OutputIsPlan`] when `output` is the plan's file,
/// [`ShardError::Plan`] when the plan does not read,
/// [`ShardError::Depth`] for another depth than asked,
/// [`ShardError::Counter`] when the counter cannot be made,
/// [`ShardError::Perft`] when the count is cancelled,
/// [`ShardError::Overflow`] when the leaves do not fit in 64 bits.
pub fn count_shard(
    plan: &Path,
    shard: Shard,
    options: ShardOptions,
    output: Option<&Destination>,
) -> Result<ShardResult, ShardError> {
    if let Some(output) = output {
        output.check()?;
        if std::fs::canonicalize(plan).ok().is_some_and(|p| std::fs::canonicalize(output.path()).ok() == Some(p)) {
            return Err(ShardError::OutputIsPlan { file: output.path().to_path_buf() });
        }
    }
    let shard_plan = read_plan(plan, shard)?;
    let depth = shard_plan.header().depth;
    if let Some(expected) = options.depth.filter(|&d| d != depth) {
        return Err(ShardError::Depth { file: plan.to_path_buf(), expected, found: depth });
    }
    let mut counter = Counter::new(&shard_plan.header().start, options.counter)?;
    if let Some(cancel) = options.cancel {
        counter = counter.with_cancel(cancel);
    }
    if let Some(report) = options.report {
        counter = counter.with_progress(report);
    }
    let result = shard_plan.count(&counter)?;
    if let Some(output) = output {
        output.write(|file| writeln!(file, "{}", result.to_json()))?;
    }
    Ok(result)
}

impl ShardPlan {
    /// Counts the shard's positions to the plan's remaining depth with
    /// `counter` (made for the plan's start), timing the count alone.
    ///
    /// # Errors
    /// [`ShardError::Overflow`] when the leaves do not fit in 64 bits,
    /// [`ShardError::Perft`] for a depth past the deepest count or a count
    /// cancelled.
    pub fn count(&self, counter: &Counter) -> Result<ShardResult, ShardError> {
        let header = &self.header;
        let (units, multiplicities): (Vec<_>, Vec<u64>) = self.units.iter().copied().unzip();
        let clock = Instant::now();
        let counts = counter.count_each(&units, header.depth - header.split)?;
        let seconds = clock.elapsed().as_secs_f64();
        let finished = if self.shard.index() == 0 { header.finished } else { 0 };
        let leaves = counts
            .iter()
            .zip(&multiplicities)
            .try_fold(finished, |sum, (&n, &m)| sum.checked_add(n.checked_mul(m)?).filter(|_| n != u64::MAX))
            .ok_or(ShardError::Overflow { shard: self.shard.index() })?;
        let fields = ShardResultFields {
            plan: self.digest.clone(),
            variant: header.start.variant().name().to_string(),
            board: header.start.geometry().to_string(),
            depth: header.depth,
            split: header.split,
            shard: self.shard.index(),
            shards: self.shard.count(),
            hash_seed: counter.options().seed(),
            positions: units.len() as u64,
            leaves,
            seconds: (seconds * 1e6).round() / 1e6,
        };
        Ok(ShardResult::counted(fields))
    }
}
