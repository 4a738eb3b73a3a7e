//! A file written all or nothing: into a temporary file beside it
//! (`.<name>.tmp-<pid>-<n>`, in the same directory so that a rename moves
//! it), synced and renamed over it by [`Staged::commit`]; dropped before, the
//! temporary file is removed and the destination is untouched. For records
//! (`write`, `convert`) and the split count's plans and results, which a
//! restarted run must find whole or not at all.

use std::ffi::OsStr;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A destination and the temporary file it is written through.
pub(crate) struct Staged {
    temporary: PathBuf,
    target: PathBuf,
    file: Option<BufWriter<File>>,
}

impl Staged {
    /// The temporary file of `target`, created empty (`n` tells apart the
    /// files of one process, its threads included).
    pub(crate) fn create(target: &Path) -> std::io::Result<Staged> {
        static COUNT: AtomicU64 = AtomicU64::new(0);
        let n = COUNT.fetch_add(1, Ordering::Relaxed);
        let name = target.file_name().and_then(OsStr::to_str).unwrap_or("output");
        let dir = target.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let temporary = dir.join(format!(".{name}.tmp-{}-{n}", std::process::id()));
        let file = File::create(&temporary)?;
        Ok(Staged { temporary, target: target.to_path_buf(), file: Some(BufWriter::new(file)) })
    }

    /// The file to write.
    pub(crate) fn file(&mut self) -> &mut BufWriter<File> {
        self.file.as_mut().expect("open until committed")
    }

    /// Writes out, syncs and renames the file over its destination.
    pub(crate) fn commit(mut self) -> std::io::Result<()> {
        let mut file = self.file.take().expect("open until committed");
        let done = (|| {
            file.flush()?;
            file.get_ref().sync_all()?;
            drop(file);
            std::fs::rename(&self.temporary, &self.target)
        })();
        if done.is_err() {
            let _ = std::fs::remove_file(&self.temporary);
        }
        done
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if self.file.take().is_some() {
            let _ = std::fs::remove_file(&self.temporary);
        }
    }
}
