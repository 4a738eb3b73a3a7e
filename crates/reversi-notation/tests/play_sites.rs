//! The bounded-memory rules for the new readers, on generated input (no
//! large file is committed): a list of a million Othello Quest games streams
//! game by game; an endless JSON value is one error in bounded time; a
//! pasted text of 100 MB is refused at once.

use std::io::Read;

use reversi_notation::{Format, MAX_PASTE_BYTES, PasteError, ReadOptions, Reader, paste};

/// `head`, then `body` `count` times, then `tail`, generated as read.
struct Generated {
    parts: Vec<(Vec<u8>, usize)>,
    part: usize,
    at: usize,
    left: usize,
}

impl Generated {
    fn new(head: &str, body: &str, count: usize, tail: &str) -> Generated {
        let parts =
            vec![(head.as_bytes().to_vec(), 1), (body.as_bytes().to_vec(), count), (tail.as_bytes().to_vec(), 1)];
        Generated { left: parts[0].1, parts, part: 0, at: 0 }
    }
}

impl Read for Generated {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        while self.part < self.parts.len() && (self.left == 0 || self.parts[self.part].0.is_empty()) {
            self.part += 1;
            self.left = self.parts.get(self.part).map_or(0, |p| p.1);
            self.at = 0;
        }
        let Some((bytes, _)) = self.parts.get(self.part) else { return Ok(0) };
        let n = (bytes.len() - self.at).min(buf.len());
        buf[..n].copy_from_slice(&bytes[self.at..self.at + n]);
        self.at += n;
        if self.at == bytes.len() {
            self.at = 0;
            self.left -= 1;
        }
        Ok(n)
    }
}

#[test]
fn a_million_games_stream_one_at_a_time() {
    let game = r#"{"id": "g", "players": [{"name": "a", "newR": 1500}, {"name": "b"}], "position": {"startPos": "", "moves": [{"m": "F5"}, {"m": "D6"}]}},"#;
    let game = format!("{game}\n");
    let input = std::io::BufReader::new(Generated::new("{\"games\": [\n", &game, 1_000_000, "{}]}"));
    let mut reader = Reader::new(Format::OthelloQuest, input, ReadOptions::new());
    let mut games = 0;
    while let Some(game) = reader.next_record() {
        assert_eq!(game.expect("a game").moves.len(), if games < 1_000_000 { 2 } else { 0 });
        games += 1;
    }
    assert_eq!(games, 1_000_001);
}

#[test]
fn an_endless_json_value_is_one_error() {
    // 64 MiB of nesting inside one game: past the longest game the reader
    // takes (16 MiB), one error, and the input ends.
    let input = std::io::BufReader::new(Generated::new("[{\"position\": ", "[", 64 << 20, ""));
    let items: Vec<_> = Reader::new(Format::OthelloQuest, input, ReadOptions::new()).collect();
    assert_eq!(items.len(), 1);
    assert!(items[0].is_err());
}

#[test]
fn a_paste_of_100_mb_is_refused_at_once() {
    let text = "f5".repeat(50 << 20);
    assert_eq!(paste(&text), Err(PasteError::TooLong { len: text.len() }));
    assert!(text.len() > MAX_PASTE_BYTES);
}
