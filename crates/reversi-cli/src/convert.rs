//! `reversi convert`: a record file to another format, every game checked
//! and its passes written.
//!
//! The input is read game by game (format from `--from`, else its extension,
//! else its content; WTHOR whole) and the converted games collected, since
//! the output is written all at once; every game is replayed with passes as the input format writes
//! them, and written with every pass explicit
//! ([`reversi_notation::with_passes`]), so that a format that writes passes
//! has them all and one that leaves them out still reads back the same games.
//! Nothing is written unless every game converts.
//!
//! The output is refused (status 2, before anything is written) when it would
//! write over itself (WTHOR's games named like their own `.JOU` or `.TRN`) or
//! over a file it reads. It is written all or nothing
//! ([`crate::files::write_atomically`]). Whatever the target format cannot
//! hold (evaluations, times, names, dates, fields, passes, ...) is dropped
//! with one warning per kind on stderr (reversi-notation's `Losses`); the status does
//! not change.

use std::path::PathBuf;

use clap::Args;
use reversi_notation::{Format, ReadOptions, with_passes};

use crate::Failure;
use crate::files::{
    FormatChoice, check_output, encode, open_source, output_format, parse_format, parse_format_choice, write_encoded,
};
use crate::game::BoardArgs;
use crate::output::Stdout;
use crate::replay::game_error;

/// Arguments of `reversi convert`.
#[derive(Args, Debug)]
pub(crate) struct ConvertArgs {
    /// The record file to read (`-`: standard input).
    #[arg(value_name = "IN")]
    input: PathBuf,
    /// The file to write (`-`: standard output, text formats only); for WTHOR
    /// also `<stem>.JOU` and `<stem>.TRN` beside it.
    #[arg(short = 'o', long = "output", value_name = "OUT", allow_hyphen_values = true)]
    output: String,
    /// The input's format: auto (from the extension, else the content),
    /// transcript, pgn, ggf, wthor, obf or position.
    #[arg(long, value_name = "FORMAT", default_value = "auto", value_parser = parse_format_choice)]
    from: FormatChoice,
    /// The output's format (else from OUT's extension).
    #[arg(long, value_name = "FORMAT", value_parser = parse_format)]
    to: Option<Format>,
    /// What transcripts and position files do not say: their game and board.
    #[command(flatten)]
    game: BoardArgs,
}

/// Runs the command (`-o -`: writing to `out`); warns on stderr of what the
/// target cannot hold once the output is written.
pub(crate) fn run(args: &ConvertArgs, out: &mut Stdout) -> Result<(), Failure> {
    let geometry = args.game.geometry()?;
    let target = output_format(&args.output, args.to, None)?;
    let mut source =
        open_source(&args.input, args.from, ReadOptions::new().variant(args.game.variant).geometry(geometry))
            .map_err(Failure::usage)?;
    let passes = source.format.passes();
    // Collected: the output is written all at once (and WTHOR gathers the
    // names first); the input itself is read a game at a time. Every game
    // reads before any is replayed, as when the file was read whole.
    let read = source.by_ref().collect::<Result<Vec<_>, _>>().map_err(Failure::usage)?;
    let records = read
        .iter()
        .enumerate()
        .map(|(i, record)| {
            with_passes(record, passes).map_err(|e| Failure::illegal(format!("{}: {}", source.name, game_error(e, i))))
        })
        .collect::<Result<Vec<_>, _>>()?;
    drop(read);
    check_output(&args.output, target, &source.files)?;
    let (encoded, lost) = encode(target, &records)?;
    write_encoded(&args.output, target, &encoded, out)?;
    out.flush()?; // what stdout holds before the warnings, as a terminal shows them
    for warning in lost.warnings() {
        crate::warn(&warning);
    }
    Ok(())
}
