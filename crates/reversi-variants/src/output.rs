//! Files written all or nothing: what the `reversi` command and the Python
//! package write (records, a WTHOR database's name files, split plans and
//! results), by one set of rules. It lives here, in the lowest crate that
//! writes files (the plans and results of the distributed count, module
//! `shards`), and reversi-notation re-exports it for its records.
//!
//! Each destination is written to a temporary file beside it
//! (`.<name>.tmp-<pid>`, `-1`, `-2`... when taken; never an existing file),
//! which [`Outputs::commit`] syncs and renames over it, in the order given.
//! Dropped before, the temporary files are removed and the destinations are
//! untouched. A temporary name starts with a dot and ends in digits, so that
//! no pattern of the destinations' names (`r*.json`, `*.pgn`) matches it;
//! [`is_temporary`] recognises it (the shards' `merge` refuses one).
//!
//! The writer holds its temporary file locked ([`File::try_lock`]) until it
//! is renamed or removed. A process killed outright (`SIGKILL`, a power cut)
//! cannot remove its temporary files, but the lock goes with it: the next
//! write of the same destination removes that destination's temporary files
//! that no process holds (its own process's excepted), so a run started
//! again over the same files leaves none behind. On a file system without
//! locks nothing is removed. A destination that is a symbolic link is followed: its target
//! is replaced, the link kept. A destination that exists and is not a
//! regular file (`/dev/null`, `/dev/stdout`, a FIFO), or is a descriptor
//! (`/dev/fd/N`), is written straight through, as the bytes come: renaming
//! over it would replace a device by a regular file. A replaced file keeps
//! its permissions (best effort).
//!
//! What is left to chance: several destinations are renamed one by one, so
//! a rename that fails after the first (every byte is written and synced by
//! then, but a destination's directory removed meanwhile can make one fail)
//! leaves the earlier ones replaced; the error names the one that failed. A
//! destination written straight through has its bytes as they came even if
//! a later game fails; and a process killed outright (`SIGKILL`, a power
//! cut) leaves its temporary files until the destination is written again (a
//! [`TemporaryFiles`] tracker removes them on the signals a program can
//! catch).
//!
//! ```
//! use std::io::Write;
//! use reversi_variants::output::Outputs;
//! let dir = std::env::temp_dir().join(format!("reversi-output-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir)?;
//! let path = dir.join("games.txt");
//! let mut outputs = Outputs::create(&[path.clone()])?;
//! outputs.file(0).write_all(b"f5d6c3d3c4\n")?;
//! assert!(!path.exists()); // nothing until committed
//! outputs.commit()?;
//! assert_eq!(std::fs::read_to_string(&path)?, "f5d6c3d3c4\n");
//! # std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// A failure to write a destination: its path as given, and the cause.
#[derive(Debug, thiserror::Error)]
#[error("{}: {source}", path.display())]
pub struct OutputError {
    /// The destination, as given to [`Outputs::create`].
    pub path: PathBuf,
    /// What failed (`ErrorKind::IsADirectory` for a directory).
    pub source: std::io::Error,
}

/// Told of each temporary file from its creation until it is renamed into
/// place or removed, so that a program can remove the ones in flight when it
/// is interrupted (the `reversi` command does on Ctrl-C and SIGTERM).
pub trait TemporaryFiles: Sync {
    /// `temporary` is about to be created: told before the file exists, so
    /// that a signal at any moment after its creation finds it listed (it
    /// is forgotten through [`TemporaryFiles::finish`] if it cannot be made).
    fn track(&self, temporary: &Path);
    /// Runs `finish` (the rename of `temporary` into place, or its removal);
    /// `temporary` is no longer in flight afterwards.
    ///
    /// # Errors
    /// `finish`'s.
    fn finish(&self, temporary: &Path, finish: &mut dyn FnMut() -> std::io::Result<()>) -> std::io::Result<()>;
}

/// No one to tell.
struct Untracked;

impl TemporaryFiles for Untracked {
    fn track(&self, _: &Path) {}

    fn finish(&self, _: &Path, finish: &mut dyn FnMut() -> std::io::Result<()>) -> std::io::Result<()> {
        finish()
    }
}

/// Destinations being written, all or nothing (module docs).
pub struct Outputs {
    /// Destination (as named), the temporary file and the file it replaces
    /// (`None`: written straight through), and the file open.
    files: Vec<(PathBuf, Option<Replacing>, BufWriter<File>)>,
    tracker: &'static dyn TemporaryFiles,
}

/// A temporary file, and the file it is renamed over at the end.
type Replacing = (PathBuf, PathBuf);

/// How an output reaches its destination.
enum Route {
    /// Through a temporary file beside this path (the destination, its
    /// symbolic links followed), renamed over it.
    Replace(PathBuf),
    /// Opened and written as it is.
    Through,
}

/// How `path` is written: straight through when it is a descriptor or
/// exists and is no regular file, else by replacing what its links lead to.
fn route(path: &Path) -> Route {
    let descriptor = ["/dev/fd/", "/proc/self/fd/"].iter().any(|dir| path.starts_with(dir));
    if descriptor || std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Route::Through;
    }
    // Links followed to the file they name (which may not exist yet); at most
    // 40, as the system follows them.
    let mut target = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::read_link(&target) {
            Ok(next) => target = target.parent().unwrap_or(Path::new("")).join(next),
            Err(_) => break,
        }
    }
    Route::Replace(target)
}

impl Outputs {
    /// The temporary files of `paths` (or the destinations written straight
    /// through), created empty.
    ///
    /// # Errors
    /// The destination that is a directory, or whose temporary file cannot
    /// be created (the ones created before are removed).
    pub fn create(paths: &[PathBuf]) -> Result<Outputs, OutputError> {
        Outputs::tracked(paths, &Untracked)
    }

    /// [`Outputs::create`], telling `tracker` of each temporary file.
    ///
    /// # Errors
    /// As [`Outputs::create`].
    pub fn tracked(paths: &[PathBuf], tracker: &'static dyn TemporaryFiles) -> Result<Outputs, OutputError> {
        let error = |path: &Path, source| OutputError { path: path.to_path_buf(), source };
        for path in paths {
            if std::fs::metadata(path).is_ok_and(|m| m.is_dir()) {
                let source = std::io::Error::new(std::io::ErrorKind::IsADirectory, "is a directory");
                return Err(error(path, source));
            }
        }
        let mut outputs = Outputs { files: Vec::with_capacity(paths.len()), tracker };
        for path in paths {
            let (replaced, file) = match route(path) {
                Route::Through => {
                    // A regular file behind a descriptor starts empty, as `>` leaves it.
                    let regular = std::fs::metadata(path).is_ok_and(|m| m.is_file());
                    let file = std::fs::OpenOptions::new().write(true).truncate(regular).open(path);
                    (None, file.map_err(|e| error(path, e))?)
                }
                Route::Replace(target) => {
                    let (temporary, file) = create_temporary(&target, tracker).map_err(|e| error(path, e))?;
                    remove_stale(&target);
                    if let Ok(existing) = std::fs::metadata(&target) {
                        // Best effort: the new file is readable as the old one was.
                        let _ = file.set_permissions(existing.permissions());
                    }
                    (Some((temporary, target)), file)
                }
            };
            outputs.files.push((path.clone(), replaced, BufWriter::with_capacity(64 * 1024, file)));
        }
        Ok(outputs)
    }

    /// Runs `write` on the `n`th file (in the order given to
    /// [`Outputs::create`]).
    ///
    /// # Errors
    /// `write`'s error, naming the destination.
    ///
    /// # Panics
    /// When there is no `n`th file.
    pub fn write<T>(
        &mut self,
        n: usize,
        write: impl FnOnce(&mut BufWriter<File>) -> std::io::Result<T>,
    ) -> Result<T, OutputError> {
        let (path, _, file) = &mut self.files[n];
        write(file).map_err(|source| OutputError { path: path.clone(), source })
    }

    /// The `n`th file, to write to; [`Outputs::error`] names its errors.
    ///
    /// # Panics
    /// When there is no `n`th file.
    pub fn file(&mut self, n: usize) -> &mut BufWriter<File> {
        &mut self.files[n].2
    }

    /// `source`, an error writing the `n`th file, naming its destination.
    ///
    /// # Panics
    /// When there is no `n`th file.
    #[must_use]
    pub fn error(&self, n: usize, source: std::io::Error) -> OutputError {
        OutputError { path: self.files[n].0.clone(), source }
    }

    /// Writes out and syncs every file, then renames each over its
    /// destination, in order.
    ///
    /// # Errors
    /// The destination that cannot be written or renamed (the temporary
    /// files not renamed yet are removed).
    pub fn commit(mut self) -> Result<(), OutputError> {
        for (path, replaced, file) in &mut self.files {
            let error = |source| OutputError { path: path.clone(), source };
            file.flush().map_err(error)?;
            // Only a file to rename is synced: a device or a pipe may not be.
            if replaced.is_some() {
                file.get_ref().sync_all().map_err(error)?;
            }
        }
        while !self.files.is_empty() {
            let (path, replaced, file) = self.files.remove(0);
            let Some((temporary, target)) = replaced else { continue };
            // Renamed while still open, so still locked: no other writer
            // takes it for a stale one meanwhile.
            let renamed = self.tracker.finish(&temporary, &mut || {
                std::fs::rename(&temporary, &target).inspect_err(|_| {
                    let _ = std::fs::remove_file(&temporary);
                })
            });
            drop(file);
            if let Err(source) = renamed {
                return Err(OutputError { path, source });
            }
        }
        Ok(())
    }
}

impl Drop for Outputs {
    /// Removes the temporary files not renamed into place (what their
    /// buffers hold is dropped, not written).
    fn drop(&mut self) {
        for (_, replaced, file) in self.files.drain(..) {
            // The buffer dropped, the file kept open (and locked) until
            // removed: `_file` closes at the end of this iteration (no
            // explicit `drop`: on wasm32 a `File` has nothing to drop).
            let (_file, _) = file.into_parts();
            if let Some((temporary, _)) = replaced {
                let _ = self.tracker.finish(&temporary, &mut || std::fs::remove_file(&temporary));
            }
        }
    }
}

/// A new file beside `path` to write it through, locked: `.<name>.tmp-<pid>`,
/// or with `-1`, `-2`, ... added if that name is taken (never an existing
/// file). `tracker` is told of each name before it is created, and told to
/// forget the names that could not be had.
fn create_temporary(path: &Path, tracker: &dyn TemporaryFiles) -> std::io::Result<(PathBuf, File)> {
    let dir = path.parent().unwrap_or(Path::new(""));
    let name = path.file_name().unwrap_or(path.as_os_str()).to_string_lossy();
    let pid = std::process::id();
    let mut attempt = 0;
    loop {
        let suffix = if attempt == 0 { String::new() } else { format!("-{attempt}") };
        let temporary = dir.join(format!(".{name}.tmp-{pid}{suffix}"));
        tracker.track(&temporary);
        let created = std::fs::OpenOptions::new().write(true).create_new(true).open(&temporary);
        let ours = created.as_ref().is_ok_and(|file| locked(&temporary, file));
        if !ours {
            // Not ours after all: forgotten, not removed.
            let _ = tracker.finish(&temporary, &mut || Ok(()));
        }
        match created {
            Ok(file) if ours => return Ok((temporary, file)),
            // Taken for a stale file by another writer between the two: gone
            // or going; another name.
            Ok(_) if attempt < 100 => attempt += 1,
            Ok(_) => return Err(std::io::Error::other("temporary files taken by other writers")),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && attempt < 100 => attempt += 1,
            Err(e) => return Err(e),
        }
    }
}

/// Locks `file`, just created as `temporary`: `false` when another writer
/// holds it (to remove it as stale) or removed it before the lock; `true`
/// when locked, or when the file system has no locks.
fn locked(temporary: &Path, file: &File) -> bool {
    match file.try_lock() {
        Ok(()) => same_file(temporary, file),
        Err(std::fs::TryLockError::WouldBlock) => false,
        Err(std::fs::TryLockError::Error(_)) => true,
    }
}

/// Whether `path` still names `file`.
#[cfg(unix)]
fn same_file(path: &Path, file: &File) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::symlink_metadata(path), file.metadata()) {
        (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
        _ => false,
    }
}

/// Whether `path` still names `file` (it exists).
#[cfg(not(unix))]
fn same_file(path: &Path, _: &File) -> bool {
    std::fs::symlink_metadata(path).is_ok()
}

/// Whether `path` is named as a temporary file of [`Outputs`]:
/// `.<name>.tmp-<pid>` or `.<name>.tmp-<pid>-<n>` (digits), for any name.
///
/// ```
/// use std::path::Path;
/// use reversi_variants::output::is_temporary;
/// assert!(is_temporary(Path::new("results/.r13.json.tmp-31547")));
/// assert!(is_temporary(Path::new(".r13.json.tmp-31547-2")));
/// assert!(!is_temporary(Path::new("results/r13.json")));
/// assert!(!is_temporary(Path::new(".r13.json.tmp-x")));
/// ```
#[must_use]
pub fn is_temporary(path: &Path) -> bool {
    path.file_name().and_then(|name| name.to_str()).is_some_and(|name| temporary_of(name).is_some())
}

/// The destination's name and the pid of the temporary file named `name`.
fn temporary_of(name: &str) -> Option<(&str, u32)> {
    let (destination, tail) = name.strip_prefix('.')?.rsplit_once(".tmp-")?;
    let (pid, attempt) = tail.split_once('-').unwrap_or((tail, "0"));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if destination.is_empty() || !digits(pid) || !digits(attempt) {
        return None;
    }
    Some((destination, pid.parse().ok()?))
}

/// Removes the temporary files of `target` that their writers left: named
/// as [`is_temporary`] says for `target`'s name, regular files, of another
/// process than this one, that no process holds locked. Best effort: what
/// cannot be read, locked or removed is left.
fn remove_stale(target: &Path) {
    let (Some(dir), Some(name)) = (target.parent(), target.file_name()) else { return };
    let Some(name) = name.to_str() else { return };
    let dir = if dir.as_os_str().is_empty() { Path::new(".") } else { dir };
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let pid = std::process::id();
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(candidate) = file_name.to_str() else { continue };
        if !temporary_of(candidate).is_some_and(|(destination, owner)| destination == name && owner != pid) {
            continue;
        }
        let path = entry.path();
        if !std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_file()) {
            continue;
        }
        let Ok(file) = File::open(&path) else { continue };
        if file.try_lock().is_ok() {
            // Removed while locked, so that a writer that has just created
            // it fails to lock it and takes another name.
            let _ = std::fs::remove_file(&path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes a set of files all or nothing, given all their bytes at once.
    fn write_atomically(files: &[(&Path, &[u8])]) -> Result<(), OutputError> {
        let paths: Vec<PathBuf> = files.iter().map(|&(path, _)| path.to_path_buf()).collect();
        let mut outputs = Outputs::create(&paths)?;
        for (n, &(_, bytes)) in files.iter().enumerate() {
            outputs.write(n, |file| file.write_all(bytes))?;
        }
        outputs.commit()
    }

    /// A new directory `name-<pid>` under the target directory, beside the
    /// test binary.
    fn scratch(name: &str) -> PathBuf {
        let exe = std::env::current_exe().unwrap();
        let dir = exe.parent().unwrap().join(format!("{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_set_of_files_is_written_all_or_nothing() {
        let dir = scratch("atomic");
        let (a, b) = (dir.join("a.txt"), dir.join("b.txt"));
        std::fs::write(&a, "old a").unwrap();
        // The second file's directory does not exist: the first is written to
        // its temporary file, which goes again; `a` stays as it was.
        let missing = dir.join("missing/c.txt");
        let failure = write_atomically(&[(&a, b"new a"), (&b, b"new b"), (&missing, b"c")]).unwrap_err();
        assert_eq!(failure.path, missing);
        assert!(failure.to_string().starts_with(&format!("{}: ", missing.display())), "{failure}");
        assert_eq!(std::fs::read(&a).unwrap(), b"old a");
        let names = |dir: &Path| {
            let mut names: Vec<String> =
                std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
            names.sort();
            names
        };
        assert_eq!(names(&dir), ["a.txt"]);
        // A temporary name already taken is left alone.
        let taken = dir.join(format!(".b.txt.tmp-{}", std::process::id()));
        std::fs::write(&taken, "someone else's").unwrap();
        write_atomically(&[(&a, b"new a"), (&b, b"new b")]).unwrap();
        assert_eq!((std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap()), (b"new a".to_vec(), b"new b".to_vec()));
        assert_eq!(std::fs::read(&taken).unwrap(), b"someone else's");
        assert_eq!(names(&dir).len(), 3);
        // A directory is refused before anything is created.
        let e = write_atomically(&[(&a, b"x"), (&dir, b"y")]).unwrap_err();
        assert_eq!((e.path.as_path(), e.source.kind()), (dir.as_path(), std::io::ErrorKind::IsADirectory));
        assert_eq!(std::fs::read(&a).unwrap(), b"new a");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn stale_temporaries_of_the_destination_are_removed() {
        let dir = scratch("stale");
        let result = dir.join("r13.json");
        // Left by writers killed outright (no lock held any more), a writer
        // still at work (its file locked), this process, other files.
        let stale = [".r13.json.tmp-999999", ".r13.json.tmp-999998-3"];
        let kept = [".r13.json.tmp-888888", ".r3.json.tmp-999999", ".r13.json.tmp-12x", ".r13.json.tmp-"];
        for name in stale.iter().chain(&kept) {
            std::fs::write(dir.join(name), "{\"partial\":").unwrap();
        }
        let own = format!(".r13.json.tmp-{}-7", std::process::id());
        std::fs::write(dir.join(&own), "").unwrap();
        std::fs::create_dir(dir.join(".r13.json.tmp-777777")).unwrap();
        let live = File::open(dir.join(kept[0])).unwrap();
        live.lock().unwrap();
        let mut outputs = Outputs::create(std::slice::from_ref(&result)).unwrap();
        // The new temporary file: not a name any pattern of results matches.
        let temporary = outputs.files[0].1.as_ref().unwrap().0.clone();
        let name = temporary.file_name().unwrap().to_str().unwrap();
        assert!(is_temporary(&temporary) && name.starts_with('.') && !name.ends_with(".json"), "{name}");
        // Held locked: another writer of the destination leaves it.
        let probe = File::open(&temporary).unwrap();
        assert!(matches!(probe.try_lock(), Err(std::fs::TryLockError::WouldBlock)));
        outputs.write(0, |file| file.write_all(b"{}\n")).unwrap();
        outputs.commit().unwrap();
        let mut names: Vec<String> =
            std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        names.sort();
        let mut expected: Vec<String> = kept.iter().map(|s| s.to_string()).collect();
        expected.extend([own, ".r13.json.tmp-777777".to_string(), "r13.json".to_string()]);
        expected.sort();
        assert_eq!(names, expected);
        drop(live);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn temporary_names_are_recognised() {
        for name in [".r13.json.tmp-31547", ".a.tmp-1-2", "..tmp-1.tmp-5"] {
            assert!(is_temporary(Path::new(name)), "{name}");
        }
        for name in
            ["r13.json", ".r13.json", ".r13.json.tmp-", ".r13.json.tmp-1-", ".tmp-5", "r.json.tmp-5", ".r.tmp-1x"]
        {
            assert!(!is_temporary(Path::new(name)), "{name}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn links_are_followed_and_devices_written_through() {
        let dir = scratch("through");
        let (target, link) = (dir.join("target.txt"), dir.join("link.txt"));
        std::fs::write(&target, "old").unwrap();
        std::os::unix::fs::symlink("target.txt", &link).unwrap();
        write_atomically(&[(&link, b"new")]).unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link is kept");
        assert_eq!(std::fs::read(&target).unwrap(), b"new");
        // A device is written, not replaced (no temporary file beside it).
        write_atomically(&[(Path::new("/dev/null"), b"gone")]).unwrap();
        assert!(!std::fs::metadata("/dev/null").unwrap().is_file());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
