//! WTHOR's name files: `.JOU` (players) and `.TRN` (tournaments).

use std::collections::HashMap;
use std::io::Read;

use super::{HEADER_LEN, Header, WthorError, header, header_bytes, records};

/// The kind of a name file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Names {
    /// `.JOU`: players, 20 bytes a name.
    Players,
    /// `.TRN`: tournaments, 26 bytes a name.
    Tournaments,
}

impl Names {
    pub(crate) const fn len(self) -> usize {
        match self {
            Names::Players => 20,
            Names::Tournaments => 26,
        }
    }
}

/// Reads a name file: the names in order, NUL padding removed, bytes read as
/// Latin-1. A name is at most 19 (players) or 25 (tournaments) characters:
/// the record's last byte is its terminator, as in every WTHOR file, and a
/// character a file puts there is not read (the name could not be written
/// back as it was).
///
/// # Errors
/// [`WthorError`] for a truncated header, a header claiming more names than
/// the file holds, or bytes after the names it claims
/// ([`WthorError::TrailingNames`]: a file holds exactly its names, so nothing
/// in it goes unread).
pub fn read_names(bytes: &[u8], kind: Names) -> Result<Vec<String>, WthorError> {
    let header = header(bytes)?;
    let names = records(bytes, header.records.into(), kind.len())?;
    Ok(names.map(|r| r[..r.len() - 1].iter().take_while(|&&b| b != 0).map(|&b| char::from(b)).collect()).collect())
}

/// Reads a name file from `input` as [`read_names`] does, reading no more
/// than the file can hold: its 16-byte header, then the names the header
/// counts (at most [`MAX_NAMES`], so at most 1.7 MB) and one byte more, to
/// see that the file ends there. A file of any length (a device, a pipe, a
/// file named by mistake) is read in that bound.
///
/// # Errors
/// As [`read_names`], and [`WthorError::Io`] when `input` fails.
pub fn read_names_from(mut input: impl Read, kind: Names) -> Result<Vec<String>, WthorError> {
    let mut bytes = Vec::new();
    let mut read = |bytes: &mut Vec<u8>, limit: usize| {
        let offset = bytes.len() as u64;
        input.by_ref().take(limit as u64).read_to_end(bytes).map_err(|e| WthorError::Io {
            offset,
            kind: e.kind(),
            message: e.to_string(),
        })
    };
    read(&mut bytes, HEADER_LEN)?;
    let claimed = header(&bytes)?.records;
    read(&mut bytes, usize::from(claimed) * kind.len() + 1)?;
    read_names(&bytes, kind)
}

/// Writes a name file with this header (its record count is `names.len()`);
/// names are cut to fit and characters outside Latin-1 become `?`. The header
/// counts at most [`MAX_NAMES`] names: those after are not written
/// ([`write_records`](super::write_records) refuses more).
#[must_use]
pub fn write_names(header: &Header, names: &[String], kind: Names) -> Vec<u8> {
    let names = &names[..names.len().min(MAX_NAMES)];
    let mut header = *header;
    header.records = u16::try_from(names.len()).unwrap_or(u16::MAX);
    let mut out = header_bytes(&header).to_vec();
    for name in names {
        let mut record = vec![0u8; kind.len()];
        for (slot, c) in record.iter_mut().take(kind.len() - 1).zip(name.chars()) {
            *slot = u8::try_from(u32::from(c)).unwrap_or(b'?');
        }
        out.extend_from_slice(&record);
    }
    out
}

/// The most names a name file holds: its header counts them in a `u16`.
pub const MAX_NAMES: usize = 65_535;

/// Names numbered in order of first appearance, looked up by hash.
#[derive(Debug, Default)]
pub(crate) struct NameTable {
    pub(crate) names: Vec<String>,
    index: HashMap<String, u16>,
}

impl NameTable {
    /// The number of `name` (the empty name for none), `None` when it would be
    /// name number 65,536.
    pub(crate) fn number(&mut self, name: Option<&str>) -> Option<u16> {
        let name = name.unwrap_or_default();
        if let Some(&i) = self.index.get(name) {
            return Some(i);
        }
        if self.names.len() >= MAX_NAMES {
            return None;
        }
        let i = u16::try_from(self.names.len()).ok()?;
        self.names.push(name.to_string());
        self.index.insert(name.to_string(), i);
        Some(i)
    }
}

/// What a name reads back as from a name record of `len` bytes: Latin-1
/// (other characters as `?`), cut to leave a NUL, up to the first NUL.
pub(crate) fn fitted(name: &str, len: usize) -> String {
    let latin1 = |c: char| if u32::from(c) < 256 { c } else { '?' };
    name.chars().map(latin1).take(len - 1).take_while(|&c| c != '\0').collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_filling_its_record_reads_without_the_terminator_byte() {
        // Found by fuzzing: 20 letters in a 20-byte record read as 20
        // characters, which the writer (keeping the terminator) cut to 19.
        let header = Header { records: 1, ..Header::default() };
        let mut bytes = header_bytes(&header).to_vec();
        bytes.extend_from_slice(b"St Michel/Orge (prg)");
        let names = read_names(&bytes, Names::Players).unwrap();
        assert_eq!(names, ["St Michel/Orge (prg"]);
        let written = write_names(&header, &names, Names::Players);
        assert_eq!(read_names(&written, Names::Players).unwrap(), names);
    }

    #[test]
    fn a_name_file_holds_exactly_its_names() {
        // Bytes after the names the header counts were ignored, and any names
        // they held lost without a word.
        let header = Header { records: 1, ..Header::default() };
        let mut bytes = write_names(&header, &["Ann".to_string()], Names::Players);
        assert_eq!(read_names(&bytes, Names::Players).unwrap(), ["Ann"]);
        bytes.extend_from_slice(b"Bob");
        let err = read_names(&bytes, Names::Players).unwrap_err();
        assert_eq!(err, WthorError::TrailingNames { claimed: 1, offset: 36 });
        assert_eq!(err.to_string(), "byte 36: the file goes on after the 1 names its header claims");
    }
}
