//! The GTP and NBoard servers of reversi-engine over any input: each line is
//! answered without a panic, a GTP answer is one `=` or `?` block ending in
//! an empty line, every answer ends its lines, and the position served
//! always prints as text that reads back as the same position (`set game`,
//! `boardsize` and `undo` may change it, never into something else).
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi_engine::{BuiltinPolicy, Seeded, SplitMix64, gtp, nboard};
use reversi_variants::{Geometry, Position, Variant};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let player = if data.first().is_some_and(|b| b & 1 == 1) { BuiltinPolicy::Greedy } else { BuiltinPolicy::Random };
    let start = Position::start(Variant::Reversi, Geometry::standard()).expect("the 8x8 start");
    let policy = || Seeded::new(player, SplitMix64::new(7));

    let mut server = gtp::Server::new(policy(), start);
    for line in text.lines() {
        let (answer, quit) = server.answer(line);
        if !answer.is_empty() {
            assert!(answer.starts_with('=') || answer.starts_with('?'), "GTP answer {answer:?} to {line:?}");
            assert!(answer.ends_with("\n\n"), "GTP answer {answer:?} to {line:?}");
        }
        check(server.position(), "GTP");
        if quit {
            break;
        }
    }

    let mut server = nboard::Server::new(policy(), start);
    for line in text.lines() {
        let (answer, quit) = server.answer(line);
        assert!(answer.is_empty() || answer.ends_with('\n'), "NBoard answer {answer:?} to {line:?}");
        check(server.position(), "NBoard");
        if quit {
            break;
        }
    }
});

/// The position prints as text that reads back as itself.
fn check(pos: &Position, protocol: &str) {
    let shown = pos.to_string();
    let back = Position::from_text(pos.variant(), &shown).map(|p| p.to_string());
    assert_eq!(back.as_deref(), Ok(shown.as_str()), "{protocol} position");
}
