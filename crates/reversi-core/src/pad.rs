//! Short tokens written through [`fmt::Formatter::pad`], so that width, fill,
//! alignment and precision apply to them as to a `&str`.

use core::fmt;

/// The longest text [`pad_display`] pads: a core position is 73 bytes.
const CAPACITY: usize = 80;

/// A fixed buffer that refuses text that does not fit.
struct Buffer {
    bytes: [u8; CAPACITY],
    len: usize,
}

impl fmt::Write for Buffer {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        let slot = self.bytes.get_mut(self.len..end).ok_or(fmt::Error)?;
        slot.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// Writes `args` to `f` as [`Formatter::pad`](fmt::Formatter::pad) writes a
/// string: with the width, fill, alignment and precision of `f`.
///
/// Without a width or precision the text goes straight to `f`. Text longer than
/// 80 bytes is written unpadded. This is the one padding helper of the
/// workspace's `Display` impls; it is public for reversi-variants and not part
/// of the supported API.
///
/// ```
/// use core::fmt;
/// struct Pair(u8, u8);
/// impl fmt::Display for Pair {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         reversi_core::internal::pad_display(f, format_args!("{}-{}", self.0, self.1))
///     }
/// }
/// assert_eq!(format!("[{:>7}]", Pair(38, 26)), "[  38-26]");
/// assert_eq!(format!("[{:*<6}]", Pair(1, 2)), "[1-2***]");
/// ```
///
/// # Errors
/// Whatever `f` or the formatting of `args` returns.
pub fn pad_display(f: &mut fmt::Formatter<'_>, args: fmt::Arguments<'_>) -> fmt::Result {
    if f.width().is_none() && f.precision().is_none() {
        return f.write_fmt(args);
    }
    let mut buffer = Buffer { bytes: [0; CAPACITY], len: 0 };
    if fmt::write(&mut buffer, args).is_err() {
        return f.write_fmt(args);
    }
    // Only whole `&str`s were copied in, so the bytes are UTF-8.
    match core::str::from_utf8(&buffer.bytes[..buffer.len]) {
        Ok(text) => f.pad(text),
        Err(_) => f.write_fmt(args),
    }
}
