//! `reversi`: the command-line face of the workspace.
//!
//! ```text
//! reversi perft DEPTH [--variant reversi|reversitacks|attacks] [--board WxH|octagon]
//!                     [--holes a1,c3,...] [--position TEXT] [--first black|white]
//!                     [--divide] [--json] [--backend B] [--threads N] [--hash MB]
//! ```
//!
//! Exit status: 0 on success, 2 on bad input (a one-line message on stderr).

mod deep;
mod game;
mod perft;

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// The rules of Reversi (Othello): count, check and convert games.
#[derive(Parser, Debug)]
#[command(name = "reversi", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaves of the game tree to a depth (a pass is a ply).
    Perft(perft::PerftArgs),
}

/// A failure to report: a one-line message and an exit status.
#[derive(Debug)]
struct Failure {
    message: String,
    status: u8,
}

impl Failure {
    /// Bad input from the user: exit status 2.
    fn usage(message: impl Into<String>) -> Failure {
        Failure { message: message.into(), status: 2 }
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version: clap prints them, and they succeed.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            // clap's message runs up to its first blank line; the usage follows.
            let rendered = e.render().to_string();
            let message: Vec<&str> = rendered.lines().take_while(|l| !l.trim().is_empty()).map(str::trim).collect();
            eprintln!("reversi: {}", message.join(" ").trim_start_matches("error: "));
            return ExitCode::from(2);
        }
    };
    let result = match cli.command {
        Command::Perft(args) => perft::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            let _ = std::io::stdout().flush();
            eprintln!("reversi: {}", failure.message);
            ExitCode::from(failure.status)
        }
    }
}
