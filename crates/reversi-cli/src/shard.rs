//! Counting a shard of a plan (`reversi perft --plan FILE --shard I/N -o
//! RESULT`) and merging the shards' results (`reversi perft --merge
//! RESULT...`).
//!
//! A shard reads the plan ([`crate::plan::read_plan`]: its digest checked),
//! counts its positions to the remaining depth with deep.rs's [`Counter`]
//! (one expansion below all of them, merged, on one pool with one table),
//! each count times its multiplicity, shard 0 adding the plan's `finished`
//! games, and writes one line of JSON, all or nothing ([`Outputs`]):
//!
//! ```text
//! {"format":"reversi-perft-shard 1","plan":"5d0c...","variant":"reversi","board":"8x8","depth":9,
//!  "split":3,"shard":0,"shards":4,"positions":4,"leaves":...,"seconds":0.012}
//! ```
//!
//! The merge checks that the results are of one plan (one digest, one shard
//! count) and hold every shard once, and sums their leaves.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use serde_json::{Value, json};

use crate::Failure;
use crate::deep::{Counter, DeepOptions};
use crate::files::Outputs;
use crate::output::Stdout;
use crate::plan::{Shard, read_plan};

/// The `format` of every result file: the format and its version.
pub(crate) const RESULT_FORMAT: &str = "reversi-perft-shard 1";

/// How a shard is counted.
pub(crate) struct ShardJob<'a> {
    /// The plan.
    pub(crate) plan: &'a Path,
    /// Which shard.
    pub(crate) shard: Shard,
    /// The result file.
    pub(crate) output: &'a Path,
    /// DEPTH, if given: it must be the plan's.
    pub(crate) depth: Option<u32>,
    /// Threads, table, backend.
    pub(crate) options: DeepOptions,
    /// Count 8x8 Reversi on the generic engine.
    pub(crate) generic: bool,
    /// Print the result as JSON.
    pub(crate) json: bool,
}

/// Counts a shard and writes its result.
///
/// # Errors
/// Status 2: a plan that cannot be read or is damaged, a DEPTH other than
/// the plan's, a result file that is the plan or cannot be written, a table
/// or pool that cannot be had, a count over 64 bits.
pub(crate) fn run_shard(job: &ShardJob<'_>, out: &mut Stdout) -> Result<(), Failure> {
    if std::fs::canonicalize(job.plan).ok().is_some_and(|plan| std::fs::canonicalize(job.output).ok() == Some(plan)) {
        return Err(Failure::usage(format!(
            "-o {}: this is the plan: write the result to another file",
            job.output.display()
        )));
    }
    let plan = read_plan(job.plan, job.shard).map_err(|e| Failure::usage(e.to_string()))?;
    let header = &plan.header;
    if let Some(depth) = job.depth.filter(|&d| d != header.depth) {
        return Err(Failure::usage(format!(
            "DEPTH {depth}: the plan {} counts depth {}: drop DEPTH or give {}",
            job.plan.display(),
            header.depth,
            header.depth
        )));
    }
    let on_engine = |pos: reversi_variants::Position| {
        use reversi_variants::internal::PositionHooks as _;
        if job.generic { pos.on_generic_engine() } else { pos }
    };
    let start = on_engine(header.start);
    let (units, multiplicities): (Vec<_>, Vec<u64>) = plan.units.iter().map(|&(pos, n)| (on_engine(pos), n)).unzip();
    let counter = Counter::new(&start, job.options).map_err(Failure::usage)?;
    let clock = Instant::now();
    let counts = counter.count_each(&units, header.depth - header.split);
    let seconds = clock.elapsed().as_secs_f64();
    let finished = if job.shard.index == 0 { header.finished } else { 0 };
    let leaves = counts
        .iter()
        .zip(&multiplicities)
        .try_fold(finished, |sum, (&n, &m)| sum.checked_add(n.checked_mul(m)?).filter(|_| n != u64::MAX))
        .ok_or_else(|| Failure::usage(format!("shard {}: the count does not fit in 64 bits", job.shard.index)))?;
    let result = json!({
        "format": RESULT_FORMAT,
        "plan": plan.digest,
        "variant": start.variant().name(),
        "board": start.geometry().to_string(),
        "depth": header.depth,
        "split": header.split,
        "shard": job.shard.index,
        "shards": job.shard.count,
        "positions": units.len(),
        "leaves": leaves,
        "seconds": (seconds * 1e6).round() / 1e6,
    });
    let mut files = Outputs::create(&[job.output.to_path_buf()])?;
    files.write(0, |file| {
        use std::io::Write as _;
        writeln!(file, "{result}")
    })?;
    files.commit()?;
    if job.json {
        writeln!(out, "{result}")
    } else {
        writeln!(
            out,
            "shard {}/{} of plan {}: {} positions, {leaves} leaves in {seconds:.3} s",
            job.shard.index,
            job.shard.count,
            plan.digest,
            units.len()
        )
    }
}

/// What is wrong with a set of results to merge.
#[derive(Debug, thiserror::Error)]
pub(crate) enum MergeError {
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

/// One shard's result as the merge reads it.
struct ShardResult {
    file: PathBuf,
    plan: String,
    shard: u64,
    shards: u64,
    depth: u64,
    leaves: u64,
    seconds: f64,
}

/// Reads one result file.
fn read_result(file: &Path) -> Result<ShardResult, MergeError> {
    let field_error = |expected: &str, found: String| MergeError::Field {
        file: file.to_path_buf(),
        expected: expected.to_string(),
        found,
    };
    let text = std::fs::read_to_string(file).map_err(|source| MergeError::Io { file: file.to_path_buf(), source })?;
    let value: Value = serde_json::from_str(&text)
        .map_err(|e| field_error("a result of perft --shard (one line of JSON)", format!("{e}")))?;
    if value.get("format").and_then(Value::as_str) != Some(RESULT_FORMAT) {
        return Err(field_error(
            &format!("\"format\":\"{RESULT_FORMAT}\""),
            format!("{}", value.get("format").unwrap_or(&Value::Null)),
        ));
    }
    let number = |key: &str| {
        value.get(key).and_then(Value::as_u64).ok_or_else(|| {
            field_error(&format!("\"{key}\": a whole number"), format!("{}", value.get(key).unwrap_or(&Value::Null)))
        })
    };
    let plan = value.get("plan").and_then(Value::as_str).map(str::to_string);
    let plan = plan
        .ok_or_else(|| field_error("\"plan\": a digest", format!("{}", value.get("plan").unwrap_or(&Value::Null))))?;
    let (shard, shards) = (number("shard")?, number("shards")?);
    if shard >= shards {
        return Err(field_error(&format!("a shard below \"shards\" ({shards})"), format!("shard {shard}")));
    }
    let seconds = value.get("seconds").and_then(Value::as_f64).unwrap_or(0.0);
    Ok(ShardResult {
        file: file.to_path_buf(),
        plan,
        shard,
        shards,
        depth: number("depth")?,
        leaves: number("leaves")?,
        seconds,
    })
}

/// The merged count of shard results.
struct Merged {
    plan: String,
    depth: u64,
    shards: u64,
    leaves: u64,
    seconds: f64,
    max_seconds: f64,
}

/// Checks that `files` are every shard of one plan, once, and sums them.
fn merge(files: &[PathBuf]) -> Result<Merged, MergeError> {
    let mut results: Vec<ShardResult> = Vec::with_capacity(files.len());
    let mut seen: BTreeMap<u64, usize> = BTreeMap::new();
    for file in files {
        let result = read_result(file)?;
        if let Some(first) = results.first()
            && (result.plan != first.plan || result.shards != first.shards || result.depth != first.depth)
        {
            return Err(MergeError::Foreign {
                file: result.file,
                shard: result.shard,
                shards: result.shards,
                plan: result.plan,
                first: first.file.clone(),
                first_shards: first.shards,
                first_plan: first.plan.clone(),
            });
        }
        if let Some(&other) = seen.get(&result.shard) {
            return Err(MergeError::Duplicate {
                file: result.file,
                shard: result.shard,
                other: results[other].file.clone(),
            });
        }
        seen.insert(result.shard, results.len());
        results.push(result);
    }
    let first = &results[0];
    let missing: Vec<u64> = (0..first.shards).filter(|i| !seen.contains_key(i)).collect();
    if !missing.is_empty() {
        let mut list: Vec<String> = missing.iter().take(10).map(u64::to_string).collect();
        if missing.len() > 10 {
            list.push("...".to_string());
        }
        return Err(MergeError::Missing { missing: missing.len() as u64, shards: first.shards, list: list.join(", ") });
    }
    let leaves = results.iter().try_fold(0u64, |sum, r| sum.checked_add(r.leaves)).ok_or(MergeError::Overflow)?;
    Ok(Merged {
        plan: first.plan.clone(),
        depth: first.depth,
        shards: first.shards,
        leaves,
        seconds: results.iter().map(|r| r.seconds).sum(),
        max_seconds: results.iter().map(|r| r.seconds).fold(0.0, f64::max),
    })
}

/// Merges result files and prints the total, with the shards' times (summed,
/// slowest, mean, slowest over mean: the balance).
///
/// # Errors
/// Status 2 with the [`MergeError`]: a file missing, unreadable, not a
/// result, of another plan or shard count, a shard twice or missing; a DEPTH
/// other than the results'.
pub(crate) fn run_merge(files: &[PathBuf], depth: Option<u32>, json: bool, out: &mut Stdout) -> Result<(), Failure> {
    let merged = merge(files).map_err(|e| Failure::usage(e.to_string()))?;
    if let Some(depth) = depth.filter(|&d| u64::from(d) != merged.depth) {
        return Err(Failure::usage(format!("DEPTH {depth}: the results count depth {}", merged.depth)));
    }
    let mean = merged.seconds / merged.shards as f64;
    let balance = if mean > 0.0 { merged.max_seconds / mean } else { 1.0 };
    let round = |x: f64| (x * 1e3).round() / 1e3;
    if json {
        let line = json!({
            "depth": merged.depth,
            "leaves": merged.leaves,
            "plan": merged.plan,
            "shards": merged.shards,
            "seconds": round(merged.seconds),
            "max_seconds": round(merged.max_seconds),
            "mean_seconds": round(mean),
            "balance": round(balance),
        });
        return writeln!(out, "{line}");
    }
    writeln!(
        out,
        "perft {}: {} leaves from {} shards of plan {} (shard seconds: {:.3} in all, slowest {:.3}, mean {:.3}, slowest/mean {:.2})",
        merged.depth, merged.leaves, merged.shards, merged.plan, merged.seconds, merged.max_seconds, mean, balance
    )
}
