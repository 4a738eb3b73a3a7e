//! Reads a record file through reversi-notation's one `Reader` and prints
//! how many games read: the side-by-side timing of the text readers in
//! BENCHMARKS.md ("Pastes, play-site lists and Edax books").
//!
//! ```text
//! cargo run --release --example read_lists -- make DIR   # DIR/lists.pgn, DIR/lists.oq
//! cargo run --release --example read_lists -- pgn DIR/lists.pgn
//! cargo run --release --example read_lists -- oq DIR/lists.oq
//! ```
//!
//! `make` writes PlayOK's games of data/pgn/playok.pgn repeated to 100,000
//! as PGN and as an Othello Quest list (the games of the `play-site lists`
//! benchmark of benches/notation.rs).

use reversi_rules::notation::{Format, ReadOptions, Reader, pgn, write};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [command, path] = &args[..] else {
        return Err("usage: read_lists make DIR | read_lists pgn|oq FILE".into());
    };
    if command == "make" {
        let data = concat!(env!("CARGO_MANIFEST_DIR"), "/data/pgn/playok.pgn");
        let one = pgn::read(&std::fs::read_to_string(data)?)?;
        let games: Vec<_> = one.iter().cycle().take(100_000).cloned().collect();
        std::fs::write(format!("{path}/lists.pgn"), write(Format::Pgn, &games)?)?;
        std::fs::write(format!("{path}/lists.oq"), write(Format::OthelloQuest, &games)?)?;
        return Ok(());
    }
    let format: Format = command.parse()?;
    let bytes = std::fs::read(path)?;
    let read = Reader::new(format, &bytes[..], ReadOptions::new()).filter(Result::is_ok).count();
    println!("{read}");
    Ok(())
}
