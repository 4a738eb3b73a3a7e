//! A tournament: N engines (processes or in-process policies) in a round
//! robin or a gauntlet, each pairing a match over the same openings with
//! colours swapped, the games spread over a bounded number of threads, and
//! a crosstable kept as they end.
//!
//! The schedule: pairing `p` of `P` plays its games `0..G` as a match does
//! ([`run_match`](super::run_match): game `i` plays opening `i / 2`, the
//! pairing's first engine Black in even games); the tournament's game
//! `2 (k P + p) + r` is pairing `p`'s game `2k + r`, so that the openings
//! go round the pairings and the tournament's games `2m` and `2m + 1` are a
//! pair (one opening, both colours). A game's record says the tournament's
//! index in `Round` (from 1), its pairing's match definition
//! ([`MatchDefinition`]) and the tournament's format and size
//! (`Tournament`), so that a tournament resumes from its records
//! ([`Tournament::resume`]) as a match does.
//!
//! Each game is [`play_game`](super::play_game) under the match's rules
//! (clocks, forfeits, an engine restarted after its failure, the match's
//! [`Adjudication`](super::Adjudication): exact solve, the engines'
//! evaluations, the ply limit). With an SPRT, each pairing is scheduled as
//! a match is (the look-ahead of [`run_match`](super::run_match), one
//! function for both): no game of a pairing starts while its games in
//! progress could bring its verdict, nor once it has one, while the other
//! pairings' games keep the threads busy.

mod crosstable;

use std::collections::BTreeSet;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, mpsc};
use std::time::Instant;

use reversi_notation::Record;

pub use crosstable::{Crosstable, Row};

use super::definition::{MatchDefinition, ResumeMismatch};
use super::gsprt::EloModel;
use super::matches::{EngineSpec, GameReport, MatchOptions, play_one};
use super::pentanomial::PairTally;
use super::schedule::{StopOnDrop, lock, stop_and_wake, verdict_possible, wait_for_count};
use super::stats::Sprt;
use crate::player::{GameState, Player};
use crate::process::Fault;

/// Who plays whom.
///
/// `#[non_exhaustive]`: schedules may be added (the CLI's and Python's
/// `format` argument names one).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Schedule {
    /// Every engine against every other (`n (n - 1) / 2` pairings, the
    /// earlier entrant first).
    #[default]
    RoundRobin,
    /// The first engine against each of the others (`n - 1` pairings).
    Gauntlet,
}

impl Schedule {
    /// `roundrobin` or `gauntlet`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Schedule::RoundRobin => "roundrobin",
            Schedule::Gauntlet => "gauntlet",
        }
    }

    /// The pairings of `engines` entrants: indices of the first and the
    /// second engine.
    ///
    /// ```
    /// use reversi_engine::referee::Schedule;
    /// assert_eq!(Schedule::RoundRobin.pairings(3), [(0, 1), (0, 2), (1, 2)]);
    /// assert_eq!(Schedule::Gauntlet.pairings(3), [(0, 1), (0, 2)]);
    /// ```
    #[must_use]
    pub fn pairings(self, engines: usize) -> Vec<(usize, usize)> {
        match self {
            Schedule::RoundRobin => (0..engines).flat_map(|a| (a + 1..engines).map(move |b| (a, b))).collect(),
            Schedule::Gauntlet => (1..engines).map(|b| (0, b)).collect(),
        }
    }
}

impl fmt::Display for Schedule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A format that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a tournament format, roundrobin or gauntlet, found {0:?}")]
pub struct ParseScheduleError(pub String);

impl std::str::FromStr for Schedule {
    type Err = ParseScheduleError;

    /// `roundrobin` (also `round-robin`) or `gauntlet`.
    ///
    /// # Errors
    /// [`ParseScheduleError`] for anything else.
    fn from_str(s: &str) -> Result<Schedule, ParseScheduleError> {
        match s {
            "roundrobin" | "round-robin" => Ok(Schedule::RoundRobin),
            "gauntlet" => Ok(Schedule::Gauntlet),
            _ => Err(ParseScheduleError(s.into())),
        }
    }
}

/// What starts a side, ready before a deadline.
type Start<'a> = Box<dyn Fn(Instant) -> Result<Box<dyn Player + Send>, Fault> + Sync + 'a>;

/// A tournament's participant: its name in the crosstable, what identifies
/// it in the records' definitions, and how to start it (an engine process,
/// [`Entrant::engine`], or anything that makes a [`Player`], such as a
/// [`PolicyPlayer`](super::PolicyPlayer)).
pub struct Entrant<'a> {
    name: String,
    identity: String,
    start: Start<'a>,
}

impl fmt::Debug for Entrant<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Entrant").field("name", &self.name).field("identity", &self.identity).finish_non_exhaustive()
    }
}

impl<'a> Entrant<'a> {
    /// An entrant named `name`, identified in the records by `identity`,
    /// each of its sides made by `start` (given the deadline to be ready
    /// by).
    ///
    /// ```
    /// use reversi_engine::referee::{Entrant, PolicyPlayer};
    /// use reversi_engine::{BuiltinPolicy, Seeded, SplitMix64};
    /// let greedy = Entrant::new("greedy", "policy:greedy", |_| {
    ///     Ok(Box::new(PolicyPlayer(Seeded::new(BuiltinPolicy::Greedy, SplitMix64::new(1)))))
    /// });
    /// assert_eq!(greedy.name(), "greedy");
    /// ```
    pub fn new(
        name: impl Into<String>,
        identity: impl Into<String>,
        start: impl Fn(Instant) -> Result<Box<dyn Player + Send>, Fault> + Sync + 'a,
    ) -> Entrant<'a> {
        Entrant { name: name.into(), identity: identity.into(), start: Box::new(start) }
    }

    /// The engine process `spec` describes, named by its command and
    /// identified by [`EngineSpec::identity`].
    #[must_use]
    pub fn engine(spec: EngineSpec) -> Entrant<'static> {
        let (name, identity) = (spec.command(), spec.identity());
        Entrant::new(name, identity, move |deadline| spec.start(deadline))
    }

    /// The entrant renamed (the crosstable's name).
    #[must_use]
    pub fn named(mut self, name: impl Into<String>) -> Entrant<'a> {
        self.name = name.into();
        self
    }

    /// Its name in the crosstable.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What identifies it in the records.
    #[must_use]
    pub fn identity(&self) -> &str {
        &self.identity
    }
}

/// The entrants' names for a crosstable: each as given, a name given twice
/// or more followed by the entrant's number from 1 (`random #2`), so that
/// every row and record names one entrant (the CLI names engines as they
/// name themselves; Python callables by their `__name__`).
///
/// ```
/// use reversi_engine::referee::distinct_names;
/// let names = distinct_names(vec!["edax".into(), "random".into(), "random".into()]);
/// assert_eq!(names, ["edax", "random #2", "random #3"]);
/// ```
#[must_use]
pub fn distinct_names(names: Vec<String>) -> Vec<String> {
    let count = |name: &String| names.iter().filter(|n| *n == name).count();
    names.iter().enumerate().map(|(i, n)| if count(n) > 1 { format!("{n} #{}", i + 1) } else { n.clone() }).collect()
}

/// A tournament's settings: its format, each pairing's match (games per
/// pairing, openings, clock, games at once over the whole tournament,
/// adjudication) and an SPRT on each pairing's pairs.
///
/// ```
/// use reversi_engine::referee::{Schedule, MatchOptions, TournamentOptions};
/// let options = TournamentOptions::new(Schedule::Gauntlet, MatchOptions::new(20).concurrency(2));
/// assert_eq!((options.schedule(), options.matches().games()), (Schedule::Gauntlet, 20));
/// ```
#[derive(Clone, Debug)]
pub struct TournamentOptions {
    schedule: Schedule,
    matches: MatchOptions,
}

impl TournamentOptions {
    /// A tournament in `format` whose pairings each play a match under
    /// `matches` (its number of games is each pairing's; its concurrency
    /// the tournament's games at once; the games it marks done are not
    /// read: a tournament resumes by [`Tournament::resume`]).
    #[must_use]
    pub const fn new(schedule: Schedule, matches: MatchOptions) -> TournamentOptions {
        TournamentOptions { schedule, matches }
    }

    /// An SPRT on each pairing's pairs (its first engine's view), under
    /// `model`: a pairing whose LLR crosses a bound plays no more games.
    #[must_use]
    pub fn sprt(mut self, sprt: Option<(Sprt, EloModel)>) -> TournamentOptions {
        self.matches = self.matches.sprt(sprt);
        self
    }

    /// Who plays whom.
    #[must_use]
    pub const fn schedule(&self) -> Schedule {
        self.schedule
    }

    /// Each pairing's match.
    #[must_use]
    pub const fn matches(&self) -> &MatchOptions {
        &self.matches
    }

    /// The SPRT and its model, if any (the matches' [`MatchOptions::sprt_of`]).
    #[must_use]
    pub const fn sprt_of(&self) -> Option<(Sprt, EloModel)> {
        self.matches.sprt_of()
    }
}

/// A tournament that cannot be set up or resumed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TournamentError {
    /// Fewer than two entrants.
    #[error("a tournament needs at least 2 engines, found {found}")]
    TooFew {
        /// The entrants given.
        found: usize,
    },
    /// A record's `Round` is not a game of this tournament.
    #[error("a record's Round {round} is not a game of this tournament (games 1 to {games})")]
    Round {
        /// The record's round.
        round: usize,
        /// The tournament's games.
        games: usize,
    },
    /// A record of another tournament or match.
    #[error("{0}")]
    Mismatch(#[from] ResumeMismatch),
}

/// A game of a tournament that ended (or was forfeited).
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct TournamentGame {
    /// The game's index in the tournament (0-based; its record's `Round` is
    /// one more).
    pub index: usize,
    /// Its pairing's index.
    pub pairing: usize,
    /// The entrants of the pairing: the first, the second.
    pub engines: (usize, usize),
    /// The game as its pairing's match reports it ([`GameReport::index`] is the
    /// tournament's index).
    pub report: GameReport,
    /// Its record: the game, `Round`, the pairing's definition and
    /// `Tournament`.
    pub record: Record,
}

/// The record field that says a tournament's format and size.
pub const TOURNAMENT_FIELD: &str = "Tournament";

/// A tournament between entrants: set up, resumed from its records, run.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use reversi_engine::referee::{Entrant, Schedule, MatchOptions, PolicyPlayer, Tournament, TournamentOptions};
/// use reversi_engine::{BuiltinPolicy, Seeded, SplitMix64};
/// let policy = |p: BuiltinPolicy, name: &str| {
///     Entrant::new(name, format!("policy:{name}"), move |_| Ok(Box::new(PolicyPlayer(Seeded::new(p, SplitMix64::new(7))))))
/// };
/// let entrants = vec![policy(BuiltinPolicy::Greedy, "greedy"), policy(BuiltinPolicy::Random, "random"), policy(BuiltinPolicy::Random, "random2")];
/// let options = TournamentOptions::new(Schedule::RoundRobin, MatchOptions::new(4).concurrency(2));
/// let mut tournament = Tournament::new(entrants, options)?;
/// let mut records = Vec::new();
/// tournament.run(&AtomicBool::new(false), &mut |game, _table| {
///     records.push(game.record.clone());
///     true
/// });
/// assert_eq!((records.len(), tournament.crosstable().games()), (12, 12));
/// # Ok::<(), reversi_engine::referee::TournamentError>(())
/// ```
#[derive(Debug)]
pub struct Tournament<'a> {
    entrants: Vec<Entrant<'a>>,
    options: TournamentOptions,
    pairings: Vec<(usize, usize)>,
    definitions: Vec<MatchDefinition>,
    label: String,
    crosstable: Crosstable,
    done: BTreeSet<usize>,
}

impl<'a> Tournament<'a> {
    /// A tournament between `entrants` under `options`, no game played.
    ///
    /// # Errors
    /// [`TournamentError::TooFew`] for fewer than two entrants.
    pub fn new(entrants: Vec<Entrant<'a>>, options: TournamentOptions) -> Result<Tournament<'a>, TournamentError> {
        if entrants.len() < 2 {
            return Err(TournamentError::TooFew { found: entrants.len() });
        }
        let pairings = options.schedule.pairings(entrants.len());
        let definitions = pairings
            .iter()
            .map(|&(a, b)| MatchDefinition::of(&entrants[a].identity, &entrants[b].identity, &options.matches))
            .collect();
        let names = entrants.iter().map(|e| e.name.clone()).collect();
        let crosstable = Crosstable::new(names, pairings.clone()).with_sprt(options.sprt_of());
        let label = format!("{} of {}", options.schedule, entrants.len());
        Ok(Tournament { entrants, options, pairings, definitions, label, crosstable, done: BTreeSet::new() })
    }

    /// The number of games (each pairing's games times the pairings).
    #[must_use]
    pub fn games(&self) -> usize {
        self.pairings.len() * self.options.matches.games()
    }

    /// The crosstable so far.
    #[must_use]
    pub const fn crosstable(&self) -> &Crosstable {
        &self.crosstable
    }

    /// The games played (or read from records), by tournament index.
    #[must_use]
    pub const fn done(&self) -> &BTreeSet<usize> {
        &self.done
    }

    /// The pairing and the pairing's game of the tournament's game `index`;
    /// `None` if no game has that index.
    #[must_use]
    pub fn slot(&self, index: usize) -> Option<(usize, usize)> {
        let pairings = self.pairings.len();
        let (pair, r) = (index / 2, index % 2);
        let (pairing, game) = (pair % pairings, 2 * (pair / pairings) + r);
        (game < self.options.matches.games()).then_some((pairing, game))
    }

    /// The tournament indices to try: every slot up to the last pair (with
    /// an odd number of games a pairing, some are no game).
    fn slots(&self) -> usize {
        2 * self.pairings.len() * self.options.matches.games().div_ceil(2)
    }

    /// Takes the games of `records` (a tournament's records, as its games
    /// wrote them) as played: counted in the crosstable, not played again.
    /// Records without `Round` or a result are passed over, as a match's
    /// resume does (one with a `Termination` and no result, a game stopped
    /// at the ply limit, is taken as played and not counted); the same round twice counts once. Returns the number
    /// of games taken.
    ///
    /// # Errors
    /// [`TournamentError::Round`] for a round that is no game of this
    /// tournament; [`TournamentError::Mismatch`] for a record whose
    /// definition or `Tournament` field says another tournament.
    pub fn resume(&mut self, records: &[Record]) -> Result<usize, TournamentError> {
        let mut taken = 0;
        for record in records {
            let Some(round) = record.get("Round").and_then(|s| s.parse::<usize>().ok()).filter(|&n| n > 0) else {
                continue;
            };
            let index = round - 1;
            let Some((pairing, _)) = self.slot(index) else {
                return Err(TournamentError::Round { round, games: self.slots() });
            };
            self.definitions[pairing].check_resume(std::slice::from_ref(record))?;
            if let Some(there) = record.get(TOURNAMENT_FIELD)
                && there != self.label
            {
                let difference = format!("the tournament: {there} there, {} now", self.label);
                return Err(ResumeMismatch { differences: vec![difference] }.into());
            }
            if record.result.is_none() {
                // A game ended without a result (the ply limit): played,
                // not counted.
                if record.get("Termination").is_some() {
                    self.done.insert(index);
                }
                continue;
            }
            if !self.done.insert(index) {
                continue;
            }
            self.crosstable.add(index, pairing, record);
            taken += 1;
        }
        Ok(taken)
    }

    /// The record of a game: [`GameReport::record`], the event `reversi
    /// tournament`, the pairing's definition and the `Tournament` field.
    fn record(&self, pairing: usize, report: &GameReport) -> Record {
        let mut record = report.record();
        record.event = Some("reversi tournament".into());
        let game = self.slot(report.index).map_or(0, |(_, game)| game);
        self.definitions[pairing].mark(&mut record, game);
        record.extra.push((TOURNAMENT_FIELD.into(), self.label.clone()));
        record
    }

    /// Plays the games not yet done on the options' number of threads,
    /// each thread keeping the engines it started for its next games (at
    /// most one of each entrant), handing each finished game to `on_game`
    /// on the calling thread as it ends, after the crosstable counted it;
    /// `on_game` returns whether to go on. Setting `stop` stops the
    /// tournament between moves; the games in progress are then dropped.
    ///
    /// With an SPRT each pairing is scheduled as a match is
    /// ([`run_match`](super::run_match)): no game of a pairing starts while
    /// its games in progress could bring its verdict (the threads take
    /// other pairings' games meanwhile), and none once it has one; a game
    /// of the pairing still in progress at the verdict is dropped, as a
    /// match drops it.
    pub fn run(&mut self, stop: &AtomicBool, on_game: &mut dyn FnMut(&TournamentGame, &Crosstable) -> bool) {
        let sprt = self.options.sprt_of();
        let sprt = sprt.as_ref().map(|(s, m)| (s, *m));
        let pairings = 0..self.pairings.len();
        let slots = Mutex::new(Slots {
            next: vec![0; pairings.len()],
            in_flight: vec![BTreeSet::new(); pairings.len()],
            tallies: pairings.clone().map(|p| self.crosstable.tally(p).cloned().unwrap_or_default()).collect(),
            decided: pairings.map(|p| self.decided(p)).collect(),
        });
        let counted = Condvar::new();
        let standard = [GameState::new(reversi_variants::Position::from(reversi_core::Position::start()))];
        let matches = &self.options.matches;
        let openings: &[GameState] = if matches.openings_of().is_empty() { &standard } else { matches.openings_of() };
        let (tx, rx) = mpsc::channel::<(usize, GameReport)>();
        let this = &*self;
        let mut table = this.crosstable.clone();
        let mut ended = Vec::new();
        std::thread::scope(|scope| {
            for _ in 0..matches.concurrency_of().max(1) {
                let (tx, slots, counted) = (tx.clone(), &slots, &counted);
                scope.spawn(move || {
                    let mut engines: Vec<Option<Box<dyn Player + Send>>> = this.entrants.iter().map(|_| None).collect();
                    while let Some((index, pairing, game)) = this.take(slots, counted, sprt, stop) {
                        let (a, b) = this.pairings[pairing];
                        let mut pair = [engines[a].take(), engines[b].take()];
                        let starts = [&*this.entrants[a].start, &*this.entrants[b].start];
                        let first_is_black = index.is_multiple_of(2);
                        let opening = &openings[(game / 2) % openings.len()];
                        let (names, played) =
                            play_one(&mut pair, starts, index, opening, first_is_black, matches, stop);
                        [engines[a], engines[b]] = pair;
                        let report = GameReport { index, first_is_black, names, played };
                        if report.played.termination == super::Termination::Stopped
                            || tx.send((pairing, report)).is_err()
                        {
                            break;
                        }
                    }
                    // A thread that waits for this one's game to be counted
                    // looks again.
                    counted.notify_all();
                });
            }
            drop(tx);
            // Should `on_game` panic, the threads are stopped, not left
            // waiting.
            let _guard = StopOnDrop(stop, &slots, &counted);
            for (pairing, report) in rx {
                let index = report.index;
                let record = {
                    let mut slots = lock(&slots);
                    slots.in_flight[pairing].remove(&index);
                    // Not counted: stopped, or its pairing decided while it
                    // was played.
                    if stop.load(Ordering::Relaxed) || slots.decided[pairing] {
                        counted.notify_all();
                        continue;
                    }
                    let record = this.record(pairing, &report);
                    table.add(index, pairing, &record);
                    slots.tallies[pairing] = table.tally(pairing).cloned().unwrap_or_default();
                    slots.decided[pairing] = table.pairing(pairing).is_some_and(|s| s.verdict.is_some());
                    record
                };
                ended.push(index);
                let game = TournamentGame { index, pairing, engines: this.pairings[pairing], report, record };
                if !on_game(&game, &table) {
                    // (It wakes the workers too.)
                    stop_and_wake(stop, &slots, &counted);
                } else {
                    counted.notify_all();
                }
            }
        });
        self.crosstable = table;
        self.done.extend(ended);
    }

    /// The tournament's index of pairing `pairing`'s game `game` (the
    /// inverse of [`slot`](Tournament::slot)).
    fn index(&self, pairing: usize, game: usize) -> usize {
        2 * ((game / 2) * self.pairings.len() + pairing) + game % 2
    }

    /// The next game for a thread: of the pairings not decided, with games
    /// to play and whose games in progress cannot bring their verdict, the
    /// game first in the tournament's order (its index, pairing and the
    /// pairing's game). Waits while every such pairing's verdict could
    /// come from its games in progress; `None` once no game is left to
    /// start, or the tournament is stopped.
    fn take(
        &self,
        slots: &Mutex<Slots>,
        counted: &Condvar,
        sprt: Option<(&Sprt, EloModel)>,
        stop: &AtomicBool,
    ) -> Option<(usize, usize, usize)> {
        let games = self.options.matches.games();
        let mut guard = lock(slots);
        loop {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            let slots = &mut *guard;
            let mut open = Vec::new();
            for pairing in 0..self.pairings.len() {
                let next = &mut slots.next[pairing];
                while *next < games && self.done.contains(&self.index(pairing, *next)) {
                    *next += 1;
                }
                if *next < games && !slots.decided[pairing] {
                    open.push((self.index(pairing, *next), pairing));
                }
            }
            if open.is_empty() {
                return None;
            }
            open.sort_unstable();
            let free = |&&(_, pairing): &&(usize, usize)| {
                !sprt.is_some_and(|sprt| verdict_possible(&slots.tallies[pairing], &slots.in_flight[pairing], sprt))
            };
            if let Some(&(index, pairing)) = open.iter().find(free) {
                let game = slots.next[pairing];
                slots.next[pairing] += 1;
                slots.in_flight[pairing].insert(index);
                return Some((index, pairing, game));
            }
            guard = wait_for_count(counted, guard);
        }
    }

    /// Whether pairing `pairing`'s SPRT has a verdict.
    fn decided(&self, pairing: usize) -> bool {
        self.crosstable.pairing(pairing).is_some_and(|s| s.verdict.is_some())
    }
}

/// The tournament's schedule, each pairing's: its next game (its own
/// numbering), its games started and not yet counted (the tournament's
/// indices), its games counted (a copy of the crosstable's) and whether its
/// SPRT has a verdict.
struct Slots {
    next: Vec<usize>,
    in_flight: Vec<BTreeSet<usize>>,
    tallies: Vec<PairTally>,
    decided: Vec<bool>,
}
