//! The pieces of a record's text, each with where it starts: tag pairs, move numbers and words
//! (a move or the result). Comments (`{…}`, `;` to the end of the line, `%` lines) and numeric
//! annotations (`$1`) are skipped; a variation is refused.

use super::super::error::Error;
use std::iter::Peekable;
use std::str::Chars;

/// Where a piece of text starts: line and column, in characters, from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Place {
    /// The line.
    pub line: usize,
    /// The column.
    pub column: usize,
}

impl Place {
    /// The error of `token`, found here, for `why`.
    pub fn error(self, token: impl Into<String>, why: impl Into<String>) -> Error {
        Error::Pgn {
            line: self.line,
            column: self.column,
            token: token.into(),
            why: why.into(),
        }
    }
}

/// What a piece of text is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Lexeme {
    /// A tag pair `[Name "value"]`, its value unescaped.
    Tag {
        /// The tag's name.
        name: String,
        /// Its value.
        value: String,
    },
    /// A move number: `12.` before the first player's move, `12...` before the second's.
    MoveNumber {
        /// The number.
        number: u32,
        /// Whether it was written with three dots.
        ellipsis: bool,
    },
    /// Anything else between spaces: a move or the result.
    Word,
}

/// A piece of text: what it is, as written, and where.
#[derive(Clone, Debug)]
pub(super) struct Item {
    /// What it is.
    pub lexeme: Lexeme,
    /// The text as written.
    pub text: String,
    /// Where it starts.
    pub at: Place,
}

/// Characters that end a word.
fn ends_word(c: char) -> bool {
    c.is_whitespace() || "[]{}();\"$".contains(c)
}

/// Reads a record's text piece by piece.
pub(super) struct Scanner<'a> {
    chars: Peekable<Chars<'a>>,
    place: Place,
}

impl<'a> Scanner<'a> {
    /// A scanner at the start of `text`.
    pub fn new(text: &'a str) -> Scanner<'a> {
        Scanner {
            chars: text.chars().peekable(),
            place: Place { line: 1, column: 1 },
        }
    }

    /// Where the scanner stands: after the last piece, at the end of the text.
    pub fn place(&self) -> Place {
        self.place
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.place = Place {
                line: self.place.line + 1,
                column: 1,
            };
        } else {
            self.place.column += 1;
        }
        Some(c)
    }

    fn take_while(&mut self, keep: impl Fn(char) -> bool) -> String {
        let mut taken = String::new();
        while let Some(c) = self.chars.peek().copied().filter(|c| keep(*c)) {
            self.bump();
            taken.push(c);
        }
        taken
    }

    /// The next piece of text, or `None` at the end.
    pub fn next_item(&mut self) -> Result<Option<Item>, Error> {
        loop {
            self.take_while(char::is_whitespace);
            let at = self.place;
            let Some(&c) = self.chars.peek() else {
                return Ok(None);
            };
            match c {
                '{' => {
                    self.take_while(|c| c != '}');
                    if self.bump().is_none() {
                        return Err(at.error("{", "a comment that is never closed"));
                    }
                }
                ';' => {
                    self.take_while(|c| c != '\n');
                }
                '%' if at.column == 1 => {
                    self.take_while(|c| c != '\n');
                }
                '$' => {
                    self.bump();
                    if self.take_while(|c| c.is_ascii_digit()).is_empty() {
                        return Err(at.error("$", "a numeric annotation needs its number"));
                    }
                }
                '(' => {
                    return Err(at.error(
                        "(",
                        "variations are not read: a record holds one line of play",
                    ));
                }
                '[' => return self.tag(at).map(Some),
                ')' | ']' | '}' | '"' => return Err(at.error(c, "out of place")),
                _ => return self.word(at).map(Some),
            }
        }
    }

    /// A tag pair, from its `[`.
    fn tag(&mut self, at: Place) -> Result<Item, Error> {
        self.bump();
        self.take_while(char::is_whitespace);
        let name = self.take_while(|c| c.is_ascii_alphanumeric() || c == '_');
        if name.is_empty() {
            return Err(at.error("[", "a tag pair needs a name"));
        }
        self.take_while(char::is_whitespace);
        let value_at = self.place;
        if self.bump() != Some('"') {
            return Err(value_at.error(&name, "a tag's value must be in double quotes"));
        }
        let mut value = String::new();
        loop {
            match self.bump() {
                None | Some('\n') => {
                    return Err(value_at.error(&name, "a tag's value that is never closed"));
                }
                Some('"') => break,
                Some('\\') => match self.bump() {
                    Some(c @ ('"' | '\\')) => value.push(c),
                    _ => return Err(value_at.error(&name, "only \\\" and \\\\ are escapes")),
                },
                Some(c) => value.push(c),
            }
        }
        self.take_while(|c| c.is_whitespace() && c != '\n');
        if self.bump() != Some(']') {
            return Err(at.error(&name, "a tag pair must end with ']' on its line"));
        }
        let text = format!("[{name} \"{value}\"]");
        Ok(Item {
            lexeme: Lexeme::Tag { name, value },
            text,
            at,
        })
    }

    /// A move number (its digits and dots only, so `1.e4` is two pieces) or a word.
    fn word(&mut self, at: Place) -> Result<Item, Error> {
        let digits = self.take_while(|c| c.is_ascii_digit());
        if !digits.is_empty() && self.chars.peek() == Some(&'.') {
            let dots = self.take_while(|c| c == '.');
            let text = format!("{digits}{dots}");
            let number = digits
                .parse()
                .map_err(|_| at.error(&text, "not a move number"))?;
            let ellipsis = match dots.len() {
                1 => false,
                3 => true,
                _ => return Err(at.error(&text, "a move number ends with '.' or '...'")),
            };
            return Ok(Item {
                lexeme: Lexeme::MoveNumber { number, ellipsis },
                text,
                at,
            });
        }
        let text = digits + &self.take_while(|c| !ends_word(c));
        Ok(Item {
            lexeme: Lexeme::Word,
            text,
            at,
        })
    }
}
