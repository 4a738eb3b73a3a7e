//! A freestanding binary using reversi-core and the facade without its default
//! features: `cargo check` fails if anything in
//! reversi-core's dependency graph links std (two `panic_impl` definitions).
#![no_std]
#![no_main]

use core::panic::PanicInfo;

use reversi_core::{Move, Position, Square, perft};

#[panic_handler]
fn panic(_: &PanicInfo<'_>) -> ! {
    loop {}
}

/// Entry point for a freestanding target; uses the API so it is linked in.
#[unsafe(no_mangle)]
pub extern "C" fn reversi_nostd_check() -> u64 {
    let mut pos = Position::start();
    let _ = pos.play(Move::Place(Square::F5));
    perft(&pos, 3) + pos.hash() + reversi_rules::othello::perft(&pos, 1)
}
