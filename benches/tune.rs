//! Piece values tuned by self-play (Texel's method): the engine plays a variant against itself
//! at a fixed number of nodes a turn from seeded random openings, every quiet position of those
//! games is kept with the game's result, and the values are then fitted so that the engine's
//! judgement of each position (material by the values, plus the variant's own terms, held
//! fixed) best predicts its result. Prints the values the variant's data gives and the fitted
//! ones, the prediction's error with each, and a line of `value:` fields to copy into the
//! variant's RON file; a match (`--bench match`) then says whether they play better.
//!
//! `cargo bench --no-default-features --bench tune -- --variant V [--games N] [--nodes N]
//! [--plies N] [--seed S] [--jobs J]` (defaults: 400 games, 4000 nodes a turn, 200 plies
//! counting as a draw, seed 1, one game per core at once).

#[path = "shared/opening.rs"]
mod opening;

use oddboard::rules::{
    Engine, Game, Kind, Limits, Piece, Position, Side, SplitMix64, Variant, Verdict, ids,
};
use opening::random_opening;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;

/// The bench's settings, from its arguments.
struct Settings {
    variant: String,
    games: usize,
    nodes: u64,
    /// The longest game, opening included, before it stops as a draw.
    plies: usize,
    seed: u64,
    /// Games played at once.
    jobs: usize,
}

/// The settings from the command line (`--bench`, which cargo adds, is skipped), or what is
/// wrong with it.
fn settings(args: impl IntoIterator<Item = String>) -> Result<Settings, String> {
    let mut settings = Settings {
        variant: String::new(),
        games: 400,
        nodes: 4000,
        plies: 200,
        seed: 1,
        jobs: thread::available_parallelism().map_or(1, usize::from),
    };
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        let number = |text: String| {
            text.parse::<u64>()
                .ok()
                .filter(|n| *n > 0)
                .ok_or(format!("{arg}: '{text}' is not a positive number"))
        };
        match arg.as_str() {
            "--bench" => {}
            "--variant" => settings.variant = value()?,
            "--games" => settings.games = number(value()?)? as usize,
            "--nodes" => settings.nodes = number(value()?)?,
            "--plies" => settings.plies = number(value()?)? as usize,
            "--seed" => settings.seed = number(value()?)?,
            "--jobs" => settings.jobs = number(value()?)? as usize,
            _ => return Err(format!("'{arg}' is not an option of the tune bench")),
        }
    }
    if !ids().any(|id| id == settings.variant) {
        return Err(format!(
            "--variant: '{}' is not a variant id (one of: {})",
            settings.variant,
            ids().collect::<Vec<_>>().join(", ")
        ));
    }
    Ok(settings)
}

/// A quiet position of a self-play game, as the fit sees it.
struct Sample {
    /// For each tuned kind, how many more of it the first player has.
    surplus: Vec<i32>,
    /// The rest of the judgement, for the first player: the variant's own terms.
    fixed: i32,
    /// The game's result for the first player: 1, ½ or 0.
    result: f64,
}

/// The kinds whose values are fitted: the variant's pieces, in the order of its data.
fn tuned_kinds(variant: &Variant) -> Vec<(Kind, i32)> {
    variant
        .data()
        .pieces
        .iter()
        .map(|piece| (piece.kind, piece.value))
        .collect()
}

/// How many more pieces of each of `kinds` the first player has in `pos`.
fn surplus(pos: &Position, kinds: &[(Kind, i32)]) -> Vec<i32> {
    kinds
        .iter()
        .map(|(kind, _)| {
            let count = |side| pos.board.count(Piece::new(*kind, side)) as i32;
            count(Side::White) - count(Side::Black)
        })
        .collect()
}

/// The number of pieces on the board: a turn that leaves it as it was took nothing.
fn pieces(pos: &Position) -> usize {
    pos.board.pieces().count()
}

/// Plays self-play game `number` and returns its quiet positions, each with the game's result,
/// and that result.
fn self_play(variant: &Arc<Variant>, settings: &Settings, number: usize) -> (Vec<Sample>, f64) {
    let kinds = tuned_kinds(variant);
    let mut rng = SplitMix64::new(settings.seed ^ (number as u64).wrapping_mul(0x9E37_79B9));
    let mut game: Game = random_opening(variant, &mut rng, 2, 6);
    let mut engine = Engine::new(16);
    let limits = Limits {
        nodes: Some(settings.nodes),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let mut quiet = Vec::new();
    while game.outcome().is_none() && game.turns().len() < settings.plies {
        let Some(turn) = engine.search(&game, &limits, &stop, |_| {}).best else {
            break;
        };
        let before = *game.position();
        game.play(&turn).expect("the search plays a legal turn");
        if pieces(&before) == pieces(game.position()) && !variant.decided(&before) {
            quiet.push(before);
        }
    }
    let result = match game.outcome().map(|outcome| outcome.verdict) {
        Some(Verdict::WhiteWins) => 1.0,
        Some(Verdict::BlackWins) => 0.0,
        _ => 0.5,
    };
    let samples = quiet
        .iter()
        .map(|pos| Sample {
            surplus: surplus(pos, &kinds),
            fixed: variant.positional(pos),
            result,
        })
        .collect();
    (samples, result)
}

/// Every game's quiet positions, played `jobs` at a time, with the count of each result.
fn play_all(variant: &Arc<Variant>, settings: &Settings) -> (Vec<Sample>, [usize; 3]) {
    let next = AtomicUsize::new(0);
    let samples = Mutex::new(Vec::new());
    let results = Mutex::new([0; 3]);
    thread::scope(|scope| {
        for _ in 0..settings.jobs {
            scope.spawn(|| {
                loop {
                    let number = next.fetch_add(1, Ordering::Relaxed);
                    if number >= settings.games {
                        break;
                    }
                    let (game, result) = self_play(variant, settings, number);
                    let index = (2.0 * (1.0 - result)) as usize;
                    results.lock().expect("no job panics")[index] += 1;
                    eprint!("\rgame {:>5}/{}", number + 1, settings.games);
                    samples.lock().expect("no job panics").extend(game);
                }
            });
        }
    });
    eprintln!();
    (
        samples.into_inner().expect("no job panics"),
        results.into_inner().expect("no job panics"),
    )
}

/// The mean squared difference between each sample's result and the win chance its
/// judgement with `values` predicts, the judgement scaled by `scale` (per hundredth of a Pawn).
fn error(samples: &[Sample], values: &[i32], scale: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|sample| {
            let material: i32 = sample.surplus.iter().zip(values).map(|(n, v)| n * v).sum();
            let judged = f64::from(material + sample.fixed);
            let expected = 1.0 / (1.0 + (-scale * judged).exp());
            (sample.result - expected).powi(2)
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The scale that makes the data's values predict the results best (a search over a range
/// wide enough for every variant's scores).
fn best_scale(samples: &[Sample], values: &[i32]) -> f64 {
    (1..=200)
        .map(|step| f64::from(step) * 0.0001)
        .min_by(|a, b| error(samples, values, *a).total_cmp(&error(samples, values, *b)))
        .expect("the range is not empty")
}

/// In how many samples each kind's count differs between the sides.
fn unequal(samples: &[Sample], kinds: usize) -> Vec<usize> {
    (0..kinds)
        .map(|k| samples.iter().filter(|s| s.surplus[k] != 0).count())
        .collect()
}

/// `start` improved one value at a time, in steps that halve from 40 to 5 hundredths of a
/// Pawn, keeping each change that lowers the error; none goes below zero. A kind whose count
/// differs in fewer than one sample in a hundred (one King each; a piece that comes only by a
/// rare promotion) keeps its value: too few positions speak for it.
fn fit(samples: &[Sample], start: &[i32], scale: f64) -> Vec<i32> {
    let mut values = start.to_vec();
    let mut best = error(samples, &values, scale);
    let varies: Vec<bool> = unequal(samples, values.len())
        .into_iter()
        .map(|count| count * 100 >= samples.len())
        .collect();
    for step in [40, 20, 10, 5] {
        let mut improved = true;
        while improved {
            improved = false;
            for k in (0..values.len()).filter(|k| varies[*k]) {
                for delta in [step, -step] {
                    let mut trial = values.clone();
                    trial[k] = (trial[k] + delta).max(0);
                    let trial_error = error(samples, &trial, scale);
                    if trial_error < best {
                        (values, best, improved) = (trial, trial_error, true);
                        break;
                    }
                }
            }
        }
    }
    values
}

fn main() {
    let settings = match settings(std::env::args().skip(1)) {
        Ok(settings) => settings,
        Err(why) => {
            eprintln!("tune: {why}");
            std::process::exit(2);
        }
    };
    let variant = Arc::new(Variant::load(&settings.variant, &[]).expect("a known variant loads"));
    if variant.judgement(variant.start()).is_some() {
        eprintln!(
            "tune: {} weighs its material itself, not by its data's values",
            settings.variant
        );
        std::process::exit(2);
    }
    let kinds = tuned_kinds(&variant);
    let (samples, [won, drawn, lost]) = play_all(&variant, &settings);
    let start: Vec<i32> = kinds.iter().map(|(_, value)| *value).collect();
    let scale = best_scale(&samples, &start);
    let tuned = fit(&samples, &start, scale);
    println!(
        "{}: {} games at {} nodes a turn (first player {won} won, {drawn} drawn, {lost} lost), \
         {} quiet positions, scale {scale:.4}",
        settings.variant,
        settings.games,
        settings.nodes,
        samples.len()
    );
    println!("| piece | positions where the sides differ | data | tuned |");
    println!("| --- | ---: | ---: | ---: |");
    let differing = unequal(&samples, kinds.len());
    for (((kind, was), now), count) in kinds.iter().zip(&tuned).zip(differing) {
        println!("| {kind:?} | {count} | {was} | {now} |");
    }
    println!(
        "error: {:.5} with the data's values, {:.5} tuned",
        error(&samples, &start, scale),
        error(&samples, &tuned, scale)
    );
    let fields: Vec<String> = kinds
        .iter()
        .zip(&tuned)
        .map(|((kind, _), value)| format!("{kind:?}: {value}"))
        .collect();
    println!("values: {}", fields.join(", "));
}
