//! `record_files`: a directory's record files, recursively, sorted by path,
//! other files skipped, symbolic links to directories not followed.

use std::path::PathBuf;

use reversi_notation::{ReadError, record_files};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("reversi-record-files-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn walks_sorted_skips_others_and_link_loops() {
    let dir = scratch("walk");
    std::fs::create_dir_all(dir.join("z/deeper")).unwrap();
    for file in ["b.pgn", "a.GGF", "z/deeper/c.Wtb", "z/x.txt", "notes.md", "WTHOR.JOU", "z/plan.plan"] {
        std::fs::write(dir.join(file), b"").unwrap();
    }
    #[cfg(unix)]
    std::os::unix::fs::symlink(&dir, dir.join("z/loop")).unwrap();
    let found: Vec<String> = record_files(&dir)
        .unwrap()
        .iter()
        .map(|p| p.strip_prefix(&dir).unwrap().to_string_lossy().replace('\\', "/"))
        .collect();
    assert_eq!(found, ["a.GGF", "b.pgn", "z/deeper/c.Wtb", "z/x.txt"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_directory_without_records_and_a_missing_one_are_errors_naming_them() {
    let dir = scratch("empty");
    std::fs::write(dir.join("readme.md"), b"").unwrap();
    let e = record_files(&dir).unwrap_err();
    assert!(matches!(e.kind, ReadError::Io { kind: std::io::ErrorKind::NotFound, .. }));
    assert_eq!(
        e.to_string(),
        format!("{}: a directory without record files (.txt .pgn .ggf .wtb .obf .pos .oq)", dir.display())
    );
    let missing = dir.join("missing");
    let e = record_files(&missing).unwrap_err();
    assert!(e.to_string().starts_with(&format!("{}: ", missing.display())), "{e}");
    assert!(matches!(e.kind, ReadError::Io { kind: std::io::ErrorKind::NotFound, .. }));
    std::fs::remove_dir_all(&dir).unwrap();
}
