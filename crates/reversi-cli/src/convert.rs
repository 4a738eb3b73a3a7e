//! `reversi convert`: a record file to another format, every game checked
//! and its passes written.
//!
//! The input is read game by game (format from `--from`, else its extension,
//! else its head ([`reversi_notation::Format::DETECT_BYTES`]); WTHOR 68 bytes at a time, its names whole); each game is replayed with passes as
//! the input format writes them, and encoded with every pass explicit
//! ([`reversi_notation::with_passes`]) and written as it is read
//! ([`crate::files::write_games`]: reversi-notation's `Encoder`; for a WTHOR
//! target its `wthor::Writer`, whose header count is put in at the end and
//! whose names are written after the games), so that a format that
//! writes passes has them all and one that leaves them out still reads back
//! the same games (WTHOR, which stores no passes, is given each game as read,
//! checked the same way, so that only passes the source wrote are reported
//! dropped). Nothing is held but the game at hand (and a WTHOR
//! target's names): memory is bounded by the largest game, not the file. The
//! first game that does not read, replay or fit the target stops the command.
//!
//! The output is refused (status 2, before anything is written) when it would
//! write over itself (WTHOR's games named like their own `.JOU` or `.TRN`) or
//! over a file it reads. Files are written all or nothing
//! ([`crate::files::Outputs`]): the games stream into temporary files beside
//! the outputs, renamed into place once every game has converted; on any
//! failure they are removed and no output is created or changed. Standard
//! output (`-o -`, text formats) gets each game as it converts: a failure
//! stops it there. Whatever the target format cannot
//! hold (evaluations, times, names, dates, fields, passes, ...) is dropped
//! with one warning per kind on stderr (reversi-notation's `Losses`); the status does
//! not change.
//!
//! `--fill-theoretical` solves each game's WTHOR theoretical score into its
//! record before it is written ([`crate::theoretical::filled`]: a few games
//! a thread at a time, held until solved).

use std::path::PathBuf;

use std::cell::Cell;
use std::rc::Rc;

use clap::Args;
use reversi_notation::{Format, ReadOptions, convert_record};
use reversi_solve::SolveOptions;
use reversi_solve::wthor::TheoreticalOptions;

use crate::Failure;
use crate::files::{
    FormatChoice, check_output, open_source, output_format, parse_format, parse_format_choice, write_games,
};
use crate::game::BoardArgs;
use crate::output::Stdout;
use crate::replay::game_error;

/// Arguments of `reversi convert`.
#[derive(Args, Debug)]
pub(crate) struct ConvertArgs {
    /// The record file to read (- for standard input).
    #[arg(value_name = "IN")]
    input: PathBuf,
    /// The file to write (- for standard output, text formats only); for WTHOR
    /// also STEM.JOU and STEM.TRN beside it.
    #[arg(short = 'o', long = "output", value_name = "OUT", allow_hyphen_values = true)]
    output: String,
    /// The input's format: auto (from the extension, else the content),
    /// transcript, pgn, ggf, wthor, obf, position or oq.
    #[arg(long, value_name = "FORMAT", default_value = "auto", value_parser = parse_format_choice)]
    from: FormatChoice,
    /// The output's format (else from OUT's extension).
    #[arg(long, value_name = "FORMAT", value_parser = parse_format)]
    to: Option<Format>,
    /// Write WTHOR names over the shared WTHOR.JOU and WTHOR.TRN (when OUT is
    /// WTHOR.wtb), which other databases beside them may read.
    #[arg(long)]
    replace_names: bool,
    /// Fill each game's WTHOR theoretical score by exact solve (Black's discs
    /// in perfect play from its position with --depth empties; a game that
    /// ends before has its final score; an unfinished one keeps what it had).
    #[arg(long)]
    fill_theoretical: bool,
    /// The depth of the theoretical scores filled: the empty squares of the
    /// position solved (default: each game's WthorDepth, else 24).
    #[arg(long, value_name = "N", requires = "fill_theoretical")]
    depth: Option<usize>,
    /// Threads for --fill-theoretical: games solved at once.
    #[arg(long, value_name = "N", default_value_t = 1, requires = "fill_theoretical",
          value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: u16,
    /// Transposition table of each solve in MiB, for --fill-theoretical.
    #[arg(long, value_name = "MIB", default_value_t = SolveOptions::DEFAULT_HASH_MIB, requires = "fill_theoretical")]
    hash: usize,
    /// What transcripts and position files do not say: their game and board.
    #[command(flatten, next_help_heading = "Game and board of transcripts and position files")]
    game: BoardArgs,
}

/// What `run` checks of the options before reading: for the `cli_args`
/// fuzz target.
#[cfg(fuzzing)]
impl ConvertArgs {
    pub(crate) fn check(&self) -> Result<(), Failure> {
        self.game.geometry()?;
        output_format(&self.output, self.to, None).map(|_| ())
    }
}

/// Runs the command (`-o -`: writing to `out`); warns on stderr of what the
/// target cannot hold once the output is written.
pub(crate) fn run(args: &ConvertArgs, out: &mut Stdout) -> Result<(), Failure> {
    let geometry = args.game.geometry()?;
    let target = output_format(&args.output, args.to, None)?;
    let source = open_source(&args.input, args.from, ReadOptions::new().variant(args.game.variant).geometry(geometry))
        .map_err(Failure::usage)?;
    let passes = source.format.passes();
    check_output(&args.output, target, &source.files, args.replace_names)?;
    let source_files = source.files.clone();
    // Each game read and replayed in turn, then encoded and written; a game
    // that does not read stops the conversion (nothing is written).
    let games = source.enumerate().map(move |(i, record)| {
        let record = record.map_err(|e| Failure::usage(e.to_string()))?;
        convert_record(record, passes, target).map_err(|e| Failure::illegal(game_error(e, i)))
    });
    let unscored = Rc::new(Cell::new(0));
    let lost = match fill_options(args)? {
        Some(options) => {
            let games = crate::theoretical::filled(games, options, Rc::clone(&unscored));
            write_games(&args.output, target, (&source_files, args.replace_names), games, out)?
        }
        None => write_games(&args.output, target, (&source_files, args.replace_names), games, out)?,
    };
    out.flush()?; // what stdout holds before the warnings, as a terminal shows them
    for warning in lost.warnings() {
        crate::warn(&warning);
    }
    if unscored.get() > 0 {
        crate::warn(&format!(
            "{} games have no theoretical score (unfinished before the depth): each keeps the one it had",
            unscored.get()
        ));
    }
    Ok(())
}

/// The options of `--fill-theoretical`, when given.
fn fill_options(args: &ConvertArgs) -> Result<Option<TheoreticalOptions>, Failure> {
    if !args.fill_theoretical {
        return Ok(None);
    }
    let solve = SolveOptions::new().threads(usize::from(args.threads)).hash_mib(args.hash);
    solve.check().map_err(|e| Failure::usage(format!("--hash/--threads: {e}")))?;
    let mut options = TheoreticalOptions::new().solve(solve);
    if let Some(depth) = crate::theoretical::depth_option(args.depth, "--depth")? {
        options = options.depth(depth);
    }
    Ok(Some(options))
}
