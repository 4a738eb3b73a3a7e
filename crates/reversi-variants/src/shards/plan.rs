//! The plan of a split count: the distinct positions K plies below the
//! start, each with the number of paths that reach it, to be counted in
//! shards on other processes or machines and merged.
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
//! digest c991e4982e1f1b05ca1a3b996d9fe6b9
//! --------/-----X--/---XX---/---XO---/---XO---/--------/--------/-------- O 4
//! ...
//! ```
//!
//! `positions` is the number of body lines, `paths` the multiplicities
//! summed, `finished` the games that end before ply K (each one leaf of the
//! count, as plain perft counts them; shard 0 adds them). The digest
//! ([`Digest`]) covers every byte of the file but its own line. The body is
//! the positions (canonical forms over the board's symmetries) sorted by cost,
//! perft 2 below each, costliest first (ties in the order the expansion first
//! reaches them: ply by ply, moves in the order [`Position::moves`] gives
//! from each canonical form): line `i`
//! (from 0) belongs to shard [`Shard::owns`], dealt in a snake so that every
//! shard gets big and small subtrees alike.
//!
//! Writing holds the distinct positions once (found ply by ply, at most
//! [`MAX_PLAN_POSITIONS`] at any ply: a deeper split is refused at once with
//! the plan's estimated size) and streams the lines twice, formatted anew
//! each time: once for the digest, once into the output, so the text is never
//! held. A plan of `P` positions is cut into at most `P` shards (1 when it
//! has none), and never more than [`MAX_SHARDS`]: a shard without a position
//! would count nothing.

use std::fmt::Write as _;
use std::fs::File;
use std::io::{BufRead, BufReader, Read as _, Write};
use std::path::{Path, PathBuf};
use std::str::FromStr;

use super::destination::Destination;
use super::digest::Digest;
use super::error::{ParseShardError, PlanError};
use super::expand::{MAX_PLAN_POSITIONS, frontier};
use crate::perft::check_depth;
use crate::{Position, Variant};

/// The first line of every plan: the format and its version.
pub const PLAN_FORMAT: &str = "reversi-perft-plan 1";

/// The keys of the header, in their order, after the first line and before
/// `digest`.
const KEYS: [&str; 9] = ["variant", "board", "holes", "start", "depth", "split", "positions", "paths", "finished"];

/// The longest line a plan may have, newline included (a 26x26 position is
/// under 800 bytes): a file without newlines is refused, not held.
const MAX_LINE: u64 = 1 << 16;

/// The deepest depth (and split ply) a plan's header may give: the deepest
/// count.
const MAX_PLAN_DEPTH: u64 = crate::MAX_PERFT_DEPTH as u64;

/// The most shards a plan is cut into: 2^20 = 1,048,576 (and never more
/// than its positions: [`PlanHeader::max_shards`]).
pub const MAX_SHARDS: u32 = 1 << 20;

/// One shard of a plan: `I/N`, shard `index` of `count`, `count` at most
/// [`MAX_SHARDS`].
///
/// ```
/// use reversi_variants::shards::Shard;
/// let shard: Shard = "1/4".parse()?;
/// assert_eq!((shard.index(), shard.count()), (1, 4));
/// assert!("4/4".parse::<Shard>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    index: u32,
    count: u32,
}

impl Shard {
    /// Shard `index` (0 to `count - 1`) of `count`.
    ///
    /// # Errors
    /// [`ParseShardError::NoShards`] when `count` is 0,
    /// [`ParseShardError::TooMany`] when it is over [`MAX_SHARDS`],
    /// [`ParseShardError::OutOfRange`] when `index` is `count` or more.
    pub const fn new(index: u32, count: u32) -> Result<Shard, ParseShardError> {
        if count == 0 {
            return Err(ParseShardError::NoShards);
        }
        if count > MAX_SHARDS {
            return Err(ParseShardError::TooMany { count: count as u64, max: MAX_SHARDS as u64, positions: None });
        }
        if index >= count {
            return Err(ParseShardError::OutOfRange { index, count });
        }
        Ok(Shard { index, count })
    }

    /// Shard `index` of `count`, already checked.
    pub(super) const fn unchecked(index: u32, count: u32) -> Shard {
        Shard { index, count }
    }

    /// I: from 0 to N-1.
    #[must_use]
    pub const fn index(&self) -> u32 {
        self.index
    }

    /// N: at least 1.
    #[must_use]
    pub const fn count(&self) -> u32 {
        self.count
    }

    /// Whether line `line` of the body (from 0) is this shard's: the lines
    /// are dealt in rounds of `count`, forwards then backwards (0, 1, ...,
    /// N-1, N-1, ..., 1, 0, 0, 1, ...), so that with the body sorted by cost
    /// every shard gets one of the costliest, one of the next, and so on.
    #[must_use]
    pub const fn owns(&self, line: u64) -> bool {
        let n = self.count as u64;
        let (round, place) = (line / n, line % n);
        let shard = if round % 2 == 0 { place } else { n - 1 - place };
        shard == self.index as u64
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = ParseShardError;

    /// Reads `I/N`: shard I (0 to N-1) of N (1 or more).
    fn from_str(s: &str) -> Result<Shard, ParseShardError> {
        let (i, n) = s.split_once('/').ok_or(ParseShardError::NoSlash)?;
        let number = |which, text: &str| {
            text.trim().parse::<u64>().map_err(|e| ParseShardError::Number {
                which,
                text: text.to_string(),
                message: e.to_string(),
            })
        };
        let count = number("N", n)?;
        let count = u32::try_from(count).map_err(|_| ParseShardError::TooMany {
            count,
            max: MAX_SHARDS.into(),
            positions: None,
        })?;
        let index = number("I", i)?;
        let index = u32::try_from(index).map_err(|_| ParseShardError::OutOfRange { index: u32::MAX, count })?;
        Shard::new(index, count)
    }
}

/// A plan's header: what it counts and how much.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct PlanHeader {
    /// The position the count starts from (its game, board and first mover).
    pub start: Position,
    /// The depth of the count.
    pub depth: u32,
    /// The ply of the positions in the body.
    pub split: u32,
    /// The lines of the body.
    pub positions: u64,
    /// The multiplicities of the body summed.
    pub paths: u64,
    /// Games that end before ply `split`, one leaf each.
    pub finished: u64,
}

impl PlanHeader {
    /// The most shards the plan can be cut into: one position each at least
    /// (1 for a plan without positions), at most [`MAX_SHARDS`].
    #[must_use]
    pub fn max_shards(&self) -> u32 {
        // At most MAX_SHARDS: a u32.
        self.positions.clamp(1, MAX_SHARDS.into()) as u32
    }

    /// `shards`, checked: 1 to [`PlanHeader::max_shards`].
    ///
    /// # Errors
    /// [`ParseShardError::NoShards`] for 0, [`ParseShardError::TooMany`]
    /// (naming the plan's positions when they are the bound) past the most.
    pub fn check_shards(&self, shards: u64) -> Result<u32, ParseShardError> {
        let max = self.max_shards();
        if shards == 0 {
            return Err(ParseShardError::NoShards);
        }
        if shards > u64::from(max) {
            let positions = (self.positions < MAX_SHARDS.into()).then_some(self.positions);
            let max = if positions.is_some() { max.into() } else { MAX_SHARDS.into() };
            return Err(ParseShardError::TooMany { count: shards, max, positions });
        }
        // At most max: a u32.
        Ok(shards as u32)
    }

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

/// Writes the plan of `game` at `depth` split at ply `split` ([`Plan::new`])
/// to `to`, all or nothing ([`Destination`]); gives the plan. The
/// destination is checked before the expansion.
///
/// # Errors
/// [`PlanError::Destination`] when `to` names no file or is named as a
/// temporary file (before anything is expanded) or cannot be written (it is
/// then as it was); [`Plan::new`]'s errors.
pub fn write_plan(game: &Position, depth: u32, split: u32, to: &Destination) -> Result<Plan, PlanError> {
    to.check()?;
    let plan = Plan::new(game, depth, split)?;
    to.write(|file| plan.write(file))?;
    Ok(plan)
}

/// A plan made in memory: the distinct positions at the split ply, sorted by
/// cost, with the header and digest of the file [`Plan::write`] writes.
#[derive(Clone, Debug)]
pub struct Plan {
    header: PlanHeader,
    digest: String,
    head: String,
    /// The positions in the order the expansion reached them.
    units: Vec<(Position, u64)>,
    /// Their indices in the order of the file: costliest first.
    order: Vec<u32>,
}

impl Plan {
    /// The plan of `game` at `depth` split at ply `split`: the distinct
    /// positions `split` plies below it with their multiplicities, sorted by
    /// cost, and the digest of the file.
    ///
    /// # Errors
    /// [`PlanError::Perft`] for a depth past
    /// [`MAX_PERFT_DEPTH`](crate::MAX_PERFT_DEPTH),
    /// [`PlanError::SplitPastDepth`] when `split` is over `depth`; both before
    /// anything is expanded. [`PlanError::TooLarge`] as soon as a ply of the
    /// expansion passes [`MAX_PLAN_POSITIONS`] (with the plan's estimated
    /// size and the deepest split that fits), [`PlanError::Memory`] when the
    /// system refuses memory.
    pub fn new(game: &Position, depth: u32, split: u32) -> Result<Plan, PlanError> {
        check_depth(depth)?;
        if split > depth {
            return Err(PlanError::SplitPastDepth { split, depth });
        }
        let frontier = frontier(game, split, MAX_PLAN_POSITIONS)?;
        let (units, finished) = (frontier.units, frontier.finished);
        let probe = (depth - split).min(2);
        let memory = |_| PlanError::Memory { ply: split, positions: units.len() as u64 };
        let mut keyed: Vec<(std::cmp::Reverse<u64>, u32)> = Vec::new();
        keyed.try_reserve_exact(units.len()).map_err(memory)?;
        for (i, unit) in units.iter().enumerate() {
            // At most MAX_PLAN_POSITIONS units: a u32.
            keyed.push((std::cmp::Reverse(crate::perft(&unit.0, probe)?), i as u32));
        }
        // Costliest first; equal costs in the order the expansion reached them.
        keyed.sort_unstable();
        let order: Vec<u32> = keyed.into_iter().map(|(_, i)| i).collect();
        let header = PlanHeader {
            start: *game,
            depth,
            split,
            positions: units.len() as u64,
            paths: units.iter().fold(0u64, |sum, &(_, n)| sum.saturating_add(n)),
            finished,
        };
        let head = header.lines();
        let mut digest = Digest::new();
        digest.update(head.as_bytes());
        let mut line = String::new();
        for &i in &order {
            body_line(&mut line, &units[i as usize]);
            digest.update(line.as_bytes());
        }
        Ok(Plan { header, digest: digest.finish(), head, units, order })
    }

    /// The header.
    #[must_use]
    pub const fn header(&self) -> &PlanHeader {
        &self.header
    }

    /// The digest: 32 hexadecimal digits.
    #[must_use]
    pub fn digest(&self) -> &str {
        &self.digest
    }

    /// Writes the plan's file to `out`: the header, the digest, the body.
    ///
    /// # Errors
    /// The first error writing `out`.
    pub fn write(&self, out: &mut (impl Write + ?Sized)) -> std::io::Result<()> {
        writeln!(out, "{}digest {}", self.head, self.digest)?;
        let mut line = String::new();
        for &i in &self.order {
            body_line(&mut line, &self.units[i as usize]);
            out.write_all(line.as_bytes())?;
        }
        Ok(())
    }
}

/// The body line of `unit` into `line`: the position and its multiplicity.
fn body_line(line: &mut String, unit: &(Position, u64)) {
    line.clear();
    let _ = writeln!(line, "{} {}", unit.0, unit.1);
}

/// A plan as a shard reads it: its header and digest, and the shard's
/// positions with their multiplicities, in the plan's order.
#[derive(Clone, Debug)]
pub struct ShardPlan {
    pub(super) file: PathBuf,
    pub(super) shard: Shard,
    pub(super) header: PlanHeader,
    pub(super) digest: String,
    pub(super) units: Vec<(Position, u64)>,
}

impl ShardPlan {
    /// The plan's file.
    #[must_use]
    pub fn file(&self) -> &Path {
        &self.file
    }

    /// The shard read.
    #[must_use]
    pub const fn shard(&self) -> Shard {
        self.shard
    }

    /// The header.
    #[must_use]
    pub const fn header(&self) -> &PlanHeader {
        &self.header
    }

    /// The digest, checked against the contents.
    #[must_use]
    pub fn digest(&self) -> &str {
        &self.digest
    }

    /// The shard's positions and multiplicities.
    #[must_use]
    pub fn units(&self) -> &[(Position, u64)] {
        &self.units
    }
}

/// Reads the plan `path` for `shard`: the header checked (a game, a start on
/// the header's board, `split` at most `depth`, both at most
/// [`MAX_PERFT_DEPTH`](crate::MAX_PERFT_DEPTH)), every line
/// digested, the shard's lines parsed (a position of the plan's game and
/// board, a multiplicity of 1 or more), the line count and the digest checked
/// at the end. Only the shard's positions are held.
///
/// # Errors
/// A [`PlanError`] naming the file (and the line) at fault.
pub fn read_plan(path: &Path, shard: Shard) -> Result<ShardPlan, PlanError> {
    read(path, shard)
}

/// Reads and checks the plan `path` as [`read_plan`] does, holding none of
/// its positions: its header and digest.
///
/// # Errors
/// A [`PlanError`] naming the file (and the line) at fault.
pub fn read_plan_header(path: &Path) -> Result<(PlanHeader, String), PlanError> {
    let plan = read(path, None)?;
    Ok((plan.header, plan.digest))
}

/// [`read_plan`], holding the lines of `shard` if any: the header read
/// ([`header_values`]) and checked ([`header_of`]), the digest line read
/// ([`stated_digest`]), the body read ([`body`]), then the line count and
/// the digest checked.
fn read(path: &Path, shard: impl Into<Option<Shard>>) -> Result<ShardPlan, PlanError> {
    let owner = shard.into();
    let io = |source| PlanError::Io { file: path.to_path_buf(), source };
    let mut reader =
        Lines { file: path, reader: BufReader::new(File::open(path).map_err(io)?), line: 0, text: String::new() };
    let mut digest = Digest::new();
    let values = header_values(&mut reader, &mut digest)?;
    let header = header_of(path, &values)?;
    let stated = stated_digest(&mut reader, &digest)?;
    if let Some(shard) = owner {
        header
            .check_shards(shard.count().into())
            .map_err(|source| PlanError::Shards { file: path.to_path_buf(), source })?;
    }
    let (units, count) = body(&mut reader, &mut digest, &header, owner)?;
    if count != header.positions {
        return Err(PlanError::Count { file: path.to_path_buf(), expected: header.positions, found: count });
    }
    let found = digest.finish();
    if found != stated.to_ascii_lowercase() {
        return Err(PlanError::Digest { file: path.to_path_buf(), expected: stated, found });
    }
    let shard = owner.unwrap_or(Shard { index: 0, count: 1 });
    Ok(ShardPlan { file: path.to_path_buf(), shard, header, digest: found, units })
}

/// A [`PlanError::Line`]: line `line` of `file` is `found`, not `expected`.
fn bad(file: &Path, line: u64, expected: &str, found: &str) -> PlanError {
    PlanError::Line { file: file.to_path_buf(), line, expected: expected.to_string(), found: found.to_string() }
}

/// Parses the header's lines: the format line, then a `KEY VALUE` line of
/// each of [`KEYS`] in order; their values, unchecked.
fn header_values(reader: &mut Lines<'_>, digest: &mut Digest) -> Result<Vec<String>, PlanError> {
    let file = reader.file;
    let first = reader.next(digest)?.ok_or_else(|| bad(file, 1, PLAN_FORMAT, ""))?;
    if first != PLAN_FORMAT {
        return Err(bad(file, 1, &format!("{PLAN_FORMAT:?} (a plan written by perft --split)"), &first));
    }
    let mut values = Vec::with_capacity(KEYS.len());
    for key in KEYS {
        let text = reader.next(digest)?.ok_or_else(|| bad(file, reader.line + 1, &format!("{key} VALUE"), ""))?;
        match text.split_once(' ') {
            Some((k, value)) if k == key => values.push(value.to_string()),
            _ => return Err(bad(file, reader.line, &format!("{key} VALUE"), &text)),
        }
    }
    Ok(values)
}

/// Validates the header's values ([`header_values`], line `2 + i` the
/// value `i`): a game, a start on the header's board, `split` at most
/// `depth`, both at most [`MAX_PLAN_DEPTH`], numbers that are numbers, and
/// the variant, board and holes lines those of the start.
fn header_of(file: &Path, values: &[String]) -> Result<PlanHeader, PlanError> {
    let bad = |line: u64, expected: &str, found: &str| bad(file, line, expected, found);
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
            .filter(|&n| u64::from(n) <= MAX_PLAN_DEPTH)
            .ok_or_else(|| bad(2 + i as u64, &format!("{} 0 to {MAX_PLAN_DEPTH}", KEYS[i]), &values[i]))
    };
    let (depth, split) = (small(4)?, small(5)?);
    if split > depth {
        return Err(bad(7, &format!("split at most the depth ({depth})"), &values[5]));
    }
    let header = PlanHeader { start, depth, split, positions: number(6)?, paths: number(7)?, finished: number(8)? };
    let expected = header.lines();
    for (i, (line, value)) in expected.lines().skip(1).zip(values).enumerate().take(3) {
        if line.split_once(' ').map(|(_, v)| v) != Some(value.as_str()) {
            return Err(bad(2 + i as u64, &format!("{line} (the start's game and board)"), value));
        }
    }
    Ok(header)
}

/// Parses the `digest HEX` line (which the digest does not cover): the
/// 32 hexadecimal digits stated.
fn stated_digest(reader: &mut Lines<'_>, digest: &Digest) -> Result<String, PlanError> {
    let file = reader.file;
    let mut before = digest.clone();
    let text = reader.next(&mut before)?.ok_or_else(|| bad(file, reader.line + 1, "digest HEX", ""))?;
    match text.split_once(' ') {
        Some(("digest", hex)) if hex.len() == 32 && hex.bytes().all(|b| b.is_ascii_hexdigit()) => Ok(hex.to_string()),
        _ => Err(bad(file, reader.line, "digest and 32 hexadecimal digits", &text)),
    }
}

/// Reads the body, every line digested: the lines `owner` owns parsed and
/// checked (a position of the plan's game and board, a multiplicity of 1 or
/// more), and the number of lines.
fn body(
    reader: &mut Lines<'_>,
    digest: &mut Digest,
    header: &PlanHeader,
    owner: Option<Shard>,
) -> Result<(Vec<(Position, u64)>, u64), PlanError> {
    let variant = header.start.variant();
    let mut units = Vec::new();
    let mut count = 0u64;
    while let Some(text) = reader.next(digest)? {
        if owner.is_some_and(|shard| shard.owns(count)) {
            let unit = text
                .rsplit_once(' ')
                .and_then(|(pos, n)| Some((Position::from_text(variant, pos).ok()?, n.parse::<u64>().ok()?)))
                .filter(|(pos, n)| *n > 0 && pos.geometry() == header.start.geometry());
            match unit {
                Some(unit) => units.push(unit),
                None => {
                    let expected = format!("a {variant} position on the plan's board and a count");
                    return Err(bad(reader.file, reader.line, &expected, &text));
                }
            }
        }
        count += 1;
    }
    Ok((units, count))
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
        let read = (&mut self.reader).take(MAX_LINE).read_line(&mut self.text).map_err(|e| match e.kind() {
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
        if read as u64 == MAX_LINE && !self.text.ends_with('\n') {
            return Err(PlanError::Line {
                file: self.file.to_path_buf(),
                line: self.line,
                expected: format!("a line of at most {MAX_LINE} bytes"),
                found: format!("{}...", self.text.chars().take(40).collect::<String>()),
            });
        }
        digest.update(self.text.as_bytes());
        Ok(Some(self.text.strip_suffix('\n').unwrap_or(&self.text).to_string()))
    }
}
