//! Property tests over every implemented variant, and each variant with each of its options
//! (`fanorona-chess` with `alternate-setup`): random games never panic and keep their FEN
//! round-trip, undo and redo restore exact positions, perft counts the leaves of the tree of
//! legal turns, saved games survive a RON round-trip, every check has a piece giving it, and
//! readable move text tells the legal turns apart.

use crate::common::{config, name, setups};
use oddboard_rules::{Game, Position, Reason, RulesExt, Side, Turn, Variant};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::TestCaseError;

/// The longest random game played, in plies.
const MAX_PLIES: usize = 300;

/// The turn `choice` picks among `legal` (which must not be empty).
fn pick(legal: &[Turn], choice: u32) -> Turn {
    legal[choice as usize % legal.len()]
}

/// A random game from `start`: one turn per choice, stopping where there is no legal turn.
/// Returns the positions reached (the start first) and the turns played.
fn random_line(variant: &Variant, start: Position, choices: &[u32]) -> (Vec<Position>, Vec<Turn>) {
    let mut positions = vec![start];
    let mut turns = Vec::new();
    for &choice in choices {
        let pos = positions[positions.len() - 1];
        let legal = variant.legal_turns(&pos);
        if legal.is_empty() {
            break;
        }
        let turn = pick(&legal, choice);
        positions.push(variant.play_unchecked(&pos, &turn));
        turns.push(turn);
    }
    (positions, turns)
}

/// What the engine must keep for every position reached in play: the FEN reads back as the
/// same position (hash included) and is written the same again; the legal turns (`legal`) have
/// distinct canonical texts that read back as themselves. With `thorough` (every few plies and
/// at the end, to keep the debug build fast) also: `legal_turn_texts` is those texts sorted, the
/// variant's own end is exactly "no legal turn", and checkmate and stalemate agree with check.
fn check_position(
    variant: &Variant,
    pos: &Position,
    legal: &[Turn],
    last: Option<&Turn>,
    thorough: bool,
    played: &[String],
) -> Result<(), TestCaseError> {
    let who = name(variant);
    let fen = variant.fen(pos);
    let back = variant.parse_fen(&fen).map_err(|e| {
        TestCaseError::fail(format!(
            "{who}: after {played:?} the FEN {fen:?} is rejected: {e}"
        ))
    })?;
    prop_assert_eq!(
        back,
        *pos,
        "{}: FEN {:?} after {:?} reads back differently",
        who,
        fen,
        played
    );
    prop_assert_eq!(back.hash(), pos.hash(), "{}: hash of {:?}", who, fen);
    prop_assert_eq!(
        variant.fen(&back),
        fen.clone(),
        "{}: FEN not stable after {:?}",
        who,
        played
    );

    let mut texts: Vec<String> = legal.iter().map(|t| variant.turn_text(t)).collect();
    for (turn, text) in legal.iter().zip(&texts) {
        let parsed = Turn::parse(text, variant.letters());
        prop_assert_eq!(
            parsed,
            Ok(*turn),
            "{}: text {:?} in {:?} does not read back",
            who,
            text,
            fen
        );
    }
    texts.sort();
    let count = texts.len();
    texts.dedup();
    prop_assert_eq!(
        texts.len(),
        count,
        "{}: duplicate turn texts in {:?}",
        who,
        fen
    );
    if !thorough {
        return Ok(());
    }
    prop_assert_eq!(
        variant.legal_turn_texts(pos),
        texts,
        "{}: legal_turn_texts of {:?}",
        who,
        fen
    );
    let outcome = variant.own_outcome(pos, last);
    prop_assert_eq!(
        outcome.is_some(),
        legal.is_empty(),
        "{}: own outcome {:?} with {} legal turns in {:?}",
        who,
        outcome,
        legal.len(),
        fen
    );
    if let Some(outcome) = outcome {
        match outcome.reason {
            Reason::Checkmate => {
                prop_assert!(
                    variant.in_check(pos),
                    "{}: checkmate without check in {:?}",
                    who,
                    fen
                )
            }
            Reason::Stalemate => {
                prop_assert!(
                    !variant.in_check(pos),
                    "{}: stalemate in check in {:?}",
                    who,
                    fen
                )
            }
            _ => {}
        }
    }
    Ok(())
}

/// The number of positions reached after exactly `depth` turns, playing every legal turn.
fn leaves(variant: &Variant, pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    variant
        .legal_turns(pos)
        .iter()
        .map(|turn| leaves(variant, &variant.play_unchecked(pos, turn), depth - 1))
        .sum()
}

proptest! {
    // Each case plays a full game of every variant (up to 300 plies, a legal-turn list each):
    // fewer cases keep the debug build fast.
    #![proptest_config(config(12))]

    /// (a) Random games to the end (or 300 plies) never panic; every position reached keeps
    /// its FEN round-trip; each turn hands the move to the other side.
    #[test]
    fn random_games_keep_the_fen_round_trip(choices in vec(any::<u32>(), MAX_PLIES)) {
        for variant in setups() {
            let mut pos = *variant.start();
            let mut played = Vec::new();
            let mut last = None;
            for (ply, &choice) in choices.iter().enumerate() {
                let legal = variant.legal_turns(&pos);
                let thorough = ply % 10 == 0 || legal.is_empty();
                check_position(variant, &pos, &legal, last.as_ref(), thorough, &played)?;
                if legal.is_empty() {
                    break;
                }
                let turn = pick(&legal, choice);
                let next = variant.play_unchecked(&pos, &turn);
                let mut events = Vec::new();
                let recorded = variant.play_recorded(&pos, &turn, &mut events);
                prop_assert_eq!(recorded, next, "{}: play and play_recorded differ after {:?}", name(variant), played);
                prop_assert_eq!(next.side, pos.side.opponent());
                let fullmove = pos.fullmove + u32::from(pos.side == Side::Black);
                prop_assert_eq!(next.fullmove, fullmove, "{}: fullmove after {:?}", name(variant), played);
                played.push(variant.turn_text(&turn));
                last = Some(turn);
                pos = next;
            }
            let legal = variant.legal_turns(&pos);
            check_position(variant, &pos, &legal, last.as_ref(), true, &played)?;
        }
    }

}

proptest! {
    #![proptest_config(config(32))]

    /// (b) Undo after any sequence restores the exact positions (hash included), back to the
    /// start; redo plays the same turns again; a new turn after undo clears the redo list.
    #[test]
    fn undo_and_redo_restore_exact_positions(
        choices in vec(any::<u32>(), 0..80),
        back in any::<Index>(),
        branch in any::<u32>(),
    ) {
        for variant in setups() {
            let who = name(variant);
            let mut game = Game::new(variant.clone());
            prop_assert!(!game.undo(), "{}: undo at the start", who);
            let mut history = vec![*game.position()];
            for &choice in &choices {
                let legal = variant.legal_turns(game.position());
                if legal.is_empty() {
                    break;
                }
                let turn = pick(&legal, choice);
                game.play(&turn).map_err(|e| TestCaseError::fail(format!("{who}: {e}")))?;
                history.push(*game.position());
            }
            let played: Vec<Turn> = game.turns().to_vec();
            let n = played.len();
            for (ply, pos) in history.iter().enumerate() {
                prop_assert_eq!(game.position_at(ply), Some(pos));
            }
            let k = back.index(n + 1);
            for j in 1..=k {
                prop_assert!(game.undo(), "{}: undo {} of {}", who, j, n);
                let expected = history[n - j];
                prop_assert_eq!(*game.position(), expected, "{}: after undoing {} of {:?}", who, j, game.turn_texts());
                prop_assert_eq!(game.position().hash(), expected.hash());
                prop_assert_eq!(game.turns(), &played[..n - j]);
            }
            if k == n {
                prop_assert!(!game.undo(), "{}: undo past the start", who);
                prop_assert_eq!(*game.position(), *variant.start());
            }
            prop_assert_eq!(game.can_redo(), k > 0);
            for j in (0..k).rev() {
                prop_assert!(game.redo().is_some(), "{}: redo", who);
                prop_assert_eq!(*game.position(), history[n - j]);
                prop_assert_eq!(game.position().hash(), history[n - j].hash());
            }
            prop_assert!(game.redo().is_none());
            prop_assert_eq!(game.turns(), &played[..]);

            // Undo once more and play some turn: the redo list is gone.
            if game.undo() {
                let legal = variant.legal_turns(game.position());
                let turn = pick(&legal, branch);
                game.play(&turn).map_err(|e| TestCaseError::fail(format!("{who}: {e}")))?;
                prop_assert!(!game.can_redo(), "{}: redo kept after a new turn", who);
                prop_assert!(game.undo());
                prop_assert_eq!(*game.position(), history[n - 1]);
            }
        }
    }

}

proptest! {
    // Each case lists and plays a few hundred turns per variant.
    #![proptest_config(config(24))]

    /// (c) Perft to depth 2 or 3 from a position reached by random play equals the number of
    /// positions found by playing every legal turn one by one; perft 1 is the number of turns.
    #[test]
    fn perft_counts_the_leaves_of_the_tree(choices in vec(any::<u32>(), 0..40), deep in any::<bool>()) {
        for variant in setups() {
            let (positions, turns) = random_line(variant, *variant.start(), &choices);
            let pos = positions[positions.len() - 1];
            let texts: Vec<String> = turns.iter().map(|t| variant.turn_text(t)).collect();
            let who = format!("{} after {:?}", name(variant), texts);
            prop_assert_eq!(variant.perft(&pos, 0), 1);
            prop_assert_eq!(variant.perft(&pos, 1), variant.legal_turns(&pos).len() as u64, "{}", who);
            let two = leaves(variant, &pos, 2);
            prop_assert_eq!(variant.perft(&pos, 2), two, "{}: perft 2", who);
            // Depth 3 only where the tree stays small, to keep the debug build fast.
            if deep && two <= 500 {
                prop_assert_eq!(variant.perft(&pos, 3), leaves(variant, &pos, 3), "{}: perft 3", who);
            }
        }
    }

    /// (d) A saved game (from the start or from a FEN, with turns to redo and possibly an end
    /// decided by the players) loads back with the same turns, positions and record.
    #[test]
    fn saved_games_round_trip_through_ron(
        prefix in vec(any::<u32>(), 0..30),
        choices in vec(any::<u32>(), 0..60),
        undos in 0usize..4,
        from_fen in any::<bool>(),
        ending in 0u8..4,
    ) {
        for variant in setups() {
            let who = name(variant);
            let mut game = if from_fen {
                let (positions, _) = random_line(variant, *variant.start(), &prefix);
                let fen = variant.fen(&positions[positions.len() - 1]);
                Game::from_fen(variant.clone(), &fen)
                    .map_err(|e| TestCaseError::fail(format!("{who}: {fen:?}: {e}")))?
            } else {
                Game::new(variant.clone())
            };
            for &choice in &choices {
                let legal = variant.legal_turns(game.position());
                if legal.is_empty() {
                    break;
                }
                game.play(&pick(&legal, choice))
                    .map_err(|e| TestCaseError::fail(format!("{who}: {e}")))?;
            }
            for _ in 0..undos {
                game.undo();
            }
            match ending {
                1 => game.resign(Side::White),
                2 => game.resign(Side::Black),
                3 => game.agree_draw(),
                _ => {}
            }
            let text = game.to_ron();
            let loaded = Game::from_ron(&text)
                .map_err(|e| TestCaseError::fail(format!("{who}: saved game rejected: {e}\n{text}")))?;
            prop_assert_eq!(loaded.record(), game.record(), "{}", who);
            prop_assert_eq!(loaded.turns(), game.turns(), "{}", who);
            prop_assert_eq!(loaded.turn_texts(), game.turn_texts(), "{}", who);
            prop_assert_eq!(*loaded.position(), *game.position(), "{}", who);
            prop_assert_eq!(loaded.position().hash(), game.position().hash(), "{}", who);
            prop_assert_eq!(loaded.outcome(), game.outcome(), "{}", who);
            prop_assert_eq!(loaded.can_redo(), game.can_redo(), "{}", who);
            for ply in 0..=game.turns().len() {
                prop_assert_eq!(loaded.position_at(ply), game.position_at(ply), "{}: ply {}", who, ply);
            }
            prop_assert_eq!(loaded.variant().options().names(), variant.options().names());
            prop_assert_eq!(loaded.to_ron(), text);

            // The turns to redo come back too, in the same order.
            let (mut original, mut restored) = (game, loaded);
            original.undo();
            restored.undo();
            while original.can_redo() {
                prop_assert!(original.redo().is_some());
                prop_assert!(restored.redo().is_some(), "{}: redo missing after loading", who);
                prop_assert_eq!(*restored.position(), *original.position());
            }
            prop_assert!(!restored.can_redo());
        }
    }
}

proptest! {
    // Each case plays a full game of every variant; the checkers are asked only in check.
    #![proptest_config(config(12))]

    /// (e) Along random games, a side in check has a piece giving it and a King in it, and a
    /// side not in check has neither.
    #[test]
    fn every_check_has_a_checker(choices in vec(any::<u32>(), MAX_PLIES)) {
        for variant in setups() {
            let (positions, turns) = random_line(variant, *variant.start(), &choices);
            for (ply, pos) in positions.iter().enumerate() {
                let played: Vec<String> = turns[..ply].iter().map(|t| variant.turn_text(t)).collect();
                let who = format!("{} after {:?}", name(variant), played);
                let in_check = variant.in_check(pos);
                prop_assert_eq!(!variant.checkers(pos).is_empty(), in_check, "{}: checkers", who);
                prop_assert_eq!(!variant.checked_kings(pos).is_empty(), in_check, "{}: checked Kings", who);
            }
        }
    }
}

proptest! {
    // Each checked position writes every legal turn, each asking for the legal turns again:
    // few cases, short games, every fourth position.
    #![proptest_config(config(8))]

    /// (f) Along random games, the legal turns have distinct readable texts, and the game's
    /// readable turns, through undo and redo, are those of each turn in its own position.
    #[test]
    fn readable_texts_tell_turns_apart(choices in vec(any::<u32>(), 0..60), undos in 0usize..4) {
        for variant in setups() {
            let who = name(variant);
            let mut game = Game::new(variant.clone());
            for (ply, &choice) in choices.iter().enumerate() {
                let pos = *game.position();
                let legal = variant.legal_turns(&pos);
                if legal.is_empty() {
                    break;
                }
                if ply % 4 == 0 {
                    let mut texts: Vec<String> =
                        legal.iter().map(|t| variant.readable_turn(&pos, t)).collect();
                    texts.sort();
                    let count = texts.len();
                    texts.dedup();
                    prop_assert_eq!(texts.len(), count, "{}: a readable text twice in {}", who, variant.fen(&pos));
                }
                game.play(&pick(&legal, choice))
                    .map_err(|e| TestCaseError::fail(format!("{who}: {e}")))?;
            }
            for _ in 0..undos {
                game.undo();
            }
            game.redo();
            let written: Vec<String> = game
                .turns()
                .iter()
                .zip(0..)
                .filter_map(|(turn, ply)| Some(variant.readable_turn(game.position_at(ply)?, turn)))
                .collect();
            prop_assert_eq!(game.readable_turns(), &written[..], "{}", who);
        }
    }
}
