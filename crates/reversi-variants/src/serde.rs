//! `serde` support (feature `serde`). Squares, moves and variants serialise as
//! their text; a geometry as `{width, height, holes}`; a position as
//! `{variant, position}` with the RULES.md text. Everything read is validated
//! through the same constructors and parsers as in code (`try_from`).

use serde::{Deserialize, Serialize};

use crate::{Geometry, GeometryError, Move, ParsePositionError, Position, Square, Variant};

reversi_core::text_serde!(Square, "a square such as j10");
reversi_core::text_serde!(Move, "a move such as c3, a1c3 or pass");
reversi_core::text_serde!(Variant, "reversi, reversitacks or attacks");

/// The serialised form of a [`Geometry`].
#[derive(Serialize, Deserialize)]
pub(crate) struct GeometryRepr {
    width: usize,
    height: usize,
    #[serde(default)]
    holes: Vec<Square>,
}

impl From<Geometry> for GeometryRepr {
    fn from(g: Geometry) -> GeometryRepr {
        GeometryRepr { width: g.width().into(), height: g.height().into(), holes: g.holes().collect() }
    }
}

impl TryFrom<GeometryRepr> for Geometry {
    type Error = GeometryError;
    fn try_from(r: GeometryRepr) -> Result<Geometry, GeometryError> {
        Geometry::new(r.width, r.height)?.with_holes(r.holes)
    }
}

/// The serialised form of a [`Position`].
#[derive(Serialize, Deserialize)]
pub(crate) struct PositionRepr {
    variant: Variant,
    position: String,
}

impl From<Position> for PositionRepr {
    fn from(p: Position) -> PositionRepr {
        PositionRepr { variant: p.variant(), position: p.to_string() }
    }
}

impl TryFrom<PositionRepr> for Position {
    type Error = ParsePositionError;
    fn try_from(r: PositionRepr) -> Result<Position, ParsePositionError> {
        Position::from_text(r.variant, &r.position)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Geometry, Move, Position, Variant};

    #[test]
    fn json_round_trips() {
        let pos = Position::start(Variant::Reversi, Geometry::octagon().with_holes(["e2".parse().unwrap()]).unwrap())
            .unwrap();
        let json = serde_json::to_string(&pos).unwrap();
        assert!(json.starts_with(r###"{"variant":"reversi","position":"##-"###), "{json}");
        assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
        let g = serde_json::to_string(pos.geometry()).unwrap();
        assert_eq!(serde_json::from_str::<Geometry>(&g).unwrap(), *pos.geometry());
        assert_eq!(serde_json::to_string(&"a1c3".parse::<Move>().unwrap()).unwrap(), r#""a1c3""#);
    }

    #[test]
    fn invalid_input_is_rejected() {
        assert!(serde_json::from_str::<Geometry>(r#"{"width":27,"height":8}"#).is_err());
        assert!(serde_json::from_str::<Geometry>(r#"{"width":8,"height":8,"holes":["i1"]}"#).is_err());
        let err = serde_json::from_str::<Position>(r#"{"variant":"attacks","position":"--/--- X"}"#).unwrap_err();
        assert!(err.to_string().contains("row 2 has 3 squares"), "{err}");
        assert!(serde_json::from_str::<Variant>(r#""chess""#).is_err());
    }
}
