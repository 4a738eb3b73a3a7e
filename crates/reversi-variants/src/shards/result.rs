//! A shard's result: its fields, checked when it is made, and its file (one
//! line of JSON):
//!
//! ```text
//! {"format":"reversi-perft-shard 1","plan":"5d0c...","variant":"reversi","board":"8x8","depth":9,
//!  "split":3,"shard":0,"shards":4,"hash_seed":0,"positions":4,"leaves":...,"seconds":0.012}
//! ```
//!
//! A [`ShardResult`] is made by a count ([`count_shard`](super::count_shard)),
//! read from its line ([`ShardResult::from_json`], [`read_result`]), or
//! rebuilt from its fields ([`ShardResultFields`], through `TryFrom`: a
//! result sent to another process as its fields, not as text). Every way in
//! goes through the same checks.

use std::io::Read as _;
use std::path::Path;

use serde_json::{Value, json};

use super::error::{MergeError, ResultError};
use super::plan::Shard;
use crate::{Geometry, MAX_PERFT_DEPTH, Variant};

/// The `format` of every result: the format and its version.
pub const RESULT_FORMAT: &str = "reversi-perft-shard 1";

/// The longest result file read: a result is one line of a few hundred bytes.
const MAX_RESULT_BYTES: u64 = 1 << 16;

/// One shard's count of a plan, its fields checked
/// ([`ShardResultFields`] tells what they may hold).
#[derive(Clone, Debug, PartialEq)]
pub struct ShardResult(ShardResultFields);

/// The fields of a [`ShardResult`], unchecked: `ShardResult::try_from`
/// checks them, [`ShardResult::fields`] gives them back.
///
/// ```
/// use reversi_variants::shards::{ShardResult, ShardResultFields};
/// let fields = ShardResultFields {
///     plan: "c991e4982e1f1b05ca1a3b996d9fe6b9".to_string(),
///     variant: "reversi".to_string(),
///     board: "8x8".to_string(),
///     depth: 9,
///     split: 3,
///     shard: 0,
///     shards: 4,
///     hash_seed: 0,
///     positions: 4,
///     leaves: 1_000,
///     seconds: 0.5,
/// };
/// let result = ShardResult::try_from(fields.clone())?;
/// assert_eq!((result.leaves(), result.shard().count()), (1_000, 4));
/// assert_eq!(result.fields(), &fields);
/// assert!(ShardResult::try_from(ShardResultFields { shard: 4, ..fields }).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct ShardResultFields {
    /// The plan's digest: 32 lowercase hexadecimal digits.
    pub plan: String,
    /// The plan's variant (`reversi`, ...), as [`Variant`] names it; empty
    /// if unknown.
    pub variant: String,
    /// The plan's board (`8x8`, `octagon`, ...), as [`Geometry`] writes it;
    /// empty if unknown.
    pub board: String,
    /// The plan's depth: at most [`MAX_PERFT_DEPTH`].
    pub depth: u32,
    /// The plan's split ply: at most `depth` (0 if unknown).
    pub split: u32,
    /// Which shard: below `shards`.
    pub shard: u32,
    /// Of how many: 1 to [`MAX_SHARDS`](super::MAX_SHARDS).
    pub shards: u32,
    /// The key seed of the table it was counted with
    /// ([`DeepOptions::hash_seed`](crate::split::DeepOptions::hash_seed); 0
    /// if unknown): the same leaves under any seed, kept to tell independent
    /// counts apart.
    pub hash_seed: u64,
    /// The shard's positions (0 if unknown).
    pub positions: u64,
    /// The shard's leaves: its positions' counts times their multiplicities,
    /// and for shard 0 the plan's finished games.
    pub leaves: u64,
    /// The count's seconds: finite, 0 or more (0 if unknown).
    pub seconds: f64,
}

impl TryFrom<ShardResultFields> for ShardResult {
    type Error = ResultError;

    /// Checks the fields as [`ShardResultFields`] says.
    fn try_from(fields: ShardResultFields) -> Result<ShardResult, ResultError> {
        let bad = |field, expected: String, found: String| Err(ResultError { field, expected, found });
        let f = &fields;
        if f.plan.len() != 32 || !f.plan.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)) {
            return bad("plan", "a digest: 32 lowercase hexadecimal digits".to_string(), format!("{:?}", f.plan));
        }
        if !f.variant.is_empty() && f.variant.parse::<Variant>().map(Variant::name) != Ok(f.variant.as_str()) {
            return bad(
                "variant",
                "a variant: reversi, reversitacks or attacks".to_string(),
                format!("{:?}", f.variant),
            );
        }
        if !f.board.is_empty() && f.board.parse::<Geometry>().map(|g| g.to_string()).as_deref() != Ok(&f.board) {
            return bad("board", "a board as it is written (8x8, octagon, ...)".to_string(), format!("{:?}", f.board));
        }
        if f.depth > MAX_PERFT_DEPTH {
            return bad("depth", format!("a depth of at most {MAX_PERFT_DEPTH}"), f.depth.to_string());
        }
        if f.split > f.depth {
            return bad("split", format!("a split ply of at most the depth ({})", f.depth), f.split.to_string());
        }
        if let Err(e) = Shard::new(f.shard, f.shards) {
            return bad("shard", format!("shard I of N (\"shards\": {}): {e}", f.shards), f.shard.to_string());
        }
        if !(f.seconds.is_finite() && f.seconds >= 0.0) {
            return bad("seconds", "a finite number of seconds, 0 or more".to_string(), f.seconds.to_string());
        }
        Ok(ShardResult(fields))
    }
}

impl ShardResult {
    /// The result of a count of a plan read, its fields valid by
    /// construction (the plan's digest, game, board, depth, split and shard
    /// all checked on reading): checked again in debug builds.
    pub(super) fn counted(fields: ShardResultFields) -> ShardResult {
        debug_assert!(ShardResult::try_from(fields.clone()).is_ok(), "{fields:?}");
        ShardResult(fields)
    }

    /// The fields, checked.
    #[must_use]
    pub const fn fields(&self) -> &ShardResultFields {
        &self.0
    }

    /// The plan's digest.
    #[must_use]
    pub fn plan(&self) -> &str {
        &self.0.plan
    }

    /// The plan's variant; empty if the result read lacks it.
    #[must_use]
    pub fn variant(&self) -> &str {
        &self.0.variant
    }

    /// The plan's board; empty if the result read lacks it.
    #[must_use]
    pub fn board(&self) -> &str {
        &self.0.board
    }

    /// The plan's depth.
    #[must_use]
    pub const fn depth(&self) -> u32 {
        self.0.depth
    }

    /// The plan's split ply (0 if the result read lacks it).
    #[must_use]
    pub const fn split(&self) -> u32 {
        self.0.split
    }

    /// Which shard of how many.
    #[must_use]
    pub const fn shard(&self) -> Shard {
        // Checked when made.
        Shard::unchecked(self.0.shard, self.0.shards)
    }

    /// The table's key seed (0 if the result read lacks it).
    #[must_use]
    pub const fn hash_seed(&self) -> u64 {
        self.0.hash_seed
    }

    /// The shard's positions (0 if the result read lacks it).
    #[must_use]
    pub const fn positions(&self) -> u64 {
        self.0.positions
    }

    /// The shard's leaves.
    #[must_use]
    pub const fn leaves(&self) -> u64 {
        self.0.leaves
    }

    /// The count's seconds, to the microsecond (0 if the result read lacks
    /// it).
    #[must_use]
    pub const fn seconds(&self) -> f64 {
        self.0.seconds
    }

    /// The result as one line of JSON (no newline), the keys in a fixed
    /// order.
    #[must_use]
    pub fn to_json(&self) -> String {
        let f = &self.0;
        json!({
            "format": RESULT_FORMAT,
            "plan": f.plan,
            "variant": f.variant,
            "board": f.board,
            "depth": f.depth,
            "split": f.split,
            "shard": f.shard,
            "shards": f.shards,
            "hash_seed": f.hash_seed,
            "positions": f.positions,
            "leaves": f.leaves,
            "seconds": f.seconds,
        })
        .to_string()
    }

    /// Reads a result written by [`ShardResult::to_json`]: `format`, `plan`,
    /// `shard`, `shards`, `depth` and `leaves` are required, the rest may be
    /// absent; the fields are checked as `try_from` checks them. `file` names
    /// the text in errors.
    ///
    /// # Errors
    /// [`MergeError::Field`] naming `file`, the field expected and what it
    /// holds.
    pub fn from_json(text: &str, file: &Path) -> Result<ShardResult, MergeError> {
        let field_error = |expected: &str, found: String| MergeError::Field {
            file: file.to_path_buf(),
            expected: expected.to_string(),
            found,
        };
        let value: Value = serde_json::from_str(text)
            .map_err(|e| field_error("a result of perft --shard (one line of JSON)", format!("{e}")))?;
        let shown = |key: &str| format!("{}", value.get(key).unwrap_or(&Value::Null));
        if value.get("format").and_then(Value::as_str) != Some(RESULT_FORMAT) {
            return Err(field_error(&format!("\"format\":\"{RESULT_FORMAT}\""), shown("format")));
        }
        let number = |key: &str| {
            value
                .get(key)
                .and_then(Value::as_u64)
                .ok_or_else(|| field_error(&format!("\"{key}\": a whole number"), shown(key)))
        };
        let optional = |key: &str| if value.get(key).is_some() { number(key) } else { Ok(0) };
        let small = |key: &str, n: u64| {
            u32::try_from(n).map_err(|_| field_error(&format!("\"{key}\": a whole number below 2^32"), shown(key)))
        };
        let text = |key: &str| value.get(key).and_then(Value::as_str).map(str::to_string);
        let seconds = match value.get("seconds") {
            None => 0.0,
            Some(v) => v.as_f64().ok_or_else(|| field_error("\"seconds\": a number", shown("seconds")))?,
        };
        let fields = ShardResultFields {
            plan: text("plan").ok_or_else(|| field_error("\"plan\": a digest", shown("plan")))?,
            variant: text("variant").unwrap_or_default(),
            board: text("board").unwrap_or_default(),
            depth: small("depth", number("depth")?)?,
            split: small("split", optional("split")?)?,
            shard: small("shard", number("shard")?)?,
            shards: small("shards", number("shards")?)?,
            hash_seed: optional("hash_seed")?,
            positions: optional("positions")?,
            leaves: number("leaves")?,
            seconds,
        };
        ShardResult::try_from(fields).map_err(|e| MergeError::Field {
            file: file.to_path_buf(),
            expected: format!("\"{}\": {}", e.field, e.expected),
            found: e.found,
        })
    }
}

/// Reads one result file (at most 64 KiB).
///
/// # Errors
/// [`MergeError::Io`] when it cannot be read, [`MergeError::Field`] when it
/// is not a shard's result.
pub fn read_result(file: &Path) -> Result<ShardResult, MergeError> {
    let io = |source| MergeError::Io { file: file.to_path_buf(), source };
    let mut text = String::new();
    std::fs::File::open(file).map_err(io)?.take(MAX_RESULT_BYTES + 1).read_to_string(&mut text).map_err(|e| match e
        .kind()
    {
        std::io::ErrorKind::InvalidData => MergeError::Field {
            file: file.to_path_buf(),
            expected: "a result of perft --shard (one line of JSON)".to_string(),
            found: "bytes that are not UTF-8".to_string(),
        },
        _ => io(e),
    })?;
    if text.len() as u64 > MAX_RESULT_BYTES {
        return Err(MergeError::Field {
            file: file.to_path_buf(),
            expected: "a result of perft --shard (one line of JSON)".to_string(),
            found: format!("a file over {MAX_RESULT_BYTES} bytes"),
        });
    }
    ShardResult::from_json(&text, file)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields() -> ShardResultFields {
        ShardResultFields {
            plan: "c991e4982e1f1b05ca1a3b996d9fe6b9".to_string(),
            variant: "reversi".to_string(),
            board: "8x8".to_string(),
            depth: 9,
            split: 3,
            shard: 1,
            shards: 4,
            hash_seed: 7,
            positions: 3,
            leaves: 12_345,
            seconds: 0.25,
        }
    }

    #[test]
    fn good_fields_make_a_result_that_gives_them_back() {
        let result = ShardResult::try_from(fields()).unwrap();
        assert_eq!(result.fields(), &fields());
        assert_eq!((result.shard().index(), result.shard().count(), result.leaves()), (1, 4, 12_345));
        let json = result.to_json();
        assert_eq!(ShardResult::from_json(&json, Path::new("r")).unwrap(), result);
        let unknown = ShardResultFields { variant: String::new(), board: String::new(), split: 0, ..fields() };
        assert!(ShardResult::try_from(unknown).is_ok());
        for board in ["octagon", "6x5", "26x26"] {
            let on = ShardResultFields { board: board.to_string(), ..fields() };
            assert_eq!(ShardResult::try_from(on).unwrap().board(), board);
        }
    }

    #[test]
    fn bad_fields_are_refused_naming_the_field() {
        let cases: [(ShardResultFields, &str); 11] = [
            (ShardResultFields { plan: "c991".to_string(), ..fields() }, "plan"),
            (ShardResultFields { plan: "C991E4982E1F1B05CA1A3B996D9FE6B9".to_string(), ..fields() }, "plan"),
            (ShardResultFields { variant: "chess".to_string(), ..fields() }, "variant"),
            (ShardResultFields { board: "9x99".to_string(), ..fields() }, "board"),
            (ShardResultFields { depth: MAX_PERFT_DEPTH + 1, ..fields() }, "depth"),
            (ShardResultFields { split: 10, ..fields() }, "split"),
            (ShardResultFields { shard: 4, ..fields() }, "shard"),
            (ShardResultFields { shards: 0, shard: 0, ..fields() }, "shard"),
            (ShardResultFields { seconds: -1.0, ..fields() }, "seconds"),
            (ShardResultFields { seconds: f64::NAN, ..fields() }, "seconds"),
            (ShardResultFields { seconds: f64::INFINITY, ..fields() }, "seconds"),
        ];
        for (bad, field) in cases {
            let error = ShardResult::try_from(bad.clone()).unwrap_err();
            assert_eq!(error.field, field, "{bad:?}: {error}");
        }
        let error = ShardResult::try_from(ShardResultFields { shard: 4, ..fields() }).unwrap_err();
        assert_eq!(
            error.to_string(),
            "\"shard\": expected shard I of N (\"shards\": 4): shard 4 is out of range: 4 shards are numbered 0 to 3, found 4"
        );
    }
}
