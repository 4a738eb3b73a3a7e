//! [`ReadOptions`]: what the text formats do not say, and how long a game
//! may be.

use reversi_variants::{Geometry, Variant};

/// What the text formats do not say (the game and board of transcripts and
/// position lines), and how long a game may be.
///
/// The fields are private so that options can be added without breaking
/// callers: start from [`ReadOptions::new`] (or [`Default`]: 8x8 Reversi,
/// games of at most [`ReadOptions::DEFAULT_MAX_GAME_BYTES`]) and set what
/// differs.
///
/// ```
/// use reversi_notation::{Format, ReadOptions, read};
/// use reversi_variants::{Geometry, Variant};
/// let options = ReadOptions::new().variant(Variant::Attacks).geometry(Geometry::new(7, 7)?);
/// assert_eq!((options.get_variant(), options.get_geometry().width()), (Variant::Attacks, 7));
/// let games = read(Format::Transcript, b"a1b2 pass", options)?;
/// assert_eq!((games[0].variant, games[0].moves.len()), (Variant::Attacks, 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// A struct literal does not compile outside this crate:
///
/// ```compile_fail,E0451
/// use reversi_notation::ReadOptions;
/// use reversi_variants::{Geometry, Variant};
/// let options = ReadOptions { variant: Variant::Reversi, geometry: Geometry::standard() };
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadOptions {
    variant: Variant,
    geometry: Geometry,
    max_game_bytes: usize,
}

impl ReadOptions {
    /// The longest game read by default: 16 MiB of text. An 8x8 game has at
    /// most 120 plies (a few KB with evaluations and times); a long Attacks
    /// game on a large board is some tens of KB.
    pub const DEFAULT_MAX_GAME_BYTES: usize = 16 << 20;

    /// The defaults: 8x8 Reversi, games of at most
    /// [`ReadOptions::DEFAULT_MAX_GAME_BYTES`].
    #[must_use]
    pub const fn new() -> ReadOptions {
        ReadOptions {
            variant: Variant::Reversi,
            geometry: Geometry::standard(),
            max_game_bytes: ReadOptions::DEFAULT_MAX_GAME_BYTES,
        }
    }

    /// The variant of transcripts and position lines.
    #[must_use]
    pub const fn variant(self, variant: Variant) -> ReadOptions {
        ReadOptions { variant, ..self }
    }

    /// The board of transcripts (position lines carry their own).
    #[must_use]
    pub const fn geometry(self, geometry: Geometry) -> ReadOptions {
        ReadOptions { geometry, ..self }
    }

    /// The longest game's text, in bytes, in every text format: a game (a
    /// transcript or position line, a PGN game from its tags to its result, a
    /// GGF game from `(;` to `;)`) that does not end within it is a
    /// [`SyntaxError`](crate::SyntaxError) at the game's first token. Blank lines and comments
    /// between games count towards the game after them. After a game that
    /// does not read, the next one is looked for within twice this bound;
    /// none there ends the input ([`ReadError::NoNextGame`](crate::ReadError::NoNextGame)).
    ///
    /// This bound is what bounds memory: [`Reader`](crate::Reader) holds one
    /// game's text and its record at a time (a record takes up to about 20
    /// times its text: 40 bytes a ply for a compact transcript's 2), and
    /// [`read`](crate::read()) no record larger than that. An allocation that fails aborts
    /// the process (stable Rust cannot catch it), so the bound is set below
    /// what the machine can hold.
    ///
    /// ```
    /// use reversi_notation::{Format, ReadOptions, read};
    /// let e = read(Format::Transcript, b"f5d6\nf5d6c3d3c4\n", ReadOptions::new().max_game_bytes(8)).unwrap_err();
    /// assert_eq!(e.to_string(), "line 2, column 1: expected a game of at most 8 bytes \
    ///     (ReadOptions::max_game_bytes), found \"f5d6c3d3c4\"");
    /// ```
    #[must_use]
    pub const fn max_game_bytes(self, max_game_bytes: usize) -> ReadOptions {
        ReadOptions { max_game_bytes, ..self }
    }

    /// The variant set with [`ReadOptions::variant`].
    #[must_use]
    pub const fn get_variant(&self) -> Variant {
        self.variant
    }

    /// The board set with [`ReadOptions::geometry`].
    #[must_use]
    pub const fn get_geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The bound set with [`ReadOptions::max_game_bytes`].
    #[must_use]
    pub const fn get_max_game_bytes(&self) -> usize {
        self.max_game_bytes
    }
}

impl Default for ReadOptions {
    fn default() -> ReadOptions {
        ReadOptions::new()
    }
}
