//! Exports training data from game records: every position of every game,
//! one CSV line each, with the side to move, the move played and the final
//! disc margin from the mover's view; optionally each position under the
//! eight symmetries of the board too.
//!
//! ```text
//! cargo run --release --example training_data -- data/wthor/WTH_1980.wtb > positions.csv
//! cargo run --release --example training_data -- data/pgn/playok.pgn --symmetries > positions.csv
//! ```
//!
//! Any record format is read through the one way in, `open` (the format from
//! the extension, else the content; WTHOR's names from the files beside it),
//! game by game, so an archive of any size is processed in the memory of its
//! largest game; a game that does not read is reported with its file, line
//! and column and passed over. Lines are
//! `position,side,move,margin`: the position in the RULES.md text form
//! without its side, the side to move (`X` or `O`), the move, and the final
//! margin (the mover's discs minus the opponent's, empty squares to the
//! winner, as WTHOR and GGS count).

use std::error::Error;
use std::io::{BufWriter, Write};

use reversi_rules::notation::{Passes, Record, open, plies, replay};
use reversi_rules::variants::{Color, Move, Position, Symmetry};

fn main() -> Result<(), Box<dyn Error>> {
    let mut args = std::env::args().skip(1);
    let path = args.next().ok_or("usage: training_data FILE [--symmetries]")?;
    let symmetries = args.next().as_deref() == Some("--symmetries");
    let mut out = BufWriter::new(std::io::stdout().lock());
    let (mut games_done, mut lines, mut skipped) = (0u64, 0u64, 0u64);
    // Each game lent in turn, in one record whose buffers the next reuses.
    let mut reader = open(&path)?;
    while let Some(record) = reader.next_record() {
        let exported = record.map_err(Box::<dyn Error>::from).and_then(|r| export_game(r, symmetries, &mut out));
        match exported {
            Ok(n) => (games_done, lines) = (games_done + 1, lines + n),
            Err(e) => {
                eprintln!("skipped: {e}");
                skipped += 1;
            }
        }
    }
    out.flush()?;
    eprintln!("{games_done} games, {lines} lines, {skipped} games skipped");
    Ok(())
}

/// Writes the lines of one game; returns how many.
fn export_game(record: &Record, symmetries: bool, out: &mut impl Write) -> Result<u64, Box<dyn Error>> {
    // The final margin first: the game is replayed once to its end.
    let last = replay(record, Passes::Infer)?.position;
    let score = if last.is_game_over() { last.score_empties_to_winner() } else { last.score() };
    let mut lines = 0;
    let mut steps = plies(record, Passes::Infer)?;
    while let Some(step) = steps.next_ply() {
        let step = step?;
        let margin = score.margin(step.before.side_to_move());
        let images: &[Symmetry] = if symmetries { &Symmetry::ALL } else { &[Symmetry::Identity] };
        for &s in images {
            // A board without the symmetry (say, a rectangle) keeps only the
            // images it has.
            let (Some(pos), Some(mv)) = (step.before.transform(s), map_move(step.before, s, step.mv)) else {
                continue;
            };
            let text = pos.to_string();
            let board = text.rsplit_once(' ').map_or(text.as_str(), |(board, _)| board);
            let side = if pos.side_to_move() == Color::Black { 'X' } else { 'O' };
            writeln!(out, "{board},{side},{mv},{margin}")?;
            lines += 1;
        }
    }
    Ok(lines)
}

/// The image of a move under a symmetry of the position's board.
fn map_move(pos: &Position, s: Symmetry, mv: Move) -> Option<Move> {
    let map = |sq| pos.geometry().map(s, sq);
    Some(match mv {
        Move::Place(sq) => Move::Place(map(sq)?),
        Move::Jump { from, to } => Move::Jump { from: map(from)?, to: map(to)? },
        Move::Pass => Move::Pass,
    })
}
