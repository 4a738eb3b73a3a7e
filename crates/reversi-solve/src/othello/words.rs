//! The transposition table's memory: `n` zeroed `AtomicU64`s, on Linux
//! mapped fresh and advised onto transparent huge pages.
//!
//! The table is read at random, one cache line a node, so with 4 KiB pages
//! nearly every read also misses the TLB and walks the page tables. Linux
//! backs memory advised `MADV_HUGEPAGE` with 2 MiB pages where it can
//! (`/sys/kernel/mm/transparent_hugepage/enabled` set to `madvise` or
//! `always`), and an anonymous mapping's pages are zero until written, so
//! the table costs nothing to clear either. Elsewhere, and when the mapping
//! fails, [`Words::zeroed`] falls back to its safe twin: a `Vec` of zeroed
//! words. PERFORMANCE.md has the figures ("Huge pages").

use std::sync::atomic::AtomicU64;

/// Mappings this large and up are advised onto huge pages.
#[cfg(target_os = "linux")]
const HUGE_BYTES: usize = 2 << 20;

/// Zeroed words, owned: the mapping on Linux, else a boxed slice.
pub(crate) struct Words {
    inner: Inner,
}

enum Inner {
    /// No words (nothing to free).
    Empty,
    /// The safe twin.
    Plain(Box<[AtomicU64]>),
    /// An anonymous private mapping of `len` words at `ptr`.
    #[cfg(target_os = "linux")]
    Mapped { ptr: std::ptr::NonNull<AtomicU64>, len: usize },
}

// SAFETY: the mapping is owned memory like a `Box<[AtomicU64]>`, which is
// `Send` and `Sync`: every access goes through `&[AtomicU64]`.
unsafe impl Send for Inner {}
// SAFETY: as for `Send`; shared access is atomic.
unsafe impl Sync for Inner {}

impl Words {
    /// No words.
    pub(crate) const EMPTY: Words = Words { inner: Inner::Empty };

    /// `n` zeroed words; `None` when the memory cannot be had.
    pub(crate) fn zeroed(n: usize) -> Option<Words> {
        #[cfg(target_os = "linux")]
        if let Some(words) = Words::mapped(n) {
            return Some(words);
        }
        Words::plain(n)
    }

    /// `n` zeroed words in a `Vec`: the safe twin, and the path off Linux.
    pub(crate) fn plain(n: usize) -> Option<Words> {
        let mut words = Vec::new();
        words.try_reserve_exact(n).ok()?;
        words.extend((0..n).map(|_| AtomicU64::new(0)));
        Some(Words { inner: Inner::Plain(words.into_boxed_slice()) })
    }

    /// `n` zeroed words in a fresh anonymous mapping advised onto huge
    /// pages (the advice may be refused: the words are still good).
    #[cfg(target_os = "linux")]
    fn mapped(n: usize) -> Option<Words> {
        let bytes = n.checked_mul(size_of::<AtomicU64>())?;
        if bytes < HUGE_BYTES {
            return None;
        }
        // SAFETY: a new private anonymous mapping, no address hint and no
        // file: it aliases nothing, and its pages read as zero.
        let ptr = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                bytes,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if ptr == libc::MAP_FAILED {
            return None;
        }
        // SAFETY: `ptr..ptr + bytes` is the mapping just made; the advice
        // changes how it is backed, never what it holds. Its failure
        // (huge pages off) leaves 4 KiB pages.
        let _ = unsafe { libc::madvise(ptr, bytes, libc::MADV_HUGEPAGE) };
        let ptr = std::ptr::NonNull::new(ptr.cast::<AtomicU64>())?;
        Some(Words { inner: Inner::Mapped { ptr, len: n } })
    }
}

impl std::ops::Deref for Words {
    type Target = [AtomicU64];

    #[inline]
    fn deref(&self) -> &[AtomicU64] {
        match &self.inner {
            Inner::Empty => &[],
            Inner::Plain(words) => words,
            // SAFETY: the mapping holds `len` words, page aligned (so
            // aligned for `AtomicU64`), zero or written only atomically,
            // and lives as long as `self`.
            #[cfg(target_os = "linux")]
            Inner::Mapped { ptr, len } => unsafe { std::slice::from_raw_parts(ptr.as_ptr(), *len) },
        }
    }
}

impl Drop for Words {
    fn drop(&mut self) {
        #[cfg(target_os = "linux")]
        if let Inner::Mapped { ptr, len } = self.inner {
            // SAFETY: the mapping made by `mapped`, of `len` words, unmapped
            // once: no reference to it outlives `self`.
            let _ = unsafe { libc::munmap(ptr.as_ptr().cast(), len * size_of::<AtomicU64>()) };
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering::Relaxed;

    use super::*;

    /// The mapped words and their safe twin read and write alike.
    #[test]
    fn mapped_words_behave_as_the_plain_twin() {
        for n in [0, 1, 1000, 1 << 20, (3 << 20) + 5] {
            let (words, twin) = (Words::zeroed(n).unwrap(), Words::plain(n).unwrap());
            assert_eq!(words.len(), n);
            assert_eq!(twin.len(), n);
            assert!(words.iter().step_by(509).all(|w| w.load(Relaxed) == 0));
            for i in (0..n).step_by(4093) {
                words[i].store(i as u64 ^ 0x5a5a, Relaxed);
                twin[i].store(i as u64 ^ 0x5a5a, Relaxed);
            }
            assert!((0..n).step_by(1021).all(|i| words[i].load(Relaxed) == twin[i].load(Relaxed)));
        }
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn large_tables_are_mapped() {
        let words = Words::zeroed(1 << 20).unwrap();
        assert!(matches!(words.inner, Inner::Mapped { .. }));
        assert!(matches!(Words::zeroed(100).unwrap().inner, Inner::Plain(_)));
    }
}
