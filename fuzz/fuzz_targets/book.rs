//! Edax books: any bytes are a book or one clear error, never a panic or a
//! large allocation; a book read writes back to the same bytes (but for the
//! header's padding byte and count) and its text form reads back the same
//! book. Any text is a book's text form or one located error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi_notation::book::Book;

fuzz_target!(|data: &[u8]| {
    if let Ok(book) = Book::read(data) {
        let bytes = book.to_bytes();
        assert_eq!(bytes[42..], data[42..], "positions written back as read");
        assert_eq!(Book::read(bytes.as_slice()).as_ref(), Ok(&book));
        assert_eq!(Book::from_text(&book.to_text()).as_ref(), Ok(&book));
    }
    if let Ok(book) = Book::from_text(&String::from_utf8_lossy(data)) {
        assert_eq!(Book::read(book.to_bytes().as_slice()).as_ref(), Ok(&book));
    }
});
