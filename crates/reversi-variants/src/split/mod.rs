//! The split count: perft past one thread, one process and one machine,
//! exactly, for every game and board.
//!
//! - [`Counter`] ([`deep`](self) count): every count that is not plain
//!   one-thread perft. The tree is expanded a few plies below the roots, the
//!   positions reached are merged by canonical form over the board's
//!   symmetries and counted once each on one thread pool with one shared
//!   [`PerftCache`](crate::PerftCache), each count credited to the root moves
//!   by its paths; [`Progress`] comes from shared counters.
//! - [`Plan`]: the distinct positions `K` plies below a start, each with the
//!   number of paths that reach it, written as text the same byte for byte on
//!   every machine, with a 128-bit digest; [`read_plan`] reads a [`Shard`]'s
//!   part of it back, checking the header and the digest. A plan holds at
//!   most [`MAX_PLAN_POSITIONS`] positions (a deeper split is refused at
//!   once, with its estimated size) and is cut into at most as many shards
//!   as it has positions, at most [`MAX_SHARDS`].
//! - [`ShardPlan::count`]: one shard's positions counted to the remaining
//!   depth, as a [`ShardResult`] (one line of JSON, [`ShardResult::to_json`]);
//!   [`merge`] checks that result files hold every shard of one plan once
//!   and sums them.
//!
//! Any scheduler runs the shards: `reversi perft --plan FILE --shard I/N`
//! (reversi-cli) as a job array, or the Python package's Dask driver
//! (`reversi_rules.distributed`). Both go through this module.
//!
//! ```
//! use reversi_variants::split::{DeepOptions, Plan, Shard, merge, read_plan};
//! use reversi_variants::{Geometry, Position, Variant, perft};
//!
//! let start = Position::start(Variant::Reversi, Geometry::new(6, 6)?)?;
//! let dir = std::env::temp_dir().join(format!("split-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir)?;
//! let plan = Plan::new(&start, 7, 3)?;
//! let plan_file = dir.join("plan.txt");
//! plan.write(&mut std::fs::File::create(&plan_file)?)?;
//! let mut results = Vec::new();
//! for i in 0..3 {
//!     let shard = read_plan(&plan_file, Shard::new(i, 3)?)?;
//!     let result = shard.count_with(DeepOptions::new().threads(2).hash_mib(1))?;
//!     let file = dir.join(format!("r{i}.json"));
//!     std::fs::write(&file, result.to_json() + "\n")?;
//!     results.push(file);
//! }
//! assert_eq!(merge(&results)?.leaves(), perft(&start, 7)?);
//! # std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod deep;
mod digest;
mod error;
mod expand;
mod plan;
mod shard;

pub use deep::{Cancel, Counter, DeepOptions, MAX_DEPTH, MAX_THREADS, Progress, Split};
pub use digest::Digest;
pub use error::{CounterError, MergeError, ParseShardError, PlanError, ShardError};
pub use expand::MAX_PLAN_POSITIONS;
pub use plan::{MAX_SHARDS, PLAN_FORMAT, Plan, PlanHeader, Shard, ShardPlan, read_plan, read_plan_header};
pub use shard::{Merged, RESULT_FORMAT, ShardResult, merge, merge_results, read_result};
