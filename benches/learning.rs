//! How long the game takes to judge a learner's try at a puzzle (the prover's answer: does the
//! win still come, and if not, which reply escapes) and to judge a lesson's turn: the wait a
//! player has between playing a turn and being told. Over every shipped puzzle, the wrong first
//! turns and the right one, and every legal turn of every lesson step. Run with `cargo bench`;
//! prints a Markdown table.

use oddboard::curriculum::lessons;
use oddboard::curriculum::puzzles::{self, escape};
use std::time::{Duration, Instant};

/// The median and the slowest of `times`.
fn spread(times: &mut [Duration]) -> (Duration, Duration) {
    times.sort();
    let median = times.get(times.len() / 2).copied().unwrap_or_default();
    (median, times.last().copied().unwrap_or_default())
}

fn main() {
    println!(
        "| variant | puzzle tries judged | median | slowest | lesson turns judged | median | slowest |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    for id in lessons::course_ids() {
        let mut tries = Vec::new();
        for puzzle in puzzles::load(id).map(|s| s.puzzles).unwrap_or_default() {
            let Ok(game) = puzzle.game() else { continue };
            let solver = game.position().side;
            let left = puzzle.goal.solver_turns() - 1;
            for turn in game.legal_turns() {
                let mut after = game.clone();
                if after.play(&turn).is_err() {
                    continue;
                }
                let started = Instant::now();
                let escaped = after.outcome().is_none() && escape(&after, solver, left).is_some();
                tries.push(started.elapsed());
                std::hint::black_box(escaped);
            }
        }
        let mut judged = Vec::new();
        if let Ok(course) = lessons::load(id) {
            for lesson in &course.lessons {
                let Ok(variant) = lesson.variant(id) else {
                    continue;
                };
                let variant = std::sync::Arc::new(variant);
                for step in &lesson.steps {
                    let Ok(game) = step.game(&variant) else {
                        continue;
                    };
                    for turn in game.legal_turns() {
                        let started = Instant::now();
                        std::hint::black_box(step.judge(&game, &turn));
                        judged.push(started.elapsed());
                    }
                }
            }
        }
        let (try_median, try_max) = spread(&mut tries);
        let (turn_median, turn_max) = spread(&mut judged);
        println!(
            "| {id} | {} | {:.2} ms | {:.1} ms | {} | {:.3} ms | {:.2} ms |",
            tries.len(),
            try_median.as_secs_f64() * 1e3,
            try_max.as_secs_f64() * 1e3,
            judged.len(),
            turn_median.as_secs_f64() * 1e3,
            turn_max.as_secs_f64() * 1e3,
        );
    }
}
