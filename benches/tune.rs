//! The judgement tuned by self-play (Texel's method): the engine plays a variant against itself
//! at a fixed number of nodes a turn from seeded random openings, every quiet position of those
//! games is kept with the game's result, and the judgement's weights are then fitted so that
//! the engine's judgement of each position best predicts its result.
//!
//! - In a variant judged by its data's piece values, those values are fitted (the variant's own
//!   terms held fixed). Prints the data's values and the fitted ones, the prediction's error
//!   with each, and a line of `value:` fields to copy into the variant's RON file.
//! - In orthodox chess, whose judgement has its own weights (`pesto.rs`), every one of those
//!   weights is fitted, the piece-square tables with them, but the piece values (held so that
//!   the scale the search's margins assume stays) and any weight too few positions depend on.
//!   The judgement is nearly linear in its weights, so the fit measures once how each position's
//!   judgement moves with each weight and then descends along those slopes (gradient descent,
//!   each weight held a little towards where it was), measuring again once for the King's
//!   danger, which grows with the square of its units. One position in ten is left out of the
//!   fit and only judged: its error says whether the fit learnt positions or their samples.
//!   Prints the weights that changed, the errors before and after, the fitted tables in
//!   `pesto.rs`'s form and the fitted `Weights`.
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
//! position than the result of a game decided many turns later. `-- --self-test` checks the
//! descent alone on samples a planted change explains.

#[path = "shared/opening.rs"]
mod opening;

use oddboard::rules::{
    Chess, Engine, Game, Kind, Limits, Options, Piece, Position, RulesExt, Side, SplitMix64,
    Variant, Verdict, WEIGHTS, Weights, ids,
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

/// How far a weight is moved to measure how the judgement moves with it: a middlegame or an
/// endgame weight is blended by the phase out of 24, so a step of 24 moves a judgement by whole
/// units and the rounding of the blend does not hide the slope.
const SLOPE_STEP: i32 = 24;

/// A weight stays as it is where fewer than one sample in this many has its judgement move with
/// it (a piece on a square it seldom reaches, a rare ending): too few positions speak for it.
const RARE: usize = 200;

/// Rounds of measuring the slopes and descending along them: the King's danger grows with the
/// square of its units, so its slopes change as the weights do.
const ROUNDS: usize = 2;

/// Steps of gradient descent (Adam) in each round.
const DESCENT_STEPS: usize = 1500;

/// How hard each weight is held near where the round started it (ridge regression): a weight
/// that a couple of hundred samples depend on moves about half as far as they alone would
/// take it, one that tens of thousands do nearly all the way.
const HOLD: f64 = 2e-4;

/// Every this many samples, one is left out of the fit and only judged, to tell a fit that
/// predicts unseen positions better from one that learnt its samples by heart.
const HELD_OUT: usize = 10;

/// How one sample's judgement moves per unit of each weight it depends on: the weight's index
/// among the free ones, and the slope.
type Slopes = Vec<(u32, f32)>;

/// Each sample's judgement by `weights`, and its slope along each of the weights `free`
/// (indices into [`Weights::each_mut`]), measured by moving each weight [`SLOPE_STEP`]; the
/// weights are shared out among `jobs` threads.
fn slopes(
    chess: &Chess,
    samples: &[Quiet],
    weights: &Weights,
    free: &[usize],
    jobs: usize,
) -> (Vec<i32>, Vec<Slopes>) {
    let judged: Vec<i32> = samples
        .iter()
        .map(|(pos, _)| chess.judge(pos, weights))
        .collect();
    let chunk = free.len().div_ceil(jobs.max(1)).max(1);
    let found: Vec<Vec<(u32, u32, f32)>> = thread::scope(|scope| {
        let judged = &judged;
        let parts: Vec<_> = free
            .chunks(chunk)
            .enumerate()
            .map(|(part, weights_of_part)| {
                scope.spawn(move || {
                    let mut found = Vec::new();
                    for (offset, &weight) in weights_of_part.iter().enumerate() {
                        let mut moved = weights.clone();
                        *moved.each_mut()[weight].1 += SLOPE_STEP;
                        for (index, (pos, _)) in samples.iter().enumerate() {
                            let change = chess.judge(pos, &moved) - judged[index];
                            if change != 0 {
                                let slope = change as f32 / SLOPE_STEP as f32;
                                found.push((index as u32, (part * chunk + offset) as u32, slope));
                            }
                        }
                    }
                    found
                })
            })
            .collect();
        parts
            .into_iter()
            .map(|part| part.join().expect("no judge panics"))
            .collect()
    });
    let mut slopes = vec![Vec::new(); samples.len()];
    for (index, weight, slope) in found.into_iter().flatten() {
        slopes[index as usize].push((weight, slope));
    }
    (judged, slopes)
}

/// The changes to `count` weights that make the samples' judgements (`judged`, moving along
/// `slopes`) predict their results best, scaled by `scale`: full-batch gradient descent with
/// Adam's step sizes, the step shrinking from one unit to a twentieth of one, each change held
/// towards zero by [`HOLD`].
fn descend(
    judged: &[i32],
    slopes: &[Slopes],
    samples: &[Quiet],
    scale: f64,
    count: usize,
) -> Vec<f64> {
    let (beta1, beta2) = (0.9, 0.999);
    let mut change = vec![0.0_f64; count];
    let (mut moment, mut energy) = (vec![0.0_f64; count], vec![0.0_f64; count]);
    let mut gradient = vec![0.0_f64; count];
    for step in 1..=DESCENT_STEPS {
        gradient.fill(0.0);
        for ((judgement, slopes), (_, result)) in judged.iter().zip(slopes).zip(samples) {
            let moved: f64 = slopes
                .iter()
                .map(|(weight, slope)| change[*weight as usize] * f64::from(*slope))
                .sum();
            let expected = 1.0 / (1.0 + (-scale * (f64::from(*judgement) + moved)).exp());
            let pull = (expected - result) * expected * (1.0 - expected) * scale;
            for (weight, slope) in slopes {
                gradient[*weight as usize] += pull * f64::from(*slope);
            }
        }
        let rate = 0.05_f64.powf(step as f64 / DESCENT_STEPS as f64);
        let step = step as i32;
        for weight in 0..count {
            let g = gradient[weight] + HOLD * change[weight];
            moment[weight] = beta1 * moment[weight] + (1.0 - beta1) * g;
            energy[weight] = beta2 * energy[weight] + (1.0 - beta2) * g * g;
            let moment = moment[weight] / (1.0 - beta1.powi(step));
            let energy = energy[weight] / (1.0 - beta2.powi(step));
            change[weight] -= rate * moment / (energy.sqrt() + 1e-12);
        }
    }
    change
}

/// Fits orthodox chess's judgement weights to `samples` and prints them: every weight but those
/// `hold` names and those too few samples depend on ([`RARE`]), by descending along how each
/// sample's judgement moves with each weight, in [`ROUNDS`] rounds. One sample in [`HELD_OUT`]
/// is only judged, and the error on those is printed beside the error on the rest.
fn fit_weights(variant: &Variant, all: &[Quiet], jobs: usize, hold: &[String]) {
    let chess = Chess::new(variant.data().clone(), Options::default())
        .expect("the data chess loaded from builds chess");
    let (mut samples, mut unseen) = (Vec::new(), Vec::new());
    for (index, sample) in all.iter().enumerate() {
        if index % HELD_OUT == 0 {
            unseen.push(*sample);
        } else {
            samples.push(*sample);
        }
    }
    let error_with = |samples: &[Quiet], weights: &Weights, scale: f64| {
        error(samples, jobs, scale, |(pos, result)| {
            (chess.judge(pos, weights), *result)
        })
    };
    let scale = best_scale(|scale| error_with(&samples, &WEIGHTS, scale));
    let errors = |weights: &Weights| {
        format!(
            "{:.6} fitted, {:.6} left out",
            error_with(&samples, weights, scale),
            error_with(&unseen, weights, scale)
        )
    };
    let unheld: Vec<usize> = WEIGHTS
        .clone()
        .each_mut()
        .iter()
        .enumerate()
        .filter(|(_, (name, _))| !hold.iter().any(|held| name.starts_with(held.as_str())))
        .map(|(index, _)| index)
        .collect();
    let mut tuned = WEIGHTS.clone();
    for round in 1..=ROUNDS {
        let (judged, mut slopes) = slopes(&chess, &samples, &tuned, &unheld, jobs);
        let mut depending = vec![0; unheld.len()];
        for (weight, _) in slopes.iter().flatten() {
            depending[*weight as usize] += 1;
        }
        // A rare weight is left out of the descent itself, not only of its result, so that
        // no other weight is fitted around a change that is then not made.
        for sample in &mut slopes {
            sample.retain(|(weight, _)| depending[*weight as usize] * RARE >= samples.len());
        }
        let change = descend(&judged, &slopes, &samples, scale, unheld.len());
        let mut named = tuned.each_mut();
        for (&weight, change) in unheld.iter().zip(change) {
            *named[weight].1 += change.round() as i32;
        }
        eprintln!("round {round}: error {}", errors(&tuned));
    }
    println!("scale {scale:.4}");
    println!("| weight | before | tuned |");
    println!("| --- | ---: | ---: |");
    let (mut was, mut now) = (WEIGHTS.clone(), tuned.clone());
    for ((name, before), (_, after)) in was.each_mut().into_iter().zip(now.each_mut()) {
        if before != after {
            println!("| {name} | {before} | {after} |");
        }
    }
    println!("error before: {}", errors(&WEIGHTS));
    println!("error tuned: {}", errors(&tuned));
    print_tables(&tuned);
    println!("{tuned:?}");
}

/// Prints the piece-square tables of `weights` as `pesto.rs` writes them: a middlegame and an
/// endgame table per kind, the eighth rank first.
fn print_tables(weights: &Weights) {
    const NAMES: [&str; 6] = ["PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING"];
    for (name, table) in NAMES.iter().zip(&weights.squares) {
        for (phase, pick) in [("MG", 0), ("EG", 1)] {
            println!("#[rustfmt::skip]\nconst {phase}_{name}: [i32; 64] = [");
            for rank in table.chunks(8) {
                let row: Vec<String> = rank
                    .iter()
                    .map(|weight| format!("{:>5},", if pick == 0 { weight.0 } else { weight.1 }))
                    .collect();
                println!("  {}", row.join(""));
            }
            println!("];\n");
        }
    }
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

/// Checks the descent alone: samples whose results a known change of three weights explains
/// (each sample's judgement moving along random slopes) give that change back, within a tenth
/// (the hold towards zero takes a little of it). Prints what it found; whether it held.
fn self_test() -> bool {
    let planted = [40.0, -25.0, 10.0];
    let scale = 0.005;
    let start = *Variant::load("chess", &[]).expect("chess loads").start();
    let mut rng = SplitMix64::new(7);
    let (mut judged, mut all_slopes, mut samples) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..6000 {
        let judgement = rng.below(601) as i32 - 300;
        let slopes: Slopes = (0..3)
            .filter_map(|weight| {
                let slope = [0.0, 1.0, -1.0, 0.5][rng.below(4)];
                (slope != 0.0).then_some((weight as u32, slope))
            })
            .collect();
        let moved: f64 = slopes
            .iter()
            .map(|(weight, slope)| planted[*weight as usize] * f64::from(*slope))
            .sum();
        let result = 1.0 / (1.0 + (-scale * (f64::from(judgement) + moved)).exp());
        judged.push(judgement);
        all_slopes.push(slopes);
        samples.push((start, result));
    }
    let found = descend(&judged, &all_slopes, &samples, scale, planted.len());
    let held = found
        .iter()
        .zip(planted)
        .all(|(found, planted)| (found - planted).abs() <= planted.abs() / 10.0);
    println!(
        "descent: planted {planted:?}, found {found:.1?}: {}",
        if held { "ok" } else { "WRONG" }
    );
    held
}

fn main() {
    if std::env::args().any(|a| a == "--self-test") {
        std::process::exit(if self_test() { 0 } else { 1 });
    }
    let outcome = settings(std::env::args().skip(1)).and_then(|settings| run(&settings));
    if let Err(why) = outcome {
        eprintln!("tune: {why}");
        std::process::exit(2);
    }
}
