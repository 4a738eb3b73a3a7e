//! The game record: what a file says about one game.

use reversi_core::Color;
use reversi_variants::{Geometry, Move, Position, StartError, Variant};

/// One ply of a record: a move (a pass is a move) and what the format says
/// about it.
#[derive(Clone, Debug, PartialEq)]
pub struct Ply {
    /// The move.
    pub mv: Move,
    /// The evaluation written with the move, if any (GGF).
    pub eval: Option<f64>,
    /// The seconds the move took, if written (GGF).
    pub seconds: Option<f64>,
}

impl From<Move> for Ply {
    fn from(mv: Move) -> Ply {
        Ply { mv, eval: None, seconds: None }
    }
}

/// A game record: the game, the people, the moves.
///
/// The start is the default start of `variant` on `geometry` with `first` to
/// move, unless `start` gives a position. Fields a format has no place for are
/// kept in `extra` (in the order read) so that writing the record back loses
/// nothing.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The game.
    pub variant: Variant,
    /// The board.
    pub geometry: Geometry,
    /// Who moves first from the default start.
    pub first: Color,
    /// A start other than the default one.
    pub start: Option<Position>,
    /// Black's player.
    pub black: Option<String>,
    /// White's player.
    pub white: Option<String>,
    /// The event or tournament.
    pub event: Option<String>,
    /// The date, as the format writes it.
    pub date: Option<String>,
    /// The result as written: discs (or pieces) of Black and White.
    pub result: Option<(u16, u16)>,
    /// The moves, passes included where the format writes them.
    pub moves: Vec<Ply>,
    /// Other fields, name and value, kept for writing back.
    pub extra: Vec<(String, String)>,
}

impl Record {
    /// An 8x8 Reversi record with Black first, no moves and no metadata.
    #[must_use]
    pub fn new() -> Record {
        Record::of(Variant::Reversi, Geometry::standard())
    }

    /// A record of `variant` on `geometry`, Black first, no moves.
    #[must_use]
    pub fn of(variant: Variant, geometry: Geometry) -> Record {
        Record {
            variant,
            geometry,
            first: Color::Black,
            start: None,
            black: None,
            white: None,
            event: None,
            date: None,
            result: None,
            moves: Vec::new(),
            extra: Vec::new(),
        }
    }

    /// The start position: `start`, or the default start.
    ///
    /// # Errors
    /// [`StartError`] when there is no `start` and the default one does not fit
    /// the board.
    pub fn start_position(&self) -> Result<Position, StartError> {
        match self.start {
            Some(pos) => Ok(pos),
            None => Position::start_with_first(self.variant, self.geometry, self.first),
        }
    }

    /// Whether this is 8x8 Reversi without holes from the standard start (the
    /// game that WTHOR and the compact transcript can hold).
    #[must_use]
    pub fn is_standard_othello(&self) -> bool {
        self.variant == Variant::Reversi && self.geometry == Geometry::standard() && self.start.is_none()
    }
}

impl Default for Record {
    fn default() -> Record {
        Record::new()
    }
}
