//! The position a command starts from, of any variant and board.

use clap::{Args, ValueEnum};
use reversi_core::Color;
use reversi_variants::internal::PositionHooks as _;
use reversi_variants::{Geometry, Position, Variant};

use crate::Failure;

/// Reads `--variant`: reversi (othello), reversitacks or attacks (ataxx).
///
/// # Errors
/// The variant parser's message.
pub(crate) fn parse_variant(s: &str) -> Result<Variant, String> {
    s.parse().map_err(|e: reversi_variants::ParseVariantError| e.to_string())
}

/// The colour that moves first, as `--first` names it.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub(crate) enum First {
    /// Black moves first (the rule).
    Black,
    /// White moves first.
    White,
}

impl From<First> for Color {
    fn from(first: First) -> Color {
        match first {
            First::Black => Color::Black,
            First::White => Color::White,
        }
    }
}

/// The game and board options every command shares (`--variant`, `--board`,
/// `--holes`).
#[derive(Args, Debug)]
pub(crate) struct BoardArgs {
    /// The game: reversi (othello), reversitacks or attacks (ataxx).
    #[arg(long, default_value = "reversi", value_parser = parse_variant)]
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
    #[arg(long, value_enum, default_value_t = First::Black)]
    pub(crate) first: First,
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
            first: self.first.into(),
            generic,
        }
    }
}

/// The board that `--board` and `--holes` describe (8x8 when neither is given).
///
/// # Errors
/// A usage failure naming the bad option.
pub(crate) fn parse_geometry(board: Option<&str>, holes: Option<&str>) -> Result<Geometry, Failure> {
    let mut geometry = match board {
        Some(text) => text.parse::<Geometry>().map_err(|e| Failure::usage(format!("--board {text}: {e}")))?,
        None => Geometry::standard(),
    };
    if let Some(list) = holes {
        let squares = list
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().map_err(|e| Failure::usage(format!("--holes: {s}: {e}"))))
            .collect::<Result<Vec<_>, _>>()?;
        geometry = geometry.with_holes(squares).map_err(|e| Failure::usage(format!("--holes: {e}")))?;
    }
    Ok(geometry)
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
            let geometry = parse_geometry(self.board, self.holes)?;
            Position::start_with_first(self.variant, geometry, self.first)
                .map_err(|e| Failure::usage(format!("{e}")))?
        };
        Ok(if self.generic { pos.on_generic_engine() } else { pos })
    }
}
