//! The grid drawing behind both crates' `pretty()`: column letters, numbered
//! rows, one character a square, then the counts and whose move it is.

use core::fmt;

use crate::{Color, Score};

/// Draws a `width` x `height` board (at most 26 each) whose square at
/// `(column, row)` is `cell(column, row)`, then `X b O w, ` and `game over`
/// or whose move it is (`to_move` is `None` once the game is over).
///
/// Not public API (exempt from semver): for reversi-variants' `pretty()`.
///
/// # Errors
/// The formatter's.
pub fn write_grid(
    f: &mut fmt::Formatter<'_>,
    (width, height): (u8, u8),
    cell: impl Fn(u8, u8) -> char,
    score: Score,
    to_move: Option<Color>,
) -> fmt::Result {
    // Row numbers take up to two digits: the columns line up under them.
    let margin = if height > 9 { 3 } else { 2 };
    write!(f, "{:margin$}", "")?;
    for c in 0..width {
        let sep = if c == 0 { "" } else { " " };
        write!(f, "{sep}{}", char::from(b'a' + c))?;
    }
    for r in 0..height {
        write!(f, "\n{:<w$}", r + 1, w = margin - 1)?;
        for c in 0..width {
            write!(f, " {}", cell(c, r))?;
        }
    }
    write!(f, "\nX {} O {}, ", score.black, score.white)?;
    match to_move {
        Some(side) => write!(f, "{side} to move"),
        None => f.write_str("game over"),
    }
}
