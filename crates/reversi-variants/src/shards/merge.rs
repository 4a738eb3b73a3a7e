//! The merge of a plan's shard results: every shard of one plan once,
//! summed.
//!
//! The results are files to read or results already held (a Dask task's:
//! nothing written or read again), in any mix ([`MergeInput`]). The merge
//! checks that they are of one plan (one digest, one shard count, one depth)
//! and hold every shard once, and sums their leaves; an error names the file
//! at fault, or the held result (`<result of shard I/N>`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::error::MergeError;
use super::result::{ShardResult, read_result};
use crate::output::is_temporary;

/// One result for [`merge`]: a file to read, or a result held.
#[derive(Clone, Debug, PartialEq)]
pub enum MergeInput {
    /// A result file ([`read_result`]).
    File(PathBuf),
    /// A result held, named `<result of shard I/N>` in errors.
    Held(ShardResult),
}

impl From<PathBuf> for MergeInput {
    fn from(file: PathBuf) -> MergeInput {
        MergeInput::File(file)
    }
}

impl From<&PathBuf> for MergeInput {
    fn from(file: &PathBuf) -> MergeInput {
        MergeInput::File(file.clone())
    }
}

impl From<&Path> for MergeInput {
    fn from(file: &Path) -> MergeInput {
        MergeInput::File(file.to_path_buf())
    }
}

impl From<ShardResult> for MergeInput {
    fn from(result: ShardResult) -> MergeInput {
        MergeInput::Held(result)
    }
}

impl MergeInput {
    /// The result with the name its errors give it: the file read, or the
    /// result held with its name.
    fn resolve(self) -> Result<(PathBuf, ShardResult), MergeError> {
        match self {
            MergeInput::File(file) => read_result(&file).map(|result| (file, result)),
            MergeInput::Held(result) => {
                let shard = result.shard();
                Ok((PathBuf::from(format!("<result of shard {shard}>")), result))
            }
        }
    }
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

/// Checks that `results` (files read in their order, or results held) are
/// the results of every shard of one plan (one digest, one shard count, one
/// depth), each once; sums them. A file named as a temporary file of a
/// write (`.NAME.tmp-PID`: [`is_temporary`]) is refused unread.
///
/// ```no_run
/// use reversi_variants::shards::merge;
/// let files = ["shard-0-of-2.json", "shard-1-of-2.json"].map(std::path::PathBuf::from);
/// println!("{}", merge(&files)?.leaves());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A [`MergeError`] naming the file (or the result held) at fault: a
/// temporary file, missing,
/// unreadable, not a result, of another plan or shard count, a shard twice;
/// or the shards missing; or no result at all; or leaves past 64 bits.
pub fn merge<I>(results: I) -> Result<Merged, MergeError>
where
    I: IntoIterator,
    I::Item: Into<MergeInput>,
{
    let mut held: Vec<(PathBuf, ShardResult)> = Vec::new();
    let mut seen: BTreeMap<u32, usize> = BTreeMap::new();
    for input in results {
        let input = input.into();
        if let MergeInput::File(file) = &input
            && is_temporary(file)
        {
            return Err(MergeError::Temporary { file: file.clone() });
        }
        let (file, result) = input.resolve()?;
        if let Some((first_file, first)) = held.first()
            && (result.plan() != first.plan()
                || result.shard().count() != first.shard().count()
                || result.depth() != first.depth())
        {
            return Err(MergeError::Foreign {
                file,
                shard: result.shard().index().into(),
                shards: result.shard().count().into(),
                plan: result.plan().to_string(),
                first: first_file.clone(),
                first_shards: first.shard().count().into(),
                first_plan: first.plan().to_string(),
            });
        }
        if let Some(&other) = seen.get(&result.shard().index()) {
            return Err(MergeError::Duplicate {
                file,
                shard: result.shard().index().into(),
                other: held[other].0.clone(),
            });
        }
        seen.insert(result.shard().index(), held.len());
        held.push((file, result));
    }
    let Some((_, first)) = held.first() else { return Err(MergeError::NoResults) };
    let shards = first.shard().count();
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
    let leaves = held.iter().try_fold(0u64, |sum, (_, r)| sum.checked_add(r.leaves())).ok_or(MergeError::Overflow)?;
    Ok(Merged {
        plan: first.plan().to_string(),
        depth: first.depth(),
        shards,
        leaves,
        seconds: held.iter().map(|(_, r)| r.seconds()).sum(),
        max_seconds: held.iter().map(|(_, r)| r.seconds()).fold(0.0, f64::max),
    })
}
