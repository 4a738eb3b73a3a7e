//! The any-board search: fail-soft negamax alpha-beta with principal-variation
//! (null-window) searches, a transposition table keyed by the position's
//! Zobrist hash, and move ordering (the table's move, then the opponent's
//! fewest replies and the squares' static values); plain alpha-beta in
//! natural order near the leaves. Every position goes through
//! reversi-variants' `Position`: the rules are that crate's.

use std::time::Duration;

use reversi_variants::{Move, Moves, Position, Square};

use super::order::square_values;
use super::table::{NO_MOVE, Table};
use crate::clock::Stopwatch;
use crate::{Progress, SolveError, SolveOptions};

/// Above every score (a score is at most the board's 676 squares).
pub(super) const INF: i32 = 1000;

/// At most this many empties: plain alpha-beta, no table, no ordering.
const SHALLOW: u32 = 4;

/// Nodes between two looks at the clock, the token and the progress.
const CHECK_EVERY: u64 = 1 << 8;

/// The least time between two progress reports.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// Why a search stopped before its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stop {
    /// The token was set.
    Cancelled,
    /// The deadline passed.
    Deadline,
}

impl Stop {
    /// The error of this stop after `nodes` nodes, `start` the solve's clock.
    pub(super) fn error(self, nodes: u64, start: &Stopwatch) -> SolveError {
        let elapsed = start.elapsed();
        match self {
            Stop::Cancelled => SolveError::Cancelled { nodes, elapsed },
            Stop::Deadline => SolveError::DeadlineReached { nodes, elapsed },
        }
    }
}

/// The empty playable squares of `pos` (holes are not empties).
#[must_use]
pub(super) fn empties(pos: &Position) -> u32 {
    pos.empties() as u32
}

/// The score of a finished game for the side to move: the disc difference,
/// the `empties` given to the winner.
#[must_use]
pub(super) fn final_score(pos: &Position, empties: u32) -> i32 {
    let margin = pos.margin();
    let empties = empties as i32;
    match margin.signum() {
        1 => margin + empties,
        -1 => margin - empties,
        _ => 0,
    }
}

/// Whether `moves` is the single forced pass.
#[inline]
fn is_pass(moves: &Moves) -> bool {
    moves.len() == 1 && moves.clone().next() == Some(Move::Pass)
}

/// One search: its table, counters and clock.
pub(super) struct Search<'a> {
    options: &'a SolveOptions,
    table: Table,
    /// Static square values, by index.
    values: Vec<i32>,
    width: usize,
    /// Positions searched.
    pub(super) nodes: u64,
    next_check: u64,
    start: &'a Stopwatch,
    /// When the progress callback was last called, since the start.
    last_progress: Duration,
}

impl<'a> Search<'a> {
    /// A search of positions of `pos`'s board with `options`' table (of
    /// `mib` MiB, no more slots than `empties` could fill), timed from `start`.
    ///
    /// # Errors
    /// [`SolveError::TableAlloc`] when the table cannot be had.
    pub(super) fn new(
        pos: &Position,
        options: &'a SolveOptions,
        mib: usize,
        start: &'a Stopwatch,
    ) -> Result<Search<'a>, SolveError> {
        // A position with e empties has fewer than 4^e positions below it.
        let cap = 1usize.checked_shl((2 * empties(pos) + 2).min(40)).unwrap_or(usize::MAX);
        let table = Table::new(mib, cap)?;
        let geometry = pos.geometry();
        Ok(Search {
            options,
            table,
            values: square_values(geometry),
            width: usize::from(geometry.width()),
            nodes: 0,
            next_check: CHECK_EVERY,
            start,
            last_progress: Duration::ZERO,
        })
    }

    /// The index of a move's square ([`NO_MOVE`] for a pass).
    fn index(&self, mv: Move) -> u16 {
        mv.to().map_or(NO_MOVE, |sq: Square| (usize::from(sq.row()) * self.width + usize::from(sq.column())) as u16)
    }

    /// Counts a node; now and then looks at the token, the clock and the
    /// progress callback.
    #[inline]
    fn tick(&mut self) -> Result<(), Stop> {
        self.nodes += 1;
        if self.nodes < self.next_check {
            return Ok(());
        }
        self.next_check = self.nodes + CHECK_EVERY;
        if self.options.get_cancel().is_some_and(reversi_variants::split::Cancel::is_cancelled) {
            return Err(Stop::Cancelled);
        }
        let now = self.start.now();
        if self.start.is_past_deadline(now) {
            return Err(Stop::Deadline);
        }
        if let (Some(progress), Some(now)) = (self.options.get_progress(), now)
            && now.saturating_sub(self.last_progress) >= PROGRESS_EVERY
        {
            self.last_progress = now;
            progress(&Progress { nodes: self.nodes, elapsed: now });
        }
        Ok(())
    }

    /// The exact score of `pos` (with `empties` empties) for the side to move.
    ///
    /// # Errors
    /// [`Stop`] when the token or the deadline stops the search.
    pub(super) fn exact(&mut self, pos: &Position, empties: u32) -> Result<i32, Stop> {
        self.negamax(pos, -INF, INF, empties)
    }

    /// The score of `pos` within `(alpha, beta)`, fail-soft: a result at most
    /// `alpha` is an upper bound of the score, one at least `beta` a lower
    /// bound, one between them the score.
    ///
    /// # Errors
    /// [`Stop`] when the token or the deadline stops the search.
    pub(super) fn negamax(&mut self, pos: &Position, alpha: i32, beta: i32, empties: u32) -> Result<i32, Stop> {
        if empties <= SHALLOW {
            return self.shallow(pos, alpha, beta, empties);
        }
        self.tick()?;
        let key = pos.hash();
        let (mut alpha, mut beta) = (alpha, beta);
        let mut table_move = NO_MOVE;
        if let Some(hit) = self.table.probe(key) {
            if hit.lower >= beta || hit.lower == hit.upper {
                return Ok(hit.lower);
            }
            if hit.upper <= alpha {
                return Ok(hit.upper);
            }
            alpha = alpha.max(hit.lower);
            beta = beta.min(hit.upper);
            table_move = hit.best;
        }
        let moves = pos.moves();
        if moves.len() == 0 {
            return Ok(final_score(pos, empties));
        }
        if is_pass(&moves) {
            let mut child = *pos;
            child.play_unchecked(Move::Pass);
            return Ok(-self.negamax(&child, -beta, -alpha, empties)?);
        }
        let children = self.ordered(pos, moves, table_move);
        let (mut best, mut best_move, mut a) = (-INF, NO_MOVE, alpha);
        for (i, (mv, child)) in children.iter().enumerate() {
            let v = if i == 0 {
                -self.negamax(child, -beta, -a, empties - 1)?
            } else {
                let v = -self.negamax(child, -a - 1, -a, empties - 1)?;
                if v > a && v < beta { -self.negamax(child, -beta, -a, empties - 1)? } else { v }
            };
            if v > best {
                (best, best_move) = (v, self.index(*mv));
                if v > a {
                    a = v;
                    if a >= beta {
                        break;
                    }
                }
            }
        }
        let lower = if best > alpha { best } else { -INF };
        let upper = if best < beta { best } else { INF };
        self.table.store(key, empties, lower, upper, best_move);
        Ok(best)
    }

    /// The children of `pos`, best first: the table's move, then the fewest
    /// replies for the opponent and the best static square.
    fn ordered(&self, pos: &Position, moves: Moves, table_move: u16) -> Vec<(Move, Position)> {
        let mut children: Vec<(i32, Move, Position)> = moves
            .map(|mv| {
                let mut child = *pos;
                child.play_unchecked(mv);
                let index = self.index(mv);
                let key = if index == table_move {
                    i32::MAX
                } else {
                    let replies = child.moves();
                    let replies = if is_pass(&replies) { 0 } else { replies.len() as i32 };
                    self.values.get(usize::from(index)).copied().unwrap_or(0) - 16 * replies
                };
                (key, mv, child)
            })
            .collect();
        children.sort_by_key(|&(key, ..)| std::cmp::Reverse(key));
        children.into_iter().map(|(_, mv, child)| (mv, child)).collect()
    }

    /// [`negamax`](Search::negamax) near the leaves: no table, moves in
    /// their natural order.
    fn shallow(&mut self, pos: &Position, alpha: i32, beta: i32, empties: u32) -> Result<i32, Stop> {
        self.tick()?;
        let moves = pos.moves();
        if moves.len() == 0 {
            return Ok(final_score(pos, empties));
        }
        if is_pass(&moves) {
            let mut child = *pos;
            child.play_unchecked(Move::Pass);
            return Ok(-self.shallow(&child, -beta, -alpha, empties)?);
        }
        let mut best = -INF;
        for mv in moves {
            let mut child = *pos;
            child.play_unchecked(mv);
            let v = -self.shallow(&child, -beta, -alpha.max(best), empties - 1)?;
            if v > best {
                best = v;
                if best >= beta {
                    break;
                }
            }
        }
        Ok(best)
    }

    /// The principal variation from `pos`, whose exact score is `score`, to
    /// the end of the game: at each ply the first move (the table's first)
    /// whose child a narrow-window search confirms at the score.
    ///
    /// # Errors
    /// [`Stop`] when the token or the deadline stops the search.
    pub(super) fn pv(&mut self, pos: &Position, score: i32, empties: u32) -> Result<Vec<Move>, Stop> {
        let (mut pos, mut score, mut empties) = (*pos, score, empties);
        let mut pv = Vec::new();
        loop {
            let moves = pos.moves();
            if moves.len() == 0 {
                break;
            }
            if pos.must_pass() {
                pv.push(Move::Pass);
                pos.play_unchecked(Move::Pass);
                score = -score;
                continue;
            }
            let table_move = self.table.probe(pos.hash()).map_or(NO_MOVE, |hit| hit.best);
            let mut found = None;
            for (mv, child) in self.ordered(&pos, moves, table_move) {
                let v = -self.negamax(&child, -score - 1, -score + 1, empties - 1)?;
                if v == score {
                    found = Some((mv, child));
                    break;
                }
            }
            // Some move reaches the exact score; none would mean a wrong
            // score, and the variation stops there rather than loop.
            let Some((mv, child)) = found else { break };
            pv.push(mv);
            (pos, score, empties) = (child, -score, empties - 1);
        }
        Ok(pv)
    }
}
