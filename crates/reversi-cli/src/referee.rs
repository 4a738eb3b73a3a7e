//! `reversi match`: two engines (GTP or NBoard processes) play a match
//! refereed by reversi-engine's `run_match`; each game is appended to the
//! records file as it ends, and a line of the score so far is printed.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use clap::Args;
use reversi_engine::referee::{
    EngineSpec, MatchOptions, Protocol, Report, Sprt, Tally, TimeControl, Verdict, opening, resumed, run_match,
};
use reversi_notation::{Format, ReadOptions, Record};
use reversi_variants::Position;

use crate::Failure;
use crate::files::{FormatChoice, open_source, parse_format};
use crate::output::{Stdout, one_line};

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
    /// Openings: every game of a record file (any format read), each played
    /// twice, colours swapped.
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// How many games (default: two per opening, or 2).
    #[arg(long, value_name = "N")]
    games: Option<usize>,
    /// Each side's time for a game, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, value_parser = parse_seconds)]
    time: f64,
    /// Seconds added to a side's clock after each of its moves.
    #[arg(long, value_name = "SECONDS", default_value_t = 0.0, value_parser = parse_seconds)]
    increment: f64,
    /// How many games at once.
    #[arg(long, value_name = "J", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    concurrency: u16,
    /// Seconds an engine has to start and to get ready for a game.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0, value_parser = parse_seconds)]
    setup: f64,
    /// The search depth told to NBoard engines (set depth N).
    #[arg(long, value_name = "N")]
    depth: Option<u32>,
    /// The first engine's working directory.
    #[arg(long, value_name = "DIR")]
    dir1: Option<PathBuf>,
    /// The second engine's working directory.
    #[arg(long, value_name = "DIR")]
    dir2: Option<PathBuf>,
    /// Where each finished game is appended.
    #[arg(short = 'o', long = "output", value_name = "RECORDS")]
    output: PathBuf,
    /// The records' format (else from the extension, else GGF).
    #[arg(long, value_name = "FORMAT", value_parser = parse_format)]
    to: Option<Format>,
    /// Go on with the match RECORDS holds: play only the games it lacks.
    #[arg(long)]
    resume: bool,
    /// Print a JSON object per game and one at the end instead of text.
    #[arg(long)]
    json: bool,
    /// Stop when a sequential probability ratio test decides:
    /// elo0,elo1,alpha,beta (for example 0,10,0.05,0.05).
    #[arg(long, value_name = "ELO0,ELO1,ALPHA,BETA", value_parser = parse_sprt, allow_hyphen_values = true)]
    sprt: Option<Sprt>,
}

fn parse_engine(s: &str) -> Result<EngineSpec, String> {
    s.parse().map_err(|e: reversi_engine::referee::ParseEngineError| e.to_string())
}

fn parse_sprt(s: &str) -> Result<Sprt, String> {
    s.parse().map_err(|e: reversi_engine::referee::ParseSprtError| e.to_string())
}

fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x.is_finite() && (0.0..=1e7).contains(&x) => Ok(x),
        _ => Err(format!("expected seconds from 0 to 10000000, found {s:?}")),
    }
}

/// The openings of `path`, each checked playable.
fn read_openings(path: &Path) -> Result<Vec<reversi_engine::referee::Game>, Failure> {
    let source = open_source(path, FormatChoice::Auto, ReadOptions::default()).map_err(Failure::usage)?;
    let name = source.name.clone();
    let mut openings = Vec::new();
    for (i, record) in source.enumerate() {
        let record = record.map_err(|e| Failure::usage(format!("--openings: {e}")))?;
        let game = opening(&record).map_err(|e| Failure::usage(format!("--openings {name}: game {}: {e}", i + 1)))?;
        openings.push(game);
    }
    if openings.is_empty() {
        return Err(Failure::usage(format!("--openings {name}: no game")));
    }
    Ok(openings)
}

/// The games RECORDS holds already (with `--resume`).
fn read_done(path: &Path) -> Result<Vec<Record>, Failure> {
    if !path.exists() {
        return Ok(Vec::new());
    }
    let source = open_source(path, FormatChoice::Auto, ReadOptions::default()).map_err(Failure::usage)?;
    source.collect::<Result<Vec<_>, _>>().map_err(|e| Failure::usage(format!("--resume: {e}")))
}

/// Runs the match.
pub(crate) fn run(args: &MatchArgs, stdout: &mut Stdout) -> Result<(), Failure> {
    let out = args.output.display().to_string();
    let format = match args.to {
        Some(f) => f,
        None => {
            args.output.extension().and_then(|e| e.to_str()).and_then(Format::from_extension).unwrap_or(Format::Ggf)
        }
    };
    if args.output.as_os_str() == "-" {
        return Err(Failure::usage("-o -: the games go to a file (standard output has the score lines)"));
    }
    if format == Format::Wthor {
        return Err(Failure::usage(
            "-o: a match appends each game as it ends: WTHOR cannot be appended to; use GGF or PGN",
        ));
    }
    if args.resume && !matches!(format, Format::Ggf | Format::Pgn) {
        return Err(Failure::usage(format!(
            "--resume: {format} records do not keep each game's Round: resume GGF or PGN records"
        )));
    }
    let openings = match &args.openings {
        Some(path) => read_openings(path)?,
        None => Vec::new(),
    };
    let with = |spec: &EngineSpec, dir: &Option<PathBuf>| {
        let spec = spec.clone().depth(args.depth);
        match dir {
            Some(dir) => spec.dir(dir),
            None => spec,
        }
    };
    let (first, second) = (with(&args.first, &args.dir1), with(&args.second, &args.dir2));
    for (n, spec) in [(1, &first), (2, &second)] {
        let standard = Position::from(reversi_core::Position::start());
        if spec.protocol() == Protocol::Gtp && openings.iter().any(|o| o.start != standard) {
            return Err(Failure::usage(format!(
                "engine {n} speaks GTP, which sets up only the standard start: give openings as moves from it"
            )));
        }
    }
    let games = args.games.unwrap_or(2 * openings.len().max(1));
    let mut tally = Tally::default();
    let mut done = std::collections::BTreeSet::new();
    if args.resume {
        for (index, score) in resumed(&read_done(&args.output)?) {
            if index < games && done.insert(index) {
                tally.add(score);
            }
        }
    } else if std::fs::metadata(&args.output).is_ok_and(|m| m.is_file() && m.len() > 0) {
        return Err(Failure::usage(format!(
            "-o {out}: the file exists: give --resume to go on with its match, or another file"
        )));
    }
    let mut file: File = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.output)
        .map_err(|e| Failure::usage(format!("{}: {e}", one_line(&out))))?;
    let setup = Duration::from_secs_f64(args.setup);
    for (n, spec) in [(1, &first), (2, &second)] {
        spec.start(Instant::now() + setup)
            .map_err(|e| Failure::usage(format!("engine {n} ({}): {e}", one_line(&spec.argv().join(" ")))))?;
    }
    let control =
        TimeControl { time: Duration::from_secs_f64(args.time), increment: Duration::from_secs_f64(args.increment) };
    let options = MatchOptions::new(games)
        .openings(openings)
        .control(control)
        .concurrency(args.concurrency.into())
        .setup(setup)
        .done(done);
    let stop = AtomicBool::new(false);
    let mut failure = None;
    let mut verdict = None;
    let mut on_game = |report: &Report| -> bool {
        let record = report.record();
        let written = reversi_notation::write(format, std::slice::from_ref(&record))
            .map_err(|e| e.to_string())
            .and_then(|bytes| file.write_all(&bytes).and_then(|()| file.flush()).map_err(|e| e.to_string()));
        if let Err(e) = written {
            failure = Some(Failure::usage(format!("{}: {e}", one_line(&out))));
            return false;
        }
        tally.add(report.first_score());
        verdict = args.sprt.and_then(|s| s.verdict(&tally));
        let line = if args.json {
            game_json(report, &record, &tally, args.sprt)
        } else {
            game_line(report, &record, &tally, games)
        };
        if let Err(e) = stdout.write_fmt(format_args!("{line}\n")).and_then(|()| stdout.flush()) {
            failure = Some(e);
            return false;
        }
        verdict.is_none()
    };
    let f1 = |deadline| first.start(deadline);
    let f2 = |deadline| second.start(deadline);
    run_match(&f1, &f2, &options, &stop, &mut on_game);
    if let Some(failure) = failure {
        return Err(failure);
    }
    let summary = summary(&tally, args.sprt, verdict, args.json);
    stdout.write_fmt(format_args!("{summary}\n"))
}

/// The result of a game as the line shows it.
fn result_text(record: &Record) -> String {
    record.result.as_ref().map_or_else(|| "*".into(), ToString::to_string)
}

fn game_line(report: &Report, record: &Record, tally: &Tally, games: usize) -> String {
    let how = record.get("Termination").map(|t| format!(" ({t})")).unwrap_or_default();
    format!(
        "game {}/{games}: {} - {} {}{how}; {tally}",
        report.index + 1,
        one_line(&report.names[0]),
        one_line(&report.names[1]),
        result_text(record)
    )
}

fn game_json(report: &Report, record: &Record, tally: &Tally, sprt: Option<Sprt>) -> String {
    let mut object = serde_json::json!({
        "game": report.index + 1,
        "black": report.names[0],
        "white": report.names[1],
        "result": result_text(record),
        "termination": record.get("Termination"),
        "first_score": report.first_score(),
    });
    if let (Some(o), serde_json::Value::Object(t)) = (object.as_object_mut(), tally_json(tally, sprt)) {
        o.extend(t);
    }
    object.to_string()
}

fn tally_json(tally: &Tally, sprt: Option<Sprt>) -> serde_json::Value {
    let elo = tally.elo_interval();
    // JSON has no infinity: an open end of the interval is null.
    let finite = |x: f64| x.is_finite().then_some(x);
    serde_json::json!({
        "wins": tally.wins,
        "draws": tally.draws,
        "losses": tally.losses,
        "score": tally.score(),
        "elo": elo.map(|e| e.0),
        "elo_low": elo.and_then(|e| finite(e.1)),
        "elo_high": elo.and_then(|e| finite(e.2)),
        "llr": sprt.map(|s| tally.llr(&s)),
    })
}

fn summary(tally: &Tally, sprt: Option<Sprt>, verdict: Option<Verdict>, json: bool) -> String {
    let verdict_text = verdict.map(|v| match v {
        Verdict::H0 => "H0",
        Verdict::H1 => "H1",
    });
    if json {
        let mut value = tally_json(tally, sprt);
        if let Some(o) = value.as_object_mut() {
            o.insert("games".into(), tally.games().into());
            o.insert("sprt".into(), verdict_text.into());
        }
        return value.to_string();
    }
    let sprt_text = match (sprt, verdict_text) {
        (Some(s), v) => {
            let (lo, hi) = s.bounds();
            format!(
                ", LLR {:.2} [{lo:.2}, {hi:.2}]{}",
                tally.llr(&s),
                v.map(|v| format!(": {v} accepted")).unwrap_or_default()
            )
        }
        (None, _) => String::new(),
    };
    format!("{} games: {tally}{sprt_text}", tally.games())
}
