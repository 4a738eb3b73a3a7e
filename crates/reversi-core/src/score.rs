//! Scores and results.

use core::fmt;

use crate::Color;

/// Disc counts of both sides.
///
/// [`Position::score`](crate::Position::score) gives the raw counts (discs on the
/// board); [`Position::score_empties_to_winner`](crate::Position::score_empties_to_winner)
/// gives the WOF/GGS counts, where the empty squares go to the side with more
/// discs.
///
/// Text (`Display`) is Black's count, `-`, White's count, as records write a
/// result: `38-26`. Width, fill and alignment apply.
///
/// ```
/// use reversi_core::{Color, Score};
/// let score = Score { black: 38, white: 26 };
/// assert_eq!(score.to_string(), "38-26");
/// assert_eq!(format!("[{score:>7}]"), "[  38-26]");
/// assert_eq!(score.margin(Color::White), -12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Score {
    /// Black's discs.
    pub black: usize,
    /// White's discs.
    pub white: usize,
}

impl Score {
    /// The count of one side.
    #[must_use]
    pub const fn of(self, color: Color) -> usize {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// The count of `color` minus the other side's: the margin from `color`'s
    /// view, positive when `color` leads. An `i32`, as every margin of the
    /// workspace ([`Position::margin`](crate::Position::margin)).
    ///
    /// ```
    /// use reversi_core::{Color, Score};
    /// let score = Score { black: 40, white: 24 };
    /// assert_eq!((score.margin(Color::Black), score.margin(Color::White)), (16, -16));
    /// ```
    #[must_use]
    pub const fn margin(self, color: Color) -> i32 {
        // Counts of an 8x8 board (at most 64 each) fit an i32; saturate beyond.
        let (mine, theirs) = match color {
            Color::Black => (self.black, self.white),
            Color::White => (self.white, self.black),
        };
        saturating_i32(mine).saturating_sub(saturating_i32(theirs))
    }

    /// The side with more discs; `None` on equal counts.
    #[must_use]
    pub const fn leader(self) -> Option<Color> {
        if self.black > self.white {
            Some(Color::Black)
        } else if self.white > self.black {
            Some(Color::White)
        } else {
            None
        }
    }

    /// The counts with the squares of an 8x8 board that neither side holds given to
    /// the leader, or shared equally on a tie (WOF/GGS scoring).
    ///
    /// ```
    /// use reversi_core::Score;
    /// assert_eq!(Score { black: 40, white: 10 }.with_empties_to_winner(), Score { black: 54, white: 10 });
    /// assert_eq!(Score { black: 20, white: 20 }.with_empties_to_winner(), Score { black: 32, white: 32 });
    /// ```
    #[must_use]
    pub const fn with_empties_to_winner(self) -> Score {
        self.with_empties_to_winner_on(64)
    }

    /// [`with_empties_to_winner`](Score::with_empties_to_winner) on a board of
    /// `squares` playable squares (any board of reversi-variants): on a tie
    /// the empty squares are shared, White taking the odd one.
    ///
    /// ```
    /// use reversi_core::Score;
    /// assert_eq!(Score { black: 24, white: 24 }.with_empties_to_winner_on(49), Score { black: 24, white: 25 });
    /// assert_eq!(Score { black: 30, white: 2 }.with_empties_to_winner_on(36), Score { black: 34, white: 2 });
    /// ```
    #[must_use]
    pub const fn with_empties_to_winner_on(self, squares: usize) -> Score {
        let empties = squares.saturating_sub(self.black.saturating_add(self.white));
        match self.leader() {
            Some(Color::Black) => Score { black: self.black.saturating_add(empties), white: self.white },
            Some(Color::White) => Score { black: self.black, white: self.white.saturating_add(empties) },
            None => Score {
                black: self.black.saturating_add(empties / 2),
                white: self.white.saturating_add(empties - empties / 2),
            },
        }
    }
}

/// `n` as an `i32`, `i32::MAX` when it does not fit.
const fn saturating_i32(n: usize) -> i32 {
    if n > i32::MAX as usize { i32::MAX } else { n as i32 }
}

impl fmt::Display for Score {
    /// `38-26`: Black's count first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::pad::pad_display(f, format_args!("{}-{}", self.black, self.white))
    }
}

/// How a finished game ended.
///
/// Text (`Display`) is the final score, Black first, as records write a result
/// (`38-26`, `32-32` for a draw): the winner follows from it. Width, fill and
/// alignment apply.
///
/// ```
/// use reversi_core::{Color, Outcome, Score};
/// let outcome = Outcome::from_score(Score { black: 38, white: 26 });
/// assert_eq!(outcome.winner, Some(Color::Black));
/// assert_eq!(outcome.to_string(), "38-26");
/// assert_eq!(format!("[{outcome:<6}]"), "[38-26 ]");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The side with more discs; `None` for a draw.
    pub winner: Option<Color>,
    /// The raw disc counts on the final board.
    pub score: Score,
}

impl Outcome {
    /// The outcome of a finished game with these raw counts.
    #[must_use]
    pub const fn from_score(score: Score) -> Outcome {
        Outcome { winner: score.leader(), score }
    }

    /// The final counts with empties to the winner (WOF/GGS).
    #[must_use]
    pub const fn score_empties_to_winner(self) -> Score {
        self.score.with_empties_to_winner()
    }
}

impl fmt::Display for Outcome {
    /// The raw final score, `38-26`: see [`Score`]'s `Display`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.score.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::format;
    use std::string::ToString;

    #[test]
    fn text_is_black_first_and_pads() {
        let score = Score { black: 26, white: 38 };
        assert_eq!(score.to_string(), "26-38");
        assert_eq!(format!("[{score:^9}]"), "[  26-38  ]");
        assert_eq!(format!("[{score:_<7}]"), "[26-38__]");
        let draw = Outcome::from_score(Score { black: 32, white: 32 });
        assert_eq!((draw.winner, draw.to_string()), (None, "32-32".to_string()));
        assert_eq!(format!("[{draw:>6}]"), "[ 32-32]");
    }

    #[test]
    fn margins_from_either_side() {
        let score = Score { black: 13, white: 0 };
        assert_eq!(score.margin(Color::Black), 13);
        assert_eq!(score.margin(Color::White), -13);
        assert_eq!(Score::default().margin(Color::White), 0);
        assert_eq!(Score { black: usize::MAX, white: 0 }.margin(Color::Black), i32::MAX);
    }
}
