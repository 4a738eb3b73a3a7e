//! Perft for every variant and board, written once over the rules and the
//! bit-set type.
//!
//! Convention (RULES.md): `perft(p, 0) = 1`; at depth `d > 0` a finished game
//! counts 1, a side with no move passes (a pass is a ply), and otherwise the
//! counts of the children after each legal move add up. Published Ataxx tables
//! count a finished game reached early as 0; this crate follows RULES.md.
//!
//! A count that does not fit a `u64` saturates at `u64::MAX` rather than wrap:
//! Attacks and Reversitacks games need not end, and with a [`PerftCache`] a
//! small board reaches such counts in a second (Attacks 3x3 passes `u64::MAX`
//! at depth 38).
//!
//! A count recurses once per ply, and those games can go on for ever: the
//! depth is bounded by [`MAX_PERFT_DEPTH`], and a deeper one is refused with
//! [`PerftError::TooDeep`] before anything is counted. A count deeper than 16
//! plies on a board other than 8x8 Reversi runs on a thread of its own whose
//! stack is sized for the depth (128 KiB a ply, as much as an unoptimised
//! build takes on a 26x26 board; an optimised one takes under 2 KiB), so that
//! no count exhausts the stack of the thread it is called from, whatever that
//! thread's size (a rayon worker's, a Python thread's).

use crate::{Move, Moves};
use reversi_core::Backend;

use crate::PerftError;
use crate::Position;
use crate::bits::BitSet;
use crate::dispatch;
use crate::engine::Engine;
use crate::table::{PerftCache, Slots};
use crate::variant::Rules;
use crate::visit::{Visitor, visit};

/// The deepest count [`perft`], [`perft_hashed`] and [`divide`] accept (and
/// their `_with` forms): 512 plies. Far past any count that ends in
/// reasonable time unless every move is forced, and shallow enough that the
/// recursion stays under 1 MiB of stack on the largest board (26x26).
pub const MAX_PERFT_DEPTH: u32 = 512;

/// The deepest count the front ends accept, for every game and board: 60
/// plies (the CLI's `perft`, the Python package's, the browser's, and the
/// split count's bound, `split::MAX_DEPTH`). An 8x8 Reversi game has at most
/// 60 placements and a count 60 plies deep finishes on no board, so a deeper
/// one is surely a typo; [`MAX_PERFT_DEPTH`] bounds what the functions
/// themselves accept.
pub const MAX_COUNT_DEPTH: u32 = 60;

/// Refuses a depth past [`MAX_PERFT_DEPTH`] (every count of the crate, the
/// split count's too).
pub(crate) const fn check_depth(depth: u32) -> Result<(), PerftError> {
    if depth > MAX_PERFT_DEPTH { Err(PerftError::TooDeep { depth, max: MAX_PERFT_DEPTH }) } else { Ok(()) }
}

struct Perft(Backend, u32);

impl Visitor for Perft {
    type Output = u64;
    fn visit<R: Rules, B: BitSet>(self, e: &Engine<B>, p: B, o: B) -> u64 {
        if self.1 == 0 { 1 } else { dispatch::perft_on::<R, B>(self.0, e, p, o, self.1) }
    }
}

/// The number of leaves `depth` plies below `pos` (see the module docs for the
/// convention), on the fastest [`Backend`] this CPU has. Standard 8x8 Reversi
/// is counted by reversi-core's perft.
///
/// ```
/// use reversi_variants::{Geometry, Position, Variant, perft};
/// let attacks = Position::start(Variant::Attacks, Geometry::new(7, 7)?)?;
/// assert_eq!(perft(&attacks, 3)?, 6460);
/// let reversitacks = Position::start(Variant::Reversitacks, Geometry::standard())?;
/// assert_eq!(perft(&reversitacks, 2)?, 2858);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`PerftError::TooDeep`] for a depth past [`MAX_PERFT_DEPTH`].
pub fn perft(pos: &Position, depth: u32) -> Result<u64, PerftError> {
    perft_with(Backend::detect(), pos, depth)
}

/// [`perft`] on a chosen build of the engine (reversi-core's [`Backend`]); an
/// unavailable one falls back to [`Backend::Portable`]. Every build gives the
/// same counts.
///
/// # Errors
///
/// [`PerftError::TooDeep`] for a depth past [`MAX_PERFT_DEPTH`].
pub fn perft_with(backend: Backend, pos: &Position, depth: u32) -> Result<u64, PerftError> {
    check_depth(depth)?;
    Ok(count(backend, pos, depth))
}

/// [`perft_with`] once the depth is checked.
fn count(backend: Backend, pos: &Position, depth: u32) -> u64 {
    match pos.to_othello() {
        Some(core) => reversi_core::perft_with(backend, &core, depth),
        None => on_stack_for(depth, || visit(pos.variant(), *pos.geometry(), pos.sides(), Perft(backend, depth))),
    }
}

/// The deepest count run on the caller's thread: 16 plies take under 2 MiB
/// of stack even unoptimised (8x8 Reversi, whose games end within 120 plies,
/// always runs there).
const CALLER_DEPTH: u32 = 16;

/// The stack a ply of the count may take: an unoptimised build takes up to
/// about 96 KiB on a 26x26 board (tests/depth.rs counts `MAX_PERFT_DEPTH` plies
/// on such a board).
const STACK_PER_PLY: usize = 128 << 10;

/// Runs `count`, a count `depth` plies deep of a board other than 8x8 Reversi,
/// on the caller's thread up to [`CALLER_DEPTH`], else on a thread of its own
/// with [`STACK_PER_PLY`] bytes of stack a ply (64 MiB at the bound, reserved,
/// touched only as deep as the game goes). If no thread can be started the
/// count runs on the caller's thread.
fn on_stack_for<T: Send>(depth: u32, count: impl FnOnce() -> T + Send) -> T {
    if depth <= CALLER_DEPTH {
        return count();
    }
    let bytes = (depth as usize + 8) * STACK_PER_PLY;
    let count = std::sync::Mutex::new(Some(count));
    let run = || count.lock().ok().and_then(|mut f| f.take()).map(|f| f());
    let spawned = std::thread::scope(|s| {
        let thread = std::thread::Builder::new().name("perft".to_string()).stack_size(bytes).spawn_scoped(s, run);
        // A panic on the counting thread is the caller's panic.
        thread.ok().map(|t| t.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    });
    match spawned.flatten() {
        Some(n) => n,
        // The thread could not start: `count` is still there.
        None => run().expect("the count runs once"),
    }
}

struct PerftHashed<'a>(Backend, u32, Slots<'a>);

impl Visitor for PerftHashed<'_> {
    type Output = u64;
    fn visit<R: Rules, B: BitSet>(self, e: &Engine<B>, p: B, o: B) -> u64 {
        let table = self.2.table::<B>();
        if self.1 == 0 { 1 } else { dispatch::perft_hashed_on::<R, B>(self.0, e, p, o, self.1, &table) }
    }
}

/// [`perft`] with a transposition table: the same count, faster at depth when
/// positions recur. The cache keeps its counts between calls, so counting the
/// same board again (deeper, or another position of the same game) reuses
/// them; threads may share one cache.
///
/// # Errors
///
/// [`PerftError::TooDeep`] for a depth past [`MAX_PERFT_DEPTH`].
pub fn perft_hashed(pos: &Position, depth: u32, cache: &PerftCache) -> Result<u64, PerftError> {
    perft_hashed_with(Backend::detect(), pos, depth, cache)
}

/// [`perft_hashed`] on a chosen build of the engine (an unavailable one falls
/// back to [`Backend::Portable`]).
///
/// # Errors
///
/// [`PerftError::TooDeep`] for a depth past [`MAX_PERFT_DEPTH`].
pub fn perft_hashed_with(backend: Backend, pos: &Position, depth: u32, cache: &PerftCache) -> Result<u64, PerftError> {
    check_depth(depth)?;
    if depth == 0 {
        return Ok(1);
    }
    Ok(cache.with(pos, |slots| match (&slots, pos.to_othello()) {
        (Slots::Core(table), Some(core)) => reversi_core::perft_hashed_with(backend, &core, depth, table),
        (_, Some(core)) => reversi_core::perft_with(backend, &core, depth),
        (_, None) => on_stack_for(depth, || {
            visit(pos.variant(), *pos.geometry(), pos.sides(), PerftHashed(backend, depth, slots))
        }),
    }))
}

/// The count below each legal move of a position: see [`divide`]. It is
/// reversi-core's [`Divide`](reversi_core::Divide) over this crate's positions,
/// so both crates' divides are one type with one behaviour.
pub type Divide = reversi_core::Divide<Position>;

impl reversi_core::internal::DividePosition for Position {
    type Move = Move;
    type Moves = Moves;

    fn divide_moves(&self, none: bool) -> Moves {
        if none { Moves::none() } else { self.moves() }
    }

    fn divide_play(&mut self, mv: Move) {
        self.play_unchecked(mv);
    }

    fn divide_perft(&self, backend: Backend, depth: u32) -> u64 {
        // `divide` checked the depth: its children's are smaller.
        count(backend, self, depth)
    }
}

/// The count below each legal move of `pos` (a pass when it is the only move),
/// in the order of [`Position::moves`], computed lazily, as reversi-core's
/// [`divide`](reversi_core::divide()). For `depth >= 1` the counts add up to
/// [`perft`] except at a finished game, which has no moves; at depth 0 nothing
/// is listed.
///
/// ```
/// use reversi_variants::{Backend, Geometry, Position, Variant, divide};
/// let pos = Position::start(Variant::Attacks, Geometry::new(5, 5)?)?;
/// let counts: Vec<u64> = divide(&pos, 2)?.on(Backend::Portable).map(|(_, n)| n).collect();
/// assert_eq!(counts.len(), 16);
/// assert_eq!(counts.iter().sum::<u64>(), reversi_variants::perft(&pos, 2)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`PerftError::TooDeep`] for a depth past [`MAX_PERFT_DEPTH`].
pub fn divide(pos: &Position, depth: u32) -> Result<Divide, PerftError> {
    check_depth(depth)?;
    Ok(reversi_core::internal::new_divide(*pos, depth))
}
