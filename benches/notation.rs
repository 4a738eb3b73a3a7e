//! Criterion benchmarks of reversi-notation: reading and replaying the WTHOR
//! databases of data/wthor (passes inferred, every move checked), and
//! reading the GGF and PGN files of data; Othello Quest lists beside PGN
//! (the same games), `paste`, and Edax books of a million positions.

#![allow(missing_docs)] // criterion_group! generates an undocumented function

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use reversi_rules::notation::book::{Book, BookLink, BookPosition};
use reversi_rules::notation::{Format, Passes, ReadOptions, Reader, ggf, paste, pgn, plies, write, wthor};

fn databases() -> Vec<Vec<u8>> {
    (1977..=1985)
        .map(|year| {
            let path = format!("{}/data/wthor/WTH_{year}.wtb", env!("CARGO_MANIFEST_DIR"));
            std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
        })
        .collect()
}

fn wthor_replay(c: &mut Criterion) {
    let files = databases();
    let dbs: Vec<wthor::Database> = files.iter().map(|b| wthor::read_games(b).expect("a valid file")).collect();
    let games: u64 = dbs.iter().map(|db| db.games.len() as u64).sum();
    let moves: u64 = dbs.iter().flat_map(|db| &db.games).map(|g| g.moves().count() as u64).sum();
    let mut group = c.benchmark_group("wthor-1977-1985");
    group.throughput(Throughput::Elements(games));
    group.bench_function("replay (games)", |b| {
        b.iter(|| dbs.iter().flat_map(|db| &db.games).map(|g| g.replay().expect("legal").plies).sum::<usize>())
    });
    group.bench_function("read and replay (games)", |b| {
        b.iter(|| {
            files
                .iter()
                .map(|bytes| {
                    let db = wthor::read_games(std::hint::black_box(bytes)).expect("a valid file");
                    db.games.iter().map(|g| g.replay().expect("legal").plies).sum::<usize>()
                })
                .sum::<usize>()
        })
    });
    // The format-neutral path: records lent by the one `Reader` (any format), walked
    // position by position (issue 10's bar: within 1.5x of the fast path
    // above).
    group.bench_function("read and walk every position (games)", |b| {
        b.iter(|| {
            let mut hashes = 0u64;
            for bytes in &files {
                let options = ReadOptions::default();
                let mut reader = Reader::new(Format::Wthor, &std::hint::black_box(bytes)[..], options);
                while let Some(record) = reader.next_record() {
                    let mut steps = plies(record.expect("valid"), Passes::Infer).expect("a start");
                    while let Some(step) = steps.next_ply() {
                        hashes ^= step.expect("legal").after.hash();
                    }
                }
            }
            hashes
        })
    });
    group.throughput(Throughput::Elements(moves));
    group.bench_function("replay (moves)", |b| {
        b.iter(|| dbs.iter().flat_map(|db| &db.games).map(|g| g.replay().expect("legal").plies).sum::<usize>())
    });
    group.finish();
}

/// The GGF and PGN files of the repository's data (paths from its root: `data/`,
/// and `data-illegal/` for the GGF file with hand-edited illegal games, which
/// reads like any other), repeated to about a megabyte.
fn text_files(paths: &[&str]) -> String {
    let one: String = paths
        .iter()
        .map(|relative| {
            let path = format!("{}/{relative}", env!("CARGO_MANIFEST_DIR"));
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
        })
        .collect::<Vec<_>>()
        .join("\n");
    one.repeat((1 << 20) / one.len() + 1)
}

fn text_readers(c: &mut Criterion) {
    let ggf = text_files(&[
        "data/ggf/gg-4x4-and-komi-random.ggf",
        "data/ggf/gg-8x8-saio.ggf",
        "data/ggf/gg-archive-2003.ggf",
        "data-illegal/ggf/gg-synchro-komi-mixed.ggf",
    ]);
    let pgn = text_files(&["data/pgn/playok.pgn"]);
    let mut group = c.benchmark_group("readers");
    group.throughput(Throughput::Bytes(ggf.len() as u64));
    group.bench_function("ggf (bytes)", |b| b.iter(|| ggf::read(std::hint::black_box(&ggf)).expect("valid").len()));
    group.throughput(Throughput::Bytes(pgn.len() as u64));
    group.bench_function("pgn (bytes)", |b| b.iter(|| pgn::read(std::hint::black_box(&pgn)).expect("valid").len()));
    group.finish();
}

/// The same games as PGN and as an Othello Quest list: PlayOK's PGN
/// repeated to 100,000 games, read game by game through the one `Reader`.
fn play_site_lists(c: &mut Criterion) {
    let one = pgn::read(&text_files(&["data/pgn/playok.pgn"])).expect("valid");
    let games: Vec<_> = one.iter().cycle().take(100_000).cloned().collect();
    let pgn = write(Format::Pgn, &games).expect("PGN holds them");
    let oq = write(Format::OthelloQuest, &games).expect("Othello Quest holds them");
    let mut group = c.benchmark_group("play-site lists, 100,000 games");
    group.sample_size(10);
    group.throughput(Throughput::Elements(games.len() as u64));
    for (name, format, bytes) in [("pgn (games)", Format::Pgn, &pgn), ("oq (games)", Format::OthelloQuest, &oq)] {
        group.bench_function(name, |b| {
            b.iter(|| Reader::new(format, &std::hint::black_box(bytes)[..], ReadOptions::new()).count())
        });
    }
    group.finish();
}

fn pastes(c: &mut Criterion) {
    let game = "1. D3 c5 2. E6 d2 3. C6 d6 4. B5 f5 5. E7 f6 6. F4 f3 7. G4 d7 8. G3 g5 9. H6 h5 10. H4 e8";
    let board = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    let diagram = "  a b c d e f g h\n1 - - - - - - - -\n2 - - - - - - - -\n3 - - - - - - - -\n\
                   4 - - - O X - - -\n5 - - - X O - - -\n6 - - - - - - - -\n7 - - - - - - - -\n8 - - - - - - - -\nO\n";
    let mut group = c.benchmark_group("paste");
    for (name, text) in [("numbered game", game), ("board", board), ("diagram", diagram)] {
        group.bench_function(name, |b| b.iter(|| paste(std::hint::black_box(text)).expect("recognised").form));
    }
    group.finish();
}

/// A book of a million positions: the positions of random games, each
/// linked to the move played (deterministic).
fn big_book(positions: usize) -> Book {
    let mut book = Book::new();
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    while book.positions().len() < positions {
        let mut position = reversi_rules::othello::Position::start();
        while !position.is_game_over() && book.positions().len() < positions {
            let moves: Vec<_> = position.moves().collect();
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mv = moves[state as usize % moves.len()];
            let mut entry = BookPosition::of(&position);
            if let Some(found) = book.find(&position) {
                let _ = found;
            } else {
                entry.leaf = BookLink::none();
                let _ = book.push(entry);
            }
            position.play(mv).expect("legal");
        }
    }
    book
}

fn edax_books(c: &mut Criterion) {
    let bytes = big_book(1_000_000).to_bytes();
    let mut group = c.benchmark_group("edax book, 1,000,000 positions");
    group.sample_size(10);
    group.throughput(Throughput::Elements(1_000_000));
    group.bench_function("read (positions)", |b| {
        b.iter(|| Book::read(std::hint::black_box(&bytes[..])).expect("valid").positions().len())
    });
    group.finish();
}

criterion_group!(benches, wthor_replay, text_readers, play_site_lists, pastes, edax_books);
criterion_main!(benches);
