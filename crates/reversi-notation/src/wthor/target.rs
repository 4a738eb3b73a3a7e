//! Where a WTHOR database may be written: its three files, and the checks
//! that the CLI and the Python package make before writing one.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// The files a database written to `games` makes: the games, then beside
/// them `STEM.JOU` (players) and `STEM.TRN` (tournaments), where
/// [`open`](crate::open) looks for its names.
#[must_use]
pub fn database_files(games: &Path) -> [PathBuf; 3] {
    [games.to_path_buf(), games.with_extension("JOU"), games.with_extension("TRN")]
}

/// Why a database may not be written to a path ([`check_target`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TargetError {
    /// The games are named like one of their own name files (`games.JOU`,
    /// any case): the names would be written over them.
    #[error(
        "WTHOR writes its names to {} and {} beside the games, over this name: give the games a .wtb name",
        jou.display(),
        trn.display()
    )]
    NamedLikeItsNames {
        /// The players file the database would write.
        jou: PathBuf,
        /// The tournaments file the database would write.
        trn: PathBuf,
    },
    /// The games are `WTHOR.wtb` (any case) and name files `WTHOR.JOU` or
    /// `WTHOR.TRN` exist beside them: every `.wtb` there without name files
    /// of its own reads its names from those
    /// ([`wthor_name_files`](crate::wthor_name_files)), so replacing them
    /// would rename the players of other databases.
    #[error("its names would replace {}, shared by every .wtb beside them without its own", shown(existing))]
    SharedNames {
        /// The shared name files that exist.
        existing: Vec<PathBuf>,
    },
}

/// `a and b`.
fn shown(paths: &[PathBuf]) -> String {
    paths.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(" and ")
}

/// Checks, before anything is written, that a database may be written to
/// `games`: not named like its own name files, and not over the shared
/// `WTHOR.JOU`/`WTHOR.TRN` unless `replace_names`.
///
/// # Errors
/// [`TargetError::NamedLikeItsNames`] or [`TargetError::SharedNames`].
pub fn check_target(games: &Path, replace_names: bool) -> Result<(), TargetError> {
    let extension = games.extension().and_then(OsStr::to_str).unwrap_or_default();
    let [_, jou, trn] = database_files(games);
    if ["JOU", "TRN"].iter().any(|side| extension.eq_ignore_ascii_case(side)) {
        return Err(TargetError::NamedLikeItsNames { jou, trn });
    }
    let shared = games.file_stem().and_then(OsStr::to_str).is_some_and(|s| s.eq_ignore_ascii_case("WTHOR"));
    if shared && !replace_names {
        let existing: Vec<PathBuf> = [jou, trn].into_iter().filter(|f| f.exists()).collect();
        if !existing.is_empty() {
            return Err(TargetError::SharedNames { existing });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_named_like_their_names_are_refused_in_any_case() {
        for name in ["games.JOU", "games.trn", "x/games.Jou"] {
            let err = check_target(Path::new(name), true).unwrap_err();
            assert!(matches!(err, TargetError::NamedLikeItsNames { .. }), "{name}: {err}");
        }
        assert_eq!(check_target(Path::new("games.wtb"), false), Ok(()));
    }

    #[test]
    fn the_shared_names_are_replaced_only_when_asked() {
        let dir = std::env::temp_dir().join(format!("reversi-wthor-target-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let games = dir.join("wthor.wtb");
        assert_eq!(check_target(&games, false), Ok(()), "no shared names yet");
        std::fs::write(dir.join("wthor.JOU"), b"").unwrap();
        let err = check_target(&games, false).unwrap_err();
        assert_eq!(err, TargetError::SharedNames { existing: vec![dir.join("wthor.JOU")] });
        assert!(err.to_string().contains("wthor.JOU"), "{err}");
        assert_eq!(check_target(&games, true), Ok(()));
        assert_eq!(check_target(&dir.join("other.wtb"), false), Ok(()), "only WTHOR's names are shared");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
