//! CPU-specific builds of the hot loops, and the choice between them.
//!
//! The rules live once, in [`kernel`](crate::kernel) and
//! [`perft_node`](crate::perft::perft_node), as `#[inline(always)]` functions.
//! This module compiles them again inside functions that enable the x86-64 v3
//! instructions (`popcnt`, `lzcnt`, `bmi1`, `bmi2`, `avx2`) and the v4 ones (plus
//! AVX-512), so a plain `cargo build` runs at the speed of a `target-cpu=native`
//! build on a CPU that has them. The choice is made at run time with `is_x86_feature_detected!` under
//! the `std` feature; without `std` it is made at compile time from the enabled
//! target features. [`Backend::Portable`] always exists and is what the tests
//! compare every other backend against.
//!
//! This is the only module with `unsafe`: calling a `#[target_feature]` function,
//! sound once the features are known to be present.

#[cfg(target_arch = "x86_64")]
use crate::batch::{depth3_avx2, leaves_avx2};
use crate::perft::{PORTABLE, Steps, hashed_node};
#[cfg(target_arch = "x86_64")]
use crate::simd::moves_avx2;
use crate::table::PerftTable;

/// A build of the move generator for one class of CPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Backend {
    /// Plain Rust for any target: the reference for the others.
    Portable,
    /// x86-64 with `popcnt`, `lzcnt`, `bmi1`, `bmi2` and `avx2` (x86-64-v3: Intel
    /// Haswell and AMD Zen onwards).
    X86_64V3,
    /// x86-64-v3 plus AVX-512 (`avx512f`, `vl`, `cd`, `bw`, `dq`: x86-64-v4, e.g.
    /// AMD Zen 4, Intel Ice Lake server): the same code, compiled with the wider
    /// instruction set.
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

#[cfg(not(target_arch = "x86_64"))]
fn has_x86_64_v3() -> bool {
    false
}

#[cfg(not(target_arch = "x86_64"))]
fn has_x86_64_v4() -> bool {
    false
}

fn perft_portable(p: u64, o: u64, depth: u32) -> u64 {
    crate::perft::perft_node(p, o, depth, PORTABLE, &mut perft_portable)
}

fn perft_hashed_portable(p: u64, o: u64, depth: u32, table: &PerftTable<'_>) -> u64 {
    hashed_node(p, o, depth, table, PORTABLE, &mut perft_portable, &mut |p, o, d| perft_hashed_portable(p, o, d, table))
}

/// The AVX2 steps (`simd` and `batch`), as closures that take the target
/// features of the build they are written in.
#[cfg(target_arch = "x86_64")]
macro_rules! avx2_steps {
    () => {
        Steps {
            moves: |p, o| moves_avx2(p, o),
            leaves: |p, o, m| leaves_avx2(p, o, m),
            depth3: |p, o, m| depth3_avx2(p, o, m),
        }
    };
}

/// The plain and hashed perft of one x86-64 feature level: the same generic
/// code compiled with the level's instructions (the AVX2 steps at every level).
macro_rules! x86_64_build {
    ($perft:ident, $hashed:ident, $features:literal) => {
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = $features)]
        fn $perft(p: u64, o: u64, depth: u32) -> u64 {
            crate::perft::perft_node(p, o, depth, avx2_steps!(), &mut |p, o, d| $perft(p, o, d))
        }

        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = $features)]
        fn $hashed(p: u64, o: u64, depth: u32, table: &PerftTable<'_>) -> u64 {
            let plain = &mut |p, o, d| $perft(p, o, d);
            hashed_node(p, o, depth, table, avx2_steps!(), plain, &mut |p, o, d| $hashed(p, o, d, table))
        }
    };
}

x86_64_build!(perft_x86_64_v3, perft_hashed_x86_64_v3, "popcnt,lzcnt,bmi1,bmi2,avx2");
x86_64_build!(
    perft_x86_64_v4,
    perft_hashed_x86_64_v4,
    "popcnt,lzcnt,bmi1,bmi2,avx2,avx512f,avx512vl,avx512cd,avx512bw,avx512dq"
);

/// Hashed perft below `(p, o)` on `backend`, or on the portable build when the
/// backend is not available. `depth` must be at least 1.
pub(crate) fn perft_hashed(backend: Backend, p: u64, o: u64, depth: u32, table: &PerftTable<'_>) -> u64 {
    match backend {
        #[cfg(target_arch = "x86_64")]
        Backend::X86_64V4 if has_x86_64_v4() => {
            // SAFETY: `has_x86_64_v4` has just confirmed that this CPU supports
            // every feature the function enables.
            unsafe { perft_hashed_x86_64_v4(p, o, depth, table) }
        }
        #[cfg(target_arch = "x86_64")]
        Backend::X86_64V3 if has_x86_64_v3() => {
            // SAFETY: `has_x86_64_v3` has just confirmed that this CPU supports
            // every feature the function enables.
            unsafe { perft_hashed_x86_64_v3(p, o, depth, table) }
        }
        _ => perft_hashed_portable(p, o, depth, table),
    }
}

/// Perft below `(p, o)` on `backend`, or on the portable build when the backend
/// is not available. `depth` must be at least 1.
pub(crate) fn perft(backend: Backend, p: u64, o: u64, depth: u32) -> u64 {
    match backend {
        #[cfg(target_arch = "x86_64")]
        Backend::X86_64V4 if has_x86_64_v4() => {
            // SAFETY: `has_x86_64_v4` has just confirmed that this CPU supports
            // every feature the function enables.
            unsafe { perft_x86_64_v4(p, o, depth) }
        }
        #[cfg(target_arch = "x86_64")]
        Backend::X86_64V3 if has_x86_64_v3() => {
            // SAFETY: `has_x86_64_v3` has just confirmed that this CPU supports
            // every feature the function enables.
            unsafe { perft_x86_64_v3(p, o, depth) }
        }
        _ => perft_portable(p, o, depth),
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use crate::kernel;
    use crate::perft::PORTABLE;

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
    /// and depth-3 counts.
    fn check_batched_steps(p: u64, o: u64) -> Result<(), proptest::test_runner::TestCaseError> {
        let m = kernel::moves(p, o);
        if m == 0 {
            return Ok(());
        }
        assert!(super::has_x86_64_v3());
        // SAFETY: the assertion above has confirmed every feature of the batched steps.
        let (leaves, depth3) = unsafe { (crate::batch::leaves_avx2(p, o, m), crate::batch::depth3_avx2(p, o, m)) };
        proptest::prop_assert_eq!(leaves, (PORTABLE.leaves)(p, o, m));
        proptest::prop_assert_eq!(depth3, (PORTABLE.depth3)(p, o, m));
        Ok(())
    }

    /// Calls the AVX2 generator; only after `is_x86_feature_detected!("avx2")`.
    fn call(p: u64, o: u64) -> u64 {
        assert!(std::is_x86_feature_detected!("avx2"));
        // SAFETY: the assertion above has confirmed AVX2 on this CPU.
        unsafe { crate::simd::moves_avx2(p, o) }
    }
}
