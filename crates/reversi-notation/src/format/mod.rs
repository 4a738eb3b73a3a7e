//! The formats: [`Format`], one variant per format module, declared from
//! the one list of registered formats ([`registered!`]), with the seam they
//! plug into ([`codec`]), the reading options ([`ReadOptions`]) and the
//! format of an output ([`Format::for_output`]).
//! `registry` maps each variant to its module's codec and says everything
//! a format is through it.
//!
//! Adding a format is its module (a `CODEC` implementing
//! [`Codec`](codec::Codec)) and one line in [`registered!`].

pub(crate) mod codec;
mod options;
mod output;
pub(crate) mod registry;

pub use options::ReadOptions;
pub use output::OutputFormatError;

/// The registered formats, one line each: the variant of [`Format`] and the
/// module whose `CODEC` it dispatches to. The order is [`Format::ALL`]'s.
/// `$then` is the macro that declares something from the list.
macro_rules! registered {
    ($then:ident) => {
        $then! {
            /// One game a line: compact 8x8 or spaced tokens ([`transcript`](crate::transcript)).
            Transcript => transcript,
            /// PGN-style records for every variant, PlayOK's PGN ([`pgn`](crate::pgn)).
            Pgn => pgn,
            /// GGS's GGF, Othello ([`ggf`](crate::ggf)).
            Ggf => ggf,
            /// WTHOR `.wtb` databases, 8x8 Othello ([`wthor`](crate::wthor)).
            Wthor => wthor,
            /// Edax OBF positions, 8x8 ([`obf`](crate::obf)): a position reads as a game with that
            /// start and no moves; a game writes as its final position.
            Obf => obf,
            /// RULES.md position text, one a line, any variant and board: read as
            /// games without moves; a game writes as its final position. Blank
            /// lines and `#` lines that are no position are comments (`# X`, a
            /// 1x1 board of a hole with its side to move, is a position).
            Position => position,
            /// Othello Quest's JSON game lists, 8x8 Othello ([`oq`](crate::oq)).
            OthelloQuest => oq,
        }
    };
}
pub(crate) use registered;

/// Declares [`Format`] from the list.
macro_rules! declare_format {
    ($( $(#[$doc:meta])* $variant:ident => $module:ident, )*) => {
        /// A file format of games (or positions, read as games without moves).
        ///
        /// `#[non_exhaustive]`: formats will be added, so a `match` outside this crate
        /// needs a wildcard arm:
        ///
        /// ```
        /// use reversi_notation::Format;
        /// let binary = |f: Format| match f {
        ///     Format::Wthor => true,
        ///     Format::Transcript | Format::Pgn | Format::Ggf | Format::Obf | Format::Position => false,
        ///     _ => false,
        /// };
        /// assert!(binary(Format::Wthor));
        /// ```
        ///
        /// Without it the match does not compile:
        ///
        /// ```compile_fail,E0004
        /// use reversi_notation::Format;
        /// let binary = |f: Format| match f {
        ///     Format::Wthor => true,
        ///     Format::Transcript | Format::Pgn | Format::Ggf | Format::Obf | Format::Position => false,
        /// };
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Format {
            $( $(#[$doc])* $variant, )*
        }

        impl Format {
            /// Every format.
            pub const ALL: [Format; [$(stringify!($variant)),*].len()] = [$(Format::$variant),*];
        }
    };
}

registered!(declare_format);
