//! `reversi book`: Edax opening books (reversi-notation's `book`), shown,
//! looked up and converted between the binary `book.dat` and its text form.
//! Argument mapping only: reading, checking, lookup and writing are the
//! library's.

use std::io::BufReader;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use reversi_notation::book::Book;

use crate::Failure;
use crate::files::Outputs;
use crate::output::Stdout;

/// Arguments of `reversi book`.
#[derive(Args, Debug)]
pub(crate) struct BookArgs {
    #[command(subcommand)]
    command: BookCommand,
}

#[derive(Subcommand, Debug)]
enum BookCommand {
    /// Print a book as text (a line a position), or the entry of one position.
    Show {
        /// The book: Edax's binary book.dat, or the text form.
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// Look this position up (any text --position takes: a board, a move
        /// list from the start, a game) under the 8 symmetries; its moves
        /// are printed in this position's frame.
        #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
        position: Option<String>,
    },
    /// Convert a book between Edax's binary form and the text form: OUT ending
    /// in .dat is binary, anything else text.
    Convert {
        /// The book to read (binary or text, by its content).
        #[arg(value_name = "IN")]
        input: PathBuf,
        /// The book to write.
        #[arg(value_name = "OUT")]
        output: PathBuf,
    },
}

/// Runs `reversi book`.
pub(crate) fn run(args: &BookArgs, out: &mut Stdout) -> Result<(), Failure> {
    match &args.command {
        BookCommand::Show { file, position } => {
            let book = load(file)?;
            let Some(text) = position else { return write!(out, "{}", book.to_text()) };
            let pos = reversi_notation::paste_position(reversi_variants::Variant::Reversi, text)
                .map_err(|e| Failure::usage(format!("--position: {e}")))?;
            let pos = pos.to_othello().ok_or_else(|| Failure::usage("--position: an 8x8 Othello position"))?;
            let Some(found) = book.find(&pos) else {
                return Err(Failure::illegal(format!("{}: the position is not in the book", file.display())));
            };
            let p = found.stored;
            writeln!(
                out,
                "value {} [{}, {}] level {} games {}/{}/{} lines {}",
                p.value, p.lower, p.upper, p.level, p.wins, p.draws, p.losses, p.lines
            )?;
            for (mv, score) in found.links() {
                writeln!(out, "{mv} {score:+}")?;
            }
            if let Some((mv, score)) = found.leaf() {
                writeln!(out, "{mv} {score:+} leaf")?;
            }
            Ok(())
        }
        BookCommand::Convert { input, output } => {
            let book = load(input)?;
            let text = !output.extension().is_some_and(|e| e.eq_ignore_ascii_case("dat"));
            let mut files = Outputs::create(std::slice::from_ref(output))?;
            let written = if text {
                std::io::Write::write_all(files.file(0), book.to_text().as_bytes())
            } else {
                book.write(files.file(0))
            };
            written.map_err(|e| files.failed(0, e))?;
            files.commit()
        }
    }
}

/// A book file, binary or text by its first bytes.
fn load(file: &Path) -> Result<Book, Failure> {
    let failed = |e: &dyn std::fmt::Display| Failure::usage(format!("{}: {e}", file.display()));
    let f = std::fs::File::open(file).map_err(|e| failed(&e))?;
    let mut head = [0u8; 4];
    let binary = std::io::Read::read(&mut &f, &mut head).map_err(|e| failed(&e))? == 4 && head == *b"XADE";
    let f = std::fs::File::open(file).map_err(|e| failed(&e))?;
    if binary {
        Book::read(BufReader::new(f)).map_err(|e| failed(&e))
    } else {
        let text = std::fs::read_to_string(file).map_err(|e| failed(&e))?;
        Book::from_text(&text).map_err(|e| failed(&e))
    }
}
