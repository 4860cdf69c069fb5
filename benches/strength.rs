//! The computer opponent's strength, per variant: Strong (at a fixed time per turn) against a
//! random mover, a one-ply greedy mover (it takes the most valuable piece it can) and Casual
//! (capped at the same time), sides alternating, games stopped as draws after a number of
//! plies. Prints a Markdown table of Strong's results.
//!
//! `cargo bench --no-default-features --bench strength -- [--games N] [--movetime MS]
//! [--plies N] [VARIANT…]` (defaults: 10 games, 100 ms, 200 plies, every variant).

use oddboard::rules::{
    Board, Game, Kind, Level, Limits, RulesExt, Side, SplitMix64, Turn, Variant, Verdict, ids,
    think_with,
};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Who plays against Strong.
#[derive(Clone, Copy, Debug)]
enum Opponent {
    Random,
    Greedy,
    Casual,
}

/// The bench's settings, from its arguments.
struct Settings {
    games: u32,
    movetime: Duration,
    plies: usize,
    variants: Vec<String>,
}

fn settings() -> Settings {
    let mut settings = Settings {
        games: 10,
        movetime: Duration::from_millis(100),
        plies: 200,
        variants: Vec::new(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = || args.next().and_then(|n| n.parse::<u64>().ok()).unwrap_or(0);
        match arg.as_str() {
            "--bench" => {}
            "--games" => settings.games = number() as u32,
            "--movetime" => settings.movetime = Duration::from_millis(number()),
            "--plies" => settings.plies = number() as usize,
            id => settings.variants.push(id.to_string()),
        }
    }
    if settings.variants.is_empty() {
        settings.variants = ids().map(str::to_string).collect();
    }
    settings
}

/// The turn `opponent` plays in `game`.
fn opponent_turn(
    game: &Game,
    opponent: Opponent,
    movetime: Duration,
    rng: &mut SplitMix64,
) -> Option<Turn> {
    let legal = game.legal_turns();
    if legal.is_empty() {
        return None;
    }
    match opponent {
        Opponent::Random => Some(legal[rng.below(legal.len())]),
        Opponent::Greedy => greedy(game, &legal, rng),
        Opponent::Casual => {
            let stop = AtomicBool::new(false);
            think_with(
                game,
                Level::Casual,
                &Limits {
                    time: Some(movetime),
                    ..Limits::default()
                },
                &stop,
                rng.next_u64(),
                |_| {},
            )
        }
    }
}

/// A turn that wins at once, else one that takes the most enemy material (chance among equals).
fn greedy(game: &Game, legal: &[Turn], rng: &mut SplitMix64) -> Option<Turn> {
    let variant = game.variant();
    let pos = game.position();
    let mover = pos.side;
    let enemy_material = |board: &Board| -> i32 {
        board
            .pieces_of(mover.opponent())
            .map(|(_, p)| value(variant, p.kind))
            .sum()
    };
    let before = enemy_material(&pos.board);
    let gain = |turn: &Turn| {
        let next = variant.play_unchecked(pos, turn);
        let won = variant
            .own_outcome(&next, Some(turn))
            .is_some_and(|o| o.verdict == Verdict::win_for(mover));
        if won {
            i32::MAX
        } else {
            before - enemy_material(&next.board)
        }
    };
    let gains: Vec<i32> = legal.iter().map(gain).collect();
    let best = *gains.iter().max()?;
    let choices: Vec<Turn> = legal
        .iter()
        .zip(&gains)
        .filter(|(_, g)| **g == best)
        .map(|(t, _)| *t)
        .collect();
    Some(choices[rng.below(choices.len())])
}

fn value(variant: &Variant, kind: Kind) -> i32 {
    variant.data().piece(kind).map_or(0, |p| p.value.max(1))
}

/// Plays one game, Strong on `strong_side`: Strong's points (1, ½ or 0) and the plies played.
fn play(
    variant: &Arc<Variant>,
    opponent: Opponent,
    strong_side: Side,
    settings: &Settings,
    seed: u64,
) -> (f64, usize) {
    let mut game = Game::new(Arc::clone(variant));
    let mut rng = SplitMix64::new(seed);
    let stop = AtomicBool::new(false);
    while game.outcome().is_none() && game.turns().len() < settings.plies {
        let turn = if game.position().side == strong_side {
            think_with(
                &game,
                Level::Strong,
                &Limits {
                    time: Some(settings.movetime),
                    ..Limits::default()
                },
                &stop,
                seed,
                |_| {},
            )
        } else {
            opponent_turn(&game, opponent, settings.movetime, &mut rng)
        };
        let Some(turn) = turn else { break };
        if game.play(&turn).is_err() {
            panic!("{}: an illegal turn", variant.id());
        }
    }
    let points = match game.outcome().map(|o| o.verdict) {
        Some(v) if v == Verdict::win_for(strong_side) => 1.0,
        Some(Verdict::Draw) | None => 0.5,
        Some(_) => 0.0,
    };
    (points, game.turns().len())
}

fn main() {
    let settings = settings();
    println!(
        "Strong at {} ms per turn, {} games per match, at most {} plies",
        settings.movetime.as_millis(),
        settings.games,
        settings.plies
    );
    println!("| variant | opponent | Strong won | drawn | lost | score | mean plies | seconds |");
    println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
    for id in &settings.variants {
        let variant = match Variant::load(id, &[]) {
            Ok(v) => Arc::new(v),
            Err(e) => {
                eprintln!("{id}: {e}");
                continue;
            }
        };
        for opponent in [Opponent::Random, Opponent::Greedy, Opponent::Casual] {
            let started = Instant::now();
            let mut tally = [0u32; 3];
            let mut plies = 0;
            for number in 0..settings.games {
                let side = if number % 2 == 0 {
                    Side::White
                } else {
                    Side::Black
                };
                let (points, length) =
                    play(&variant, opponent, side, &settings, u64::from(number) + 1);
                let outcome = match points {
                    1.0 => 0,
                    0.5 => 1,
                    _ => 2,
                };
                tally[outcome] += 1;
                plies += length;
            }
            let score = f64::from(tally[0]) + f64::from(tally[1]) / 2.0;
            println!(
                "| {id} | {opponent:?} | {} | {} | {} | {score}/{} | {} | {:.0} |",
                tally[0],
                tally[1],
                tally[2],
                settings.games,
                plies / settings.games.max(1) as usize,
                started.elapsed().as_secs_f64()
            );
        }
    }
}
