//! notation's `paste`: any text is recognised or refused with a located
//! error, never a panic; what it recognises replays, and its final position
//! pasted again (as RULES.md text) is the same position. And
//! `paste_position`, THE reading of every front end's position argument: it
//! takes whatever `paste` recognises, to the same position, and refuses
//! only what `paste` refuses.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi_notation::{PasteError, PositionArgError, paste, paste_position};
use reversi_variants::Variant;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let argument = paste_position(Variant::Reversi, &text);
    match (&argument, paste(&text)) {
        (Ok(pos), Ok(pasted)) => assert_eq!(Some(pos), pasted.position().ok().as_ref(), "{text:?}"),
        (Err(e), Ok(_)) => panic!("{text:?}: paste reads it, the position argument refuses it: {e}"),
        (Err(PositionArgError::Position(_)), Err(PasteError::Syntax(_))) | (_, Err(_)) => {}
    }
    if let Ok(pos) = argument {
        assert_eq!(paste_position(Variant::Reversi, &pos.to_string()).as_ref(), Ok(&pos));
    }
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
