//! [`StartBuilder`]: a game's start from its parts (variant, board, holes,
//! first mover), typed or as the words a user types, validated once.

use crate::{
    Color, Geometry, GeometryError, ParseSquareError, ParseVariantError, Position, Square, StartError, Variant,
};
use reversi_core::ParseColorError;

/// Why [`StartBuilder`] refused an argument or could not build the start:
/// which argument, what it expected and what it found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StartBuilderError {
    /// A variant name that is not one of [`Variant::NAMES`] or their aliases.
    #[error("variant {found:?}: {reason}")]
    Variant {
        /// The text given.
        found: String,
        /// What was expected.
        reason: ParseVariantError,
    },
    /// A board that is neither `WxH` (1 to 26 each way) nor a named board.
    #[error("board {found:?}: {reason}")]
    Board {
        /// The text given.
        found: String,
        /// What was expected.
        reason: GeometryError,
    },
    /// A hole that is not a square name.
    #[error("hole {found:?}: {reason}")]
    Hole {
        /// The text given.
        found: String,
        /// What was expected.
        reason: ParseSquareError,
    },
    /// A hole off the board (the board's size and the square are in the
    /// [`GeometryError::HoleOffBoard`]).
    #[error("holes: {0}")]
    Holes(GeometryError),
    /// A first mover that is not a colour name.
    #[error("first mover {found:?}: {reason}")]
    First {
        /// The text given.
        found: String,
        /// What was expected.
        reason: ParseColorError,
    },
    /// Valid parts whose start cannot exist: it does not fit the board, a
    /// start square is a hole, or two start squares meet.
    #[error(transparent)]
    Start(#[from] StartError),
}

/// The start of a game from its parts, checked once in [`build`](Self::build):
/// the variant (default Reversi), the board (default 8x8), holes added to the
/// board's own (default none) and the side that moves first (default Black).
/// Each part is set typed ([`variant`](Self::variant)) or read from the text a
/// user types ([`parse_variant`](Self::parse_variant)), the text refused with
/// the argument and the text named.
///
/// ```
/// use reversi_variants::{Color, StartBuilder, StartBuilderError, Variant};
///
/// let pos = StartBuilder::new()
///     .variant(Variant::Attacks)
///     .parse_board("7x7")?
///     .parse_holes(["c3", "e5"])?
///     .first(Color::White)
///     .build()?;
/// assert_eq!(pos.side_to_move(), Color::White);
/// assert_eq!(pos.geometry().holes().count(), 2);
///
/// let bad = StartBuilder::new().parse_holes(["d4", "z99"]).unwrap_err();
/// assert_eq!(bad.to_string(), r#"hole "z99": expected a square from a1 to z26"#);
/// let obstructed = StartBuilder::new().parse_holes(["d4"])?.build().unwrap_err();
/// assert!(matches!(obstructed, StartBuilderError::Start(_)));
/// # Ok::<(), StartBuilderError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartBuilder {
    variant: Variant,
    board: Geometry,
    holes: Vec<Square>,
    first: Color,
}

impl Default for StartBuilder {
    fn default() -> StartBuilder {
        StartBuilder::new()
    }
}

impl StartBuilder {
    /// Reversi on 8x8, no holes, Black first: the standard start.
    #[must_use]
    pub fn new() -> StartBuilder {
        StartBuilder { variant: Variant::Reversi, board: Geometry::standard(), holes: Vec::new(), first: Color::Black }
    }

    /// The game.
    #[must_use]
    pub fn variant(mut self, variant: Variant) -> StartBuilder {
        self.variant = variant;
        self
    }

    /// The board, with its own holes (the octagon's corners); holes given to
    /// [`holes`](Self::holes) are added to these.
    #[must_use]
    pub fn board(mut self, board: Geometry) -> StartBuilder {
        self.board = board;
        self
    }

    /// Adds obstructed squares, checked against the board in [`build`](Self::build).
    #[must_use]
    pub fn holes(mut self, holes: impl IntoIterator<Item = Square>) -> StartBuilder {
        self.holes.extend(holes);
        self
    }

    /// The side that moves first (the first-mover rule option).
    #[must_use]
    pub fn first(mut self, first: Color) -> StartBuilder {
        self.first = first;
        self
    }

    /// Reads the variant: a name of [`Variant::NAMES`] or an alias, any case.
    ///
    /// # Errors
    /// [`StartBuilderError::Variant`] for any other text.
    pub fn parse_variant(self, text: &str) -> Result<StartBuilder, StartBuilderError> {
        let variant = text.parse().map_err(|reason| StartBuilderError::Variant { found: text.to_owned(), reason })?;
        Ok(self.variant(variant))
    }

    /// Reads the board: `WxH` (`8x8`, `10x6`) or `octagon`.
    ///
    /// # Errors
    /// [`StartBuilderError::Board`] for other text or a size outside 1 to 26.
    pub fn parse_board(self, text: &str) -> Result<StartBuilder, StartBuilderError> {
        let board = text.parse().map_err(|reason| StartBuilderError::Board { found: text.to_owned(), reason })?;
        Ok(self.board(board))
    }

    /// Reads and adds holes, one square name (`c3`) each.
    ///
    /// # Errors
    /// [`StartBuilderError::Hole`] for the first text that is not a square.
    pub fn parse_holes<S: AsRef<str>>(
        mut self,
        holes: impl IntoIterator<Item = S>,
    ) -> Result<StartBuilder, StartBuilderError> {
        for hole in holes {
            let text = hole.as_ref();
            let sq = text.parse().map_err(|reason| StartBuilderError::Hole { found: text.to_owned(), reason })?;
            self.holes.push(sq);
        }
        Ok(self)
    }

    /// Reads and adds holes written as one list, squares separated by commas
    /// (`a1,c3`; spaces around a square and empty items are ignored).
    ///
    /// # Errors
    /// As [`parse_holes`](Self::parse_holes).
    pub fn parse_hole_list(self, list: &str) -> Result<StartBuilder, StartBuilderError> {
        self.parse_holes(list.split(',').map(str::trim).filter(|s| !s.is_empty()))
    }

    /// Reads the first mover: `black` or `white` (any case; also one of
    /// `X`, `O`, `*`, `B`, `W`).
    ///
    /// # Errors
    /// [`StartBuilderError::First`] for anything else.
    pub fn parse_first(self, text: &str) -> Result<StartBuilder, StartBuilderError> {
        let first = text.parse().map_err(|reason| StartBuilderError::First { found: text.to_owned(), reason })?;
        Ok(self.first(first))
    }

    /// The board with the holes added: what a command that needs only the
    /// board (no start) reads.
    ///
    /// # Errors
    /// [`StartBuilderError::Holes`] when a hole is off the board.
    pub fn geometry(&self) -> Result<Geometry, StartBuilderError> {
        self.board.with_holes(self.holes.iter().copied()).map_err(StartBuilderError::Holes)
    }

    /// The start of the variant on the board with its holes, the first mover
    /// to move ([`Position::start_with_first`]).
    ///
    /// # Errors
    /// [`StartBuilderError::Holes`] when a hole is off the board,
    /// [`StartBuilderError::Start`] when the start cannot exist there.
    pub fn build(&self) -> Result<Position, StartBuilderError> {
        Ok(Position::start_with_first(self.variant, self.geometry()?, self.first)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_defaults_are_the_standard_start() {
        assert_eq!(StartBuilder::new().build(), Ok(Position::start(Variant::Reversi, Geometry::standard()).unwrap()));
        assert_eq!(StartBuilder::default(), StartBuilder::new());
    }

    #[test]
    fn text_and_typed_parts_build_the_same_start() {
        let typed = StartBuilder::new()
            .variant(Variant::Reversitacks)
            .board(Geometry::new(7, 5).unwrap())
            .holes(["b2".parse().unwrap()])
            .first(Color::White);
        let text = StartBuilder::new()
            .parse_variant("Reversitacks")
            .and_then(|b| b.parse_board("7X5"))
            .and_then(|b| b.parse_hole_list(" b2, ,"))
            .and_then(|b| b.parse_first("WHITE"))
            .unwrap();
        assert_eq!(typed, text);
        let pos = text.build().unwrap();
        assert_eq!((pos.variant(), pos.side_to_move()), (Variant::Reversitacks, Color::White));
        assert!(pos.geometry().is_hole("b2".parse().unwrap()));
    }

    #[test]
    fn the_listed_names_are_the_names_read() {
        for (v, name) in Variant::ALL.into_iter().zip(Variant::NAMES) {
            assert_eq!((v.name(), name.parse()), (name, Ok(v)));
            for alias in v.aliases() {
                assert_eq!(alias.to_uppercase().parse(), Ok(v));
            }
        }
        for (c, name) in Color::ALL.into_iter().zip(Color::NAMES) {
            assert_eq!((c.name(), StartBuilder::new().parse_first(name).map(|b| b.first)), (name, Ok(c)));
        }
    }

    #[test]
    fn holes_add_to_the_boards_own() {
        let octagon = StartBuilder::new().parse_board("octagon").unwrap();
        let more = octagon.parse_holes(["c5"]).unwrap().geometry().unwrap();
        assert_eq!(more.holes().count(), Geometry::octagon().holes().count() + 1);
    }

    #[test]
    fn each_bad_part_names_its_argument_and_text() {
        let b = StartBuilder::new();
        let variant = b.clone().parse_variant("chess").unwrap_err();
        assert_eq!(variant, StartBuilderError::Variant { found: "chess".into(), reason: ParseVariantError });
        assert!(variant.to_string().starts_with("variant \"chess\": expected a variant"), "{variant}");
        let board = b.clone().parse_board("27x8").unwrap_err();
        assert_eq!(
            board,
            StartBuilderError::Board {
                found: "27x8".into(),
                reason: GeometryError::SizeOutOfRange { width: 27, height: 8 }
            }
        );
        assert_eq!(
            b.clone().parse_board("8 by 8").unwrap_err(),
            StartBuilderError::Board { found: "8 by 8".into(), reason: GeometryError::BadText }
        );
        assert_eq!(
            b.clone().parse_hole_list("a1,zz").unwrap_err(),
            StartBuilderError::Hole { found: "zz".into(), reason: ParseSquareError }
        );
        assert_eq!(
            b.clone().parse_first("red").unwrap_err(),
            StartBuilderError::First { found: "red".into(), reason: ParseColorError }
        );
        let off = b.clone().parse_holes(["i1"]).unwrap().build().unwrap_err();
        assert_eq!(off, StartBuilderError::Holes(GeometryError::HoleOffBoard("i1".parse().unwrap(), 8, 8)));
        assert_eq!(off.to_string(), "holes: obstructed square i1 is off the 8x8 board");
        let obstructed = b.clone().parse_holes(["e4"]).unwrap().build().unwrap_err();
        assert_eq!(obstructed, StartBuilderError::Start(StartError::Obstructed("e4".parse().unwrap())));
        let small = b.board(Geometry::new(1, 3).unwrap()).build().unwrap_err();
        assert!(matches!(small, StartBuilderError::Start(StartError::DoesNotFit { width: 1, height: 3, .. })));
    }

    proptest! {
        /// Every combination of valid parts builds the start
        /// `Position::start_with_first` makes, from text or typed.
        #[test]
        fn valid_parts_build_their_start(
            v in 0usize..3, w in 1usize..=26, h in 1usize..=26, white in any::<bool>(),
            holes in proptest::collection::vec((0u8..26, 0u8..26), 0..6),
        ) {
            let variant = Variant::ALL[v];
            let first = if white { Color::White } else { Color::Black };
            let holes: Vec<Square> = holes.into_iter()
                .filter(|&(c, r)| usize::from(c) < w && usize::from(r) < h)
                .map(|(c, r)| Square::new(c, r).unwrap()).collect();
            let names: Vec<String> = holes.iter().map(ToString::to_string).collect();
            let built = StartBuilder::new()
                .parse_variant(variant.name())
                .and_then(|b| b.parse_board(&format!("{w}x{h}")))
                .and_then(|b| b.parse_holes(&names))
                .and_then(|b| b.parse_first(first.name()))
                .unwrap();
            let geometry = Geometry::new(w, h).unwrap().with_holes(holes.iter().copied()).unwrap();
            let typed = StartBuilder::new().variant(variant).board(Geometry::new(w, h).unwrap()).holes(holes).first(first);
            prop_assert_eq!(&built, &typed);
            let expected = Position::start_with_first(variant, geometry, first).map_err(StartBuilderError::Start);
            prop_assert_eq!(built.build(), expected);
        }

        /// Any text for any part gives a start or the part's own error, never a panic.
        #[test]
        fn any_text_is_a_part_or_its_error(text in "\\PC{0,12}") {
            let b = StartBuilder::new();
            let named = |e: &StartBuilderError| match e {
                StartBuilderError::Variant { found, .. }
                | StartBuilderError::Board { found, .. }
                | StartBuilderError::First { found, .. } => found == &text,
                _ => false,
            };
            if let Err(e) = b.clone().parse_variant(&text) {
                prop_assert!(matches!(e, StartBuilderError::Variant { .. }) && named(&e), "{:?}", e);
            }
            if let Err(e) = b.clone().parse_board(&text) {
                prop_assert!(matches!(e, StartBuilderError::Board { .. }) && named(&e), "{:?}", e);
            }
            if let Err(e) = b.clone().parse_first(&text) {
                prop_assert!(matches!(e, StartBuilderError::First { .. }) && named(&e), "{:?}", e);
            }
            match b.parse_hole_list(&text) {
                Ok(b) => {
                    let built = b.build();
                    let fine = matches!(built, Ok(_) | Err(StartBuilderError::Holes(_) | StartBuilderError::Start(_)));
                    prop_assert!(fine, "{:?}", built);
                }
                Err(e) => prop_assert!(matches!(e, StartBuilderError::Hole { ref found, .. } if text.contains(found.as_str())), "{:?}", e),
            }
        }
    }
}
