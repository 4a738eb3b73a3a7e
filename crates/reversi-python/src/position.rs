//! `reversi_rules.Position` (`reversi_rules.perft` is the split count's:
//! split.rs).

use std::collections::HashMap;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyString;
use reversi_variants::{Color, Geometry, Move, Position, Square, StartBuilder, Symmetry, Variant};

use crate::errors::{illegal, parse_error};

/// A move's text as a Python string: a placement's (or a clone's) from one
/// table of the 676 square names made once, so that listing moves allocates
/// no string (a jump's and a pass's are made each time).
pub(crate) fn move_name(py: Python<'_>, mv: Move) -> Bound<'_, PyString> {
    match mv {
        Move::Place(sq) => square_name(py, sq),
        other => PyString::new(py, &other.to_string()),
    }
}

/// The 676 square names, made once and kept for the process's life, and
/// each name's object address: a name `moves()` handed out is known again
/// by its address alone (no object of the table is ever freed, so no other
/// object can take its address).
struct SquareNames {
    names: Vec<Py<PyString>>,
    by_address: HashMap<usize, Square>,
}

fn square_names(py: Python<'_>) -> &SquareNames {
    static SQUARES: PyOnceLock<SquareNames> = PyOnceLock::new();
    SQUARES.get_or_init(py, || {
        let squares = (0..26 * 26).map(|i| Square::new((i % 26) as u8, (i / 26) as u8).expect("26x26 squares"));
        let names: Vec<Py<PyString>> = squares.clone().map(|sq| PyString::new(py, &sq.to_string()).unbind()).collect();
        let by_address = names.iter().zip(squares).map(|(name, sq)| (name.as_ptr() as usize, sq)).collect();
        SquareNames { names, by_address }
    })
}

/// `sq`'s name from the table of the 676 square names.
fn square_name(py: Python<'_>, sq: Square) -> Bound<'_, PyString> {
    square_names(py).names[usize::from(sq.row()) * 26 + usize::from(sq.column())].bind(py).clone()
}

/// The move `mv` names: one of the table's names by its address (what
/// `moves()` gave), else the text read.
fn move_of(mv: &Bound<'_, PyAny>) -> PyResult<Move> {
    match square_names(mv.py()).by_address.get(&(mv.as_ptr() as usize)) {
        Some(&sq) => Ok(Move::Place(sq)),
        None => parse_move(&mv.extract::<PyBackedStr>()?),
    }
}

/// The Python names of the eight symmetries, in `Symmetry::ALL`'s order.
pub(crate) const SYMMETRY_NAMES: [&str; 8] = [
    "identity",
    "rotate90",
    "rotate180",
    "rotate270",
    "flip_vertical",
    "flip_horizontal",
    "flip_diagonal",
    "flip_anti_diagonal",
];

pub(crate) fn symmetry_name(s: Symmetry) -> &'static str {
    let i = Symmetry::ALL.iter().position(|&t| t == s).unwrap_or(0);
    SYMMETRY_NAMES[i]
}

fn symmetry_from_name(name: &str) -> PyResult<Symmetry> {
    SYMMETRY_NAMES
        .iter()
        .position(|&n| n == name)
        .map(|i| Symmetry::ALL[i])
        .ok_or_else(|| parse_error(format!("unknown symmetry {name:?}: expected one of {SYMMETRY_NAMES:?}")))
}

pub(crate) fn parse_variant(text: &str) -> PyResult<Variant> {
    text.parse::<Variant>().map_err(|e| parse_error(format!("{e}: {text:?}")))
}

/// The start builder of the words Python takes: reversi-variants'
/// [`StartBuilder`] reads each (a bad one is a `ParseError` naming it).
pub(crate) fn start_builder(variant: &str, board: &str, holes: &[String], first: &str) -> PyResult<StartBuilder> {
    let builder = StartBuilder::new().parse_variant(variant).and_then(|b| b.parse_board(board));
    builder.and_then(|b| b.parse_holes(holes)).and_then(|b| b.parse_first(first)).map_err(parse_error)
}

/// The board of `board` (`"8x8"`, `"octagon"`) with `holes` (square names).
pub(crate) fn parse_geometry(board: &str, holes: &[String]) -> PyResult<Geometry> {
    start_builder("reversi", board, holes, "black")?.geometry().map_err(parse_error)
}

/// The start of `variant` on `board` with `holes`, `first` to move.
pub(crate) fn start(variant: &str, board: &str, holes: &[String], first: &str) -> PyResult<Position> {
    start_builder(variant, board, holes, first)?.build().map_err(parse_error)
}

pub(crate) fn parse_move(text: &str) -> PyResult<Move> {
    text.trim().parse::<Move>().map_err(|e| parse_error(format!("{e}: {text:?}")))
}

/// The position a text names, as the CLI's `--position` reads it
/// (reversi-notation's `paste_position`: RULES.md's text, else a pasted
/// board, move list or game's end); a game of moves illegal at some ply is
/// an `IllegalMoveError`, any other text a `ParseError`.
pub(crate) fn read_position(variant: Variant, text: &str) -> PyResult<Position> {
    use reversi_notation::{PasteError, PositionArgError};
    reversi_notation::paste_position(variant, text).map_err(|e| match e {
        PositionArgError::Paste(PasteError::Illegal(_)) => illegal(e),
        _ => parse_error(e),
    })
}

/// A position argument: a `Position`, or a text of Reversi as
/// `Position(text)` reads it.
#[derive(FromPyObject)]
pub(crate) enum PositionArg<'py> {
    /// A `Position` object.
    Object(PyRef<'py, PyPosition>),
    /// A text ([`read_position`], Reversi).
    Text(PyBackedStr),
}

impl PositionArg<'_> {
    /// The position the argument names.
    pub(crate) fn get(&self) -> PyResult<Position> {
        match self {
            PositionArg::Object(pos) => Ok(pos.pos),
            PositionArg::Text(text) => read_position(Variant::Reversi, text),
        }
    }
}

/// A position of Reversi, Reversitacks or Attacks on any board.
#[pyclass(module = "reversi_rules", name = "Position", eq)]
#[derive(Clone, PartialEq)]
pub(crate) struct PyPosition {
    pub(crate) pos: Position,
}

impl PyPosition {
    pub(crate) const fn new(pos: Position) -> PyPosition {
        PyPosition { pos }
    }
}

#[pymethods]
impl PyPosition {
    #[new]
    #[pyo3(signature = (text=None, variant="reversi", *, board="8x8", holes=Vec::new(), first="black"))]
    fn py_new(text: Option<&str>, variant: &str, board: &str, holes: Vec<String>, first: &str) -> PyResult<Self> {
        let pos = match text {
            Some(text) => read_position(parse_variant(variant)?, text)?,
            None => start(variant, board, &holes, first)?,
        };
        Ok(PyPosition { pos })
    }

    /// The legal moves as text (`"pass"` when the side to move must pass).
    fn moves<'py>(&self, py: Python<'py>) -> Vec<Bound<'py, PyString>> {
        // 8x8 Reversi's placements straight from reversi-core's bitboard, in
        // the order `Position::moves` lists them (a1 first); a pass, the end
        // and every other game through `Position::moves`.
        if let Some(places) = self.pos.to_othello().map(|core| core.legal_moves()).filter(|b| !b.is_empty()) {
            return places.iter().map(|sq| square_name(py, sq.into())).collect();
        }
        self.pos.moves().map(|m| move_name(py, m)).collect()
    }

    /// Whether `mv` is legal here.
    fn is_legal(&self, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.pos.is_legal(move_of(mv)?))
    }

    /// Plays `mv` (e.g. `"f5"`, `"a1c3"`, `"pass"`); raises and leaves the
    /// position unchanged when it is not legal.
    fn play(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = move_of(mv)?;
        self.pos.try_play(mv).map_err(|e| illegal(format!("{mv}: {e}")))
    }

    /// Passes; raises when a move exists or the game is over.
    fn pass_(&mut self) -> PyResult<()> {
        self.pos.pass().map_err(|e| illegal(format!("pass: {e}")))
    }

    /// A copy with `mv` played.
    fn played(&self, mv: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
        let mut copy = self.clone();
        copy.play(mv)?;
        Ok(copy)
    }

    /// Whether the side to move has no move but a pass (the game not over).
    fn must_pass(&self) -> bool {
        self.pos.must_pass()
    }

    /// Whether neither side can move.
    fn is_game_over(&self) -> bool {
        self.pos.is_game_over()
    }

    /// The discs (pieces): `(black, white)`.
    fn score(&self) -> (usize, usize) {
        let s = self.pos.score();
        (s.black, s.white)
    }

    /// `None` while the game goes on, else `"black"`, `"white"` or `"draw"`.
    #[getter]
    fn outcome(&self) -> Option<&'static str> {
        self.pos.outcome().map(|o| o.winner.map_or("draw", Color::name))
    }

    /// `"black"` or `"white"`.
    #[getter]
    fn side_to_move(&self) -> &'static str {
        self.pos.side_to_move().name()
    }

    /// The game: `"reversi"`, `"reversitacks"` or `"attacks"`.
    #[getter]
    fn variant(&self) -> &'static str {
        self.pos.variant().name()
    }

    /// The board's width (columns).
    #[getter]
    fn width(&self) -> u8 {
        self.pos.geometry().width()
    }

    /// The board's height (rows).
    #[getter]
    fn height(&self) -> u8 {
        self.pos.geometry().height()
    }

    /// The obstructed squares.
    #[getter]
    fn holes(&self) -> Vec<String> {
        self.pos.geometry().holes().map(|s| s.to_string()).collect()
    }

    /// `"black"`, `"white"`, `"hole"` or `None` (empty) on `square`.
    fn get(&self, square: &str) -> PyResult<Option<&'static str>> {
        let sq = square.parse::<Square>().map_err(|e| parse_error(format!("{e}: {square:?}")))?;
        let geometry = self.pos.geometry();
        if !geometry.contains(sq) {
            return Err(PyValueError::new_err(format!("{sq} is off the board")));
        }
        if geometry.is_hole(sq) {
            return Ok(Some("hole"));
        }
        Ok(self.pos.get(sq).map(Color::name))
    }

    /// The 64-bit Zobrist hash (equal positions, equal hashes).
    fn hash(&self) -> u64 {
        self.pos.hash()
    }

    fn __hash__(&self) -> u64 {
        self.pos.hash()
    }

    /// The least image under the board's symmetries, and the symmetry's name.
    fn canonical(&self) -> (PyPosition, &'static str) {
        let (pos, s) = self.pos.canonical();
        (PyPosition { pos }, symmetry_name(s))
    }

    /// The names of the symmetries that map the board (holes included) onto itself.
    fn symmetries(&self) -> Vec<&'static str> {
        self.pos.geometry().symmetries().map(symmetry_name).collect()
    }

    /// The image under `symmetry`; `None` where the board does not have it.
    fn transform(&self, symmetry: &str) -> PyResult<Option<PyPosition>> {
        Ok(self.pos.transform(symmetry_from_name(symmetry)?).map(PyPosition::new))
    }

    /// The board drawn with coordinates.
    fn pretty(&self) -> String {
        self.pos.pretty().to_string()
    }

    /// The RULES.md position text.
    fn __str__(&self) -> String {
        self.pos.to_string()
    }

    fn __repr__(&self) -> String {
        let v = self.pos.variant();
        if v == Variant::Reversi {
            format!("Position({:?})", self.pos.to_string())
        } else {
            format!("Position({:?}, variant={:?})", self.pos.to_string(), v.name())
        }
    }

    fn __copy__(&self) -> PyPosition {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyPosition {
        self.clone()
    }

    /// A copy (positions are mutable: `play`, `pass_`).
    fn copy(&self) -> PyPosition {
        self.clone()
    }

    /// Pickled as its text and variant.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String, &'static str))> {
        let this = slf.borrow();
        Ok((slf.get_type().into_any(), (this.pos.to_string(), this.pos.variant().name())))
    }
}
