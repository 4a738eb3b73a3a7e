//! notation's `paste`: any text is recognised or refused with a located
//! error, never a panic; what it recognises replays, and its final position
//! pasted again (as RULES.md text) is the same position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi_notation::{PasteError, paste};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match paste(&text) {
        Ok(pasted) => {
            let end = pasted.position().expect("what paste returns replays");
            let again = paste(&end.to_string()).expect("a position's text pastes");
            assert_eq!(again.position().expect("a position replays"), end);
        }
        Err(PasteError::Syntax(e)) => assert!(e.line >= 1 && e.column >= 1, "{e:?}"),
        Err(_) => {}
    }
});
