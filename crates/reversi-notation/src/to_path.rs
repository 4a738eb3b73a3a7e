//! Records to a path, once, for every front end: the checks before anything
//! is written (an output that is one of the inputs, a WTHOR database over its
//! own or shared name files), the files a format writes (WTHOR's three), all
//! or nothing through [`Outputs`], and what the format dropped ([`Losses`]).
//! The `reversi` command (`convert`, `play`) and Python's `write` and
//! `convert` call [`write_path`], and a conversion gives each game to it as
//! [`convert_record`] says; they keep only their arguments and their
//! messages.

use std::convert::Infallible;
use std::path::{Path, PathBuf};

use crate::wthor::{self, TargetError};
use crate::{
    EncodeError, Encoder, Format, Losses, OutputError, Outputs, Passes, Record, ReplayError, TemporaryFiles,
    WriteError, replay, with_passes,
};

/// How [`write_path`] checks and writes: `PathOptions::new()` refuses to
/// replace shared WTHOR name files, knows no input, tells no one of its
/// temporary files.
#[derive(Clone, Copy, Default)]
pub struct PathOptions<'a> {
    replace_names: bool,
    inputs: &'a [PathBuf],
    tracker: Option<&'static dyn TemporaryFiles>,
}

impl std::fmt::Debug for PathOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PathOptions")
            .field("replace_names", &self.replace_names)
            .field("inputs", &self.inputs)
            .field("tracked", &self.tracker.is_some())
            .finish()
    }
}

impl<'a> PathOptions<'a> {
    /// The defaults (the type's docs).
    #[must_use]
    pub const fn new() -> PathOptions<'a> {
        PathOptions { replace_names: false, inputs: &[], tracker: None }
    }

    /// Whether a database named `WTHOR.wtb` may write over the shared
    /// `WTHOR.JOU` and `WTHOR.TRN` beside it ([`wthor::check_target`]).
    #[must_use]
    pub const fn replace_names(mut self, replace: bool) -> PathOptions<'a> {
        self.replace_names = replace;
        self
    }

    /// The files the records are read from: no output file may be one of
    /// them (the same file, however named).
    #[must_use]
    pub const fn inputs(mut self, inputs: &'a [PathBuf]) -> PathOptions<'a> {
        self.inputs = inputs;
        self
    }

    /// Tells `tracker` of each temporary file ([`Outputs::tracked`]), for a
    /// program that removes them when it is interrupted.
    #[must_use]
    pub const fn tracked(mut self, tracker: &'static dyn TemporaryFiles) -> PathOptions<'a> {
        self.tracker = Some(tracker);
        self
    }
}

/// Why records were not written to a path: nothing was (every destination
/// is as it was). `E` is the records' own error, passed on.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PathError<E = Infallible> {
    /// An output file is one of the inputs. The message leaves `path` to
    /// the caller, who names it as its user gave it (`-o games.pgn`), as it
    /// does for [`PathError::Wthor`].
    #[error("{}", is_an_input(path, output, input))]
    IsAnInput {
        /// The path written to.
        path: PathBuf,
        /// The output file ([`output_files`]: the path, or one of WTHOR's name files).
        output: PathBuf,
        /// The input it is, as given.
        input: PathBuf,
    },
    /// A WTHOR database that may not be written there.
    #[error(transparent)]
    Wthor(TargetError),
    /// A game the format cannot hold.
    #[error(transparent)]
    Write(WriteError),
    /// A destination that cannot be created, written or renamed into place.
    #[error(transparent)]
    Output(OutputError),
    /// The records' error (a game that did not read, say).
    #[error("{0}")]
    Records(E),
}

impl PathError {
    /// This error, of records whose error is `E`.
    #[must_use]
    pub fn widen<E>(self) -> PathError<E> {
        match self {
            PathError::IsAnInput { path, output, input } => PathError::IsAnInput { path, output, input },
            PathError::Wthor(e) => PathError::Wthor(e),
            PathError::Write(e) => PathError::Write(e),
            PathError::Output(e) => PathError::Output(e),
            PathError::Records(never) => match never {},
        }
    }
}

impl<E> PathError<E> {
    /// The records' own error apart (`Err`), else this error of the path
    /// (`Ok`), whose message then needs no `E`: a front end passes the one
    /// on and maps the other.
    ///
    /// # Errors
    /// [`PathError::Records`]'s error.
    pub fn narrow(self) -> Result<PathError, E> {
        match self {
            PathError::IsAnInput { path, output, input } => Ok(PathError::IsAnInput { path, output, input }),
            PathError::Wthor(e) => Ok(PathError::Wthor(e)),
            PathError::Write(e) => Ok(PathError::Write(e)),
            PathError::Output(e) => Ok(PathError::Output(e)),
            PathError::Records(e) => Err(e),
        }
    }
}

/// The files records written to `path` in `format` make: `path`, and for
/// WTHOR `STEM.JOU` and `STEM.TRN` beside it ([`wthor::database_files`]).
#[must_use]
pub fn output_files(path: &Path, format: Format) -> Vec<PathBuf> {
    match format {
        Format::Wthor => wthor::database_files(path).to_vec(),
        _ => vec![path.to_path_buf()],
    }
}

/// Checks, before anything is read or written, that records may be written
/// to `path` in `format`: no output file is one of `options`' inputs, then
/// for WTHOR [`wthor::check_target`].
///
/// # Errors
/// [`PathError::IsAnInput`] or [`PathError::Wthor`].
pub fn check_path(path: &Path, format: Format, options: &PathOptions<'_>) -> Result<(), PathError> {
    for output in output_files(path, format) {
        not_an_input(path, output, options.inputs)?;
    }
    // After the clashes with the inputs: writing over an input is the
    // clearer refusal when a name file is one.
    if format == Format::Wthor {
        wthor::check_target(path, options.replace_names).map_err(PathError::Wthor)?;
    }
    Ok(())
}

/// Checks that the one file `path` is none of `inputs` (the same file,
/// however named): [`check_path`]'s first check, for a writer of another
/// kind of file (Python's `.npz` output).
///
/// # Errors
/// [`PathError::IsAnInput`].
pub fn check_inputs(path: &Path, inputs: &[PathBuf]) -> Result<(), PathError> {
    not_an_input(path, path.to_path_buf(), inputs)
}

/// Refuses `output`, one of the files written to `path`, when it is one of
/// `inputs`.
fn not_an_input(path: &Path, output: PathBuf, inputs: &[PathBuf]) -> Result<(), PathError> {
    match inputs.iter().find(|input| same_file(&output, input)) {
        Some(input) => Err(PathError::IsAnInput { path: path.to_path_buf(), output, input: input.clone() }),
        None => Ok(()),
    }
}

/// [`PathError::IsAnInput`]'s message: `this is the input IN` when the
/// output is the path itself, else `OUT would overwrite the input IN`.
fn is_an_input(path: &Path, output: &Path, input: &Path) -> String {
    let input = input.display();
    if output == path {
        format!("this is the input {input}: write to another file")
    } else {
        format!("{} would overwrite the input {input}: write to another file", output.display())
    }
}

/// Whether `a` and `b` are the same existing file (symbolic links and `..`
/// resolved, so any spelling of a path counts).
fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Writes `records` to `path` in `format`, each as it comes, all or nothing,
/// and says what the format could not hold. [`check_path`] first; then the
/// files of [`output_files`] through [`Outputs`] (temporary files renamed
/// over the destinations once every game is written); WTHOR through a
/// [`wthor::Writer`], its names after the games; every other format through
/// an [`Encoder`]. Nothing is held but the game at hand (and WTHOR's names).
/// The first error of `records`, or the first game the format cannot hold,
/// stops it: nothing is written.
///
/// ```
/// use std::convert::Infallible;
/// use reversi_notation::{Format, PathError, PathOptions, transcript, write_path};
/// use reversi_variants::{Geometry, Variant};
///
/// let dir = std::env::temp_dir().join(format!("write-path-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let games = transcript::read("f5d6c3d3c4", Variant::Reversi, Geometry::standard())?;
/// let records = || games.iter().cloned().map(Ok::<_, Infallible>);
/// let path = dir.join("games.wtb");
/// write_path(&path, Format::Wthor, records(), &PathOptions::new())?;
/// assert!(dir.join("games.JOU").exists() && dir.join("games.TRN").exists());
/// // An output that is its own input is refused before anything is written.
/// let inputs = [path.clone()];
/// let refused = write_path(&path, Format::Wthor, records(), &PathOptions::new().inputs(&inputs));
/// assert!(matches!(refused, Err(PathError::IsAnInput { .. })));
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`PathError`]: the check's, a game the format cannot hold
/// ([`PathError::Write`]), a destination that fails ([`PathError::Output`],
/// naming it), or the records' own ([`PathError::Records`]).
pub fn write_path<E>(
    path: &Path,
    format: Format,
    records: impl IntoIterator<Item = Result<Record, E>>,
    options: &PathOptions<'_>,
) -> Result<Losses, PathError<E>> {
    check_path(path, format, options).map_err(PathError::widen)?;
    let paths = output_files(path, format);
    let mut files = match options.tracker {
        Some(tracker) => Outputs::tracked(&paths, tracker),
        None => Outputs::create(&paths),
    }
    .map_err(PathError::Output)?;
    let encoded = |files: &Outputs, e: EncodeError| match e {
        EncodeError::Game(e) => PathError::Write(e),
        EncodeError::Io(e) => PathError::Output(files.error(0, e)),
        other => PathError::Output(files.error(0, std::io::Error::other(other.to_string()))),
    };
    let losses = if format == Format::Wthor {
        let mut writer = wthor::Writer::new();
        for record in records {
            writer.push(&record.map_err(PathError::Records)?, files.file(0)).map_err(|e| encoded(&files, e))?;
        }
        let (names, losses) = writer.finish(files.file(0)).map_err(|e| encoded(&files, e))?;
        files.write(1, |file| std::io::Write::write_all(file, &names.players)).map_err(PathError::Output)?;
        files.write(2, |file| std::io::Write::write_all(file, &names.tournaments)).map_err(PathError::Output)?;
        losses
    } else {
        let mut encoder = Encoder::new(format);
        for record in records {
            encoder.push(&record.map_err(PathError::Records)?, files.file(0)).map_err(|e| encoded(&files, e))?;
        }
        encoder.finish(files.file(0)).map_err(|e| encoded(&files, e))?
    };
    files.commit().map_err(PathError::Output)?;
    Ok(losses)
}

/// A game as a conversion to `target` writes it, whoever converts: replayed
/// (an illegal move stops it) with the passes as its source format writes
/// them (`passes`: [`Format::passes`] of the format it was read from), every
/// forced pass then written; for WTHOR, which stores none, the game as read,
/// so that only the passes the source wrote are reported dropped.
///
/// # Errors
/// [`ReplayError`] of the first illegal move, located in the record's file
/// ([`with_passes`], or for WTHOR [`replay`](fn@replay): the same check, no record built).
pub fn convert_record(record: Record, passes: Passes, target: Format) -> Result<Record, ReplayError> {
    if target == Format::Wthor {
        replay(&record, passes)?;
        Ok(record)
    } else {
        with_passes(&record, passes)
    }
}
