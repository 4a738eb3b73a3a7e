//! What the examples that read WTHOR games share: the games of a directory
//! in a fixed order, their replay and the OBF line of a solved position.

use std::path::{Path, PathBuf};

use reversi_core::{Move, Position, Square};
use reversi_notation::obf::ObfPosition;
use reversi_notation::wthor;
use reversi_solve::Solution;

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

/// The OBF line of `position` scored by `solution` (reversi-notation's
/// `ObfPosition`): the squares, the side to move, then the best move
/// (`PS` for a pass) and the score, as `G8:+18`.
pub(crate) fn scored_line(position: &Position, solution: &Solution<Move>) -> String {
    let best = solution.best.map_or_else(|| "PS".to_owned(), |m| m.to_string().to_uppercase());
    let line = ObfPosition { position: *position, annotations: vec![format!("{best}:{:+}", solution.score)] };
    format!("{line}\n")
}
