//! The repository's data/ and data-illegal/, for the integration tests that
//! read them (none of which the package ships: the CLI's manifest includes
//! `tests/common` and leaves this module out).

#![allow(dead_code)] // each test binary uses part of this

/// A file of the shared test data.
pub(crate) fn data(relative: &str) -> String {
    format!("{}/../../data/{relative}", env!("CARGO_MANIFEST_DIR"))
}

/// A file of `data-illegal`, beside `data`: the hand-edited records with
/// illegal games, kept out of `data` so that replaying it finds every game legal.
pub(crate) fn illegal(relative: &str) -> String {
    format!("{}/../../data-illegal/{relative}", env!("CARGO_MANIFEST_DIR"))
}

/// The files of a shared data directory ending in `extension`, sorted.
pub(crate) fn data_files(dir: &str, extension: &str) -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(data(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.unwrap().path().to_str().unwrap().to_string())
        .filter(|p| p.ends_with(extension))
        .collect();
    files.sort();
    files
}
