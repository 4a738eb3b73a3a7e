//! `serde` support (feature `serde`): a record is an object of its fields,
//! validated on the way in (a `start` must be a position of the record's
//! variant and board; positions, boards and moves validate themselves).

use reversi_core::Color;
use reversi_variants::{Geometry, Position, Variant};
use serde::{Deserialize, Serialize};

use crate::{GameResult, Ply, Record};

/// The serialised form of a [`Record`].
#[derive(Serialize, Deserialize)]
pub(crate) struct RecordRepr {
    variant: Variant,
    geometry: Geometry,
    #[serde(default = "black")]
    first: Color,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    start: Option<Position>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    black: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    white: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    event: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    date: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    result: Option<GameResult>,
    #[serde(default)]
    moves: Vec<Ply>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    extra: Vec<(String, String)>,
}

fn black() -> Color {
    Color::Black
}

/// A deserialised record whose start is not a position of its variant and
/// board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the start is a {start_variant} position on {start_geometry}, the record is {variant} on {geometry}")]
#[non_exhaustive]
pub struct RecordStartError {
    /// The record's variant.
    pub variant: Variant,
    /// The record's board.
    pub geometry: Geometry,
    /// The start's variant.
    pub start_variant: Variant,
    /// The start's board.
    pub start_geometry: Geometry,
}

impl From<Record> for RecordRepr {
    fn from(r: Record) -> RecordRepr {
        let Record { variant, geometry, first, start, black, white, event, date, result, moves, extra, origin: _ } = r;
        RecordRepr { variant, geometry, first, start, black, white, event, date, result, moves, extra }
    }
}

impl TryFrom<RecordRepr> for Record {
    type Error = RecordStartError;
    fn try_from(r: RecordRepr) -> Result<Record, RecordStartError> {
        let RecordRepr { variant, geometry, first, start, black, white, event, date, result, moves, extra } = r;
        if let Some(p) = start
            && (p.variant() != variant || *p.geometry() != geometry)
        {
            return Err(RecordStartError {
                variant,
                geometry,
                start_variant: p.variant(),
                start_geometry: *p.geometry(),
            });
        }
        Ok(Record { variant, geometry, first, start, black, white, event, date, result, moves, extra, origin: None })
    }
}

#[cfg(test)]
mod tests {
    use crate::{GameResult, Record, pgn};

    #[test]
    fn json_round_trips_and_validates() {
        let text = "[Black \"Ann\"]\n[Result \"+8.5:r\"]\n[Site \"home\"]\n\n1. f5 {[%eval 2.5]} d6 2. c3 *";
        let record = pgn::read(text).unwrap().remove(0);
        let json = serde_json::to_string(&record).unwrap();
        assert_eq!(
            json,
            r#"{"variant":"reversi","geometry":{"width":8,"height":8,"holes":[]},"first":"X","black":"Ann","result":{"net":{"margin":8.5,"how":"r"}},"moves":[{"mv":"f5","eval":2.5},{"mv":"d6"},{"mv":"c3"}],"extra":[["Site","home"]]}"#
        );
        assert_eq!(serde_json::from_str::<Record>(&json).unwrap(), record);
        let discs = GameResult::Discs { black: 33, white: 31 };
        assert_eq!(serde_json::to_string(&discs).unwrap(), r#"{"discs":{"black":33,"white":31}}"#);
        // A start on another board is refused; so is a move that is not one.
        let bad = r#"{"variant":"reversi","geometry":{"width":8,"height":8},"start":{"variant":"reversi","position":"---/-XO/--- X"}}"#;
        assert!(
            serde_json::from_str::<Record>(bad)
                .unwrap_err()
                .to_string()
                .contains("the start is a reversi position on 3x3")
        );
        let bad = r#"{"variant":"reversi","geometry":{"width":8,"height":8},"moves":[{"mv":"k99"}]}"#;
        assert!(serde_json::from_str::<Record>(bad).is_err());
    }
}
