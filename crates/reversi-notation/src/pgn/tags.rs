//! PGN's tags: the ones the reader gives a meaning, read into a record, and
//! the names kept fields are written under.

use reversi_core::Color;
use reversi_variants::{Position, Square};

use crate::losses::FieldNames;
use crate::{GameResult, Record, SyntaxError};

/// A tag as read: name, value, and where the value starts.
pub(super) struct Tag {
    pub(super) name: String,
    pub(super) value: String,
    pub(super) at: usize,
}

/// The record a game's tags describe, before its moves.
pub(super) fn record_from_tags(text: &str, tags: &[Tag]) -> Result<Record, SyntaxError> {
    let find = |name: &str| tags.iter().find(|t| t.name == name);
    let error = |tag: &Tag, expected: &str| SyntaxError::at(text, tag.at, expected);
    let mut record = Record::new();
    if let Some(tag) = find("Variant") {
        record.variant = tag.value.parse().map_err(|_| error(tag, "a variant: Reversi, Reversitacks or Attacks"))?;
    }
    if let Some(tag) = find("Board") {
        record.geometry =
            tag.value.parse().map_err(|_| error(tag, "a board: WxH with sides from 1 to 26, or octagon"))?;
    }
    if let Some(tag) = find("Holes") {
        let squares: Result<Vec<Square>, _> =
            tag.value.split([' ', ',']).filter(|s| !s.is_empty()).map(str::parse).collect();
        let expected = "the obstructed squares on the board, e.g. \"d4 e5\"";
        record.geometry = squares
            .ok()
            .and_then(|squares| record.geometry.with_holes(squares).ok())
            .ok_or_else(|| error(tag, expected))?;
    }
    if let Some(tag) = find("First") {
        record.first = parse_color(&tag.value).ok_or_else(|| error(tag, "the first mover: Black or White"))?;
    }
    if let Some(tag) = find("Position") {
        let pos = Position::from_text(record.variant, &tag.value)
            .map_err(|e| error(tag, &format!("a position in the RULES.md form ({e})")))?;
        let board_given = find("Board").is_some() || find("Holes").is_some();
        if board_given && *pos.geometry() != record.geometry {
            return Err(error(
                tag,
                &format!("a position on the {} board of the Board and Holes tags", record.geometry),
            ));
        }
        record.set_start(pos);
    }
    for (i, tag) in tags.iter().enumerate() {
        let value = || Some(tag.value.clone());
        // A tag the reader interprets is read from its first occurrence;
        // another of the same name is kept as a field of its own, under the
        // name the writer gives such a field (`X_White`), so that what is
        // written reads back the same.
        if RESERVED_TAGS.contains(&tag.name.as_str()) && tags[..i].iter().any(|t| t.name == tag.name) {
            let name = TAG_NAMES.name(&tag.name).map_or_else(|| tag.name.clone(), |n| n.into_owned());
            record.extra.push((name, tag.value.clone()));
            continue;
        }
        match tag.name.as_str() {
            "Variant" | "Board" | "Holes" | "First" | "Position" => {}
            "Black" => record.black = value(),
            "White" => record.white = value(),
            "Event" => record.event = value(),
            "Date" => record.date = value(),
            "Result" if matches!(tag.value.as_str(), "*" | "?" | "") => record.result = None,
            "Result" => {
                record.result = Some(
                    GameResult::parse(&tag.value)
                        .ok_or_else(|| error(tag, "a result: discs such as 33-31, a net result such as +8.5, or *"))?,
                );
            }
            _ => record.extra.push((tag.name.clone(), tag.value.clone())),
        }
    }
    Ok(record)
}

fn parse_color(s: &str) -> Option<Color> {
    match s.to_ascii_lowercase().as_str() {
        "black" | "x" | "b" => Some(Color::Black),
        "white" | "o" | "w" => Some(Color::White),
        _ => None,
    }
}

/// The tags the reader gives a meaning: a kept field ([`Record::extra`]) of
/// one of these names is written as `X_` and the name (`X_Variant`).
pub const RESERVED_TAGS: [&str; 10] =
    ["Variant", "Board", "Holes", "Position", "First", "Black", "White", "Event", "Date", "Result"];

/// PGN's names of kept fields: letters, digits and `_`, as the reader takes
/// them; other characters become `_`.
pub(super) const TAG_NAMES: FieldNames = FieldNames {
    reserved: &RESERVED_TAGS,
    valid: |c| c.is_ascii_alphanumeric() || c == '_',
    prefix: "X_",
    replacement: Some('_'),
    meaningful: &[],
};
