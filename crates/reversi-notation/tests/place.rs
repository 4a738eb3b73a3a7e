//! [`Place`]: every game of every data file, read again alone from its
//! place's bytes, is the game read in the whole file, located the same.

use std::path::{Path, PathBuf};

use reversi_notation::{Format, Place, ReadOptions, Reader, Record, open, wthor};

/// The record files under `dir`.
fn files(dir: &str) -> Vec<PathBuf> {
    reversi_notation::record_files(Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(dir)).unwrap()
}

/// Game `place` of `bytes`, read again alone.
fn again(reader: &Reader<Box<dyn std::io::BufRead + Send>>, bytes: &[u8], place: &Place) -> Record {
    let slice = |r: &std::ops::Range<u64>| &bytes[r.start as usize..r.end as usize];
    let input = [slice(&place.head), slice(&place.bytes)].concat();
    assert_eq!(input.len() as u64, place.len());
    let mut games = Reader::new(reader.format(), &input[..], ReadOptions::new()).named(reader.file().unwrap());
    if reader.format() == Format::Wthor {
        let names = |file: &Option<PathBuf>, kind| {
            file.as_ref().map_or(Vec::new(), |f| wthor::read_names(&std::fs::read(f).unwrap(), kind).unwrap())
        };
        let (players, tournaments) = reversi_notation::wthor_name_files(Path::new(reader.file().unwrap()));
        games =
            games.wthor_names(names(&players, wthor::Names::Players), names(&tournaments, wthor::Names::Tournaments));
    }
    games.at_place(place).next().unwrap().unwrap()
}

#[test]
fn every_game_reads_again_alone_from_its_place() {
    let mut checked = [0; 2];
    for file in files("data").into_iter().chain(files("data-illegal")) {
        let bytes = std::fs::read(&file).unwrap();
        let mut reader = open(&file).unwrap();
        let mut end = 0;
        while let Some(game) = reader.next() {
            let Ok(game) = game else {
                assert!(reader.place().is_none());
                continue;
            };
            let place = reader.place().unwrap().clone();
            assert_eq!(place.game, game.origin.as_ref().unwrap().game, "{}", file.display());
            assert!(place.bytes.start >= end && place.bytes.end > place.bytes.start, "{place:?}");
            end = place.bytes.end;
            assert_eq!(again(&reader, &bytes, &place), game, "{} game {}", file.display(), place.game);
            checked[usize::from(reader.format() == Format::Wthor)] += 1;
        }
    }
    assert!(checked[0] > 40 && checked[1] > 1000, "{checked:?}");
}

#[test]
fn a_place_locates_an_illegal_move_as_the_whole_file_does() {
    let text = "# games\nf5d6\n\n  f5d6c3a1\nf5\n";
    let mut reader = Reader::new(Format::Transcript, text.as_bytes(), ReadOptions::new()).named("g.txt");
    let second = reader.nth(1).unwrap().unwrap();
    let place = reader.place().unwrap().clone();
    assert_eq!((place.game, place.line, place.column, place.head.clone()), (1, 4, 1, 0..0));
    let bytes = &text.as_bytes()[place.bytes.start as usize..place.bytes.end as usize];
    let game = Reader::new(Format::Transcript, bytes, ReadOptions::new()).named("g.txt").at_place(&place).next();
    let game = game.unwrap().unwrap();
    assert_eq!(game, second);
    let error = reversi_notation::replay(&game, Format::Transcript.passes()).unwrap_err().in_record(&game).to_string();
    assert_eq!(error, "g.txt:4:9: game 2, ply 4: a1 is not legal for White: a1 flips nothing");
}
