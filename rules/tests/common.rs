//! Helpers that ask the engine exactly what the rulings state, of a game set up as the rules
//! command line sets one up (variant, options, FEN, canonical turns): the legal turns, the
//! status lines, whether the input is refused; and the squares and games the tests that ask
//! the engine itself start from.

use oddboard_rules::{Error, Game, Loc, LocSet, RulesExt, Variant, ids};
use proptest::prelude::ProptestConfig;
use std::sync::{Arc, OnceLock};

/// Where a position comes from: the start, or a FEN.
pub const START: Option<&str> = None;

/// The game of `variant` with `options`, from `fen` (else the start) after the canonical turns
/// in `moves` (separated by spaces); the engine's error, the message the command line prints,
/// for the first thing refused.
pub fn set_up(
    variant: &str,
    options: &[&str],
    fen: Option<&str>,
    moves: &str,
) -> Result<Game, Error> {
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    let variant = Arc::new(Variant::load(variant, &options)?);
    let mut game = match fen {
        Some(fen) => Game::from_fen(variant, fen)?,
        None => Game::new(variant),
    };
    for text in moves.split_whitespace() {
        game.play_text(text)?;
    }
    Ok(game)
}

/// The game [`set_up`] gives; panics with the error if the input is refused.
fn accepted(variant: &str, options: &[&str], fen: Option<&str>, moves: &str) -> Game {
    set_up(variant, options, fen, moves).unwrap_or_else(|e| {
        panic!("{variant} {options:?} from {fen:?} after {moves:?} was refused: {e}")
    })
}

/// The canonical texts of the game's legal turns, sorted (what `moves` prints).
pub fn turn_texts(game: &Game) -> Vec<String> {
    game.variant().legal_turn_texts(game.position())
}

/// The position's FEN and the game's result, or `ongoing` (the two lines `status` prints).
pub fn fen_and_result(game: &Game) -> (String, String) {
    let result = match game.outcome() {
        Some(outcome) => outcome.to_string(),
        None => "ongoing".to_string(),
    };
    (game.variant().fen(game.position()), result)
}

/// The legal turns, sorted; panics with the error if the input is refused.
pub fn legal(variant: &str, options: &[&str], fen: Option<&str>, moves: &str) -> Vec<String> {
    turn_texts(&accepted(variant, options, fen, moves))
}

/// The position's FEN and the result (or `ongoing`); panics with the error if the input is
/// refused.
pub fn status(variant: &str, options: &[&str], fen: Option<&str>, moves: &str) -> (String, String) {
    fen_and_result(&accepted(variant, options, fen, moves))
}

/// The leaves of the tree of legal turns `depth` plies deep; panics with the error if the
/// input is refused.
pub fn perft(variant: &str, options: &[&str], fen: Option<&str>, depth: u32) -> u64 {
    let game = accepted(variant, options, fen, "");
    game.variant().perft(game.position(), depth)
}

/// Whether the position is refused as bad input.
pub fn rejected(variant: &str, options: &[&str], fen: Option<&str>, moves: &str) -> bool {
    set_up(variant, options, fen, moves).is_err()
}

/// The message of the error refusing the position; panics if it is accepted.
pub fn refusal(variant: &str, options: &[&str], fen: Option<&str>, moves: &str) -> String {
    match set_up(variant, options, fen, moves) {
        Ok(_) => panic!("{variant} {options:?} from {fen:?} after {moves:?} was accepted"),
        Err(error) => error.to_string(),
    }
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
    accepted(variant, &[], Some(fen), moves)
}
