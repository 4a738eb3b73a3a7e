//! The position a command starts from: the 8x8 game of reversi-core (the fast
//! path) or any variant and board of reversi-variants.

use std::fmt;

use clap::{Args, ValueEnum};
use reversi_core::Color;
use reversi_variants::{Geometry, Variant};

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
    /// for 8x8 Reversi also the 64-square Edax form).
    #[arg(long, value_name = "TEXT", conflicts_with = "first", allow_hyphen_values = true)]
    pub(crate) position: Option<String>,
    /// Which colour moves first from the default start.
    #[arg(long, value_enum, default_value_t = First::Black)]
    pub(crate) first: First,
}

impl StartArgs {
    /// The start these options describe; `generic` keeps even 8x8 Reversi on
    /// reversi-variants.
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

/// A position of either engine.
#[derive(Clone, Debug)]
pub(crate) enum Game {
    /// 8x8 Reversi without holes: reversi-core.
    Core(reversi_core::Position),
    /// Anything else: reversi-variants.
    Variant(Box<reversi_variants::Position>),
}

/// A move of either engine, for printing.
#[derive(Clone, Copy, Debug)]
pub(crate) enum AnyMove {
    Core(reversi_core::Move),
    Variant(reversi_variants::Move),
}

impl fmt::Display for AnyMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyMove::Core(mv) => mv.fmt(f),
            AnyMove::Variant(mv) => mv.fmt(f),
        }
    }
}

/// Where the game starts, as the command line says it.
pub(crate) struct StartSpec<'a> {
    pub(crate) variant: Variant,
    pub(crate) board: Option<&'a str>,
    pub(crate) holes: Option<&'a str>,
    pub(crate) position: Option<&'a str>,
    pub(crate) first: Color,
    /// Use reversi-variants even for 8x8 Reversi.
    pub(crate) generic: bool,
}

impl Game {
    /// The start the options describe.
    ///
    /// # Errors
    /// A usage failure naming the bad option.
    pub(crate) fn from_spec(spec: &StartSpec<'_>) -> Result<Game, Failure> {
        if let Some(text) = spec.position {
            if spec.board.is_some() || spec.holes.is_some() {
                return Err(Failure::usage("--position gives the board: drop --board and --holes"));
            }
            // 8x8 Reversi texts, the Edax form included, go through reversi-core.
            let mut text = std::borrow::Cow::Borrowed(text);
            if spec.variant == Variant::Reversi && !text.contains('#') {
                match text.parse::<reversi_core::Position>() {
                    Ok(pos) if !spec.generic => return Ok(Game::Core(pos)),
                    Ok(pos) => text = pos.to_string().into(),
                    // reversi-variants reads the same forms: its error names any board.
                    Err(_) => {}
                }
            }
            return reversi_variants::Position::from_text(spec.variant, &text)
                .map(|pos| Game::Variant(Box::new(pos)))
                .map_err(|e| Failure::usage(format!("--position: {e}")));
        }
        let geometry = parse_geometry(spec.board, spec.holes)?;
        if spec.variant == Variant::Reversi && geometry == Geometry::standard() && !spec.generic {
            return Ok(Game::Core(reversi_core::Position::start_with_first(spec.first)));
        }
        reversi_variants::Position::start_with_first(spec.variant, geometry, spec.first)
            .map(|pos| Game::Variant(Box::new(pos)))
            .map_err(|e| Failure::usage(format!("{e}")))
    }

    /// The legal moves, a pass included when it is the only one.
    pub(crate) fn moves(&self) -> Vec<AnyMove> {
        match self {
            Game::Core(pos) => pos.moves().map(AnyMove::Core).collect(),
            Game::Variant(pos) => pos.legal_moves().into_iter().map(AnyMove::Variant).collect(),
        }
    }

    /// The position after a legal move of this position.
    pub(crate) fn child(&self, mv: AnyMove) -> Game {
        match (self, mv) {
            (Game::Core(pos), AnyMove::Core(mv)) => {
                let mut child = *pos;
                child.play_unchecked(mv);
                Game::Core(child)
            }
            (Game::Variant(pos), AnyMove::Variant(mv)) => {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                Game::Variant(child)
            }
            _ => unreachable!("moves come from the same engine as the position"),
        }
    }

    /// Whether the game is over.
    pub(crate) fn is_game_over(&self) -> bool {
        match self {
            Game::Core(pos) => pos.is_game_over(),
            Game::Variant(pos) => pos.is_game_over(),
        }
    }
}
