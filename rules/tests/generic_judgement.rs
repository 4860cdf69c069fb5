//! The computer's generic judgement of a variant file that gives its pieces no values: each
//! piece is valued by its mobility on the empty board, positions are judged by material and
//! mobility, and the computer plays such a file at every level, better than chance.

use oddboard_rules::{Game, Level, Limits, RulesExt, Variant, search, think_with};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Orthodox chess as a file with every `value` taken out.
fn unvalued_chess() -> Arc<Variant> {
    unvalued(
        concat!(env!("CARGO_MANIFEST_DIR"), "/../variants/chess.ron"),
        "chess",
    )
}

/// The variant file at `path` (whose id is `id`) with every `value` taken out.
fn unvalued(path: &str, id: &str) -> Arc<Variant> {
    let text = std::fs::read_to_string(path).expect("the file is there");
    let mut stripped = String::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find("value: Some(") {
        stripped.push_str(&rest[..at]);
        let close = rest[at..].find("),").expect("a value ends") + at + 2;
        rest = rest[close..].trim_start_matches(' ');
    }
    stripped.push_str(rest);
    assert!(!stripped.contains("value"), "{stripped}");
    let dir: PathBuf =
        std::env::temp_dir().join(format!("oddboard-generic-judgement-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join(format!("{id}.ron"));
    std::fs::write(&path, stripped).expect("the file is written");
    Arc::new(Variant::load(&path.to_string_lossy(), &[]).expect("the unvalued file loads"))
}

/// The value the variant gives the piece named `name`.
fn value_of(variant: &Variant, name: &str) -> i32 {
    let piece = variant.data().pieces.iter().find(|p| p.name == name);
    piece.expect("a piece of the file").value
}

#[test]
fn a_piece_without_a_value_is_valued_by_its_mobility_on_the_empty_board() {
    let variant = unvalued_chess();
    let [king, pawn, knight, bishop, rook, queen] =
        ["King", "Pawn", "Knight", "Bishop", "Rook", "Queen"].map(|n| value_of(&variant, n));
    assert_eq!((knight, queen), (300, 900), "a Knight 300, a Queen 900");
    assert!(pawn < knight && knight < bishop, "{pawn} {knight} {bishop}");
    assert!(bishop < rook && rook < queen, "{bishop} {rook} {queen}");
    assert_eq!(king, 0, "a royal piece is not valued");
}

#[test]
fn a_piece_given_a_value_keeps_it() {
    let shipped = concat!(env!("CARGO_MANIFEST_DIR"), "/../variants/chess.ron");
    let variant = Variant::load(shipped, &[]).expect("chess.ron loads");
    assert_eq!(value_of(&variant, "Knight"), 320);
    assert_eq!(value_of(&variant, "Queen"), 900);
}

/// A generator of numbers for the player that moves at random.
fn next_random(state: &mut u64) -> u64 {
    *state = state
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1);
    *state >> 33
}

/// Plays one game of `variant`, the searching side with `nodes` nodes a turn against a player
/// that picks its turns at random; returns the searching side's points (1, ½ or 0), a game
/// unfinished after `plies` turns counting ½.
fn against_random(variant: &Arc<Variant>, searcher_first: bool, nodes: u64, seed: u64) -> f64 {
    let mut game = Game::new(Arc::clone(variant));
    let mut state = seed;
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    while game.outcome().is_none() && game.turns().len() < 160 {
        let searchers_turn = game.turns().len().is_multiple_of(2) == searcher_first;
        let turn = if searchers_turn {
            search(&game, &limits, &AtomicBool::new(false), |_| {})
                .best
                .expect("a turn")
        } else {
            let turns = game.variant().legal_turns(game.position());
            turns[next_random(&mut state) as usize % turns.len()]
        };
        game.play(&turn).expect("a legal turn");
    }
    let first_won = match game.outcome().map(|o| o.verdict) {
        Some(oddboard_rules::Verdict::WhiteWins) => 1.0,
        Some(oddboard_rules::Verdict::BlackWins) => 0.0,
        _ => 0.5,
    };
    if searcher_first {
        first_won
    } else {
        1.0 - first_won
    }
}

#[test]
fn a_search_with_the_generic_judgement_beats_random_turns() {
    let variant = unvalued_chess();
    let points: f64 = (0..4u64)
        .map(|game| against_random(&variant, game.is_multiple_of(2), 3_000, game))
        .sum();
    assert!(points >= 3.5, "{points} of 4");
}

#[test]
fn every_level_plays_a_file_without_values() {
    let variant = unvalued_chess();
    let cap = Limits {
        nodes: Some(2_000),
        ..Limits::default()
    };
    for level in Level::ALL {
        let mut game = Game::new(Arc::clone(&variant));
        for ply in 0..6 {
            let stop = AtomicBool::new(false);
            let turn = think_with(&game, level, &cap, &stop, ply, |_| {})
                .unwrap_or_else(|| panic!("{}: a turn", level.name()));
            game.play(&turn).expect("a legal turn");
        }
    }
}

/// The values scale to the file's own board: on 12 × 10 (chess with two more pieces,
/// rules/tests/data/variants/big-chess.ron) a Knight is still 300 and a Queen 900, and the
/// compounds stand between as far as they move: the Archbishop (Bishop and Knight) below the
/// Chancellor (Rook and Knight), which is above the Rook and below the Queen.
#[test]
fn the_values_scale_to_the_files_board() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/variants/big-chess.ron"
    );
    let variant = unvalued(path, "big-chess");
    let [knight, rook, archbishop, queen, chancellor] =
        ["Knight", "Rook", "Archbishop", "Queen", "Chancellor"].map(|n| value_of(&variant, n));
    assert_eq!((knight, queen), (300, 900));
    assert!(
        knight < archbishop && archbishop < chancellor,
        "{archbishop} {chancellor}"
    );
    assert!(
        rook < chancellor && chancellor < queen,
        "{rook} {chancellor}"
    );
}

/// Antichess (variants/antichess.ron), whose pieces the file values below nothing, as a side
/// wins by losing them all: the search, judging by those values, beats random turns.
#[test]
fn a_search_beats_random_turns_where_pieces_are_worth_less_than_nothing() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../variants/antichess.ron");
    let variant = Arc::new(Variant::load(path, &[]).expect("antichess.ron loads"));
    assert!(
        value_of(&variant, "Queen") < 0,
        "the file values its Queen below nothing"
    );
    let points: f64 = (0..4u64)
        .map(|game| against_random(&variant, game.is_multiple_of(2), 3_000, game))
        .sum();
    assert!(points >= 3.5, "{points} of 4");
}
