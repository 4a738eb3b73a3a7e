//! `reversi tournament`: N engines (GTP or NBoard processes) in a round
//! robin or a gauntlet, refereed by reversi-engine's `Tournament`; each game
//! is appended to the records file as it ends, with a line of its pairing's
//! standing, and the crosstable is printed after each round of openings and
//! at the end.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use clap::Args;
use reversi_engine::referee::{
    Crosstable, EloModel, EngineSpec, Entrant, MatchDefinition, PairStanding, Schedule, Sprt, Tournament,
    TournamentGame, TournamentOptions, distinct_names,
};

use crate::Failure;
use crate::output::{Stdout, one_line};
use crate::referee::{
    check_gtp_openings, parse_engine, parse_model, parse_sprt, probe_engines, read_done, records_failure, records_file,
    result_text,
};
use crate::referee_args::RefereeArgs;

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
    /// An engine's working directory: N=DIR, N its number from 1 in the
    /// order given (repeat for each engine that needs one).
    #[arg(long = "dir", value_name = "N=DIR", value_parser = parse_dir)]
    dirs: Vec<(usize, PathBuf)>,
    /// The options every refereed game has.
    #[command(flatten)]
    game: RefereeArgs,
    /// A generalised SPRT on each pairing's game pairs: elo0,elo1,alpha,beta
    /// (for example 0,10,0.05,0.05); a pairing it decides plays no more.
    #[arg(long, value_name = "ELO0,ELO1,ALPHA,BETA", value_parser = parse_sprt, allow_hyphen_values = true)]
    sprt: Option<Sprt>,
    /// The SPRT's Elo model: logistic or normalized.
    #[arg(long, value_name = "MODEL", default_value = "logistic", value_parser = parse_model)]
    sprt_model: EloModel,
}

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

/// Runs the tournament.
pub(crate) fn run(args: &TournamentArgs, stdout: &mut Stdout) -> Result<(), Failure> {
    let game = &args.game;
    let out = game.output.display().to_string();
    let mut file = records_file(&game.output, game.to, game.resume)?;
    let mut specs = args.engines.clone();
    for (n, dir) in &args.dirs {
        let Some(spec) = specs.get_mut(n - 1) else {
            return Err(Failure::usage(format!("--dir {n}={}: there are {} engines", dir.display(), specs.len())));
        };
        *spec = spec.clone().dir(dir);
    }
    let specs = game.engines(&specs)?;
    let (source, openings, duplicates) = game.openings()?;
    check_gtp_openings(&specs.iter().collect::<Vec<_>>(), &openings)?;
    let records = read_done(&file, game.resume)?;
    let games = game.games.or_else(|| MatchDefinition::recorded_games(&records)).unwrap_or(2 * openings.len().max(1));
    let matches = game.match_options(source, openings, games);
    let sprt = args.sprt.map(|s| (s, args.sprt_model));
    let options = TournamentOptions::new(args.format, matches).sprt(sprt);
    // Engines' process groups are ended if the tournament is interrupted.
    crate::interrupt::watch();
    let names = distinct_names(probe_engines(&specs.iter().collect::<Vec<_>>(), game.setup())?);
    let entrants = specs.iter().cloned().zip(names).map(|(spec, name)| Entrant::engine(spec).named(name)).collect();
    let mut tournament = Tournament::new(entrants, options).map_err(|e| Failure::usage(e.to_string()))?;
    if game.resume {
        tournament.resume(&records).map_err(|e| Failure::usage(format!("--resume {}: {e}", one_line(&out))))?;
    } else {
        file.check_unused().map_err(|e| records_failure(&game.output, e, "tournament"))?;
    }
    let total = tournament.games();
    let remaining = total - tournament.done().len();
    let round = 2 * tournament.crosstable().pairings().len();
    let stop = AtomicBool::new(false);
    let mut failure = None;
    let mut ended = 0;
    let mut on_game = |played: &TournamentGame, table: &Crosstable| -> bool {
        if let Err(e) = file.append(&played.record) {
            failure = Some(records_failure(&game.output, e, "tournament"));
            return false;
        }
        ended += 1;
        let mut text = if game.json {
            game_json(played, table)
        } else {
            let standing = table.pairing(played.pairing).expect("a pairing of the table");
            game_line(played, table, &standing, total)
        };
        if !game.json && ended % round == 0 && ended < remaining {
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
    let summary = if game.json {
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
