//! Computes the perft tables of `tests/data/` with the engine and with the plain
//! reference implementation, asserting that they agree, and prints the lines:
//!
//! ```text
//! cargo test --release -p reversi-variants --test generate -- --ignored --nocapture
//! ```

mod common;

use common::Board;
use reversi_variants::{Geometry, Position, Square, Variant, perft};

/// Lines stop before the first depth past this many leaves.
const LIMIT: u64 = 12_000_000;

fn holes_for(w: u8, h: u8) -> [Square; 2] {
    [Square::new(2, 1).unwrap(), Square::new(w - 3, h - 2).unwrap()]
}

/// The start on the octagon for the piece-moving games: its corners are holes,
/// so the Attacks corner pieces stand on the nearest squares, c1, h1, c10, h10.
fn octagon_start(variant: Variant) -> Position {
    let mut rows = vec!["##------##".to_string(), "#--------#".to_string()];
    rows.extend((0..6).map(|r| match (variant, r) {
        (Variant::Reversitacks, 2) => "----OX----".to_string(),
        (Variant::Reversitacks, 3) => "----XO----".to_string(),
        _ => "----------".to_string(),
    }));
    rows.extend(["#--------#".to_string(), "##------##".to_string()]);
    rows[0].replace_range(2..3, "X");
    rows[0].replace_range(7..8, "O");
    rows[9].replace_range(2..3, "O");
    rows[9].replace_range(7..8, "X");
    Position::from_text(variant, &format!("{} X", rows.join("/"))).unwrap()
}

fn starts(variant: Variant) -> Vec<Position> {
    let mut out = Vec::new();
    for (w, h) in [(6, 6), (10, 10), (8, 6), (5, 7), (26, 26)] {
        let plain = Geometry::new(w.into(), h.into()).unwrap();
        let holed = plain.with_holes(holes_for(w, h)).unwrap();
        for g in [plain, holed] {
            out.push(Position::start(variant, g).unwrap());
        }
    }
    out.push(match variant {
        Variant::Reversi => Position::start(variant, Geometry::octagon()).unwrap(),
        _ => octagon_start(variant),
    });
    if variant == Variant::Reversitacks {
        out.insert(0, Position::start(variant, Geometry::standard()).unwrap());
    }
    out
}

#[test]
#[ignore = "generates the tables: minutes, release build"]
fn generate_tables() {
    for variant in Variant::ALL {
        println!("# {variant}");
        for pos in starts(variant) {
            let reference = Board::from_position(&pos);
            for depth in 1..=12 {
                let leaves = perft(&pos, depth).unwrap();
                if leaves > LIMIT {
                    break;
                }
                assert_eq!(leaves, reference.perft(depth), "{variant} {pos} depth {depth}");
                println!("{variant};{pos};{depth};{leaves}");
            }
        }
    }
}

#[test]
#[ignore = "generates the deep Reversitacks 8x8 lines: minutes, release build"]
fn generate_reversitacks_8x8_deep() {
    let pos = Position::start(Variant::Reversitacks, Geometry::standard()).unwrap();
    let reference = Board::from_position(&pos);
    for depth in 4..=5 {
        let leaves = perft(&pos, depth).unwrap();
        assert_eq!(leaves, reference.perft(depth), "depth {depth}");
        println!("reversitacks;{pos};{depth};{leaves}");
    }
}
