//! The two sides.

use core::fmt;
use core::ops::Not;
use core::str::FromStr;

use crate::error::ParseColorError;

/// A side: Black or White.
///
/// In text, Black is `X` and White is `O` (RULES.md); on input `x`, `o`, `*` (Black,
/// Edax and GGS style), `b`, `w`, `black` and `white` are also accepted, in any
/// case.
///
/// ```
/// use reversi_core::Color;
/// assert_eq!(!Color::Black, Color::White);
/// assert_eq!("O".parse::<Color>(), Ok(Color::White));
/// assert_eq!(Color::Black.to_string(), "X");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Color {
    /// Black, `X`. Moves first unless the game says otherwise.
    #[default]
    Black,
    /// White, `O`.
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// The other colour.
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: an index into per-colour tables.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The RULES.md character: `X` for Black, `O` for White.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Color::Black => 'X',
            Color::White => 'O',
        }
    }

    /// The colour of a disc (or side) character: `X`, `x`, `B`, `b`, `*` are
    /// Black; `O`, `o`, `W`, `w` are White. Both crates' position readers take
    /// discs through this (see [`Cell`](crate::text::Cell)), so they read the same
    /// spellings; GGS writes `*` Black and `O` White.
    ///
    /// ```
    /// use reversi_core::Color;
    /// assert_eq!(Color::from_char('*'), Some(Color::Black));
    /// assert_eq!(Color::from_char('w'), Some(Color::White));
    /// assert_eq!(Color::from_char('-'), None);
    /// ```
    #[must_use]
    pub const fn from_char(c: char) -> Option<Color> {
        match c {
            'X' | 'x' | 'B' | 'b' | '*' => Some(Color::Black),
            'O' | 'o' | 'W' | 'w' => Some(Color::White),
            _ => None,
        }
    }

    /// The [names](Color::name) of both colours, Black first: the words a
    /// user types for a side (`FromStr` also reads the one-character forms).
    pub const NAMES: [&'static str; 2] = ["black", "white"];

    /// The lower-case English name: `black` or `white`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

impl Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    /// `X` or `O`; width, fill and alignment apply.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            Color::Black => "X",
            Color::White => "O",
        })
    }
}

impl FromStr for Color {
    type Err = ParseColorError;

    /// Reads a side: one character of [`Color::from_char`], or `black` /
    /// `white` in any case.
    ///
    /// # Errors
    /// [`ParseColorError`] for anything else.
    fn from_str(s: &str) -> Result<Color, ParseColorError> {
        let mut chars = s.chars();
        if let (Some(c), None) = (chars.next(), chars.next())
            && let Some(color) = Color::from_char(c)
        {
            return Ok(color);
        }
        if s.eq_ignore_ascii_case("black") {
            Ok(Color::Black)
        } else if s.eq_ignore_ascii_case("white") {
            Ok(Color::White)
        } else {
            Err(ParseColorError)
        }
    }
}
