//! `reversi tournament`: N engines (GTP or NBoard processes) in a round
//! robin or a gauntlet, refereed by reversi-engine's `Tournament`; each game
//! is appended to the records file as it ends, with a line of its pairing's
//! standing, and the crosstable is printed after each round of openings and
//! at the end.

use std::fs::File;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use clap::Args;
use reversi_engine::referee::{
    Crosstable, EloModel, EngineSpec, Entrant, MatchDefinition, PairStanding, Schedule, Sprt, Tournament,
    TournamentGame, TournamentOptions, Verdict, distinct_names,
};

use crate::Failure;
use crate::output::{Stdout, one_line};
use crate::referee::{
    append, check_gtp_openings, parse_engine, parse_sprt, probe_engines, read_done, records_format, result_text,
    standing_json,
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

fn parse_model(s: &str) -> Result<EloModel, String> {
    s.parse().map_err(|e: reversi_engine::referee::ParseEloModelError| e.to_string())
}

/// Runs the tournament.
pub(crate) fn run(args: &TournamentArgs, stdout: &mut Stdout) -> Result<(), Failure> {
    let game = &args.game;
    let out = game.output.display().to_string();
    let format = records_format(&game.output, game.to, game.resume)?;
    let mut specs = args.engines.clone();
    for (n, dir) in &args.dirs {
        let Some(spec) = specs.get_mut(n - 1) else {
            return Err(Failure::usage(format!("--dir {n}={}: there are {} engines", dir.display(), specs.len())));
        };
        *spec = spec.clone().dir(dir);
    }
    let specs = game.engines(&specs)?;
    let (openings, duplicates) = game.openings()?;
    check_gtp_openings(&specs.iter().collect::<Vec<_>>(), &openings)?;
    let records = if game.resume { read_done(&game.output)? } else { Vec::new() };
    let games = game.games.or_else(|| MatchDefinition::recorded_games(&records)).unwrap_or(2 * openings.len().max(1));
    let matches = game.match_options(openings, games);
    let sprt = args.sprt.map(|s| (s, args.sprt_model));
    let options = TournamentOptions::new(args.format, matches).sprt(sprt);
    // Engines' process groups are ended if the tournament is interrupted.
    crate::interrupt::watch();
    let names = distinct_names(probe_engines(&specs.iter().collect::<Vec<_>>(), game.setup())?);
    let entrants = specs.iter().cloned().zip(names).map(|(spec, name)| Entrant::engine(spec).named(name)).collect();
    let mut tournament = Tournament::new(entrants, options).map_err(|e| Failure::usage(e.to_string()))?;
    if game.resume {
        tournament.resume(&records).map_err(|e| Failure::usage(format!("--resume {}: {e}", one_line(&out))))?;
    } else if std::fs::metadata(&game.output).is_ok_and(|m| m.is_file() && m.len() > 0) {
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
    let mut on_game = |played: &TournamentGame, table: &Crosstable| -> bool {
        if let Err(e) = append(&mut file, &game.output, format, &played.record) {
            failure = Some(e);
            return false;
        }
        ended += 1;
        let standing = table.pairing(played.pairing).expect("a pairing of the table");
        let mut text =
            if game.json { game_json(played, table, &standing) } else { game_line(played, table, &standing, total) };
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
        let mut json = table_json(table);
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

fn game_json(game: &TournamentGame, table: &Crosstable, standing: &PairStanding) -> String {
    let report = &game.report;
    let names = table.names();
    serde_json::json!({
        "game": game.index + 1,
        "pairing": game.pairing + 1,
        "first": names[game.engines.0],
        "second": names[game.engines.1],
        "black": report.names[0],
        "white": report.names[1],
        "result": result_text(&game.record),
        "termination": report.termination_text(),
        "first_score": report.first_score(),
        "standing": pair_standing_json(standing),
    })
    .to_string()
}

/// reversi-engine's `PairStanding`, field for field (`None` is `null`).
fn pair_standing_json(s: &PairStanding) -> serde_json::Value {
    serde_json::json!({
        "games": standing_json(&s.games),
        "pentanomial": s.pentanomial,
        "pairs": s.pairs,
        "pair_score": s.pair_score,
        "elo": s.elo,
        "elo_low": s.elo_low,
        "elo_high": s.elo_high,
        "nelo": s.nelo,
        "nelo_low": s.nelo_low,
        "nelo_high": s.nelo_high,
        "llr": s.llr,
        "llr_low": s.llr_low,
        "llr_high": s.llr_high,
        "sprt_model": s.model.map(EloModel::name),
        "sprt": s.verdict.map(Verdict::name),
        "discs": s.discs,
        "discs_margin": s.discs_margin,
    })
}

/// The crosstable: its rows by points, and each pairing's standing.
fn table_json(table: &Crosstable) -> serde_json::Value {
    let names = table.names();
    let rows: Vec<serde_json::Value> = table
        .rows()
        .iter()
        .map(|row| {
            let against: serde_json::Map<String, serde_json::Value> = (0..names.len())
                .filter_map(|c| table.cell(row.engine, c).map(|(p, g)| (names[c].clone(), serde_json::json!([p, g]))))
                .collect();
            serde_json::json!({
                "engine": row.engine + 1,
                "name": row.name,
                "points": row.points,
                "standing": pair_standing_json(&row.standing),
                "against": against,
            })
        })
        .collect();
    let pairings: Vec<serde_json::Value> = table
        .pairings()
        .iter()
        .enumerate()
        .map(|(p, &(a, b))| {
            serde_json::json!({
                "first": names[a],
                "second": names[b],
                "standing": table.pairing(p).map(|s| pair_standing_json(&s)),
            })
        })
        .collect();
    serde_json::json!({ "games": table.games(), "rows": rows, "pairings": pairings })
}
