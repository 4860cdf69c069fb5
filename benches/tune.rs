//! The judgement tuned by self-play (Texel's method): the engine plays a variant against itself
//! at a fixed number of nodes a turn from seeded random openings, every quiet position of those
//! games is kept with the game's result, and the judgement's weights are then fitted so that
//! the engine's judgement of each position best predicts its result.
//!
//! - In a variant judged by its data's piece values, those values are fitted (the variant's own
//!   terms held fixed). Prints the data's values and the fitted ones, the prediction's error
//!   with each, and a line of `value:` fields to copy into the variant's RON file.
//! - In orthodox chess, whose judgement has its own weights (`pesto.rs`), every one of those
//!   weights is fitted but the piece values (PeSTO fitted its piece-square tables together
//!   with them, and both are held fixed). Prints the weights that
//!   changed, the error before and after, and the fitted `WEIGHTS` to copy into `pesto.rs`.
//!
//! A match (`--bench match`) then says whether the fitted weights play better.
//!
//! `cargo bench --no-default-features --bench tune -- --variant V [--games N] [--nodes N]
//! [--plies N] [--seed S] [--jobs J] [--save FILE | --load FILE] [--hold NAME,…]` (defaults: 400
//! games, 4000 nodes a turn, 200 plies counting as a draw, seed 1, one game per core at once,
//! chess's piece values held). `--hold` names the chess weights to hold as they are, by the
//! start of their names (`value.,passed.,mop_up.`: the piece values, the passed Pawns, the
//! mop-up). `--save` writes the quiet positions (a FEN and the result for the first player per
//! line) before the fit; `--load` fits to such a file instead of playing. A loaded line's result may be any win
//! chance from 0 to 1: a stronger engine's judgement of the position turned into one
//! (`tools/stockfish-labels.py` writes such a file from Stockfish's), which says more of a
//! position than the result of a game decided many turns later.

#[path = "shared/opening.rs"]
mod opening;

use oddboard::rules::{
    Chess, Engine, Game, Kind, Limits, Options, Piece, Position, Side, SplitMix64, Variant,
    Verdict, WEIGHTS, Weights, ids,
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
    /// Games played at once, and threads the fit judges with.
    jobs: usize,
    /// Where to write the quiet positions.
    save: Option<String>,
    /// Where to read quiet positions from instead of playing.
    load: Option<String>,
    /// In orthodox chess, the weights held as they are: those whose names start with one of
    /// these.
    hold: Vec<String>,
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
        save: None,
        load: None,
        hold: vec!["value.".into()],
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
            "--save" => settings.save = Some(value()?),
            "--load" => settings.load = Some(value()?),
            "--hold" => {
                settings.hold = value()?
                    .split(',')
                    .filter(|name| !name.is_empty())
                    .map(String::from)
                    .collect()
            }
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
    if settings.save.is_some() && settings.load.is_some() {
        return Err("--save and --load: give one or the other".into());
    }
    Ok(settings)
}

/// A quiet position and the result for the first player: a game's 1, ½ or 0, or a loaded win
/// chance.
type Quiet = (Position, f64);

/// The number of pieces on the board: a turn that leaves it as it was took nothing.
fn pieces(pos: &Position) -> usize {
    pos.board.pieces().count()
}

/// The game's result for the first player: 1, ½ or 0.
fn result(game: &Game) -> f64 {
    match game.outcome().map(|outcome| outcome.verdict) {
        Some(Verdict::WhiteWins) => 1.0,
        Some(Verdict::BlackWins) => 0.0,
        _ => 0.5,
    }
}

/// Plays self-play game `number` and returns its quiet positions (before a turn that took
/// nothing, the mover not in check), each with the game's result, and that result.
fn self_play(variant: &Arc<Variant>, settings: &Settings, number: usize) -> (Vec<Quiet>, f64) {
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
        if pieces(&before) == pieces(game.position())
            && !variant.decided(&before)
            && !variant.in_check(&before)
        {
            quiet.push(before);
        }
    }
    let result = result(&game);
    (quiet.into_iter().map(|pos| (pos, result)).collect(), result)
}

/// Every game's quiet positions, played `jobs` at a time, with the count of each result.
fn play_all(variant: &Arc<Variant>, settings: &Settings) -> (Vec<Quiet>, [usize; 3]) {
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

/// Writes `samples` to `path`, a FEN and a result per line.
fn save(variant: &Variant, samples: &[Quiet], path: &str) -> Result<(), String> {
    let text: String = samples
        .iter()
        .map(|(pos, result)| format!("{}\t{result}\n", variant.fen(pos)))
        .collect();
    std::fs::write(path, text).map_err(|why| format!("--save: {path}: {why}"))
}

/// The samples `path` holds, as [`save`] writes them.
fn load(variant: &Variant, path: &str) -> Result<Vec<Quiet>, String> {
    let text = std::fs::read_to_string(path).map_err(|why| format!("--load: {path}: {why}"))?;
    text.lines()
        .enumerate()
        .map(|(number, line)| {
            let bad = |why: String| format!("--load: {path}, line {}: {why}", number + 1);
            let (fen, result) = line
                .split_once('\t')
                .ok_or_else(|| bad("no tab between the FEN and the result".into()))?;
            let pos = variant.parse_fen(fen).map_err(|why| bad(why.to_string()))?;
            let result = result
                .parse::<f64>()
                .ok()
                .filter(|r| (0.0..=1.0).contains(r))
                .ok_or_else(|| {
                    bad(format!(
                        "'{result}' is not a result or a win chance (a number from 0 to 1)"
                    ))
                })?;
            Ok((pos, result))
        })
        .collect()
}

/// The mean squared difference between each sample's result and the win chance its judgement
/// predicts, the judgement (for the first player) scaled by `scale` (per hundredth of a Pawn);
/// the samples judged on `jobs` threads.
fn error<S: Sync>(
    samples: &[S],
    jobs: usize,
    scale: f64,
    judge: impl Fn(&S) -> (i32, f64) + Sync,
) -> f64 {
    let chunk = samples.len().div_ceil(jobs.max(1)).max(1);
    let total: f64 = thread::scope(|scope| {
        let judge = &judge;
        let parts: Vec<_> = samples
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|sample| {
                            let (judged, result) = judge(sample);
                            let expected = 1.0 / (1.0 + (-scale * f64::from(judged)).exp());
                            (result - expected).powi(2)
                        })
                        .sum::<f64>()
                })
            })
            .collect();
        parts
            .into_iter()
            .map(|part| part.join().expect("no judge panics"))
            .sum()
    });
    total / samples.len().max(1) as f64
}

/// The scale that makes `error_at` least (a search over a range wide enough for every
/// variant's scores).
fn best_scale(error_at: impl Fn(f64) -> f64) -> f64 {
    (1..=200)
        .map(|step| f64::from(step) * 0.0001)
        .map(|scale| (scale, error_at(scale)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .expect("the range is not empty")
        .0
}

/// `start` improved one weight at a time (the weights `tunable` hands out), in steps that halve
/// from `steps[0]`, keeping each change that lowers `error_of`; every weight is tried up and
/// down at each step until none helps.
fn fit<P: Clone>(
    start: &P,
    steps: &[i32],
    tunable: impl Fn(&mut P) -> Vec<&mut i32>,
    error_of: impl Fn(&P) -> f64,
) -> P {
    let mut best = (start.clone(), error_of(start));
    let count = tunable(&mut start.clone()).len();
    for &step in steps {
        let mut improved = true;
        while improved {
            improved = false;
            for index in 0..count {
                for delta in [step, -step] {
                    let mut trial = best.0.clone();
                    *tunable(&mut trial)[index] += delta;
                    let trial_error = error_of(&trial);
                    if trial_error < best.1 {
                        best = (trial, trial_error);
                        improved = true;
                        break;
                    }
                }
            }
            eprint!("\rstep {step:>2}: error {:.6}", best.1);
        }
    }
    eprintln!();
    best.0
}

/// A position's tuned kinds as the values fit sees it.
struct Material {
    /// For each tuned kind, how many more of it the first player has.
    surplus: Vec<i32>,
    /// The rest of the judgement, for the first player: the variant's own terms.
    fixed: i32,
    /// The game's result for the first player.
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

/// Fits the piece values of `variant` (judged by its data's values) to `samples` and prints
/// them. A kind whose count differs in fewer than one sample in a hundred (one King each; a
/// piece that comes only by a rare promotion) keeps its value: too few positions speak for it.
/// No value goes below zero.
fn fit_values(variant: &Variant, samples: &[Quiet], jobs: usize) {
    let kinds = tuned_kinds(variant);
    let material: Vec<Material> = samples
        .iter()
        .map(|(pos, result)| Material {
            surplus: surplus(pos, &kinds),
            fixed: variant.positional(pos),
            result: *result,
        })
        .collect();
    let differing: Vec<usize> = (0..kinds.len())
        .map(|k| material.iter().filter(|m| m.surplus[k] != 0).count())
        .collect();
    let error_with = |values: &Vec<i32>, scale: f64| {
        if values.iter().any(|v| *v < 0) {
            return f64::INFINITY;
        }
        error(&material, jobs, scale, |m| {
            let worth: i32 = m.surplus.iter().zip(values).map(|(n, v)| n * v).sum();
            (worth + m.fixed, m.result)
        })
    };
    let start: Vec<i32> = kinds.iter().map(|(_, value)| *value).collect();
    let scale = best_scale(|scale| error_with(&start, scale));
    let varies: Vec<usize> = (0..kinds.len())
        .filter(|k| differing[*k] * 100 >= material.len())
        .collect();
    let tuned = fit(
        &start,
        &[40, 20, 10, 5],
        |values| {
            values
                .iter_mut()
                .enumerate()
                .filter(|(k, _)| varies.contains(k))
                .map(|(_, v)| v)
                .collect()
        },
        |values| error_with(values, scale),
    );
    println!("scale {scale:.4}");
    println!("| piece | positions where the sides differ | data | tuned |");
    println!("| --- | ---: | ---: | ---: |");
    for (((kind, was), now), count) in kinds.iter().zip(&tuned).zip(differing) {
        println!("| {kind:?} | {count} | {was} | {now} |");
    }
    println!(
        "error: {:.5} with the data's values, {:.5} tuned",
        error_with(&start, scale),
        error_with(&tuned, scale)
    );
    let fields: Vec<String> = kinds
        .iter()
        .zip(&tuned)
        .map(|((kind, _), value)| format!("{kind:?}: {value}"))
        .collect();
    println!("values: {}", fields.join(", "));
}

/// Fits orthodox chess's judgement weights to `samples` and prints them.
fn fit_weights(variant: &Variant, samples: &[Quiet], jobs: usize, hold: &[String]) {
    let chess = Chess::new(variant.data().clone(), Options::default())
        .expect("the data chess loaded from builds chess");
    let error_with = |weights: &Weights, scale: f64| {
        error(samples, jobs, scale, |(pos, result)| {
            (chess.judge(pos, weights), *result)
        })
    };
    let scale = best_scale(|scale| error_with(&WEIGHTS, scale));
    let tuned = fit(
        &WEIGHTS,
        &[8, 4, 2, 1],
        |weights| {
            weights
                .each_mut()
                .into_iter()
                .filter(|(name, _)| !hold.iter().any(|held| name.starts_with(held.as_str())))
                .map(|(_, w)| w)
                .collect()
        },
        |weights| error_with(weights, scale),
    );
    println!("scale {scale:.4}");
    println!("| weight | before | tuned |");
    println!("| --- | ---: | ---: |");
    let (mut was, mut now) = (WEIGHTS.clone(), tuned.clone());
    for ((name, before), (_, after)) in was.each_mut().into_iter().zip(now.each_mut()) {
        if before != after {
            println!("| {name} | {before} | {after} |");
        }
    }
    println!(
        "error: {:.6} before, {:.6} tuned",
        error_with(&WEIGHTS, scale),
        error_with(&tuned, scale)
    );
    println!("{tuned:#?}");
}

/// The bench, or what stopped it.
fn run(settings: &Settings) -> Result<(), String> {
    let variant = Arc::new(Variant::load(&settings.variant, &[]).expect("a known variant loads"));
    let chess = settings.variant == "chess";
    if !chess && variant.judgement(variant.start()).is_some() {
        return Err(format!(
            "{} weighs its material itself, not by its data's values",
            settings.variant
        ));
    }
    let samples = match &settings.load {
        Some(path) => {
            let samples = load(&variant, path)?;
            println!(
                "{}: {} quiet positions from {path}",
                settings.variant,
                samples.len()
            );
            samples
        }
        None => {
            let (samples, [won, drawn, lost]) = play_all(&variant, settings);
            println!(
                "{}: {} games at {} nodes a turn (first player {won} won, {drawn} drawn, \
                 {lost} lost), {} quiet positions",
                settings.variant,
                settings.games,
                settings.nodes,
                samples.len()
            );
            samples
        }
    };
    if let Some(path) = &settings.save {
        save(&variant, &samples, path)?;
    }
    if chess {
        fit_weights(&variant, &samples, settings.jobs, &settings.hold);
    } else {
        fit_values(&variant, &samples, settings.jobs);
    }
    Ok(())
}

fn main() {
    let outcome = settings(std::env::args().skip(1)).and_then(|settings| run(&settings));
    if let Err(why) = outcome {
        eprintln!("tune: {why}");
        std::process::exit(2);
    }
}
