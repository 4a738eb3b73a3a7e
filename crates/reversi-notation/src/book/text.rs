//! A book as text, a line a position, to read and edit and convert back:
//!
//! ```text
//! % edax-book version=4 release=6 date=2026-12-06T07:00:00 level=21 empties=24 midgame-error=4 endcut-error=4 verbosity=0
//! ---------------------------OX------XO--------------------------- value=0 lower=-2 upper=2 wins=3 draws=1 losses=2 lines=0 level=21 leaf=d3:-1 links=f5:+0
//! ```
//!
//! The board is the 64 squares of the side to move (`X`) and the other side
//! (`O`), as stored; moves are squares, `pass` or `none`, each with its score.
//! Blank lines and other `%` or `#` lines are comments.

use std::fmt::Write as _;

use super::{Book, BookDate, BookError, BookHeader, BookLink, BookPosition, NO_MOVE, PASS, code_text};
use crate::SyntaxError;

/// The first word of the header line.
const HEADER: &str = "% edax-book";

impl Book {
    /// The book in its text form (see the [module docs](crate::book)).
    #[must_use]
    pub fn to_text(&self) -> String {
        let h = &self.header;
        let d = &h.date;
        let mut text = format!(
            "{HEADER} version={} release={} date={:04}-{:02}-{:02}T{:02}:{:02}:{:02} level={} empties={} \
             midgame-error={} endcut-error={} verbosity={}\n",
            h.version,
            h.release,
            d.year,
            d.month,
            d.day,
            d.hour,
            d.minute,
            d.second,
            h.level,
            h.empties,
            h.midgame_error,
            h.endcut_error,
            h.verbosity
        );
        for p in &self.positions {
            for i in 0..64 {
                text.push(if p.player >> i & 1 == 1 {
                    'X'
                } else if p.opponent >> i & 1 == 1 {
                    'O'
                } else {
                    '-'
                });
            }
            let _ = write!(
                text,
                " value={} lower={} upper={} wins={} draws={} losses={} lines={} level={} leaf={} links=",
                p.value,
                p.lower,
                p.upper,
                p.wins,
                p.draws,
                p.losses,
                p.lines,
                p.level,
                link_text(p.leaf)
            );
            let links: Vec<String> = p.links.iter().map(|&l| link_text(l)).collect();
            text.push_str(&links.join(","));
            text.push('\n');
        }
        text
    }

    /// Reads a book's text form, each position checked as [`Book::push`]
    /// checks it.
    ///
    /// # Errors
    /// [`BookError::Text`] at the line and column that does not read, or
    /// [`BookError::Position`] (its number) for a position that cannot be.
    pub fn from_text(text: &str) -> Result<Book, BookError> {
        let mut book = Book::new();
        let mut at = 0;
        for line in crate::lines::split(text) {
            let start = at;
            at += line.len();
            let trimmed = line.trim_end();
            let located = |e: SyntaxError| BookError::Text(e.located_in(text));
            if trimmed.starts_with(HEADER) {
                book.header = header(text, start, trimmed).map_err(located)?;
            } else if !(trimmed.trim().is_empty() || trimmed.starts_with(['%', '#'])) {
                book.push(position(text, start, trimmed).map_err(located)?)?;
            }
        }
        Ok(book)
    }
}

fn link_text(l: BookLink) -> String {
    format!("{}:{:+}", code_text(l.code), l.score)
}

/// The `key=value` fields of a line after its first word, with the offset of each value.
fn fields(line: &str, start: usize) -> impl Iterator<Item = (&str, &str, usize)> {
    let mut offset = 0;
    line.split(' ').filter_map(move |word| {
        let at = offset;
        offset += word.len() + 1;
        let (key, value) = word.split_once('=')?;
        Some((key, value, start + at + key.len() + 1))
    })
}

fn number<T: std::str::FromStr>(text: &str, value: &str, at: usize, what: &str) -> Result<T, SyntaxError> {
    value.parse().map_err(|_| SyntaxError::at(text, at, what))
}

fn header(text: &str, start: usize, line: &str) -> Result<BookHeader, SyntaxError> {
    let mut h = BookHeader::default();
    for (key, value, at) in fields(line, start) {
        let n = |what| number::<i32>(text, value, at, what);
        match key {
            // The one version the binary reader reads (a text form of
            // another would write a book nothing reads back).
            "version" => {
                h.version = number(text, value, at, "version 4 (Edax 4.x)")?;
                if h.version != super::VERSION {
                    return Err(SyntaxError::at(text, at, "version 4 (Edax 4.x)"));
                }
            }
            "release" => h.release = number(text, value, at, "a release (0 to 255)")?,
            "date" => h.date = date(value).ok_or_else(|| SyntaxError::at(text, at, "a date YYYY-MM-DDTHH:MM:SS"))?,
            "level" => h.level = n("a level")?,
            "empties" => h.empties = n("a number of empties")?,
            "midgame-error" => h.midgame_error = n("an error")?,
            "endcut-error" => h.endcut_error = n("an error")?,
            "verbosity" => h.verbosity = n("a verbosity")?,
            _ => {
                return Err(SyntaxError::at(
                    text,
                    at - key.len() - 1,
                    "a header field (version, release, date, level, ...)",
                ));
            }
        }
    }
    Ok(h)
}

fn date(value: &str) -> Option<BookDate> {
    let (day, time) = value.split_once('T')?;
    // A year before 0 is written with its sign (`-256-01-01`): the sign is
    // no separator.
    let (sign, day) = day.strip_prefix('-').map_or((1, day), |rest| (-1, rest));
    let mut d = day.splitn(3, '-');
    let mut t = time.splitn(3, ':');
    Some(BookDate {
        year: i16::try_from(sign * d.next()?.parse::<i32>().ok()?).ok()?,
        month: d.next()?.parse().ok()?,
        day: d.next()?.parse().ok()?,
        hour: t.next()?.parse().ok()?,
        minute: t.next()?.parse().ok()?,
        second: t.next()?.parse().ok()?,
    })
}

fn position(text: &str, start: usize, line: &str) -> Result<BookPosition, SyntaxError> {
    let board = line.get(..64).filter(|b| b.bytes().all(|c| matches!(c, b'X' | b'O' | b'-')));
    let board = board.ok_or_else(|| SyntaxError::at(text, start, "a book position: 64 squares of X, O and -"))?;
    let mut p = BookPosition::of(&reversi_core::Position::start());
    (p.player, p.opponent) = (0, 0);
    for (i, c) in board.bytes().enumerate() {
        match c {
            b'X' => p.player |= 1 << i,
            b'O' => p.opponent |= 1 << i,
            _ => {}
        }
    }
    for (key, value, at) in fields(&line[64..], start + 64) {
        let n = |what| number::<u32>(text, value, at, what);
        let score = |what| number::<i16>(text, value, at, what);
        match key {
            "value" => p.value = score("a value")?,
            "lower" => p.lower = score("a bound")?,
            "upper" => p.upper = score("a bound")?,
            "wins" => p.wins = n("a count")?,
            "draws" => p.draws = n("a count")?,
            "losses" => p.losses = n("a count")?,
            "lines" => p.lines = n("a count")?,
            "level" => p.level = number(text, value, at, "a level (0 to 255)")?,
            "leaf" => p.leaf = link(text, value, at)?,
            "links" => {
                let mut offset = at;
                for l in value.split(',').filter(|l| !l.is_empty()) {
                    p.links.push(link(text, l, offset)?);
                    offset += l.len() + 1;
                }
            }
            _ => {
                return Err(SyntaxError::at(
                    text,
                    at - key.len() - 1,
                    "a position field (value, wins, leaf, links, ...)",
                ));
            }
        }
    }
    Ok(p)
}

/// `f5:+2`, `pass:-1`, `none:-127`.
fn link(text: &str, value: &str, at: usize) -> Result<BookLink, SyntaxError> {
    let expected = "a move and its score (f5:+2, pass:0, none:-127)";
    let (mv, score) = value.split_once(':').ok_or_else(|| SyntaxError::at(text, at, expected))?;
    let code = match mv {
        "pass" => PASS,
        "none" => NO_MOVE,
        sq => sq.parse::<reversi_core::Square>().map_err(|_| SyntaxError::at(text, at, expected))?.index() as u8,
    };
    let score = score.parse().map_err(|_| SyntaxError::at(text, at + mv.len() + 1, expected))?;
    Ok(BookLink { score, code })
}
