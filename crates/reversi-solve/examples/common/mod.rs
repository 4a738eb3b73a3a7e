//! What the examples that read WTHOR games share: the games of a directory
//! in a fixed order, their replay and the OBF form of a position.

use std::path::{Path, PathBuf};

use reversi_core::{Move, Position, Square};
use reversi_notation::wthor;

/// The games of every `.wtb` file of `dir`: files in name order, games in
/// file order.
pub(crate) fn games(dir: &Path) -> Result<Vec<wthor::Entry>, Box<dyn std::error::Error>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x.eq_ignore_ascii_case("wtb")))
        .collect();
    files.sort();
    let mut games = Vec::new();
    for file in files {
        games.extend(wthor::read_games(&std::fs::read(&file)?)?.games);
    }
    Ok(games)
}

/// The game's positions in order (a forced pass played before the next
/// move); `None` when a move is illegal.
pub(crate) fn replay(game: &wthor::Entry) -> Option<Vec<Position>> {
    let mut position = Position::start();
    let mut positions = vec![position];
    for mv in game.moves() {
        let square = mv.to_string().parse::<Square>().ok()?;
        if position.must_pass() {
            position.pass().ok()?;
        }
        position.play(Move::Place(square)).ok()?;
        positions.push(position);
    }
    Some(positions)
}

/// The number of empty squares.
pub(crate) fn empties(position: &Position) -> u32 {
    position.board().empty().len() as u32
}

/// The 64-square OBF form: a1 to h8, `X` Black, `O` White, `-` empty; then
/// the side to move.
pub(crate) fn obf(position: &Position) -> String {
    let (p, o) = (position.player().0, position.opponent().0);
    let black_to_move = position.side_to_move() == reversi_core::Color::Black;
    let (mine, theirs) = if black_to_move { ('X', 'O') } else { ('O', 'X') };
    let board: String = (0..64)
        .map(|i| {
            if p >> i & 1 != 0 {
                mine
            } else if o >> i & 1 != 0 {
                theirs
            } else {
                '-'
            }
        })
        .collect();
    format!("{board} {}", if black_to_move { 'X' } else { 'O' })
}
