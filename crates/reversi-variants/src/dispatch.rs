//! CPU-specific builds of perft, and the choice between them.
//!
//! The rules live once, in [`engine`](crate::engine), [`variant`](crate::variant)
//! and [`perft_node`], as `#[inline(always)]` generic
//! functions. This module compiles them again inside a function that enables
//! x86-64 v3 instructions (`popcnt`, `lzcnt`, `bmi1`, `bmi2`, `avx2`) or the v4
//! ones (plus AVX-512), chosen at run time by reversi-core's CPU detection, so a plain `cargo build` runs at the speed
//! of a `target-cpu=native` build. The portable build is the reference the tests
//! compare against.
//!
//! This is the crate's only module with `unsafe`: calling a `#[target_feature]`
//! function, sound once the features are known to be present.

use reversi_core::Backend;

use crate::bits::BitSet;
#[cfg(target_arch = "x86_64")]
use crate::engine::With;
use crate::engine::{Engine, Portable};
use crate::node::{hashed_node, perft_node};
#[cfg(target_arch = "x86_64")]
use crate::simd::{reversi_flips_avx2_128, reversi_moves_avx2, reversi_moves_avx2_128};
use crate::table::Table;
use crate::variant::Rules;

fn perft_portable<R: Rules, B: BitSet>(e: &Engine<B>, p: B, o: B, depth: u32) -> u64 {
    perft_node::<R, B>(e, p, o, depth, Portable, &mut |p, o, d| perft_portable::<R, B>(e, p, o, d))
}

fn perft_hashed_portable<R: Rules, B: BitSet>(e: &Engine<B>, p: B, o: B, depth: u32, table: &Table<'_, B>) -> u64 {
    hashed_node::<R, B>(
        e,
        p,
        o,
        depth,
        table,
        Portable,
        &mut |p, o, d| perft_portable::<R, B>(e, p, o, d),
        &mut |t, p, o, d| perft_hashed_portable::<R, B>(e, p, o, d, t),
    )
}

/// Perft and hashed perft of one x86-64 feature level: the same generic code
/// compiled with the level's instructions.
macro_rules! x86_64_build {
    ($perft:ident, $hashed:ident, $features:literal) => {
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = $features)]
        fn $perft<R: Rules, B: BitSet>(e: &Engine<B>, p: B, o: B, depth: u32) -> u64 {
            perft_node::<R, B>(e, p, o, depth, kernel!(), &mut |p, o, d| $perft::<R, B>(e, p, o, d))
        }

        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = $features)]
        fn $hashed<R: Rules, B: BitSet>(e: &Engine<B>, p: B, o: B, depth: u32, table: &Table<'_, B>) -> u64 {
            let plain = &mut |p, o, d| $perft::<R, B>(e, p, o, d);
            let hashed = &mut |t: &Table<'_, B>, p, o, d| $hashed::<R, B>(e, p, o, d, t);
            hashed_node::<R, B>(e, p, o, depth, table, kernel!(), plain, hashed)
        }
    };
}

/// The kernel of an x86-64 build, as closures written inside its function so
/// that they get its target features. Boards of up to 128 squares use the
/// AVX2 generators and, for `u128` sets, the AVX2 flips; `as_u64` and
/// `as_u128` are known at compile time, so each size keeps one branch.
#[cfg(target_arch = "x86_64")]
macro_rules! kernel {
    () => {
        With(
            #[inline(always)]
            |e: &Engine<B>, p: B, o: B| match (p.as_u64(), o.as_u64(), p.as_u128(), o.as_u128()) {
                (Some(p), Some(o), _, _) => B::from_u64(reversi_moves_avx2(&e.packed, p, o)),
                (_, _, Some(p), Some(o)) => B::from_u128(reversi_moves_avx2_128!(&e.packed, p, o)),
                _ => e.reversi_moves(p, o),
            },
            #[inline(always)]
            |e: &Engine<B>, p: B, o: B, at: usize| match (p.as_u128(), o.as_u128()) {
                // `at` is below 128 on a `u128` board.
                (Some(p), Some(o)) => B::from_u128(reversi_flips_avx2_128(&e.packed_rays[at % 128], p, o)),
                _ => e.reversi_flips(p, o, at),
            },
        )
    };
}

x86_64_build!(perft_x86_64_v3, perft_hashed_x86_64_v3, "popcnt,lzcnt,bmi1,bmi2,avx2");
x86_64_build!(
    perft_x86_64_v4,
    perft_hashed_x86_64_v4,
    "popcnt,lzcnt,bmi1,bmi2,avx2,avx512f,avx512vl,avx512cd,avx512bw,avx512dq"
);

/// Perft below `(p, o)` on `backend` (the portable build when it is not
/// available); `depth >= 1`.
pub(crate) fn perft_on<R: Rules, B: BitSet>(backend: Backend, e: &Engine<B>, p: B, o: B, depth: u32) -> u64 {
    match backend {
        #[cfg(target_arch = "x86_64")]
        Backend::X86_64V4 if Backend::X86_64V4.is_available() => {
            // SAFETY: reversi-core has just confirmed that this CPU supports every
            // feature the function enables.
            unsafe { perft_x86_64_v4::<R, B>(e, p, o, depth) }
        }
        #[cfg(target_arch = "x86_64")]
        Backend::X86_64V3 if Backend::X86_64V3.is_available() => {
            // SAFETY: reversi-core has just confirmed that this CPU supports every
            // feature the function enables.
            unsafe { perft_x86_64_v3::<R, B>(e, p, o, depth) }
        }
        _ => perft_portable::<R, B>(e, p, o, depth),
    }
}

/// Hashed perft below `(p, o)` on `backend` (the portable build when it is not
/// available); `depth >= 1`.
pub(crate) fn perft_hashed_on<R: Rules, B: BitSet>(
    backend: Backend,
    e: &Engine<B>,
    p: B,
    o: B,
    depth: u32,
    table: &Table<'_, B>,
) -> u64 {
    match backend {
        #[cfg(target_arch = "x86_64")]
        Backend::X86_64V4 if Backend::X86_64V4.is_available() => {
            // SAFETY: reversi-core has just confirmed that this CPU supports every
            // feature the function enables.
            unsafe { perft_hashed_x86_64_v4::<R, B>(e, p, o, depth, table) }
        }
        #[cfg(target_arch = "x86_64")]
        Backend::X86_64V3 if Backend::X86_64V3.is_available() => {
            // SAFETY: reversi-core has just confirmed that this CPU supports every
            // feature the function enables.
            unsafe { perft_hashed_x86_64_v3::<R, B>(e, p, o, depth, table) }
        }
        _ => perft_hashed_portable::<R, B>(e, p, o, depth, table),
    }
}
