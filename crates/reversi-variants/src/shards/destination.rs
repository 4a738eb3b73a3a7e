//! Where the distributed count's files go: [`Destination`], a path written
//! all or nothing, by the rules of every output ([`Outputs`]: a temporary
//! file beside it, written, synced and renamed over it), and refused before
//! anything is counted or written when it names no file or is named as a
//! temporary file. [`write_plan`](super::write_plan) and
//! [`count_shard`](super::count_shard) write through it; the `reversi`
//! command and the Python package only name the path.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::error::DestinationError;
use crate::output::{Outputs, TemporaryFiles, is_temporary};

/// A plan's or a shard result's file: a path, written all or nothing.
///
/// ```
/// use std::path::Path;
/// use reversi_variants::shards::{Destination, DestinationError};
/// assert!(Destination::new("results/r3.json").check().is_ok());
/// let temporary = Destination::new("results/.r3.json.tmp-4242");
/// assert!(matches!(temporary.check(), Err(DestinationError::Temporary { .. })));
/// assert!(matches!(Destination::new("..").check(), Err(DestinationError::NotAFile { .. })));
/// # let _ = Path::new("");
/// ```
#[derive(Clone)]
pub struct Destination {
    path: PathBuf,
    tracker: Option<&'static dyn TemporaryFiles>,
}

impl std::fmt::Debug for Destination {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Destination").field("path", &self.path).field("tracked", &self.tracker.is_some()).finish()
    }
}

impl Destination {
    /// The file `path`, its temporary file told to no one.
    #[must_use]
    pub fn new(path: impl Into<PathBuf>) -> Destination {
        Destination { path: path.into(), tracker: None }
    }

    /// Tells `tracker` of the temporary file ([`Outputs::tracked`]), for a
    /// program that removes it when interrupted.
    #[must_use]
    pub fn tracked(mut self, tracker: &'static dyn TemporaryFiles) -> Destination {
        self.tracker = Some(tracker);
        self
    }

    /// The path, as given.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Refuses a path that names no file (`""`, `/`, `..`) or is named as a
    /// temporary file of a write (`.NAME.tmp-PID`: the merge refuses it, and
    /// another write of NAME removes it).
    ///
    /// # Errors
    /// [`DestinationError::NotAFile`], [`DestinationError::Temporary`].
    pub fn check(&self) -> Result<(), DestinationError> {
        let file = || self.path.clone();
        if self.path.file_name().is_none() {
            return Err(DestinationError::NotAFile { file: file() });
        }
        if is_temporary(&self.path) {
            return Err(DestinationError::Temporary { file: file() });
        }
        Ok(())
    }

    /// Writes the file all or nothing: `write` fills it, then it is synced
    /// and renamed into place; on an error the path is as it was.
    ///
    /// # Errors
    /// [`Destination::check`]'s, and [`DestinationError::Io`] when the file
    /// cannot be created, written or renamed.
    pub(crate) fn write(
        &self,
        write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
    ) -> Result<(), DestinationError> {
        self.check()?;
        let paths = std::slice::from_ref(&self.path);
        let io = |e: crate::output::OutputError| DestinationError::Io { file: e.path, source: e.source };
        let mut files = match self.tracker {
            Some(tracker) => Outputs::tracked(paths, tracker),
            None => Outputs::create(paths),
        }
        .map_err(io)?;
        files.write(0, |file| write(file)).map_err(io)?;
        files.commit().map_err(io)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_are_no_destination_are_refused() {
        for name in ["", "/", "..", "dir/.."] {
            assert!(matches!(Destination::new(name).check(), Err(DestinationError::NotAFile { .. })), "{name:?}");
        }
        for name in [".r1.json.tmp-12", "d/.plan.txt.tmp-12-3"] {
            assert!(matches!(Destination::new(name).check(), Err(DestinationError::Temporary { .. })), "{name:?}");
        }
        for name in ["r1.json", ".r1.json", "d/.plan.txt.tmp-x"] {
            assert!(Destination::new(name).check().is_ok(), "{name:?}");
        }
    }

    #[test]
    fn a_failed_write_leaves_the_file_as_it_was() {
        let dir = std::env::temp_dir().join(format!("reversi-destination-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("r0.json");
        std::fs::write(&path, "before\n").unwrap();
        let to = Destination::new(&path);
        let error = to.write(|out| {
            out.write_all(b"half")?;
            Err(std::io::Error::other("disk full"))
        });
        assert!(matches!(error, Err(DestinationError::Io { ref file, .. }) if *file == path), "{error:?}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "before\n");
        to.write(|out| out.write_all(b"after\n")).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "after\n");
        let names: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, ["r0.json"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
