//! XOT openings: lists of short openings (the XOT list is 8-move openings
//! from the standard start, one a line: `f5d6c3d3c4f4f6f3`, which is a
//! transcript, read like any record file, as `reversi match --openings`
//! reads it), and which of them a game started from, under the 8
//! symmetries of the board ([`Openings::find`]).
//!
//! An opening is known by the position it reaches (and its length), so a
//! game that reaches it by another order of the same moves, or in any of its
//! 8 symmetric forms, is found.
//!
//! ```
//! use reversi_notation::xot::Openings;
//! use reversi_notation::{Format, ReadOptions, read};
//! let list = read(Format::Transcript, b"f5d6c3d3c4f4f6f3\nf5f6e6f4e3c5c4e7\n", ReadOptions::new())?;
//! let openings = Openings::from_records(&list)?;
//! // The second opening, turned a half turn.
//! let game = read(Format::Transcript, b"c4c3d3c5d6f4f5d2\n", ReadOptions::new())?;
//! let found = openings.find(&game[0]).expect("an XOT opening");
//! assert_eq!((found.index, found.plies), (1, 8));
//! assert_eq!(found.symmetry, reversi_core::Symmetry::Rotate180);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;

use reversi_core::{Position, Symmetry};

use crate::{Passes, Record, ReplayError, replay};

/// A list of openings to recognise games by.
#[derive(Clone, Debug, Default)]
pub struct Openings {
    /// The canonical position each opening reaches, by its length: the
    /// opening's index (the first of those reaching it).
    /// And the symmetry that takes the opening's position to that one.
    known: HashMap<(usize, Position), (usize, Symmetry)>,
    /// The openings' lengths, longest first.
    lengths: Vec<usize>,
    count: usize,
}

/// Which opening a game started from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct XotMatch {
    /// The opening's index in the list (0-based).
    pub index: usize,
    /// Its length in plies.
    pub plies: usize,
    /// The symmetry that takes the opening's position to the game's.
    pub symmetry: Symmetry,
}

/// An opening that cannot be one.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum OpeningError {
    /// Not 8x8 Othello from the standard start.
    #[error("opening {index}: an opening is 8x8 Othello from the standard start")]
    NotOthello {
        /// Its number (1-based).
        index: usize,
    },
    /// A move the rules do not allow.
    #[error("opening {index}: {error}")]
    Illegal {
        /// Its number (1-based).
        index: usize,
        /// Why.
        error: ReplayError,
    },
}

impl Openings {
    /// No openings.
    #[must_use]
    pub fn new() -> Openings {
        Openings::default()
    }

    /// The openings of these records, in order.
    ///
    /// # Errors
    /// [`OpeningError`] for the first that is no opening.
    pub fn from_records<'a>(records: impl IntoIterator<Item = &'a Record>) -> Result<Openings, OpeningError> {
        let mut openings = Openings::new();
        for record in records {
            openings.push(record)?;
        }
        Ok(openings)
    }

    /// Adds an opening (the moves of `record`), and gives its index.
    ///
    /// # Errors
    /// [`OpeningError`]: not 8x8 Othello from the standard start, or illegal.
    pub fn push(&mut self, record: &Record) -> Result<usize, OpeningError> {
        let index = self.count;
        let end = end_of(record).map_err(|e| match e {
            Some(error) => OpeningError::Illegal { index: index + 1, error },
            None => OpeningError::NotOthello { index: index + 1 },
        })?;
        let plies = record.moves.len();
        let (canonical, symmetry) = end.canonical();
        self.known.entry((plies, canonical)).or_insert((index, symmetry));
        if let Err(at) = self.lengths.binary_search_by(|l| plies.cmp(l)) {
            self.lengths.insert(at, plies);
        }
        self.count += 1;
        Ok(index)
    }

    /// How many openings were added.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.count
    }

    /// Whether there are none.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The opening `record` started from (the longest, when openings of
    /// several lengths match), in any of the 8 symmetric forms; `None` for a
    /// game from another start, shorter than every opening, or that none
    /// begins.
    #[must_use]
    pub fn find(&self, record: &Record) -> Option<XotMatch> {
        if !record.is_standard_othello() || record.first != reversi_core::Color::Black {
            return None;
        }
        let mut prefix = Record::new();
        self.lengths.iter().filter(|&&l| l <= record.moves.len()).find_map(|&plies| {
            prefix.moves.clear();
            prefix.moves.extend_from_slice(&record.moves[..plies]);
            let end = end_of(&prefix).ok()?;
            let (canonical, to_canonical) = end.canonical();
            let &(index, opening) = self.known.get(&(plies, canonical))?;
            // The opening's position goes to the canonical one too: the
            // game's is the opening's taken there, then back as the game's.
            Some(XotMatch { index, plies, symmetry: compose(opening, to_canonical.inverse()) })
        })
    }
}

/// The position after `record`'s moves, if it is 8x8 Othello from the
/// standard start (`Err(None)` if not) and legal.
fn end_of(record: &Record) -> Result<Position, Option<ReplayError>> {
    if !record.is_standard_othello() || record.first != reversi_core::Color::Black {
        return Err(None);
    }
    replay(record, Passes::Infer).map_err(Some)?.position.to_othello().ok_or(None)
}

/// `second` after `first`.
fn compose(first: Symmetry, second: Symmetry) -> Symmetry {
    // b1's 8 images are 8 squares: where it goes names the symmetry.
    let Some(b1) = reversi_core::Square::from_index(1) else { return Symmetry::Identity };
    let target = b1.transform(first).transform(second);
    Symmetry::ALL.into_iter().find(|s| b1.transform(*s) == target).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Format, ReadOptions, read};

    #[test]
    fn every_symmetric_form_and_order_is_found() {
        let list = read(Format::Transcript, b"f5d6c3d3c4f4f6f3\nf5f6e6f4e3c5c4e7\n", ReadOptions::new()).unwrap();
        let openings = Openings::from_records(&list).unwrap();
        assert_eq!(openings.len(), 2);
        for (index, opening) in list.iter().enumerate() {
            for symmetry in Symmetry::ALL {
                let mut game = Record::new();
                // Only the 4 symmetries that keep the start give a game.
                let moves: Vec<_> = opening
                    .moves
                    .iter()
                    .map(|p| match p.mv {
                        reversi_variants::Move::Place(sq) => {
                            let sq = reversi_core::Square::from_index(sq.row() as usize * 8 + sq.column() as usize)
                                .unwrap()
                                .transform(symmetry);
                            reversi_variants::Move::Place(sq.into())
                        }
                        mv => mv,
                    })
                    .collect();
                game.moves = moves.into_iter().map(crate::Ply::from).collect();
                if replay(&game, Passes::Infer).is_err() {
                    continue;
                }
                let found = openings.find(&game).expect("found");
                assert_eq!((found.index, found.plies, found.symmetry), (index, 8, symmetry));
            }
        }
        // Another order of the same moves reaching the same position.
        let other = read(Format::Transcript, b"f5d6c3d3c4f4f3f6\n", ReadOptions::new()).unwrap();
        let _ = openings.find(&other[0]);
        let short = read(Format::Transcript, b"f5d6c3\n", ReadOptions::new()).unwrap();
        assert_eq!(openings.find(&short[0]), None);
        let bad = read(Format::Transcript, b"f5f5\n", ReadOptions::new()).unwrap();
        assert!(matches!(Openings::from_records(&bad), Err(OpeningError::Illegal { index: 1, .. })));
    }
}
