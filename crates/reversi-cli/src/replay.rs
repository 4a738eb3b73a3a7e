//! `reversi replay`: every game of record files checked against the rules.
//!
//! A directory stands for the record files under it, walked recursively in
//! the order of their paths ([`record_files`](crate::files::record_files));
//! one without any is an unreadable input. Each file is read game by game (the
//! format from `--format`, else its extension, else its head ([`reversi_notation::Format::DETECT_BYTES`]); WTHOR
//! 68 bytes at a time, its names whole), so memory is bounded by the largest
//! game, and each game is
//! replayed as it is read, with passes as the format writes them
//! ([`Format::passes`](reversi_notation::Format::passes)). A game that does
//! not read (a syntax error, a game longer than reversi-notation's bound, a
//! WTHOR game whose bytes are no game) is reported and counted unreadable,
//! and the file goes on at its next game; a file that stops reading (it
//! cannot be opened, an I/O error, a WTHOR header that does not match the
//! file) is an unreadable file, after its games before the error are
//! reported. Every message is located as compilers locate theirs:
//! `FILE:LINE:COL: game N, ply P: ...` (WTHOR: `FILE: game N, byte B: ...`). Text
//! output: one line per illegal or unreadable game and a summary; `--json`:
//! one object per game, then a summary object (with `--xot FILE`, each says
//! which opening of the list the game started from).
//!
//! For an illegal game the JSON `error` is the located replay error, and
//! `plies`, `passes`, `black`, `white` and `over` describe the position the
//! illegal move was tried in: `plies` is the plies played before it (so the
//! error's ply is `plies + 1`), a forced pass inferred just before it
//! included. A game whose start does not fit its board, or that does not
//! read (`"unreadable": true`), has them `null`.

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use reversi_notation::xot::Openings;
use reversi_notation::{Passes, ReadOptions, Record, ReplayError, replay_prefix};
use serde_json::{Value, json};

use crate::Failure;
use crate::files::{FormatChoice, Source, inputs, open_source, parse_format_choice};
use crate::game::BoardArgs;
use crate::output::{Stdout, grouped, one_line};

/// Arguments of `reversi replay`.
#[derive(Args, Debug)]
pub(crate) struct ReplayArgs {
    /// Record files (- for standard input); a directory stands for the files
    /// under it with the extensions .txt .pgn .ggf .wtb .obf .pos (any case),
    /// walked recursively and in the order of their paths.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// The files' format: auto (from the extension, else the content),
    /// transcript, pgn, ggf, wthor, obf, position or oq.
    #[arg(long, value_name = "FORMAT", default_value = "auto", value_parser = parse_format_choice)]
    format: FormatChoice,
    /// One JSON object a line per game, then a summary object.
    #[arg(long)]
    json: bool,
    /// A list of openings (an XOT list: a transcript of 8-move openings, or
    /// any record file): each game's JSON line says which of them it
    /// started from, under the 8 symmetries ("xot": its number and the
    /// symmetry, or null).
    #[arg(long, value_name = "FILE", requires = "json")]
    xot: Option<PathBuf>,
    /// Go on past files (and directories) that cannot be read (the exit status
    /// is still 2). A game that does not read never stops the file.
    #[arg(long)]
    keep_going: bool,
    /// What transcripts and position files do not say: their game and board.
    #[command(flatten, next_help_heading = "Game and board of transcripts and position files")]
    game: BoardArgs,
}

/// What the replay of one game found.
struct Checked {
    /// Plies played (before the illegal move, for an illegal game).
    plies: Option<usize>,
    /// Passes among them.
    passes: Option<usize>,
    /// Black's and White's pieces on the final board (or the board the
    /// illegal move was tried on).
    pieces: Option<(usize, usize)>,
    /// Whether that board's game is over.
    over: Option<bool>,
    /// Why the game is illegal (or does not read).
    error: Option<String>,
}

/// The totals.
#[derive(Default)]
struct Tally {
    files: usize,
    unreadable: usize,
    games: usize,
    illegal: usize,
    /// Games that do not read (counted in `games`).
    unreadable_games: usize,
    plies: usize,
}

/// For the `cli_args` fuzz target.
#[cfg(fuzzing)]
impl ReplayArgs {
    /// What `run` checks of the options before reading.
    pub(crate) fn check(&self) -> Result<(), Failure> {
        self.game.geometry().map(|_| ())
    }
}

/// Runs the command, reporting on `out`.
pub(crate) fn run(args: &ReplayArgs, out: &mut Stdout) -> Result<(), Failure> {
    let geometry = args.game.geometry()?;
    let options = ReadOptions::new().variant(args.game.variant).geometry(geometry);
    let xot = args.xot.as_deref().map(read_xot).transpose()?;
    let start = Instant::now();
    let mut tally = Tally::default();
    // An input that fails (a file that does not read, a directory without
    // record files) counts as one unreadable file.
    'inputs: for input in &args.files {
        let files: Vec<Result<PathBuf, String>> = match inputs(input) {
            Ok(files) => files.into_iter().map(Ok).collect(),
            Err(message) => vec![Err(message)],
        };
        for file in files {
            tally.files += 1;
            let failed = match file.and_then(|path| open_source(&path, args.format, options)) {
                Ok(source) => report_file(source, args.json, xot.as_ref(), out, &mut tally)?,
                Err(message) => Some(message),
            };
            if let Some(message) = failed {
                tally.unreadable += 1;
                out.flush()?;
                crate::error(&message);
                if !args.keep_going {
                    break 'inputs;
                }
            }
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let summary = if args.json {
        json!({"summary": {
            "files": tally.files,
            "unreadable": tally.unreadable,
            "games": tally.games,
            "legal": tally.games - tally.illegal - tally.unreadable_games,
            "illegal": tally.illegal,
            "unreadable_games": tally.unreadable_games,
            "plies": tally.plies,
            "seconds": (seconds * 1e6).round() / 1e6,
        }})
        .to_string()
    } else {
        human_summary(&tally, seconds)
    };
    writeln!(out, "{summary}")?;
    if tally.unreadable > 0 || tally.unreadable_games > 0 {
        Err(Failure::silent(2))
    } else if tally.illegal > 0 {
        Err(Failure::silent(1))
    } else {
        Ok(())
    }
}

/// Replays and reports every game of a file as it is read (a game that
/// does not read is reported and passed over); the message of the error
/// that stops the file short, if any (the games before it are reported).
fn report_file(
    mut source: Source,
    json: bool,
    xot: Option<&Openings>,
    out: &mut Stdout,
    tally: &mut Tally,
) -> Result<Option<String>, Failure> {
    let passes = source.format.passes();
    for i in 0.. {
        let mut opening = None;
        let (checked, unreadable) = match source.next() {
            None => break,
            Some(Ok(record)) => {
                opening = xot.and_then(|o| o.find(&record));
                (check(&record, passes), false)
            }
            Some(Err(e)) if e.is_fatal() => return Ok(Some(e.to_string())),
            Some(Err(e)) => {
                let message = e.to_string();
                (Checked { plies: None, passes: None, pieces: None, over: None, error: Some(message) }, true)
            }
        };
        tally.games += 1;
        tally.plies += checked.plies.unwrap_or(0);
        tally.unreadable_games += usize::from(unreadable);
        tally.illegal += usize::from(checked.error.is_some() && !unreadable);
        if json {
            let mut line = json!({
                "file": source.name,
                "game": i + 1,
                "plies": checked.plies,
                "passes": checked.passes,
                "black": checked.pieces.map(|p| p.0),
                "white": checked.pieces.map(|p| p.1),
                "over": checked.over,
                "unreadable": unreadable,
                "error": checked.error.map_or(Value::Null, Value::from),
            });
            if xot.is_some() {
                line["xot"] = opening.map_or(
                    Value::Null,
                    |o| json!({"opening": o.index + 1, "plies": o.plies, "symmetry": format!("{:?}", o.symmetry)}),
                );
            }
            writeln!(out, "{line}")?;
        } else if let Some(error) = checked.error {
            writeln!(out, "{}", one_line(&error))?;
        }
    }
    Ok(None)
}

/// The openings of `--xot FILE`.
fn read_xot(path: &std::path::Path) -> Result<Openings, Failure> {
    let source = open_source(path, FormatChoice::Auto, ReadOptions::default()).map_err(Failure::usage)?;
    let mut openings = Openings::new();
    for record in source {
        let record = record.map_err(|e| Failure::usage(format!("--xot: {e}")))?;
        openings.push(&record).map_err(|e| Failure::usage(format!("--xot {}: {e}", path.display())))?;
    }
    Ok(openings)
}

/// A replay error as the commands print it: located by the record when it
/// says where it was read, else naming the game (1-based): `game 4, ply
/// 38: ...`.
pub(crate) fn game_error(error: ReplayError, index: usize) -> String {
    match error {
        e @ ReplayError::Illegal { game: Some(_), .. } => e.to_string(),
        e @ ReplayError::Illegal { .. } => e.in_game(index).to_string(),
        e => format!("game {}: {e}", index + 1),
    }
}

/// Replays one game; for an illegal one, the position before the illegal
/// move.
fn check(record: &Record, passes: Passes) -> Checked {
    match replay_prefix(record, passes) {
        Ok((r, error)) => Checked {
            plies: Some(r.plies),
            passes: Some(r.passes),
            pieces: Some({
                let s = r.position.score();
                (s.black, s.white)
            }),
            over: Some(r.position.is_game_over()),
            error: error.map(|e| game_error(e, game_index(record))),
        },
        Err(error) => Checked {
            plies: None,
            passes: None,
            pieces: None,
            over: None,
            error: Some(game_error(error, game_index(record))),
        },
    }
}

/// The game's index in its file, as its reader numbered it.
fn game_index(record: &Record) -> usize {
    record.origin.as_ref().map_or(0, |o| o.game)
}

/// `3 files, 2214 games, 2212 legal, 2 illegal, 130,000 plies in 0.05 s`
/// (`, 1 unreadable` after `illegal` when games do not read).
fn human_summary(tally: &Tally, seconds: f64) -> String {
    let plural = |n: usize, one: &str, many: &str| format!("{} {}", grouped(n as u64), if n == 1 { one } else { many });
    let unreadable = if tally.unreadable > 0 {
        format!(" ({} unreadable)", grouped(tally.unreadable as u64))
    } else {
        String::new()
    };
    let unreadable_games = if tally.unreadable_games > 0 {
        format!(", {} unreadable", grouped(tally.unreadable_games as u64))
    } else {
        String::new()
    };
    format!(
        "{}{unreadable}, {}, {} legal, {} illegal{unreadable_games}, {} in {seconds:.2} s",
        plural(tally.files, "file", "files"),
        plural(tally.games, "game", "games"),
        grouped((tally.games - tally.illegal - tally.unreadable_games) as u64),
        grouped(tally.illegal as u64),
        plural(tally.plies, "ply", "plies"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_illegal_game_reports_the_position_before_its_move() {
        let mut record = Record::new();
        record.moves =
            ["f5", "d6", "c3", "a1"].iter().map(|m| m.parse::<reversi_variants::Move>().unwrap().into()).collect();
        let checked = check(&record, Passes::Infer);
        assert_eq!(checked.error.as_deref(), Some("game 1, ply 4: a1 is not legal for White: a1 flips nothing"));
        assert_eq!(
            (checked.plies, checked.passes, checked.pieces, checked.over),
            (Some(3), Some(0), Some((5, 2)), Some(false))
        );
    }
}
