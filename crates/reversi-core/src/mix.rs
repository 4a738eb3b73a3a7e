//! SplitMix64's finaliser: the one integer mixer of the workspace, behind the
//! Zobrist keys and the table indices of both crates and the CLI's random
//! games.

/// SplitMix64's output function (Steele, Lea and Flood): a cheap, well-mixed
/// 64-bit step.
///
/// Not public API (exempt from semver): for reversi-variants and the CLI.
#[inline(always)]
#[must_use]
pub const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
