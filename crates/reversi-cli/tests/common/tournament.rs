//! Running `reversi tournament` and checking what it gives: its records
//! replay legal, its crosstable adds up.

use serde_json::Value;

use super::{reversi, stderr, stdout};

/// Runs a tournament with `--json`, which must succeed: its per-game
/// objects and its summary.
pub(crate) fn tournament(args: &[&str]) -> (Vec<Value>, Value) {
    let out = reversi(&[&["tournament", "--json"], args].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    let mut lines: Vec<Value> = stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let summary = lines.pop().unwrap();
    (lines, summary)
}

/// `reversi replay` of a records file says all of its `games` games legal.
pub(crate) fn replays_legal(file: &str, games: usize) {
    let out = reversi(&["replay", file]);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    assert!(text.contains(&format!("{games} games, {games} legal, 0 illegal")), "{text}");
}

fn count(value: &Value) -> u64 {
    value.as_u64().unwrap_or_else(|| panic!("a count: {value}"))
}

fn number(value: &Value) -> f64 {
    value.as_f64().unwrap_or_else(|| panic!("a number: {value}"))
}

fn pentanomial(standing: &Value) -> [u64; 5] {
    let counts: Vec<u64> = standing["pentanomial"].as_array().unwrap().iter().map(count).collect();
    counts.try_into().unwrap()
}

/// The summary's crosstable adds up, over `games` games: the points sum to
/// the games; each engine's wins, draws and losses to its games, and to its
/// cells' games, its points to its wins and half its draws; the head-to-head
/// cells are symmetric (A's games against B are B's against A, their points
/// sum to those games); each standing's pairs are its pentanomial counts,
/// two games each at most, their points its pair score; each engine's
/// pentanomial is its pairings' (seen from its side).
pub(crate) fn check_adds_up(summary: &Value, games: u64) {
    assert_eq!(count(&summary["games"]), games, "{summary}");
    let rows = summary["rows"].as_array().unwrap();
    let pairings = summary["pairings"].as_array().unwrap();
    let points: f64 = rows.iter().map(|r| number(&r["points"])).sum();
    assert_eq!(points, games as f64, "{summary}");
    let pairing_games: u64 = pairings.iter().map(|p| count(&p["standing"]["games"]["games"])).sum();
    assert_eq!(pairing_games, games, "{summary}");
    for standing in rows.iter().map(|r| &r["standing"]).chain(pairings.iter().map(|p| &p["standing"])) {
        let pent = pentanomial(standing);
        let pairs = count(&standing["pairs"]);
        assert_eq!(pent.iter().sum::<u64>(), pairs, "{standing}");
        assert!(2 * pairs <= count(&standing["games"]["games"]), "{standing}");
        if pairs > 0 {
            let pair_points: f64 = pent.iter().enumerate().map(|(k, &n)| k as f64 * 0.5 * n as f64).sum();
            assert!((pair_points / (2 * pairs) as f64 - number(&standing["pair_score"])).abs() < 1e-9, "{standing}");
        }
    }
    for row in rows {
        let name = row["name"].as_str().unwrap();
        let standing = &row["standing"]["games"];
        let (wins, draws, losses) = (count(&standing["wins"]), count(&standing["draws"]), count(&standing["losses"]));
        assert_eq!(wins + draws + losses, count(&standing["games"]), "{row}");
        assert_eq!(number(&row["points"]), wins as f64 + draws as f64 / 2.0, "{row}");
        let cells = row["against"].as_object().unwrap();
        let cell_games: u64 = cells.values().map(|c| count(&c[1])).sum();
        assert_eq!(count(&standing["games"]), cell_games, "{row}");
        let cell_points: f64 = cells.values().map(|c| number(&c[0])).sum();
        assert_eq!(number(&row["points"]), cell_points, "{row}");
        for (other, cell) in cells {
            let back = &rows.iter().find(|r| r["name"] == other.as_str()).unwrap()["against"][name];
            assert_eq!(count(&cell[1]), count(&back[1]), "{name} against {other}");
            assert_eq!(number(&cell[0]) + number(&back[0]), number(&cell[1]), "{name} against {other}");
        }
        // Its pentanomial: its pairings', reversed where it is the second.
        let mut mine = [0; 5];
        for pairing in pairings {
            let pent = pentanomial(&pairing["standing"]);
            for k in 0..5 {
                if pairing["first"] == name {
                    mine[k] += pent[k];
                } else if pairing["second"] == name {
                    mine[k] += pent[4 - k];
                }
            }
        }
        assert_eq!(pentanomial(&row["standing"]), mine, "{row}");
    }
}
