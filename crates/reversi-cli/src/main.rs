//! `reversi`: the command-line face of the workspace.
//!
//! ```text
//! reversi perft DEPTH [--variant reversi|reversitacks|attacks] [--board WxH|octagon]
//!                     [--holes a1,c3,...] [--position TEXT] [--first black|white]
//!                     [--divide] [--json] [--engine auto|generic] [--backend B]
//!                     [--threads N] [--hash MIB]
//! reversi perft DEPTH --split K --plan FILE [game options]   (write a plan)
//! reversi perft --plan FILE --shard I/N -o RESULT [--threads N] [--hash MIB]
//! reversi perft --merge RESULT...
//! reversi replay FILE|DIR... [--format auto|transcript|pgn|ggf|wthor|obf|position|oq]
//!                            [--json] [--xot LIST] [--keep-going] [--variant V] [--board WxH] [--holes SQUARES]
//! reversi convert IN -o OUT [--from auto|F] [--to F] [--replace-names] [--variant V] [--board WxH] [--holes SQUARES]
//!                 [--fill-theoretical [--depth N] [--threads N] [--hash MIB]]
//! reversi play [--variant V] [--board WxH|octagon] [--holes a1,c3] [--position TEXT]
//!              [--first black|white] [--games N] [--seed S] [--black random|greedy]
//!              [--white random|greedy] [--max-plies N] [-o FILE] [--to F] [--replace-names]
//! reversi gtp|nboard [--policy random|greedy] [--seed S] [game options]
//! reversi match ENGINE ENGINE -o RECORDS [--openings FILE] [--games N] [--time S]
//!               [--increment S] [--concurrency J] [--setup S] [--depth N] [--dir1 DIR]
//!               [--dir2 DIR] [--to F] [--resume] [--json] [--sprt ELO0,ELO1,ALPHA,BETA]
//! reversi book show FILE [--position TEXT]
//! reversi book convert IN OUT
//! reversi xot generate [--plies 8] [--count N] [--seed S] [--margin M] [--depth D]
//!                      [--exact-empties N] [-o FILE]
//! reversi solve [FILE|DIR...] [--format auto|F] [--empties N] [--position TEXT]
//!               [--variant V] [--board WxH] [--holes SQUARES] [--first black|white]
//!               [--all] [--json] [--threads N] [--hash MIB] [--time-limit SECONDS]
//!               [--backend B]
//! reversi solve FILE.wtb... --wthor-check [--empties DEPTH] [--json] [--threads N] [--hash MIB]
//!               [--backend B]
//! ```
//!
//! `book` ([`book`]) maps its arguments onto reversi-notation's `book` module
//! (Edax opening books).
//!
//! `xot generate` ([`xot`]) writes balanced openings of reversi-solve's
//! `xot` module, one a line, from a seed.
//!
//! `solve` ([`solve`]) gives exact scores by reversi-solve's one entry point:
//! a table like Edax's `-solve` and a summary, OBF expected scores checked
//! (a difference is status 1), Ctrl-C stopping the solve (status 130);
//! `--wthor-check` checks WTHOR's theoretical scores ([`theoretical`]), which
//! `convert --fill-theoretical` fills.
//!
//! `gtp` and `nboard` serve a built-in policy over reversi-engine's servers; `match`
//! ([`referee`]) starts engines `gtp:COMMAND` or `nboard:COMMAND` and
//! referees them with reversi-engine's `run_match`; `tournament` ([`tournament`])
//! N of them with its `Tournament`.
//!
//! A split count ([`split`], over reversi-variants' `split` module) writes the distinct positions at ply K
//! with their multiplicities to a plan file, counts one shard of it per
//! process (result files written all or nothing) and merges the results,
//! checking that every shard of one plan is there once.
//!
//! Formats (F): transcript, pgn, ggf, wthor, obf, position, oq. On input, `auto`
//! takes the format from the extension (`.txt`, `.pgn`, `.ggf`, `.wtb`, `.obf`,
//! `.pos`), else from the content; `-` is standard input (and, for `-o`,
//! standard output, PGN by default for `play`). `--variant`, `--board` and
//! `--holes` of `replay` and `convert` say what transcripts and position files
//! do not (position lines carry their board). A WTHOR file's names come from
//! `<stem>.JOU`/`<stem>.TRN` beside it, else `WTHOR.JOU`/`WTHOR.TRN`; WTHOR
//! output writes `OUT` and `<stem>.JOU` and `<stem>.TRN` beside it.
//!
//! Output files (`convert -o`, `play -o`, WTHOR's three) are written all or
//! nothing ([`files::Outputs`]): to `.<name>.tmp-<pid>` beside each (`convert`
//! streams each game into them as it converts), renamed into place once every
//! one is written and synced; on a failure the temporaries go and existing
//! files stay as they were; an output that is a symbolic link replaces its
//! target (the link stays); one that is a device, a FIFO or a descriptor
//! (`/dev/null`, `/dev/stdout`, `/dev/fd/N`) is written straight through.
//! `convert -o -` writes each game to standard output
//! as it converts. An output that would
//! overwrite itself (WTHOR to `x.JOU` or `x.TRN`, any case) or a file the
//! command reads (the input, its WTHOR name files) is refused, status 2,
//! before anything is written; so is WTHOR to `WTHOR.wtb` over existing
//! `WTHOR.JOU`/`WTHOR.TRN` (the names every `.wtb` beside them without its own
//! reads) unless `--replace-names` says to replace them. `convert` warns of what the target cannot hold
//! (reversi-notation's `write_report`): one line per kind, `reversi: warning:
//! WTHOR: move evaluations dropped in 6 games`, the status unchanged.
//!
//! A directory given to `replay` stands for the record files under it: it is
//! walked recursively for files whose extension (any case) is one of `.txt`,
//! `.pgn`, `.ggf`, `.wtb`, `.obf`, `.pos`, other files skipped (so `.JOU` and
//! `.TRN`, which are names, not games), in the order of their paths (sorted,
//! so the same on every run and every system). Symbolic links to directories
//! met in the walk are not followed (no loop can hang it); a link to a file
//! counts as the file. A directory without any record file is an error naming
//! it (status 2, like a file that cannot be read).
//!
//! `reversi` without arguments prints the full help on stderr and exits with
//! status 2, as clap's `arg_required_else_help` does: no command was run.
//! `--help` and `--version` print on stdout and exit with status 0.
//!
//! Exit status:
//! - 0: success (every game legal), `--help`, `--version`, or standard output
//!   closed by its reader (see below);
//! - 1: a game breaks the rules (`replay`: reported on stdout, one line or one
//!   JSON object per game; `convert`: a one-line message on stderr naming the
//!   file, the game and the ply);
//! - 2: bad input: no arguments, bad options, a file that cannot be read or
//!   parsed, a directory without record files, a target format that cannot
//!   hold a game (the format's own message), a file that cannot be written, an
//!   error writing standard output. For `replay`, 2 takes precedence over 1.
//!
//! Bad options print clap's whole message on stderr: the `error:` line, its
//! tips (`tip: a similar argument exists: '--divide'`), the usage and `For
//! more information, try '--help'.`. Every other message is one line on
//! stderr after `reversi: ` (warnings after `reversi: warning: `), its
//! control characters escaped ([`output::one_line`]: a file name holding a
//! newline shows `\n`); `replay`'s lines for illegal games too.
//!
//! Standard output is written only through [`output::Stdout`]: when its
//! reader has gone (`reversi play --games 1000 | head -1`) the command stops
//! at the first failed write and the process ends quietly with status 0, as
//! ripgrep and cargo do; any other error writing it is `reversi: stdout: ...`
//! and status 2. A standard output closed at start (`reversi play >&-`) is
//! no error: Rust's runtime opens `/dev/null` on it before `main`, so the
//! output goes there as with `>/dev/null`, which the process cannot tell
//! apart.

// Built by cargo fuzz (`--cfg fuzzing`, as fuzz/'s `cli_args` target) this
// file is a fuzz target instead of the command: see `fuzz_args`.
#![cfg_attr(fuzzing, no_main, allow(dead_code, unused_imports))]

mod book;
mod convert;
mod files;
mod game;
mod interrupt;
mod output;
mod perft;
mod play;
mod referee;
mod referee_args;
mod replay;
mod serve;
mod solve;
mod split;
mod theoretical;
mod tournament;
mod xot;

use std::io;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::output::Stdout;

/// Reversi (Othello), Reversitacks and Attacks on any board: perft; replay,
/// convert and play game records; Edax opening books (book); balanced
/// openings (xot); exact solves (solve); be an engine (gtp, nboard) and referee matches between engines
/// (match) and tournaments (tournament).
///
/// Every help text here is plain text, as a terminal shows it: no Markdown
/// (a test checks that no help has a backtick).
#[derive(Parser, Debug)]
#[command(name = "reversi", version, long_about = None, arg_required_else_help = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaves of the game tree to a depth (a pass is a ply).
    Perft(perft::PerftArgs),
    /// Check every game of record files (or of directories) against the rules.
    Replay(replay::ReplayArgs),
    /// Convert a record file to another format, passes written.
    Convert(convert::ConvertArgs),
    /// Play games between built-in policies (random, greedy), reproducibly from a seed.
    Play(play::PlayArgs),
    /// Be a GTP engine on standard input and output (the random or greedy policy).
    Gtp(serve::ServeArgs),
    /// Be an NBoard engine on standard input and output (the random or greedy policy).
    Nboard(serve::ServeArgs),
    /// Referee a match between two GTP or NBoard engines, each game appended to a file.
    Match(Box<referee::MatchArgs>),
    /// Referee a tournament of GTP or NBoard engines (round robin or gauntlet), with a crosstable.
    Tournament(tournament::TournamentArgs),
    /// Show, look up and convert Edax opening books (book.dat and a text form).
    Book(book::BookArgs),
    /// Generate balanced openings (the equivalent of the XOT list) from a seed.
    Xot(xot::XotArgs),
    /// Solve positions exactly: score, best move, principal variation (Reversi on any board).
    Solve(solve::SolveArgs),
}

/// A failure to report: a one-line message (none when empty: the command has
/// reported already, or there is nothing to say) and an exit status.
#[derive(Debug)]
struct Failure {
    message: String,
    status: u8,
}

impl Failure {
    /// Bad input from the user, an unreadable file, a game a format cannot
    /// hold, a file that cannot be written: exit status 2.
    fn usage(message: impl Into<String>) -> Failure {
        Failure { message: message.into(), status: 2 }
    }

    /// A game that breaks the rules: exit status 1.
    fn illegal(message: impl Into<String>) -> Failure {
        Failure { message: message.into(), status: 1 }
    }

    /// An exit status for what the command has already reported.
    fn silent(status: u8) -> Failure {
        Failure { message: String::new(), status }
    }

    /// A write to standard output that failed. A closed pipe (the reader has
    /// what it wanted, as `head` does) stops the command quietly with status
    /// 0; any other error is `stdout: ...` with status 2.
    fn stdout(error: io::Error) -> Failure {
        if error.kind() == io::ErrorKind::BrokenPipe {
            Failure::silent(0)
        } else {
            Failure::usage(format!("stdout: {error}"))
        }
    }
}

#[cfg(not(fuzzing))]
fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version: clap prints them on stdout, and they
            // succeed (unless stdout cannot be written).
            return match e.print() {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => exit(Failure::stdout(error)),
            };
        }
        Err(e) => {
            // Bad options, and no arguments (the help): clap's whole message
            // on stderr, tips and usage included. Nothing to do if stderr
            // cannot be written.
            let _ = e.print();
            return ExitCode::from(2);
        }
    };
    let mut out = Stdout::new();
    let result = match cli.command {
        Command::Perft(args) => perft::run(&args, &mut out),
        Command::Replay(args) => replay::run(&args, &mut out),
        Command::Convert(args) => convert::run(&args, &mut out),
        Command::Play(args) => play::run(&args, &mut out),
        Command::Gtp(args) => serve::run(&args, serve::Protocol::Gtp),
        Command::Nboard(args) => serve::run(&args, serve::Protocol::Nboard),
        Command::Match(args) => referee::run(&args, &mut out),
        Command::Tournament(args) => tournament::run(&args, &mut out),
        Command::Book(args) => book::run(&args, &mut out),
        Command::Xot(args) => xot::run(&args, &mut out),
        Command::Solve(args) => solve::run(&args, &mut out),
    };
    match result.and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            // What stdout holds comes before the message (a failed flush
            // again has nothing to add).
            let _ = out.flush();
            exit(failure)
        }
    }
}

/// For the `cli_args` fuzz target (cargo fuzz builds with `--cfg fuzzing`):
/// `data` as arguments, one a line, parsed as the command line is, then what
/// each command checks of its options before it runs (board, holes, start,
/// formats; a count of at most two plies). Nothing may panic, and every
/// message prints as one line.
#[cfg(fuzzing)]
fn fuzz_args(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let cli = match Cli::try_parse_from(std::iter::once("reversi").chain(text.split('\n'))) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.render().to_string();
            return;
        }
    };
    let checked = match &cli.command {
        Command::Perft(args) => args.check(),
        Command::Replay(args) => args.check(),
        Command::Convert(args) => args.check(),
        Command::Play(args) => args.check(),
        Command::Gtp(args) | Command::Nboard(args) => args.check(),
        Command::Solve(args) => args.check(),
        // Starts engines: nothing to check before.
        Command::Match(_) | Command::Tournament(_) => Ok(()),
        // Reads its files when it runs: nothing to check before.
        Command::Book(_) => Ok(()),
        Command::Xot(args) => args.check(),
    };
    if let Err(failure) = checked {
        assert!(!output::one_line(&failure.message).contains('\n'), "{failure:?}");
    }
}

#[cfg(fuzzing)]
libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_args(data));

/// Reports a failure on stderr, if it has a message, and gives its status.
fn exit(failure: Failure) -> ExitCode {
    if !failure.message.is_empty() {
        error(&failure.message);
    }
    ExitCode::from(failure.status)
}

/// Prints `reversi: MESSAGE` on stderr, control characters escaped
/// ([`output::one_line`]): the one way an error message is printed.
fn error(message: &str) {
    eprintln!("reversi: {}", output::one_line(message));
}

/// Prints `reversi: warning: MESSAGE` on stderr, control characters escaped:
/// something the command did without failing (data a format cannot hold).
fn warn(message: &str) {
    eprintln!("reversi: warning: {}", output::one_line(message));
}
