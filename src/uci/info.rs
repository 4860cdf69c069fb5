//! What a search says on the protocol: `info` lines after each iteration (one per line of
//! analysis, with `multipv` when several are asked for) and `bestmove`. Scores are for the
//! side to move: centipawns, or `mate N` in full moves (negative when it is being mated).

use super::move_text;
use crate::rules::{Found, Score, Turn, Variant};

/// The `info` lines for an iteration's `found`; `numbered` adds `multipv K` to each.
pub fn iteration(variant: &Variant, found: &Found, numbered: bool) -> Vec<String> {
    found
        .lines
        .iter()
        .enumerate()
        .map(|(index, line)| {
            let multipv = if numbered {
                format!(" multipv {}", index + 1)
            } else {
                String::new()
            };
            let pv: Vec<String> = line
                .pv
                .iter()
                .map(|turn| move_text::write(variant, turn))
                .collect();
            format!(
                "info depth {}{multipv} score {} nodes {} nps {} time {} pv {}",
                found.depth,
                score(line.score),
                found.nodes,
                found.nodes_per_second(),
                found.elapsed.as_millis(),
                pv.join(" ")
            )
        })
        .collect()
}

/// `score` as UCI writes it after `score`.
fn score(score: Score) -> String {
    match score.moves_to_end() {
        Some(moves) => format!("mate {moves}"),
        None => format!("cp {}", score.0),
    }
}

/// The `bestmove` line: `(none)` when there is no legal move.
pub fn bestmove(variant: &Variant, best: Option<&Turn>) -> String {
    let text = best.map_or_else(|| "(none)".into(), |turn| move_text::write(variant, turn));
    format!("bestmove {text}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, Limits, search};
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    #[test]
    fn a_mate_is_given_in_moves_for_the_side_to_move() {
        let variant = Arc::new(Variant::load("chess", &[]).expect("chess"));
        let game =
            Game::from_fen(variant.clone(), "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").expect("a FEN");
        let limits = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        let found = search(&game, &limits, &AtomicBool::new(false), |_| {});
        let lines = iteration(&variant, &found, false);
        assert_eq!(lines.len(), 1);
        assert!(lines[0].contains(" score mate 1 "), "{}", lines[0]);
        assert!(lines[0].ends_with(" pv a1a8"), "{}", lines[0]);
        assert_eq!(bestmove(&variant, found.best.as_ref()), "bestmove a1a8");
        assert_eq!(score(Score(-35)), "cp -35");
    }
}
