//! Results through the writers: a result a format can hold is written as
//! given (its winner never changes), and only a result written otherwise is
//! reported lost.

use reversi_notation::{Format, GameResult, Loss, ReadOptions, Record, ggf, read, write_report};

/// A short unfinished game with `result`, as GGF would give it.
fn game(result: &str) -> Record {
    let text = format!("(;GM[Othello]PB[Ann]PW[Bob]RE[{result}]B[f5]W[d6];)");
    ggf::read(&text).unwrap().remove(0)
}

/// The result WTHOR reads back, and whether the writer reported it lost.
fn through_wthor(record: &Record) -> (GameResult, bool) {
    let (bytes, losses) = write_report(Format::Wthor, std::slice::from_ref(record)).unwrap();
    let back = read(Format::Wthor, &bytes, ReadOptions::new()).unwrap();
    (back[0].result.clone().unwrap(), losses.games(Loss::Result) == 1)
}

#[test]
fn wthor_writes_a_net_result_as_its_disc_count() {
    let discs = |black, white| GameResult::Discs { black, white };
    // Net margins that WTHOR holds exactly: no loss, the same winner.
    assert_eq!(through_wthor(&game("+64")), (discs(64, 0), false));
    assert_eq!(through_wthor(&game("-10")), (discs(27, 37), false));
    assert_eq!(through_wthor(&game("0")), (discs(32, 32), false));
    // On time, by resignation: the winner kept, the suffix reported dropped.
    assert_eq!(through_wthor(&game("+2:t")), (discs(33, 31), true));
    assert_eq!(through_wthor(&game("-6:r")), (discs(29, 35), true));
    // Komi and odd margins: rounded towards the winner, reported.
    assert_eq!(through_wthor(&game("+0.5")), (discs(33, 31), true));
    assert_eq!(through_wthor(&game("-3")), (discs(30, 34), true));
    // Beyond the board: clamped, reported.
    assert_eq!(through_wthor(&game("+70")), (discs(64, 0), true));
    assert_eq!(through_wthor(&game("-99.5:t")), (discs(0, 64), true));
    // Discs that fill the board: nothing lost; empties given to the winner: lost.
    let mut record = game("+2");
    record.result = Some(discs(40, 24));
    assert_eq!(through_wthor(&record), (discs(40, 24), false));
    record.result = Some(discs(30, 20));
    assert_eq!(through_wthor(&record), (discs(44, 20), true));
    // No result: the replayed count, nothing lost.
    record.result = None;
    assert!(!through_wthor(&record).1);
}
