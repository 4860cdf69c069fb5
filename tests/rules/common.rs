//! Helpers that ask the rules command line (in-process, through `oddboard::cli::run`) exactly
//! what the rulings state: the legal turns, the status lines, whether input is rejected; and
//! the squares and games the tests that ask the engine itself start from.

#![allow(dead_code)]

use oddboard::cli;
use oddboard::rules::{Game, Loc, LocSet, RulesExt, Variant, ids};
use proptest::prelude::ProptestConfig;
use std::sync::{Arc, OnceLock};

/// Where a position comes from: the start, or a FEN.
pub const START: Option<&str> = None;

/// Runs the command line with `args` (without the program name): its stdout, or its one-line
/// error message.
pub fn run(args: &[&str]) -> Result<String, String> {
    let mut full = vec!["oddboard".to_string()];
    full.extend(args.iter().map(|a| a.to_string()));
    cli::run(&full)
        .map(|out| out.stdout)
        .map_err(|e| e.to_string())
}

fn position_args<'a>(
    variant: &'a str,
    options: &[&'a str],
    fen: Option<&'a str>,
    moves: &'a str,
) -> Vec<&'a str> {
    let mut args = vec![variant];
    for option in options {
        args.push("--option");
        args.push(option);
    }
    if let Some(fen) = fen {
        args.push("--fen");
        args.push(fen);
    }
    if !moves.is_empty() {
        args.push("--moves");
        args.push(moves);
    }
    args
}

/// The legal turns `moves` prints, in its order; panics with the error if the input is bad.
pub fn legal(variant: &str, options: &[&str], fen: Option<&str>, moves: &str) -> Vec<String> {
    let mut args = vec!["moves"];
    args.extend(position_args(variant, options, fen, moves));
    match run(&args) {
        Ok(out) => out.lines().map(str::to_string).collect(),
        Err(e) => panic!("moves {args:?} was rejected: {e}"),
    }
}

/// The two lines `status` prints: the position's FEN and the result (or `ongoing`).
pub fn status(variant: &str, options: &[&str], fen: Option<&str>, moves: &str) -> (String, String) {
    let mut args = vec!["status"];
    args.extend(position_args(variant, options, fen, moves));
    match run(&args) {
        Ok(out) => {
            let mut lines = out.lines().map(str::to_string);
            let fen = lines.next().unwrap_or_default();
            let result = lines.next().unwrap_or_default();
            (fen, result)
        }
        Err(e) => panic!("status {args:?} was rejected: {e}"),
    }
}

/// Perft through the command line (its last line).
pub fn perft(variant: &str, options: &[&str], fen: Option<&str>, depth: u32) -> u64 {
    let depth = depth.to_string();
    let mut args = vec!["perft"];
    args.extend(position_args(variant, options, fen, ""));
    args.push(&depth);
    let out = run(&args).unwrap_or_else(|e| panic!("perft {args:?} was rejected: {e}"));
    out.lines()
        .last()
        .and_then(|l| l.parse().ok())
        .unwrap_or_else(|| panic!("perft printed {out:?}"))
}

/// Whether `status` rejects the position as bad input (exit code 2, nothing on stdout).
pub fn rejected(variant: &str, options: &[&str], fen: Option<&str>, moves: &str) -> bool {
    let mut args = vec!["status"];
    args.extend(position_args(variant, options, fen, moves));
    run(&args).is_err()
}

/// The words of a space-separated list, as owned strings (for comparing with `legal`).
pub fn words(list: &str) -> Vec<String> {
    list.split_whitespace().map(str::to_string).collect()
}

/// The legal turns that start on `square` (a piece's own turns).
pub fn turns_from(turns: &[String], square: &str) -> Vec<String> {
    turns
        .iter()
        .filter(|t| t.starts_with(square))
        .cloned()
        .collect()
}

/// The proptest settings of the rules tests: no persisted failures, bounded shrinking.
pub fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        failure_persistence: None,
        max_shrink_iters: 512,
        ..ProptestConfig::with_cases(cases)
    }
}

/// Every implemented variant without options, then with each of its options on its own.
pub fn setups() -> &'static [Arc<Variant>] {
    static SETUPS: OnceLock<Vec<Arc<Variant>>> = OnceLock::new();
    SETUPS.get_or_init(|| {
        let mut out = Vec::new();
        for id in ids() {
            let plain = Variant::load(id, &[]).unwrap_or_else(|e| panic!("{id}: {e}"));
            let options: Vec<String> = plain
                .data()
                .options
                .iter()
                .map(|o| o.name.clone())
                .collect();
            out.push(Arc::new(plain));
            for option in options {
                let variant = Variant::load(id, std::slice::from_ref(&option))
                    .unwrap_or_else(|e| panic!("{id} --option {option}: {e}"));
                out.push(Arc::new(variant));
            }
        }
        out
    })
}

/// The variant and its options, for messages.
pub fn name(variant: &Variant) -> String {
    let mut name = variant.id().to_string();
    for option in variant.options().names() {
        name.push_str(" --option ");
        name.push_str(option);
    }
    name
}

/// The set of the squares named in `list`, separated by spaces.
pub fn squares(list: &str) -> LocSet {
    list.split_whitespace()
        .map(|s| Loc::parse(s).unwrap_or_else(|| panic!("{s} is a square")))
        .collect()
}

/// The game of `variant` (without options) from `fen` after the canonical turns in `moves`;
/// panics if the FEN or a turn is refused.
pub fn game_after(variant: &str, fen: &str, moves: &str) -> Game {
    let variant = Arc::new(Variant::load(variant, &[]).expect("variant loads"));
    let mut game = Game::from_fen(variant, fen).expect("valid FEN");
    for text in moves.split_whitespace() {
        game.play_text(text)
            .unwrap_or_else(|e| panic!("{text} is legal: {e}"));
    }
    game
}
