//! Bit sets sized to the board: `u64` (up to 64 squares), `u128` (up to 128) and
//! [`Wide`] (up to 26x26 = 676). The engine is written once, generic over
//! [`BitSet`].

use core::fmt::Debug;
use core::hash::Hash;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

/// Words in a [`Wide`] set: 11 x 64 = 704 bits, enough for 26 x 26 = 676 squares.
pub(crate) const WIDE_WORDS: usize = 11;

/// The largest board, in squares.
pub(crate) const MAX_SQUARES: usize = 26 * 26;

/// A set of square indices `0..BITS`, the board representation of the engine.
pub(crate) trait BitSet:
    Copy
    + Eq
    + Default
    + Debug
    + Hash
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + Send
    + Sync
    + 'static
{
    /// How many squares the set can hold.
    const BITS: usize;
    /// The empty set.
    const EMPTY: Self;
    /// The set holding index `i` (`i < BITS`).
    fn bit(i: usize) -> Self;
    /// Whether index `i` is in the set.
    fn has(self, i: usize) -> bool;
    /// The number of indices in the set.
    fn count(self) -> u32;
    /// Whether the set is empty.
    fn is_empty(self) -> bool;
    /// The lowest index in the set, if any.
    fn lowest(self) -> Option<usize>;
    /// The set without its lowest index.
    fn without_lowest(self) -> Self;
    /// Every index moved up by `n` (`n < BITS`); indices past the top drop out.
    fn shl(self, n: u32) -> Self;
    /// Every index moved down by `n` (`n < BITS`).
    fn shr(self, n: u32) -> Self;
    /// A 64-bit hash of the set, for table indices.
    fn hash64(self) -> u64;
    /// The number of 64-bit words the set is stored in.
    const WORDS: usize = Self::BITS / 64;
    /// Word `i` of the set (bits `64 * i ..`), for `i < WORDS`.
    fn word(self, i: usize) -> u64;
    /// The set as a `u64`, when the type is 64 bits wide (known at compile time).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // used by the x86-64 builds only
    fn as_u64(self) -> Option<u64>;
    /// The set of the indices of a `u64` (for types of at least 64 bits).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // used by the x86-64 builds only
    fn from_u64(x: u64) -> Self;
    /// The set as a `u128`, when the type is 128 bits wide (known at compile time).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // used by the x86-64 builds only
    fn as_u128(self) -> Option<u128>;
    /// The set of the indices of a `u128` (the low 64 for `u64`).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // used by the x86-64 builds only
    fn from_u128(x: u128) -> Self;
    /// The first `BITS` indices of a wide set.
    fn from_wide(w: &Wide) -> Self;
    /// The set as a wide set.
    fn to_wide(self) -> Wide;

    /// The lowest index alone (empty for an empty set).
    fn lowest_bit(self) -> Self;
    /// For a set of one index, every index below it (every index for an empty set).
    fn below_bit(self) -> Self;
    /// The highest index alone (empty for an empty set).
    fn highest_bit(self) -> Self;
    /// For a set of one index, every index above it.
    fn above_bit(self) -> Self;
    /// The set itself if `cond`, else the empty set (without a branch for the
    /// native types).
    fn keep_if(self, cond: bool) -> Self;

    /// The indices in the set, lowest first.
    #[inline(always)]
    fn indices(self) -> Indices<Self> {
        Indices(self)
    }

    /// Calls `f` with each index in the set, lowest first, and that index
    /// alone as a set (the native types take both from one word, without
    /// building the set from the index).
    #[inline(always)]
    fn for_each_bit(self, mut f: impl FnMut(usize, Self)) {
        for i in self.indices() {
            f(i, Self::bit(i));
        }
    }
}

/// The indices of a [`BitSet`], lowest first.
#[derive(Clone, Debug)]
pub(crate) struct Indices<B>(B);

impl<B: BitSet> Iterator for Indices<B> {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        let i = self.0.lowest()?;
        self.0 = self.0.without_lowest();
        Some(i)
    }
}

macro_rules! native {
    ($t:ty, $words:expr, $shl:path, $shr:path, $high:path) => {
        impl BitSet for $t {
            const BITS: usize = <$t>::BITS as usize;
            const EMPTY: Self = 0;
            #[inline(always)]
            fn bit(i: usize) -> Self {
                1 << i
            }
            #[inline(always)]
            fn has(self, i: usize) -> bool {
                self >> i & 1 != 0
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn lowest(self) -> Option<usize> {
                if self == 0 { None } else { Some(self.trailing_zeros() as usize) }
            }
            #[inline(always)]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn lowest_bit(self) -> Self {
                self & self.wrapping_neg()
            }
            #[inline(always)]
            fn below_bit(self) -> Self {
                self.wrapping_sub(1)
            }
            #[inline(always)]
            fn highest_bit(self) -> Self {
                $high(self)
            }
            #[inline(always)]
            fn above_bit(self) -> Self {
                !(self | self.wrapping_sub(1))
            }
            #[inline(always)]
            fn for_each_bit(self, mut f: impl FnMut(usize, Self)) {
                let mut x = self as u64;
                while x != 0 {
                    f(x.trailing_zeros() as usize, (x & x.wrapping_neg()) as $t);
                    x &= x - 1;
                }
                if $words > 1 {
                    let mut x = self.word(1);
                    while x != 0 {
                        f(64 + x.trailing_zeros() as usize, Self::from_u128(u128::from(x & x.wrapping_neg()) << 64));
                        x &= x - 1;
                    }
                }
            }
            #[inline(always)]
            fn keep_if(self, cond: bool) -> Self {
                self & (cond as $t).wrapping_neg()
            }
            #[inline(always)]
            fn shl(self, n: u32) -> Self {
                $shl(self, n)
            }
            #[inline(always)]
            fn shr(self, n: u32) -> Self {
                $shr(self, n)
            }
            #[inline(always)]
            fn hash64(self) -> u64 {
                mix(self as u64 ^ mix((self >> (<$t>::BITS / 2)) as u64))
            }
            #[inline(always)]
            fn word(self, i: usize) -> u64 {
                (self >> (64 * i)) as u64
            }
            #[inline(always)]
            fn as_u64(self) -> Option<u64> {
                if <$t>::BITS == 64 { Some(self as u64) } else { None }
            }
            #[inline(always)]
            fn from_u64(x: u64) -> Self {
                x as $t
            }
            #[inline(always)]
            fn as_u128(self) -> Option<u128> {
                if <$t>::BITS == 128 { Some(self as u128) } else { None }
            }
            #[inline(always)]
            fn from_u128(x: u128) -> Self {
                x as $t
            }
            fn from_wide(w: &Wide) -> Self {
                let mut x: $t = 0;
                for i in 0..$words {
                    x |= (w.0[i] as $t) << (64 * i);
                }
                x
            }
            fn to_wide(self) -> Wide {
                let mut w = Wide::EMPTY;
                for i in 0..$words {
                    w.0[i] = (self >> (64 * i)) as u64;
                }
                w
            }
        }
    };
}
native!(u64, 1, core::ops::Shl::shl, core::ops::Shr::shr, highest_bit_u64);
native!(u128, 2, shl_u128, shr_u128, highest_bit_u128);

/// The highest set bit alone, 0 for 0.
#[inline(always)]
fn highest_bit_u64(x: u64) -> u64 {
    (x != 0) as u64 * ((1 << 63) >> (x.leading_zeros() & 63))
}

/// The highest set bit alone, 0 for 0: each word's top bit, then the high
/// word's if it has one (selects, no data-dependent branch).
#[inline(always)]
fn highest_bit_u128(x: u128) -> u128 {
    let (lo, hi) = (x as u64, (x >> 64) as u64);
    let (top_lo, top_hi) = (highest_bit_u64(lo), highest_bit_u64(hi));
    let (lo, hi) = if hi != 0 { (0, top_hi) } else { (top_lo, 0) };
    (u128::from(hi) << 64) | u128::from(lo)
}

/// `x << n` for `n < 128`, with a two-instruction path for the common `n < 64`
/// (the engine's steps on boards of up to 128 squares mostly are).
#[inline(always)]
fn shl_u128(x: u128, n: u32) -> u128 {
    if n < 64 {
        let (lo, hi) = (x as u64, (x >> 64) as u64);
        let hi = (hi << n) | ((lo >> 1) >> (63 - n));
        (u128::from(hi) << 64) | u128::from(lo << n)
    } else {
        x << n
    }
}

/// `x >> n` for `n < 128`, likewise.
#[inline(always)]
fn shr_u128(x: u128, n: u32) -> u128 {
    if n < 64 {
        let (lo, hi) = (x as u64, (x >> 64) as u64);
        let lo = (lo >> n) | ((hi << 1) << (63 - n));
        (u128::from(hi >> n) << 64) | u128::from(lo)
    } else {
        x >> n
    }
}

use reversi_core::internal::mix64 as mix;

/// A set of up to 704 squares in eleven words, for boards over 128 squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub(crate) struct Wide(pub [u64; WIDE_WORDS]);

impl Wide {
    /// The empty set.
    pub(crate) const EMPTY: Wide = Wide([0; WIDE_WORDS]);

    /// The highest index in the set, if any.
    fn highest(self) -> Option<usize> {
        self.0.iter().rposition(|&w| w != 0).map(|i| 64 * i + 63 - self.0[i].leading_zeros() as usize)
    }
}

macro_rules! wide_op {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Wide {
            type Output = Wide;
            #[inline(always)]
            fn $method(self, rhs: Wide) -> Wide {
                let mut out = self;
                for i in 0..WIDE_WORDS {
                    out.0[i] = self.0[i] $op rhs.0[i];
                }
                out
            }
        }
        impl $assign for Wide {
            #[inline(always)]
            fn $assign_method(&mut self, rhs: Wide) {
                *self = *self $op rhs;
            }
        }
    };
}
wide_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
wide_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);

impl BitXor for Wide {
    type Output = Wide;
    #[inline(always)]
    fn bitxor(self, rhs: Wide) -> Wide {
        let mut out = self;
        for i in 0..WIDE_WORDS {
            out.0[i] ^= rhs.0[i];
        }
        out
    }
}

impl Not for Wide {
    type Output = Wide;
    #[inline(always)]
    fn not(self) -> Wide {
        let mut out = self;
        for w in &mut out.0 {
            *w = !*w;
        }
        out
    }
}

impl BitSet for Wide {
    const BITS: usize = 64 * WIDE_WORDS;
    const EMPTY: Self = Wide::EMPTY;

    #[inline(always)]
    fn bit(i: usize) -> Self {
        let mut w = Wide::EMPTY;
        w.0[i / 64] = 1 << (i % 64);
        w
    }
    #[inline(always)]
    fn has(self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 != 0
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    #[inline(always)]
    fn lowest(self) -> Option<usize> {
        self.0.iter().position(|&w| w != 0).map(|i| 64 * i + self.0[i].trailing_zeros() as usize)
    }
    #[inline(always)]
    fn without_lowest(self) -> Self {
        let mut out = self;
        if let Some(w) = out.0.iter_mut().find(|w| **w != 0) {
            *w &= *w - 1;
        }
        out
    }
    #[inline(always)]
    fn lowest_bit(self) -> Self {
        self.lowest().map_or(Wide::EMPTY, Wide::bit)
    }
    #[inline(always)]
    fn below_bit(self) -> Self {
        let mut out = Wide([u64::MAX; WIDE_WORDS]);
        if let Some(i) = self.lowest() {
            for (w, word) in out.0.iter_mut().enumerate() {
                *word = match (w * 64).cmp(&(i & !63)) {
                    core::cmp::Ordering::Less => u64::MAX,
                    core::cmp::Ordering::Equal => (1u64 << (i % 64)) - 1,
                    core::cmp::Ordering::Greater => 0,
                };
            }
        }
        out
    }
    #[inline(always)]
    fn highest_bit(self) -> Self {
        self.highest().map_or(Wide::EMPTY, Wide::bit)
    }
    #[inline(always)]
    fn above_bit(self) -> Self {
        let mut out = Wide([u64::MAX; WIDE_WORDS]);
        if let Some(i) = self.highest() {
            for (w, word) in out.0.iter_mut().enumerate() {
                *word = match (w * 64).cmp(&(i & !63)) {
                    core::cmp::Ordering::Less => 0,
                    core::cmp::Ordering::Equal => (!1u64) << (i % 64),
                    core::cmp::Ordering::Greater => u64::MAX,
                };
            }
        }
        out
    }
    #[inline(always)]
    fn keep_if(self, cond: bool) -> Self {
        if cond { self } else { Wide::EMPTY }
    }
    #[inline(always)]
    fn shl(self, n: u32) -> Self {
        let (words, bits) = ((n / 64) as usize, n % 64);
        let mut out = Wide::EMPTY;
        for i in (words..WIDE_WORDS).rev() {
            let src = i - words;
            out.0[i] = self.0[src] << bits;
            if bits != 0 && src > 0 {
                out.0[i] |= self.0[src - 1] >> (64 - bits);
            }
        }
        out
    }
    #[inline(always)]
    fn shr(self, n: u32) -> Self {
        let (words, bits) = ((n / 64) as usize, n % 64);
        let mut out = Wide::EMPTY;
        for i in 0..WIDE_WORDS.saturating_sub(words) {
            let src = i + words;
            out.0[i] = self.0[src] >> bits;
            if bits != 0 && src + 1 < WIDE_WORDS {
                out.0[i] |= self.0[src + 1] << (64 - bits);
            }
        }
        out
    }
    #[inline(always)]
    fn hash64(self) -> u64 {
        self.0.iter().fold(0, |h, &w| mix(h ^ w))
    }
    #[inline(always)]
    fn word(self, i: usize) -> u64 {
        self.0[i]
    }
    #[inline(always)]
    fn as_u64(self) -> Option<u64> {
        None
    }
    #[inline(always)]
    fn from_u64(x: u64) -> Self {
        let mut w = Wide::EMPTY;
        w.0[0] = x;
        w
    }
    #[inline(always)]
    fn as_u128(self) -> Option<u128> {
        None
    }
    #[inline(always)]
    fn from_u128(x: u128) -> Self {
        let mut w = Wide::EMPTY;
        w.0[0] = x as u64;
        w.0[1] = (x >> 64) as u64;
        w
    }
    fn from_wide(w: &Wide) -> Self {
        *w
    }
    fn to_wide(self) -> Wide {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wide_of(bits: &[usize]) -> Wide {
        bits.iter().fold(Wide::EMPTY, |w, &i| w | Wide::bit(i))
    }

    #[test]
    fn wide_shifts_cross_words() {
        let w = wide_of(&[0, 63, 64, 300, 703]);
        assert_eq!(w.shl(1), wide_of(&[1, 64, 65, 301]));
        assert_eq!(w.shr(1), wide_of(&[62, 63, 299, 702]));
        assert_eq!(w.shl(64), wide_of(&[64, 127, 128, 364]));
        assert_eq!(w.shr(130), wide_of(&[170, 573]));
        assert_eq!(w.indices().collect::<Vec<_>>(), [0, 63, 64, 300, 703]);
        assert_eq!(w.count(), 5);
        assert_eq!(w.without_lowest().lowest(), Some(63));
    }

    #[test]
    fn bit_isolation_agrees_across_types() {
        for bits in [&[][..], &[0], &[5, 9], &[63], &[1, 64, 100], &[127]] {
            let w = wide_of(bits);
            let x = u128::from_wide(&w);
            let all128 = u128::MAX.to_wide();
            assert_eq!(x.lowest_bit().to_wide(), w.lowest_bit());
            assert_eq!(x.highest_bit().to_wide(), w.highest_bit());
            let (low, high) = (w.lowest_bit(), w.highest_bit());
            assert_eq!(u128::from_wide(&low).below_bit().to_wide(), low.below_bit() & all128, "{bits:?}");
            if !bits.is_empty() {
                assert_eq!(u128::from_wide(&high).above_bit().to_wide(), high.above_bit() & all128, "{bits:?}");
            }
            assert_eq!(w.keep_if(false), Wide::EMPTY);
            assert_eq!(x.keep_if(true), x);
        }
    }

    #[test]
    fn highest_bits() {
        for x in [0u128, 1, 2, 3, 1 << 63, (1 << 64) | 1, u128::MAX, 1 << 127, 0x0f0f_0000_0000_0000_0000] {
            let expected = if x == 0 { 0 } else { 1 << (127 - x.leading_zeros()) };
            assert_eq!(highest_bit_u128(x), expected, "{x:#x}");
            assert_eq!(
                highest_bit_u64(x as u64),
                if x as u64 == 0 { 0 } else { 1 << (63 - (x as u64).leading_zeros()) }
            );
        }
    }

    #[test]
    fn u128_shifts_are_shifts() {
        let x: u128 = 0x8000_0000_0000_0001_8000_0000_0000_0001;
        for n in 0..128 {
            assert_eq!(shl_u128(x, n), x << n, "{n}");
            assert_eq!(shr_u128(x, n), x >> n, "{n}");
        }
    }

    #[test]
    fn native_sets_agree_with_wide() {
        let w = wide_of(&[1, 5, 63, 64, 100, 127]);
        let x = u128::from_wide(&w);
        assert_eq!(x.to_wide(), w);
        assert_eq!(x.shl(3).to_wide(), w.shl(3) & u128::MAX.to_wide());
        assert_eq!(u64::from_wide(&w).to_wide(), wide_of(&[1, 5, 63]));
    }
}
