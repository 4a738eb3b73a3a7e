//! `reversi book` on Edax's own book (data/book): a test of the repository,
//! not shipped with the package (it reads data/).

mod common;

use common::{reversi, stderr, stdout};

#[test]
fn book_show_and_convert() {
    let dir = std::env::temp_dir().join(format!("reversi-cli-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let book = format!("{}/../../data/book/edax-tiny.dat", env!("CARGO_MANIFEST_DIR"));
    let text = dir.join("book.book");
    let binary = dir.join("book.dat");
    for (input, output) in [(book.as_str(), &text), (text.to_str().unwrap(), &binary)] {
        let out = reversi(&["book", "convert", input, output.to_str().unwrap()]);
        assert!(out.status.success(), "{}", stderr(&out));
    }
    assert_eq!(std::fs::read(&binary).unwrap(), std::fs::read(&book).unwrap());
    let shown = reversi(&["book", "show", &book]);
    assert_eq!(stdout(&shown), std::fs::read_to_string(&text).unwrap());
    // Looked up from a move list, in the frame of the position asked for.
    let out = reversi(&["book", "show", &book, "--position", "f5d6c3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "value 0 [-1, 3] level 2 games 0/0/0 lines 5\nd3 +0\ng5 +0 leaf\n");
    let out = reversi(&["book", "show", &book, "--position", "f5d6c3d3c4f4f6f3"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).unwrap();
}
