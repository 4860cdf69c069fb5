//! A match between two engine builds: any two oddboard binaries, each asked for every turn as a
//! fresh process (`PATH bestmove VARIANT --moves "…" --movetime MS`, as a player's computer
//! opponent is), refereed by this crate's rules engine. Each pair of games starts from the same
//! opening of two to four seeded random legal turns, the engines swapping sides between the two.
//! A binary that fails, answers far too late (ten times the move time and two seconds more) or
//! answers an illegal turn loses that game. Prints a line per game on stderr, then a Markdown
//! table of the first engine's wins, draws, losses and score against the second, per variant and
//! in total, with the Elo difference, its 95 % error bar and the likelihood of superiority.
//!
//! `cargo bench --no-default-features --bench match -- --engine A=PATH --engine B=PATH
//! [--engine-arg NAME=ARG]… [--variant V]… [--games N] [--movetime MS | --nodes N] [--plies N]
//! [--seed S] [--jobs J] [--adjudicate CP] [--pgn FILE]` (defaults: every variant, 40 games
//! each, 100 ms, 200 plies counting as a draw, seed 1, one game at a time); `--nodes` gives each
//! turn a node count instead of a time (one thread, the same on a loaded machine);
//! `--engine-arg` adds an argument to one engine's `bestmove` (`--engine-arg A=--threads=1` for
//! a build that would take every core); `--adjudicate CP` ends a game as a win once both engines
//! agree on it: the scores they printed for their last three turns each all give the same side
//! CP or more (cutechess's two-sided resign rule); `--pgn FILE` writes every game to FILE as a
//! record, in the fixtures' order, its `Event` saying how it ended (an adjudicated or capped
//! game's record has no result of its own); `-- --self-test` checks the arithmetic alone.

#[path = "shared/opening.rs"]
mod opening;

use oddboard::rules::{Game, PgnHeader, Side, SplitMix64, Variant, Verdict, ids};
use opening::random_opening;
use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, ExitStatus, Stdio};
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::channel;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// An engine in the match: its name in the tables and its binary.
struct Engine {
    name: String,
    path: PathBuf,
    /// Added to each `bestmove` command.
    extra: Vec<String>,
}

/// The bench's settings, from its arguments.
struct Settings {
    /// The engine scored first (A), then its opponent (B).
    engines: [Engine; 2],
    variants: Vec<String>,
    /// Games per variant.
    games: usize,
    /// What each engine may spend on a turn.
    budget: Budget,
    /// The longest game, openings included, before it stops as a draw.
    plies: usize,
    seed: u64,
    /// Games played at once.
    jobs: usize,
    /// The score both engines must agree on, in hundredths of a Pawn, for a game to end as a
    /// win before the rules end it; none if games are never adjudicated.
    adjudicate: Option<i32>,
    /// Where the games' records go, if anywhere.
    pgn: Option<PathBuf>,
}

/// How many turns of each engine in a row must agree on a win to adjudicate it.
const AGREEING_TURNS: usize = 3;

/// What an engine may spend on each turn: a time (as a player's computer opponent has), or a
/// number of nodes (the same on a loaded machine: for comparing evaluations).
#[derive(Clone, Copy)]
enum Budget {
    Time(Duration),
    Nodes(u64),
}

impl Budget {
    /// The `bestmove` arguments that set it.
    fn args(self) -> [String; 2] {
        match self {
            Budget::Time(time) => ["--movetime".into(), time.as_millis().to_string()],
            Budget::Nodes(nodes) => ["--nodes".into(), nodes.to_string()],
        }
    }

    /// How long an engine may take before it forfeits: ten times its time and two seconds
    /// more, or a minute for a node count.
    fn patience(self) -> Duration {
        match self {
            Budget::Time(time) => time * 10 + Duration::from_secs(2),
            Budget::Nodes(_) => Duration::from_secs(60),
        }
    }
}

impl std::fmt::Display for Budget {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Budget::Time(time) => write!(f, "{} ms", time.as_millis()),
            Budget::Nodes(nodes) => write!(f, "{nodes} nodes"),
        }
    }
}

/// The settings from the command line (`--bench`, which cargo adds, is skipped), or what is
/// wrong with it.
fn settings(args: impl IntoIterator<Item = String>) -> Result<Settings, String> {
    let mut engines = Vec::new();
    let mut extras = Vec::new();
    let mut variants = Vec::new();
    let mut games = 40;
    let mut movetime = 100;
    let mut nodes = None;
    let mut plies = 200;
    let mut seed = 1;
    let mut jobs = 1;
    let mut adjudicate = None;
    let mut pgn = None;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--bench" => {}
            "--engine" => engines.push(engine(&value()?)?),
            "--engine-arg" => extras.push(value()?),
            "--variant" => variants.push(variant_id(value()?)?),
            "--games" => games = positive(&arg, &value()?)?,
            "--movetime" => movetime = positive(&arg, &value()?)?,
            "--nodes" => nodes = Some(positive(&arg, &value()?)? as u64),
            "--plies" => plies = positive(&arg, &value()?)?,
            "--seed" => seed = number(&arg, &value()?)?,
            "--jobs" => jobs = positive(&arg, &value()?)?,
            "--adjudicate" => adjudicate = Some(positive(&arg, &value()?)? as i32),
            "--pgn" => pgn = Some(PathBuf::from(value()?)),
            _ => return Err(format!("unknown argument '{arg}'")),
        }
    }
    let mut engines: [Engine; 2] = engines
        .try_into()
        .map_err(|_| "give two engines, --engine A=PATH --engine B=PATH".to_string())?;
    if engines[0].name == engines[1].name {
        return Err(format!("both engines are named '{}'", engines[0].name));
    }
    for extra in extras {
        let (name, arg) = extra.split_once('=').unwrap_or((&extra, ""));
        let engine = engines.iter_mut().find(|e| e.name == name);
        let Some(engine) = engine.filter(|_| !arg.is_empty()) else {
            return Err(format!(
                "--engine-arg '{extra}': write NAME=ARG for an engine's name"
            ));
        };
        engine.extra.push(arg.to_string());
    }
    if variants.is_empty() {
        variants = ids().map(str::to_string).collect();
    }
    Ok(Settings {
        engines,
        variants,
        games,
        budget: nodes.map_or(
            Budget::Time(Duration::from_millis(movetime as u64)),
            Budget::Nodes,
        ),
        plies,
        seed,
        jobs,
        adjudicate,
        pgn,
    })
}

/// An engine from `NAME=PATH`, the binary checked to be a file.
fn engine(text: &str) -> Result<Engine, String> {
    let (name, path) = text
        .split_once('=')
        .filter(|(name, path)| !name.is_empty() && !path.is_empty())
        .ok_or(format!("--engine '{text}': write NAME=PATH"))?;
    let path = PathBuf::from(path);
    if !path.is_file() {
        return Err(format!("--engine {name}: no file '{}'", path.display()));
    }
    Ok(Engine {
        name: name.to_string(),
        path,
        extra: Vec::new(),
    })
}

/// `id` if it names a variant this crate implements.
fn variant_id(id: String) -> Result<String, String> {
    if ids().any(|known| known == id) {
        Ok(id)
    } else {
        Err(format!("--variant: unknown variant '{id}'"))
    }
}

/// `text` read as a number for option `option`.
fn number<T: FromStr>(option: &str, text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{option}: '{text}' is not a number"))
}

/// `text` read as a number of at least 1 for option `option`.
fn positive(option: &str, text: &str) -> Result<usize, String> {
    match number(option, text)? {
        0 => Err(format!("{option}: give at least 1")),
        n => Ok(n),
    }
}

/// One game to play: its variant, its opening turns and the side A plays.
struct Fixture {
    variant: Arc<Variant>,
    /// Which of the variant's games this is, from 1.
    number: usize,
    opening: Vec<String>,
    a_side: Side,
}

/// Every game of the match in order: per variant, pairs of games from one opening, A White in
/// the first of a pair and Black in the second.
fn fixtures(settings: &Settings) -> Vec<Fixture> {
    let mut all = Vec::new();
    for (index, id) in settings.variants.iter().enumerate() {
        let variant = Arc::new(Variant::load(id, &[]).expect("a known variant loads"));
        let mut opening = Vec::new();
        for number in 0..settings.games {
            if number % 2 == 0 {
                let pair = (index as u64) << 32 | (number / 2) as u64;
                let mut rng = SplitMix64::new(settings.seed ^ pair.wrapping_mul(0x2545_F491));
                opening = random_opening(&variant, &mut rng, 2, 4).turn_texts();
            }
            all.push(Fixture {
                variant: Arc::clone(&variant),
                number: number + 1,
                opening: opening.clone(),
                a_side: if number % 2 == 0 {
                    Side::White
                } else {
                    Side::Black
                },
            });
        }
    }
    all
}

/// How long each engine took per turn, process start to exit.
#[derive(Clone, Copy, Default)]
struct Timing {
    turns: u32,
    total: Duration,
    longest: Duration,
}

impl Timing {
    fn add(&mut self, took: Duration) {
        self.turns += 1;
        self.total += took;
        self.longest = self.longest.max(took);
    }

    fn merge(&mut self, other: &Timing) {
        self.turns += other.turns;
        self.total += other.total;
        self.longest = self.longest.max(other.longest);
    }
}

/// A game as it ended.
struct Played {
    /// A's points: 1, ½ or 0.
    points: f64,
    plies: usize,
    /// The result and why, as `1-0 checkmate`.
    how: String,
    /// The engine (0 for A, 1 for B) that lost by failing, if one did.
    forfeit: Option<usize>,
    /// Per engine, A's first.
    timing: [Timing; 2],
    /// The game as a record, if the match writes records.
    record: Option<String>,
}

/// Plays one game, each turn asked of the engine on move, until the rules end it, an engine
/// fails or the ply cap stops it.
fn play(fixture: &Fixture, settings: &Settings) -> Played {
    let mut game = Game::new(Arc::clone(&fixture.variant));
    for text in &fixture.opening {
        game.play_text(text).expect("the opening is legal");
    }
    let mut timing = [Timing::default(); 2];
    let (verdict, how, forfeit) = referee(&mut game, fixture.a_side, settings, &mut timing);
    Played {
        record: settings
            .pgn
            .is_some()
            .then(|| record(&game, fixture, settings, &how)),
        points: match verdict {
            Verdict::Draw => 0.5,
            v if v == Verdict::win_for(fixture.a_side) => 1.0,
            _ => 0.0,
        },
        plies: game.turns().len(),
        how,
        forfeit,
        timing,
    }
}

/// `game` as a record, the engines named as White and Black and its `Event` saying how it ended
/// (`how`) at what time a turn.
fn record(game: &Game, fixture: &Fixture, settings: &Settings, how: &str) -> String {
    let mut names = settings.engines.each_ref().map(|e| Some(e.name.clone()));
    if fixture.a_side == Side::Black {
        names.reverse();
    }
    let [white, black] = names;
    let header = PgnHeader {
        event: Some(format!(
            "match bench, {} a turn, game {}: {how}",
            settings.budget, fixture.number
        )),
        white,
        black,
        ..PgnHeader::default()
    };
    game.to_pgn(&header)
}

/// Asks the engine on move for its turn and plays it, A on `a_side`, until the game ends: the
/// result, how it came (`1-0 checkmate`) and the engine that failed, if one did.
fn referee(
    game: &mut Game,
    a_side: Side,
    settings: &Settings,
    timing: &mut [Timing; 2],
) -> (Verdict, String, Option<usize>) {
    // Each turn's score as its engine printed it, for White.
    let mut scores: Vec<Option<i32>> = Vec::new();
    loop {
        if let Some(outcome) = game.outcome() {
            return (outcome.verdict, outcome.to_string(), None);
        }
        if let Some(verdict) = settings.adjudicate.and_then(|cp| agreed(&scores, cp)) {
            return (verdict, format!("{} adjudicated", verdict.text()), None);
        }
        if game.turns().len() >= settings.plies {
            let fen = game.variant().fen(game.position());
            return (Verdict::Draw, format!("1/2-1/2 ply cap at {fen}"), None);
        }
        let side = game.position().side;
        let seat = usize::from(side != a_side);
        let engine = &settings.engines[seat];
        let id = game.variant().id().to_string();
        let started = Instant::now();
        let answer = ask(engine, &id, &game.turn_texts(), settings.budget);
        timing[seat].add(started.elapsed());
        let score = answer.as_ref().ok().and_then(|(_, score)| *score);
        scores.push(score.map(|s| if side == Side::White { s } else { -s }));
        let played = answer.and_then(|(text, _)| {
            game.play_text(&text)
                .map_err(|e| format!("illegal turn '{text}': {e}"))
        });
        if let Err(why) = played {
            let verdict = Verdict::win_for(side.opponent());
            let how = format!("{} {} forfeits: {why}", verdict.text(), engine.name);
            return (verdict, how, Some(seat));
        }
    }
}

/// The side both engines agree has won, if the last `AGREEING_TURNS` scores of each (`scores`,
/// one a turn, for White) all give it `cp` or more.
fn agreed(scores: &[Option<i32>], cp: i32) -> Option<Verdict> {
    let last = scores.get(scores.len().checked_sub(2 * AGREEING_TURNS)?..)?;
    let all = |wins: fn(i32, i32) -> bool| last.iter().all(|s| s.is_some_and(|s| wins(s, cp)));
    if all(|s, cp| s >= cp) {
        Some(Verdict::win_for(Side::White))
    } else if all(|s, cp| s <= -cp) {
        Some(Verdict::win_for(Side::Black))
    } else {
        None
    }
}

/// The score of the last iteration an engine printed on stderr (`score cp N`, or `score mate
/// N` as a score beyond any material), for the side it moved for.
fn last_score(stderr: &str) -> Option<i32> {
    let line = stderr.lines().rev().find(|l| l.contains(" score "))?;
    let mut words = line
        .split_whitespace()
        .skip_while(|w| *w != "score")
        .skip(1);
    let (unit, value) = (words.next()?, words.next()?.parse::<i32>().ok()?);
    match unit {
        "cp" => Some(value),
        "mate" => Some(if value > 0 { 100_000 } else { -100_000 }),
        _ => None,
    }
}

/// Runs `engine`'s `bestmove` after `turns` as a fresh process: the last line it prints and the
/// score it printed last, or why it gave no turn.
fn ask(
    engine: &Engine,
    variant: &str,
    turns: &[String],
    budget: Budget,
) -> Result<(String, Option<i32>), String> {
    let mut command = Command::new(&engine.path);
    command.args(["bestmove", variant]);
    if !turns.is_empty() {
        command.args(["--moves", &turns.join(" ")]);
    }
    command
        .args(budget.args())
        .args(&engine.extra)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().map_err(|e| format!("cannot start: {e}"))?;
    let stdout = read_all(child.stdout.take().expect("stdout is piped"));
    let stderr = read_all(child.stderr.take().expect("stderr is piped"));
    let patience = budget.patience();
    let Some(status) = wait(&mut child, patience) else {
        // The readers are left to finish when whatever still holds the pipes lets go.
        return Err(format!("no answer within {:.1} s", patience.as_secs_f64()));
    };
    if !status.success() {
        let stderr = joined(stderr);
        let last = stderr.lines().last().unwrap_or("no message");
        return Err(format!("{status}: {last}"));
    }
    let turn = joined(stdout)
        .lines()
        .last()
        .map(|line| line.trim().to_string())
        .filter(|line| !line.is_empty())
        .ok_or_else(|| "printed no turn".to_string())?;
    Ok((turn, last_score(&joined(stderr))))
}

/// The child's exit status, or `None` (the child killed) if it runs longer than `patience`.
fn wait(child: &mut std::process::Child, patience: Duration) -> Option<ExitStatus> {
    let deadline = Instant::now() + patience;
    loop {
        if let Ok(Some(status)) = child.try_wait() {
            return Some(status);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        thread::sleep(Duration::from_millis(1));
    }
}

/// Reads `pipe` to its end on a thread of its own, so a full pipe never blocks the child.
fn read_all(mut pipe: impl Read + Send + 'static) -> JoinHandle<String> {
    thread::spawn(move || {
        let mut text = String::new();
        let _ = pipe.read_to_string(&mut text);
        text
    })
}

fn joined(reader: JoinHandle<String>) -> String {
    reader.join().unwrap_or_default()
}

/// Plays every fixture, `settings.jobs` at once, printing a line on stderr as each ends; the
/// games in the fixtures' order.
fn play_all(fixtures: &[Fixture], settings: &Settings) -> Vec<Played> {
    let next = AtomicUsize::new(0);
    let (done, finished) = channel();
    thread::scope(|scope| {
        for _ in 0..settings.jobs {
            let (next, done) = (&next, done.clone());
            scope.spawn(move || {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(fixture) = fixtures.get(index) else {
                        break;
                    };
                    let _ = done.send((index, play(fixture, settings)));
                }
            });
        }
        drop(done);
        let mut games: Vec<Option<Played>> = fixtures.iter().map(|_| None).collect();
        for (count, (index, played)) in finished.iter().enumerate() {
            progress(
                count + 1,
                fixtures.len(),
                &fixtures[index],
                &played,
                settings,
            );
            games[index] = Some(played);
        }
        games
            .into_iter()
            .map(|g| g.expect("every game is played"))
            .collect()
    })
}

/// The line on stderr for a game just ended.
fn progress(count: usize, total: usize, fixture: &Fixture, played: &Played, settings: &Settings) {
    let [a, b] = &settings.engines;
    let (white, black) = if fixture.a_side == Side::White {
        (a, b)
    } else {
        (b, a)
    };
    eprintln!(
        "[{count}/{total}] {} game {} ({}; {} White, {} Black): {} after {} plies",
        fixture.variant.id(),
        fixture.number,
        fixture.opening.join(" "),
        white.name,
        black.name,
        played.how,
        played.plies,
    );
}

/// A's Elo difference from its mean score: `-400·log10(1/score − 1)`, written as
/// `400·log10(score / (1 − score))` so that an even score is +0 (±∞ at 0 and 1).
fn elo(score: f64) -> f64 {
    400.0 * (score / (1.0 - score)).log10()
}

/// The mean of the per-game scores.
fn mean(scores: &[f64]) -> f64 {
    scores.iter().sum::<f64>() / scores.len() as f64
}

/// Half the width of the 95 % interval of the Elo difference: the mean score ± 1.96 standard
/// errors (the per-game scores' deviation over √n), each end mapped through [`elo`]. Infinite
/// when an end reaches a score of 0 or 1.
fn elo_margin(scores: &[f64]) -> f64 {
    let n = scores.len() as f64;
    let mean = mean(scores);
    let variance = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n;
    let spread = 1.96 * (variance / n).sqrt();
    let low = (mean - spread).max(0.0);
    let high = (mean + spread).min(1.0);
    let margin = (elo(high) - elo(low)) / 2.0;
    if margin.is_finite() {
        margin
    } else {
        f64::INFINITY
    }
}

/// The likelihood that A is the stronger, from the decisive games alone:
/// `½·(1 + erf((W − L) / √(2(W + L))))`, ½ with none.
fn superiority(wins: usize, losses: usize) -> f64 {
    if wins + losses == 0 {
        return 0.5;
    }
    let (w, l) = (wins as f64, losses as f64);
    0.5 * (1.0 + erf((w - l) / (2.0 * (w + l)).sqrt()))
}

/// The error function (Abramowitz and Stegun 7.1.26, within 1.5·10⁻⁷).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = [
        1.061_405_429,
        -1.453_152_027,
        1.421_413_741,
        -0.284_496_736,
        0.254_829_592,
    ]
    .iter()
    .fold(0.0, |sum, a| (sum + a) * t);
    (1.0 - poly * (-x * x).exp()).copysign(x)
}

/// A signed Elo figure, whole points, `+∞` or `−∞` past the ends.
fn signed(elo: f64) -> String {
    match elo {
        e if e == f64::INFINITY => "+∞".into(),
        e if e == f64::NEG_INFINITY => "−∞".into(),
        e => format!("{e:+.0}"),
    }
}

/// The table's row for `games` (with their fixtures): A's results against B.
fn row(label: &str, games: &[(&Fixture, &Played)]) -> String {
    let scores: Vec<f64> = games.iter().map(|(_, p)| p.points).collect();
    let count = |points: f64| scores.iter().filter(|s| **s == points).count();
    let (wins, draws, losses) = (count(1.0), count(0.5), count(0.0));
    let forfeits = |seat: usize| {
        games
            .iter()
            .filter(|(_, p)| p.forfeit == Some(seat))
            .count()
    };
    let plies: usize = games.iter().map(|(_, p)| p.plies).sum();
    let margin = elo_margin(&scores);
    let margin = if margin.is_finite() {
        format!("±{margin:.0}")
    } else {
        "±∞".into()
    };
    format!(
        "| {label} | {} | {wins} | {draws} | {losses} | {}/{} | {} | {margin} | {:.1} % \
         | {}/{} | {} |",
        games.len(),
        scores.iter().sum::<f64>(),
        games.len(),
        signed(elo(mean(&scores))),
        100.0 * superiority(wins, losses),
        forfeits(0),
        forfeits(1),
        plies / games.len().max(1),
    )
}

/// `name (PATH extra arguments…)`.
fn described(engine: &Engine) -> String {
    let mut command = vec![engine.path.display().to_string()];
    command.extend(engine.extra.iter().cloned());
    format!("{} ({})", engine.name, command.join(" "))
}

/// Prints the header, the table per variant and in total, every forfeit and the engines' time
/// per turn.
fn report(fixtures: &[Fixture], games: &[Played], settings: &Settings) {
    let [a, b] = &settings.engines;
    println!(
        "A = {}, B = {}: {} a turn, {} plies at most (a draw), seed {}, {} game(s) at once{}",
        described(a),
        described(b),
        settings.budget,
        settings.plies,
        settings.seed,
        settings.jobs,
        settings.adjudicate.map_or(String::new(), |cp| format!(
            ", a win adjudicated when both engines give it {cp} or more {AGREEING_TURNS} turns running"
        )),
    );
    println!();
    println!(
        "| variant | games | {0} won | drawn | {0} lost | {0}'s score | Elo {0} − {1} | 95 % | LOS \
         | forfeits {0}/{1} | mean plies |",
        a.name, b.name
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    let all: Vec<(&Fixture, &Played)> = fixtures.iter().zip(games).collect();
    for id in &settings.variants {
        let these: Vec<_> = all
            .iter()
            .copied()
            .filter(|(f, _)| f.variant.id() == id)
            .collect();
        println!("{}", row(id, &these));
    }
    if settings.variants.len() > 1 {
        println!("{}", row("**total**", &all));
    }
    println!();
    for (fixture, played) in all.iter().filter(|(_, p)| p.forfeit.is_some()) {
        println!(
            "- {} game {}: {}",
            fixture.variant.id(),
            fixture.number,
            played.how
        );
    }
    for (seat, engine) in settings.engines.iter().enumerate() {
        let mut timing = Timing::default();
        games.iter().for_each(|p| timing.merge(&p.timing[seat]));
        println!(
            "- {}: turns answered {}, {:.0} ms a turn on average, the longest {:.0} ms \
             (process start to exit)",
            engine.name,
            timing.turns,
            timing.total.as_secs_f64() * 1000.0 / f64::from(timing.turns.max(1)),
            timing.longest.as_secs_f64() * 1000.0
        );
    }
}

/// Checks the arithmetic against figures worked out by hand; false if one is off.
fn self_test() -> bool {
    let close = |a: f64, b: f64| (a - b).abs() < 0.01;
    let mut scores = vec![1.0; 12];
    scores.extend([0.5; 20]);
    scores.extend([0.0; 8]);
    let checks = [
        ("elo(0.5)", elo(0.5) == 0.0 && elo(0.5).is_sign_positive()),
        ("elo(0.75)", close(elo(0.75), 190.85)),
        ("elo(0.25)", close(elo(0.25), -190.85)),
        ("elo(1)", elo(1.0) == f64::INFINITY),
        (
            "margin 20-0-20",
            close(elo_margin(&[[1.0; 20], [0.0; 20]].concat()), 111.33),
        ),
        ("margin 12-20-8", close(elo_margin(&scores), 77.43)),
        ("margin all won", elo_margin(&[1.0; 4]) == f64::INFINITY),
        ("LOS 10-5", close(superiority(10, 5), 0.9016)),
        ("LOS 5-10", close(superiority(5, 10), 0.0984)),
        ("LOS 12-8", close(superiority(12, 8), 0.8145)),
        (
            "score read",
            last_score("depth 3 score cp 12 nodes 9\ndepth 4 score cp -40 nodes 99") == Some(-40)
                && last_score("depth 9 score mate -3 nodes 5") == Some(-100_000)
                && last_score("no score here").is_none(),
        ),
        (
            "adjudicated",
            agreed(&[Some(700); 6], 600) == Some(Verdict::win_for(Side::White))
                && agreed(&[Some(-700); 7], 600) == Some(Verdict::win_for(Side::Black))
                && agreed(&[Some(700); 5], 600).is_none()
                && agreed(
                    &[
                        Some(700),
                        Some(500),
                        Some(700),
                        Some(700),
                        Some(700),
                        Some(700),
                    ],
                    600,
                )
                .is_none()
                && agreed(
                    &[None, Some(700), Some(700), Some(700), Some(700), Some(700)],
                    600,
                )
                .is_none(),
        ),
    ];
    for (name, ok) in &checks {
        println!("{name}: {}", if *ok { "ok" } else { "WRONG" });
    }
    checks.iter().all(|(_, ok)| *ok)
}

fn main() {
    if std::env::args().any(|a| a == "--self-test") {
        std::process::exit(if self_test() { 0 } else { 1 });
    }
    let settings = settings(std::env::args().skip(1)).unwrap_or_else(|why| {
        eprintln!("match: {why}");
        std::process::exit(2);
    });
    let fixtures = fixtures(&settings);
    let games = play_all(&fixtures, &settings);
    report(&fixtures, &games, &settings);
    if let Some(path) = &settings.pgn {
        let records: Vec<&str> = games.iter().filter_map(|g| g.record.as_deref()).collect();
        let mut temporary = path.clone().into_os_string();
        temporary.push(".tmp");
        let written = std::fs::write(&temporary, records.join("\n"))
            .and_then(|()| std::fs::rename(&temporary, path));
        if let Err(why) = written {
            eprintln!("match: --pgn {}: {why}", path.display());
            std::process::exit(1);
        }
    }
}
