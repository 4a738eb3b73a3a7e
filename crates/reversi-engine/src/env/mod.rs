//! Batched games for self-play and reinforcement learning, no Python: what
//! the `reversi_rules` package's `Batch` and Gymnasium environments run.
//!
//! - [`Batch`] ([`BatchOptions`]): `n` games of one variant and board stepped together over
//!   caller slices (actions in, observations, legal masks, rewards out),
//!   played out by the built-in [`BuiltinPolicy`](crate::BuiltinPolicy)s from per-game
//!   [`SplitMix64`](crate::SplitMix64) streams: the games [`self_play`](crate::self_play)
//!   plays from the same seed. Standard 8x8 Reversi runs on reversi-core's
//!   [`raw::Game`](reversi_core::raw::Game), any other game on
//!   reversi-variants' `Position`.
//! - [`Encoding`]: the actions of a board; [`planes`] and [`planes8`], the
//!   observation of a position.
//! - [`VectorEnv`]: a learner's episodes against a built-in opponent (or
//!   itself), with truncation and Gymnasium's three autoreset modes.
//!
//! The loops split the games onto rayon's threads from
//! [`BatchOptions::parallel_from`] games on (the one thread switch, which a
//! [`VectorEnv`] over the batch follows too), in the pool the caller
//! installs. Options are builders: [`BatchOptions`], [`Rollout`], [`EpisodeRules`].

mod batch;
mod encoding;
mod lanes;
mod vector;

pub use batch::{Batch, BatchError, BatchOptions, Rollout, StepError};
pub use encoding::{ActionError, Encoding, Illegal};
pub use lanes::{planes, planes8};
pub use vector::{Autoreset, EpisodeRules, Refusal, StepBuffers, StepSlices, VectorEnv};
