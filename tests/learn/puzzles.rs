//! Puzzles: every shipped set loads and holds at least 40 puzzles, each re-proven by the prover
//! (its goal exact, its solution unique by piece move, its line legal and ending exactly at the
//! solver's win), and a bad puzzle file is refused naming the file and the puzzle.

use oddboard::curriculum::puzzles::{
    Goal, Puzzle, PuzzleSet, escape, forces_win, keeps_win, load, parse_set, piece_move, shipped,
    shipped_ids, winning_turns,
};
use oddboard::rules::{Error, Game, Turn, Variant, Verdict};
use std::sync::Arc;

/// The file name a test's own puzzle set claims.
const FILE: &str = "assets/puzzles/test.ron";

/// A one-puzzle set of `variant` in RON: `fen`, `goal` and `line` as given.
fn one_puzzle(variant: &str, options: &[&str], fen: &str, goal: &str, line: &[&str]) -> String {
    let quoted = |items: &[&str]| {
        let inner: Vec<String> = items.iter().map(|i| format!("{i:?}")).collect();
        format!("[{}]", inner.join(", "))
    };
    format!(
        "(variant: {variant:?}, puzzles: [(id: \"test-01\", options: {}, fen: {fen:?}, \
         goal: {goal:?}, line: {})])",
        quoted(options),
        quoted(line)
    )
}

/// The message of the error parsing `text` as [`FILE`] gives; panics if it parses.
fn refusal(text: &str) -> String {
    match parse_set(FILE, text) {
        Ok(_) => panic!("accepted: {text}"),
        Err(error) => {
            let message = error.to_string();
            assert!(matches!(error, Error::Data { .. }), "{message}");
            assert_eq!(message.lines().count(), 1, "{message}");
            message
        }
    }
}

/// The refusal of a one-puzzle set, which must name the file and the puzzle.
fn puzzle_refusal(variant: &str, options: &[&str], fen: &str, goal: &str, line: &[&str]) -> String {
    let message = refusal(&one_puzzle(variant, options, fen, goal, line));
    assert!(
        message.contains(&format!("{FILE}: puzzle `test-01`: ")),
        "{message}"
    );
    message
}

/// The canonical texts of `turns` in `game`'s variant.
fn texts(game: &Game, turns: &[Turn]) -> Vec<String> {
    turns.iter().map(|t| game.variant().turn_text(t)).collect()
}

/// Re-proves `puzzle`: the goal is exact, every winning first turn shares the line's piece
/// move, the line is legal, ends exactly at the first turn after which the game (as `status`
/// judges it) is the solver's win, and a win-in-2 line's reply leaves the game going on.
fn reprove(puzzle: &Puzzle) {
    let id = &puzzle.id;
    let game = puzzle.game().unwrap_or_else(|e| panic!("{id}: {e}"));
    let solver = game.position().side;
    let in_one = winning_turns(&game, 1);
    let winning = match puzzle.goal {
        Goal::WinIn1 => in_one,
        Goal::WinIn2 => {
            assert!(
                in_one.is_empty(),
                "{id}: wins in 1 by {:?}",
                texts(&game, &in_one)
            );
            winning_turns(&game, 2)
        }
    };
    let first = game
        .variant()
        .parse_turn(game.position(), &puzzle.line[0])
        .unwrap_or_else(|e| panic!("{id}: {e}"));
    assert!(
        winning.contains(&first),
        "{id}: the line's first turn does not win"
    );
    assert!(
        winning.iter().all(|t| piece_move(t) == piece_move(&first)),
        "{id}: not unique by piece move: {:?}",
        texts(&game, &winning)
    );
    let mut line = game.clone();
    for (index, text) in puzzle.line.iter().enumerate() {
        assert_eq!(line.outcome(), None, "{id}: over before turn {}", index + 1);
        line.play_text(text).unwrap_or_else(|e| panic!("{id}: {e}"));
        if index == 0 {
            let left = puzzle.goal.solver_turns() - 1;
            assert!(
                keeps_win(&line, solver, left),
                "{id}: the first turn loses the win"
            );
            assert_eq!(escape(&line, solver, left), None, "{id}");
        }
    }
    let result = line.outcome().map(|o| o.verdict);
    assert_eq!(result, Some(Verdict::win_for(solver)), "{id}: the line");
    if puzzle.goal == Goal::WinIn2 {
        let mut defended = game.clone();
        for text in puzzle.line.iter().take(2) {
            defended
                .play_text(text)
                .unwrap_or_else(|e| panic!("{id}: {e}"));
        }
        assert_eq!(defended.outcome(), None, "{id}: the reply gives up at once");
    }
}

/// Loads the shipped set of `variant` and re-proves each of its puzzles.
fn every_puzzle_is_proven(variant: &str) {
    let set = load(variant).unwrap_or_else(|e| panic!("{e}"));
    for puzzle in &set.puzzles {
        reprove(puzzle);
    }
}

#[test]
fn every_shipped_set_loads_with_at_least_forty_puzzles() {
    assert_eq!(shipped_ids().count(), 6);
    for variant in shipped_ids() {
        let set: PuzzleSet = load(variant).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(set.variant, variant);
        assert!(set.puzzles.len() >= 40, "{variant}: {}", set.puzzles.len());
        let (file, _) = shipped(variant).expect("shipped");
        assert_eq!(file, format!("assets/puzzles/{variant}.ron"));
        for (index, puzzle) in set.puzzles.iter().enumerate() {
            assert_eq!(puzzle.id, format!("{variant}-{:02}", index + 1));
            assert_eq!(puzzle.variant, variant);
        }
    }
}

#[test]
fn win_in_one_puzzles_come_before_win_in_two() {
    for variant in shipped_ids() {
        let set = load(variant).unwrap_or_else(|e| panic!("{e}"));
        let goals: Vec<Goal> = set.puzzles.iter().map(|p| p.goal).collect();
        assert!(goals.is_sorted(), "{variant}");
        assert!(goals.contains(&Goal::WinIn1), "{variant}");
    }
}

#[test]
fn every_amphora_puzzle_is_proven() {
    every_puzzle_is_proven("amphora");
}

#[test]
fn every_amoeba_puzzle_is_proven() {
    every_puzzle_is_proven("amoeba");
}

#[test]
fn every_fanorona_chess_puzzle_is_proven() {
    every_puzzle_is_proven("fanorona-chess");
}

#[test]
fn every_double_fanorona_chess_puzzle_is_proven() {
    every_puzzle_is_proven("double-fanorona-chess");
}

#[test]
fn every_american_chess_puzzle_is_proven() {
    every_puzzle_is_proven("american-chess");
}

#[test]
fn every_pawns_to_kings_puzzle_is_proven() {
    every_puzzle_is_proven("pawns-to-kings");
}

#[test]
fn a_blue_line_in_american_chess_ends_with_reds_reply() {
    // The Gauntlet is judged only after Red's turn, so Blue's win comes with Red's reply.
    let set = load("american-chess").unwrap_or_else(|e| panic!("{e}"));
    let blue: Vec<&Puzzle> = set
        .puzzles
        .iter()
        .filter(|p| p.fen.contains(" w "))
        .collect();
    assert!(!blue.is_empty());
    for puzzle in blue {
        let turns = 2 * puzzle.goal.solver_turns() as usize;
        assert_eq!(puzzle.line.len(), turns, "{}", puzzle.id);
    }
}

#[test]
fn the_goal_is_written_win_in_1_or_win_in_2() {
    assert_eq!(Goal::WinIn1.text(), "win-in-1");
    assert_eq!(Goal::WinIn2.text(), "win-in-2");
    assert_eq!(Goal::WinIn1.solver_turns(), 1);
    assert_eq!(Goal::WinIn2.solver_turns(), 2);
    assert_eq!(Goal::parse("win-in-2"), Some(Goal::WinIn2));
    assert_eq!(Goal::parse("WinIn2"), None);
}

#[test]
fn a_try_that_misses_the_win_has_an_escape() {
    let set = load("amphora").unwrap_or_else(|e| panic!("{e}"));
    let puzzle = set.puzzles.iter().find(|p| p.goal == Goal::WinIn2);
    let puzzle = puzzle.expect("a win-in-2 puzzle");
    let game = puzzle.game().expect("game");
    let solver = game.position().side;
    assert!(forces_win(&game, 2) && !forces_win(&game, 1));
    let winning = winning_turns(&game, 2);
    let miss = game
        .legal_turns()
        .into_iter()
        .find(|t| !winning.contains(t))
        .expect("a turn that does not win");
    let mut tried = game.clone();
    tried.play(&miss).expect("legal");
    assert!(!keeps_win(&tried, solver, 1));
    let reply = escape(&tried, solver, 1).expect("an escape");
    tried.play(&reply).expect("the escape is legal");
    let over = tried.outcome().map(|o| o.verdict);
    assert!(over.map_or(!forces_win(&tried, 1), |v| v != Verdict::win_for(solver)));
}

#[test]
fn uniqueness_compares_the_piece_move_alone() {
    let game = Game::from_fen(
        Arc::new(Variant::load("amoeba", &[]).expect("load")),
        "6K/7/**2k2/*4r1/1*3*1/1*2*2/**R*1*1 b a1a2 3 70",
    )
    .expect("fen");
    let turns = game.legal_turns();
    let slid = turns.iter().find(|t| t.slide.is_some()).expect("a slide");
    let plain = Turn {
        slide: None,
        ..*slid
    };
    assert_eq!(piece_move(slid), piece_move(&plain));
    assert_eq!(piece_move(slid), (slid.from, slid.to));
}

#[test]
fn a_puzzle_file_that_does_not_parse_is_refused_naming_the_file() {
    let message = refusal("(variant: \"amoeba\", puzzles: [(id: \"x\"");
    assert!(message.contains(FILE), "{message}");
    let message = refusal(&one_puzzle("amoeba", &[], "x", "win-in-3", &[]));
    assert!(message.contains(FILE), "{message}");
}

#[test]
fn an_unknown_variant_is_refused_naming_the_file() {
    let message = refusal(&one_puzzle(
        "chess960",
        &[],
        "8/8 w 1",
        "win-in-1",
        &["a1a2"],
    ));
    assert!(
        message.contains(FILE) && message.contains("chess960"),
        "{message}"
    );
    assert!(matches!(load("chess960"), Err(Error::UnknownVariant(_))));
    assert!(load("chess").is_err());
}

#[test]
fn an_unknown_option_is_refused_naming_the_puzzle() {
    let fen = "6K/7/**2k2/*4r1/1*3*1/1*2*2/**R*1*1 b a1a2 3 70";
    let message = puzzle_refusal("amoeba", &["no-such-option"], fen, "win-in-1", &["f4f7"]);
    assert!(message.contains("no-such-option"), "{message}");
}

#[test]
fn an_illegal_fen_is_refused_naming_the_puzzle() {
    let message = puzzle_refusal("amoeba", &[], "6K/7 b - 3 70", "win-in-1", &["f4f7"]);
    assert!(message.contains("bad FEN"), "{message}");
}

/// The first win-in-1 puzzle of the shipped `variant` set.
fn first_win_in_one(variant: &str) -> Puzzle {
    let set = load(variant).unwrap_or_else(|e| panic!("{e}"));
    set.puzzles
        .into_iter()
        .find(|p| p.goal == Goal::WinIn1)
        .expect("a win-in-1 puzzle")
}

#[test]
fn an_illegal_line_turn_is_refused_naming_the_puzzle() {
    let puzzle = first_win_in_one("pawns-to-kings");
    let message = puzzle_refusal("pawns-to-kings", &[], &puzzle.fen, "win-in-1", &["a1a8"]);
    assert!(message.contains("'a1a8'"), "{message}");
}

#[test]
fn a_line_that_does_not_end_in_the_solvers_win_is_refused() {
    let puzzle = first_win_in_one("pawns-to-kings");
    let game = puzzle.game().expect("game");
    let winning = winning_turns(&game, 1);
    let other = game
        .legal_turns()
        .into_iter()
        .find(|t| !winning.contains(t))
        .expect("a turn that does not win");
    let text = game.variant().turn_text(&other);
    let message = puzzle_refusal("pawns-to-kings", &[], &puzzle.fen, "win-in-1", &[&text]);
    assert!(message.contains("solver's win"), "{message}");
    let line: Vec<&str> = puzzle.line.iter().map(String::as_str).collect();
    let message = puzzle_refusal("pawns-to-kings", &[], &puzzle.fen, "win-in-2", &line);
    assert!(message.contains("win-in-2"), "{message}");
}

#[test]
fn a_line_that_goes_on_after_the_win_is_refused() {
    let puzzle = first_win_in_one("amphora");
    let mut line: Vec<&str> = puzzle.line.iter().map(String::as_str).collect();
    line.push("a1a2");
    let message = puzzle_refusal("amphora", &[], &puzzle.fen, "win-in-1", &line);
    assert!(message.contains("goes on"), "{message}");
}
