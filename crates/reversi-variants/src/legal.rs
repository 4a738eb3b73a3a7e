//! The legal moves of a position, generated lazily: nothing is allocated.

use core::iter::FusedIterator;

use crate::bits::{BitSet, Wide};
use crate::{Move, Square};

/// The squares at distance exactly 2, as (column, row) steps, in index order.
const RING2: [(i8, i8); 16] = [
    (-2, -2),
    (-1, -2),
    (0, -2),
    (1, -2),
    (2, -2),
    (-2, -1),
    (2, -1),
    (-2, 0),
    (2, 0),
    (-2, 1),
    (2, 1),
    (-2, 2),
    (-1, 2),
    (0, 2),
    (1, 2),
    (2, 2),
];

/// The legal moves of a position, in order: placements and clones by square
/// (row by row), then jumps by origin and destination, or a single
/// [`Move::Pass`] when the side to move has no other move and the game is not
/// over; nothing once it is over. See [`Position::moves`](crate::Position::moves).
///
/// An exact-size iterator that allocates nothing: jumps are generated origin by
/// origin.
#[derive(Clone, Debug)]
pub struct Moves(Inner);

#[derive(Clone, Debug)]
#[expect(clippy::large_enum_variant, reason = "boxing the generic state would allocate on every query")]
enum Inner {
    /// Standard 8x8 Reversi: reversi-core's placements, or a pass.
    Othello { places: reversi_core::Squares, pass: bool },
    /// Any other game.
    Any(GenericMoves),
}

/// The state of the generic moves.
#[derive(Clone, Debug)]
struct GenericMoves {
    width: u8,
    height: u8,
    /// Placements or clone destinations not yet listed.
    places: Wide,
    /// The mover's pieces whose jumps are not yet listed.
    origins: Wide,
    /// The playable empty squares.
    empty: Wide,
    /// The origin whose jumps are being listed, and its destinations left (bits
    /// of `RING2`).
    from: (u8, u8),
    ring: u32,
    pass: bool,
    left: usize,
}

impl Moves {
    /// No move at all.
    pub(crate) fn none() -> Moves {
        Moves::othello(reversi_core::Bitboard::EMPTY, false)
    }

    /// The moves of standard 8x8 Reversi: `places`, or a pass.
    pub(crate) fn othello(places: reversi_core::Bitboard, pass: bool) -> Moves {
        Moves(Inner::Othello { places: places.iter(), pass })
    }

    /// The moves of a generic position: `places` (placements or clones),
    /// the jumps of `origins` onto `empty` squares, `count` moves in all, or
    /// a pass.
    pub(crate) fn any(
        width: u8,
        height: u8,
        places: Wide,
        origins: Wide,
        empty: Wide,
        count: usize,
        pass: bool,
    ) -> Moves {
        let left = if pass { 1 } else { count };
        let steps = GenericMoves { width, height, places, origins, empty, from: (0, 0), ring: 0, pass, left };
        Moves(Inner::Any(steps))
    }
}

impl GenericMoves {
    fn square(&self, i: usize) -> Square {
        let w = usize::from(self.width);
        Square::new((i % w) as u8, (i / w) as u8).unwrap_or_else(|| unreachable!("indices stay on the board"))
    }

    /// The destinations of a jump from `(c, r)` among the empty squares.
    fn ring(&self, (c, r): (u8, u8)) -> u32 {
        let (w, h) = (i16::from(self.width), i16::from(self.height));
        let mut ring = 0;
        for (bit, &(dc, dr)) in RING2.iter().enumerate() {
            let (x, y) = (i16::from(c) + i16::from(dc), i16::from(r) + i16::from(dr));
            if (0..w).contains(&x) && (0..h).contains(&y) && self.empty.has((y * w + x) as usize) {
                ring |= 1 << bit;
            }
        }
        ring
    }

    fn next(&mut self) -> Option<Move> {
        if let Some(i) = self.places.lowest() {
            self.places = self.places.without_lowest();
            self.left -= 1;
            return Some(Move::Place(self.square(i)));
        }
        loop {
            if self.ring != 0 {
                let (dc, dr) = RING2[self.ring.trailing_zeros() as usize];
                self.ring &= self.ring - 1;
                let (c, r) = self.from;
                let to = Square::new(c.wrapping_add_signed(dc), r.wrapping_add_signed(dr))
                    .unwrap_or_else(|| unreachable!("ring squares are on the board"));
                let from = Square::new(c, r).unwrap_or_else(|| unreachable!("origins are on the board"));
                self.left -= 1;
                return Some(Move::Jump { from, to });
            }
            let from = self.origins.lowest()?;
            self.origins = self.origins.without_lowest();
            let w = usize::from(self.width);
            self.from = ((from % w) as u8, (from / w) as u8);
            self.ring = self.ring(self.from);
        }
    }
}

impl Iterator for Moves {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        match &mut self.0 {
            Inner::Othello { places, pass } => match places.next() {
                Some(sq) => Some(Move::Place(sq.into())),
                None => core::mem::take(pass).then_some(Move::Pass),
            },
            Inner::Any(steps) => {
                if let Some(mv) = steps.next() {
                    return Some(mv);
                }
                core::mem::take(&mut steps.pass).then(|| {
                    steps.left = 0;
                    Move::Pass
                })
            }
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = match &self.0 {
            Inner::Othello { places, pass } => places.len() + usize::from(*pass),
            Inner::Any(steps) => steps.left,
        };
        (n, Some(n))
    }
}

impl ExactSizeIterator for Moves {}
impl FusedIterator for Moves {}
