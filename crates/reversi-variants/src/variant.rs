//! The three games, as one run-time enum and one small compile-time trait.

use core::fmt;
use core::str::FromStr;

use crate::bits::BitSet;
use crate::engine::{Engine, ReversiOps};
use crate::error::ParseVariantError;

/// Which game: chosen at run time (the command line needs it).
///
/// `#[non_exhaustive]`: more games may come, so a `match` outside this crate
/// needs a wildcard arm:
///
/// ```
/// use reversi_variants::Variant;
/// let jumps = |v: Variant| match v {
///     Variant::Reversi => false,
///     Variant::Reversitacks | Variant::Attacks => true,
///     _ => v.moves_pieces(),
/// };
/// assert!(jumps(Variant::Attacks));
/// ```
///
/// Without it the match does not compile:
///
/// ```compile_fail,E0004
/// use reversi_variants::Variant;
/// let jumps = |v: Variant| match v {
///     Variant::Reversi => false,
///     Variant::Reversitacks | Variant::Attacks => true,
/// };
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[non_exhaustive]
pub enum Variant {
    /// Othello rules: placements that flip bracketed lines.
    #[default]
    Reversi,
    /// Clone or jump, then Reversi flips from the destination, then the
    /// adjacent opposing pieces convert.
    Reversitacks,
    /// Ataxx: clone or jump, then the adjacent opposing pieces convert.
    Attacks,
}

impl Variant {
    /// All three.
    pub const ALL: [Variant; 3] = [Variant::Reversi, Variant::Reversitacks, Variant::Attacks];

    /// The names [`FromStr`] reads (any case), in [`Variant::ALL`]'s order:
    /// each variant's [name](Variant::name); the [aliases](Variant::aliases)
    /// are read too.
    pub const NAMES: [&'static str; 3] = ["reversi", "reversitacks", "attacks"];

    /// The other names [`FromStr`] reads for this variant: `othello` for
    /// Reversi, `ataxx` for Attacks.
    #[must_use]
    pub const fn aliases(self) -> &'static [&'static str] {
        match self {
            Variant::Reversi => &["othello"],
            Variant::Reversitacks => &[],
            Variant::Attacks => &["ataxx"],
        }
    }

    /// The lower-case name: `reversi`, `reversitacks` or `attacks`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Reversi => "reversi",
            Variant::Reversitacks => "reversitacks",
            Variant::Attacks => "attacks",
        }
    }

    /// Whether pieces move by clone and jump (Reversitacks, Attacks) rather than
    /// by placement.
    #[must_use]
    pub const fn moves_pieces(self) -> bool {
        !matches!(self, Variant::Reversi)
    }
}

impl fmt::Display for Variant {
    /// The [name](Variant::name); width, fill and alignment apply.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl FromStr for Variant {
    type Err = ParseVariantError;

    /// Reads a name of [`Variant::NAMES`] (`reversi`, `reversitacks`,
    /// `attacks`) or an [alias](Variant::aliases) (`othello`, `ataxx`), any case.
    ///
    /// # Errors
    /// [`ParseVariantError`] for any other name.
    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        Variant::ALL
            .into_iter()
            .find(|v| s.eq_ignore_ascii_case(v.name()) || v.aliases().iter().any(|a| s.eq_ignore_ascii_case(a)))
            .ok_or(ParseVariantError)
    }
}

/// No origin: a placement or a clone.
pub(crate) const NO_ORIGIN: u16 = u16::MAX;

/// A move as bit indices: the destination, and the origin of a jump.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RawMove {
    pub(crate) to: u16,
    pub(crate) from: u16,
}

/// The rules of one variant on the generic engine. Everything that differs
/// between the games is here; move counting, perft and the API are written once
/// over it.
pub(crate) trait Rules {
    /// The run-time name of these rules.
    const VARIANT: Variant;

    /// Calls `f` with each move of `p` against `o` (passes excluded) and its
    /// destination as a set: placements and clones by destination, then jumps
    /// by origin and destination. `kernel` holds the Reversi operations to use
    /// (the engine's, or a SIMD build).
    fn for_each_move<B: BitSet>(e: &Engine<B>, p: B, o: B, kernel: impl ReversiOps<B>, f: impl FnMut(RawMove, B));

    /// The number of moves of `p` against `o` (passes excluded).
    fn count_moves<B: BitSet>(e: &Engine<B>, p: B, o: B, kernel: impl ReversiOps<B>) -> u64;

    /// `(p, o)` after `p` plays the legal move `mv`.
    #[inline(always)]
    fn play<B: BitSet>(e: &Engine<B>, p: B, o: B, mv: RawMove, kernel: impl ReversiOps<B>) -> (B, B) {
        Self::play_to(e, p, o, mv, B::bit(usize::from(mv.to)), kernel)
    }

    /// [`play`](Rules::play) given the destination as a set, `to`.
    fn play_to<B: BitSet>(e: &Engine<B>, p: B, o: B, mv: RawMove, to: B, kernel: impl ReversiOps<B>) -> (B, B);

    /// The squares a move of `p` lands on: Reversi's placements, or every
    /// clone and jump destination.
    fn destinations<B: BitSet>(e: &Engine<B>, p: B, o: B, kernel: impl ReversiOps<B>) -> B;

    /// The squares a move without an origin lands on: Reversi's placements, or
    /// the clone destinations (jumps are listed by origin).
    fn placements<B: BitSet>(e: &Engine<B>, p: B, o: B, kernel: impl ReversiOps<B>) -> B;

    /// Whether `mv` (on the board, not a pass) is a move of `p` against `o`;
    /// the game is known not to be over by a wipe-out.
    fn is_move<B: BitSet>(e: &Engine<B>, p: B, o: B, mv: RawMove) -> bool;

    /// Whether the game is over because a side has no pieces (Reversitacks and
    /// Attacks); the other way to end, no moves for either side, is common.
    #[inline(always)]
    fn wiped_out<B: BitSet>(p: B, o: B) -> bool {
        Self::VARIANT.moves_pieces() && (p.is_empty() || o.is_empty())
    }
}

/// Othello rules on any board.
pub(crate) struct Reversi;

impl Rules for Reversi {
    const VARIANT: Variant = Variant::Reversi;

    #[inline(always)]
    fn for_each_move<B: BitSet>(e: &Engine<B>, p: B, o: B, kernel: impl ReversiOps<B>, mut f: impl FnMut(RawMove, B)) {
        kernel.moves(e, p, o).for_each_bit(
            #[inline(always)]
            |to, bit| f(RawMove { to: to as u16, from: NO_ORIGIN }, bit),
        );
    }

    #[inline(always)]
    fn count_moves<B: BitSet>(e: &Engine<B>, p: B, o: B, kernel: impl ReversiOps<B>) -> u64 {
        u64::from(kernel.moves(e, p, o).count())
    }

    #[inline(always)]
    fn play_to<B: BitSet>(e: &Engine<B>, p: B, o: B, mv: RawMove, to: B, kernel: impl ReversiOps<B>) -> (B, B) {
        let flips = kernel.flips(e, p, o, usize::from(mv.to));
        (p | flips | to, o & !flips)
    }

    fn destinations<B: BitSet>(e: &Engine<B>, p: B, o: B, kernel: impl ReversiOps<B>) -> B {
        kernel.moves(e, p, o)
    }

    fn placements<B: BitSet>(e: &Engine<B>, p: B, o: B, kernel: impl ReversiOps<B>) -> B {
        kernel.moves(e, p, o)
    }

    fn is_move<B: BitSet>(e: &Engine<B>, p: B, o: B, mv: RawMove) -> bool {
        let to = usize::from(mv.to);
        let empty = e.playable & !(p | o);
        mv.from == NO_ORIGIN && empty.has(to) && !e.reversi_flips(p, o, to).is_empty()
    }
}

/// The games whose pieces clone and jump: Reversitacks (`FLIPS`: Reversi lines
/// flip from the destination before the adjacent pieces convert) and Attacks.
pub(crate) struct Steps<const FLIPS: bool>;

/// Reversitacks: clone or jump, Reversi flips from the destination, then the
/// adjacent opposing pieces.
pub(crate) type Reversitacks = Steps<true>;

/// Attacks (Ataxx): clone or jump, then the adjacent opposing pieces.
pub(crate) type Attacks = Steps<false>;

impl<const FLIPS: bool> Rules for Steps<FLIPS> {
    const VARIANT: Variant = if FLIPS { Variant::Reversitacks } else { Variant::Attacks };

    #[inline(always)]
    fn for_each_move<B: BitSet>(e: &Engine<B>, p: B, o: B, _: impl ReversiOps<B>, mut f: impl FnMut(RawMove, B)) {
        let empty = e.playable & !(p | o);
        (e.dilate(p) & empty).for_each_bit(
            #[inline(always)]
            |to, bit| f(RawMove { to: to as u16, from: NO_ORIGIN }, bit),
        );
        for from in p.indices() {
            (e.ring2(from) & empty).for_each_bit(
                #[inline(always)]
                |to, bit| f(RawMove { to: to as u16, from: from as u16 }, bit),
            );
        }
    }

    #[inline(always)]
    fn count_moves<B: BitSet>(e: &Engine<B>, p: B, o: B, _: impl ReversiOps<B>) -> u64 {
        let empty = e.playable & !(p | o);
        let mut n = u64::from((e.dilate(p) & empty).count());
        for from in p.indices() {
            n += u64::from((e.ring2(from) & empty).count());
        }
        n
    }

    #[inline(always)]
    fn play_to<B: BitSet>(e: &Engine<B>, p: B, o: B, mv: RawMove, bit: B, kernel: impl ReversiOps<B>) -> (B, B) {
        let to = usize::from(mv.to);
        // The clone or jump itself: a jump empties its origin first.
        let moved = if mv.from == NO_ORIGIN { p } else { p & !B::bit(usize::from(mv.from)) };
        let mut p = moved | bit;
        let mut o = o;
        if FLIPS {
            let flips = kernel.flips(e, p, o, to);
            (p, o) = (p | flips, o & !flips);
        }
        let captured = e.neighbours(to) & o;
        (p | captured, o & !captured)
    }

    fn destinations<B: BitSet>(e: &Engine<B>, p: B, o: B, _: impl ReversiOps<B>) -> B {
        let empty = e.playable & !(p | o);
        p.indices().fold(e.dilate(p), |set, from| set | e.ring2(from)) & empty
    }

    fn placements<B: BitSet>(e: &Engine<B>, p: B, o: B, _: impl ReversiOps<B>) -> B {
        e.dilate(p) & e.playable & !(p | o)
    }

    fn is_move<B: BitSet>(e: &Engine<B>, p: B, o: B, mv: RawMove) -> bool {
        let to = usize::from(mv.to);
        let empty = e.playable & !(p | o);
        if !empty.has(to) {
            return false;
        }
        if mv.from == NO_ORIGIN {
            !(e.neighbours(to) & p).is_empty()
        } else {
            p.has(usize::from(mv.from)) && e.ring2(usize::from(mv.from)).has(to)
        }
    }
}
