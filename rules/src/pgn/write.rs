//! Writing a game as a record: the tag pairs, a blank line, then the numbered moves and the
//! result, wrapped at 80 columns.

use super::super::game::Game;
use super::super::rules::RulesExt;
use super::super::types::Side;
use super::{PgnHeader, UNKNOWN, UNKNOWN_DATE, result_text, writes_san};

/// The widest line of move text.
const WIDTH: usize = 80;

impl Game {
    /// The game as a record (see the [module](super) docs), with the caller's `header`. Tag
    /// values lose their control characters (each becomes a space).
    pub fn to_pgn(&self, header: &PgnHeader) -> String {
        let mut out = String::new();
        for (name, value) in self.tags(header) {
            out.push_str(&format!("[{name} \"{}\"]\n", escaped(&value)));
        }
        out.push('\n');
        out.push_str(&wrapped(&self.move_words()));
        out.push('\n');
        out
    }

    /// The tag pairs, in the order written.
    fn tags(&self, header: &PgnHeader) -> Vec<(&'static str, String)> {
        let known = |value: &Option<String>, unknown: &str| {
            value.clone().unwrap_or_else(|| unknown.to_string())
        };
        let variant = self.variant();
        let outcome = self.outcome();
        let mut tags = vec![
            ("Event", known(&header.event, UNKNOWN)),
            ("Date", known(&header.date, UNKNOWN_DATE)),
            ("White", known(&header.white, UNKNOWN)),
            ("Black", known(&header.black, UNKNOWN)),
            ("Result", result_text(outcome).to_string()),
            ("Variant", variant.id().to_string()),
        ];
        let options = variant.options().names();
        if !options.is_empty() {
            tags.push(("Options", options.join(" ")));
        }
        let start = self.position_at(0).unwrap_or(variant.start());
        if start != variant.start() {
            tags.push(("SetUp", "1".to_string()));
            tags.push(("FEN", variant.fen(start)));
        }
        if let Some(outcome) = outcome {
            tags.push(("Termination", outcome.reason.text().to_string()));
        }
        if let Some(time_control) = &header.time_control {
            tags.push(("TimeControl", time_control.clone()));
        }
        let numbers = [
            ("WhiteElo", header.elo[0]),
            ("BlackElo", header.elo[1]),
            ("WhiteRatingDiff", header.rating_diff[0]),
            ("BlackRatingDiff", header.rating_diff[1]),
        ];
        for (name, number) in numbers {
            if let Some(number) = number {
                let signed = if name.ends_with("Diff") && number >= 0 {
                    format!("+{number}")
                } else {
                    number.to_string()
                };
                tags.push((name, signed));
            }
        }
        tags
    }

    /// The move text's words: move numbers, moves and the result.
    fn move_words(&self) -> Vec<String> {
        let moves = if writes_san(self.variant()) {
            self.readable_turns().to_vec()
        } else {
            self.turn_texts()
        };
        let mut words = Vec::new();
        for (ply, text) in moves.into_iter().enumerate() {
            let Some(before) = self.position_at(ply) else {
                break;
            };
            match before.side {
                Side::White => words.push(format!("{}.", before.fullmove)),
                Side::Black if ply == 0 => words.push(format!("{}...", before.fullmove)),
                Side::Black => {}
            }
            words.push(text);
        }
        words.push(result_text(self.outcome()).to_string());
        words
    }
}

/// A tag value as written between double quotes: `\` and `"` escaped, control characters made
/// spaces.
fn escaped(value: &str) -> String {
    let mut out = String::new();
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// `words` joined by spaces into lines of at most [`WIDTH`] characters (a longer word alone on
/// its line).
fn wrapped(words: &[String]) -> String {
    let mut out = String::new();
    let mut line_length = 0;
    for word in words {
        let length = word.chars().count();
        if line_length > 0 && line_length + 1 + length > WIDTH {
            out.push('\n');
            line_length = 0;
        } else if line_length > 0 {
            out.push(' ');
            line_length += 1;
        }
        out.push_str(word);
        line_length += length;
    }
    out
}
