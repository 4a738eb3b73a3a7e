//! NBoard, the protocol of the NBoard GUI (version 2).
//!
//! Lines from the GUI (or referee) to the engine, each flushed:
//!
//! | line | engine's answer |
//! | --- | --- |
//! | `nboard 2` | `set myname NAME` |
//! | `set depth N`, `set contempt N` | none |
//! | `set game GGF` | none: the game (start and moves) to go on from |
//! | `set myname NAME` | none |
//! | `move MOVE[/EVAL[/TIME]]` | none: a move of the game (`PA` a pass) |
//! | `hint N` | `status ...`, a `search MOVE EVAL 0 DEPTH` line for each of up to N moves, `status` |
//! | `go` | `status ...`, `=== MOVE` (the engine does not play it: the GUI sends it back as a `move`), `status` |
//! | `ping N` | `pong N`, once every line before it is handled |
//! | `learn` | `learned` |
//! | `quit` | none: the engine ends |
//!
//! Any other line is ignored, as the protocol says. Moves are Othello
//! squares (`F5`, any case), `PA` a pass.

mod client;
mod server;

pub use client::Client;
pub use server::{MAX_COMMAND, Server, serve};
