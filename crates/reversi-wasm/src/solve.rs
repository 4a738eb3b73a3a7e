//! `solve` and `solveMoves`: exact scores by reversi-solve's one entry point
//! (8x8 on the bitboard search, any other Reversi board on the generic one),
//! on the one thread WebAssembly has, the page's clock (`Date.now()`) for a
//! time limit. The results have the fields of `reversi solve --json`, as
//! plain objects (a worker posts them as they are).
//!
//! A limit on the empties keeps a call from freezing the page for hours: a
//! position with more than `maxEmpties` empty squares ([`DEFAULT_MAX_EMPTIES`]
//! unless the options say otherwise) is refused before any search.

use std::time::Duration;

use reversi_solve::{MoveScore, MoveScores, Solution, SolveOptions, Summary};
use reversi_variants::Move;
use wasm_bindgen::prelude::*;

use crate::args::{self, js_error};
use crate::position::Position;

/// The most empty squares a solve takes unless `maxEmpties` says otherwise:
/// WTHOR's depth for its theoretical scores. A hard 8x8 position of 24
/// empties (FFO #38) took 114 s in Node on a loaded 2-core machine; each
/// empty more, about three times as long.
pub const DEFAULT_MAX_EMPTIES: u32 = 24;

/// The largest `maxEmpties`: every square of the largest board (26x26).
const MAX_EMPTIES_BOUND: f64 = 676.0;

/// The options' fields, as the messages name them.
const FIELDS: [&str; 3] = ["maxEmpties", "timeLimit", "hashMib"];

/// A solve's options as the caller gave them, checked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Limits {
    /// The most empties solved.
    pub(crate) max_empties: u32,
    /// Stop after this long (the library's `DeadlineReached`).
    pub(crate) time_limit: Option<Duration>,
    /// The table's size in MiB.
    pub(crate) hash_mib: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits { max_empties: DEFAULT_MAX_EMPTIES, time_limit: None, hash_mib: SolveOptions::DEFAULT_HASH_MIB }
    }
}

impl Limits {
    /// The options of a JS object `{ maxEmpties, timeLimit, hashMib }`
    /// (each optional), `what` naming the call (`solve`).
    fn of_js(value: &Option<JsValue>, what: &str) -> Result<Limits, JsValue> {
        let mut limits = Limits::default();
        let Some(object) = value.as_ref().filter(|v| !v.is_undefined() && !v.is_null()) else { return Ok(limits) };
        if !object.is_object() || js_sys::Array::is_array(object) || object.is_function() {
            return Err(args::type_error(&format!("{what}: options"), "an object", object));
        }
        for key in js_sys::Object::keys(object.unchecked_ref::<js_sys::Object>()).iter() {
            let key = key.as_string().unwrap_or_default();
            if !FIELDS.contains(&key.as_str()) {
                return Err(js_sys::TypeError::new(&format!(
                    "{what}: options.{key} is not an option: expected maxEmpties, timeLimit or hashMib"
                ))
                .into());
            }
        }
        let field =
            |name: &str| js_sys::Reflect::get(object, &name.into()).ok().filter(|v| !v.is_undefined() && !v.is_null());
        if let Some(v) = field("maxEmpties") {
            limits.max_empties = args::whole(&v, &format!("{what}: options.maxEmpties"), MAX_EMPTIES_BOUND)? as u32;
        }
        if let Some(v) = field("timeLimit") {
            let name = format!("{what}: options.timeLimit");
            let Some(seconds) = v.as_f64() else { return Err(args::type_error(&name, "a number", &v)) };
            match Duration::try_from_secs_f64(seconds) {
                Ok(limit) if seconds > 0.0 => limits.time_limit = Some(limit),
                _ => {
                    return Err(args::range_error(&format!(
                        "{name} must be a positive number of seconds, found {}",
                        args::js_number(seconds)
                    )));
                }
            }
        }
        if let Some(v) = field("hashMib") {
            let max = SolveOptions::MAX_HASH_MIB as f64;
            limits.hash_mib = args::whole(&v, &format!("{what}: options.hashMib"), max)? as usize;
        }
        Ok(limits)
    }

    /// The library's options: one thread, the table, the page's clock and
    /// the time limit on it.
    fn options(&self) -> SolveOptions {
        let options = SolveOptions::new().hash_mib(self.hash_mib).clock(page_clock);
        match self.time_limit {
            Some(limit) => options.time_limit(limit),
            None => options,
        }
    }

    /// Refuses a position with more empties than allowed.
    pub(crate) fn admit(&self, position: &Position, what: &str) -> Result<(), String> {
        let empties = empties(position);
        if empties > self.max_empties {
            return Err(format!(
                "{what}: the position has {empties} empty squares, more than maxEmpties ({}; {DEFAULT_MAX_EMPTIES} \
                 unless the options say otherwise): a solve that deep may run for hours; give a larger maxEmpties \
                 (and a timeLimit) to try it",
                self.max_empties
            ));
        }
        Ok(())
    }
}

/// The empty playable squares of `position` (holes are not empties).
pub(crate) fn empties(position: &Position) -> u32 {
    u32::try_from(position.pos.empties()).unwrap_or(u32::MAX)
}

/// The page's clock: `Date.now()`, which every JS realm has (a window, a
/// worker, Node). On the host (tests), the system's.
fn page_clock() -> Duration {
    #[cfg(target_arch = "wasm32")]
    let ms = js_sys::Date::now();
    #[cfg(not(target_arch = "wasm32"))]
    let ms = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default().as_secs_f64() * 1e3;
    Duration::from_secs_f64(ms.max(0.0) / 1e3)
}

/// The exact value of `position` under `limits` (admitted), the library's answer.
pub(crate) fn solve_position(position: &Position, limits: &Limits) -> Result<Solution<Move>, String> {
    reversi_solve::solve(&position.pos, &limits.options()).map_err(|e| format!("solve: {e}"))
}

/// Every legal move's exact score under `limits` (admitted), the library's answer.
pub(crate) fn solve_position_moves(position: &Position, limits: &Limits) -> Result<MoveScores<Move>, String> {
    reversi_solve::solve_moves(&position.pos, &limits.options()).map_err(|e| format!("solveMoves: {e}"))
}

/// A plain JS object of `fields`.
fn object(fields: &[(&str, JsValue)]) -> JsValue {
    let object = js_sys::Object::new();
    for (name, value) in fields {
        // Setting a field of a fresh plain object cannot fail.
        let _ = js_sys::Reflect::set(&object, &(*name).into(), value);
    }
    object.into()
}

/// A JS array of strings.
fn strings<T: ToString>(items: &[T]) -> JsValue {
    items.iter().map(|item| JsValue::from_str(&item.to_string())).collect::<js_sys::Array>().into()
}

/// The exact value of `position` (a Reversi `Position` on any board, or a
/// text as `Position.fromText` reads it): `{
/// score, best, pv, nodes, seconds }`, the fields of `reversi solve --json`:
/// `score` the final disc difference for the side to move with the empty
/// squares given to the winner, `best` a move (`"pass"` when the side to
/// move must pass, `null` when the game is over), `pv` the principal
/// variation to the end of the game. Options (each optional): `maxEmpties`
/// (default 24: a position with more empties is refused), `timeLimit` (in
/// seconds), `hashMib` (the table, default 64).
///
/// # Errors
/// `TypeError`: a position that is neither a `Position` nor a string (a
/// text as `Position.fromText` reads it), options that are not
/// an object, an unknown option or one of the wrong type. `RangeError`: an
/// option out of range, a position with more empties than `maxEmpties`.
/// `Error`: a position the solver refuses (Reversitacks, Attacks: their
/// games need not end), the time limit reached.
#[wasm_bindgen(unchecked_return_type = "Solution")]
pub fn solve(
    #[wasm_bindgen(unchecked_param_type = "Position | string")] position: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "SolveOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let position = Position::of_js(&position, "solve: position")?;
    let limits = Limits::of_js(&options, "solve")?;
    limits.admit(&position, "solve").map_err(|e| args::range_error(&e))?;
    let s = Summary::new(&solve_position(&position, &limits).map_err(js_error)?, None);
    Ok(object(&[
        ("score", s.score.into()),
        ("best", s.best.map_or(JsValue::NULL, JsValue::from)),
        ("pv", strings(&s.pv)),
        ("nodes", (s.nodes as f64).into()),
        ("seconds", s.seconds.into()),
        ("nodesPerSecond", s.nodes_per_second.into()),
    ]))
}

/// Every legal move of `position` with its exact score, best first (moves
/// of equal score in the position's order): `{ moves: [{ move, score }],
/// nodes, seconds }`, the `moves` of `reversi solve --all --json` (a single
/// `"pass"` when the side to move must pass, none when the game is over).
/// Options as [`solve`]'s.
///
/// # Errors
/// As [`solve`].
#[wasm_bindgen(js_name = solveMoves, unchecked_return_type = "MoveScores")]
pub fn solve_moves(
    #[wasm_bindgen(unchecked_param_type = "Position | string")] position: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "SolveOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let position = Position::of_js(&position, "solveMoves: position")?;
    let limits = Limits::of_js(&options, "solveMoves")?;
    limits.admit(&position, "solveMoves").map_err(|e| args::range_error(&e))?;
    let scores = solve_position_moves(&position, &limits).map_err(js_error)?;
    let moves: js_sys::Array = MoveScore::all(&scores)
        .into_iter()
        .map(|m| object(&[("move", m.mv.into()), ("score", m.score.into())]))
        .collect();
    Ok(object(&[
        ("moves", moves.into()),
        ("nodes", (scores.nodes as f64).into()),
        ("seconds", scores.elapsed.as_secs_f64().into()),
    ]))
}

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** The options of `solve` and `solveMoves`, each optional. */
export interface SolveOptions {
  /** The most empty squares solved (default 24); a position with more is refused with a RangeError. */
  maxEmpties?: number;
  /** Seconds before the solve stops with an Error (no exact answer). */
  timeLimit?: number;
  /** The transposition table's size in MiB (default 64; 0: none). */
  hashMib?: number;
}
/** The exact value of a position, as `reversi solve --json` gives it. */
export interface Solution {
  /** The final disc difference for the side to move, empty squares to the winner. */
  score: number;
  /** A move that reaches it (`"pass"` when forced), `null` when the game is over. */
  best: string | null;
  /** The principal variation to the end of the game, passes included. */
  pv: string[];
  /** Positions searched. */
  nodes: number;
  /** Time spent, in seconds (to the microsecond). */
  seconds: number;
  /** Positions searched a second. */
  nodesPerSecond: number;
}
/** Every legal move's exact score, best first. */
export interface MoveScores {
  moves: { move: string; score: number }[];
  /** Positions searched. */
  nodes: number;
  /** Time spent. */
  seconds: number;
}
"#;

#[cfg(test)]
mod tests {
    use super::*;

    /// FFO #20 (6 empties): Black wins by 6 with h5.
    const FFO_20: &str = "XXXOXXXX/OXXXXXXX/OOXXXXXX/OOOXXXXX/OOOXXOO-/OOOOO---/OOOOOOO-/OOOOOOO- X";

    fn position(text: &str) -> Position {
        let pos = reversi_variants::Position::from_text(reversi_variants::Variant::Reversi, text).unwrap();
        Position { pos }
    }

    #[test]
    fn the_library_answers_through_the_limits() {
        let pos = position(FFO_20);
        assert_eq!(empties(&pos), 6);
        let solution = solve_position(&pos, &Limits::default()).unwrap();
        assert_eq!((solution.score, solution.best.map(|m| m.to_string())), (6, Some("h5".to_owned())));
        let library = reversi_solve::solve_moves(&pos.pos, &SolveOptions::new()).unwrap();
        assert_eq!(solve_position_moves(&pos, &Limits::default()).unwrap().moves, library.moves);
    }

    #[test]
    fn more_empties_than_allowed_are_refused_before_a_search() {
        let start = Position::start("reversi", "8x8", &[], "black").unwrap();
        let err = Limits::default().admit(&start, "solve").unwrap_err();
        assert!(err.starts_with("solve: the position has 60 empty squares, more than maxEmpties (24;"), "{err}");
        let tight = Limits { max_empties: 5, ..Limits::default() };
        assert!(tight.admit(&position(FFO_20), "solveMoves").unwrap_err().contains("has 6 empty squares"));
        let six = Limits { max_empties: 6, ..Limits::default() };
        assert_eq!(six.admit(&position(FFO_20), "solve"), Ok(()));
    }

    #[test]
    fn a_time_limit_is_measured_on_the_page_clock() {
        let limits = Limits { time_limit: Some(Duration::from_secs(3600)), ..Limits::default() };
        assert!(limits.options().check().is_ok());
        assert_eq!(solve_position(&position(FFO_20), &limits).unwrap().score, 6);
        // FFO #1 (14 empties): solved in a fraction of a second, so a limit
        // not kept fails here rather than hangs.
        let ffo_1 = position("--XXXXX-/-OOOXX-O/-OOOXXOX/-OXOXOXX/OXXXOXXX/--XOXOXX/-XXXOOO-/-OOOOO-- X");
        let passed = Limits { time_limit: Some(Duration::from_nanos(1)), ..Limits::default() };
        assert!(solve_position(&ffo_1, &passed).unwrap_err().contains("deadline"));
    }

    #[test]
    fn games_that_need_not_end_are_the_library_refusal() {
        let attacks = Position::start("attacks", "4x4", &[], "black").unwrap();
        let err = solve_position(&attacks, &Limits::default()).unwrap_err();
        assert!(err.starts_with("solve: cannot solve this position"), "{err}");
    }
}
