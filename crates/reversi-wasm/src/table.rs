//! What the browser keeps of a file's games: where they come from
//! ([`Source`]: name, format, WTHOR's names) and a compact summary of each
//! ([`Table`]: names, result, place or error), filled from reversi-notation's
//! [`PushReader`] and capped ([`Limits`]): a file past a limit is refused
//! with an error, the games read before it kept.

use std::collections::HashMap;
use std::ops::Range;

use reversi_notation::wthor::{Names, read_names};
use reversi_notation::{Format, Passes, Place, Pulled, PushReader, ReadOptions, Reader, Record as NotationRecord};

/// The options the browser reads with: the library's, so that the longest
/// game ([`ReadOptions::DEFAULT_MAX_GAME_BYTES`]) and the window after a
/// game that does not read are the CLI's.
pub(crate) fn options() -> ReadOptions {
    ReadOptions::new()
}

/// The longest name or result a summary keeps, in characters.
const LABEL_CHARS: usize = 80;

/// How much a [`Table`] holds at most.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    /// Games listed (those that do not read included).
    pub(crate) games: usize,
    /// Bytes of distinct names and results.
    pub(crate) label_bytes: usize,
    /// Bytes of the errors of games that do not read.
    pub(crate) error_bytes: usize,
}

impl Limits {
    /// The browser's: 4,194,304 games (40 bytes each: 160 MiB), 64 MiB of
    /// names and results, 64 MiB of errors (about 600,000 located errors).
    pub(crate) const BROWSER: Limits = Limits { games: 1 << 22, label_bytes: 64 << 20, error_bytes: 64 << 20 };
}

/// What a file's games are read with: its name, format and WTHOR names.
#[derive(Debug)]
pub(crate) struct Source {
    pub(crate) file: Option<String>,
    /// `None` (`auto`): from the name and the first bytes.
    pub(crate) format: Option<Format>,
    pub(crate) names: (Vec<String>, Vec<String>),
}

impl Source {
    pub(crate) fn new(
        file: Option<String>,
        format: Option<&str>,
        players: Option<&[u8]>,
        tournaments: Option<&[u8]>,
    ) -> Result<Source, String> {
        let format = match format {
            Some(name) if name != "auto" => Some(name.parse::<Format>().map_err(|e| e.to_string())?),
            _ => None,
        };
        let load = |bytes: Option<&[u8]>, kind: Names, what: &str| {
            bytes.map_or(Ok(Vec::new()), |b| read_names(b, kind).map_err(|e| format!("the {what} name file: {e}")))
        };
        let names =
            (load(players, Names::Players, "players'")?, load(tournaments, Names::Tournaments, "tournaments'")?);
        Ok(Source { file, format, names })
    }

    /// The push reader of the file's bytes.
    pub(crate) fn push_reader(&self) -> PushReader {
        let mut reader = match self.format {
            Some(format) => PushReader::new(format, options()),
            None => PushReader::detect(self.file.as_deref(), options()),
        };
        if let Some(file) = &self.file {
            reader = reader.named(file.as_str());
        }
        reader.wthor_names(self.names.0.clone(), self.names.1.clone())
    }

    /// A reader of `input` in `format`, named, with the names: to read a
    /// game again from its bytes.
    pub(crate) fn reader<'a>(&self, format: Format, input: &'a [u8]) -> Reader<&'a [u8]> {
        let mut reader = Reader::new(format, input, options());
        if format == Format::Wthor {
            reader = reader.wthor_names(self.names.0.clone(), self.names.1.clone());
        }
        match &self.file {
            Some(file) => reader.named(file.as_str()),
            None => reader,
        }
    }
}

/// No label.
const NONE: u32 = u32::MAX;

/// A game's summary: 40 bytes.
#[derive(Clone, Copy, Debug)]
enum Entry {
    /// A game that reads: where it lies (its bytes, the line and column it
    /// starts at), its labels (black, white, result; [`NONE`] for none) and
    /// whether a move of it is illegal (its replay stops there).
    Game { start: u64, len: u32, line: u32, column: u32, labels: [u32; 3], illegal: bool },
    /// A game that does not read: its error, `errors[at..at + len]`.
    Error { at: u32, len: u32 },
}

/// The summaries of a file's games, compact: names and results stored once
/// each (interned), places in integers, errors in one text.
#[derive(Debug)]
pub(crate) struct Table {
    limits: Limits,
    entries: Vec<Entry>,
    labels: Vec<Box<str>>,
    ids: HashMap<Box<str>, u32>,
    label_bytes: usize,
    errors: String,
    /// The head every game is read with (WTHOR's header), the same for all.
    head: Range<u64>,
    /// Why the table stopped short, once it did.
    full: Option<String>,
}

impl Table {
    pub(crate) fn new(limits: Limits) -> Table {
        Table {
            limits,
            entries: Vec::new(),
            labels: Vec::new(),
            ids: HashMap::new(),
            label_bytes: 0,
            errors: String::new(),
            head: 0..0,
            full: None,
        }
    }

    /// The number of games listed.
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// Reads up to `count` more games from `reader` (as far as it holds
    /// bytes); whether the file is done.
    ///
    /// # Errors
    /// A file of no known format (the library's error), or a limit reached:
    /// the games listed before it stay.
    pub(crate) fn read(&mut self, reader: &mut PushReader, count: usize) -> Result<bool, String> {
        if let Some(full) = &self.full {
            return Err(full.clone());
        }
        for _ in 0..count {
            let game = self.len() + 1;
            let added = match reader.next_record() {
                Pulled::Pending => return Ok(false),
                Pulled::Game(record) => {
                    // The reader's format's passes, as the origin carries them.
                    let passes = record.origin.as_ref().map_or(Passes::Infer, |o| o.passes);
                    let illegal = reversi_notation::replay(record, passes).is_err();
                    match self.labels_of(record) {
                        Ok(labels) => self.add_game(labels, illegal, reader.place()),
                        Err(limit) => Err(limit),
                    }
                }
                // An error of no game (an unknown format): the file's.
                Pulled::Error(e) if e.game.is_none() => return Err(e.to_string()),
                Pulled::Error(e) => self.add_error(&e.to_string()),
                // Done (and whatever a later library adds).
                _ => return Ok(true),
            };
            if let Err(limit) = added {
                let message = format!(
                    "game {game}: the browser lists at most {limit}; the {} games before it are listed",
                    self.len()
                );
                self.full = Some(message.clone());
                return Err(message);
            }
        }
        Ok(false)
    }

    /// The labels of `record`: black, white, result.
    fn labels_of(&mut self, record: &NotationRecord) -> Result<[u32; 3], String> {
        self.check_count()?;
        let mut labels = [NONE; 3];
        let result = record.result.as_ref().map(ToString::to_string);
        for (label, text) in labels.iter_mut().zip([record.black.as_ref(), record.white.as_ref(), result.as_ref()]) {
            if let Some(text) = text {
                *label = self.intern(text)?;
            }
        }
        Ok(labels)
    }

    fn add_game(&mut self, labels: [u32; 3], illegal: bool, place: Option<&Place>) -> Result<(), String> {
        let Some(place) = place else { return self.add_error("a game without its place") };
        let len =
            u32::try_from(place.bytes.end - place.bytes.start).map_err(|_| format!("games of {} bytes", u32::MAX))?;
        let small = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        self.head = place.head.clone();
        let (line, column) = (small(place.line), small(place.column));
        let entry = Entry::Game { start: place.bytes.start, len, line, column, labels, illegal };
        self.entries.push(entry);
        Ok(())
    }

    fn add_error(&mut self, message: &str) -> Result<(), String> {
        self.check_count()?;
        if self.errors.len() + message.len() > self.limits.error_bytes {
            return Err(format!("{} bytes of errors", self.limits.error_bytes));
        }
        let at = u32::try_from(self.errors.len()).map_err(|_| "4 GiB of errors".to_owned())?;
        self.errors.push_str(message);
        self.entries.push(Entry::Error { at, len: message.len() as u32 });
        Ok(())
    }

    fn check_count(&self) -> Result<(), String> {
        if self.len() >= self.limits.games { Err(format!("{} games", self.limits.games)) } else { Ok(()) }
    }

    /// The id of `text` (cut to [`LABEL_CHARS`]), stored once.
    fn intern(&mut self, text: &str) -> Result<u32, String> {
        let text = match text.char_indices().nth(LABEL_CHARS) {
            Some((cut, _)) => &text[..cut],
            None => text,
        };
        if let Some(&id) = self.ids.get(text) {
            return Ok(id);
        }
        if self.label_bytes + text.len() > self.limits.label_bytes {
            return Err(format!("{} bytes of distinct names and results", self.limits.label_bytes));
        }
        let id = u32::try_from(self.labels.len()).map_err(|_| "4 Gi names".to_owned())?;
        self.label_bytes += text.len();
        self.labels.push(text.into());
        self.ids.insert(text.into(), id);
        Ok(id)
    }

    /// Label `which` (0 black, 1 white, 2 result) of game `index`.
    pub(crate) fn label(&self, index: usize, which: usize) -> Option<String> {
        match self.entries.get(index)? {
            Entry::Game { labels, .. } if labels[which] != NONE => {
                Some(self.labels[labels[which] as usize].to_string())
            }
            _ => None,
        }
    }

    /// Whether game `index` reads and a move of it is illegal.
    pub(crate) fn illegal(&self, index: usize) -> bool {
        matches!(self.entries.get(index), Some(Entry::Game { illegal: true, .. }))
    }

    /// Game `index`'s place, or its error.
    pub(crate) fn place(&self, index: usize) -> Option<Result<Place, String>> {
        Some(match *self.entries.get(index)? {
            Entry::Game { start, len, line, column, .. } => Ok(Place {
                bytes: start..start + u64::from(len),
                head: self.head.clone(),
                game: index,
                line: line as usize,
                column: column as usize,
            }),
            Entry::Error { at, len } => Err(self.errors[at as usize..(at + len) as usize].to_owned()),
        })
    }

    /// The errors of the games that do not read, in order.
    pub(crate) fn errors(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().filter_map(|e| match *e {
            Entry::Error { at, len } => Some(&self.errors[at as usize..(at + len) as usize]),
            Entry::Game { .. } => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(text: &str, file: &str, limits: Limits) -> (Table, Result<bool, String>) {
        let source = Source::new(Some(file.into()), None, None, None).unwrap();
        let mut reader = source.push_reader();
        reader.push(text.as_bytes());
        reader.finish();
        let mut table = Table::new(limits);
        let done = table.read(&mut reader, usize::MAX);
        (table, done)
    }

    #[test]
    fn a_summary_is_forty_bytes() {
        assert_eq!(std::mem::size_of::<Entry>(), 40);
    }

    #[test]
    fn names_are_kept_once_and_cut() {
        let long = "é".repeat(100);
        let text = format!("[Black \"{long}\"]\n[White \"Bob\"]\n\n1. f5 *\n\n[Black \"Bob\"]\n\n1. f5 d6 33-31\n");
        let (table, done) = read_all(&text, "a.pgn", Limits::BROWSER);
        assert_eq!(done, Ok(true));
        assert_eq!(table.label(0, 0).unwrap().chars().count(), LABEL_CHARS);
        assert_eq!((table.label(0, 1), table.label(1, 0)), (Some("Bob".into()), Some("Bob".into())));
        assert_eq!((table.label(1, 2).as_deref(), table.label(1, 1)), (Some("33-31"), None));
        assert_eq!(table.labels.len(), 3);
        assert!(!table.illegal(0) && !table.illegal(1));
    }

    #[test]
    fn an_illegal_game_is_marked() {
        let (table, done) = read_all("f5d6\nf5d6c3a1\nf5?\n", "a.txt", Limits::BROWSER);
        assert_eq!(done, Ok(true));
        assert_eq!((0..4).map(|i| table.illegal(i)).collect::<Vec<_>>(), [false, true, false, false]);
    }

    #[test]
    fn a_limit_reached_is_an_error_and_the_games_before_it_stay() {
        let text = "f5d6\nf5?\n".repeat(10);
        let limits = Limits { games: 7, ..Limits::BROWSER };
        let (table, done) = read_all(&text, "a.txt", limits);
        let error = done.unwrap_err();
        assert_eq!(error, "game 8: the browser lists at most 7 games; the 7 games before it are listed");
        assert_eq!(table.len(), 7);
        assert!(table.place(6).unwrap().is_ok() && table.place(5).unwrap().is_err());
        let (table, done) = read_all(&text, "a.txt", Limits { error_bytes: 100, ..Limits::BROWSER });
        assert!(done.unwrap_err().contains("at most 100 bytes of errors"));
        assert_eq!(table.errors().count(), 100 / table.errors().next().unwrap().len());
    }
}
