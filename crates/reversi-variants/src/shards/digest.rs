//! The digest of a plan.

use reversi_core::internal::mix64;

/// A plan's digest: 128 bits, two chains of SplitMix64's finaliser over the
/// bytes read as little-endian 64-bit words (the last one padded with zeros),
/// each chain from its own seed, the length mixed in at the end; written as
/// 32 hexadecimal digits. It is a checksum against truncated, edited or
/// mixed-up files, not a cryptographic hash.
///
/// ```
/// use reversi_variants::shards::Digest;
/// let mut a = Digest::new();
/// a.update(b"reversi-perft-plan 1\n");
/// let mut b = Digest::new();
/// b.update(b"reversi-perft-");
/// b.update(b"plan 1\n");
/// assert_eq!(a.finish(), b.finish());
/// ```
#[derive(Clone, Debug)]
pub struct Digest {
    a: u64,
    b: u64,
    word: u64,
    fill: u32,
    len: u64,
}

impl Default for Digest {
    fn default() -> Digest {
        Digest::new()
    }
}

impl Digest {
    /// A digest of nothing yet.
    #[must_use]
    pub const fn new() -> Digest {
        Digest { a: 0x243F_6A88_85A3_08D3, b: 0x1319_8A2E_0370_7344, word: 0, fill: 0, len: 0 }
    }

    /// Adds `bytes`.
    pub fn update(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.word |= u64::from(byte) << (8 * self.fill);
            self.fill += 1;
            if self.fill == 8 {
                self.block();
            }
        }
        self.len = self.len.wrapping_add(bytes.len() as u64);
    }

    fn block(&mut self) {
        self.a = mix64(self.a ^ self.word);
        self.b = mix64(self.b.rotate_left(29) ^ self.word ^ 0xA409_3822_299F_31D0);
        self.word = 0;
        self.fill = 0;
    }

    /// The 32 lowercase hexadecimal digits of the bytes added.
    #[must_use]
    pub fn finish(mut self) -> String {
        if self.fill > 0 {
            self.block();
        }
        let a = mix64(self.a ^ self.len);
        let b = mix64(self.b ^ !self.len);
        format!("{a:016x}{b:016x}")
    }
}

#[cfg(test)]
mod tests {
    use super::Digest;

    fn digest(bytes: &[u8]) -> String {
        let mut d = Digest::new();
        d.update(bytes);
        d.finish()
    }

    #[test]
    fn every_byte_and_the_length_count() {
        let text = b"reversi-perft-plan 1\nvariant reversi\n";
        let whole = digest(text);
        assert_eq!(whole.len(), 32);
        for i in 0..text.len() {
            let mut edited = text.to_vec();
            edited[i] ^= 1;
            assert_ne!(digest(&edited), whole, "byte {i}");
            assert_ne!(digest(&text[..i]), whole, "first {i}");
        }
        // Zero padding of the last word is not the same as zero bytes.
        assert_ne!(digest(b"a"), digest(b"a\0"));
        for split in 0..text.len() {
            let mut d = Digest::new();
            d.update(&text[..split]);
            d.update(&text[split..]);
            assert_eq!(d.finish(), whole, "{split}");
        }
    }
}
