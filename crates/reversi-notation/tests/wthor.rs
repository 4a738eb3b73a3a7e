//! Every WTHOR file of data/wthor: read, replay with the stored score
//! checked, names, and byte-exact round trips.

use reversi_notation::wthor::{self, Names};
use reversi_notation::{Passes, replay};

fn data(name: &str) -> Vec<u8> {
    let path = format!("{}/../../data/wthor/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

#[test]
fn every_game_replays_and_finished_games_match_their_score() {
    let players = wthor::read_names(&data("WTHOR.JOU"), Names::Players).unwrap();
    let tournaments = wthor::read_names(&data("WTHOR.TRN"), Names::Tournaments).unwrap();
    let (mut games, mut finished, mut passes) = (0, 0, 0);
    for year in 1977..=1985 {
        let name = format!("WTH_{year}.wtb");
        let db = wthor::read_games(&data(&name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(db.header.year, year);
        assert_eq!(db.games.len(), db.header.games as usize);
        for (i, game) in db.games.iter().enumerate() {
            let done = game.replay().map_err(|e| e.in_game(i)).unwrap_or_else(|e| panic!("{name}: {e}"));
            passes += done.passes;
            if done.position.is_game_over() {
                finished += 1;
                let black = done.position.score_empties_to_winner().black;
                assert_eq!(black, usize::from(game.real_score), "{name} game {}", i + 1);
            }
            // The record replays the same way.
            let record = game.to_record(db.header.year, &players, &tournaments);
            assert_eq!(replay(&record, Passes::Infer).unwrap(), done);
            assert!(record.black.as_deref().is_some_and(|n| !n.starts_with('#')), "{name} game {}", i + 1);
            games += 1;
        }
        assert_eq!(wthor::write_games(&db).unwrap(), data(&name), "{name} writes back byte for byte");
    }
    assert!(games > 2000, "{games} games");
    assert!(finished > games * 9 / 10, "{finished} of {games} finished");
    assert!(passes > 0, "some games have forced passes");
}

#[test]
fn name_files_round_trip() {
    for (file, kind) in [("WTHOR.JOU", Names::Players), ("WTHOR.TRN", Names::Tournaments)] {
        let bytes = data(file);
        let names = wthor::read_names(&bytes, kind).unwrap();
        assert!(names.len() > 100, "{file}");
        let header = wthor::read_games(&bytes[..16]).map(|db| db.header).unwrap_or_default();
        let again = wthor::write_names(&header, &names, kind);
        assert_eq!(wthor::read_names(&again, kind).unwrap(), names, "{file}");
    }
}

#[test]
fn records_written_back_keep_the_header_fields() {
    for year in [1977, 1980, 1985] {
        let name = format!("WTH_{year}.wtb");
        let bytes = data(&name);
        let records = wthor::read_records(&bytes, None, None).unwrap();
        assert!(records[0].get("WthorCreated").is_some(), "{name}: {:?}", records[0].extra);
        let (files, losses) = wthor::write_records_report(&records).unwrap();
        assert_eq!(files.games[..16], bytes[..16], "{name}: the header written back");
        // Names are numbered anew; the header and the games' bytes agree.
        assert_eq!(files.games.len(), bytes.len(), "{name}");
        assert_eq!(losses.fields(), [], "{name}");
    }
}
