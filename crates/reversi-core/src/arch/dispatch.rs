//! CPU-specific builds of the hot loops, and the choice between them.
//!
//! The rules live once, in [`kernel`] and
//! [`perft_node`](crate::node::perft_node), as `#[inline(always)]` functions.
//! This module compiles them again inside functions that enable the x86-64 v3
//! instructions (`popcnt`, `lzcnt`, `bmi1`, `bmi2`, `avx2`) and the v4 ones (plus
//! AVX-512, and a `v4_gfni` build with GFNI and VPOPCNTDQ that the v4 backend
//! runs where the CPU has them), one module per level that also holds its own copy of
//! the batched steps ([`batched_steps!`](crate::batch::batched_steps)), so
//! that nothing under the perft node runs with fewer instructions than the
//! level has, and a plain `cargo build` runs close to the speed of a
//! `target-cpu=native` build on a CPU that has them. The choice is made at run time with `is_x86_feature_detected!` under
//! the `std` feature; without `std` it is made at compile time from the enabled
//! target features. [`Backend::Portable`] always exists and is what the tests
//! compare every other backend against.
//!
//! This is the only module with `unsafe`: calling a `#[target_feature]` function,
//! sound once the features are known to be present.

use crate::kernel;
use crate::node::{PORTABLE, hashed_node};
use crate::table::PerftTable;

/// A build of the move generator for one class of CPU.
///
/// Each names the least a build enables: in a program compiled with
/// `-C target-cpu=...` (or `target-feature`), every backend's code is
/// compiled with those features too, so there [`X86_64V3`](Backend::X86_64V3)
/// is not AVX2-only code and says nothing of an AVX2-only CPU's speed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Backend {
    /// Plain Rust for any target: the reference for the others.
    Portable,
    /// x86-64 with `popcnt`, `lzcnt`, `bmi1`, `bmi2` and `avx2` (x86-64-v3: Intel
    /// Haswell and AMD Zen onwards).
    X86_64V3,
    /// x86-64-v3 plus AVX-512 (`avx512f`, `vl`, `cd`, `bw`, `dq`: x86-64-v4, e.g.
    /// AMD Zen 4, Intel Ice Lake server): the same code compiled with the wider
    /// instruction set (LLVM uses `vpternlogq`, mask registers and the 32
    /// vector registers), the flips of the batched perft steps found with
    /// `vplzcntq`; where the CPU also has GFNI and VPOPCNTDQ (Ice Lake, Zen 4
    /// and later), their moves along rows and columns found by carries on
    /// boards turned by `vgf2p8affineqb` and their leaves counted by
    /// `vpopcntq`. Explicit 512-bit registers measured no faster on Zen 4
    /// (on a Zen 5, counting buffered batches two at a time, 2-4% faster; not
    /// used, as BENCHMARKS.md says).
    X86_64V4,
}

impl Backend {
    /// Every backend, available here or not.
    pub const ALL: [Backend; 3] = [Backend::Portable, Backend::X86_64V3, Backend::X86_64V4];

    /// The fastest backend this CPU can run.
    #[must_use]
    pub fn detect() -> Backend {
        [Backend::X86_64V4, Backend::X86_64V3].into_iter().find(|b| b.is_available()).unwrap_or(Backend::Portable)
    }

    /// Whether this CPU can run the backend (known at compile time without `std`).
    #[must_use]
    pub fn is_available(self) -> bool {
        match self {
            Backend::Portable => true,
            Backend::X86_64V3 => has_x86_64_v3(),
            Backend::X86_64V4 => has_x86_64_v4(),
        }
    }

    /// The backend a user named: `auto` ([`detect`](Backend::detect)) or a
    /// [`name`](Backend::name), any case, refused when this CPU cannot run
    /// it. The CLI's `--backend` and Python's `backend=` take these names.
    ///
    /// ```
    /// use reversi_core::{Backend, BackendError};
    ///
    /// assert_eq!(Backend::from_name("portable"), Ok(Backend::Portable));
    /// assert_eq!(Backend::from_name("auto"), Ok(Backend::detect()));
    /// assert_eq!(Backend::from_name("avx2"), Err(BackendError::Unknown));
    /// ```
    ///
    /// # Errors
    ///
    /// [`BackendError::Unknown`](crate::BackendError::Unknown) for any other name,
    /// [`BackendError::Unavailable`](crate::BackendError::Unavailable) for a build this CPU cannot run.
    pub fn from_name(name: &str) -> Result<Backend, crate::BackendError> {
        let backend = if name.eq_ignore_ascii_case("auto") {
            Backend::detect()
        } else {
            let named = Backend::ALL.into_iter().find(|b| name.eq_ignore_ascii_case(b.name()));
            named.ok_or(crate::BackendError::Unknown)?
        };
        if backend.is_available() { Ok(backend) } else { Err(crate::BackendError::Unavailable(backend)) }
    }

    /// A short name: `portable`, `x86-64-v3` or `x86-64-v4`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Backend::Portable => "portable",
            Backend::X86_64V3 => "x86-64-v3",
            Backend::X86_64V4 => "x86-64-v4",
        }
    }
}

/// Whether the CPU has every listed feature: known at compile time when they
/// are all enabled, else asked of the CPU under `std`, else assumed absent.
#[cfg(target_arch = "x86_64")]
macro_rules! cpu_has {
    ($($feature:tt),+) => {{
        const ENABLED_AT_COMPILE_TIME: bool = cfg!(all($(target_feature = $feature),+));
        #[cfg(feature = "std")]
        {
            extern crate std;
            ENABLED_AT_COMPILE_TIME || ($(std::is_x86_feature_detected!($feature))&&+)
        }
        #[cfg(not(feature = "std"))]
        {
            ENABLED_AT_COMPILE_TIME
        }
    }};
}

#[cfg(target_arch = "x86_64")]
fn has_x86_64_v3() -> bool {
    cpu_has!("popcnt", "lzcnt", "bmi1", "bmi2", "avx2")
}

#[cfg(target_arch = "x86_64")]
fn has_x86_64_v4() -> bool {
    has_x86_64_v3() && cpu_has!("avx512f", "avx512vl", "avx512cd", "avx512bw", "avx512dq")
}

/// x86-64-v4 with GFNI and VPOPCNTDQ (Intel Ice Lake and AMD Zen 4 onwards):
/// what the [`Backend::X86_64V4`] backend runs when the CPU has them.
#[cfg(target_arch = "x86_64")]
fn has_x86_64_v4_gfni() -> bool {
    has_x86_64_v4() && cpu_has!("gfni", "avx512vpopcntdq")
}

#[cfg(not(target_arch = "x86_64"))]
fn has_x86_64_v3() -> bool {
    false
}

#[cfg(not(target_arch = "x86_64"))]
fn has_x86_64_v4() -> bool {
    false
}

fn perft_portable(p: u64, o: u64, depth: u32) -> u64 {
    crate::node::perft_node(p, o, depth, PORTABLE, &mut perft_portable)
}

fn perft_hashed_portable(p: u64, o: u64, depth: u32, table: &PerftTable<'_>) -> u64 {
    hashed_node(p, o, depth, table, PORTABLE, &mut perft_portable, &mut |p, o, d| perft_hashed_portable(p, o, d, table))
}

/// The plain and hashed perft of one x86-64 feature level, in a module of its
/// own: the same generic code compiled with the level's instructions, the
/// batched steps of [`batch`](crate::batch) stamped out inside it so that
/// nothing under the perft node runs with fewer features than the level has.
macro_rules! x86_64_build {
    ($module:ident, $features:literal, $gains:path, $counts:path, $($moves:ident)::+) => {
        #[cfg(target_arch = "x86_64")]
        mod $module {
            use crate::node::{PerftSteps, hashed_node, perft_node};
            use crate::arch::avx2::moves_avx2;
            use crate::table::PerftTable;

            crate::batch::batched_steps!($features, $gains, $counts, $($moves)::+);

            /// The batched steps, as closures that take the level's features.
            macro_rules! steps {
                () => {
                    PerftSteps {
                        moves: |p, o| moves_avx2(p, o),
                        leaves: |p, o, m| leaves(p, o, m),
                        depth3: |p, o, m| depth3(p, o, m),
                        depth4: |p, o, m| depth4(p, o, m),
                    }
                };
            }

            /// Perft below `(p, o)`, `depth` at least 1.
            #[target_feature(enable = $features)]
            pub(super) fn perft(p: u64, o: u64, depth: u32) -> u64 {
                perft_node(p, o, depth, steps!(), &mut |p, o, d| perft(p, o, d))
            }

            /// Hashed perft below `(p, o)`, `depth` at least 1.
            #[target_feature(enable = $features)]
            pub(super) fn hashed(p: u64, o: u64, depth: u32, table: &PerftTable<'_>) -> u64 {
                let plain = &mut |p, o, d| perft(p, o, d);
                hashed_node(p, o, depth, table, steps!(), plain, &mut |p, o, d| hashed(p, o, d, table))
            }
        }
    };
}

x86_64_build!(
    v3,
    "popcnt,lzcnt,bmi1,bmi2,avx2",
    crate::arch::avx2::Parent::gains,
    crate::arch::avx2::leaf_counts,
    crate::arch::avx2::moves
);
x86_64_build!(
    v4,
    "popcnt,lzcnt,bmi1,bmi2,avx2,avx512f,avx512vl,avx512cd,avx512bw,avx512dq",
    crate::arch::avx512::gains,
    crate::arch::avx2::leaf_counts,
    crate::arch::avx2::moves
);
x86_64_build!(
    v4_gfni,
    "popcnt,lzcnt,bmi1,bmi2,avx2,avx512f,avx512vl,avx512cd,avx512bw,avx512dq,gfni,avx512vpopcntdq",
    crate::arch::avx512::gains,
    crate::arch::avx512::leaf_counts,
    crate::arch::avx512::moves_gfni
);

/// Hashed perft below `(p, o)` on `backend`, or on the portable build when the
/// backend is not available. `depth` must be at least 1.
pub(crate) fn perft_hashed(backend: Backend, p: u64, o: u64, depth: u32, table: &PerftTable<'_>) -> u64 {
    match backend {
        #[cfg(target_arch = "x86_64")]
        Backend::X86_64V4 if has_x86_64_v4_gfni() => {
            // SAFETY: `has_x86_64_v4_gfni` has just confirmed that this CPU
            // supports every feature the function enables.
            unsafe { v4_gfni::hashed(p, o, depth, table) }
        }
        #[cfg(target_arch = "x86_64")]
        Backend::X86_64V4 if has_x86_64_v4() => {
            // SAFETY: `has_x86_64_v4` has just confirmed that this CPU supports
            // every feature the function enables.
            unsafe { v4::hashed(p, o, depth, table) }
        }
        #[cfg(target_arch = "x86_64")]
        Backend::X86_64V3 if has_x86_64_v3() => {
            // SAFETY: `has_x86_64_v3` has just confirmed that this CPU supports
            // every feature the function enables.
            unsafe { v3::hashed(p, o, depth, table) }
        }
        _ => perft_hashed_portable(p, o, depth, table),
    }
}

/// Perft below `(p, o)` on `backend`, or on the portable build when the backend
/// is not available. `depth` must be at least 1.
pub(crate) fn perft(backend: Backend, p: u64, o: u64, depth: u32) -> u64 {
    match backend {
        #[cfg(target_arch = "x86_64")]
        Backend::X86_64V4 if has_x86_64_v4_gfni() => {
            // SAFETY: `has_x86_64_v4_gfni` has just confirmed that this CPU
            // supports every feature the function enables.
            unsafe { v4_gfni::perft(p, o, depth) }
        }
        #[cfg(target_arch = "x86_64")]
        Backend::X86_64V4 if has_x86_64_v4() => {
            // SAFETY: `has_x86_64_v4` has just confirmed that this CPU supports
            // every feature the function enables.
            unsafe { v4::perft(p, o, depth) }
        }
        #[cfg(target_arch = "x86_64")]
        Backend::X86_64V3 if has_x86_64_v3() => {
            // SAFETY: `has_x86_64_v3` has just confirmed that this CPU supports
            // every feature the function enables.
            unsafe { v3::perft(p, o, depth) }
        }
        _ => perft_portable(p, o, depth),
    }
}

// ---------------------------------------------------------------------------
// One kernel operation per call: `Position`, `Board` and the public `raw` API.
// ---------------------------------------------------------------------------

/// A [`Backend`] this CPU is known to run: the witness that makes calling its
/// `#[target_feature]` single-operation builds sound. Only [`Runnable::new`]
/// and [`Runnable::fastest`] make one, and both check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Runnable(Backend);

/// The detected backend under `std`: 0 before the first detection, else
/// [`Runnable::code`]. Every thread that races the first detection stores the
/// same value.
#[cfg(feature = "std")]
static FASTEST: core::sync::atomic::AtomicU8 = core::sync::atomic::AtomicU8::new(0);

impl Runnable {
    /// `backend` when this CPU runs it, else [`Backend::Portable`].
    pub(crate) fn new(backend: Backend) -> Runnable {
        Runnable(if backend.is_available() { backend } else { Backend::Portable })
    }

    /// The fastest backend: detected on first use and cached under `std`,
    /// known at compile time without it.
    #[inline]
    pub(crate) fn fastest() -> Runnable {
        #[cfg(feature = "std")]
        {
            use core::sync::atomic::Ordering::Relaxed;
            match FASTEST.load(Relaxed) {
                1 => Runnable(Backend::Portable),
                2 => Runnable(Backend::X86_64V3),
                3 => Runnable(Backend::X86_64V4),
                _ => Runnable::detect_and_cache(),
            }
        }
        #[cfg(not(feature = "std"))]
        {
            Runnable(Backend::detect())
        }
    }

    /// The first [`fastest`](Runnable::fastest): detects and caches.
    #[cfg(feature = "std")]
    #[cold]
    fn detect_and_cache() -> Runnable {
        let fastest = Runnable(Backend::detect());
        FASTEST.store(fastest.code(), core::sync::atomic::Ordering::Relaxed);
        fastest
    }

    /// The cache code of the backend (never 0).
    #[cfg(feature = "std")]
    const fn code(self) -> u8 {
        match self.0 {
            Backend::Portable => 1,
            Backend::X86_64V3 => 2,
            Backend::X86_64V4 => 3,
        }
    }

    /// The backend.
    pub(crate) const fn backend(self) -> Backend {
        self.0
    }
}

/// Defines the [`Runnable`] method `$name`: one call into the backend's build
/// of it (`single_v4`, `single_v3` or `single_portable`), chosen by a `match`
/// that is inlined into the caller.
macro_rules! runnable_op {
    ($(#[$doc:meta])* fn $name:ident($($arg:ident: $ty:ty),*) -> $ret:ty) => {
        impl Runnable {
            $(#[$doc])*
            #[inline(always)]
            pub(crate) fn $name(self, $($arg: $ty),*) -> $ret {
                match self.0 {
                    #[cfg(target_arch = "x86_64")]
                    Backend::X86_64V4 => {
                        // SAFETY: a `Runnable` holds only a backend this CPU
                        // runs (checked by `new` and `fastest`), and x86-64-v4
                        // is exactly the features `single_v4` enables.
                        unsafe { single_v4::$name($($arg),*) }
                    }
                    #[cfg(target_arch = "x86_64")]
                    Backend::X86_64V3 => {
                        // SAFETY: as above, for x86-64-v3 and `single_v3`.
                        unsafe { single_v3::$name($($arg),*) }
                    }
                    _ => single_portable::$name($($arg),*),
                }
            }
        }
    };
}

runnable_op!(
    /// [`kernel::moves`] on this backend.
    fn moves(p: u64, o: u64) -> u64
);
runnable_op!(
    /// The number of [`moves`](Runnable::moves).
    fn mobility(p: u64, o: u64) -> u32
);
runnable_op!(
    /// [`kernel::flips`] on this backend: for a query, where calls overlap
    /// (AVX-512 computes the eight rays at once). A move played after the
    /// last one uses the inline [`kernel::placement_flips`] instead.
    fn flips(p: u64, o: u64, sq: usize) -> u64
);

// Playing a move is a few scalar instructions a ray, and the next move waits
// for it: inlined into the caller it beats a call into any CPU-specific build
// (measured: a user's perft on `Kernel::play` and `moves`, 47-51 ms through
// the call to the x86-64-v3 build, 38-41 ms inline; the WTHOR 1977-1985
// replay 2.22 ms against 1.52 ms), so it is the same code on every backend.
impl Runnable {
    /// [`kernel::play`], inline (the same on every backend).
    #[inline(always)]
    pub(crate) fn play(self, p: u64, o: u64, sq: usize) -> (u64, u64) {
        kernel::play(p, o, sq)
    }
}
runnable_op!(
    /// [`kernel::children4`] on this backend.
    fn children4(p: u64, o: u64, m: u64, four: &mut kernel::Four) -> ()
);

/// The single operations of one backend: the kernel compiled under `$attr`
/// (the backend's `#[target_feature]`, or the portable build's inlining), with
/// `$moves` as the move generator.
macro_rules! single_ops {
    ($module:ident, $moves:path, $children:path, $(#[$attr:meta])+) => {
        mod $module {
            use crate::kernel;

            $(#[$attr])+
            pub(super) fn moves(p: u64, o: u64) -> u64 {
                $moves(p, o)
            }

            $(#[$attr])+
            pub(super) fn mobility(p: u64, o: u64) -> u32 {
                $moves(p, o).count_ones()
            }

            $(#[$attr])+
            pub(super) fn flips(p: u64, o: u64, sq: usize) -> u64 {
                kernel::flips(p, o, sq)
            }

            $(#[$attr])+
            pub(super) fn children4(p: u64, o: u64, m: u64, four: &mut kernel::Four) {
                $children(p, o, m, four)
            }
        }
    };
}

// Where other backends exist the portable build is a call too: inlined, its
// code would take the registers of every caller, whichever backend runs
// (measured: 5% more instructions per call on x86-64-v3, 5% fewer on portable).
single_ops!(
    single_portable,
    kernel::moves,
    kernel::children4,
    #[cfg_attr(target_arch = "x86_64", inline(never))]
    #[cfg_attr(not(target_arch = "x86_64"), inline(always))]
);
#[cfg(target_arch = "x86_64")]
single_ops!(single_v3, crate::arch::avx2::moves_avx2, crate::arch::avx2::children4_avx2, #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")]);
#[cfg(target_arch = "x86_64")]
single_ops!(
    single_v4,
    crate::arch::avx2::moves_avx2,
    crate::arch::avx512::children4,
    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2,avx512f,avx512vl,avx512cd,avx512bw,avx512dq")]
);

/// The state behind [`raw::Leaves`](crate::raw::Leaves): the batched
/// [`Leaves`](crate::batch::Leaves) of the x86-64-v3 or v4 build, a plain sum
/// otherwise.
#[derive(Clone, Copy)]
// No box: reversi-core does not allocate, and the state is the counter's.
#[allow(clippy::large_enum_variant)]
pub(crate) enum LeavesState {
    /// Only made for a [`Runnable`] of x86-64-v3.
    #[cfg(target_arch = "x86_64")]
    V3(crate::batch::Leaves),
    /// Only made for a [`Runnable`] of x86-64-v4.
    #[cfg(target_arch = "x86_64")]
    V4(crate::batch::Leaves),
    /// Only made for a [`Runnable`] of x86-64-v4 on a CPU with GFNI and
    /// VPOPCNTDQ.
    #[cfg(target_arch = "x86_64")]
    V4Gfni(crate::batch::Leaves),
    /// The portable count so far.
    Portable(u64),
}

impl LeavesState {
    /// The empty state of `kernel`'s backend.
    pub(crate) fn new(kernel: Runnable) -> LeavesState {
        match kernel.0 {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: a `Runnable` holds only a backend this CPU runs, and
            // x86-64-v3 includes AVX2, all that `Leaves::new` enables.
            Backend::X86_64V3 => LeavesState::V3(unsafe { crate::batch::Leaves::new() }),
            #[cfg(target_arch = "x86_64")]
            Backend::X86_64V4 => {
                // SAFETY: as above; x86-64-v4 includes x86-64-v3.
                let leaves = unsafe { crate::batch::Leaves::new() };
                if has_x86_64_v4_gfni() { LeavesState::V4Gfni(leaves) } else { LeavesState::V4(leaves) }
            }
            _ => LeavesState::Portable(0),
        }
    }

    /// Adds the children of `(p, o)` after its moves `m` (legal moves, or empty).
    #[inline]
    pub(crate) fn push(&mut self, p: u64, o: u64, m: u64) {
        match self {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `V3` is made only by `new` for an x86-64-v3 `Runnable`,
            // a backend this CPU runs, whose features are those `v3` enables.
            LeavesState::V3(leaves) => unsafe { v3::push(leaves, p, o, m) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above, for x86-64-v4 and `v4`.
            LeavesState::V4(leaves) => unsafe { v4::push(leaves, p, o, m) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `V4Gfni` is made only by `new` once `has_x86_64_v4_gfni`
            // has confirmed every feature `v4_gfni` enables.
            LeavesState::V4Gfni(leaves) => unsafe { v4_gfni::push(leaves, p, o, m) },
            LeavesState::Portable(total) => {
                if m != 0 {
                    *total += (PORTABLE.leaves)(p, o, m);
                }
            }
        }
    }

    /// The count of every child pushed.
    pub(crate) fn total(self) -> u64 {
        match self {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as in `push`.
            LeavesState::V3(leaves) => unsafe { v3::total(leaves) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as in `push`.
            LeavesState::V4(leaves) => unsafe { v4::total(leaves) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as in `push`.
            LeavesState::V4Gfni(leaves) => unsafe { v4_gfni::total(leaves) },
            LeavesState::Portable(total) => total,
        }
    }
}

/// Every backend's single operations against the portable kernel.
#[cfg(test)]
mod single_tests {
    use super::{Backend, Runnable};
    use crate::kernel;

    proptest::proptest! {
        #[test]
        fn single_operations_match_the_portable_kernel(a: u64, b: u64, sparse: u64, sq in 0usize..64) {
            for backend in Backend::ALL {
                let k = Runnable::new(backend);
                for (p, o) in [(a & !b, b), (a & sparse & !b, b & sparse), (a & !(b & sparse), b & sparse)] {
                    proptest::prop_assert_eq!(k.moves(p, o), kernel::moves(p, o));
                    proptest::prop_assert_eq!(k.mobility(p, o), kernel::moves(p, o).count_ones());
                    proptest::prop_assert_eq!(k.flips(p, o, sq), kernel::flips(p, o, sq));
                    // The children after the lowest four of some empty squares
                    // (legal moves or not).
                    let m = !(p | o) & (sparse | sparse.rotate_left(17));
                    let (mut got, mut want) = (kernel::Four::default(), kernel::Four::default());
                    k.children4(p, o, m, &mut got);
                    kernel::children4(p, o, m, &mut want);
                    let taken = (m.count_ones() as usize).min(4);
                    proptest::prop_assert_eq!(&got.player[..taken], &want.player[..taken]);
                    proptest::prop_assert_eq!(&got.opponent[..taken], &want.opponent[..taken]);
                    proptest::prop_assert_eq!(&got.moves[..taken], &want.moves[..taken]);
                    proptest::prop_assert_eq!(&got.mobility[..taken], &want.mobility[..taken]);
                }
                // Outside the preconditions: the same unspecified answer, no panic.
                proptest::prop_assert_eq!(k.flips(a, b, sq + 64), kernel::flips(a, b, sq));
            }
        }
    }

    #[test]
    fn runnable_backends_fall_back_to_portable() {
        for backend in Backend::ALL {
            let expected = if backend.is_available() { backend } else { Backend::Portable };
            assert_eq!(Runnable::new(backend).backend(), expected);
        }
        // The first call detects, the second reads the cache.
        assert_eq!(Runnable::fastest().backend(), Backend::detect());
        assert_eq!(Runnable::fastest().backend(), Backend::detect());
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use crate::kernel;
    use crate::node::PORTABLE;

    #[test]
    fn a_backend_is_read_by_its_name_in_any_case() {
        for backend in super::Backend::ALL {
            let read = super::Backend::from_name(backend.name());
            assert_eq!(read, super::Backend::from_name(&backend.name().to_uppercase()));
            match read {
                Ok(b) => assert!(b == backend && b.is_available()),
                Err(e) => assert_eq!((e, backend.is_available()), (crate::BackendError::Unavailable(backend), false)),
            }
        }
        assert_eq!(super::Backend::from_name("Auto"), Ok(super::Backend::detect()));
        for name in ["", "avx2", "x86-64", "portable ", "x86_64_v3"] {
            assert_eq!(super::Backend::from_name(name), Err(crate::BackendError::Unknown));
        }
    }

    proptest::proptest! {
        #[test]
        fn avx2_moves_match_the_portable_kernel(a: u64, b: u64, sparse: u64) {
            if std::is_x86_feature_detected!("avx2") {
                for (p, o) in [(a & !b, b), (a & sparse & !b, b & sparse), (a & !(b & sparse), b & sparse)] {
                    proptest::prop_assert_eq!(call(p, o), kernel::moves(p, o));
                }
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn batched_steps_match_the_portable_steps(a: u64, b: u64, sparse: u64) {
            if std::is_x86_feature_detected!("avx2") && super::has_x86_64_v3() {
                for (p, o) in [(a & !b, b), (a & sparse & !b, b & sparse), (a & !(b & sparse), b & sparse)] {
                    check_batched_steps(p, o)?;
                    check_batched_steps(o, p)?;
                }
            }
        }
    }

    /// The batched steps of `(p, o)` against the portable ones: the depth-2
    /// depth-3 and depth-4 counts.
    fn check_batched_steps(p: u64, o: u64) -> Result<(), proptest::test_runner::TestCaseError> {
        let m = kernel::moves(p, o);
        if m == 0 {
            return Ok(());
        }
        assert!(super::has_x86_64_v3());
        // SAFETY: the assertion above has confirmed every feature of the v3 build.
        let v3 = unsafe { (super::v3::leaves(p, o, m), super::v3::depth3(p, o, m), super::v3::depth4(p, o, m)) };
        let want = ((PORTABLE.leaves)(p, o, m), (PORTABLE.depth3)(p, o, m), (PORTABLE.depth4)(p, o, m));
        proptest::prop_assert_eq!(v3, want);
        if super::has_x86_64_v4() {
            // SAFETY: `has_x86_64_v4` has confirmed every feature of the v4 build.
            let v4 = unsafe { (super::v4::leaves(p, o, m), super::v4::depth3(p, o, m), super::v4::depth4(p, o, m)) };
            proptest::prop_assert_eq!(v4, want);
        }
        if super::has_x86_64_v4_gfni() {
            // SAFETY: `has_x86_64_v4_gfni` has confirmed every feature of the build.
            let v4_gfni = unsafe {
                (super::v4_gfni::leaves(p, o, m), super::v4_gfni::depth3(p, o, m), super::v4_gfni::depth4(p, o, m))
            };
            proptest::prop_assert_eq!(v4_gfni, want);
        }
        Ok(())
    }

    /// Calls the AVX2 generator; only after `is_x86_feature_detected!("avx2")`.
    fn call(p: u64, o: u64) -> u64 {
        assert!(std::is_x86_feature_detected!("avx2"));
        // SAFETY: the assertion above has confirmed AVX2 on this CPU.
        unsafe { crate::arch::avx2::moves_avx2(p, o) }
    }
}
