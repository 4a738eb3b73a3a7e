//! THE rules engine of this crate, written once and generic over the bit-set
//! type: steps in the eight directions, Reversi moves and flips, the Attacks
//! neighbourhoods.
//!
//! Bit `row * width + column` is the square at `(column, row)`. A step in a
//! direction shifts the set by the direction's offset and keeps only the squares
//! that a step can land on from a square of the board (`land`): the column of the
//! origin must exist, so no step wraps round an edge, and the square must be on
//! the board. The four directions with positive offsets shift up, the other four
//! down, so no shift needs a sign test.
//!
//! An engine is built once per geometry and bit-set type and shared through a
//! small cache ([`engine`]).

use std::sync::{Arc, Mutex};

use crate::Geometry;
use crate::bits::{BitSet, Wide};

/// Column and row steps: four with positive index offsets (E, S, SE, SW), then
/// their opposites (W, N, NW, NE).
const DIRECTIONS: [(i32, i32); 8] = [(1, 0), (0, 1), (1, 1), (-1, 1), (-1, 0), (0, -1), (-1, -1), (1, -1)];

/// One axis, a direction with positive offset and its opposite: the shift of a
/// step, the squares a step can land on either way, the squares with a neighbour
/// on the board both ways (`inner`: a run of discs inside it never wraps round an
/// edge), and the doubling rounds that cover the longest run of discs a line
/// along it can hold (`shift * 2^(rounds - 1)` stays below the square count, so
/// no shift overflows).
#[derive(Clone, Copy, Debug)]
struct Axis<B> {
    shift: u32,
    land_up: B,
    land_down: B,
    inner: B,
    rounds: u32,
}

/// The Reversi operations a build runs on an engine: the moves of `p` against
/// `o`, and the discs a disc of `p` on the empty square `at` flips. [`Portable`]
/// is the engine's own; [`dispatch`](crate::dispatch) passes SIMD builds as a
/// [`With`] of two closures, so that they keep its target features.
pub(crate) trait ReversiOps<B>: Copy {
    /// [`Engine::reversi_moves`] or a build of it.
    fn moves(self, e: &Engine<B>, p: B, o: B) -> B;
    /// [`Engine::reversi_flips`] or a build of it.
    fn flips(self, e: &Engine<B>, p: B, o: B, at: usize) -> B;
}

/// The engine's own Reversi operations, the reference of every build.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Portable;

impl<B: BitSet> ReversiOps<B> for Portable {
    #[inline(always)]
    fn moves(self, e: &Engine<B>, p: B, o: B) -> B {
        e.reversi_moves(p, o)
    }
    #[inline(always)]
    fn flips(self, e: &Engine<B>, p: B, o: B, at: usize) -> B {
        e.reversi_flips(p, o, at)
    }
}

/// A kernel of two closures: moves, then flips.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // built by the x86-64 builds only
pub(crate) struct With<M, F>(pub(crate) M, pub(crate) F);

impl<B, M, F> ReversiOps<B> for With<M, F>
where
    M: Fn(&Engine<B>, B, B) -> B + Copy,
    F: Fn(&Engine<B>, B, B, usize) -> B + Copy,
{
    #[inline(always)]
    fn moves(self, e: &Engine<B>, p: B, o: B) -> B {
        (self.0)(e, p, o)
    }
    #[inline(always)]
    fn flips(self, e: &Engine<B>, p: B, o: B, at: usize) -> B {
        (self.1)(e, p, o, at)
    }
}

/// The axes of a board of at most 128 squares as plain words, for SIMD lanes:
/// step shifts, the `inner` masks (low and high 64 bits), the most doubling
/// rounds of any axis, whether three rounds do and every shift of them (up to
/// four steps) is below 64 (`short`), and the playable squares.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // read by the x86-64 builds only
pub(crate) struct PackedAxes {
    pub(crate) shifts: [u64; 4],
    pub(crate) inner: [[u64; 4]; 2],
    pub(crate) rounds: u32,
    pub(crate) short: bool,
    pub(crate) playable: u128,
}

/// The eight rays of a square on a board of at most 128 squares, for SIMD
/// lanes: the up rays' low words, their high words, then the same of the down
/// rays bit-reversed as 128-bit sets (index `i` at `127 - i`), which makes them
/// up rays of the reversed board.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // read by the x86-64 builds only
pub(crate) type PackedRays = [[u64; 4]; 4];

/// Precomputed masks and tables of one geometry, in one bit-set type.
#[derive(Debug)]
pub(crate) struct Engine<B> {
    /// Squares on the board and not obstructed.
    pub(crate) playable: B,
    /// E-W, S-N, SE-NW, SW-NE: steps shift up, then down.
    axes: [Axis<B>; 4],
    /// Per square, the eight rays (up directions first): the squares beyond it to
    /// the edge, obstructed ones included.
    rays: Vec<[B; 8]>,
    /// Per square: the playable squares at Chebyshev distance 1.
    neighbours: Vec<B>,
    /// Per square: the playable squares at Chebyshev distance exactly 2.
    ring2: Vec<B>,
    /// The axes as words (meaningful when `B` is at most 128 bits wide).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // read by the x86-64 builds only
    pub(crate) packed: PackedAxes,
    /// Per square, the rays as words, when `B` is at most 128 bits wide (else
    /// zeros): 128 entries, so that an index taken modulo 128 needs no bounds check.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // read by the x86-64 builds only
    pub(crate) packed_rays: Box<[PackedRays; 128]>,
}

impl<B: BitSet> Engine<B> {
    /// The engine of a geometry, whose squares must fit in `B`.
    fn new(geometry: Geometry) -> Engine<B> {
        let (w, h) = (i32::from(geometry.width()), i32::from(geometry.height()));
        debug_assert!((w * h) as usize <= B::BITS);
        let on_board = |c: i32, r: i32| (0..w).contains(&c) && (0..h).contains(&r);
        let bit = |c: i32, r: i32| B::bit((r * w + c) as usize);
        let mut playable = B::EMPTY;
        for sq in geometry.playable_squares() {
            playable |= bit(i32::from(sq.column()), i32::from(sq.row()));
        }
        let land = |(dc, dr): (i32, i32)| {
            let mut land = B::EMPTY;
            for r in 0..h {
                for c in 0..w {
                    if on_board(c - dc, r - dr) {
                        land |= bit(c, r);
                    }
                }
            }
            land
        };
        let axes = [0, 1, 2, 3].map(|d| {
            let (dc, dr) = DIRECTIONS[d];
            let (land_up, land_down) = (land((dc, dr)), land((-dc, -dr)));
            // The longest run of opponent discs between two squares of a line.
            let run = match (dc, dr) {
                (0, _) => h - 2,
                (_, 0) => w - 2,
                _ => w.min(h) - 2,
            };
            let rounds = if run <= 1 { 0 } else { u32::BITS - ((run - 1) as u32).leading_zeros() }; // ceil(log2(run))
            Axis { shift: (dr * w + dc).unsigned_abs(), land_up, land_down, inner: land_up & land_down, rounds }
        });
        let ring = |c: i32, r: i32, d: i32| {
            let mut set = B::EMPTY;
            for dr in -d..=d {
                for dc in -d..=d {
                    if (dc.abs() == d || dr.abs() == d) && on_board(c + dc, r + dr) {
                        set |= bit(c + dc, r + dr);
                    }
                }
            }
            set & playable
        };
        let (mut rays, mut neighbours, mut ring2) = (Vec::new(), Vec::new(), Vec::new());
        for r in 0..h {
            for c in 0..w {
                rays.push(DIRECTIONS.map(|(dc, dr)| {
                    let mut ray = B::EMPTY;
                    let (mut x, mut y) = (c + dc, r + dr);
                    while on_board(x, y) {
                        ray |= bit(x, y);
                        (x, y) = (x + dc, y + dr);
                    }
                    ray
                }));
                neighbours.push(ring(c, r, 1));
                ring2.push(ring(c, r, 2));
            }
        }
        let rounds = axes.iter().map(|a| a.rounds).max().unwrap_or(0);
        let packed = PackedAxes {
            shifts: axes.map(|a| u64::from(a.shift)),
            inner: [0, 1].map(|word| axes.map(|a| a.inner.to_wide().0[word])),
            rounds,
            short: rounds <= 3 && axes.iter().all(|a| 4 * a.shift < 64),
            playable: u128::from_wide(&playable.to_wide()),
        };
        let mut packed_rays = Box::new([[[0; 4]; 4]; 128]);
        if B::BITS <= 128 {
            let set = |ray: B| u128::from_wide(&ray.to_wide());
            let lanes = |r: [u128; 4], w: u32| r.map(|ray| (ray >> (64 * w)) as u64);
            let up_down = |r: &[B; 8]| {
                let (up, down) = ([0, 1, 2, 3].map(|d| set(r[d])), [4, 5, 6, 7].map(|d| set(r[d]).reverse_bits()));
                [lanes(up, 0), lanes(up, 1), lanes(down, 0), lanes(down, 1)]
            };
            for (packed, r) in packed_rays.iter_mut().zip(&rays) {
                *packed = up_down(r);
            }
        }
        Engine { playable, axes, rays, neighbours, ring2, packed, packed_rays }
    }

    /// The squares where `p` may place a Reversi disc against `o`.
    #[inline(always)]
    pub(crate) fn reversi_moves(&self, p: B, o: B) -> B {
        // Occluded fill through the opponent discs with a neighbour both ways
        // along the axis (Kogge-Stone): `pro` holds the squares whose last 2^k
        // steps back are all such discs, so no step, doubled or final, can wrap.
        let mut moves = B::EMPTY;
        for axis in &self.axes {
            let pro = o & axis.inner;
            let (mut up, mut down) = (pro & p.shl(axis.shift), pro & p.shr(axis.shift));
            let (mut pro_up, mut pro_down) = (pro, pro);
            let mut k = axis.shift;
            if axis.rounds > 0 {
                for _ in 1..axis.rounds {
                    up |= pro_up & up.shl(k);
                    down |= pro_down & down.shr(k);
                    pro_up &= pro_up.shl(k);
                    pro_down &= pro_down.shr(k);
                    k *= 2;
                }
                up |= pro_up & up.shl(k);
                down |= pro_down & down.shr(k);
            }
            moves |= up.shl(axis.shift) | down.shr(axis.shift);
        }
        moves & self.playable & !(p | o)
    }

    /// The opponent discs that a disc of `p` on the empty square `at` flips in
    /// Reversi (empty when it brackets nothing).
    ///
    /// Along each ray the first square that is not an opponent disc closes the
    /// line if it is the mover's: the lowest such square on an up ray, the
    /// highest on a down ray. Square 0 is a sentinel for a down ray of opponent
    /// discs only: it is never both on such a ray and the mover's.
    #[inline(always)]
    pub(crate) fn reversi_flips(&self, p: B, o: B, at: usize) -> B {
        let rays = &self.rays[at];
        let mut flips = B::EMPTY;
        for &ray in &rays[..4] {
            let first = (ray & !o).lowest_bit();
            flips |= (ray & first.below_bit()).keep_if(!(first & p).is_empty());
        }
        for &ray in &rays[4..] {
            let first = ((ray & !o) | B::bit(0)).highest_bit();
            flips |= (ray & first.above_bit()).keep_if(!(first & p & ray).is_empty());
        }
        flips
    }

    /// Every playable square at Chebyshev distance at most 1 from a square of
    /// `x` (`x`'s own included): the 3x3 box is a row step either way, then a
    /// column step either way (vertical steps cannot wrap; those past the last
    /// row are not playable).
    #[inline(always)]
    pub(crate) fn dilate(&self, x: B) -> B {
        let (e_w, s_n) = (&self.axes[0], &self.axes[1]);
        let row = x | (x.shl(e_w.shift) & e_w.land_up) | (x.shr(e_w.shift) & e_w.land_down);
        (row | row.shl(s_n.shift) | row.shr(s_n.shift)) & self.playable
    }

    /// The playable squares next to square `at`.
    #[inline(always)]
    pub(crate) fn neighbours(&self, at: usize) -> B {
        self.neighbours[at]
    }

    /// The playable squares at distance exactly 2 from square `at`.
    #[inline(always)]
    pub(crate) fn ring2(&self, at: usize) -> B {
        self.ring2[at]
    }
}

/// The recently used engines of one bit-set type.
type Cache<B> = Mutex<Vec<(Geometry, Arc<Engine<B>>)>>;

/// How many engines of each bit-set type the cache keeps.
const CACHED: usize = 8;

/// The engine a thread used last, in front of the shared cache.
type Last<B> = std::cell::RefCell<Option<(Geometry, Arc<Engine<B>>)>>;

/// A bit-set type with its engine caches.
pub(crate) trait Cached: BitSet {
    fn cache() -> &'static Cache<Self>;
    fn last() -> &'static std::thread::LocalKey<Last<Self>>;
}

macro_rules! cached {
    ($t:ty) => {
        impl Cached for $t {
            fn cache() -> &'static Cache<$t> {
                static CACHE: Cache<$t> = Mutex::new(Vec::new());
                &CACHE
            }
            fn last() -> &'static std::thread::LocalKey<Last<$t>> {
                thread_local!(static LAST: Last<$t> = const { std::cell::RefCell::new(None) });
                &LAST
            }
        }
    };
}
cached!(u64);
cached!(u128);
cached!(Wide);

/// The engine of `geometry`, built on first use. A thread keeps the engine it
/// used last, so a game's moves reach it without taking the lock of the
/// shared cache, which keeps the most recently used geometries.
pub(crate) fn engine<B: Cached>(geometry: Geometry) -> Arc<Engine<B>> {
    let hit = B::last().with(|last| match &*last.borrow() {
        Some((g, e)) if *g == geometry => Some(Arc::clone(e)),
        _ => None,
    });
    if let Some(engine) = hit {
        return engine;
    }
    let engine = shared_engine(geometry);
    B::last().with(|last| *last.borrow_mut() = Some((geometry, Arc::clone(&engine))));
    engine
}

/// The engine of `geometry` from the shared cache.
fn shared_engine<B: Cached>(geometry: Geometry) -> Arc<Engine<B>> {
    let mut cache = B::cache().lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(i) = cache.iter().position(|(g, _)| *g == geometry) {
        let hit = cache.remove(i);
        let engine = Arc::clone(&hit.1);
        cache.insert(0, hit);
        return engine;
    }
    let engine = Arc::new(Engine::new(geometry));
    cache.insert(0, (geometry, Arc::clone(&engine)));
    cache.truncate(CACHED);
    engine
}
