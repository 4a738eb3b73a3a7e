//! `reversi gtp` and `reversi nboard`: this project as an engine, the
//! `random` or `greedy` policy (reversi-engine's `BuiltinPolicy`) served over
//! standard input and output with reversi-engine's servers.

use std::io::{BufReader, stdin, stdout};

use clap::Args;
use reversi_engine::{Seeded, SplitMix64};

use crate::Failure;
use crate::game::StartArgs;
use crate::play::policy_names;

/// Arguments of `reversi gtp` and `reversi nboard`.
#[derive(Args, Debug)]
pub(crate) struct ServeArgs {
    #[command(flatten)]
    start: StartArgs,
    /// The policy that chooses the moves (--player is an alias).
    #[arg(long, alias = "player", default_value = "random", ignore_case = true, value_parser = policy_names())]
    policy: reversi_engine::BuiltinPolicy,
    /// The seed of the policy's choices.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
}

/// Which protocol to serve.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Protocol {
    Gtp,
    Nboard,
}

/// What `run` checks of the options before serving: for the `cli_args`
/// fuzz target.
#[cfg(fuzzing)]
impl ServeArgs {
    pub(crate) fn check(&self) -> Result<(), Failure> {
        self.start.spec(false).position().map(|_| ())
    }
}

/// Serves the policy until `quit` or the end of standard input.
pub(crate) fn run(args: &ServeArgs, protocol: Protocol) -> Result<(), Failure> {
    let start = args.start.spec(false).position()?;
    let policy = Seeded::new(args.policy, SplitMix64::for_game(args.seed, 0));
    let input = BufReader::new(stdin().lock());
    let output = stdout().lock();
    let served = match protocol {
        Protocol::Gtp => reversi_engine::gtp::serve(policy, start, input, output),
        Protocol::Nboard => reversi_engine::nboard::serve(policy, start, input, output),
    };
    match served {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other.map_err(|e| Failure::usage(format!("{e}"))),
    }
}
