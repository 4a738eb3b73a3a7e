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
