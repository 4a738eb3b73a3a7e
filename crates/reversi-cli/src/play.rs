//! `reversi play`: games between built-in policies, written as records.
//!
//! Every game is played on reversi-variants (any variant and board) from the
//! start the options describe. The policies (reversi-engine's `BuiltinPolicy`, which
//! `reversi gtp` and `reversi nboard` serve too): `random` picks uniformly among
//! the legal moves; `greedy` picks the move after which the mover has the most
//! pieces, ties broken at random. A forced pass is a move of the record.
//!
//! The games are reproducible: game `i` (0-based) draws from its own
//! SplitMix64 stream seeded from `--seed` and `i` (reversi-engine's `SplitMix64::for_game`),
//! and the legal moves come sorted, so the same options always give the same
//! records. A game still going after `--max-plies` plies (default ten per
//! playable square; Reversitacks and Attacks games can cycle; at most
//! [`MAX_PLIES`], since a game is held whole) is stopped and written without
//! a result.
//!
//! Each game is written as it is played ([`crate::files::write_games`]: into
//! temporary files renamed at the end, or to standard output), so memory does
//! not grow with `--games`; the bytes are those of the library's in-memory
//! writers over all the games.

use clap::Args;
use clap::builder::{PossibleValue, TypedValueParser};
use reversi_engine::BuiltinPolicy;
use reversi_engine::{SplitMix64, default_max_plies, self_play};
use reversi_notation::{Format, Record};
use reversi_variants::Position;

use crate::Failure;
use crate::files::{STDIO, check_output, output_format, parse_format, write_games};
use crate::game::StartArgs;
use crate::output::Stdout;

/// Arguments of `reversi play`.
#[derive(Args, Debug)]
pub(crate) struct PlayArgs {
    #[command(flatten)]
    start: StartArgs,
    /// How many games to play.
    #[arg(long, value_name = "N", default_value_t = 1)]
    games: u32,
    /// The seed of the policies' choices.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Black's policy.
    #[arg(long, default_value = "random", ignore_case = true, value_parser = policy_names())]
    black: BuiltinPolicy,
    /// White's policy.
    #[arg(long, default_value = "random", ignore_case = true, value_parser = policy_names())]
    white: BuiltinPolicy,
    /// Stop a game after this many plies, unfinished (default: ten per
    /// playable square; at most 1000000).
    #[arg(long, value_name = "N", value_parser = parse_max_plies)]
    max_plies: Option<usize>,
    /// Where to write the games (- for standard output, the default).
    #[arg(short = 'o', long = "output", value_name = "FILE", allow_hyphen_values = true)]
    output: Option<String>,
    /// Write WTHOR names over the shared WTHOR.JOU and WTHOR.TRN (when FILE is
    /// WTHOR.wtb), which other databases beside them may read.
    #[arg(long)]
    replace_names: bool,
    /// The output's format (else from FILE's extension; PGN on standard output).
    #[arg(long, value_name = "FORMAT", value_parser = parse_format)]
    to: Option<Format>,
}

/// The most plies `--max-plies` allows: a game of Reversitacks or Attacks
/// may never end, and its record is held and written whole (a million plies
/// is some 10 MB of PGN, within what the readers take back,
/// `ReadOptions::DEFAULT_MAX_GAME_BYTES`).
pub(crate) const MAX_PLIES: usize = 1_000_000;

/// Reads `--max-plies`: a count up to [`MAX_PLIES`].
fn parse_max_plies(s: &str) -> Result<usize, String> {
    let n: usize = s.parse().map_err(|e| format!("{e}"))?;
    if n > MAX_PLIES {
        return Err(format!("{n} is more than {MAX_PLIES} plies, the most a game is played"));
    }
    Ok(n)
}

/// `--black`, `--white` and `--policy`: reversi-engine's built-in policies
/// by their names ([`BuiltinPolicy::name`]).
pub(crate) fn policy_names() -> impl TypedValueParser<Value = BuiltinPolicy> {
    crate::game::library_names(BuiltinPolicy::ALL.map(|p| PossibleValue::new(p.name())))
}

/// What `run` checks of the options before playing: for the `cli_args`
/// fuzz target.
#[cfg(fuzzing)]
impl PlayArgs {
    pub(crate) fn check(&self) -> Result<(), Failure> {
        self.start.spec(false).position().map(|_| ())
    }
}

/// Runs the command (to standard output: writing to `stdout`).
pub(crate) fn run(args: &PlayArgs, stdout: &mut Stdout) -> Result<(), Failure> {
    let out = args.output.as_deref().unwrap_or(STDIO);
    let format = output_format(out, args.to, Some(Format::Pgn))?;
    check_output(out, format, &[], args.replace_names)?;
    let start = args.start.spec(false).position()?;
    let max_plies = args.max_plies.unwrap_or_else(|| default_max_plies(start.geometry()));
    // Each game written as it is played: nothing is held but the game (and
    // WTHOR's names).
    let games = (0..args.games).map(|i| Ok(play_game(args, start, i.into(), max_plies)));
    write_games(out, format, (&[], args.replace_names), games, stdout).map(|_| ())
}

/// Game `i` (from 0) of the run: reversi-engine's [`self_play`] from its
/// stream, as every front end plays it.
fn play_game(args: &PlayArgs, start: Position, i: u64, max_plies: usize) -> Record {
    let (black, white) = (args.black, args.white);
    let mut record = self_play(start, black, white, &mut SplitMix64::for_game(args.seed, i), max_plies);
    record.event = Some("reversi play".into());
    record
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(clap::Parser)]
    struct Command {
        #[command(flatten)]
        play: PlayArgs,
    }

    #[test]
    fn games_stream_to_the_bytes_of_the_in_memory_writers() {
        use clap::Parser;
        use reversi_notation::{write_report, wthor};
        let exe = std::env::current_exe().unwrap();
        let dir = exe.parent().unwrap().join(format!("play-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let cases: [(&str, &[&str]); 7] = [
            ("a.wtb", &[]),
            ("a.pgn", &[]),
            ("a.ggf", &["--black", "greedy"]),
            ("a.txt", &[]),
            ("a.obf", &[]),
            ("a.pos", &[]),
            ("b.pgn", &["--variant", "attacks", "--board", "5x5", "--max-plies", "40"]),
        ];
        for (name, options) in cases {
            let out = dir.join(name);
            let mut argv = vec!["play", "--games", "40", "--seed", "9", "-o", out.to_str().unwrap()];
            argv.extend(options);
            let args = Command::try_parse_from(&argv).unwrap().play;
            run(&args, &mut Stdout::new()).unwrap();
            // What was written before: every game played, then encoded in memory.
            let start = args.start.spec(false).position().unwrap();
            let max_plies = args.max_plies.unwrap_or_else(|| default_max_plies(start.geometry()));
            let records: Vec<Record> = (0..40).map(|i| play_game(&args, start, i, max_plies)).collect();
            let format = output_format(out.to_str().unwrap(), None, None).unwrap();
            let expected = if format == Format::Wthor {
                let files = wthor::write_records_report(&records).unwrap().0;
                vec![files.games, files.players, files.tournaments]
            } else {
                vec![write_report(format, &records).unwrap().0]
            };
            let written: Vec<Vec<u8>> =
                reversi_notation::output_files(&out, format).iter().map(|f| std::fs::read(f).unwrap()).collect();
            assert_eq!(written, expected, "{name}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
