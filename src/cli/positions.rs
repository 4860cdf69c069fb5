//! `oddboard variant positions`: many positions judged in one run, for tests that compare a
//! variant with another program's rules at every position of many games. Each line of input
//! names a position; each line of output says its FEN, its result and its legal turns.

use super::{CliError, game_of, result_text};
use crate::rules::Variant;
use std::io::{BufRead, Write};
use std::sync::Arc;

/// Reads positions from `input`, one a line, and writes one line to `output` for each, flushed
/// at once, until the input ends or the output is closed.
pub(super) fn judge_each(variant: &Arc<Variant>, input: impl BufRead, mut output: impl Write) {
    for line in input.lines() {
        let Ok(line) = line else { return };
        let answer = match judged(variant, &line) {
            Ok(answer) => answer,
            Err(CliError::BadInput(why)) => format!("error: {why}"),
        };
        if writeln!(output, "{answer}")
            .and_then(|()| output.flush())
            .is_err()
        {
            return;
        }
    }
}

/// The answer for one line, `startpos` or `fen FEN`, optionally followed by `moves M1 M2 …`:
/// the final position's FEN, its result or `ongoing`, and its legal turns (sorted, separated by
/// spaces), tab-separated.
fn judged(variant: &Arc<Variant>, line: &str) -> Result<String, CliError> {
    let (fen, turns) = position_of(line)?;
    let game = game_of(Arc::clone(variant), fen.as_deref(), turns)?;
    let legal = variant.legal_turn_texts(game.position()).join(" ");
    Ok(format!(
        "{}\t{}\t{legal}",
        variant.fen(game.position()),
        result_text(&game)
    ))
}

/// The FEN a line names (none for the start position) and the turns it plays from there.
fn position_of(line: &str) -> Result<(Option<String>, Vec<&str>), CliError> {
    let mut words = line.split_whitespace();
    let fen = match words.next() {
        Some("startpos") => None,
        Some("fen") => {
            let fields: Vec<&str> = words.by_ref().take_while(|w| *w != "moves").collect();
            if fields.is_empty() {
                return Err(bad("fen", "no FEN follows it"));
            }
            let turns = words.collect();
            return Ok((Some(fields.join(" ")), turns));
        }
        Some(word) => return Err(bad(word, "a line starts with `startpos` or `fen`")),
        None => return Err(CliError::BadInput("an empty line names no position".into())),
    };
    match words.next() {
        None => Ok((fen, Vec::new())),
        Some("moves") => Ok((fen, words.collect())),
        Some(word) => Err(bad(word, "only `moves` may follow `startpos`")),
    }
}

/// Bad input naming `token` and why.
fn bad(token: &str, why: &str) -> CliError {
    CliError::BadInput(format!("'{token}': {why}"))
}
