//! A deliberately plain reference implementation of the three games: a grid of
//! cells, square by square, no bit sets. The property tests compare the engine
//! against it.

#![allow(dead_code)]

use reversi_variants::{Color, Move, Position, Square, Variant};

#[path = "../../../../tests/support/perft_table.rs"]
mod perft_table;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Cell {
    Empty,
    Hole,
    Piece(Color),
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Board {
    pub(crate) variant: Variant,
    pub(crate) width: i32,
    pub(crate) height: i32,
    pub(crate) cells: Vec<Cell>,
    pub(crate) side: Color,
}

const DIRS: [(i32, i32); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

impl Board {
    pub(crate) fn from_position(pos: &Position) -> Board {
        let g = pos.geometry();
        let (width, height) = (i32::from(g.width()), i32::from(g.height()));
        let mut cells = Vec::new();
        for r in 0..height {
            for c in 0..width {
                let sq = Square::new(c as u8, r as u8).unwrap();
                cells.push(match pos.get(sq) {
                    Some(color) => Cell::Piece(color),
                    None if g.is_hole(sq) => Cell::Hole,
                    None => Cell::Empty,
                });
            }
        }
        Board { variant: pos.variant(), width, height, cells, side: pos.side_to_move() }
    }

    pub(crate) fn at(&self, c: i32, r: i32) -> Option<Cell> {
        (c >= 0 && r >= 0 && c < self.width && r < self.height).then(|| self.cells[(r * self.width + c) as usize])
    }

    fn set(&mut self, c: i32, r: i32, cell: Cell) {
        self.cells[(r * self.width + c) as usize] = cell;
    }

    fn square(c: i32, r: i32) -> Square {
        Square::new(c as u8, r as u8).unwrap()
    }

    /// Squares flipped by a Reversi line from (c, r) for `me`.
    fn line_flips(&self, c: i32, r: i32, me: Color) -> Vec<(i32, i32)> {
        let mut flips = Vec::new();
        for (dc, dr) in DIRS {
            let mut run = Vec::new();
            let (mut x, mut y) = (c + dc, r + dr);
            loop {
                match self.at(x, y) {
                    Some(Cell::Piece(color)) if color != me => run.push((x, y)),
                    Some(Cell::Piece(_)) => {
                        flips.extend(run);
                        break;
                    }
                    _ => break,
                }
                x += dc;
                y += dr;
            }
        }
        flips
    }

    fn count(&self, color: Color) -> usize {
        self.cells.iter().filter(|&&c| c == Cell::Piece(color)).count()
    }

    /// Moves other than a pass, sorted like `Position::legal_moves`.
    pub(crate) fn moves_of(&self, me: Color) -> Vec<Move> {
        let mut moves = Vec::new();
        for r in 0..self.height {
            for c in 0..self.width {
                if self.at(c, r) != Some(Cell::Empty) {
                    continue;
                }
                match self.variant {
                    Variant::Reversi => {
                        if !self.line_flips(c, r, me).is_empty() {
                            moves.push(Move::Place(Board::square(c, r)));
                        }
                    }
                    _ => {
                        let mut clone = false;
                        for dr in -2..=2i32 {
                            for dc in -2..=2i32 {
                                if self.at(c + dc, r + dr) != Some(Cell::Piece(me)) {
                                    continue;
                                }
                                match dc.abs().max(dr.abs()) {
                                    1 => clone = true,
                                    2 => moves.push(Move::Jump {
                                        from: Board::square(c + dc, r + dr),
                                        to: Board::square(c, r),
                                    }),
                                    _ => {}
                                }
                            }
                        }
                        if clone {
                            moves.push(Move::Place(Board::square(c, r)));
                        }
                    }
                }
            }
        }
        moves.sort();
        moves
    }

    pub(crate) fn game_over(&self) -> bool {
        if self.variant != Variant::Reversi && (self.count(Color::Black) == 0 || self.count(Color::White) == 0) {
            return true;
        }
        self.moves_of(self.side).is_empty() && self.moves_of(!self.side).is_empty()
    }

    pub(crate) fn legal_moves(&self) -> Vec<Move> {
        if self.game_over() {
            return Vec::new();
        }
        let moves = self.moves_of(self.side);
        if moves.is_empty() { vec![Move::Pass] } else { moves }
    }

    pub(crate) fn play(&mut self, mv: Move) {
        let me = self.side;
        match mv {
            Move::Pass => {}
            Move::Place(to) | Move::Jump { to, .. } => {
                if let Move::Jump { from, .. } = mv {
                    self.set(i32::from(from.column()), i32::from(from.row()), Cell::Empty);
                }
                let (c, r) = (i32::from(to.column()), i32::from(to.row()));
                self.set(c, r, Cell::Piece(me));
                if self.variant != Variant::Attacks {
                    for (x, y) in self.line_flips(c, r, me) {
                        self.set(x, y, Cell::Piece(me));
                    }
                }
                if self.variant != Variant::Reversi {
                    for (dc, dr) in DIRS {
                        if let Some(Cell::Piece(color)) = self.at(c + dc, r + dr)
                            && color != me
                        {
                            self.set(c + dc, r + dr, Cell::Piece(me));
                        }
                    }
                }
            }
        }
        self.side = !me;
    }

    pub(crate) fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let wiped =
            self.variant != Variant::Reversi && (self.count(Color::Black) == 0 || self.count(Color::White) == 0);
        let moves = if wiped { Vec::new() } else { self.moves_of(self.side) };
        if moves.is_empty() {
            if wiped || depth == 1 || self.moves_of(!self.side).is_empty() {
                return 1;
            }
            let mut passed = self.clone();
            passed.play(Move::Pass);
            return passed.perft(depth - 1);
        }
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|mv| {
                let mut child = self.clone();
                child.play(mv);
                child.perft(depth - 1)
            })
            .sum()
    }

    /// The position text, as `Position`'s `Display` writes it.
    pub(crate) fn text(&self) -> String {
        let rows: Vec<String> = (0..self.height)
            .map(|r| {
                (0..self.width)
                    .map(|c| match self.at(c, r).unwrap() {
                        Cell::Empty => '-',
                        Cell::Hole => '#',
                        Cell::Piece(Color::Black) => 'X',
                        Cell::Piece(Color::White) => 'O',
                    })
                    .collect()
            })
            .collect();
        format!("{} {}", rows.join("/"), if self.side == Color::Black { 'X' } else { 'O' })
    }
}

/// The perft lines of the file at `path` (THE table reader,
/// `tests/support/perft_table.rs`): (line, variant, position, depth, leaves).
pub(crate) fn parse_perft_file(path: &str) -> Vec<(usize, Variant, Position, u32, u64)> {
    perft_table::read_perft_table(path)
        .into_iter()
        .map(|l| {
            let variant: Variant = l.variant.parse().unwrap_or_else(|e| panic!("{path}:{}: {e}", l.line));
            let position =
                Position::from_text(variant, &l.position).unwrap_or_else(|e| panic!("{path}:{}: {e}", l.line));
            (l.line, variant, position, l.depth, l.leaves)
        })
        .collect()
}
