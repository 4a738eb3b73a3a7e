//! The position a command starts from, of any variant and board.

use std::str::FromStr;

use clap::Args;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use reversi_core::Color;
use reversi_variants::internal::PositionHooks as _;
use reversi_variants::{Geometry, Position, StartBuilder, StartBuilderError, Variant};

use crate::Failure;

/// A clap parser that offers a library type's names (`values`, with their
/// aliases) and reads the word given with the type's own `FromStr`: the
/// names and the reading stay the library's.
pub(crate) fn library_names<T>(values: impl IntoIterator<Item = PossibleValue>) -> impl TypedValueParser<Value = T>
where
    T: FromStr + Clone + Send + Sync + 'static,
    T::Err: std::error::Error + Send + Sync + 'static,
{
    PossibleValuesParser::new(values).try_map(|word| word.parse::<T>())
}

/// `--variant`: reversi-variants' [`Variant::NAMES`] and aliases.
pub(crate) fn variant_names() -> impl TypedValueParser<Value = Variant> {
    library_names(Variant::ALL.map(|v| PossibleValue::new(v.name()).aliases(v.aliases().iter().copied())))
}

/// `--first`: reversi-core's [`Color::NAMES`].
pub(crate) fn color_names() -> impl TypedValueParser<Value = Color> {
    library_names(Color::NAMES.map(PossibleValue::new))
}

/// The game and board options every command shares (`--variant`, `--board`,
/// `--holes`).
#[derive(Args, Debug)]
pub(crate) struct BoardArgs {
    /// The game: reversi (othello), reversitacks or attacks (ataxx).
    #[arg(long, default_value = "reversi", ignore_case = true, value_parser = variant_names())]
    pub(crate) variant: Variant,
    /// The board: WxH (1x1 to 26x26) or octagon (10x10 without its corners).
    #[arg(long, value_name = "WxH")]
    pub(crate) board: Option<String>,
    /// Obstructed squares, comma-separated: a1,c3,...
    #[arg(long, value_name = "SQUARES")]
    pub(crate) holes: Option<String>,
}

impl BoardArgs {
    /// The board the options describe.
    ///
    /// # Errors
    /// A usage failure naming the bad option.
    pub(crate) fn geometry(&self) -> Result<Geometry, Failure> {
        parse_geometry(self.board.as_deref(), self.holes.as_deref())
    }
}

/// The start options of the commands that play (`perft`, `play`).
#[derive(Args, Debug)]
pub(crate) struct StartArgs {
    #[command(flatten)]
    pub(crate) game: BoardArgs,
    /// Start from this position (RULES.md text; the board size is read from it;
    /// for 8x8 Reversi also the 64-square Edax form), or from the end of any
    /// text notation's paste recognises: a move list (f5d6, 1. F5 f4), a
    /// diagram, GGS's [8 ...] board, a GGF or PGN game.
    #[arg(long, value_name = "TEXT", conflicts_with = "first", allow_hyphen_values = true)]
    pub(crate) position: Option<String>,
    /// Which colour moves first from the default start.
    #[arg(long, default_value = "black", ignore_case = true, value_parser = color_names())]
    pub(crate) first: Color,
}

impl StartArgs {
    /// The start these options describe; `generic` keeps even 8x8 Reversi on
    /// reversi-variants' generic engine.
    pub(crate) fn spec(&self, generic: bool) -> StartSpec<'_> {
        StartSpec {
            variant: self.game.variant,
            board: self.game.board.as_deref(),
            holes: self.game.holes.as_deref(),
            position: self.position.as_deref(),
            first: self.first,
            generic,
        }
    }
}

/// The start of `variant` on the board that `--board` and `--holes`
/// describe (8x8 when neither is given), `first` to move, read by
/// reversi-variants' [`StartBuilder`].
///
/// # Errors
/// A usage failure naming the bad option.
fn start_builder(
    variant: Variant,
    board: Option<&str>,
    holes: Option<&str>,
    first: Color,
) -> Result<StartBuilder, Failure> {
    let mut builder = StartBuilder::new().variant(variant).first(first);
    if let Some(text) = board {
        builder = builder.parse_board(text).map_err(usage)?;
    }
    if let Some(list) = holes {
        builder = builder.parse_hole_list(list).map_err(usage)?;
    }
    Ok(builder)
}

/// The board that `--board` and `--holes` describe (8x8 when neither is given).
///
/// # Errors
/// A usage failure naming the bad option.
pub(crate) fn parse_geometry(board: Option<&str>, holes: Option<&str>) -> Result<Geometry, Failure> {
    start_builder(Variant::Reversi, board, holes, Color::Black)?.geometry().map_err(usage)
}

/// A start builder's refusal as a usage failure naming the option.
fn usage(e: StartBuilderError) -> Failure {
    Failure::usage(match e {
        StartBuilderError::Board { found, reason } => format!("--board {found}: {reason}"),
        StartBuilderError::Hole { found, reason } => format!("--holes: {found}: {reason}"),
        StartBuilderError::Holes(reason) => format!("--holes: {reason}"),
        other => other.to_string(),
    })
}

/// Where the game starts, as the command line says it.
pub(crate) struct StartSpec<'a> {
    pub(crate) variant: Variant,
    pub(crate) board: Option<&'a str>,
    pub(crate) holes: Option<&'a str>,
    pub(crate) position: Option<&'a str>,
    pub(crate) first: Color,
    /// Use the generic engine even for 8x8 Reversi.
    pub(crate) generic: bool,
}

impl StartSpec<'_> {
    /// The start the options describe.
    ///
    /// # Errors
    /// A usage failure naming the bad option.
    pub(crate) fn position(&self) -> Result<Position, Failure> {
        let pos = if let Some(text) = self.position {
            if self.board.is_some() || self.holes.is_some() {
                return Err(Failure::usage("--position gives the board: drop --board and --holes"));
            }
            // RULES.md's position text, else whatever notation's paste
            // recognises (a move list, a diagram, a GGF game, ...): its end.
            reversi_notation::paste_position(self.variant, text)
                .map_err(|e| Failure::usage(format!("--position: {e}")))?
        } else {
            start_builder(self.variant, self.board, self.holes, self.first)?.build().map_err(usage)?
        };
        Ok(if self.generic { pos.on_generic_engine() } else { pos })
    }
}
