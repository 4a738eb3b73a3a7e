//! The backends a test runs on: every one this CPU has, saying once (on
//! standard error, which `cargo test -- --nocapture` shows) which ones it
//! skips, so that a run on a CPU without AVX-512 does not pass for one that
//! tested it. Included by the tests of reversi-core and reversi-variants
//! (`#[path = ...] mod backends;`).

#![allow(dead_code)]

use std::sync::Once;

use reversi_core::Backend;

static SAID: Once = Once::new();

/// `Backend::ALL` that this CPU runs; the others named once as skipped.
pub(crate) fn available() -> impl Iterator<Item = Backend> {
    SAID.call_once(|| {
        for backend in Backend::ALL.into_iter().filter(|b| !b.is_available()) {
            eprintln!("skipped: the {} backend (this CPU lacks its instructions)", backend.name());
        }
    });
    Backend::ALL.into_iter().filter(|b| b.is_available())
}
