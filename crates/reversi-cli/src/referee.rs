//! `reversi match`: two engines (GTP or NBoard processes) play a match
//! refereed by reversi-engine's `run_scored_match`; each game is appended to the
//! records file as it ends, and a line of the score so far is printed.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use clap::Args;
use reversi_engine::referee::{
    EloModel, EngineSpec, GameReport, GameState, GameSummary, MatchDefinition, PairStanding, PairTally, RecordsFile,
    RecordsFileError, RecordsFormatError, Repeats, Sprt, Termination, resumed_tally, run_scored_match,
};
use reversi_notation::{Format, Record};

use crate::Failure;
use crate::output::{Stdout, one_line};
use crate::referee_args::RefereeArgs;

/// Arguments of `reversi match`.
#[derive(Args, Debug)]
pub(crate) struct MatchArgs {
    /// The first engine: gtp:COMMAND or nboard:COMMAND (the command split
    /// into words as a shell would, no shell started).
    #[arg(value_name = "ENGINE", value_parser = parse_engine)]
    first: EngineSpec,
    /// The second engine.
    #[arg(value_name = "ENGINE", value_parser = parse_engine)]
    second: EngineSpec,
    /// The first engine's working directory.
    #[arg(long, value_name = "DIR")]
    dir1: Option<PathBuf>,
    /// The second engine's working directory.
    #[arg(long, value_name = "DIR")]
    dir2: Option<PathBuf>,
    /// The options every refereed game has.
    #[command(flatten)]
    game: RefereeArgs,
    /// Stop when a generalised SPRT on the game pairs (an opening with
    /// both colours) decides: elo0,elo1,alpha,beta (for example
    /// 0,10,0.05,0.05); no game starts after its verdict.
    #[arg(long, value_name = "ELO0,ELO1,ALPHA,BETA", value_parser = parse_sprt, allow_hyphen_values = true)]
    sprt: Option<Sprt>,
    /// The SPRT's Elo model: logistic or normalized.
    #[arg(long, value_name = "MODEL", default_value = "logistic", value_parser = parse_model)]
    sprt_model: EloModel,
}

pub(crate) fn parse_engine(s: &str) -> Result<EngineSpec, String> {
    s.parse().map_err(|e: reversi_engine::referee::ParseEngineError| e.to_string())
}

pub(crate) fn parse_sprt(s: &str) -> Result<Sprt, String> {
    s.parse().map_err(|e: reversi_engine::referee::ParseSprtError| e.to_string())
}

pub(crate) fn parse_model(s: &str) -> Result<EloModel, String> {
    s.parse().map_err(|e: reversi_engine::referee::ParseEloModelError| e.to_string())
}

/// The records file `output` (`to`, else from the extension, else GGF):
/// reversi-engine's [`RecordsFile`], refused as [`records_failure`] words
/// it; standard output is refused (it has the score lines).
pub(crate) fn records_file(output: &Path, to: Option<Format>, resume: bool) -> Result<RecordsFile, Failure> {
    if output.as_os_str() == "-" {
        return Err(Failure::usage("-o -: the games go to a file (standard output has the score lines)"));
    }
    RecordsFile::new(output, to, resume).map_err(|e| records_failure(output, e, "match"))
}

/// A records file's refusal as the command words it: by the option it
/// comes from (`-o RECORDS` or `--resume`), `of` the match or tournament
/// that would go on with a file that has games.
pub(crate) fn records_failure(output: &Path, e: RecordsFileError, of: &str) -> Failure {
    let path = output.display().to_string();
    let out = one_line(&path);
    Failure::usage(match e {
        RecordsFileError::Format(e @ RecordsFormatError::NoRound(_)) => format!("--resume: {e}"),
        RecordsFileError::Format(e) => format!("-o: {e}"),
        RecordsFileError::NotAFile { what, .. } => format!(
            "-o {out}: {what}, not a file: a match appends its games to a records file (and reads it to resume)"
        ),
        RecordsFileError::NoDirectory { directory, .. } => format!("-o {out}: no directory {}", directory.display()),
        RecordsFileError::Exists { .. } => {
            format!("-o {out}: the file exists: give --resume to go on with its {of}, or another file")
        }
        RecordsFileError::Open(e) => e.to_string(),
        RecordsFileError::Read(e) => format!("--resume: {e}"),
        RecordsFileError::Write { message, .. } => format!("{out}: {message}"),
        e => e.to_string(),
    })
}

/// The games RECORDS holds already (with `--resume`; none without).
pub(crate) fn read_done(file: &RecordsFile, resume: bool) -> Result<Vec<Record>, Failure> {
    if !resume {
        return Ok(Vec::new());
    }
    file.read_games().map_err(|e| records_failure(file.path(), e, "match"))
}

/// Refuses openings an engine's protocol cannot set up (GTP: only the
/// standard start; reversi-engine's [`EngineSpec::check_start`]), engines
/// numbered from 1 in messages.
pub(crate) fn check_gtp_openings(specs: &[&EngineSpec], openings: &[GameState]) -> Result<(), Failure> {
    for (n, spec) in specs.iter().enumerate() {
        for opening in openings {
            spec.check_start(&opening.start)
                .map_err(|e| Failure::usage(format!("engine {} {e}: give openings as moves from it", n + 1)))?;
        }
    }
    Ok(())
}

/// Checks every engine's directory, then starts each once (ready within
/// `setup`): a command that cannot run is refused before any game. Returns
/// the names the engines give.
pub(crate) fn probe_engines(specs: &[&EngineSpec], setup: Duration) -> Result<Vec<String>, Failure> {
    let failed = |n: usize, spec: &EngineSpec, e: reversi_engine::Fault| {
        Failure::usage(format!("engine {} ({}): {e}", n + 1, one_line(&spec.command())))
    };
    for (n, spec) in specs.iter().enumerate() {
        spec.check().map_err(|e| failed(n, spec, e))?;
    }
    let mut names = Vec::new();
    for (n, spec) in specs.iter().enumerate() {
        names.push(spec.start(Instant::now() + setup).map_err(|e| failed(n, spec, e))?.name());
    }
    Ok(names)
}

/// How many repeated games are warned about one by one (the others are
/// counted at the end).
const WARNED_REPEATS: usize = 5;

/// Runs the match: its records file checked, the engines described, the
/// match's options (openings, clock, games) and what a resume has played,
/// the engines checked and started once, then the games.
pub(crate) fn run(args: &MatchArgs, stdout: &mut Stdout) -> Result<(), Failure> {
    let game = &args.game;
    let file = records_file(&game.output, game.to, game.resume)?;
    let engines = engine_specs(args)?;
    let (source, openings, _) = game.openings()?;
    check_gtp_openings(&[&engines[0], &engines[1]], &openings)?;
    let records = read_done(&file, game.resume)?;
    // A resume plays the number of games its records say unless told.
    let games = game.games.or_else(|| MatchDefinition::recorded_games(&records)).unwrap_or(2 * openings.len().max(1));
    let options = game.match_options(source, openings, games).sprt(args.sprt.map(|s| (s, args.sprt_model)));
    let definition = MatchDefinition::new(&engines[0], &engines[1], &options);
    let (mut tally, done) = resumed_games(args, &definition, &file, &records, games)?;
    let options = options.done(done);
    // Engines' process groups are ended if the match is interrupted.
    crate::interrupt::watch();
    probe_engines(&[&engines[0], &engines[1]], game.setup())?;
    let mut games =
        MatchGames { args, definition, repeats: Repeats::default(), repeated: 0, file, failure: None, stdout, games };
    games.note_records(&records);
    let stop = AtomicBool::new(false);
    let f1 = |deadline| engines[0].start(deadline);
    let f2 = |deadline| engines[1].start(deadline);
    run_scored_match(&f1, &f2, &options, &mut tally, &stop, &mut |report, standing| games.on_game(report, standing));
    let sprt = options.sprt_of();
    games.finish(&tally.standing(sprt.as_ref().map(|(s, m)| (s, *m))))
}

/// The two engines with their working directories, depth and logs.
fn engine_specs(args: &MatchArgs) -> Result<[EngineSpec; 2], Failure> {
    let with = |spec: &EngineSpec, dir: &Option<PathBuf>| match dir {
        Some(dir) => spec.clone().dir(dir),
        None => spec.clone(),
    };
    let specs = args.game.engines(&[with(&args.first, &args.dir1), with(&args.second, &args.dir2)])?;
    let [first, second] = <[EngineSpec; 2]>::try_from(specs).expect("two engines in, two out");
    Ok([first, second])
}

/// What RECORDS has played (with `--resume`, checked to be this match):
/// the score so far, by pairs, and the games not to play again. Without
/// `--resume`, a file with games is refused.
fn resumed_games(
    args: &MatchArgs,
    definition: &MatchDefinition,
    file: &RecordsFile,
    records: &[Record],
    games: usize,
) -> Result<(PairTally, BTreeSet<usize>), Failure> {
    if args.game.resume {
        let path = args.game.output.display().to_string();
        let out = one_line(&path);
        definition.check_resume(records).map_err(|e| Failure::usage(format!("--resume {out}: {e}")))?;
        return Ok(resumed_tally(records, games));
    }
    file.check_unused().map_err(|e| records_failure(file.path(), e, "match"))?;
    Ok((PairTally::default(), BTreeSet::new()))
}

/// The match's games as they end: each appended to RECORDS, told as a line
/// (or JSON) with the standing after it, and checked for repeats.
struct MatchGames<'a> {
    args: &'a MatchArgs,
    definition: MatchDefinition,
    repeats: Repeats,
    repeated: usize,
    /// Created with the first game: no empty records file when none is played.
    file: RecordsFile,
    failure: Option<Failure>,
    stdout: &'a mut Stdout,
    games: usize,
}

impl MatchGames<'_> {
    /// Notes a resume's games, so that a new game that repeats one is told.
    fn note_records(&mut self, records: &[Record]) {
        for record in records {
            if let Some(round) = record.get("Round").and_then(|r| r.parse::<usize>().ok()).filter(|&r| r > 0) {
                self.repeats.note_record(round - 1, record);
            }
        }
    }

    /// One game ended, `standing` the match's after it: whether to go on.
    fn on_game(&mut self, report: &GameReport, standing: &PairStanding) -> bool {
        let mut record = report.record();
        self.definition.mark(&mut record, report.index);
        if let Err(e) = self.file.append(&record) {
            self.failure = Some(records_failure(self.file.path(), e, "match"));
            return false;
        }
        self.warn_repeat(report);
        let line = if self.args.game.json {
            let line = GameSummary::of_match(report, &record, *standing);
            serde_json::to_string(&line).expect("a game's fields serialize")
        } else {
            game_line(report, &record, standing, self.games)
        };
        if let Err(e) = self.stdout.write_fmt(format_args!("{line}\n")).and_then(|()| self.stdout.flush()) {
            self.failure = Some(e);
            return false;
        }
        true
    }

    /// Warns of a game that repeats an earlier one move for move (the first
    /// few one by one).
    fn warn_repeat(&mut self, report: &GameReport) {
        if matches!(report.played.termination, Termination::Finished | Termination::Adjudicated { .. })
            && let Some(earlier) = self.repeats.note(report.index, &report.played.game)
        {
            self.repeated += 1;
            if self.repeated <= WARNED_REPEATS {
                crate::warn(&format!(
                    "game {} repeats game {} move for move: give --openings (or more of them) for games that differ",
                    report.index + 1,
                    earlier + 1
                ));
            }
        }
    }

    /// The match is over: the repeats not warned of one by one, a failure,
    /// or the summary, `standing` the match's.
    fn finish(self, standing: &PairStanding) -> Result<(), Failure> {
        if self.repeated > WARNED_REPEATS {
            crate::warn(&format!("{} more games repeat an earlier game move for move", self.repeated - WARNED_REPEATS));
        }
        if let Some(failure) = self.failure {
            return Err(failure);
        }
        let summary = if self.args.game.json {
            serde_json::to_string(standing).expect("a standing's fields serialize")
        } else {
            format!("{} games: {standing}", standing.games.games)
        };
        self.stdout.write_fmt(format_args!("{summary}\n"))
    }
}

/// The result of a game as the line shows it.
pub(crate) fn result_text(record: &Record) -> String {
    record.result.as_ref().map_or_else(|| "*".into(), ToString::to_string)
}

fn game_line(report: &GameReport, record: &Record, standing: &PairStanding, games: usize) -> String {
    let how = report.termination_text().map(|t| format!(" ({})", one_line(&t))).unwrap_or_default();
    format!(
        "game {}/{games}: {} - {} {}{how}; {standing}",
        report.index + 1,
        one_line(&report.names[0]),
        one_line(&report.names[1]),
        result_text(record)
    )
}
