//! `reversi xot generate`: balanced openings (the equivalent of the XOT
//! list) made by reversi-solve's `xot::generate`, written as a transcript
//! (one opening a line) by reversi-notation's writer: the list `reversi
//! match --openings` and `reversi replay --xot` read. Argument mapping only.

use std::path::PathBuf;

use clap::{Args, Subcommand};
use reversi_notation::{Format, Ply, Record};
use reversi_solve::xot::{XotOptions, generate};
use reversi_variants::{Geometry, Variant};

use crate::Failure;
use crate::files::Outputs;
use crate::output::Stdout;

/// Arguments of `reversi xot`.
#[derive(Args, Debug)]
pub(crate) struct XotArgs {
    #[command(subcommand)]
    command: XotCommand,
}

#[derive(Subcommand, Debug)]
enum XotCommand {
    /// Generate balanced openings from a seed: random openings of --plies
    /// plies from the start, symmetric duplicates dropped, kept when their
    /// value is within --margin discs of even (the exact solver's with at
    /// most --exact-empties empty squares, else a --depth-ply alpha-beta on
    /// the disc difference); one opening a line (f5d6c3d3c4f4f6f3).
    Generate {
        /// The openings' length in plies (1 to 59).
        #[arg(long, default_value_t = 8)]
        plies: usize,
        /// How many openings (1 to 1000000).
        #[arg(long, default_value_t = 100)]
        count: usize,
        /// The seed of the random draws: one seed, one list.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The largest value kept, either side, in discs (0 to 64).
        #[arg(long, default_value_t = 2)]
        margin: i32,
        /// The shallow search's depth in plies (1 to 12).
        #[arg(long, default_value_t = 6)]
        depth: u32,
        /// The most empty squares at which the value is the exact solver's (0 to 60).
        #[arg(long, value_name = "N", default_value_t = 20)]
        exact_empties: u32,
        /// Write the list to FILE (all or nothing) instead of standard output.
        #[arg(short = 'o', long = "output", value_name = "FILE")]
        output: Option<PathBuf>,
    },
}

impl XotArgs {
    /// The library's options these arguments give.
    fn options(&self) -> XotOptions {
        let XotCommand::Generate { plies, count, seed, margin, depth, exact_empties, .. } = &self.command;
        XotOptions::new()
            .plies(*plies)
            .count(*count)
            .seed(*seed)
            .margin(*margin)
            .depth(*depth)
            .exact_empties(*exact_empties)
    }

    /// The options checked, as the library checks them before it draws (for
    /// the `cli_args` fuzz target).
    #[cfg(fuzzing)]
    pub(crate) fn check(&self) -> Result<(), Failure> {
        self.options().check().map_err(|e| Failure::usage(format!("xot generate: {e}")))
    }
}

/// Runs `reversi xot`.
pub(crate) fn run(args: &XotArgs, out: &mut Stdout) -> Result<(), Failure> {
    let XotCommand::Generate { output, .. } = &args.command;
    let options = args.options();
    let openings = generate(&options).map_err(|e| Failure::usage(format!("xot generate: {e}")))?;
    let records: Vec<Record> = openings
        .iter()
        .map(|opening| {
            let mut record = Record::of(Variant::Reversi, Geometry::standard());
            record.moves = opening.moves.iter().map(|&mv| Ply::new(mv.into())).collect();
            record
        })
        .collect();
    let text = reversi_notation::write(Format::Transcript, &records)
        .map_err(|e| Failure::usage(format!("xot generate: {e}")))?;
    match output {
        None => std::io::Write::write_all(out.writer(), &text).map_err(Failure::stdout),
        Some(path) => {
            let mut files = Outputs::create(std::slice::from_ref(path))?;
            std::io::Write::write_all(files.file(0), &text).map_err(|e| files.failed(0, e))?;
            files.commit()
        }
    }
}
