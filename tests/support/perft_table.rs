//! THE reader of the perft tables (`data/perft/*.perft` and the crates'
//! `tests/data/*.perft`) for every Rust test of the workspace: each crate's
//! tests include this file (`#[path = ...] mod perft_table;`) and parse the
//! positions with their own crate.
//!
//! A table is text: `#` comments and blank lines, then lines
//! `variant;position;depth;leaves` (position in RULES.md's text form).

// Each test crate reads the fields it needs.
#![allow(dead_code)]

/// One line of a table.
#[derive(Clone, Debug)]
pub(crate) struct PerftLine {
    /// Its line number (from 1), for messages.
    pub(crate) line: usize,
    /// `reversi`, `reversitacks` or `attacks`.
    pub(crate) variant: String,
    /// The position, as written.
    pub(crate) position: String,
    pub(crate) depth: u32,
    pub(crate) leaves: u64,
}

/// The lines of the table at `path` (panicking with `path:line` on a line
/// that is not `variant;position;depth;leaves`).
pub(crate) fn read_perft_table(path: &str) -> Vec<PerftLine> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let (line, number) = (line.trim(), i + 1);
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split(';').collect();
        let [variant, position, depth, leaves] = fields[..] else {
            panic!("{path}:{number}: expected variant;position;depth;leaves, found {line:?}");
        };
        let number_of = |field: &str, what: &str| -> u64 {
            field.parse().unwrap_or_else(|e| panic!("{path}:{number}: {what} {field:?}: {e}"))
        };
        lines.push(PerftLine {
            line: number,
            variant: variant.to_string(),
            position: position.to_string(),
            depth: u32::try_from(number_of(depth, "depth")).unwrap_or_else(|e| panic!("{path}:{number}: {e}")),
            leaves: number_of(leaves, "leaves"),
        });
    }
    assert!(!lines.is_empty(), "{path}: no perft line");
    lines
}
