//! When the referee ends a game before its natural end: the match's
//! adjudication rules ([`Adjudication`]: exact solve at few empties, the
//! resign and draw rules on the engines' own evaluations, [`ResignRule`]
//! and [`DrawRule`], and the ply limit), as typed options and as the text
//! the front ends read (`MOVES,SCORE`, `FROM,MOVES,SCORE`).
//!
//! The evaluation rules, as RULES.md states them ("Adjudication"): every
//! evaluation is the one a player reported with its own move (NBoard's
//! `=== MOVE/EVAL`), in discs, from the view of the side that moved
//! (positive: the mover is ahead). Only moves a player made count (the
//! opening's moves and the passes the referee plays are passed over); a
//! move reported without an evaluation (every GTP engine's, every
//! policy's) breaks a run, so that the rules never fire for a side that
//! does not report one.
//!
//! - Resign, `MOVES,SCORE`: the game ends, lost by the side behind, once
//!   `MOVES` consecutive moves of each side were reported with evaluations
//!   that agree that side is behind by `SCORE` discs or more (the side
//!   behind reports `<= -SCORE`, the side ahead `>= SCORE`). A move whose
//!   evaluation does not agree starts the count again.
//! - Draw, `FROM,MOVES,SCORE`: the game ends drawn once `MOVES`
//!   consecutive moves of each side, each made after the first `FROM` plies
//!   of the game (opening included), were reported with evaluations within
//!   `SCORE` of 0 (`|eval| <= SCORE`). A move outside that starts the count
//!   again.

use std::fmt;

use crate::player::GameState;

/// The most moves a side an evaluation rule may ask for (more than any
/// game has: a rule that could never fire is refused).
pub const MAX_RULE_MOVES: u32 = 1000;

/// An adjudication rule that does not hold or read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RuleError {
    /// A ply limit of 0 (every game would stop before its first move).
    #[error("expected a ply limit of at least 1, found {found}")]
    Plies {
        /// The limit given.
        found: u64,
    },
    /// Not the number of values the rule takes.
    #[error("expected {expected}, found {found:?}")]
    Form {
        /// What was expected.
        expected: &'static str,
        /// The text given.
        found: String,
    },
    /// A count of moves out of range.
    #[error("expected 1 to {MAX_RULE_MOVES} moves a side, found {found}")]
    Moves {
        /// The count given.
        found: String,
    },
    /// A score that is no finite number in range.
    #[error("expected a score in discs, {range}, found {found}")]
    Score {
        /// The range accepted.
        range: &'static str,
        /// The score given.
        found: String,
    },
}

/// The resign rule: a side loses once, for `moves` consecutive moves of
/// each side, both engines' evaluations agree it is behind by at least
/// `score` discs (the module's documentation states it exactly).
///
/// ```
/// use reversi_engine::referee::ResignRule;
/// let rule: ResignRule = "3,6".parse()?;
/// assert_eq!((rule.moves(), rule.score()), (3, 6.0));
/// assert_eq!(rule.to_string(), "3,6");
/// assert!("0,6".parse::<ResignRule>().is_err());
/// # Ok::<(), reversi_engine::referee::RuleError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ResignRule {
    moves: u32,
    score: f64,
}

impl ResignRule {
    /// `moves` (1 to [`MAX_RULE_MOVES`]) moves a side behind by at least
    /// `score` discs (finite, more than 0).
    ///
    /// # Errors
    /// [`RuleError::Moves`] or [`RuleError::Score`] for a value out of
    /// range.
    pub fn new(moves: u32, score: f64) -> Result<ResignRule, RuleError> {
        check_moves(moves)?;
        if !(score.is_finite() && score > 0.0 && score <= 1000.0) {
            return Err(RuleError::Score { range: "more than 0 and at most 1000", found: score.to_string() });
        }
        Ok(ResignRule { moves, score })
    }

    /// The moves of each side.
    #[must_use]
    pub const fn moves(&self) -> u32 {
        self.moves
    }

    /// The least deficit, in discs.
    #[must_use]
    pub const fn score(&self) -> f64 {
        self.score
    }
}

/// The draw rule: a game is drawn once, after its first `from` plies, for
/// `moves` consecutive moves of each side, both engines' evaluations are
/// within `score` discs of 0 (the module's documentation states it
/// exactly).
///
/// ```
/// use reversi_engine::referee::DrawRule;
/// let rule: DrawRule = "40,4,0.5".parse()?;
/// assert_eq!((rule.from(), rule.moves(), rule.score()), (40, 4, 0.5));
/// assert_eq!(rule.to_string(), "40,4,0.5");
/// # Ok::<(), reversi_engine::referee::RuleError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DrawRule {
    from: usize,
    moves: u32,
    score: f64,
}

impl DrawRule {
    /// After ply `from`, `moves` (1 to [`MAX_RULE_MOVES`]) moves a side
    /// within `score` discs (finite, 0 to 1000) of 0.
    ///
    /// # Errors
    /// [`RuleError::Moves`] or [`RuleError::Score`] for a value out of
    /// range.
    pub fn new(from: usize, moves: u32, score: f64) -> Result<DrawRule, RuleError> {
        check_moves(moves)?;
        if !(score.is_finite() && (0.0..=1000.0).contains(&score)) {
            return Err(RuleError::Score { range: "0 to 1000", found: score.to_string() });
        }
        Ok(DrawRule { from, moves, score })
    }

    /// The plies of the game before the first move that counts.
    #[must_use]
    pub const fn from(&self) -> usize {
        self.from
    }

    /// The moves of each side.
    #[must_use]
    pub const fn moves(&self) -> u32 {
        self.moves
    }

    /// The largest distance from 0, in discs.
    #[must_use]
    pub const fn score(&self) -> f64 {
        self.score
    }
}

fn check_moves(moves: u32) -> Result<(), RuleError> {
    if (1..=MAX_RULE_MOVES).contains(&moves) { Ok(()) } else { Err(RuleError::Moves { found: moves.to_string() }) }
}

/// The comma-separated values of `s`, exactly `n` of them.
fn values<'a>(s: &'a str, n: usize, expected: &'static str) -> Result<Vec<&'a str>, RuleError> {
    let parts: Vec<&str> = s.split(',').map(str::trim).collect();
    if parts.len() == n { Ok(parts) } else { Err(RuleError::Form { expected, found: s.to_string() }) }
}

fn parse_moves(s: &str) -> Result<u32, RuleError> {
    s.parse().map_err(|_| RuleError::Moves { found: format!("{s:?}") })
}

fn parse_score(s: &str, range: &'static str) -> Result<f64, RuleError> {
    s.parse().map_err(|_| RuleError::Score { range, found: format!("{s:?}") })
}

impl std::str::FromStr for ResignRule {
    type Err = RuleError;

    /// `MOVES,SCORE` (`3,6`).
    ///
    /// # Errors
    /// [`RuleError`] naming the value that does not read or hold.
    fn from_str(s: &str) -> Result<ResignRule, RuleError> {
        let v = values(s, 2, "MOVES,SCORE (moves a side, discs behind), e.g. 3,6")?;
        ResignRule::new(parse_moves(v[0])?, parse_score(v[1], "more than 0 and at most 1000")?)
    }
}

impl std::str::FromStr for DrawRule {
    type Err = RuleError;

    /// `FROM,MOVES,SCORE` (`40,4,0.5`).
    ///
    /// # Errors
    /// [`RuleError`] naming the value that does not read or hold.
    fn from_str(s: &str) -> Result<DrawRule, RuleError> {
        let v = values(s, 3, "FROM,MOVES,SCORE (first ply, moves a side, discs from 0), e.g. 40,4,0.5")?;
        let from = v[0]
            .parse()
            .map_err(|_| RuleError::Form { expected: "a ply number FROM in FROM,MOVES,SCORE", found: s.to_string() })?;
        DrawRule::new(from, parse_moves(v[1])?, parse_score(v[2], "0 to 1000")?)
    }
}

impl fmt::Display for ResignRule {
    /// `MOVES,SCORE`, as read.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.moves, self.score)
    }
}

impl fmt::Display for DrawRule {
    /// `FROM,MOVES,SCORE`, as read.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{},{}", self.from, self.moves, self.score)
    }
}

/// `plies` as a match's ply limit ([`Adjudication::max_plies`]): at least
/// 1, as the front ends accept it (the CLI's `--max-plies`, Python's
/// `max_plies=`).
///
/// ```
/// use reversi_engine::referee::check_max_plies;
/// assert_eq!(check_max_plies(80), Ok(80));
/// assert_eq!(check_max_plies(0).unwrap_err().to_string(), "expected a ply limit of at least 1, found 0");
/// ```
///
/// # Errors
/// [`RuleError::Plies`] for 0 (or a number beyond `usize`).
pub fn check_max_plies(plies: u64) -> Result<usize, RuleError> {
    match usize::try_from(plies) {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(RuleError::Plies { found: plies }),
    }
}

/// How the referee may end a game before its natural end: by exact solve
/// once few squares are empty, by the engines' own evaluations (the resign
/// and draw rules), and at a ply limit. Nothing by default but the ply
/// limit of [`default_max_plies`](crate::default_max_plies).
///
/// ```
/// use reversi_engine::referee::{Adjudication, ResignRule};
/// let rules = Adjudication::new().exact(Some(14)).resign(Some(ResignRule::new(3, 6.0)?)).max_plies(Some(80));
/// assert_eq!((rules.exact_of(), rules.max_plies_of()), (Some(14), Some(80)));
/// # Ok::<(), reversi_engine::referee::RuleError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Adjudication {
    exact: Option<u8>,
    resign: Option<ResignRule>,
    draw: Option<DrawRule>,
    max_plies: Option<usize>,
}

impl Adjudication {
    /// No adjudication; the default ply limit.
    #[must_use]
    pub const fn new() -> Adjudication {
        Adjudication { exact: None, resign: None, draw: None, max_plies: None }
    }

    /// Ends a game by exact solve once at most `empties` squares are empty
    /// ([`play_game`](super::play_game) says how); `None`: never.
    #[must_use]
    pub const fn exact(mut self, empties: Option<u8>) -> Adjudication {
        self.exact = empties;
        self
    }

    /// The resign rule, if any.
    #[must_use]
    pub const fn resign(mut self, rule: Option<ResignRule>) -> Adjudication {
        self.resign = rule;
        self
    }

    /// The draw rule, if any.
    #[must_use]
    pub const fn draw(mut self, rule: Option<DrawRule>) -> Adjudication {
        self.draw = rule;
        self
    }

    /// Stops a game once it has `plies` plies (opening and passes
    /// included) and is not over ([`Termination::PlyLimit`](super::Termination::PlyLimit));
    /// `None`: [`default_max_plies`](crate::default_max_plies) of the
    /// board.
    #[must_use]
    pub const fn max_plies(mut self, plies: Option<usize>) -> Adjudication {
        self.max_plies = plies;
        self
    }

    /// The exact-solve limit, in empty squares.
    #[must_use]
    pub const fn exact_of(&self) -> Option<u8> {
        self.exact
    }

    /// The resign rule.
    #[must_use]
    pub const fn resign_of(&self) -> Option<ResignRule> {
        self.resign
    }

    /// The draw rule.
    #[must_use]
    pub const fn draw_of(&self) -> Option<DrawRule> {
        self.draw
    }

    /// The ply limit given (`None`: the board's default).
    #[must_use]
    pub const fn max_plies_of(&self) -> Option<usize> {
        self.max_plies
    }

    /// The ply limit of a game from `opening`: the one given, else
    /// [`default_max_plies`](crate::default_max_plies) of its board.
    #[must_use]
    pub fn ply_limit(&self, opening: &GameState) -> usize {
        self.max_plies.unwrap_or_else(|| crate::default_max_plies(opening.start.geometry()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_read_what_they_write_and_refuse_the_rest() {
        for text in ["3,6", "1,0.5", "1000,1000"] {
            assert_eq!(text.parse::<ResignRule>().unwrap().to_string(), text);
        }
        for text in ["0,4,0", "40,4,0.5", "12,1000,1000"] {
            assert_eq!(text.parse::<DrawRule>().unwrap().to_string(), text);
        }
        assert_eq!(" 3 , 6 ".parse::<ResignRule>().unwrap(), ResignRule::new(3, 6.0).unwrap());
        let refused = |s: &str| s.parse::<ResignRule>().unwrap_err().to_string();
        assert_eq!(refused("3"), "expected MOVES,SCORE (moves a side, discs behind), e.g. 3,6, found \"3\"");
        assert_eq!(refused("0,6"), "expected 1 to 1000 moves a side, found 0");
        assert_eq!(refused("x,6"), "expected 1 to 1000 moves a side, found \"x\"");
        assert_eq!(refused("3,0"), "expected a score in discs, more than 0 and at most 1000, found 0");
        assert_eq!(refused("3,nan"), "expected a score in discs, more than 0 and at most 1000, found NaN");
        assert_eq!(refused("3,-2"), "expected a score in discs, more than 0 and at most 1000, found -2");
        assert!("1001,6".parse::<ResignRule>().is_err());
        let refused = |s: &str| s.parse::<DrawRule>().unwrap_err().to_string();
        assert_eq!(refused("-1,4,0.5"), "expected a ply number FROM in FROM,MOVES,SCORE, found \"-1,4,0.5\"");
        assert_eq!(refused("40,4,-0.5"), "expected a score in discs, 0 to 1000, found -0.5");
        assert_eq!(refused("40,4,inf"), "expected a score in discs, 0 to 1000, found inf");
        assert!(refused("40,4").starts_with("expected FROM,MOVES,SCORE"));
    }

    #[test]
    fn the_ply_limit_defaults_to_the_boards() {
        let game = GameState::new(reversi_variants::Position::from(reversi_core::Position::start()));
        assert_eq!(Adjudication::new().ply_limit(&game), crate::default_max_plies(game.start.geometry()));
        assert_eq!(Adjudication::new().max_plies(Some(7)).ply_limit(&game), 7);
    }
}
