//! `reversi convert`: a record file to another format, every game checked
//! and its passes written.
//!
//! The input is read game by game (format from `--from`, else its extension,
//! else its first 64 KiB; WTHOR whole); each game is replayed with passes as
//! the input format writes them, and encoded with every pass explicit
//! ([`reversi_notation::with_passes`]) as it is read
//! ([`reversi_notation::Encoder`]), so that a format that writes passes has
//! them all and one that leaves them out still reads back the same games.
//! What is held is the output's bytes (for a WTHOR target, the games: its
//! names are gathered first), not the input's records. The first game that
//! does not read, replay or fit the target stops the command; nothing is
//! written unless every game converts.
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
use reversi_notation::{Encoder, Format, ReadOptions, Record, with_passes};

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
    let mut source =
        open_source(&args.input, args.from, ReadOptions::new().variant(args.game.variant).geometry(geometry))
            .map_err(Failure::usage)?;
    let passes = source.format.passes();
    check_output(&args.output, target, &source.files)?;
    let name = source.name.clone();
    let replayed = |i: usize, record: Result<Record, String>| {
        let record = record.map_err(Failure::usage)?;
        with_passes(&record, passes).map_err(|e| Failure::illegal(format!("{name}: {}", game_error(e, i))))
    };
    let lost = if target == Format::Wthor {
        // WTHOR gathers the names of every game before it writes one.
        let mut records = Vec::new();
        for (i, record) in source.by_ref().enumerate() {
            records.push(replayed(i, record)?);
        }
        let (encoded, lost) = encode(target, &records)?;
        drop(records);
        write_encoded(&args.output, target, &encoded, out)?;
        lost
    } else {
        // Each game read, replayed and encoded in turn: what is held is the
        // output's bytes, written at once (all or nothing) at the end.
        let mut encoder = Encoder::new(target);
        let mut bytes = Vec::new();
        let cannot = |e: reversi_notation::WriteError| Failure::usage(e.to_string());
        for (i, record) in source.by_ref().enumerate() {
            let record = replayed(i, record)?;
            encoder.push(&record, &mut bytes).map_err(cannot)?;
        }
        let lost = encoder.finish(&mut bytes).map_err(cannot)?;
        write_encoded(&args.output, target, &[bytes], out)?;
        lost
    };
    out.flush()?; // what stdout holds before the warnings, as a terminal shows them
    for warning in lost.warnings() {
        crate::warn(&warning);
    }
    Ok(())
}
