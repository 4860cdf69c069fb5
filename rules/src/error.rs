//! The one error type of the rules engine: every message is one line that names the bad token
//! and says why it is bad.

use std::fmt;

/// Something given to the engine that it cannot accept.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Error {
    /// No variant has this id.
    UnknownVariant(String),
    /// The variant has no option of this name.
    UnknownOption {
        /// The variant asked for.
        variant: String,
        /// The option named.
        option: String,
    },
    /// A FEN that cannot be read or breaks the variant's invariants.
    Fen {
        /// The offending part of the FEN (a field, a rank, a letter).
        token: String,
        /// Why it is bad.
        why: String,
        /// What a player setting up the position would do about it, in a player's words
        /// ("Put a White King on the board"), where the fault is in the position rather than
        /// in the text.
        advice: Option<String>,
    },
    /// A turn that cannot be read or is not legal in the position.
    Turn {
        /// The turn text given.
        token: String,
        /// Why it is bad.
        why: String,
    },
    /// Variant data (RON) that cannot be read.
    Data {
        /// Which file, and where in it.
        place: String,
        /// Why it is bad.
        why: String,
    },
    /// A saved game that cannot be restored.
    Record(String),
    /// A game record (PGN) that cannot be read: where, what and why.
    Pgn {
        /// The line, from 1.
        line: usize,
        /// The column on that line, in characters, from 1.
        column: usize,
        /// The offending text (empty at the end of the record).
        token: String,
        /// Why it is bad.
        why: String,
    },
}

impl Error {
    /// A bad FEN, naming `token`.
    pub fn fen(token: impl Into<String>, why: impl Into<String>) -> Error {
        Error::Fen {
            token: token.into(),
            why: why.into(),
            advice: None,
        }
    }

    /// This error with `advice` for a player setting up the position (kept for a bad FEN only).
    pub fn advising(self, advice: impl Into<String>) -> Error {
        match self {
            Error::Fen { token, why, .. } => Error::Fen {
                token,
                why,
                advice: Some(advice.into()),
            },
            other => other,
        }
    }

    /// What a player setting up the position would do about this error, if it has advice.
    pub fn advice(&self) -> Option<&str> {
        match self {
            Error::Fen { advice, .. } => advice.as_deref(),
            _ => None,
        }
    }

    /// A bad turn, naming `token`.
    pub fn turn(token: impl Into<String>, why: impl Into<String>) -> Error {
        Error::Turn {
            token: token.into(),
            why: why.into(),
        }
    }
}

/// The token as it can be shown on one line: control characters (a line break, a tab) are
/// written as escapes.
fn shown(token: &str) -> String {
    token
        .chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownVariant(id) => write!(f, "unknown variant '{}'", shown(id)),
            Error::UnknownOption { variant, option } => {
                write!(
                    f,
                    "unknown option '{}': {variant} has no such option",
                    shown(option)
                )
            }
            Error::Fen { token, why, .. } => {
                write!(f, "bad FEN: '{}': {}", shown(token), shown(why))
            }
            Error::Turn { token, why } => write!(f, "bad move '{}': {}", shown(token), shown(why)),
            Error::Data { place, why } => write!(f, "bad variant data: {place}: {why}"),
            Error::Record(why) => write!(f, "bad saved game: {why}"),
            Error::Pgn {
                line,
                column,
                token,
                why,
            } => {
                write!(f, "bad record: line {line}, column {column}: ")?;
                if !token.is_empty() {
                    write!(f, "'{}': ", shown(token))?;
                }
                write!(f, "{}", shown(why))
            }
        }
    }
}

impl std::error::Error for Error {}
