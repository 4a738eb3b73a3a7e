//! The errors of the distributed count's files: each says what was
//! expected, where, and what was found.

use std::path::PathBuf;

use crate::PerftError;
use crate::split::CounterError;

/// Text that is not a shard `I/N` (shard I, from 0 to N-1, of N), or a shard
/// out of range.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseShardError {
    /// No `/`.
    #[error("expected I/N, shard I (0 to N-1) of N, found no '/'")]
    NoSlash,
    /// N or I is not a number.
    #[error("expected I/N, shard I (0 to N-1) of N: {which} {text:?}: {message}")]
    Number {
        /// `"I"` or `"N"`.
        which: &'static str,
        /// The text.
        text: String,
        /// Why it is no number.
        message: String,
    },
    /// N is 0.
    #[error("expected I/N, shard I (0 to N-1) of N: N is 0")]
    NoShards,
    /// N is more than [`MAX_SHARDS`](super::MAX_SHARDS), or more than the
    /// positions of the plan (1 for a plan without any).
    #[error("{}", too_many(*count, *max, *positions))]
    TooMany {
        /// N.
        count: u64,
        /// The most shards allowed.
        max: u64,
        /// The plan's positions, when the bound is the plan's.
        positions: Option<u64>,
    },
    /// I is N or more.
    #[error("shard {index} is out of range: {count} shards are numbered 0 to {last}", last = count - 1)]
    OutOfRange {
        /// I.
        index: u32,
        /// N (at least 1).
        count: u32,
    },
}

/// What is wrong with a plan: a plan that cannot be made, or a plan file that
/// cannot be read or is not one plan whole.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlanError {
    /// The depth is past the deepest count.
    #[error(transparent)]
    Perft(#[from] PerftError),
    /// The split ply is past the depth.
    #[error("expected a split ply at most the depth ({depth}), found {split}")]
    SplitPastDepth {
        /// The split ply asked for.
        split: u32,
        /// The depth asked for.
        depth: u32,
    },
    /// A ply of the expansion passes the positions a plan may hold
    /// ([`MAX_PLAN_POSITIONS`](super::MAX_PLAN_POSITIONS)): refused before
    /// it holds more.
    #[error(
        "a plan split at ply {split} would hold about {estimate:.1e} positions (a file of about {size}): \
         past the {max} a plan may hold (counted ply by ply, ply {ply} passes it; the size is estimated \
         from its growth); \
         split at ply {fits} or less (ply {fits} holds {fits_positions} positions)",
        size = human_bytes(*bytes)
    )]
    TooLarge {
        /// The split ply asked for.
        split: u32,
        /// The ply that passed the bound.
        ply: u32,
        /// The bound.
        max: u64,
        /// The positions at the split ply, estimated.
        estimate: f64,
        /// The plan's bytes, estimated.
        bytes: f64,
        /// The deepest ply within the bound.
        fits: u32,
        /// The positions at ply `fits`.
        fits_positions: u64,
    },
    /// The system refused the memory of the expansion.
    #[error("a plan: out of memory at ply {ply} (after {positions} positions at the ply before)")]
    Memory {
        /// The ply being expanded.
        ply: u32,
        /// The positions of the ply before it.
        positions: u64,
    },
    /// More shards than the plan can use.
    #[error("{file}: {source}")]
    Shards {
        /// The plan.
        file: PathBuf,
        /// The shard count and the bound.
        source: ParseShardError,
    },
    /// The file cannot be read.
    #[error("{file}: {source}")]
    Io {
        /// The plan.
        file: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// A line is not what the format has there (another game's board, a
    /// line that is no position of the plan's game, a file that is no plan).
    #[error("{file}: line {line}: expected {expected}, found {found:?}")]
    Line {
        /// The plan.
        file: PathBuf,
        /// From 1.
        line: u64,
        /// What the format has there.
        expected: String,
        /// The line, or the part of it at fault.
        found: String,
    },
    /// The body has another number of lines than the header says.
    #[error("{file}: the header says {expected} positions, the body has {found}: the plan is truncated or edited")]
    Count {
        /// The plan.
        file: PathBuf,
        /// The header's `positions`.
        expected: u64,
        /// The lines found.
        found: u64,
    },
    /// The plan's file is refused or cannot be written (nothing was).
    #[error(transparent)]
    Destination(#[from] DestinationError),
    /// The digest of the contents differs from the header's.
    #[error("{file}: the header's digest is {expected}, the contents' is {found}: the plan is edited or damaged")]
    Digest {
        /// The plan.
        file: PathBuf,
        /// The header's `digest`.
        expected: String,
        /// The contents'.
        found: String,
    },
}

/// A shard that cannot be counted.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ShardError {
    /// The plan does not read.
    #[error(transparent)]
    Plan(#[from] PlanError),
    /// The counter cannot be made.
    #[error(transparent)]
    Counter(#[from] CounterError),
    /// The count is refused (a depth past the deepest count).
    #[error(transparent)]
    Perft(#[from] PerftError),
    /// The shard's leaves do not fit in 64 bits.
    #[error("shard {shard}: the count does not fit in 64 bits")]
    Overflow {
        /// The shard's index.
        shard: u32,
    },
    /// The depth asked for ([`ShardOptions::depth`](super::ShardOptions::depth))
    /// is not the plan's.
    #[error("{file}: expected a plan of depth {expected}, found one of depth {found}")]
    Depth {
        /// The plan.
        file: PathBuf,
        /// The depth asked for.
        expected: u32,
        /// The plan's depth.
        found: u32,
    },
    /// The result file would overwrite the plan.
    #[error("{file}: expected a result file other than the plan, found the plan itself")]
    OutputIsPlan {
        /// The result file (the plan).
        file: PathBuf,
    },
    /// The result file is refused or cannot be written (nothing was).
    #[error(transparent)]
    Destination(#[from] DestinationError),
}

/// A plan's or a result's file that is refused or cannot be written
/// ([`Destination`](super::Destination)): the file is as it was.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DestinationError {
    /// The path names no file (`""`, `/`, `..`).
    #[error("{file}: expected a file name, found none")]
    NotAFile {
        /// The path.
        file: PathBuf,
    },
    /// The path is named as a temporary file of a write (`.NAME.tmp-PID`),
    /// which a merge refuses and the next write of NAME removes.
    #[error("{file}: expected a file's own name, found a temporary file's (.NAME.tmp-PID): name the file NAME")]
    Temporary {
        /// The path.
        file: PathBuf,
    },
    /// The file cannot be created, written or renamed into place.
    #[error("{file}: {source}")]
    Io {
        /// The path.
        file: PathBuf,
        /// The error.
        source: std::io::Error,
    },
}

/// Fields that make no shard result
/// ([`ShardResult::try_from`](super::ShardResult)): the field at fault, what
/// it must hold and what it holds.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("\"{field}\": expected {expected}, found {found}")]
pub struct ResultError {
    /// The field (a key of the result's JSON line).
    pub field: &'static str,
    /// What it must hold.
    pub expected: String,
    /// What it holds.
    pub found: String,
}

/// What is wrong with a set of shard results to merge, naming the file at
/// fault.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MergeError {
    /// No result given.
    #[error("expected the results of every shard of a plan, found none")]
    NoResults,
    /// A file named as a temporary file of a write (`.NAME.tmp-PID`): a
    /// result being written, or left by a run killed before it finished.
    /// Refused unread.
    #[error(
        "{file}: a temporary file of a result being written, or of a run killed before it finished: \
         expected the results (RESULT, not .RESULT.tmp-PID)"
    )]
    Temporary {
        /// The file.
        file: PathBuf,
    },
    /// A file cannot be read.
    #[error("{file}: {source}")]
    Io {
        /// The result file.
        file: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// A file is not a shard's result.
    #[error("{file}: expected {expected}, found {found}")]
    Field {
        /// The result file.
        file: PathBuf,
        /// What a result has.
        expected: String,
        /// What the file has.
        found: String,
    },
    /// A result of another plan, or of the plan cut into another number of
    /// shards, than the first file's.
    #[error(
        "{file}: shard {shard}/{shards} of plan {plan}, but {first} is of {first_shards} shards of plan {first_plan}: results of one plan and one shard count only"
    )]
    Foreign {
        /// The result file.
        file: PathBuf,
        /// Its shard.
        shard: u64,
        /// Its shard count.
        shards: u64,
        /// Its plan digest.
        plan: String,
        /// The first file.
        first: PathBuf,
        /// The first file's shard count.
        first_shards: u64,
        /// The first file's plan digest.
        first_plan: String,
    },
    /// The same shard twice.
    #[error("{file}: shard {shard} is also {other}: give each shard once")]
    Duplicate {
        /// The second file.
        file: PathBuf,
        /// The shard.
        shard: u64,
        /// The first file with it.
        other: PathBuf,
    },
    /// Shards without a result.
    #[error("{missing} of {shards} shards missing: {list}")]
    Missing {
        /// How many.
        missing: u64,
        /// The shard count.
        shards: u64,
        /// The first few, comma-separated.
        list: String,
    },
    /// The leaves summed do not fit in 64 bits.
    #[error("the leaves of the shards do not fit in 64 bits")]
    Overflow,
}

/// The message of [`ParseShardError::TooMany`].
fn too_many(count: u64, max: u64, positions: Option<u64>) -> String {
    match positions {
        Some(positions) => format!(
            "expected at most {max} shards for a plan of {positions} positions (a shard has one position at least), \
             found {count}"
        ),
        None => format!("expected at most {max} shards, found {count}"),
    }
}

/// `bytes` in B, KB, MB, GB or TB, two significant digits or so.
fn human_bytes(bytes: f64) -> String {
    let units = ["B", "KB", "MB", "GB", "TB", "PB"];
    let mut value = bytes;
    let mut unit = 0;
    while value >= 1000.0 && unit + 1 < units.len() {
        value /= 1000.0;
        unit += 1;
    }
    if unit + 1 == units.len() && value >= 1000.0 {
        return format!("{bytes:.1e} B");
    }
    format!("{value:.1} {}", units[unit])
}
