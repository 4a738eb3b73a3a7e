//! The distributed count: a plan's shards counted on other processes or
//! machines, their result files, and the merge; exactly, for every game and
//! board.
//!
//! - [`Plan`]: the distinct positions `K` plies below a start, each with the
//!   number of paths that reach it, written as text the same byte for byte on
//!   every machine, with a 128-bit [`Digest`]; [`read_plan`] reads a
//!   [`Shard`]'s part of it back, checking the header and the digest. A plan
//!   holds at most [`MAX_PLAN_POSITIONS`] positions (a deeper split is
//!   refused at once, with its estimated size) and is cut into at most as
//!   many shards as it has positions, at most [`MAX_SHARDS`]. [`write_plan`]
//!   makes one and writes it to its file.
//! - [`count_shard`]: one shard's positions counted to the remaining depth
//!   with the in-process [`Counter`](crate::split::Counter), as a
//!   [`ShardResult`] written as one line of JSON ([`ShardResult::to_json`]).
//!   A result is rebuilt from its fields ([`ShardResultFields`]) or its line,
//!   checked alike.
//! - [`merge`](fn@merge): checks that results (files, or results held) hold every
//!   shard of one plan once, and sums them; a temporary file of a write is
//!   refused unread.
//! - [`Destination`]: where a plan or a result is written, all or nothing
//!   (crate's `output`: a temporary file beside it, synced, renamed over it),
//!   refused before any work when it names no file or a temporary file.
//!
//! Any scheduler runs the shards: `reversi perft --plan FILE --shard I/N`
//! (reversi-cli) as a job array, or the Python package's Dask driver
//! (`reversi_rules.distributed`). Both call [`write_plan`], [`count_shard`]
//! and [`merge`](fn@merge), and keep only their arguments and messages.
//!
//! ```
//! use reversi_variants::shards::{Destination, Shard, ShardOptions, count_shard, merge, write_plan};
//! use reversi_variants::split::DeepOptions;
//! use reversi_variants::{Geometry, Position, Variant, perft};
//!
//! let start = Position::start(Variant::Reversi, Geometry::new(6, 6)?)?;
//! let dir = std::env::temp_dir().join(format!("shards-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir)?;
//! let plan_file = dir.join("plan.txt");
//! write_plan(&start, 7, 3, &Destination::new(&plan_file))?;
//! let mut files = Vec::new();
//! for i in 0..3 {
//!     let options = ShardOptions::new(DeepOptions::new().threads(2).hash_mib(1));
//!     let file = dir.join(format!("r{i}.json"));
//!     count_shard(&plan_file, Shard::new(i, 3)?, options, Some(&Destination::new(&file)))?;
//!     files.push(file);
//! }
//! assert_eq!(merge(&files)?.leaves(), perft(&start, 7)?);
//! # std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod count;
mod destination;
mod digest;
mod error;
mod expand;
mod merge;
mod plan;
mod result;

pub use count::{ShardOptions, count_shard};
pub use destination::Destination;
pub use digest::Digest;
pub use error::{DestinationError, MergeError, ParseShardError, PlanError, ResultError, ShardError};
pub use expand::MAX_PLAN_POSITIONS;
pub use merge::{MergeInput, Merged, merge};
pub use plan::{MAX_SHARDS, PLAN_FORMAT, Plan, PlanHeader, Shard, ShardPlan, read_plan, read_plan_header, write_plan};
pub use result::{RESULT_FORMAT, ShardResult, ShardResultFields, read_result};
