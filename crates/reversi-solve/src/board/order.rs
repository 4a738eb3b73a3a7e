//! Static square values for move ordering on any board, holes included.
//!
//! A square is a *corner* when along each of the four lines through it at
//! least one neighbour is off the board or a hole: no line can bracket a
//! disc there, so a disc placed on it is never flipped (on the plain board
//! the four corners; beside holes, more). An *edge* square has such a
//! blocked line in at least one direction. A square next to an empty corner
//! (the X- and C-squares of 8x8) tends to give that corner away.

use reversi_variants::{Geometry, Square};

/// Ordering bonus of a corner.
const CORNER: i32 = 64;
/// Ordering bonus of an edge square.
const EDGE: i32 = 8;
/// Ordering malus of a square next to a corner.
const NEXT_TO_CORNER: i32 = -24;

/// The four lines through a square, as steps one way (the other way is the
/// opposite step).
const LINES: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// The static ordering value of every square of `geometry`, by index
/// (`row * width + column`); 0 for holes.
#[must_use]
pub(super) fn square_values(geometry: &Geometry) -> Vec<i32> {
    let (w, h) = (i32::from(geometry.width()), i32::from(geometry.height()));
    let playable = |c: i32, r: i32| {
        (0..w).contains(&c)
            && (0..h).contains(&r)
            && Square::new(c as u8, r as u8).is_some_and(|sq| geometry.is_playable(sq))
    };
    let blocked_lines = |c: i32, r: i32| {
        LINES.iter().filter(|&&(dc, dr)| !playable(c + dc, r + dr) || !playable(c - dc, r - dr)).count()
    };
    let corner = |c: i32, r: i32| playable(c, r) && blocked_lines(c, r) == LINES.len();
    let mut values = Vec::with_capacity(geometry.square_count());
    for r in 0..h {
        for c in 0..w {
            let value = if !playable(c, r) {
                0
            } else if corner(c, r) {
                CORNER
            } else {
                let near_corner = (-1..=1).any(|dr| (-1..=1).any(|dc| (dc, dr) != (0, 0) && corner(c + dc, r + dr)));
                if near_corner {
                    NEXT_TO_CORNER
                } else if blocked_lines(c, r) > 0 {
                    EDGE
                } else {
                    0
                }
            };
            values.push(value);
        }
    }
    values
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_edges_and_their_neighbours() {
        let values = square_values(&Geometry::standard());
        let at = |s: &str| {
            let sq: Square = s.parse().unwrap();
            values[usize::from(sq.row()) * 8 + usize::from(sq.column())]
        };
        assert_eq!([at("a1"), at("h1"), at("a8"), at("h8")], [CORNER; 4]);
        assert_eq!([at("b2"), at("b1"), at("g8")], [NEXT_TO_CORNER; 3]);
        assert_eq!([at("d1"), at("a5")], [EDGE; 2]);
        assert_eq!(at("d4"), 0);
    }

    #[test]
    fn holes_make_corners() {
        // The octagon's cut corners: c1 is a corner (b1 a hole on its row,
        // nothing above), so is a3; b2 between them is not (a3-b2-c1 can
        // bracket it) and sits next to both.
        let values = square_values(&Geometry::octagon());
        let at = |c: usize, r: usize| values[r * 10 + c];
        assert_eq!(at(0, 0), 0); // a hole
        assert_eq!([at(2, 0), at(0, 2)], [CORNER; 2]);
        assert_eq!(at(1, 1), NEXT_TO_CORNER);
    }
}
