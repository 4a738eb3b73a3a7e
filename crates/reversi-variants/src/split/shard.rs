//! Counting a shard of a plan, its result (one line of JSON), and the merge
//! of the shards' results.
//!
//! A shard reads the plan ([`read_plan`](super::read_plan): its digest
//! checked), counts its positions to the remaining depth with a
//! [`Counter`] (one expansion below all of them, merged, on one pool with one
//! table), each count times its multiplicity, shard 0 adding the plan's
//! `finished` games. Its [`ShardResult`] is written as one line:
//!
//! ```text
//! {"format":"reversi-perft-shard 1","plan":"5d0c...","variant":"reversi","board":"8x8","depth":9,
//!  "split":3,"shard":0,"shards":4,"hash_seed":0,"positions":4,"leaves":...,"seconds":0.012}
//! ```
//!
//! The merge checks that the results are of one plan (one digest, one shard
//! count, one depth) and hold every shard once, and sums their leaves.

use std::collections::BTreeMap;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use serde_json::{Value, json};

use super::deep::{Counter, DeepOptions};
use super::error::{MergeError, ShardError};
use super::plan::{Shard, ShardPlan};

/// The `format` of every result: the format and its version.
pub const RESULT_FORMAT: &str = "reversi-perft-shard 1";

/// The longest result file read: a result is one line of a few hundred bytes.
const MAX_RESULT_BYTES: u64 = 1 << 16;

/// One shard's count of a plan.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct ShardResult {
    /// The plan's digest.
    pub plan: String,
    /// The plan's variant (`reversi`, ...): empty if a result read lacks it.
    pub variant: String,
    /// The plan's board (`8x8`, `octagon`, ...): empty if a result read lacks
    /// it.
    pub board: String,
    /// The plan's depth.
    pub depth: u32,
    /// The plan's split ply (0 if a result read lacks it).
    pub split: u32,
    /// Which shard of how many.
    pub shard: Shard,
    /// The key seed of the table it was counted with
    /// ([`DeepOptions::hash_seed`]; 0 if a result read lacks it): the same
    /// leaves under any seed, kept to tell independent counts apart.
    pub hash_seed: u64,
    /// The shard's positions (0 if a result read lacks it).
    pub positions: u64,
    /// The shard's leaves: its positions' counts times their multiplicities,
    /// and for shard 0 the plan's finished games.
    pub leaves: u64,
    /// The count's seconds, to the microsecond (0 if a result read lacks it).
    pub seconds: f64,
}

impl ShardResult {
    /// The result as one line of JSON (no newline), the keys in a fixed
    /// order.
    #[must_use]
    pub fn to_json(&self) -> String {
        json!({
            "format": RESULT_FORMAT,
            "plan": self.plan,
            "variant": self.variant,
            "board": self.board,
            "depth": self.depth,
            "split": self.split,
            "shard": self.shard.index(),
            "shards": self.shard.count(),
            "hash_seed": self.hash_seed,
            "positions": self.positions,
            "leaves": self.leaves,
            "seconds": self.seconds,
        })
        .to_string()
    }

    /// Reads a result written by [`ShardResult::to_json`]: `format`, `plan`,
    /// `shard`, `shards`, `depth` and `leaves` are required, the rest may be
    /// absent. `file` names the text in errors.
    ///
    /// # Errors
    /// [`MergeError::Field`] naming `file`, the field expected and what it
    /// holds.
    pub fn from_json(text: &str, file: &Path) -> Result<ShardResult, MergeError> {
        let field_error = |expected: &str, found: String| MergeError::Field {
            file: file.to_path_buf(),
            expected: expected.to_string(),
            found,
        };
        let value: Value = serde_json::from_str(text)
            .map_err(|e| field_error("a result of perft --shard (one line of JSON)", format!("{e}")))?;
        let shown = |key: &str| format!("{}", value.get(key).unwrap_or(&Value::Null));
        if value.get("format").and_then(Value::as_str) != Some(RESULT_FORMAT) {
            return Err(field_error(&format!("\"format\":\"{RESULT_FORMAT}\""), shown("format")));
        }
        let number = |key: &str| {
            value
                .get(key)
                .and_then(Value::as_u64)
                .ok_or_else(|| field_error(&format!("\"{key}\": a whole number"), shown(key)))
        };
        let small = |key: &str| {
            u32::try_from(number(key)?)
                .map_err(|_| field_error(&format!("\"{key}\": a whole number below 2^32"), shown(key)))
        };
        let optional = |key: &str| if value.get(key).is_some() { number(key) } else { Ok(0) };
        let text = |key: &str| value.get(key).and_then(Value::as_str).map(str::to_string);
        let plan = text("plan").ok_or_else(|| field_error("\"plan\": a digest", shown("plan")))?;
        let (index, count) = (small("shard")?, small("shards")?);
        let shard = Shard::new(index, count)
            .map_err(|_| field_error(&format!("a shard below \"shards\" ({count})"), format!("shard {index}")))?;
        Ok(ShardResult {
            plan,
            variant: text("variant").unwrap_or_default(),
            board: text("board").unwrap_or_default(),
            depth: small("depth")?,
            split: u32::try_from(optional("split")?).unwrap_or(u32::MAX),
            shard,
            hash_seed: optional("hash_seed")?,
            positions: optional("positions")?,
            leaves: number("leaves")?,
            seconds: value.get("seconds").and_then(Value::as_f64).unwrap_or(0.0),
        })
    }
}

impl ShardPlan {
    /// Counts the shard's positions to the plan's remaining depth with
    /// `counter` (made for the plan's start), timing the count alone.
    ///
    /// # Errors
    /// [`ShardError::Overflow`] when the leaves do not fit in 64 bits,
    /// [`ShardError::Perft`] for a depth past the deepest count.
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
        Ok(ShardResult {
            plan: self.digest.clone(),
            variant: header.start.variant().name().to_string(),
            board: header.start.geometry().to_string(),
            depth: header.depth,
            split: header.split,
            shard: self.shard,
            hash_seed: counter.options().seed(),
            positions: units.len() as u64,
            leaves,
            seconds: (seconds * 1e6).round() / 1e6,
        })
    }

    /// [`ShardPlan::count`] with a new [`Counter`] of `options` (its table
    /// and pool made before the count is timed).
    ///
    /// # Errors
    /// [`ShardError::Counter`] when the counter cannot be made,
    /// [`ShardError::Overflow`] when the leaves do not fit in 64 bits.
    pub fn count_with(&self, options: DeepOptions) -> Result<ShardResult, ShardError> {
        self.count(&Counter::new(&self.header.start, options)?)
    }
}

/// Reads one result file (at most 64 KiB).
///
/// # Errors
/// [`MergeError::Io`] when it cannot be read, [`MergeError::Field`] when it
/// is not a shard's result.
pub fn read_result(file: &Path) -> Result<ShardResult, MergeError> {
    let io = |source| MergeError::Io { file: file.to_path_buf(), source };
    let mut text = String::new();
    std::fs::File::open(file).map_err(io)?.take(MAX_RESULT_BYTES + 1).read_to_string(&mut text).map_err(|e| match e
        .kind()
    {
        std::io::ErrorKind::InvalidData => MergeError::Field {
            file: file.to_path_buf(),
            expected: "a result of perft --shard (one line of JSON)".to_string(),
            found: "bytes that are not UTF-8".to_string(),
        },
        _ => io(e),
    })?;
    if text.len() as u64 > MAX_RESULT_BYTES {
        return Err(MergeError::Field {
            file: file.to_path_buf(),
            expected: "a result of perft --shard (one line of JSON)".to_string(),
            found: format!("a file over {MAX_RESULT_BYTES} bytes"),
        });
    }
    ShardResult::from_json(&text, file)
}

/// The merged count of every shard of one plan.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    plan: String,
    depth: u32,
    shards: u32,
    leaves: u64,
    seconds: f64,
    max_seconds: f64,
}

impl Merged {
    /// The plan's digest.
    #[must_use]
    pub fn plan(&self) -> &str {
        &self.plan
    }

    /// The count's depth.
    #[must_use]
    pub const fn depth(&self) -> u32 {
        self.depth
    }

    /// The number of shards.
    #[must_use]
    pub const fn shards(&self) -> u32 {
        self.shards
    }

    /// The total: the leaves of the count.
    #[must_use]
    pub const fn leaves(&self) -> u64 {
        self.leaves
    }

    /// The shards' seconds summed.
    #[must_use]
    pub const fn seconds(&self) -> f64 {
        self.seconds
    }

    /// The slowest shard's seconds.
    #[must_use]
    pub const fn max_seconds(&self) -> f64 {
        self.max_seconds
    }

    /// The shards' mean seconds.
    #[must_use]
    pub fn mean_seconds(&self) -> f64 {
        self.seconds / f64::from(self.shards)
    }

    /// The balance: the slowest shard's seconds over the mean (1 when no
    /// time was measured).
    #[must_use]
    pub fn balance(&self) -> f64 {
        let mean = self.mean_seconds();
        if mean > 0.0 { self.max_seconds / mean } else { 1.0 }
    }
}

/// Reads `files` and checks that they are the results of every shard of one
/// plan (one digest, one shard count, one depth), each once; sums them.
///
/// # Errors
/// A [`MergeError`] naming the file at fault: missing, unreadable, not a
/// result, of another plan or shard count, a shard twice; or the shards
/// missing; or no file at all.
pub fn merge(files: &[PathBuf]) -> Result<Merged, MergeError> {
    let mut results = Vec::with_capacity(files.len());
    for file in files {
        results.push((file.clone(), read_result(file)?));
    }
    merge_results(results)
}

/// [`merge`] of results already held (a Dask task's, say: nothing read
/// again), each with the name its errors give it (its file).
///
/// # Errors
/// As [`merge`], but for reading: of another plan or shard count, a shard
/// twice, the shards missing, no result at all.
pub fn merge_results(named: impl IntoIterator<Item = (PathBuf, ShardResult)>) -> Result<Merged, MergeError> {
    let mut results: Vec<(PathBuf, ShardResult)> = Vec::new();
    let mut seen: BTreeMap<u32, usize> = BTreeMap::new();
    for (file, result) in named {
        if let Some((first_file, first)) = results.first()
            && (result.plan != first.plan || result.shard.count() != first.shard.count() || result.depth != first.depth)
        {
            return Err(MergeError::Foreign {
                file,
                shard: result.shard.index().into(),
                shards: result.shard.count().into(),
                plan: result.plan,
                first: first_file.clone(),
                first_shards: first.shard.count().into(),
                first_plan: first.plan.clone(),
            });
        }
        if let Some(&other) = seen.get(&result.shard.index()) {
            return Err(MergeError::Duplicate {
                file,
                shard: result.shard.index().into(),
                other: results[other].0.clone(),
            });
        }
        seen.insert(result.shard.index(), results.len());
        results.push((file, result));
    }
    let Some((_, first)) = results.first() else { return Err(MergeError::NoResults) };
    let shards = first.shard.count();
    let missing: Vec<u32> = (0..shards).filter(|i| !seen.contains_key(i)).collect();
    if !missing.is_empty() {
        let mut list: Vec<String> = missing.iter().take(10).map(u32::to_string).collect();
        if missing.len() > 10 {
            list.push("...".to_string());
        }
        return Err(MergeError::Missing {
            missing: missing.len() as u64,
            shards: shards.into(),
            list: list.join(", "),
        });
    }
    let leaves = results.iter().try_fold(0u64, |sum, (_, r)| sum.checked_add(r.leaves)).ok_or(MergeError::Overflow)?;
    Ok(Merged {
        plan: first.plan.clone(),
        depth: first.depth,
        shards,
        leaves,
        seconds: results.iter().map(|(_, r)| r.seconds).sum(),
        max_seconds: results.iter().map(|(_, r)| r.seconds).fold(0.0, f64::max),
    })
}
