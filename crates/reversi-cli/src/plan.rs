//! The plan of a split count (`reversi perft DEPTH --split K --plan FILE`):
//! the distinct positions K plies below the start, each with the number of
//! paths that reach it, to be counted in shards on other processes or
//! machines ([`crate::shard`]) and merged.
//!
//! The file is text, one line each, written the same byte for byte for the
//! same input on every machine (no timestamps, no floats, no hash-map order):
//!
//! ```text
//! reversi-perft-plan 1
//! variant reversi
//! board 8x8
//! holes -
//! start --------/--------/--------/---OX---/---XO---/--------/--------/-------- X
//! depth 9
//! split 3
//! positions 14
//! paths 56
//! finished 0
//! digest 5d0c1b6f3a9e8d21c4b7a0f9e6d3c2b1
//! --------/--------/--------/---OX---/--XXXO--/---X----/--------/-------- O 4
//! ...
//! ```
//!
//! The header names the game (`variant`; `board` as `--board` writes it and
//! `holes`, both the start's; `start`, the position the count starts from,
//! its side to move the first mover), the count (`depth`, `split`), the
//! body's size (`positions` lines, `paths`: their multiplicities summed) and
//! `finished`: the games that end before ply `split`, one leaf each for every
//! remaining depth (counted by shard 0). `paths + finished` is perft(`split`).
//! `digest` is the [`Digest`] of every byte of the file but its own line.
//!
//! The body: each distinct position at ply `split` as its canonical form over
//! the board's symmetries (`Position::canonical`), in the RULES.md position
//! text, a space and its multiplicity. The order is by estimated cost, most
//! expensive first (perft at two plies, fewer when less remains), ties in the
//! order the expansion first reaches them (moves in the order
//! `Position::moves` gives): line `i` (from 0) belongs to shard
//! [`Shard::owns`], dealt in a snake so that every shard gets big and small
//! subtrees alike.
//!
//! Writing holds the distinct positions once (the merge that finds them) and
//! streams the lines twice, formatted anew each time: once for the digest,
//! once into the file, so the text is never held.

use std::fmt::Write as _;
use std::fs::File;
use std::io::{BufRead, BufReader, Write as _};
use std::path::{Path, PathBuf};
use std::str::FromStr;

use reversi_core::internal::mix64;
use reversi_variants::{Position, Variant};

use crate::Failure;
use crate::deep;
use crate::files::Outputs;

/// The first line of every plan: the format and its version.
pub(crate) const PLAN_FORMAT: &str = "reversi-perft-plan 1";

/// The keys of the header, in their order, after the first line and before
/// `digest`.
const KEYS: [&str; 9] = ["variant", "board", "holes", "start", "depth", "split", "positions", "paths", "finished"];

/// The plan's digest: 128 bits, two chains of SplitMix64's finaliser
/// (reversi-core's `mix64`) over the bytes read as little-endian 64-bit words
/// (the last one padded with zeros), each chain from its own seed, the length
/// mixed in at the end; written as 32 hexadecimal digits. It is a checksum
/// against truncated, edited or mixed-up files, not a cryptographic hash.
#[derive(Clone, Debug)]
pub(crate) struct Digest {
    a: u64,
    b: u64,
    word: u64,
    fill: u32,
    len: u64,
}

impl Digest {
    /// A digest of nothing yet.
    pub(crate) fn new() -> Digest {
        Digest { a: 0x243F_6A88_85A3_08D3, b: 0x1319_8A2E_0370_7344, word: 0, fill: 0, len: 0 }
    }

    /// Adds `bytes`.
    pub(crate) fn update(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.word |= u64::from(byte) << (8 * self.fill);
            self.fill += 1;
            if self.fill == 8 {
                self.block();
            }
        }
        self.len = self.len.wrapping_add(bytes.len() as u64);
    }

    fn block(&mut self) {
        self.a = mix64(self.a ^ self.word);
        self.b = mix64(self.b.rotate_left(29) ^ self.word ^ 0xA409_3822_299F_31D0);
        self.word = 0;
        self.fill = 0;
    }

    /// The 32 hexadecimal digits of the bytes added.
    pub(crate) fn finish(mut self) -> String {
        if self.fill > 0 {
            self.block();
        }
        let a = mix64(self.a ^ self.len);
        let b = mix64(self.b ^ !self.len);
        format!("{a:016x}{b:016x}")
    }
}

/// One shard of a plan: `I/N`, shard `index` of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shard {
    /// 0 to `count - 1`.
    pub(crate) index: u32,
    /// At least 1.
    pub(crate) count: u32,
}

impl Shard {
    /// Whether line `line` of the body (from 0) is this shard's: the lines
    /// are dealt in rounds of `count`, forwards then backwards (0, 1, ...,
    /// N-1, N-1, ..., 1, 0, 0, 1, ...), so that with the body sorted by cost
    /// every shard gets one of the costliest, one of the next, and so on.
    pub(crate) fn owns(&self, line: u64) -> bool {
        let n = u64::from(self.count);
        let (round, place) = (line / n, line % n);
        let shard = if round % 2 == 0 { place } else { n - 1 - place };
        shard == u64::from(self.index)
    }
}

impl FromStr for Shard {
    type Err = String;

    /// Reads `I/N`: shard I (0 to N-1) of N (1 or more).
    fn from_str(s: &str) -> Result<Shard, String> {
        let expected = "expected I/N, shard I (0 to N-1) of N";
        let (i, n) = s.split_once('/').ok_or_else(|| format!("{expected}, found no '/'"))?;
        let count: u32 = n.trim().parse().map_err(|e| format!("{expected}: N {n:?}: {e}"))?;
        let index: u32 = i.trim().parse().map_err(|e| format!("{expected}: I {i:?}: {e}"))?;
        if count == 0 {
            return Err(format!("{expected}: N is 0"));
        }
        if index >= count {
            return Err(format!("shard {index} is out of range: {count} shards are numbered 0 to {}", count - 1));
        }
        Ok(Shard { index, count })
    }
}

/// A plan's header: what it counts and how much.
#[derive(Clone, Debug)]
pub(crate) struct PlanHeader {
    /// The position the count starts from (its game, board and first mover).
    pub(crate) start: Position,
    /// The depth of the count.
    pub(crate) depth: u32,
    /// The ply of the positions in the body.
    pub(crate) split: u32,
    /// The lines of the body.
    pub(crate) positions: u64,
    /// The multiplicities of the body summed.
    pub(crate) paths: u64,
    /// Games that end before ply `split`, one leaf each.
    pub(crate) finished: u64,
}

impl PlanHeader {
    /// The header lines before `digest`, each ending in a newline.
    fn lines(&self) -> String {
        let geometry = self.start.geometry();
        let holes: Vec<String> = geometry.holes().map(|sq| sq.to_string()).collect();
        let holes = if holes.is_empty() { "-".to_string() } else { holes.join(",") };
        let values = [
            self.start.variant().to_string(),
            geometry.to_string(),
            holes,
            self.start.to_string(),
            self.depth.to_string(),
            self.split.to_string(),
            self.positions.to_string(),
            self.paths.to_string(),
            self.finished.to_string(),
        ];
        let mut text = format!("{PLAN_FORMAT}\n");
        for (key, value) in KEYS.iter().zip(values) {
            let _ = writeln!(text, "{key} {value}");
        }
        text
    }
}

/// What is wrong with a plan file.
#[derive(Debug, thiserror::Error)]
pub(crate) enum PlanError {
    /// The file cannot be read.
    #[error("{file}: {source}")]
    Io {
        /// The plan.
        file: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// A line is not what the format has there.
    #[error("{file}: line {line}: expected {expected}, found {found:?}")]
    Line {
        /// The plan.
        file: PathBuf,
        /// From 1.
        line: u64,
        /// What the format has there.
        expected: String,
        /// The line, or the part of it at fault.
        found: String,
    },
    /// The body has another number of lines than the header says.
    #[error("{file}: the header says {expected} positions, the body has {found}: the plan is truncated or edited")]
    Count {
        /// The plan.
        file: PathBuf,
        /// The header's `positions`.
        expected: u64,
        /// The lines found.
        found: u64,
    },
    /// The digest of the contents differs from the header's.
    #[error("{file}: the header's digest is {expected}, the contents' is {found}: the plan is edited or damaged")]
    Digest {
        /// The plan.
        file: PathBuf,
        /// The header's `digest`.
        expected: String,
        /// The contents'.
        found: String,
    },
}

/// A plan as a shard reads it: its header and digest, and the shard's
/// positions with their multiplicities, in the plan's order.
#[derive(Debug)]
pub(crate) struct ShardPlan {
    /// The header.
    pub(crate) header: PlanHeader,
    /// The digest, checked against the contents.
    pub(crate) digest: String,
    /// The shard's positions and multiplicities.
    pub(crate) units: Vec<(Position, u64)>,
}

/// What `perft --split` wrote.
#[derive(Debug)]
pub(crate) struct PlanSummary {
    /// The header written.
    pub(crate) header: PlanHeader,
    /// Its digest.
    pub(crate) digest: String,
}

/// Writes the plan of `game` at `depth` split at ply `split` to `path`, all
/// or nothing ([`Outputs`]).
///
/// # Errors
/// A usage failure when `split` is over `depth`, or naming the file that
/// cannot be written (status 2).
pub(crate) fn write_plan(path: &Path, game: &Position, depth: u32, split: u32) -> Result<PlanSummary, Failure> {
    if split > depth {
        return Err(Failure::usage(format!("--split {split}: the split ply must be at most DEPTH ({depth})")));
    }
    let (units, finished) = deep::frontier(game, split);
    let probe = (depth - split).min(2);
    let costs: Vec<u64> =
        units.iter().map(|(unit, _)| reversi_variants::perft(unit, probe).expect(deep::WITHIN_BOUND)).collect();
    let mut order: Vec<usize> = (0..units.len()).collect();
    // Stable: equal costs keep the order the expansion reached them in.
    order.sort_by_key(|&i| std::cmp::Reverse(costs[i]));
    drop(costs);
    let header = PlanHeader {
        start: *game,
        depth,
        split,
        positions: units.len() as u64,
        paths: units.iter().fold(0u64, |sum, &(_, n)| sum.saturating_add(n)),
        finished,
    };
    let head = header.lines();
    let mut line = String::new();
    let body_line = |line: &mut String, i: usize| {
        line.clear();
        let _ = writeln!(line, "{} {}", units[i].0, units[i].1);
    };
    let mut digest = Digest::new();
    digest.update(head.as_bytes());
    for &i in &order {
        body_line(&mut line, i);
        digest.update(line.as_bytes());
    }
    let digest = digest.finish();
    let mut files = Outputs::create(&[path.to_path_buf()])?;
    files.write(0, |file| writeln!(file, "{head}digest {digest}"))?;
    for &i in &order {
        body_line(&mut line, i);
        files.write(0, |file| file.write_all(line.as_bytes()))?;
    }
    files.commit()?;
    Ok(PlanSummary { header, digest })
}

/// Reads the plan `path` for `shard`: the header checked (a game, a start on
/// the header's board, `split` at most `depth`), every line digested, the
/// shard's lines parsed (a position of the plan's game and board, a
/// multiplicity of 1 or more), the line count and the digest checked at the
/// end. Only the shard's positions are held.
///
/// # Errors
/// A [`PlanError`] naming the file (and the line) at fault.
pub(crate) fn read_plan(path: &Path, shard: Shard) -> Result<ShardPlan, PlanError> {
    let io = |source| PlanError::Io { file: path.to_path_buf(), source };
    let mut reader =
        Lines { file: path, reader: BufReader::new(File::open(path).map_err(io)?), line: 0, text: String::new() };
    let bad = |line: u64, expected: &str, found: &str| PlanError::Line {
        file: path.to_path_buf(),
        line,
        expected: expected.to_string(),
        found: found.to_string(),
    };
    let mut digest = Digest::new();
    let first = reader.next(&mut digest)?.ok_or_else(|| bad(1, PLAN_FORMAT, ""))?;
    if first != PLAN_FORMAT {
        return Err(bad(1, &format!("{PLAN_FORMAT:?} (a plan written by perft --split)"), &first));
    }
    let mut values = Vec::with_capacity(KEYS.len());
    for key in KEYS {
        let text = reader.next(&mut digest)?.ok_or_else(|| bad(reader.line + 1, &format!("{key} VALUE"), ""))?;
        match text.split_once(' ') {
            Some((k, value)) if k == key => values.push(value.to_string()),
            _ => return Err(bad(reader.line, &format!("{key} VALUE"), &text)),
        }
    }
    let number = |i: usize| -> Result<u64, PlanError> {
        values[i].parse().map_err(|_| bad(2 + i as u64, &format!("{} NUMBER", KEYS[i]), &values[i]))
    };
    let variant: Variant = values[0].parse().map_err(|_| bad(2, "variant reversi|reversitacks|attacks", &values[0]))?;
    let start = Position::from_text(variant, &values[3])
        .map_err(|e| bad(5, &format!("start POSITION of {variant} ({e})"), &values[3]))?;
    let small = |i: usize| -> Result<u32, PlanError> {
        let n = number(i)?;
        u32::try_from(n)
            .ok()
            .filter(|&n| n <= 60)
            .ok_or_else(|| bad(2 + i as u64, &format!("{} 0 to 60", KEYS[i]), &values[i]))
    };
    let (depth, split) = (small(4)?, small(5)?);
    if split > depth {
        return Err(bad(7, &format!("split at most the depth ({depth})"), &values[5]));
    }
    let header = PlanHeader { start, depth, split, positions: number(6)?, paths: number(7)?, finished: number(8)? };
    let expected = header.lines();
    for (i, (line, value)) in expected.lines().skip(1).zip(&values).enumerate().take(3) {
        if line.split_once(' ').map(|(_, v)| v) != Some(value.as_str()) {
            return Err(bad(2 + i as u64, &format!("{line} (the start's game and board)"), value));
        }
    }
    let mut before = digest.clone();
    let text = reader.next(&mut before)?.ok_or_else(|| bad(reader.line + 1, "digest HEX", ""))?;
    let stated = match text.split_once(' ') {
        Some(("digest", hex)) if hex.len() == 32 && hex.bytes().all(|b| b.is_ascii_hexdigit()) => hex.to_string(),
        _ => return Err(bad(reader.line, "digest and 32 hexadecimal digits", &text)),
    };
    let mut units = Vec::new();
    let mut count = 0u64;
    while let Some(text) = reader.next(&mut digest)? {
        if shard.owns(count) {
            let unit = text
                .rsplit_once(' ')
                .and_then(|(pos, n)| Some((Position::from_text(variant, pos).ok()?, n.parse::<u64>().ok()?)))
                .filter(|(pos, n)| *n > 0 && pos.geometry() == start.geometry());
            match unit {
                Some(unit) => units.push(unit),
                None => {
                    return Err(bad(
                        reader.line,
                        &format!("a {variant} position on the plan's board and a count"),
                        &text,
                    ));
                }
            }
        }
        count += 1;
    }
    if count != header.positions {
        return Err(PlanError::Count { file: path.to_path_buf(), expected: header.positions, found: count });
    }
    let found = digest.finish();
    if found != stated.to_ascii_lowercase() {
        return Err(PlanError::Digest { file: path.to_path_buf(), expected: stated, found });
    }
    Ok(ShardPlan { header, digest: found, units })
}

/// A plan's lines, one at a time into one buffer, each digested with its
/// newline as it is read.
struct Lines<'a> {
    file: &'a Path,
    reader: BufReader<File>,
    line: u64,
    text: String,
}

impl Lines<'_> {
    /// The next line without its newline, digested into `digest`; `None` at
    /// the end.
    fn next(&mut self, digest: &mut Digest) -> Result<Option<String>, PlanError> {
        self.text.clear();
        let read = self.reader.read_line(&mut self.text).map_err(|e| match e.kind() {
            std::io::ErrorKind::InvalidData => PlanError::Line {
                file: self.file.to_path_buf(),
                line: self.line + 1,
                expected: "UTF-8 text".to_string(),
                found: "other bytes".to_string(),
            },
            _ => PlanError::Io { file: self.file.to_path_buf(), source: e },
        })?;
        if read == 0 {
            return Ok(None);
        }
        self.line += 1;
        digest.update(self.text.as_bytes());
        Ok(Some(self.text.strip_suffix('\n').unwrap_or(&self.text).to_string()))
    }
}
