//! `serde` support (feature `serde`): the text types serialise as their text
//! forms and are parsed, so validated, when deserialised; a [`Bitboard`] is its
//! `u64`.

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::{Bitboard, Color, Move, Position, Square};

/// Reads any `FromStr` type from a string, without allocating.
struct TextVisitor<T>(PhantomData<T>, &'static str);

/// Not part of the public API: exempt from semver, may change or go in any
/// release. It is public only so that reversi-variants' serde support can use
/// it.
///
/// Deserialises a type from its text form: a string parsed with `FromStr`, so
/// validated, without allocating. `expecting` says what the text should be (it
/// appears in errors).
///
/// # Errors
/// The deserialiser's error when the input is not a string, or names the
/// parser's error when the string does not parse.
pub fn deserialize_text<'de, T, D>(deserializer: D, expecting: &'static str) -> Result<T, D::Error>
where
    T: FromStr,
    T::Err: fmt::Display,
    D: Deserializer<'de>,
{
    deserializer.deserialize_str(TextVisitor(PhantomData, expecting))
}

impl<T: FromStr> Visitor<'_> for TextVisitor<T>
where
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.1)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        v.parse().map_err(E::custom)
    }
}

/// Not part of the public API: exempt from semver, may change or go in any
/// release. It is public only so that reversi-variants' serde support uses the
/// same rule.
///
/// `Serialize` as the type's `Display` text and `Deserialize` through its
/// `FromStr` (validated, without allocating); `$what` says what the text should
/// be, for error messages. The calling crate must depend on `serde`.
#[doc(hidden)]
#[macro_export]
macro_rules! text_serde {
    ($ty:ty, $what:literal) => {
        impl ::serde::Serialize for $ty {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> ::core::result::Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }
        impl<'de> ::serde::Deserialize<'de> for $ty {
            fn deserialize<D: ::serde::Deserializer<'de>>(deserializer: D) -> ::core::result::Result<$ty, D::Error> {
                $crate::internal::deserialize_text(deserializer, $what)
            }
        }
    };
}

crate::text_serde!(Color, "a colour, X or O");
crate::text_serde!(Square, "a square such as f5");
crate::text_serde!(Move, "a move such as f5 or pass");
crate::text_serde!(Position, "a position in the RULES.md text form");

impl Serialize for Bitboard {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u64(self.0)
    }
}

impl<'de> Deserialize<'de> for Bitboard {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Bitboard, D::Error> {
        u64::deserialize(deserializer).map(Bitboard)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Bitboard, Move, Position, Square};
    use std::format;
    use std::prelude::rust_2024::*;

    #[test]
    fn json_round_trips_through_text() {
        let pos = Position::start();
        let json = serde_json::to_string(&pos).unwrap();
        assert_eq!(json, format!("\"{pos}\""));
        assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
        assert_eq!(serde_json::to_string(&Move::Pass).unwrap(), "\"pass\"");
        assert_eq!(serde_json::from_str::<Move>("\"PA\"").unwrap(), Move::Pass);
        assert_eq!(serde_json::from_str::<Square>("\"h8\"").unwrap(), Square::H8);
        assert_eq!(serde_json::from_str::<Bitboard>("129").unwrap(), Bitboard(129));
    }

    #[test]
    fn invalid_text_is_rejected() {
        let err = serde_json::from_str::<Position>("\"--------/-------- X\"").unwrap_err();
        assert!(err.to_string().contains("expected 8 rows"), "{err}");
        assert!(serde_json::from_str::<Square>("\"i9\"").is_err());
    }
}
