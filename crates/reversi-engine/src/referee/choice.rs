//! THE choice of a match's openings, as a front end asks for them
//! ([`OpeningChoice`]): every game of a record file, seeded random openings,
//! the default openings, or the records a caller gives; resolved to the
//! openings and the [`OpeningSource`] each game's record names its opening
//! by. The CLI's `--openings FILE` / `--openings-random PLIES --seed S
//! --margin M` and Python's `openings=` / `openings_random=` only map their
//! arguments onto it, so that one request gives one list (and one record
//! name) whichever front end asks.

use std::io::BufRead;

use reversi_notation::{Reader, Record, RecordError};
use reversi_solve::xot::XotError;

use super::matches::{OpeningError, opening};
use super::openings::{OpeningSource, defaults, random_opening_count, random_openings};
use crate::player::GameState;

/// Which openings a match or tournament plays: [`resolve`](OpeningChoice::resolve)
/// gives them, with where they come from.
///
/// ```
/// use reversi_engine::referee::{DEFAULT_PLIES, OpeningChoice, OpeningSource, default_openings};
/// let (source, openings) = OpeningChoice::Default.resolve(None)?;
/// assert_eq!(source, OpeningSource::Default { plies: DEFAULT_PLIES });
/// assert_eq!(openings, default_openings(DEFAULT_PLIES));
///
/// // Seeded random openings: as many as 10 games need, one for each two.
/// let (source, openings) = OpeningChoice::Random { plies: 6, seed: 5, margin: None }.resolve(Some(10))?;
/// assert_eq!(source.describe(0), "random 6 plies seed 5 opening 1");
/// assert_eq!(openings.len(), 5);
/// # Ok::<(), reversi_engine::referee::OpeningChoiceError>(())
/// ```
///
/// `#[non_exhaustive]`: choices may be added.
#[derive(Debug)]
#[non_exhaustive]
pub enum OpeningChoice {
    /// The default openings: [`default_openings`](super::default_openings)`(`[`DEFAULT_PLIES`](super::DEFAULT_PLIES)`)`,
    /// from [`OpeningSource::Default`].
    Default,
    /// Every game of a record file, in the file's order, each an
    /// [`opening`] (a file without a game is refused), from
    /// [`OpeningSource::File`].
    File {
        /// The file as the user named it: the records' name for it.
        name: String,
        /// Its games, as reversi-notation reads them
        /// ([`open_with`](reversi_notation::open_with), or a [`Reader`] of
        /// standard input; boxed, for its size): errors name the file as
        /// the reader does ([`Reader::file`]), else by `name`.
        records: Box<Reader<Box<dyn BufRead + Send>>>,
    },
    /// Seeded random openings: [`random_openings`]`(plies,
    /// `[`random_opening_count`]`(games), seed, margin)`, `games` the
    /// number [`resolve`](OpeningChoice::resolve) is given, from
    /// [`OpeningSource::Random`].
    Random {
        /// The plies of each opening (1 to 59).
        plies: usize,
        /// The seed: one seed, one list.
        seed: u64,
        /// Only openings within this many discs of even (0 to 64), if given.
        margin: Option<i32>,
    },
    /// The caller's records, each an [`opening`], in their order (none: an
    /// empty list, which [`MatchOptions::openings`](super::MatchOptions::openings)
    /// plays as the standard start), from [`OpeningSource::Given`].
    Given(Vec<Record>),
}

impl OpeningChoice {
    /// The openings chosen, for a match or tournament pairing of `games`
    /// games (`None`: as many as the openings need; it counts only for
    /// [`Random`](OpeningChoice::Random)), and where they come from (for
    /// [`MatchOptions::openings_from`](super::MatchOptions::openings_from)).
    ///
    /// ```
    /// use std::io::BufRead;
    /// use reversi_engine::referee::{OpeningChoice, OpeningChoiceError, OpeningSource};
    /// use reversi_notation::{Format, ReadOptions, Reader};
    /// let file = |text: &'static str| {
    ///     let input: Box<dyn BufRead + Send> = Box::new(text.as_bytes());
    ///     let records = Reader::new(Format::Transcript, input, ReadOptions::new()).named("xot.txt");
    ///     OpeningChoice::File { name: "xot.txt".into(), records: Box::new(records) }
    /// };
    /// let (source, openings) = file("f5d6c3\nf5f6\n").resolve(None)?;
    /// assert_eq!(source, OpeningSource::File { name: "xot.txt".into() });
    /// assert_eq!(openings.iter().map(|g| g.moves.len()).collect::<Vec<_>>(), [3, 2]);
    /// let error = file("").resolve(None).unwrap_err();
    /// assert_eq!(error.to_string(), "xot.txt: no game");
    /// # Ok::<(), OpeningChoiceError>(())
    /// ```
    ///
    /// # Errors
    /// [`OpeningChoiceError`]: a game of the file that does not read
    /// (`Read`) or is no opening (`FileGame`: illegal, finished, another
    /// game than Reversi), a file without a game (`NoGame`), random
    /// openings that cannot be drawn (`Random`: plies or margin out of
    /// range, a margin too narrow), a given record that is no opening
    /// (`Given`).
    pub fn resolve(self, games: Option<usize>) -> Result<(OpeningSource, Vec<GameState>), OpeningChoiceError> {
        match self {
            OpeningChoice::Default => Ok(defaults()),
            OpeningChoice::File { name, records } => {
                let file = records.file().map_or_else(|| name.clone(), str::to_owned);
                let mut openings = Vec::new();
                for (i, record) in records.enumerate() {
                    let record = record.map_err(|e| OpeningChoiceError::Read(Box::new(e)))?;
                    let game = opening(&record).map_err(|error| OpeningChoiceError::FileGame {
                        file: file.clone(),
                        game: i + 1,
                        error,
                    })?;
                    openings.push(game);
                }
                if openings.is_empty() {
                    return Err(OpeningChoiceError::NoGame { file });
                }
                Ok((OpeningSource::File { name }, openings))
            }
            OpeningChoice::Random { plies, seed, margin } => {
                let openings = random_openings(plies, random_opening_count(games), seed, margin)
                    .map_err(|error| OpeningChoiceError::Random { plies, error })?;
                Ok((OpeningSource::Random { plies, seed, margin }, openings))
            }
            OpeningChoice::Given(records) => {
                let openings = records
                    .iter()
                    .enumerate()
                    .map(|(i, record)| {
                        opening(record).map_err(|error| OpeningChoiceError::Given { number: i + 1, error })
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                Ok((OpeningSource::Given, openings))
            }
        }
    }
}

/// Why an [`OpeningChoice`] gives no openings. The front ends put their
/// option's name before it (the CLI's `--openings`, `--openings-random
/// PLIES`; Python's `openings_random`).
///
/// `#[non_exhaustive]`: errors may be added.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum OpeningChoiceError {
    /// A game of the file does not read (the error names the file, the
    /// place and the game).
    #[error("{0}")]
    Read(Box<RecordError>),
    /// A game of the file reads but is no opening.
    #[error("{file}: game {game}: {error}")]
    FileGame {
        /// The file, as its reader names it.
        file: String,
        /// The game's number in the file, from 1.
        game: usize,
        /// Why it is no opening.
        error: OpeningError,
    },
    /// The file holds no game: at least one opening was expected.
    #[error("{file}: no game")]
    NoGame {
        /// The file, as its reader names it.
        file: String,
    },
    /// The random openings cannot be drawn (the error names the option out
    /// of range, or how many were found).
    #[error("{error}")]
    Random {
        /// The plies asked for.
        plies: usize,
        /// Why reversi-solve's generator drew no list.
        error: XotError,
    },
    /// A given record is no opening.
    #[error("opening {number}: {error}")]
    Given {
        /// The record's number in the list, from 1.
        number: usize,
        /// Why it is no opening.
        error: OpeningError,
    },
}

#[cfg(test)]
mod tests {
    use reversi_notation::{Format, ReadOptions};
    use reversi_variants::Variant;

    use super::super::openings::{DEFAULT_PLIES, default_openings};
    use super::*;

    /// A file named `name` holding `text` in `format`.
    fn file(name: &str, format: Format, text: &'static str) -> OpeningChoice {
        let input: Box<dyn BufRead + Send> = Box::new(text.as_bytes());
        let records = Reader::new(format, input, ReadOptions::new()).named(name);
        OpeningChoice::File { name: name.into(), records: Box::new(records) }
    }

    /// The records of a transcript, one a line.
    fn transcript(text: &str) -> Vec<Record> {
        Reader::new(Format::Transcript, text.as_bytes(), ReadOptions::new()).map(|r| r.expect("a record")).collect()
    }

    #[test]
    fn the_default_choice_is_the_default_openings() {
        let (source, openings) = OpeningChoice::Default.resolve(Some(3)).expect("the defaults");
        assert_eq!(source, OpeningSource::Default { plies: DEFAULT_PLIES });
        assert_eq!(openings, default_openings(DEFAULT_PLIES));
        assert_eq!(openings.len(), 60);
    }

    #[test]
    fn a_file_gives_each_game_in_order_named_as_the_user_named_it() {
        // The reader's name (standard input's) names errors; the user's, the records.
        let input: Box<dyn BufRead + Send> = Box::new("f5d6c3\nf5f6\n".as_bytes());
        let records = Reader::new(Format::Transcript, input, ReadOptions::new()).named("<stdin>");
        let (source, openings) =
            OpeningChoice::File { name: "-".into(), records: Box::new(records) }.resolve(None).expect("a file");
        assert_eq!(source, OpeningSource::File { name: "-".into() });
        let expected: Vec<GameState> =
            transcript("f5d6c3\nf5f6\n").iter().map(|r| opening(r).expect("an opening")).collect();
        assert_eq!(openings, expected);
        assert_eq!(openings.iter().map(|g| g.moves.len()).collect::<Vec<_>>(), [3, 2]);
    }

    #[test]
    fn a_file_s_bad_game_or_no_game_is_named() {
        let error = file("illegal.txt", Format::Transcript, "f5d6\nf5a1\n").resolve(None).expect_err("illegal");
        assert!(
            matches!(&error, OpeningChoiceError::FileGame { file, game: 2, error: OpeningError::Illegal(_) } if file == "illegal.txt"),
            "{error:?}"
        );
        assert!(error.to_string().starts_with("illegal.txt: game 2: illegal.txt:2:3: game 2, ply 2: a1 is not legal"));

        let full = "XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX X\n";
        let error = file("finished.pos", Format::Position, full).resolve(None).expect_err("finished");
        assert!(matches!(error, OpeningChoiceError::FileGame { game: 1, error: OpeningError::Finished, .. }));
        assert_eq!(error.to_string(), "finished.pos: game 1: the game is over after the opening");

        let error = file("empty.txt", Format::Transcript, "").resolve(None).expect_err("no game");
        assert!(matches!(&error, OpeningChoiceError::NoGame { file } if file == "empty.txt"));
        assert_eq!(error.to_string(), "empty.txt: no game");

        let error = file("garbage.txt", Format::Transcript, "f5d6\nf5zz\n").resolve(None).expect_err("unreadable");
        assert!(matches!(&error, OpeningChoiceError::Read(e) if e.game == Some(1)), "{error:?}");
        assert!(error.to_string().starts_with("garbage.txt:2:3: game 2: expected a move"), "{error}");
    }

    #[test]
    fn a_file_without_a_reader_name_is_named_by_the_user_s() {
        let input: Box<dyn BufRead + Send> = Box::new("".as_bytes());
        let records = Reader::new(Format::Transcript, input, ReadOptions::new());
        let error = OpeningChoice::File { name: "openings.txt".into(), records: Box::new(records) }
            .resolve(None)
            .expect_err("no game");
        assert_eq!(error.to_string(), "openings.txt: no game");
    }

    #[test]
    fn random_openings_are_drawn_for_the_games_from_the_seed() {
        let choice = || OpeningChoice::Random { plies: 6, seed: 3, margin: Some(40) };
        let (source, openings) = choice().resolve(Some(7)).expect("random openings");
        assert_eq!(source, OpeningSource::Random { plies: 6, seed: 3, margin: Some(40) });
        assert_eq!(openings, random_openings(6, 4, 3, Some(40)).expect("the same draw"));
        let (_, again) = choice().resolve(Some(7)).expect("random openings");
        assert_eq!(openings, again);
        let (_, other) = OpeningChoice::Random { plies: 6, seed: 4, margin: Some(40) }.resolve(Some(7)).expect("drawn");
        assert_ne!(openings, other);
        // Without a number of games: as many as the default openings.
        let (_, unsized_) = OpeningChoice::Random { plies: 5, seed: 0, margin: None }.resolve(None).expect("drawn");
        assert_eq!(unsized_.len(), random_opening_count(None));
    }

    #[test]
    fn random_openings_out_of_range_are_refused_naming_the_option() {
        for (plies, margin, expected) in [
            (0, None, "plies: expected 1 to 59, found 0"),
            (60, None, "plies: expected 1 to 59, found 60"),
            (8, Some(70), "margin: expected 0 to 64, found 70"),
            (8, Some(-1), "margin: expected 0 to 64, found -1"),
        ] {
            let error = OpeningChoice::Random { plies, seed: 0, margin }.resolve(Some(2)).expect_err("out of range");
            assert!(
                matches!(&error, OpeningChoiceError::Random { plies: p, error: XotError::Option { .. } } if *p == plies)
            );
            assert_eq!(error.to_string(), expected);
        }
        // Two plies reach three positions up to symmetry: not the 60 asked for.
        let error = OpeningChoice::Random { plies: 2, seed: 0, margin: None }.resolve(None).expect_err("too few");
        assert!(matches!(
            error,
            OpeningChoiceError::Random { plies: 2, error: XotError::TooFew { found: 3, wanted: 60, .. } }
        ));
    }

    #[test]
    fn given_records_are_each_an_opening_and_none_is_no_opening() {
        let given = transcript("f5d6c3\nf5f6e6f4\n");
        let expected: Vec<GameState> = given.iter().map(|r| opening(r).expect("an opening")).collect();
        let (source, openings) = OpeningChoice::Given(given).resolve(Some(100)).expect("given");
        assert_eq!((source, openings), (OpeningSource::Given, expected));
        let (source, openings) = OpeningChoice::Given(Vec::new()).resolve(None).expect("none given");
        assert_eq!((source, openings.len()), (OpeningSource::Given, 0));

        let mut other = transcript("f5\n");
        other[0].variant = Variant::Attacks;
        let mut given = transcript("f5d6\n");
        given.extend(other);
        let error = OpeningChoice::Given(given).resolve(None).expect_err("another game");
        assert!(matches!(error, OpeningChoiceError::Given { number: 2, error: OpeningError::Variant(_) }));
        assert_eq!(error.to_string(), "opening 2: the match plays Reversi, not attacks");
    }
}
