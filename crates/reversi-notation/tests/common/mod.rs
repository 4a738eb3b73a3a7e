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
        let mut moves = pos.moves();
        if moves.len() == 0 {
            break;
        }
        let Some(mv) = moves.nth(usize::from(c) % moves.len()) else { break };
        pos.play(mv).unwrap();
        record.moves.push(Ply::from(mv));
    }
    record
}

/// The default start of `variant` on a `w` x `h` board, if it fits.
pub(crate) fn start(variant: Variant, w: usize, h: usize) -> Option<Position> {
    Position::start(variant, Geometry::new(w, h).ok()?).ok()
}

/// What a record should read back as after writing, given what the writer
/// reported lost: the kept fields dropped or renamed as reported, and the
/// kinds reported lost cleared (compare `masked(read back, losses)` with it).
pub(crate) fn expected(record: &Record, game: usize, losses: &reversi_notation::Losses) -> Record {
    let mut expected = masked(record, losses);
    let mut extra = Vec::new();
    for (i, (name, value)) in record.extra.iter().enumerate() {
        match losses.fields().iter().find(|c| c.game == game && c.index == i) {
            Some(change) => {
                if let Some(to) = &change.renamed {
                    extra.push((to.clone(), value.clone()));
                }
            }
            None => extra.push((name.clone(), value.clone())),
        }
    }
    expected.extra = extra;
    expected
}

/// The record without the kinds reported lost (other than fields).
pub(crate) fn masked(record: &Record, losses: &reversi_notation::Losses) -> Record {
    use reversi_notation::Loss;
    let mut masked = record.clone();
    for ply in &mut masked.moves {
        if losses.contains(Loss::Evaluations) {
            ply.eval = None;
        }
        if losses.contains(Loss::Times) {
            ply.seconds = None;
        }
    }
    if losses.contains(Loss::Result) {
        masked.result = None;
    }
    if losses.contains(Loss::Players) {
        (masked.black, masked.white) = (None, None);
    }
    if losses.contains(Loss::Event) {
        masked.event = None;
    }
    if losses.contains(Loss::Date) {
        masked.date = None;
    }
    masked
}
