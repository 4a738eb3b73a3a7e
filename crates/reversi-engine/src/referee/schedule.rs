//! A match's schedule: its games handed to worker threads, each finished
//! game scored by pairs ([`PairTally`]) and handed to the caller as it
//! ends, and, with an SPRT ([`MatchOptions::sprt`]), the match ended at the
//! generalised SPRT's verdict on its game pairs (games `2m` and `2m + 1`,
//! one opening with colours swapped), as a tournament's pairing ends.
//!
//! No game starts once a verdict is possible: before a worker takes its
//! next game, the games in progress (started, not yet counted) are
//! completed in thought with the best and the worst results for the first
//! engine, and while either would cross a bound the worker waits for a
//! game to be counted. So no game beyond the verdict's pair is started,
//! and none is reported (a game of a pair that cannot end the test goes on
//! being played while the others finish). The LLR is taken never to fall
//! as a pair's points rise (the property test of
//! [`Pentanomial`]): were it to, a game could start
//! before a verdict, and be dropped at it.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, mpsc};
use std::time::{Duration, Instant};

use reversi_core::Position as Othello;
use reversi_variants::Position;

use super::gsprt::EloModel;
use super::matches::{GameReport, MatchOptions, play_one};
use super::pentanomial::{PairStanding, PairTally, Pentanomial};
use super::stats::Sprt;
use super::termination::Termination;
use crate::player::{GameState, Player};
use crate::process::Fault;

/// Plays the match between `first` and `second` on `options.concurrency`
/// threads, handing each finished game to `on_game` on the calling thread
/// as it ends (in the order they end); `on_game` returns whether to go on.
/// With an SPRT ([`MatchOptions::sprt`]) the match ends at its verdict on
/// the pairs it plays (see the module's documentation;
/// [`run_scored_match`] counts a resume's games too and hands over the
/// standing). Setting `stop` stops the match between moves; the games in
/// progress are then dropped (not handed over).
pub fn run_match(
    first: &(dyn Fn(Instant) -> Result<Box<dyn Player + Send>, Fault> + Sync),
    second: &(dyn Fn(Instant) -> Result<Box<dyn Player + Send>, Fault> + Sync),
    options: &MatchOptions,
    stop: &AtomicBool,
    on_game: &mut dyn FnMut(&GameReport) -> bool,
) {
    run_scored_match(first, second, options, &mut PairTally::default(), stop, &mut |report, _| on_game(report));
}

/// Plays the match as [`run_match`] does, each game counted in `tally`
/// (which holds a resume's games: [`resumed_tally`](super::resumed_tally))
/// and handed to `on_game` with the standing after it (the pairs' figures
/// and the SPRT's, under the options' Elo model, beside the games'
/// trinomial ones). At the SPRT's verdict the match ends: no game starts
/// after it, and the games in progress are dropped.
pub fn run_scored_match(
    first: &(dyn Fn(Instant) -> Result<Box<dyn Player + Send>, Fault> + Sync),
    second: &(dyn Fn(Instant) -> Result<Box<dyn Player + Send>, Fault> + Sync),
    options: &MatchOptions,
    tally: &mut PairTally,
    stop: &AtomicBool,
    on_game: &mut dyn FnMut(&GameReport, &PairStanding) -> bool,
) {
    let sprt = options.sprt_of();
    let sprt = sprt.as_ref().map(|(s, m)| (s, *m));
    let slots = Mutex::new(Slots { next: 0, in_flight: BTreeSet::new(), tally: tally.clone() });
    let counted = Condvar::new();
    let standard = [GameState::new(Position::from(Othello::start()))];
    let openings: &[GameState] = if options.openings_of().is_empty() { &standard } else { options.openings_of() };
    let (tx, rx) = mpsc::channel::<GameReport>();
    std::thread::scope(|scope| {
        for _ in 0..options.concurrency_of().max(1) {
            let (tx, slots, counted) = (tx.clone(), &slots, &counted);
            scope.spawn(move || {
                let mut engines: [Option<Box<dyn Player + Send>>; 2] = [None, None];
                while let Some(index) = take(slots, counted, options, sprt, stop) {
                    let opening = &openings[(index / 2) % openings.len()];
                    let first_is_black = index.is_multiple_of(2);
                    let (names, played) =
                        play_one(&mut engines, [first, second], index, opening, first_is_black, options, stop);
                    let report = GameReport { index, first_is_black, names, played };
                    if report.played.termination == Termination::Stopped || tx.send(report).is_err() {
                        break;
                    }
                }
                // A worker that waits for this one's game to be counted
                // looks again.
                counted.notify_all();
            });
        }
        drop(tx);
        // Should `on_game` panic, the workers are stopped, not left waiting.
        let _guard = StopOnDrop(stop, &slots, &counted);
        for report in rx {
            let standing = {
                let mut slots = lock(&slots);
                slots.in_flight.remove(&report.index);
                if stop.load(Ordering::Relaxed) {
                    counted.notify_all();
                    continue;
                }
                // A game stopped at the ply limit has no result: not scored.
                if let Some(score) = report.first_score() {
                    slots.tally.add(report.index, score, first_discs(&report));
                }
                slots.tally.standing(sprt)
            };
            if !on_game(&report, &standing) || standing.verdict.is_some() {
                // (It wakes the workers too.)
                stop_and_wake(stop, &slots, &counted);
            } else {
                counted.notify_all();
            }
        }
    });
    *tally = lock(&slots).tally.clone();
}

/// The games handed out, those in progress, and the score so far.
struct Slots {
    /// The next game to hand out.
    next: usize,
    /// Games started and not yet counted.
    in_flight: BTreeSet<usize>,
    /// The games counted.
    tally: PairTally,
}

/// The schedule's state, locked (a panic elsewhere leaves it usable: the
/// stop ends the schedule).
pub(super) fn lock<T>(slots: &Mutex<T>) -> MutexGuard<'_, T> {
    slots.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Sets the stop and wakes the workers should the calling thread's loop
/// unwind (a panic of `on_game`): no worker is left waiting for a count.
pub(super) struct StopOnDrop<'a, T>(pub(super) &'a AtomicBool, pub(super) &'a Mutex<T>, pub(super) &'a Condvar);

impl<T> Drop for StopOnDrop<'_, T> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            stop_and_wake(self.0, self.1, self.2);
        }
    }
}

/// Sets `stop` and wakes the workers waiting on `counted` for a change of
/// `slots`. The lock is taken between the two: a worker that looked at the
/// stop (under the lock) before it was set is waiting by then and hears
/// the wake-up. (Notified without the lock, a worker between its look and
/// its wait missed it and waited for ever, its match with it: seen once in
/// a Python test of an SPRT that stops a match.)
pub(super) fn stop_and_wake<T>(stop: &AtomicBool, slots: &Mutex<T>, counted: &Condvar) {
    stop.store(true, Ordering::Relaxed);
    drop(lock(slots));
    counted.notify_all();
}

/// The longest a worker waits for a count before it looks at the stop
/// again: a stop set from outside (Ctrl-C, the caller's flag) wakes no one.
const STOP_LOOK: Duration = Duration::from_millis(100);

/// Waits on `counted` for a change of the state `guard` locks, at most
/// [`STOP_LOOK`].
pub(super) fn wait_for_count<'a, T>(counted: &Condvar, guard: MutexGuard<'a, T>) -> MutexGuard<'a, T> {
    counted.wait_timeout(guard, STOP_LOOK).unwrap_or_else(std::sync::PoisonError::into_inner).0
}

/// The next game for a worker, once no verdict is possible from the games
/// in progress; `None` when the match is over or stopped.
fn take(
    slots: &Mutex<Slots>,
    counted: &Condvar,
    options: &MatchOptions,
    sprt: Option<(&Sprt, EloModel)>,
    stop: &AtomicBool,
) -> Option<usize> {
    let mut guard = lock(slots);
    loop {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        while options.is_done(guard.next) {
            guard.next += 1;
        }
        if guard.next >= options.games() {
            return None;
        }
        if !sprt.is_some_and(|sprt| verdict_possible(&guard.tally, &guard.in_flight, sprt)) {
            let index = guard.next;
            guard.next += 1;
            guard.in_flight.insert(index);
            return Some(index);
        }
        guard = wait_for_count(counted, guard);
    }
}

/// Whether the games in progress (`in_flight`, by index: games `2m` and
/// `2m + 1` a pair) could bring `sprt`'s verdict on `tally`: each pair
/// they complete (its other game counted or in progress too) given the
/// first engine's best results, or its worst, and the LLR compared with
/// the bounds. A match's schedule and a tournament's (for each pairing)
/// start no game while it holds.
pub(super) fn verdict_possible(
    tally: &PairTally,
    in_flight: &BTreeSet<usize>,
    (sprt, model): (&Sprt, EloModel),
) -> bool {
    let (lower, upper) = sprt.bounds();
    let (mut best, mut worst) = (tally.pairs(), tally.pairs());
    let pairs: BTreeSet<usize> = in_flight.iter().map(|i| i / 2).collect();
    for pair in pairs {
        let playing = |index: usize| in_flight.contains(&index);
        match (playing(2 * pair), playing(2 * pair + 1), tally.waiting(pair)) {
            (true, true, _) => {
                best.add(1.0, 1.0);
                worst.add(0.0, 0.0);
            }
            (true, false, Some(score)) | (false, true, Some(score)) => {
                best.add(score, 1.0);
                worst.add(score, 0.0);
            }
            // Its other game is not under way: no pair yet.
            _ => {}
        }
    }
    let llr = |p: Pentanomial| p.llr(sprt, model);
    llr(best) >= upper || llr(worst) <= lower
}

/// The first engine's disc difference in `report`'s game (its record's
/// result: a forfeit every square to the winner).
fn first_discs(report: &GameReport) -> f64 {
    let black = report.record().result.map_or(0.0, |r| r.margin());
    if report.first_is_black { black } else { -black }
}
