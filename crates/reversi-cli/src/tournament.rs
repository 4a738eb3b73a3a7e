//! `reversi tournament`: N engines (GTP or NBoard processes) in a round
//! robin or a gauntlet, refereed by reversi-engine's `Tournament`; each game
//! is appended to the records file as it ends, with a line of its pairing's
//! standing, and the crosstable is printed after each round of openings and
//! at the end.

use std::fs::File;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use clap::Args;
use reversi_engine::process::ExchangeLog;
use reversi_engine::referee::{
    Crosstable, DEFAULT_SETUP, EloModel, EngineSpec, Entrant, MAX_CONCURRENCY, MatchDefinition, MatchOptions,
    PairStanding, Schedule, Sprt, TimeControl, Tournament, TournamentGame, TournamentOptions, distinct_names,
    random_openings, symmetric_duplicates,
};
use reversi_notation::Format;

use crate::Failure;
use crate::output::{Stdout, one_line};
use crate::referee::{
    append, check_gtp_openings, parse_adjudicate, parse_engine, parse_seconds, parse_sprt, probe_engines, read_done,
    read_openings, records_format, result_text,
};

/// Arguments of `reversi tournament`.
#[derive(Args, Debug)]
pub(crate) struct TournamentArgs {
    /// The engines, at least two: gtp:COMMAND or nboard:COMMAND each (the
    /// command split into words as a shell would, no shell started).
    #[arg(value_name = "ENGINE", value_parser = parse_engine, num_args = 2.., required = true)]
    engines: Vec<EngineSpec>,
    /// Who plays whom: roundrobin (every engine against every other) or
    /// gauntlet (the first against each other).
    #[arg(long, value_name = "FORMAT", default_value = "roundrobin", value_parser = parse_pairings)]
    format: Schedule,
    /// Openings: every game of a record file (any format read), each played
    /// twice in every pairing, colours swapped (default: every position
    /// after 4 plies, one per symmetry class: 60 openings).
    /// Openings that are the same position up to the board's 8 symmetries
    /// are warned of (and listed in --json's summary).
    #[arg(long, value_name = "FILE", conflicts_with = "openings_random")]
    openings: Option<PathBuf>,
    /// Random openings of PLIES plies instead, drawn from --seed: as many as
    /// the games need (half of --games, else 60), no two the same up to
    /// symmetry, each kept only if its game goes on.
    #[arg(long, value_name = "PLIES")]
    openings_random: Option<usize>,
    /// The seed of --openings-random: one seed, one list.
    #[arg(long, value_name = "S", default_value_t = 0, requires = "openings_random")]
    seed: u64,
    /// Keep only random openings whose value lies within M discs of even
    /// (exact solve at 20 empties or fewer, else a 6-ply search).
    #[arg(long, value_name = "M", requires = "openings_random")]
    margin: Option<i32>,
    /// How many games each pairing plays (default: two per opening; with
    /// --resume, the number its records were played for).
    #[arg(long, value_name = "N")]
    games: Option<usize>,
    /// Each side's time for a game, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, value_parser = parse_seconds)]
    time: f64,
    /// Seconds added to a side's clock after each of its moves.
    #[arg(long, value_name = "SECONDS", default_value_t = 0.0, value_parser = parse_seconds)]
    increment: f64,
    /// How many games at once over the whole tournament, 1 to 256.
    #[arg(long, value_name = "J", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=MAX_CONCURRENCY as i64))]
    concurrency: u16,
    /// Seconds an engine has to start and to get ready for a game.
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_SETUP.as_secs_f64(), value_parser = parse_seconds)]
    setup: f64,
    /// The search depth told to NBoard engines (set depth N).
    #[arg(long, value_name = "N")]
    depth: Option<u32>,
    /// An engine's working directory: N=DIR, N its number from 1 in the
    /// order given (repeat for each engine that needs one).
    #[arg(long = "dir", value_name = "N=DIR", value_parser = parse_dir)]
    dirs: Vec<(usize, PathBuf)>,
    /// Write each engine's exchange with the referee to DIR/engine-N.log
    /// (N its number from 1; appended): every line sent (`GAME > LINE`) and
    /// received (`GAME < LINE`), GAME the tournament's game (`-` while the
    /// engine starts). DIR is created if missing.
    #[arg(long, value_name = "DIR")]
    log: Option<PathBuf>,
    /// Where each finished game is appended.
    #[arg(short = 'o', long = "output", value_name = "RECORDS")]
    output: PathBuf,
    /// The records' format (else from the extension, else GGF).
    #[arg(long, value_name = "FORMAT", value_parser = crate::files::parse_format)]
    to: Option<Format>,
    /// Go on with the tournament RECORDS holds: play only the games it
    /// lacks (refused when its records say another tournament).
    #[arg(long)]
    resume: bool,
    /// Print a JSON object per game and one at the end instead of text.
    #[arg(long)]
    json: bool,
    /// End each game by exact solve once at most EMPTIES squares are empty
    /// (1 to 30), with the result of perfect play; the record says so.
    #[arg(long, value_name = "EMPTIES", value_parser = parse_adjudicate)]
    adjudicate: Option<u8>,
    /// A generalised SPRT on each pairing's game pairs: elo0,elo1,alpha,beta
    /// (for example 0,10,0.05,0.05); a pairing it decides plays no more.
    #[arg(long, value_name = "ELO0,ELO1,ALPHA,BETA", value_parser = parse_sprt, allow_hyphen_values = true)]
    sprt: Option<Sprt>,
    /// The SPRT's Elo model: logistic or normalized.
    #[arg(long, value_name = "MODEL", default_value = "logistic", value_parser = parse_model)]
    sprt_model: EloModel,
}

/// How many openings --openings-random draws without --games: as many as
/// the default openings.
const DEFAULT_RANDOM_OPENINGS: usize = 60;

fn parse_pairings(s: &str) -> Result<Schedule, String> {
    s.parse().map_err(|e: reversi_engine::referee::ParseScheduleError| e.to_string())
}

fn parse_dir(s: &str) -> Result<(usize, PathBuf), String> {
    let (n, dir) = s.split_once('=').ok_or_else(|| format!("expected N=DIR, found {s:?}"))?;
    match n.parse::<usize>() {
        Ok(n) if n > 0 && !dir.is_empty() => Ok((n, PathBuf::from(dir))),
        _ => Err(format!("expected N=DIR with N an engine's number from 1, found {s:?}")),
    }
}

fn parse_model(s: &str) -> Result<EloModel, String> {
    s.parse().map_err(|e: reversi_engine::referee::ParseEloModelError| e.to_string())
}

/// Runs the tournament.
pub(crate) fn run(args: &TournamentArgs, stdout: &mut Stdout) -> Result<(), Failure> {
    let out = args.output.display().to_string();
    let format = records_format(&args.output, args.to, args.resume)?;
    let mut specs: Vec<EngineSpec> = args.engines.iter().map(|s| s.clone().depth(args.depth)).collect();
    for (n, dir) in &args.dirs {
        let Some(spec) = specs.get_mut(n - 1) else {
            return Err(Failure::usage(format!("--dir {n}={}: there are {} engines", dir.display(), specs.len())));
        };
        *spec = spec.clone().dir(dir);
    }
    if let Some(dir) = &args.log {
        let shown = dir.display().to_string();
        let shown = one_line(&shown);
        std::fs::create_dir_all(dir).map_err(|e| Failure::usage(format!("--log {shown}: {e}")))?;
        for (i, spec) in specs.iter_mut().enumerate() {
            let path = dir.join(format!("engine-{}.log", i + 1));
            let log = ExchangeLog::create(&path).map_err(|e| {
                Failure::usage(format!("--log {shown}: {}: {e}", one_line(&path.display().to_string())))
            })?;
            *spec = spec.clone().log(Some(log));
        }
    }
    let control =
        TimeControl { time: Duration::from_secs_f64(args.time), increment: Duration::from_secs_f64(args.increment) };
    let setup = Duration::from_secs_f64(args.setup);
    let mut openings = MatchOptions::new(0);
    if let Some(path) = &args.openings {
        openings = openings.openings(read_openings(path)?);
    } else if let Some(plies) = args.openings_random {
        let count = args.games.map_or(DEFAULT_RANDOM_OPENINGS, |g| g.div_ceil(2)).max(1);
        let drawn = random_openings(plies, count, args.seed, args.margin)
            .map_err(|e| Failure::usage(format!("--openings-random {plies}: {e}")))?;
        openings = openings.openings(drawn);
    }
    let openings = openings.openings_of().to_vec();
    let duplicates = symmetric_duplicates(&openings);
    for (earlier, later) in &duplicates {
        crate::warn(&format!(
            "--openings: opening {} is opening {} up to symmetry (the same position): its games repeat a test",
            later + 1,
            earlier + 1
        ));
    }
    check_gtp_openings(&specs.iter().collect::<Vec<_>>(), &openings)?;
    let records = if args.resume { read_done(&args.output)? } else { Vec::new() };
    let games = args.games.or_else(|| MatchDefinition::recorded_games(&records)).unwrap_or(2 * openings.len().max(1));
    let matches = MatchOptions::new(games)
        .openings(openings)
        .control(control)
        .concurrency(args.concurrency.into())
        .setup(setup)
        .adjudicate(args.adjudicate);
    let sprt = args.sprt.map(|s| (s, args.sprt_model));
    let options = TournamentOptions::new(args.format, matches).sprt(sprt);
    // Engines' process groups are ended if the tournament is interrupted.
    crate::interrupt::watch();
    let names = distinct_names(probe_engines(&specs.iter().collect::<Vec<_>>(), setup)?);
    let entrants = specs.iter().cloned().zip(names).map(|(spec, name)| Entrant::engine(spec).named(name)).collect();
    let mut tournament = Tournament::new(entrants, options).map_err(|e| Failure::usage(e.to_string()))?;
    if args.resume {
        tournament.resume(&records).map_err(|e| Failure::usage(format!("--resume {}: {e}", one_line(&out))))?;
    } else if std::fs::metadata(&args.output).is_ok_and(|m| m.is_file() && m.len() > 0) {
        return Err(Failure::usage(format!(
            "-o {out}: the file exists: give --resume to go on with its tournament, or another file"
        )));
    }
    let total = tournament.games();
    let remaining = total - tournament.done().len();
    let round = 2 * tournament.crosstable().pairings().len();
    let stop = AtomicBool::new(false);
    let mut failure = None;
    let mut file: Option<File> = None;
    let mut ended = 0;
    let mut on_game = |game: &TournamentGame, table: &Crosstable| -> bool {
        if let Err(e) = append(&mut file, &args.output, format, &game.record) {
            failure = Some(e);
            return false;
        }
        ended += 1;
        let mut text = if args.json {
            game_json(game, table)
        } else {
            let standing = table.pairing(game.pairing).expect("a pairing of the table");
            game_line(game, table, &standing, total)
        };
        if !args.json && ended % round == 0 && ended < remaining {
            text.push_str(&format!("\n{table}"));
        }
        if let Err(e) = stdout.write_fmt(format_args!("{text}\n")).and_then(|()| stdout.flush()) {
            failure = Some(e);
            return false;
        }
        true
    };
    tournament.run(&stop, &mut on_game);
    if let Some(failure) = failure {
        return Err(failure);
    }
    let table = tournament.crosstable();
    let summary = if args.json {
        let mut json = serde_json::to_value(table.summary()).expect("a crosstable's fields serialize");
        let pairs: Vec<[usize; 2]> = duplicates.iter().map(|&(a, b)| [a + 1, b + 1]).collect();
        json["duplicate_openings"] = serde_json::json!(pairs);
        json.to_string()
    } else {
        format!("{} games\n{table}", table.games())
    };
    stdout.write_fmt(format_args!("{summary}\n"))
}

fn game_line(game: &TournamentGame, table: &Crosstable, standing: &PairStanding, total: usize) -> String {
    let report = &game.report;
    let how = report.termination_text().map(|t| format!(" ({})", one_line(&t))).unwrap_or_default();
    let names = table.names();
    format!(
        "game {}/{total}: {} - {} {}{how}; {} vs {}: {standing}",
        game.index + 1,
        one_line(&report.names[0]),
        one_line(&report.names[1]),
        result_text(&game.record),
        one_line(&names[game.engines.0]),
        one_line(&names[game.engines.1]),
    )
}

fn game_json(game: &TournamentGame, table: &Crosstable) -> String {
    serde_json::to_string(&game.summary(table)).expect("a game's fields serialize")
}
