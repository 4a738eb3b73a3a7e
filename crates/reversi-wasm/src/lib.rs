//! The workspace's libraries in a browser or Node: WebAssembly bindings made
//! with wasm-bindgen, packaged for npm by `scripts/web.sh` (the viewer of
//! `web/` beside it).
//!
//! Glue only, like the CLI and the Python package: every rule is
//! reversi-variants' [`Position`](reversi_variants::Position), every format
//! and replay reversi-notation's, every exact score reversi-solve's. A
//! failure is a JS exception (`Error`) whose message is the library's,
//! located as compilers locate theirs (`FILE:LINE:COL: game N, ply P: ...`).
//!
//! - [`Position`]: any game (`reversi`, `reversitacks`, `attacks`) on any
//!   board (`8x8`, `6x10`, `octagon`, holes): moves, play, pass, score, text,
//!   the cells to draw, perft.
//! - [`read_records`] (`readRecords` in JS): the games of a file's bytes in any
//!   format, WTHOR's names from the bytes of its name files; each [`Record`]
//!   replays ([`Replay`]) ply by ply with passes as its format writes them.
//! - [`RecordStream`]: a large file's games from its bytes as the page gives
//!   them, in bounded memory (reversi-notation's
//!   [`PushReader`](reversi_notation::PushReader)); [`RecordList`] keeps a
//!   compact summary a game (names, result, its byte range), capped, and
//!   reads a game again from its bytes.
//! - [`solve()`] and [`solve_moves`] (`solveMoves`): exact scores by
//!   reversi-solve on one thread, the page's clock for a time limit; a
//!   position with more than `maxEmpties` empty squares
//!   ([`DEFAULT_MAX_EMPTIES`] by default) is refused, so a call cannot
//!   freeze the page for hours (the viewer solves in a Web Worker).
//!
//! Every export takes JS values and checks them: a value of the wrong type
//! is a `TypeError` naming the function and the argument, a number out of
//! range a `RangeError` (never a trap inside the instance).
//!
//! On a host other than `wasm32` the crate builds (the workspace's clippy and
//! tests) and its plain-Rust parts are tested; a call into JS there panics,
//! so the tests that make exceptions run in a browser (`tests/web.rs`).

mod args;
mod position;
mod records;
mod solve;
mod stream;
mod table;

pub use position::Position;
pub use records::{Record, RecordList, Replay, formats, read_records};
pub use solve::{DEFAULT_MAX_EMPTIES, solve, solve_moves};
pub use stream::RecordStream;
