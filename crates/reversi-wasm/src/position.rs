//! `Position`: reversi-variants' game type, every game and board.

use reversi_variants::{Color, Move, PerftError, StartBuilder, Variant};
use wasm_bindgen::prelude::*;

use crate::args::{self, js_error};

/// A position of Reversi, Reversitacks or Attacks on any board: the side to
/// move, the pieces, the holes.
#[wasm_bindgen]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub(crate) pos: reversi_variants::Position,
}

/// The game `text` names (`reversi`, `reversitacks`, `attacks`).
pub(crate) fn parse_variant(text: &str) -> Result<Variant, String> {
    text.parse::<Variant>().map_err(|e| format!("{e}: {text:?}"))
}

/// A move's text (`f5`, `a1c3`, `pass`).
pub(crate) fn parse_move(text: &str) -> Result<Move, String> {
    text.trim().parse::<Move>().map_err(|e| format!("{e}: {text:?}"))
}

impl Position {
    /// The start of `variant` on `board` with `holes`, `first` to move.
    pub(crate) fn start(variant: &str, board: &str, holes: &[String], first: &str) -> Result<Position, String> {
        // reversi-variants' StartBuilder reads each word; a bad one is named.
        let builder = StartBuilder::new().parse_variant(variant).and_then(|b| b.parse_board(board));
        let builder = builder.and_then(|b| b.parse_holes(holes)).and_then(|b| b.parse_first(first));
        let pos = builder.and_then(|b| b.build()).map_err(|e| e.to_string())?;
        Ok(Position { pos })
    }

    /// The position a position argument names: a JS `Position` object (its
    /// text read back), or a text of Reversi as `Position.fromText` reads it.
    pub(crate) fn of_js(value: &JsValue, what: &str) -> Result<Position, JsValue> {
        let expected = "a Position or a string";
        if let Some(text) = value.as_string() {
            return Position::read(Variant::Reversi, &text).map_err(js_error);
        }
        let is_position = value.is_object()
            && js_sys::Reflect::get(value, &"constructor".into())
                .ok()
                .and_then(|c| js_sys::Reflect::get(&c, &"name".into()).ok())
                .and_then(|name| name.as_string())
                .is_some_and(|name| name == "Position");
        let field = |name: &str| js_sys::Reflect::get(value, &name.into()).ok();
        let text = field("toString")
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
            .and_then(|f| f.call0(value).ok())
            .and_then(|t| t.as_string());
        let variant = field("variant").and_then(|v| v.as_string());
        match (is_position, text, variant) {
            (true, Some(text), Some(variant)) => {
                let variant = parse_variant(&variant).map_err(js_error)?;
                let pos = reversi_variants::Position::from_text(variant, &text).map_err(js_error)?;
                Ok(Position { pos })
            }
            _ => Err(args::type_error(what, expected, value)),
        }
    }

    /// The position `text` names in `variant`, as the CLI's `--position`
    /// reads it: reversi-notation's `paste_position` (RULES.md's text, else a
    /// pasted board, move list or game's end).
    pub(crate) fn read(variant: Variant, text: &str) -> Result<Position, String> {
        reversi_notation::paste_position(variant, text).map(|pos| Position { pos }).map_err(|e| e.to_string())
    }

    /// The count `depth` plies below, `depth` at most the CLI's and
    /// Python's bound (reversi-variants' `MAX_COUNT_DEPTH`).
    pub(crate) fn count(&self, depth: u32) -> Result<u64, PerftError> {
        let max = reversi_variants::MAX_COUNT_DEPTH;
        if depth > max {
            return Err(PerftError::TooDeep { depth, max });
        }
        reversi_variants::perft(&self.pos, depth)
    }

    /// Plays `mv`, checked.
    pub(crate) fn play_text(&mut self, mv: &str) -> Result<(), String> {
        let mv = parse_move(mv)?;
        self.pos.play(mv).map(|_| ()).map_err(|e| e.to_string())
    }

    /// The squares row by row from the top: 0 empty, 1 black, 2 white, 3 hole.
    pub(crate) fn cell_codes(&self) -> Vec<u8> {
        let g = self.pos.geometry();
        g.squares()
            .map(|sq| match self.pos.get(sq) {
                _ if g.is_hole(sq) => 3,
                Some(Color::Black) => 1,
                Some(Color::White) => 2,
                None => 0,
            })
            .collect()
    }
}

#[wasm_bindgen]
impl Position {
    /// The start of `variant` (default `reversi`) on `board` (default `8x8`;
    /// `WxH`, `octagon`) with `holes` (square names), `first` (default
    /// `black`) to move.
    ///
    /// # Errors
    /// `TypeError`: an argument of the wrong type. An unknown game, board,
    /// square or colour; a start that does not fit.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "string")] variant: Option<JsValue>,
        #[wasm_bindgen(unchecked_optional_param_type = "string")] board: Option<JsValue>,
        #[wasm_bindgen(unchecked_optional_param_type = "string[]")] holes: Option<JsValue>,
        #[wasm_bindgen(unchecked_optional_param_type = "string")] first: Option<JsValue>,
    ) -> Result<Position, JsValue> {
        let variant = args::optional_string(&variant, "Position: variant")?;
        let board = args::optional_string(&board, "Position: board")?;
        let holes = args::optional_strings(&holes, "Position: holes")?;
        let first = args::optional_string(&first, "Position: first")?;
        Position::start(
            variant.as_deref().unwrap_or("reversi"),
            board.as_deref().unwrap_or("8x8"),
            &holes,
            first.as_deref().unwrap_or("black"),
        )
        .map_err(js_error)
    }

    /// The position a text names in `variant` (default `reversi`), as the
    /// CLI's `--position` reads it: RULES.md's text form (`"---/-XO/--- X"`),
    /// else a pasted position or game's end (a 64-square board with or
    /// without the side to move, GGS's `[8 ...]`, a diagram, a move list
    /// such as `f5d6c3` or `1. F5 d6 2. C3`, a GGF or PGN game).
    ///
    /// # Errors
    /// `TypeError`: an argument of the wrong type. The text's error, as the
    /// library words it.
    #[wasm_bindgen(js_name = fromText)]
    pub fn from_text(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string")] variant: Option<JsValue>,
    ) -> Result<Position, JsValue> {
        let text = args::string(&text, "Position.fromText: text")?;
        let variant = args::optional_string(&variant, "Position.fromText: variant")?;
        let variant = parse_variant(variant.as_deref().unwrap_or("reversi")).map_err(js_error)?;
        Position::read(variant, &text).map_err(js_error)
    }

    /// The legal moves as text (`["pass"]` when the side to move must pass,
    /// none when the game is over).
    pub fn moves(&self) -> Vec<String> {
        self.pos.moves().map(|m| m.to_string()).collect()
    }

    /// Whether `mv` is legal here (text that is no move is not).
    ///
    /// # Errors
    /// `TypeError`: a move that is not a string.
    #[wasm_bindgen(js_name = isLegal)]
    pub fn is_legal(&self, #[wasm_bindgen(unchecked_param_type = "string")] mv: JsValue) -> Result<bool, JsValue> {
        let mv = args::string(&mv, "Position.isLegal: move")?;
        Ok(parse_move(&mv).is_ok_and(|m| self.pos.is_legal(m)))
    }

    /// Plays `mv` (`f5`, `a1c3`, `pass`).
    ///
    /// # Errors
    /// `TypeError`: a move that is not a string. Text that is no move, or a
    /// move the rules do not allow (why).
    pub fn play(&mut self, #[wasm_bindgen(unchecked_param_type = "string")] mv: JsValue) -> Result<(), JsValue> {
        let mv = args::string(&mv, "Position.play: move")?;
        self.play_text(&mv).map_err(js_error)
    }

    /// Passes.
    ///
    /// # Errors
    /// The side to move has a move, or the game is over.
    pub fn pass(&mut self) -> Result<(), JsValue> {
        self.pos.pass().map_err(js_error)
    }

    /// `[black, white]`: the pieces of each side.
    pub fn score(&self) -> Vec<u32> {
        let s = self.pos.score();
        [s.black, s.white].iter().map(|&n| u32::try_from(n).unwrap_or(u32::MAX)).collect()
    }

    /// `black` or `white`.
    #[wasm_bindgen(getter, js_name = sideToMove)]
    pub fn side_to_move(&self) -> String {
        self.pos.side_to_move().name().to_owned()
    }

    /// Whether neither side has a move.
    #[wasm_bindgen(getter, js_name = isGameOver)]
    pub fn is_game_over(&self) -> bool {
        self.pos.is_game_over()
    }

    /// Whether the side to move must pass.
    #[wasm_bindgen(getter, js_name = mustPass)]
    pub fn must_pass(&self) -> bool {
        self.pos.must_pass()
    }

    /// The game: `reversi`, `reversitacks` or `attacks`.
    #[wasm_bindgen(getter)]
    pub fn variant(&self) -> String {
        self.pos.variant().name().to_owned()
    }

    /// The board as its text (`8x8`, `6x10`; holes not included).
    #[wasm_bindgen(getter)]
    pub fn board(&self) -> String {
        let g = self.pos.geometry();
        format!("{}x{}", g.width(), g.height())
    }

    /// Columns.
    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.pos.geometry().width().into()
    }

    /// Rows.
    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.pos.geometry().height().into()
    }

    /// The squares row by row from the top (`a1` first): 0 empty, 1 black,
    /// 2 white, 3 hole.
    pub fn cells(&self) -> Vec<u8> {
        self.cell_codes()
    }

    /// RULES.md's text form, the side to move last.
    #[wasm_bindgen(js_name = toString)]
    pub fn text(&self) -> String {
        self.pos.to_string()
    }

    /// The board drawn as a grid with coordinates and the score.
    pub fn pretty(&self) -> String {
        self.pos.pretty().to_string()
    }

    /// A copy (JS objects are shared; `play` changes this one).
    #[wasm_bindgen(js_name = clone)]
    pub fn copy(&self) -> Position {
        *self
    }

    /// The number of leaves `depth` plies below (RULES.md's convention: a
    /// pass is a ply, a game over early one leaf), on one thread; `depth`
    /// from 0 to 60, the CLI's and Python's bound.
    ///
    /// # Errors
    /// `TypeError`: a depth that is not a number; `RangeError`: one that is
    /// not a whole number from 0 to 60.
    pub fn perft(&self, #[wasm_bindgen(unchecked_param_type = "number")] depth: JsValue) -> Result<u64, JsValue> {
        let what = "Position.perft: depth";
        let depth = args::whole(&depth, what, f64::from(reversi_variants::MAX_COUNT_DEPTH))?;
        self.count(depth as u32).map_err(|e| args::range_error(&format!("{what}: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_of_a_board_with_holes_mark_them() {
        let holes = vec!["b2".to_owned()];
        let pos = Position::start("attacks", "3x3", &holes, "black").unwrap();
        assert_eq!(
            pos.cells(),
            pos.pos
                .to_string()
                .split(' ')
                .next()
                .unwrap()
                .bytes()
                .filter(|&b| b != b'/')
                .map(|b| match b {
                    b'X' => 1,
                    b'O' => 2,
                    b'#' => 3,
                    _ => 0,
                })
                .collect::<Vec<u8>>()
        );
        assert_eq!(pos.cells()[4], 3);
    }

    #[test]
    fn a_count_past_the_cli_bound_is_refused_before_it_starts() {
        let pos = Position::start("reversi", "4x4", &[], "black").unwrap();
        let max = reversi_variants::MAX_COUNT_DEPTH;
        for depth in [max + 1, 512, u32::MAX] {
            assert_eq!(pos.count(depth), Err(PerftError::TooDeep { depth, max }));
        }
        // 4x4 Reversi has 44 positions 3 plies down (`reversi perft 3 --board 4x4`).
        assert_eq!(pos.count(3), Ok(44));
    }

    #[test]
    fn bad_names_say_what_they_are() {
        assert!(Position::start("chess", "8x8", &[], "black").unwrap_err().contains("\"chess\""));
        assert!(Position::start("reversi", "8x8", &["z99".to_owned()], "black").unwrap_err().contains("\"z99\""));
        let mut pos = Position::start("reversi", "8x8", &[], "black").unwrap();
        assert!(pos.play_text("a1").unwrap_err().contains("a1"));
        pos.play_text("f5").unwrap();
        assert_eq!(pos.score(), [4, 1]);
    }
}
