//! Judging a puzzle: each turn of the solver is asked of the engine's prover (does the win
//! still come in time against any defence?); a turn that keeps it is answered by the engine's
//! reply, one that lets the win go is explained by the defence that escapes ("Black escapes
//! with Kb7") and taken back; the win is said in the variant's own terms ("Black's King cannot
//! escape capture"). A hint names the piece to move; the solution is played out.

use super::on_board::{Attempt, Opening, Study, StudyAction, Subject, new_plies};
use super::progress::Progress;
use crate::app::shared::game::ActiveGame;
use crate::curriculum::puzzles::{escape, keeps_win, winning_turns};
use crate::rules::{Game, Limits, Loc, RulesExt, Side, Turn, Verdict, search};
use bevy::prelude::*;
use std::sync::atomic::AtomicBool;

/// How deep the engine looks for its reply in a lost position, in plies: the longest defence
/// within the puzzle's two turns.
const REPLY_DEPTH: u32 = 3;

/// Judges the solver's turn in a puzzle, and queues the engine's reply to a good one.
pub(super) fn judge(
    mut study: ResMut<Study>,
    game: Res<ActiveGame>,
    mut progress: ResMut<Progress>,
) {
    let Subject::Puzzle {
        set, index, line, ..
    } = &study.subject
    else {
        return;
    };
    let (set, index, line) = (set.clone(), *index, line.clone());
    let plies = new_plies(&mut study, &game.0);
    let game = &game.0;
    let solver_moved = game.turns().len() % 2 == 1;
    if plies.is_empty() || study.attempt == Attempt::Shown {
        return;
    }
    let puzzle = &set.puzzles[index];
    let solver = solver_of(game);
    let data = game.variant().data();
    if let Some(outcome) = game.outcome() {
        if outcome.verdict == Verdict::win_for(solver) {
            let clean = !missed(&study);
            progress.solve_puzzle(&set.variant, &puzzle.id, clean);
            let solved = if clean {
                "Solved!"
            } else {
                "Solved, at the second try."
            };
            study.attempt = Attempt::Done(format!("{solved} {}", ended(game)));
        } else if solver_moved {
            let why = format!("that ends the game. {}", ended(game));
            wrong(&mut study, &mut progress, game, why);
        }
        return;
    }
    if !solver_moved {
        return;
    }
    let made = game.turns().len().div_ceil(2) as u32;
    let left = puzzle.goal.solver_turns().saturating_sub(made);
    if keeps_win(game, solver, left) {
        study.attempt = Attempt::Trying;
        if let Some(reply) = reply(game, &line) {
            study.queue.push_back(reply);
        }
        return;
    }
    let why = match escape(game, solver, left) {
        Some(defence) => format!(
            "{} escapes with {}.",
            data.side_name(solver.opponent()),
            game.variant().readable_turn(game.position(), &defence)
        ),
        None => "that does not win in time.".to_string(),
    };
    wrong(&mut study, &mut progress, game, why);
}

/// Why the game on the board ended, in the variant's own terms.
fn ended(game: &Game) -> String {
    game.decided_in_words().unwrap_or_default()
}

/// The side that solves the puzzle: the side to move at its start.
fn solver_of(game: &Game) -> Side {
    game.position_at(0).map_or(Side::White, |p| p.side)
}

/// Whether the puzzle on the board no longer counts for the streak.
fn missed(study: &Study) -> bool {
    matches!(study.subject, Subject::Puzzle { missed: true, .. })
}

/// Marks the puzzle missed, says why the last turn was wrong and takes it back.
fn wrong(study: &mut Study, progress: &mut Progress, game: &Game, why: String) {
    if let Subject::Puzzle { missed, .. } = &mut study.subject {
        *missed = true;
    }
    progress.break_streak(&study.variant);
    let text = game.readable_turns().last().map_or("", String::as_str);
    study.attempt = Attempt::Wrong(format!("{text}: {why}"));
    study.take_back = true;
}

/// The line's next turn where the game has followed it so far.
fn next_in_line(game: &Game, line: &[Turn]) -> Option<Turn> {
    let played = game.turns();
    (line.len() > played.len() && line[..played.len()] == *played).then(|| line[played.len()])
}

/// The engine's reply: the line's where the solver followed it, else the longest defence a
/// short search finds.
fn reply(game: &Game, line: &[Turn]) -> Option<Turn> {
    next_in_line(game, line).or_else(|| {
        let limits = Limits {
            depth: Some(REPLY_DEPTH),
            ..Limits::default()
        };
        search(game, &limits, &AtomicBool::new(false), |_| {}).best
    })
}

/// A hint (the piece to move: named, and its square returned for the board to ring) or the
/// solution, played out from the start.
pub(super) fn help(
    study: &mut Study,
    action: &StudyAction,
    game: Option<&Game>,
    progress: &mut Progress,
    opening: &mut Opening,
) -> Option<Loc> {
    let Subject::Puzzle {
        set, index, line, ..
    } = &study.subject
    else {
        return None;
    };
    let (set, index, line) = (set.clone(), *index, line.clone());
    let puzzle = &set.puzzles[index];
    match action {
        StudyAction::Hint => {
            let game = game.filter(|g| g.outcome().is_none())?;
            let made = game.turns().len().div_ceil(2) as u32;
            let left = puzzle.goal.solver_turns().saturating_sub(made);
            let turn =
                next_in_line(game, &line).or_else(|| winning_turns(game, left).first().copied())?;
            let data = game.variant().data();
            let text = match turn.placement {
                Some((piece, at)) if at == turn.from => data
                    .piece(piece.kind)
                    .map(|p| format!("Place your {} on {at}, then move it.", p.name)),
                _ => game
                    .position()
                    .board
                    .piece(turn.from)
                    .and_then(|piece| data.piece(piece.kind))
                    .map(|p| format!("Move the {} on {}.", p.name, turn.from)),
            };
            if let Subject::Puzzle { hint, .. } = &mut study.subject {
                *hint = text;
            }
            Some(turn.from)
        }
        StudyAction::Solution => {
            study.open(opening);
            if let Subject::Puzzle { missed, .. } = &mut study.subject {
                *missed = true;
            }
            progress.break_streak(&set.variant);
            study.attempt = Attempt::Shown;
            study.queue = line.into();
            None
        }
        _ => None,
    }
}
