//! Scores and results.

use crate::Color;

/// Disc counts of both sides.
///
/// [`Position::score`](crate::Position::score) gives the raw counts (discs on the
/// board); [`Position::score_empties_to_winner`](crate::Position::score_empties_to_winner)
/// gives the WOF/GGS counts, where the empty squares go to the side with more
/// discs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Score {
    /// Black's discs.
    pub black: u8,
    /// White's discs.
    pub white: u8,
}

impl Score {
    /// The count of one side.
    #[must_use]
    pub const fn of(self, color: Color) -> u8 {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// Black's count minus White's.
    #[must_use]
    pub const fn margin(self) -> i8 {
        (self.black as i16 - self.white as i16) as i8
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
        let empties = 64u8.saturating_sub(self.black.saturating_add(self.white));
        match self.leader() {
            Some(Color::Black) => Score { black: self.black.saturating_add(empties), white: self.white },
            Some(Color::White) => Score { black: self.black, white: self.white.saturating_add(empties) },
            None => {
                Score { black: self.black.saturating_add(empties / 2), white: self.white.saturating_add(empties / 2) }
            }
        }
    }
}

/// How a finished game ended.
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
