//! Shared by the integration tests: self-played games.

#![allow(dead_code)] // each test binary uses part of this

use reversi_notation::{Ply, Record};
use reversi_variants::{Geometry, Position, Variant};

/// A record of a random legal game (prefix) from `start`, passes written;
/// each choice picks a move among the legal ones.
pub(crate) fn self_played(start: Position, choices: &[u16]) -> Record {
    let mut record = Record::of(start.variant(), *start.geometry());
    record.set_start(start);
    let mut pos = start;
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[usize::from(c) % moves.len()];
        pos.play(mv).unwrap();
        record.moves.push(Ply::from(mv));
    }
    record
}

/// The default start of `variant` on a `w` x `h` board, if it fits.
pub(crate) fn start(variant: Variant, w: usize, h: usize) -> Option<Position> {
    Position::start(variant, Geometry::new(w, h).ok()?).ok()
}
