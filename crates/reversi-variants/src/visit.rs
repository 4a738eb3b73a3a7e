//! The run-time variant and board size turned into types: [`visit`] runs a
//! [`Visitor`] with the variant's [`Rules`] on the bit set that fits the board
//! (u64 up to 64 squares, u128 up to 128, [`Wide`] beyond), and the queries
//! of a position that need the engine, written as visitors.

use crate::bits::{BitSet, Wide};
use crate::engine::{Engine, Portable, engine};
use crate::variant::{Attacks, RawMove, Reversi, Reversitacks, Rules};
use crate::{Geometry, Variant};

/// Work that needs the engine, run on the bit-set type that fits the board.
pub(crate) trait Visitor {
    type Output;
    fn visit<R: Rules, B: BitSet>(self, e: &Engine<B>, p: B, o: B) -> Self::Output;
}

fn with_size<R: Rules, V: Visitor>(geometry: Geometry, (p, o): (Wide, Wide), v: V) -> V::Output {
    match geometry.square_count() {
        0..=64 => v.visit::<R, u64>(&engine(geometry), u64::from_wide(&p), u64::from_wide(&o)),
        65..=128 => v.visit::<R, u128>(&engine(geometry), u128::from_wide(&p), u128::from_wide(&o)),
        _ => v.visit::<R, Wide>(&engine(geometry), p, o),
    }
}

/// Runs `v` with the rules of `variant` and the bit-set type that fits
/// `geometry`, on the sides `(p, o)` (the mover's pieces, the other's): the
/// one place where run-time choices become types.
pub(crate) fn visit<V: Visitor>(variant: Variant, geometry: Geometry, sides: (Wide, Wide), v: V) -> V::Output {
    match variant {
        Variant::Reversi => with_size::<Reversi, V>(geometry, sides, v),
        Variant::Reversitacks => with_size::<Reversitacks, V>(geometry, sides, v),
        Variant::Attacks => with_size::<Attacks, V>(geometry, sides, v),
    }
}

/// Where a game stands: moves to make (how many), a forced pass, or the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Status {
    Moves(u64),
    MustPass,
    Over,
}

impl Status {
    pub(crate) fn of(wiped_out: bool, mine: u64, theirs: u64) -> Status {
        match (wiped_out, mine, theirs) {
            (true, ..) | (false, 0, 0) => Status::Over,
            (false, 0, _) => Status::MustPass,
            (false, n, _) => Status::Moves(n),
        }
    }
}

/// The status, and the squares of the moves without an origin.
pub(crate) struct Placements;

impl Visitor for Placements {
    type Output = (Status, Wide);
    fn visit<R: Rules, B: BitSet>(self, e: &Engine<B>, p: B, o: B) -> Self::Output {
        let wiped = R::wiped_out(p, o);
        let mine = if wiped { 0 } else { R::count_moves(e, p, o, Portable) };
        let theirs = if wiped || mine > 0 { 0 } else { R::count_moves(e, o, p, Portable) };
        let places = if mine > 0 { R::placements(e, p, o, Portable).to_wide() } else { Wide::EMPTY };
        (Status::of(wiped, mine, theirs), places)
    }
}

/// The squares a move lands on.
pub(crate) struct Destinations;

impl Visitor for Destinations {
    type Output = Wide;
    fn visit<R: Rules, B: BitSet>(self, e: &Engine<B>, p: B, o: B) -> Wide {
        if R::wiped_out(p, o) { Wide::EMPTY } else { R::destinations(e, p, o, Portable).to_wide() }
    }
}

/// Whether a raw move is legal (the game not over by a wipe-out).
pub(crate) struct IsMove(pub(crate) RawMove);

impl Visitor for IsMove {
    type Output = bool;
    fn visit<R: Rules, B: BitSet>(self, e: &Engine<B>, p: B, o: B) -> bool {
        !R::wiped_out(p, o) && R::is_move(e, p, o, self.0)
    }
}

/// Plays a raw move (or, for `None`, a pass) and returns `(p, o)` after it.
pub(crate) struct Apply(pub(crate) Option<RawMove>);

impl Visitor for Apply {
    type Output = (Wide, Wide);
    fn visit<R: Rules, B: BitSet>(self, e: &Engine<B>, p: B, o: B) -> Self::Output {
        match self.0 {
            Some(mv) => {
                // Sanitised so that even an illegal move keeps the sets disjoint.
                let to = B::bit(usize::from(mv.to));
                let (p, o) = R::play(e, p & !to, o & !to, mv, Portable);
                (p.to_wide(), o.to_wide())
            }
            None => (p.to_wide(), o.to_wide()),
        }
    }
}
