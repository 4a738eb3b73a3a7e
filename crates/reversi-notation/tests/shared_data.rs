//! The GGF, PGN and OBF files of data read and replay as they should.

use reversi_notation::{Format, GameResult, Passes, ReadOptions, ReplayError, ggf, obf, pgn, read, replay};

/// The GGF file whose 4th and 6th games were edited by hand to be illegal, as
/// a path for `data`: it is kept apart in the repository's `data-illegal/`, so
/// that replaying `data/` finds every game legal.
const SYNCHRO: &str = "../data-illegal/ggf/gg-synchro-komi-mixed.ggf";

/// The repository's `data/<path>`, read.
fn data(path: &str) -> Vec<u8> {
    let full = format!("{}/../../data/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&full).unwrap_or_else(|e| panic!("cannot read {full}: {e}"))
}

fn text(path: &str) -> String {
    String::from_utf8(data(path)).unwrap()
}

/// Every finished GGF game's RE is its net disc count for Black (empties to
/// the winner) minus the komi, to the two decimals GGS writes.
fn check_result(record: &reversi_notation::Record, done: &reversi_notation::Replay) {
    let Some(result) = &record.result else { return };
    if !done.position.is_game_over() {
        return;
    }
    let reversi_variants::Score { black, white } = done.position.score_empties_to_winner();
    let komi: f64 = record.get("KM").map_or(0.0, |k| k.parse().unwrap());
    let expected = black as f64 - white as f64 - komi;
    assert!((result.margin() - expected).abs() < 0.006, "RE {result} but the board says {expected}");
}

#[test]
fn ggf_files_replay_with_their_results() {
    for (file, games) in
        [("ggf/gg-4x4-and-komi-random.ggf", 3), ("ggf/gg-8x8-saio.ggf", 1), ("ggf/gg-archive-2003.ggf", 12)]
    {
        let records = ggf::read(&text(file)).unwrap();
        assert_eq!(records.len(), games, "{file}");
        for (i, record) in records.iter().enumerate() {
            let done = replay(record, Passes::Explicit).unwrap_or_else(|e| panic!("{file}: {}", e.in_game(i)));
            assert!(done.position.is_game_over(), "{file} game {}", i + 1);
            check_result(record, &done);
        }
    }
    // The 4x4 game: a pass written `pass//4.23`, Black loses by 2.
    let small = &ggf::read(&text("ggf/gg-4x4-and-komi-random.ggf")).unwrap()[0];
    assert_eq!(small.geometry.width(), 4);
    assert_eq!(small.moves[10].seconds, Some(4.23));
    assert_eq!(replay(small, Passes::Explicit).unwrap().passes, 1);
    // The komi game with a random start keeps its type and komi fields.
    let komi = &ggf::read(&text("ggf/gg-4x4-and-komi-random.ggf")).unwrap()[1];
    assert_eq!(
        (komi.get("TY"), komi.get("KM"), komi.get("KB")),
        (Some("8kr20"), Some("-3.133"), Some("B3/2.00/27.23"))
    );
    assert!(komi.start.is_some());
    assert_eq!(komi.result, Some(GameResult::Net { margin: -22.87, how: None }));
}

#[test]
fn the_hand_edited_synchro_games_fail_with_their_ply() {
    let records = ggf::read(&text(SYNCHRO)).unwrap();
    assert_eq!(records.len(), 6);
    let outcomes: Vec<_> = records.iter().map(|r| replay(r, Passes::Explicit)).collect();
    for (i, outcome) in outcomes.iter().enumerate() {
        match (i + 1, outcome) {
            (4, Err(e)) => {
                assert!(matches!(e, ReplayError::Illegal { ply: 38, .. }), "{e}");
                assert_eq!(
                    e.clone().in_game(i).to_string(),
                    "line 3, column 1544: game 4, ply 38: h2 is not legal for White: h2 flips nothing"
                );
            }
            (6, Err(e)) => {
                assert_eq!(
                    e.clone().in_game(i).to_string(),
                    "line 5, column 211: game 6, ply 2: h8 is not legal for White: h8 flips nothing"
                );
            }
            (n, Ok(done)) if n != 4 && n != 6 => {
                assert!(done.position.is_game_over());
                check_result(&records[i], done);
            }
            (n, other) => panic!("game {n}: {other:?}"),
        }
    }
    // The synchro games: White to move from a random start, kept types.
    assert_eq!(records[1].get("TY"), Some("s8r19"));
    assert_eq!(records[1].first_to_move(), reversi_core::Color::White);
    assert_eq!((records[2].start, records[2].get("TY")), (records[3].start, Some("s8r18")));
    // The wipe-out game: White passes, Black ends it.
    let wipe = replay(&records[4], Passes::Explicit).unwrap();
    assert_eq!((wipe.passes, wipe.position.score().to_string().as_str()), (1, "59-5"));
}

#[test]
fn playok_games_end_with_their_results() {
    let records = pgn::read(&text("pgn/playok.pgn")).unwrap();
    assert_eq!(records.len(), 2);
    for record in &records {
        let done = replay(record, Passes::Explicit).unwrap();
        assert!(done.position.is_game_over());
        let reversi_variants::Score { black, white } = done.position.score();
        assert_eq!(record.result, Some(GameResult::Discs { black: black as u16, white: white as u16 }));
    }
    assert_eq!(records[0].get("Site"), Some("PlayOK"));
    assert_eq!(records[1].get("Site"), Some("kurnik"));
    assert_eq!(replay(&records[1], Passes::Explicit).unwrap().passes, 2);
}

#[test]
fn obf_positions_parse_with_their_annotations() {
    let positions = obf::read(&text("obf/fforum-1-19.obf")).unwrap();
    assert_eq!(positions.len(), 19);
    for p in &positions {
        assert!(!p.annotations.is_empty());
        assert!(p.scored_moves().all(|m| m.is_some()), "{p}");
        // The best move listed first is legal.
        let (best, _) = p.scored_moves().next().flatten().unwrap();
        assert!(p.position.is_legal(best), "{p}");
    }
    assert_eq!(obf::write(&positions), text("obf/fforum-1-19.obf"));
}

#[test]
fn formats_are_sniffed() {
    for (file, format) in [
        ("ggf/gg-archive-2003.ggf", Format::Ggf),
        ("pgn/playok.pgn", Format::Pgn),
        ("obf/fforum-1-19.obf", Format::Obf),
        ("wthor/WTH_1977.wtb", Format::Wthor),
    ] {
        let bytes = data(file);
        assert_eq!(Format::sniff(&bytes), format, "{file}");
        assert!(read(format, &bytes, ReadOptions::default()).is_ok());
    }
    assert_eq!(Format::sniff(b"# games\nf5d6c3\n"), Format::Transcript);
    assert_eq!(Format::sniff(b"---/-XO/--- X\n"), Format::Position);
}

#[test]
fn ggf_archives_stream_as_read_reads_them() {
    let files = [
        (Format::Ggf, "ggf/gg-4x4-and-komi-random.ggf"),
        (Format::Ggf, "ggf/gg-8x8-saio.ggf"),
        (Format::Ggf, "ggf/gg-archive-2003.ggf"),
        (Format::Ggf, SYNCHRO),
        (Format::Pgn, "pgn/playok.pgn"),
        (Format::Obf, "obf/fforum-1-19.obf"),
        (Format::Wthor, "wthor/WTH_1977.wtb"),
    ];
    for (format, file) in files {
        let bytes = data(file);
        let whole = read(format, &bytes, ReadOptions::new()).unwrap();
        assert!(!whole.is_empty(), "{file}");
        // A reader that hands out a few bytes at a time.
        let reader = std::io::BufReader::with_capacity(3, &bytes[..]);
        let streamed: Vec<_> =
            reversi_notation::Reader::new(format, reader, ReadOptions::new()).map(Result::unwrap).collect();
        assert_eq!(streamed, whole, "{file}");
        // Lent one by one, each in the buffers of the one before.
        let mut reader = reversi_notation::Reader::new(format, &bytes[..], ReadOptions::new());
        let mut lent = Vec::new();
        while let Some(record) = reader.next_record() {
            lent.push(record.unwrap().clone());
        }
        assert_eq!(lent, whole, "{file}");
        // The whole archive on one line, then twice over: the same games.
        if format == Format::Ggf {
            let line = text(file).replace('\n', " ").repeat(2);
            let streamed: Vec<_> = reversi_notation::Reader::new(format, line.as_bytes(), ReadOptions::new())
                .map(Result::unwrap)
                .collect();
            assert_eq!(streamed, [whole.clone(), whole].concat(), "{file}");
        }
    }
}

#[test]
fn encoding_to_an_unseekable_output_writes_what_write_report_writes() {
    use reversi_notation::{EncodeError, Encoder, with_passes, write_report};
    for (format, file) in [
        (Format::Ggf, SYNCHRO),
        (Format::Ggf, "ggf/gg-archive-2003.ggf"),
        (Format::Ggf, "ggf/gg-4x4-and-komi-random.ggf"),
        (Format::Pgn, "pgn/playok.pgn"),
        (Format::Obf, "obf/fforum-1-19.obf"),
        (Format::Wthor, "wthor/WTH_1977.wtb"),
    ] {
        let records: Vec<_> = read(format, &data(file), ReadOptions::new())
            .unwrap()
            .iter()
            .filter_map(|r| with_passes(r, format.passes()).ok())
            .collect();
        for target in Format::ALL {
            // `write_report` is the encoder over a file that seeks; to one
            // that does not, every format but WTHOR writes the same bytes.
            let expected = write_report(target, &records).map_err(|e| e.to_string());
            let mut encoder = Encoder::new(target);
            let mut bytes = Vec::new();
            let pushed: Result<(), _> = records.iter().try_for_each(|r| encoder.push(r, &mut bytes));
            match pushed.and_then(|()| encoder.finish_unseekable(&mut bytes)) {
                Ok(losses) => assert_eq!(Ok((bytes, losses)), expected, "{file} to {target}"),
                Err(EncodeError::Unseekable { header }) => {
                    assert_eq!(target, Format::Wthor);
                    bytes[..header.len()].copy_from_slice(&header);
                    assert_eq!(Ok(bytes), expected.map(|(bytes, _)| bytes), "{file} to {target}");
                }
                Err(e) => assert_eq!(Err(e.to_string()), expected, "{file} to {target}"),
            }
        }
    }
}

/// Records that leave their forced passes out (WTHOR stores none), written to
/// GGF as they were read, with no replay first: GGF writes every pass, so the
/// file replays with [`Passes::Explicit`] to the same games, every move
/// labelled with its side.
#[test]
fn ggf_writes_the_passes_a_record_leaves_out() {
    use reversi_notation::{with_passes, write};
    let records = read(Format::Wthor, &data("wthor/WTH_1980.wtb"), ReadOptions::new()).unwrap();
    let inferred: Vec<_> = records.iter().map(|r| with_passes(r, Passes::Infer).unwrap()).collect();
    let moves = |r: &reversi_notation::Record| r.moves.iter().map(|p| p.mv).collect::<Vec<_>>();
    assert!(inferred.iter().zip(&records).filter(|(a, b)| moves(a) != moves(b)).count() >= 10, "games with passes");
    let ggf = write(Format::Ggf, &records).unwrap();
    let back = read(Format::Ggf, &ggf, ReadOptions::new()).unwrap();
    assert_eq!(back.len(), records.len());
    for (i, (back, inferred)) in back.iter().zip(&inferred).enumerate() {
        let done = replay(back, Passes::Explicit).unwrap_or_else(|e| panic!("game {i}: {e}"));
        assert_eq!(done.position, replay(inferred, Passes::Explicit).unwrap().position, "game {i}");
        assert_eq!(moves(back), moves(inferred), "game {i}");
    }
}

/// An illegal record is written as it is: its forced passes before the
/// illegal move written in, none after it, so that GGF's reader finds the
/// same illegal move at the same ply.
#[test]
fn ggf_writes_an_illegal_record_up_to_its_illegal_move() {
    use reversi_notation::{with_passes, write};
    let records = read(Format::Wthor, &data("wthor/WTH_1980.wtb"), ReadOptions::new()).unwrap();
    // A game with a forced pass, cut just after the move that follows it,
    // then a move on a taken square.
    let (mut record, cut) = records
        .into_iter()
        .find_map(|r| {
            let inferred = with_passes(&r, Passes::Infer).unwrap();
            let pass = inferred.moves.iter().position(|p| p.mv == reversi_variants::Move::Pass)?;
            Some((r, pass + 1)) // the move after the pass, as an index of the record read
        })
        .unwrap();
    record.moves.truncate(cut);
    record.moves.push(record.moves[0].clone());
    let ply = |e: ReplayError| match e {
        ReplayError::Illegal { ply, .. } => ply,
        e => panic!("{e}"),
    };
    let expected = ply(replay(&record, Passes::Infer).unwrap_err());
    let back = read(Format::Ggf, &write(Format::Ggf, &[record]).unwrap(), ReadOptions::new()).unwrap();
    assert_eq!(ply(replay(&back[0], Passes::Explicit).unwrap_err()), expected);
}

/// A game read from GGF is written back as it was read: its moves are the
/// sides' as GGF labelled them, so a missing pass is an illegal move there,
/// not a gap to fill (found by the `ggf` fuzz target).
#[test]
fn ggf_writes_a_game_read_from_ggf_as_it_was_read() {
    use reversi_notation::write;
    // Black has no move after W[B4]; B[A4] is illegal as written.
    let text = "(;GM[Othello]PB[james]PW[anton]TY[4]BO[4 ---- -O*- -*O- ---- *]B[A2]W[A1]B[C4]W[D2]B[D1]\
                W[D4]B[D3]W[A3]B[B1]W[B4]B[A4];)\n";
    let games = read(Format::Ggf, text.as_bytes(), ReadOptions::new()).unwrap();
    assert!(replay(&games[0], Passes::Explicit).is_err());
    let back = read(Format::Ggf, &write(Format::Ggf, &games).unwrap(), ReadOptions::new()).unwrap();
    assert_eq!(back, games);
}

/// A text format refuses a game whose text would hold a NUL character, which
/// its readers take for binary data; a format that drops the field writes it
/// (found by the `roundtrip` fuzz target).
#[test]
fn text_writers_refuse_a_nul_character() {
    use reversi_notation::write;
    let mut record = read(Format::Pgn, &data("pgn/playok.pgn"), ReadOptions::new()).unwrap().remove(0);
    record.black = Some("a\0b".into());
    for format in [Format::Pgn, Format::Ggf] {
        let error = write(format, std::slice::from_ref(&record)).unwrap_err().to_string();
        assert!(error.contains("NUL character"), "{format}: {error}");
    }
    let transcript = write(Format::Transcript, std::slice::from_ref(&record)).unwrap();
    assert!(!transcript.contains(&0));
}
