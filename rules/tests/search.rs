//! The computer opponent: the search finds forced wins (checkmates and every variant's own
//! ends) within a fixed depth, never returns an illegal turn, and stops at once when told.

use crate::common::{config, game_after, name, setups};
use oddboard_rules::{
    Engine, Found, Game, Kind, Level, Limits, Position, RulesExt, Turn, Variant, search, think,
    think_in, think_with,
};
use proptest::collection::vec;
use proptest::prelude::*;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// What a search of `fen` in `variant`, `depth` plies deep, finds.
fn search_fen(variant: &str, fen: &str, depth: u32) -> (Game, Found) {
    let game = game_after(variant, fen, "");
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let found = search(&game, &limits, &AtomicBool::new(false), |_| {});
    (game, found)
}

/// The turn a search `depth` plies deep plays in `fen`, and the result once it is played.
fn best_and_result(variant: &str, fen: &str, depth: u32) -> (String, String) {
    let (mut game, found) = search_fen(variant, fen, depth);
    let best = found.best.expect("a turn");
    let text = game.variant().turn_text(&best);
    game.play(&best).expect("the best turn is legal");
    let result = game.outcome().map_or("ongoing".into(), |o| o.to_string());
    (text, result)
}

#[test]
fn chess_mate_in_one_is_found() {
    const FEN: &str = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
    let (_, found) = search_fen("chess", FEN, 2);
    assert_eq!(found.score.to_string(), "win 1");
    assert_eq!(
        best_and_result("chess", FEN, 2),
        ("d1d8".into(), "1-0 checkmate".into())
    );
}

/// The King steps aside first (Kg6 or Kf7: which is the order of the legal turns' business),
/// then the Rook mates.
#[test]
fn chess_mate_in_two_is_found() {
    const FEN: &str = "7k/8/5K2/8/8/8/8/1R6 w - - 0 1";
    let (mut game, found) = search_fen("chess", FEN, 4);
    assert_eq!(found.score.to_string(), "win 2");
    let pv: Vec<String> = found
        .pv
        .iter()
        .map(|t| game.variant().turn_text(t))
        .collect();
    assert_eq!(pv.len(), 3, "{pv:?}");
    assert!(pv[0].starts_with("f6"), "the King steps first: {pv:?}");
    for turn in &found.pv {
        game.play(turn).expect("the line is legal");
    }
    assert_eq!(
        game.outcome().map(|o| o.to_string()),
        Some("1-0 checkmate".into()),
        "{pv:?}"
    );
}

#[test]
fn chess_mate_in_one_is_found_for_black() {
    const FEN: &str = "3r2k1/8/8/8/8/8/5PPP/6K1 b - - 0 1";
    assert_eq!(
        best_and_result("chess", FEN, 2),
        ("d8d1".into(), "0-1 checkmate".into())
    );
}

/// A Pawn entering the far rank removes the King by telekinesis.
#[test]
fn amphora_telekinesis_on_the_king_is_found() {
    const FEN: &str = "*5*/**1P1**/*5*/5k1/7/*5*/**3**/*K4* w G 00 0 1";
    assert_eq!(
        best_and_result("amphora", FEN, 2),
        ("d7d8xf5".into(), "1-0 king captured".into())
    );
}

/// e2e3 catches the King on d4 between two White Pawns.
#[test]
fn amphora_interception_of_the_king_is_found() {
    const FEN: &str = "*5*/**3**/*5*/2P4/3k3/*5*/**2P**/*K4* w G 00 0 1";
    assert_eq!(
        best_and_result("amphora", FEN, 2),
        ("e2e3".into(), "1-0 king captured".into())
    );
}

/// Taking Red's only General leaves Blue alone on the Gauntlet when the full turn ends.
#[test]
fn american_chess_gauntlet_win_is_found() {
    const FEN: &str = "p10/5q5/11/11/11/11/11/5R5/4Q6 w 7";
    let (_, found) = search_fen("american-chess", FEN, 3);
    assert_eq!(found.score.to_string(), "win 1");
    let (best, _) = best_and_result("american-chess", FEN, 3);
    assert_eq!(best, "f2f8");
}

/// A slide that leaves Black's King without a move wins: stalemate by slide.
#[test]
fn amoeba_slide_stalemate_is_found() {
    const FEN: &str = "k1*3*/**5/7/2***2/7/*5*/*2K2* w - 0 1";
    let (best, result) = best_and_result("amoeba", FEN, 1);
    assert_eq!(result, "1-0 stalemate by slide", "after {best}");
}

/// Checkmate (d4d2) or stalemate (d4c3): either leaves Black without a move, and loses.
#[test]
fn fanorona_chess_win_without_a_move_is_found() {
    const FEN: &str = "5/5/5/5/5/3Q1/5/1K2k/5 w - - 0 1";
    let (best, result) = best_and_result("fanorona-chess", FEN, 2);
    assert!(
        ["1-0 checkmate", "1-0 stalemate"].contains(&result.as_str()),
        "{best}: {result}"
    );
}

/// Taking Black's last Pawn while White has no King wins by exhaustion.
#[test]
fn pawns_to_kings_no_kings_win_is_found() {
    const FEN: &str = "7n/8/8/3p4/3W4/8/P7/8 w 0 19";
    assert_eq!(
        best_and_result("pawns-to-kings", FEN, 2),
        ("d4d5".into(), "1-0 no kings".into())
    );
}

/// With the stop flag already set, every variant's search and every level answer at once with
/// a legal turn: no iteration of the search is completed (counted, not timed, so a busy machine
/// cannot fail it).
#[test]
fn stopping_returns_a_legal_turn_at_once() {
    let stop = AtomicBool::new(true);
    for variant in setups() {
        let game = Game::new(Arc::clone(variant));
        let legal = game.legal_turns();
        let found = search(&game, &Limits::default(), &stop, |_| {});
        let best = found.best.expect("a turn");
        assert!(legal.contains(&best), "{}", name(variant));
        assert_eq!(found.depth, 0, "{}: an iteration completed", name(variant));
        for level in Level::ALL {
            let mut iterations = 0;
            let turn = think_with(&game, level, &Limits::default(), &stop, 7, |_| {
                iterations += 1
            })
            .expect("a turn");
            assert!(legal.contains(&turn), "{} at {level:?}", name(variant));
            assert_eq!(iterations, 0, "{} at {level:?} searched on", name(variant));
        }
    }
}

#[test]
fn a_finished_game_has_no_turn_to_think_of() {
    let game = game_after("chess", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8");
    let stop = AtomicBool::new(false);
    assert_eq!(think(&game, Level::Strong, &stop, 0), None);
    assert_eq!(search(&game, &Limits::default(), &stop, |_| {}).best, None);
}

#[test]
fn levels_are_read_by_name_in_any_case() {
    for level in Level::ALL {
        assert_eq!(Level::parse(level.name()), Some(level));
        assert_eq!(Level::parse(&level.name().to_uppercase()), Some(level));
    }
    assert_eq!(Level::parse("grandmaster"), None);
}

/// The same seed gives the same choice.
#[test]
fn a_level_chooses_the_same_turn_from_the_same_seed() {
    let game = Game::new(Arc::new(
        oddboard_rules::Variant::load("chess", &[]).expect("chess"),
    ));
    let stop = AtomicBool::new(false);
    let first = think(&game, Level::Beginner, &stop, 42);
    assert_eq!(think(&game, Level::Beginner, &stop, 42), first);
}

proptest! {
    #![proptest_config(config(6))]

    /// From a position reached by random play in every variant, a small search returns one of
    /// the legal turns (or none exactly when there is none).
    #[test]
    fn searched_turns_are_legal(choices in vec(any::<u32>(), 0..40)) {
        let stop = AtomicBool::new(false);
        let limits = Limits { depth: Some(2), nodes: Some(1_000), ..Limits::default() };
        for variant in setups() {
            let game = played(variant, &choices);
            let legal = game.variant().legal_turns(game.position());
            let found = search(&game, &limits, &stop, |_| {});
            match found.best {
                Some(best) => prop_assert!(legal.contains(&best), "{}", name(variant)),
                None => prop_assert!(legal.is_empty(), "{}", name(variant)),
            }
        }
    }
}

proptest! {
    #![proptest_config(config(24))]

    /// The turns the search lists, less those it finds illegal when it comes to them, are the
    /// legal turns in the same order (the table names a turn by its place in the list, so the
    /// list must be the same each time); a variant that says its candidates are all legal lists
    /// the legal turns themselves.
    #[test]
    fn the_search_s_candidate_turns_kept_legal_are_the_legal_turns_in_order(
        choices in vec(any::<u32>(), 0..60)
    ) {
        for variant in setups() {
            let game = played(variant, &choices);
            let pos = game.position();
            let (mut candidates, mut again) = (Vec::new(), Vec::new());
            variant.candidate_turns_into(pos, &mut candidates);
            variant.candidate_turns_into(pos, &mut again);
            prop_assert_eq!(&candidates, &again, "{} {}", name(variant), variant.fen(pos));
            let legal = variant.legal_turns(pos);
            if variant.candidates_are_legal() {
                prop_assert_eq!(&candidates, &legal, "{}", name(variant));
            }
            prop_assert_eq!(
                kept_legal(variant, pos, &candidates),
                legal,
                "{} {}", name(variant), variant.fen(pos)
            );
        }
    }

    /// Where a variant lists the quiescence search's turns itself, they are exactly its legal
    /// turns that take (the opponent has fewer pieces after, or a removal takes one from its
    /// reserve) or promote (the piece that lands is not the one that left its square; Amphora's
    /// Guard placed and moved in one turn left none), those with a slide left out (a slide
    /// takes nothing); and a position the variant calls decided before any turn has no legal
    /// turn.
    #[test]
    fn quiescence_lists_exactly_the_legal_turns_that_take_or_promote(
        choices in vec(any::<u32>(), 0..60)
    ) {
        for variant in setups() {
            let game = played(variant, &choices);
            let pos = game.position();
            prop_assert!(
                !variant.decided(pos) || variant.legal_turns(pos).is_empty(),
                "{} decided with legal turns: {}", name(variant), variant.fen(pos)
            );
            let mut noisy = Vec::new();
            if !variant.noisy_turns_into(pos, &mut noisy) {
                continue;
            }
            let noisy = kept_legal(variant, pos, &noisy);
            let enemy = pos.side.opponent();
            let takes_or_promotes = |turn: &&Turn| {
                let after = variant.play_unchecked(pos, turn);
                turn.slide.is_none()
                    && (after.board.occupied_by(enemy).len() < pos.board.occupied_by(enemy).len()
                        || turn.removal.is_some()
                        || pos
                            .board
                            .piece(turn.from)
                            .is_some_and(|moved| after.board.piece(turn.to) != Some(moved)))
            };
            let texts = |turns: &mut dyn Iterator<Item = &Turn>| {
                let mut texts: Vec<String> = turns.map(|t| variant.turn_text(t)).collect();
                texts.sort();
                texts
            };
            let legal = variant.legal_turns(pos);
            prop_assert_eq!(
                texts(&mut noisy.iter()),
                texts(&mut legal.iter().filter(takes_or_promotes)),
                "{} {}", name(variant), variant.fen(pos)
            );
        }
    }
}

/// American Chess ends at its turn limit, so what the search found for a position holds only
/// at its move number: the table keeps the two apart (in chess, where the move number decides
/// nothing, they share an entry, and transpositions across move orders are found).
#[test]
fn the_search_table_keeps_american_chess_positions_of_other_move_numbers_apart() {
    let key = |variant: &str, fen: &str| {
        let variant = oddboard_rules::Variant::load(variant, &[]).expect("loads");
        let pos = variant.parse_fen(fen).expect("a legal position");
        variant.search_key(&pos)
    };
    const AMERICAN: &str =
        "rnbmqqqmbnr/11/3c1c1c3/ppppppppppp/11/PPPPPPPPPPP/3C1C1C3/11/RNBMQQQMBNR w";
    assert_ne!(
        key("american-chess", &format!("{AMERICAN} 49")),
        key("american-chess", &format!("{AMERICAN} 50"))
    );
    const CHESS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0";
    assert_eq!(
        key("chess", &format!("{CHESS} 49")),
        key("chess", &format!("{CHESS} 50"))
    );
}

/// A game of `variant` after random play: each of `choices` picks a legal turn, until none is
/// left.
/// The turns of `turns` (candidate turns of `pos`) the variant finds legal.
fn kept_legal(variant: &Variant, pos: &Position, turns: &[Turn]) -> Vec<Turn> {
    turns
        .iter()
        .filter(|turn| variant.play_candidate(pos, turn).is_some())
        .copied()
        .collect()
}

fn played(variant: &Arc<Variant>, choices: &[u32]) -> Game {
    let mut game = Game::new(Arc::clone(variant));
    for choice in choices {
        let legal = game.legal_turns();
        if legal.is_empty() {
            break;
        }
        game.play(&legal[*choice as usize % legal.len()])
            .expect("a legal turn plays");
    }
    game
}

/// What an [`Engine`] with `lines` lines and `threads` threads finds in `game`, `depth` plies
/// deep.
fn engine_search(game: &Game, lines: usize, threads: usize, depth: u32) -> Found {
    let mut engine = Engine::default();
    engine.set_lines(lines);
    engine.set_threads(threads);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    engine.search(game, &limits, &AtomicBool::new(false), |_| {})
}

#[test]
fn three_lines_are_three_different_turns_best_first() {
    let game = game_after(
        "chess",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "",
    );
    let found = engine_search(&game, 3, 1, 4);
    assert_eq!(found.lines.len(), 3);
    let firsts: Vec<_> = found.lines.iter().map(|line| line.pv[0]).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    assert!(found.lines.windows(2).all(|w| w[0].score >= w[1].score));
    assert_eq!(Some(firsts[0]), found.best);
    assert_eq!(found.lines[0].score, found.score);
}

#[test]
fn lines_are_no_more_than_the_legal_turns() {
    // White's King on h1 has one legal turn.
    let game = game_after("chess", "7k/8/8/8/8/8/6q1/7K w - - 0 1", "");
    let found = engine_search(&game, 3, 1, 3);
    assert_eq!(found.lines.len(), 1);
}

#[test]
fn two_threads_find_the_same_mate() {
    const FEN: &str = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
    let game = game_after("chess", FEN, "");
    let found = engine_search(&game, 1, 2, 4);
    assert_eq!(found.score.to_string(), "win 1");
    assert_eq!(game.variant().turn_text(&found.best.unwrap()), "d1d8");
}

/// Two threads share out the iterations (a helper's finished iteration may stand for the main
/// thread's): whichever thread found it, the answer is the full depth asked for, a legal turn,
/// and the first turn of a line of legal turns.
#[test]
fn two_threads_answer_the_depth_asked_with_a_legal_line() {
    const FEN: &str = "r2q1rk1/1b2bppp/p1nppn2/1p6/3NP3/1BN1B3/PPP1QPPP/R4RK1 w - - 0 11";
    let game = game_after("chess", FEN, "");
    let found = engine_search(&game, 1, 2, 8);
    assert_eq!(found.depth, 8);
    assert_eq!(found.pv.first().copied(), found.best);
    let mut line = game.clone();
    for turn in &found.pv {
        line.play(turn).expect("every turn of the line is legal");
    }
}

#[test]
fn chess_quiescence_lists_exactly_the_captures_and_promotions() {
    // Captures of every kind, en passant (d6), promotions with and without a capture, a pin,
    // and a Knight that may go to the en passant square (c6) without taking anything.
    const FENS: [&str; 4] = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/1P6/8/3pP3/8/8/6p1/R3K2R w KQkq d6 0 30",
        "4k3/8/8/8/1b6/8/3P4/4K2R w K - 0 1",
        "rnbqk2r/p2pbp2/B5pp/2p1p1P1/Pp1NP3/N4PP1/1PPP1R2/R1BQ1K2 w q c6 0 16",
    ];
    for fen in FENS {
        let game = game_after("chess", fen, "");
        let (variant, pos) = (game.variant(), game.position());
        let mut noisy = Vec::new();
        assert!(variant.noisy_turns_into(pos, &mut noisy));
        let noisy = kept_legal(variant, pos, &noisy);
        let takes_or_promotes = |turn: &&oddboard_rules::Turn| {
            pos.board.piece(turn.to).is_some()
                || turn.promotion.is_some()
                || pos.state.en_passant == Some(turn.to)
                    && pos.board.piece(turn.from).map(|p| p.kind)
                        == Some(oddboard_rules::Kind::Pawn)
        };
        let mut expected: Vec<String> = variant
            .legal_turns(pos)
            .iter()
            .filter(takes_or_promotes)
            .map(|t| variant.turn_text(t))
            .collect();
        let mut listed: Vec<String> = noisy.iter().map(|t| variant.turn_text(t)).collect();
        expected.sort();
        listed.sort();
        assert_eq!(listed, expected, "{fen}");
    }
}

/// The quiescence search plays the promotions it lists, not only the captures: a search one
/// ply deep sees that taking the Rook on d7 lets the a-Pawn queen, and takes the Pawn instead.
#[test]
fn chess_quiescence_sees_a_promotion_past_the_horizon() {
    const FEN: &str = "6k1/3r4/8/8/8/7K/p2R4/8 w - - 0 1";
    assert_eq!(best_and_result("chess", FEN, 1).0, "d2a2");
}

/// What `level` plays in `game` with `engine`, `depth` plies deep at most, and what its last
/// iteration found.
fn think_deep(engine: &mut Engine, game: &Game, level: Level, depth: u32) -> (Turn, Found) {
    let cap = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut last = Found::default();
    let turn = think_in(
        engine,
        game,
        level,
        &cap,
        &AtomicBool::new(false),
        0,
        |found| last = found.clone(),
    )
    .expect("a turn");
    assert!(game.legal_turns().contains(&turn), "a legal turn");
    (turn, last)
}

/// A game's engine kept from one turn to the next: the levels search with the caller's
/// engine, so its table holds what they learned (two plies on, along the line expected, a
/// search to the depth left costs it a fraction of a fresh engine's nodes: about a tenth here,
/// under two-thirds however the levels' two threads shared the work under load); resized, it
/// plays on.
#[test]
fn a_kept_engine_carries_its_table_to_the_next_turn() {
    const DEPTH: u32 = 8;
    let mut game = game_after(
        "chess",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "",
    );
    let mut kept = Engine::default();
    let (turn, found) = think_deep(&mut kept, &game, Level::Max, DEPTH);
    assert_eq!(found.depth, DEPTH);
    game.play(&turn).expect("legal");
    game.play(&found.pv[1])
        .expect("the expected reply is legal");
    let (_, again) = think_deep(&mut kept, &game, Level::Strong, DEPTH - 2);
    assert_eq!(again.depth, DEPTH - 2);
    let limits = Limits {
        depth: Some(DEPTH - 2),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    kept.set_threads(1);
    let known = kept.search(&game, &limits, &stop, |_| {});
    let fresh = Engine::default().search(&game, &limits, &stop, |_| {});
    assert!(
        known.nodes * 3 < fresh.nodes * 2,
        "kept {} nodes, fresh {}",
        known.nodes,
        fresh.nodes
    );
    kept.set_hash(1);
    assert_eq!(kept.hash_mib(), 1);
    think_deep(&mut kept, &game, Level::Strong, 4);
}

/// The levels that sample rather than search play as they did without the caller's engine.
#[test]
fn a_sampling_level_plays_the_same_with_a_callers_engine() {
    let game = Game::new(Arc::new(Variant::load("chess", &[]).expect("chess")));
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(1);
    for level in [Level::Beginner, Level::Casual] {
        let own = think(&game, level, &stop, 42);
        let lent = think_in(
            &mut engine,
            &game,
            level,
            &Limits::default(),
            &stop,
            42,
            |_| {},
        );
        assert_eq!(lent, own, "{level:?}");
    }
}

/// What `turn` of `fen` (a capture or a plain move) wins in chess once both sides have recaptured as long as
/// it pays (the static exchange the search orders captures by), at the data's piece values:
/// the highest bar the search's question "does it win at least this much" says yes to.
fn chess_exchange(fen: &str, turn: &str) -> Option<i32> {
    let variant = Variant::load("chess", &[]).expect("chess loads");
    let pos = variant.parse_fen(fen).expect("valid FEN");
    let turn = variant.parse_turn(&pos, turn).expect("a legal turn");
    let mut values = [0; Kind::COUNT];
    for piece in &variant.data().pieces {
        values[piece.kind.index()] = piece.value;
    }
    let at_least = |bar| variant.exchange_at_least(&pos, &turn, &values, bar);
    let (mut reached, mut missed) = (-30_000, 30_000);
    while missed - reached > 1 {
        let bar = (reached + missed) / 2;
        if at_least(bar)? {
            reached = bar;
        } else {
            missed = bar;
        }
    }
    Some(reached)
}

#[test]
fn chess_exchange_of_an_undefended_pawn_wins_it() {
    const FEN: &str = "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1";
    assert_eq!(chess_exchange(FEN, "e1e5"), Some(100));
}

/// Nxe5 takes a Pawn defended by a Knight, a Bishop and, behind the Bishop, a Queen; White's
/// Rook and Queen behind it on the e-file come too late: the Knight is lost for the Pawn.
#[test]
fn chess_exchange_counts_the_pieces_behind_the_first() {
    const FEN: &str = "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1";
    assert_eq!(chess_exchange(FEN, "d3e5"), Some(100 - 320));
}

/// A Rook takes a Pawn that only the King defends, while a Bishop backs the Rook up: the King
/// may not take back, so the Pawn is won.
#[test]
fn chess_exchange_lets_no_king_take_a_defended_piece() {
    const FEN: &str = "4k3/4p3/8/8/1B6/8/8/4R1K1 w - - 0 1";
    assert_eq!(chess_exchange(FEN, "e1e7"), Some(100));
}

/// A plain move to a square a Pawn guards loses the piece moved; one to a square a Rook
/// guards, where a Pawn would take back, loses nothing.
#[test]
fn chess_exchange_of_a_plain_move_is_what_it_leaves_en_prise() {
    const FEN: &str = "4k3/8/8/1p6/8/8/3N4/4K3 w - - 0 1";
    assert_eq!(chess_exchange(FEN, "d2c4"), Some(-320));
    const GUARDED: &str = "1r2k3/8/8/8/8/8/2PN4/4K3 w - - 0 1";
    assert_eq!(chess_exchange(GUARDED, "d2b3"), Some(0));
}

/// A King's legal move never stands en prise, and castling lands on no exchange.
#[test]
fn chess_exchange_is_not_told_for_the_king() {
    const FEN: &str = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    assert_eq!(chess_exchange(FEN, "e1f2"), None);
    assert_eq!(chess_exchange(FEN, "e1g1"), None);
}

#[test]
fn chess_exchange_is_not_told_for_en_passant_or_promotions() {
    const EN_PASSANT: &str = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    assert_eq!(chess_exchange(EN_PASSANT, "e5d6"), None);
    const PROMOTION: &str = "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(chess_exchange(PROMOTION, "a7b8=Q"), None);
}
