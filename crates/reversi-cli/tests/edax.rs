//! `reversi tournament` against Edax, where it is present: its GTP and
//! NBoard modes beside this project's engines, in a round robin and a
//! gauntlet whose games are all played out (no engine forfeits), whose
//! records replay legal and whose crosstable adds up; and Edax's NBoard
//! evaluations (`=== MOVE EVAL TIME`) driving the draw rule.
//!
//! Edax is no part of this repository (CI has none), so the tests are
//! ignored; `bash scripts/edax-tests.sh` runs them, or by hand:
//!
//! ```text
//! REVERSI_EDAX=/path/edax/bin/lEdax-x86-64-v3 REVERSI_EDAX_EVAL=eval.dat \
//!     cargo test -p reversi-cli --test edax -- --ignored
//! ```
//!
//! `REVERSI_EDAX` is the binary; `REVERSI_EDAX_EVAL` its evaluation file
//! (absolute, or relative to where it runs; default Edax's own
//! `data/eval.dat`); `REVERSI_EDAX_DIR` where it runs (default the binary's
//! directory's parent, as Edax's build lays it out). Without
//! `REVERSI_EDAX` each test prints a note and returns.

mod common;

use common::TempDir;
use common::tournament::{check_adds_up, replays_legal, tournament};
use serde_json::Value;

const REVERSI: &str = env!("CARGO_BIN_EXE_reversi");

/// Edax as the environment names it.
struct Edax {
    binary: String,
    dir: String,
    eval: Option<String>,
}

impl Edax {
    /// Edax from `REVERSI_EDAX` (and `REVERSI_EDAX_EVAL`, `REVERSI_EDAX_DIR`);
    /// `None`, with a note on standard error, when it is not set.
    fn from_env(test: &str) -> Option<Edax> {
        let Some(binary) = std::env::var("REVERSI_EDAX").ok().filter(|b| !b.is_empty()) else {
            eprintln!("{test}: skipped, needs Edax: set REVERSI_EDAX (see scripts/edax-tests.sh)");
            return None;
        };
        let parent = |p: &str| std::path::Path::new(p).parent().map(|d| d.display().to_string());
        let dir = std::env::var("REVERSI_EDAX_DIR")
            .ok()
            .or_else(|| parent(&binary).and_then(|bin| parent(&bin)))
            .filter(|d| !d.is_empty())
            .unwrap_or_else(|| ".".into());
        let eval = std::env::var("REVERSI_EDAX_EVAL").ok().filter(|e| !e.is_empty());
        Some(Edax { binary, dir, eval })
    }

    /// The engine argument for Edax in `protocol` (`gtp` or `nboard`), with
    /// `options` (one thread, no book; the binary and the evaluation file
    /// quoted: the argument is split as a shell would).
    fn engine(&self, protocol: &str, options: &str) -> String {
        let eval = self.eval.as_ref().map(|e| format!(" -eval-file '{e}'")).unwrap_or_default();
        format!("{protocol}:'{}'{eval} -{protocol} -n 1 -book-usage off {options}", self.binary)
    }
}

/// Every game was played to its end or, with adjudication, adjudicated: no
/// forfeit, no fault.
fn all_played(games: &[Value], adjudicated: bool) {
    for game in games {
        match game["termination"].as_str() {
            None => {}
            Some(t) if adjudicated && t.starts_with("adjudicated") => {}
            Some(t) => panic!("game {}: {t}", game["game"]),
        }
    }
}

/// The annotations (`MOVE/EVAL/TIME`) of `name`'s moves in the GGF games of
/// `records`, over the games `name` plays: one list a game.
fn annotations(records: &str, name: &str) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(records).unwrap();
    let tag = |game: &str, key: &str| game.split(key).nth(1).and_then(|v| v.split(']').next()).map(str::to_string);
    text.split("(;")
        .filter_map(|game| {
            let color = if tag(game, "PB[").as_deref() == Some(name) {
                "]B["
            } else if tag(game, "PW[").as_deref() == Some(name) {
                "]W["
            } else {
                return None;
            };
            // Its moves the referee timed: not the opening's, not a pass it played.
            Some(
                game.split(color)
                    .skip(1)
                    .map(|m| m.split(']').next().unwrap().to_string())
                    .filter(|m| m.contains('/'))
                    .collect(),
            )
        })
        .collect()
}

#[test]
#[ignore = "needs Edax: set REVERSI_EDAX (scripts/edax-tests.sh)"]
fn a_round_robin_of_edax_over_gtp_and_nboard_and_ours_adds_up() {
    let Some(edax) = Edax::from_env("a_round_robin_of_edax_over_gtp_and_nboard_and_ours_adds_up") else { return };
    let dir = TempDir::new("edax-rr");
    let openings = dir.path("openings.txt");
    std::fs::write(&openings, "f5d6c3\nf5f6e6f4\n").unwrap();
    let records = dir.path("games.ggf");
    // Edax over GTP plays on the referee's clock (its `time_left` sets
    // Edax's level to 60 with a clock: `-l 1` holds only until then); over
    // NBoard at its depth (`set depth 2`, which names it Edax2).
    let engines =
        [edax.engine("gtp", "-l 1"), edax.engine("nboard", "-l 2"), format!("gtp:{REVERSI} gtp --policy greedy")];
    let mut args: Vec<&str> = engines.iter().map(String::as_str).collect();
    let (dir1, dir2) = (format!("1={}", edax.dir), format!("2={}", edax.dir));
    args.extend(["--dir", &dir1, "--dir", &dir2, "--depth", "2", "--openings", &openings, "--games", "4"]);
    args.extend(["--time", "10", "--concurrency", "2", "-o", &records]);
    let (games, summary) = tournament(&args);
    // Three pairings, two openings, both colours: 12 games.
    assert_eq!(games.len(), 12);
    all_played(&games, false);
    replays_legal(&records, 12);
    check_adds_up(&summary, 12);
    let names: Vec<&str> = summary["rows"].as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap()).collect();
    for name in ["Edax", "Edax2", "greedy"] {
        assert!(names.contains(&name), "{names:?}");
    }
    // Each pair of engines met in 4 games, 2 pairs.
    for pairing in summary["pairings"].as_array().unwrap() {
        assert_eq!(pairing["standing"]["games"]["games"], 4, "{pairing}");
        assert_eq!(pairing["standing"]["pairs"], 2, "{pairing}");
    }
    // Edax's evaluations over NBoard (`=== MOVE EVAL TIME`) are in the
    // records, beside each of its moves; none over GTP, which has no field
    // for them.
    let nboard = annotations(&records, "Edax2");
    assert_eq!(nboard.len(), 8);
    for moves in &nboard {
        assert!(moves.len() > 10, "{moves:?}");
        assert!(moves.iter().all(|m| m.split('/').nth(1).is_some_and(|e| e.parse::<f64>().is_ok())), "{moves:?}");
    }
    for moves in annotations(&records, "Edax") {
        assert!(moves.iter().all(|m| m.contains("//")), "{moves:?}");
    }
}

#[test]
#[ignore = "needs Edax: set REVERSI_EDAX (scripts/edax-tests.sh)"]
fn a_gauntlet_of_edax_against_edax_and_ours_adds_up_and_adjudicates() {
    let Some(edax) = Edax::from_env("a_gauntlet_of_edax_against_edax_and_ours_adds_up_and_adjudicates") else { return };
    let dir = TempDir::new("edax-gauntlet");
    let records = dir.path("games.ggf");
    // Edax over NBoard (its level from the command line: no --depth) against
    // Edax over GTP and this project's NBoard engine.
    let engines =
        [edax.engine("nboard", "-l 3"), edax.engine("gtp", "-l 1"), format!("nboard:{REVERSI} nboard --seed 4")];
    let mut args: Vec<&str> = engines.iter().map(String::as_str).collect();
    let (dir1, dir2) = (format!("1={}", edax.dir), format!("2={}", edax.dir));
    args.extend(["--dir", &dir1, "--dir", &dir2, "--format", "gauntlet", "--openings-random", "6", "--seed", "5"]);
    args.extend(["--games", "4", "--time", "10", "--adjudicate", "12", "-o", &records]);
    let (games, summary) = tournament(&args);
    // Two pairings of 4 games.
    assert_eq!(games.len(), 8);
    all_played(&games, true);
    replays_legal(&records, 8);
    check_adds_up(&summary, 8);
    let first = games[0]["first"].as_str().unwrap();
    assert!(games.iter().all(|g| g["first"] == first), "{games:?}");
    assert_eq!(summary["pairings"].as_array().unwrap().len(), 2);
    // Games that reached 12 empties were solved there, and say so.
    let text = std::fs::read_to_string(&records).unwrap();
    let adjudicated = games.iter().filter(|g| g["termination"].is_string()).count();
    assert_eq!(text.matches("Termination[adjudicated at 12 empties").count(), adjudicated, "{text}");
}

#[test]
#[ignore = "needs Edax: set REVERSI_EDAX (scripts/edax-tests.sh)"]
fn edax_evaluations_over_nboard_drive_the_draw_rule() {
    let Some(edax) = Edax::from_env("edax_evaluations_over_nboard_drive_the_draw_rule") else { return };
    let dir = TempDir::new("edax-draw");
    let records = dir.path("games.ggf");
    // With a zeroed evaluation Edax calls every position of the middle game
    // even (`=== MOVE 0.00 TIME`) until it sees the end: between two such
    // Edax the draw rule ends each game from the default openings.
    let engines = [edax.engine("nboard", "-l 1"), edax.engine("nboard", "-l 2")];
    let mut args: Vec<&str> = engines.iter().map(String::as_str).collect();
    let (dir1, dir2) = (format!("1={}", edax.dir), format!("2={}", edax.dir));
    args.extend(["--dir", &dir1, "--dir", &dir2, "--games", "4", "--draw", "10,3,0.5", "-o", &records]);
    let (games, summary) = tournament(&args);
    assert_eq!(games.len(), 4);
    for game in &games {
        let how = game["termination"].as_str().unwrap_or_default();
        assert!(how.starts_with("adjudicated by evaluation: a draw"), "{game}");
        assert_eq!(game["first_score"], 0.5, "{game}");
    }
    replays_legal(&records, 4);
    check_adds_up(&summary, 4);
}
