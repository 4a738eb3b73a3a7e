//! The `reversi` command as a user runs it: output, JSON and exit statuses.

use std::io::Read;
use std::process::{Command, ExitStatus, Stdio};

mod common;

use common::{assert_parse_error, command, refused_in_one_line, reversi, stderr, stdout, succeeded};

#[test]
fn perft_prints_leaves_time_and_speed() {
    let out = reversi(&["perft", "6"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("perft 6: 8200 leaves in "), "{text}");
    assert!(text.contains(" M leaves/s"), "{text}");
}

#[test]
fn counts_for_people_are_grouped_and_json_is_plain() {
    // One style for people (thousands separators from five digits on), plain
    // digits in --json: as replay's summary writes its counts.
    let out = reversi(&["perft", "7", "--divide"]);
    let text = stdout(&out);
    assert!(text.contains("\nperft 7: 55,092 leaves in "), "{text}");
    assert!(text.starts_with("d3 13,773\n"), "{text}");
    let out = reversi(&["perft", "7", "--json"]);
    assert!(stdout(&out).contains("\"leaves\":55092"), "{}", stdout(&out));
}

#[test]
fn perft_json_with_divide() {
    let out = reversi(&["perft", "3", "--divide", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).expect("one JSON line");
    assert_eq!(line["depth"], 3);
    assert_eq!(line["leaves"], 56);
    assert!(line["seconds"].is_number());
    assert!(line["leaves_per_second"].is_u64());
    let divide = line["divide"].as_object().expect("a divide object");
    assert_eq!(divide.keys().collect::<Vec<_>>(), ["d3", "c4", "f5", "e6"]);
    assert!(divide.values().all(|n| n == 14));
}

#[test]
fn divide_and_plain_give_the_same_total_on_every_path() {
    // The counts per root move come from the same split as the plain count
    // (one pool, one set of tables): the totals agree for every game, thread
    // count, table and backend.
    let json = |args: &[&str]| -> serde_json::Value {
        let out = reversi(args);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        serde_json::from_str(stdout(&out).trim()).expect("one JSON line")
    };
    let games: [&[&str]; 3] = [
        &["8"],
        &["5", "--variant", "attacks", "--board", "7x7"],
        &["4", "--variant", "reversitacks", "--board", "6x6"],
    ];
    for game in games {
        for extra in [
            &[][..],
            &["--threads", "2"],
            &["--hash", "4"],
            &["--threads", "2", "--hash", "4"],
            &["--backend", "portable"],
        ] {
            let args: Vec<&str> = ["perft"].iter().chain(game).chain(extra).copied().chain(["--json"]).collect();
            let plain = json(&args);
            let divided = json(&[&args[..], &["--divide"]].concat());
            let sum: u64 = divided["divide"].as_object().unwrap().values().map(|n| n.as_u64().unwrap()).sum();
            assert_eq!(divided["leaves"], plain["leaves"], "{args:?}");
            assert_eq!(sum, plain["leaves"].as_u64().unwrap(), "{args:?}");
        }
    }
}

#[test]
fn perft_from_a_position_with_a_pass() {
    // Black must pass here: the pass is the one root move.
    let pos = "X-O-----/-O------/OOXX----/---XX---/---XXX--/--------/--------/-------- X";
    let out = reversi(&["perft", "2", "--position", pos, "--divide"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("pass "), "{text}");
}

#[test]
fn white_first_and_backends_agree() {
    for args in [&["perft", "7", "--first", "white", "--json"][..], &["perft", "7", "--backend", "portable", "--json"]]
    {
        let out = reversi(args);
        assert!(out.status.success(), "{}", stderr(&out));
        let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
        assert_eq!(line["leaves"], 55092);
    }
}

#[test]
fn hashed_and_parallel_counts_are_exact() {
    for args in [
        &["perft", "9", "--threads", "2", "--json"][..],
        &["perft", "9", "--hash", "16", "--json"],
        &["perft", "9", "--threads", "2", "--hash", "16", "--json"],
        &["perft", "9", "--threads", "2", "--hash", "16", "--divide", "--json"],
    ] {
        let out = reversi(args);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
        assert_eq!(line["leaves"], 3_005_288, "{args:?}");
    }
}

fn count(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(succeeded(args).trim()).expect("one JSON line")
}

#[test]
fn every_variant_and_board() {
    let cases: [(&[&str], u64); 8] = [
        (&["perft", "4", "--variant", "attacks", "--board", "7x7"], 155_888),
        (&["perft", "3", "--variant", "reversitacks"], 162_720),
        (&["perft", "6", "--board", "6x6"], 7_604),
        (&["perft", "4", "--board", "octagon"], 244),
        (&["perft", "4", "--variant", "ataxx", "--board", "7x7", "--holes", "c3,e3,c5,e5"], 86_528),
        (
            &[
                "perft",
                "3",
                "--variant",
                "attacks",
                "--position",
                "X-----O/-------/--#-#--/---#---/--#-#--/-------/O-----X X",
            ],
            4_100,
        ),
        (&["perft", "3", "--variant", "attacks", "--board", "7x7", "--threads", "2"], 6_460),
        (&["perft", "5", "--variant", "attacks", "--board", "7x7", "--threads", "2", "--hash", "8"], 4_752_684),
    ];
    for (args, expected) in cases {
        let mut args = args.to_vec();
        args.push("--json");
        assert_eq!(count(&args)["leaves"], expected, "{args:?}");
    }
    // The generic engine agrees with reversi-core on the standard board.
    for extra in [&[][..], &["--position", "---------------------------OX------XO--------------------------- X"]] {
        let mut args = vec!["perft", "7", "--engine", "generic", "--json"];
        args.extend_from_slice(extra);
        assert_eq!(count(&args)["leaves"], 55_092, "{args:?}");
    }
    let line = count(&["perft", "1", "--variant", "attacks", "--board", "7x7", "--divide", "--json"]);
    let divide = line["divide"].as_object().unwrap();
    assert_eq!(divide.len(), 16);
    assert_eq!(divide["a1c3"], 1);
    assert_eq!(divide["b2"], 1);
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    for (args, expected) in [
        (&["perft", "61"][..], "depth 61 is over the maximum of 60"),
        (&["perft", "3", "--position", "--------/--------- X"], "--position: bad position at byte"),
        (&["perft", "3", "--hash", "100000000000000"], "--hash 100000000000000: "),
        // Counts past 64 bits (Attacks 3x3 passes u64::MAX at depth 38) are an
        // error, not a wrapped number.
        (&["perft", "40", "--variant", "attacks", "--board", "3x3", "--hash", "16"], "does not fit in 64 bits"),
        (
            &["perft", "40", "--variant", "attacks", "--board", "3x3", "--hash", "16", "--divide"],
            "does not fit in 64 bits",
        ),
        (
            &["perft", "40", "--variant", "attacks", "--board", "3x3", "--hash", "16", "--threads", "2"],
            "does not fit in 64 bits",
        ),
        // The variants tables too (this aborted with a backtrace once).
        (&["perft", "3", "--variant", "attacks", "--board", "7x7", "--hash", "100000000"], "--hash 100000000: "),
        (
            &["perft", "3", "--variant", "attacks", "--board", "7x7", "--hash", "100000000", "--threads", "2"],
            "--hash 100000000: ",
        ),
    ] {
        refused_in_one_line(args, expected);
    }
}

#[test]
fn bad_options_print_clap_whole_message_and_status_2() {
    for (args, expected) in [
        (&["perft", "3", "--bogus"][..], "unexpected argument '--bogus'"),
        (&["perft", "x"], "invalid value 'x'"),
        (&["perft", "3", "--first", "red"], "invalid value 'red'"),
        (&["perft", "3", "--first", "white", "--position", "x"], "cannot be used with"),
        (&["perft"], "<DEPTH>"),
        (&["perft", "3", "--threads", "0"], "invalid value '0'"),
        (&["perft", "3", "--hash", "lots"], "invalid value 'lots' for '--hash <MIB>'"),
        (&["bogus"], "unrecognized subcommand 'bogus'"),
    ] {
        assert_parse_error(args, expected);
    }
}

#[test]
fn a_mistyped_option_shows_the_tip_and_the_usage() {
    let err = assert_parse_error(&["perft", "3", "--dvide"], "error: unexpected argument '--dvide' found");
    assert!(err.contains("tip: a similar argument exists: '--divide'"), "{err}");
    assert!(err.contains("\n\nUsage: reversi perft"), "{err}");
}

#[test]
fn no_arguments_print_the_help_on_stderr_with_status_2() {
    let out = reversi(&[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).is_empty());
    let err = stderr(&out);
    assert!(err.contains("Usage: reversi <COMMAND>"), "{err}");
    for command in ["perft", "replay", "convert", "play"] {
        assert!(err.lines().any(|l| l.trim_start().starts_with(command)), "{command}: {err}");
    }
    assert!(err.contains("-h, --help") && err.contains("-V, --version"), "{err}");
}

#[test]
fn help_and_version_succeed_on_stdout() {
    for (args, expected) in [
        (&["--help"][..], "Usage: reversi <COMMAND>"),
        (&["perft", "--help"], "Usage: reversi perft [OPTIONS] [DEPTH]"),
        (&["--version"], concat!("reversi ", env!("CARGO_PKG_VERSION"))),
    ] {
        let out = reversi(args);
        assert!(out.status.success(), "{args:?}");
        assert!(stdout(&out).contains(expected), "{args:?}: {}", stdout(&out));
        assert!(stderr(&out).is_empty(), "{args:?}");
    }
}

#[test]
fn help_is_plain_text_and_states_the_bounds_the_command_enforces() {
    // A terminal shows help as written: Markdown's backticks would print
    // literally. Short and long help, of the command and of every subcommand.
    let commands =
        ["perft", "replay", "convert", "play", "gtp", "nboard", "match", "tournament", "book", "xot", "solve"];
    let mut runs: Vec<Vec<&str>> = vec![vec!["-h"], vec!["--help"], vec!["help"]];
    for command in commands {
        runs.extend([vec![command, "-h"], vec![command, "--help"], vec!["help", command]]);
    }
    for args in runs {
        let out = reversi(&args);
        assert!(out.status.success(), "{args:?}");
        let help = stdout(&out);
        assert!(help.contains("Usage: reversi"), "{args:?}: {help}");
        assert!(!help.contains('`'), "{args:?} prints a backtick: {help}");
    }
    // The depth and thread bounds the help states are the ones refused past.
    let help = stdout(&reversi(&["perft", "--help"]));
    assert!(help.contains("Plies to count, 0 to 60"), "{help}");
    assert!(help.contains("Threads to count with, 1 to 1024"), "{help}");
    assert!(stderr(&reversi(&["perft", "61"])).contains("over the maximum of 60"));
    assert_parse_error(&["perft", "1", "--threads", "1025"], "invalid value '1025'");
}

/// Runs `reversi` with stdout on a pipe that this side closes after reading
/// `bytes` bytes (0: at once), and gives the status and stderr.
fn with_stdout_closed_after(args: &[&str], bytes: usize) -> (ExitStatus, String) {
    let mut child = command(args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("the binary runs");
    let mut pipe = child.stdout.take().expect("a pipe");
    let mut start = vec![0; bytes];
    pipe.read_exact(&mut start).expect("the start of the output");
    drop(pipe);
    let out = child.wait_with_output().expect("the binary ends");
    (out.status, stderr(&out))
}

#[test]
fn a_closed_stdout_ends_quietly_with_status_0() {
    // Far more output than a pipe holds (64 KiB on Linux and macOS) after
    // what is read: the writes after the close surely fail with EPIPE.
    // Games to replay, made here (the packaged crate has no data folder).
    let dir =
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("reversi-cli-epipe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let games = dir.join("games.pgn");
    let games = games.to_str().unwrap();
    assert!(reversi(&["play", "--games", "2000", "--seed", "7", "-o", games]).status.success());
    for (args, bytes) in [
        (&["play", "--games", "2000"][..], 100),
        (&["play", "--games", "2000", "-o", "-", "--to", "ggf"], 100),
        (&["replay", "--json", games], 1000),
        (&["replay", "--json", games, games, games, games], 1),
        // A few lines, written at the end: the pipe is closed long before.
        (&["perft", "7", "--divide"], 0),
        (&["perft", "7", "--json"], 0),
        (&["--help"], 0),
    ] {
        let (status, err) = with_stdout_closed_after(args, bytes);
        assert_eq!(status.code(), Some(0), "{args:?}: {err}");
        assert!(err.is_empty(), "{args:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(target_os = "linux")]
#[test]
fn other_stdout_errors_are_errors() {
    // /dev/full refuses every write: ENOSPC, not a closed pipe.
    for args in [&["perft", "3"][..], &["play", "--games", "3"], &["--help"]] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
        let out = command(args).stdout(full).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(err.starts_with("reversi: stdout: ") && err.lines().count() == 1, "{args:?}: {err}");
    }
}

#[test]
fn a_newline_in_a_quoted_name_or_value_stays_one_line() {
    for (args, quoted) in [
        (&["replay", "no\nsuch.pgn"][..], "no\\nsuch.pgn: "),
        (&["replay", "--keep-going", "a\rb.pgn", "c\u{1b}[2J.pgn"], "a\\rb.pgn: "),
        (&["perft", "1", "--board", "8\nx8"], "--board 8\\nx8: "),
        (&["play", "-o", "x\n.zip"], "-o x\\n.zip: "),
    ] {
        let out = reversi(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(err.lines().all(|l| l.starts_with("reversi: ")), "{args:?}: {err}");
        assert!(err.contains(quoted), "{args:?}: {err}");
    }
    let err = stderr(&reversi(&["replay", "--keep-going", "a\rb.pgn", "c\u{1b}[2J.pgn"]));
    assert_eq!(err.lines().count(), 2, "{err}");
    assert!(err.contains("c\\u{1b}[2J.pgn: ") && !err.contains('\u{1b}'), "{err}");
}

#[cfg(unix)]
#[test]
fn a_closed_stdout_descriptor_is_standard_output_on_dev_null() {
    // `reversi ... >&-`: Rust's runtime opens /dev/null on a standard
    // descriptor closed at start (so that no file opened later takes its
    // place), and the output goes there, as with `>/dev/null`. Status 0,
    // nothing said: the process cannot tell the two apart.
    let out = Command::new("sh")
        .args(["-c", "exec \"$0\" play --games 3 >&-", env!("CARGO_BIN_EXE_reversi")])
        .output()
        .expect("sh runs");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
}

#[test]
fn play_bounds_max_plies() {
    let err = assert_parse_error(&["play", "--games", "0", "--max-plies", "18446744073709551615"], "--max-plies");
    assert!(err.contains("1000000"), "{err}");
    let out = reversi(&["play", "--games", "0", "--max-plies", "1000000"]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn position_takes_what_a_user_pastes() {
    // The same position written four ways counts the same leaves.
    let after = ["f5d6c3", "1. F5 d6 2. C3", "f5 D6 c3"];
    let board = "--------/--------/--X-----/---XX---/---OXX--/---O----/--------/-------- O";
    let expected = count(&["perft", "3", "--json", "--position", board])["leaves"].clone();
    for text in after {
        assert_eq!(count(&["perft", "3", "--json", "--position", text])["leaves"], expected, "{text}");
    }
    let out = reversi(&["perft", "1", "--position", "f5 f5"]);
    assert!(stderr(&out).contains("--position: line 1, column 4: ply 2: f5 is not legal"), "{}", stderr(&out));
}

#[test]
fn replay_json_names_the_xot_opening() {
    let dir = std::env::temp_dir().join(format!("reversi-cli-xot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (list, games) = (dir.join("xot.txt"), dir.join("games.txt"));
    std::fs::write(&list, "f5d6c3d3c4f4f6f3\nf5f6e6f4e3c5c4e7\n").unwrap();
    // The second opening turned a half turn and played on, then a game of no opening.
    std::fs::write(&games, "c4c3d3c5d6f4f5d2b3\nf5d6c3d3c4f4c5b3\n").unwrap();
    let out = reversi(&["replay", "--json", "--xot", list.to_str().unwrap(), games.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let lines: Vec<serde_json::Value> = stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines[0]["xot"], serde_json::json!({"opening": 2, "plies": 8, "symmetry": "Rotate180"}));
    assert_eq!(lines[1]["xot"], serde_json::Value::Null);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_summary_names_every_command() {
    // `reversi --help`'s first line is what a newcomer reads: it names every
    // command listed below it.
    let out = reversi(&["--help"]);
    let text = stdout(&out);
    let summary = text.lines().next().unwrap();
    let commands: Vec<&str> = text
        .lines()
        .skip_while(|line| *line != "Commands:")
        .skip(1)
        .take_while(|line| !line.is_empty())
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .collect();
    assert!(commands.len() >= 8, "{text}");
    for name in commands {
        assert!(summary.contains(name), "the summary does not name {name}: {summary}");
    }
}
