//! A command line split into words as a POSIX shell splits it, with no
//! shell started: blanks separate words; `'...'` keeps everything; `"..."`
//! keeps everything but `\` before `"`, `\`, `$` or a backquote; `\` outside
//! quotes keeps the next character. No expansion of any kind.

/// A command line that does not split.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WordsError {
    /// A quote is not closed.
    #[error("unclosed {0} quote in the command")]
    Unclosed(char),
    /// A `\` ends the line.
    #[error("a backslash ends the command")]
    TrailingBackslash,
}

/// The words of `line`.
///
/// ```
/// use reversi_engine::words::split;
/// assert_eq!(split(r#"edax -gtp -eval-file "my dir/eval.dat" 'a b'\ c"#)?,
///            ["edax", "-gtp", "-eval-file", "my dir/eval.dat", "a b c"]);
/// # Ok::<(), reversi_engine::words::WordsError>(())
/// ```
///
/// # Errors
/// [`WordsError`] for an unclosed quote or a trailing backslash.
pub fn split(line: &str) -> Result<Vec<String>, WordsError> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(WordsError::Unclosed('\'')),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => word.push(c),
                            Some('\n') => {}
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err(WordsError::Unclosed('"')),
                        },
                        Some(c) => word.push(c),
                        None => return Err(WordsError::Unclosed('"')),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some('\n') => {}
                    Some(c) => word.push(c),
                    None => return Err(WordsError::TrailingBackslash),
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

/// `words` as one command line that [`split`] (and a POSIX shell) splits
/// back into them: a word with anything but letters, digits and `-_./:=+,@%`
/// in single quotes (a `'` in it as `'\''`), an empty word as `''`.
///
/// ```
/// use reversi_engine::words::{quote, split};
/// let words = ["sh", "-c", "echo hi >&2; exit 3", "it's", ""].map(String::from);
/// assert_eq!(quote(&words), r#"sh -c 'echo hi >&2; exit 3' 'it'\''s' ''"#);
/// assert_eq!(split(&quote(&words))?, words);
/// # Ok::<(), reversi_engine::words::WordsError>(())
/// ```
#[must_use]
pub fn quote(words: &[String]) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./:=+,@%".contains(c);
    words
        .iter()
        .map(
            |w| {
                if !w.is_empty() && w.chars().all(plain) {
                    w.clone()
                } else {
                    format!("'{}'", w.replace('\'', r"'\''"))
                }
            },
        )
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_as_a_shell() {
        assert_eq!(split("  a  b\tc ").unwrap(), ["a", "b", "c"]);
        assert_eq!(split(r#""" '' x"#).unwrap(), ["", "", "x"]);
        assert_eq!(split(r#""a\"b\n" c\ d"#).unwrap(), ["a\"b\\n", "c d"]);
        assert_eq!(split("'$HOME' *").unwrap(), ["$HOME", "*"]);
        assert_eq!(split("a 'b"), Err(WordsError::Unclosed('\'')));
        assert_eq!(split("a \"b"), Err(WordsError::Unclosed('"')));
        assert_eq!(split("a \\"), Err(WordsError::TrailingBackslash));
        assert!(split("").unwrap().is_empty());
    }
}
