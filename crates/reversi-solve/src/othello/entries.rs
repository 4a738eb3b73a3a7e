//! The entries both tables keep, the solver's (`table.rs`) and the
//! guesses' (`guess_table.rs`): buckets of two entries of three words,
//! `player ^ data`, `opponent ^ data` and `data`, written and read without
//! locks. A read whose three words come from different writes fails the
//! check (the xors do not give back the position), so a torn entry reads
//! as a miss, never as another position's data. What `data` holds, and
//! which of it is live, is each table's own.

use std::sync::atomic::Ordering::Relaxed;

use super::words::Words;

/// Words a bucket takes: two entries of three.
pub(crate) const BUCKET_WORDS: usize = 6;

/// The first word of the bucket that the hash `h` falls in, of `buckets`.
#[inline(always)]
pub(crate) fn bucket_at(h: u64, buckets: u64) -> usize {
    (((u128::from(h) * u128::from(buckets)) >> 64) as usize) * BUCKET_WORDS
}

/// The entry of `(p, o)` in the bucket at `at`, if its `data` is `live`:
/// `Ok((first word, data))`; else `Err(first word)` of the entry to
/// replace, the one of lowest `rank` (a dead entry ranks 0; the first of
/// two equal).
#[inline(always)]
pub(crate) fn find(
    words: &Words,
    at: usize,
    p: u64,
    o: u64,
    live: impl Fn(u64) -> bool,
    rank: impl Fn(u64) -> u32,
) -> Result<(usize, u64), usize> {
    let mut slot = at;
    let mut weakest = u32::MAX;
    for e in [at, at + 3] {
        let data = words[e + 2].load(Relaxed);
        if live(data) && words[e].load(Relaxed) ^ data == p && words[e + 1].load(Relaxed) ^ data == o {
            return Ok((e, data));
        }
        let r = if live(data) { rank(data) } else { 0 };
        if r < weakest {
            weakest = r;
            slot = e;
        }
    }
    Err(slot)
}

/// Writes `data` for `(p, o)` into the entry at `slot`.
#[inline(always)]
pub(crate) fn write(words: &Words, slot: usize, p: u64, o: u64, data: u64) {
    words[slot + 2].store(data, Relaxed);
    words[slot].store(p ^ data, Relaxed);
    words[slot + 1].store(o ^ data, Relaxed);
}
