//! `--random`: the server measured under cheap clients. Flags: `--games N` live games (two
//! players each, every player its own connection; at most 512, netcode's 1,024 clients),
//! `--stored N` unfinished games put in the data directory before the server starts,
//! `--measure SECONDS` the window turns are counted in once every game is under way (60),
//! `--plies N` the turns after which the player to move resigns (80), `--think MILLISECONDS`
//! a player's mean wait before it plays (0: at once, so the server sets the pace),
//! `--kill-at SECONDS` into the window the server is killed with SIGKILL and started again on
//! the same port and data (the window ends there), `--deadline SECONDS` when everything stops
//! whatever is left (600), and the variants as without `--random`.
//!
//! Every player is a replicon client app of its own (its own renet client, netcode transport
//! and UDP socket, [`client_app`]), and one thread updates them in turn: it proves its
//! identity, seeks a game of its terms (pairs form), and on each state where it is to move
//! plays a random legal turn, measuring the time from the update that sent it to the one that
//! received the state showing it. A player waiting for an answer (its turn's, its seat's, its
//! connection's) is updated on every pass, but never more often than a [`Connection`] (every
//! 5 ms); one with nothing to wait for only every half second (an update costs about 0.1 ms,
//! mostly the packets renet's acknowledgements bring every server frame), and at once when its
//! opponent sees a state it is to act on. A player whose connection is lost builds a new app
//! after the same waits as a [`Connection`], proves itself again, and takes its seat back with
//! `Join` (or seeks anew if its game had not started); the first state after that must begin
//! with every turn it had seen acknowledged.
//!
//! This module runs the bench, measures its window and prints the report; the players are in
//! [`player`], the thread driving them in [`driver`], the `kill -9` and what follows in
//! [`resume`], the data directory in [`store`], and what is read from the system in [`system`].
//!
//! [`client_app`]: oddboard::net::client::client_app
//! [`Connection`]: oddboard::net::client::Connection

mod driver;
mod player;
mod resume;
mod store;
mod system;

use crate::{Settings, serve, stop, usage};
use driver::Driver;
use oddboard::net::bot::quantile;
use resume::kill_and_resume;
use std::time::{Duration, Instant};
use store::{database_size, fill, finished_among, stored_stats};
use system::{enough_files, keep_log, took_up_line, udp_drops};

/// The most games at once: netcode lets 1,024 clients into one server.
const MOST_GAMES: usize = 512;

/// How many new clients are built between two passes while the players connect.
const RAMP: usize = 25;

/// How long every game may take to get under way before the window starts anyway.
const WARM_UP: Duration = Duration::from_secs(90);

/// Runs the bench; the process's exit code.
pub(super) fn run(settings: &Settings) -> i32 {
    let games = settings.games.clamp(1, MOST_GAMES);
    if games < settings.games {
        println!("at most {MOST_GAMES} games at once (netcode's 1,024 clients): {games} played");
    }
    enough_files(2 * games + 256);
    let variants = settings.variants.clone();

    println!("measuring an empty server's memory");
    let empty = tempfile::TempDir::new().expect("a temporary data directory");
    let records = tempfile::TempDir::new().expect("a temporary records directory");
    let mut bare = serve(records.path(), Some(empty.path()), 0);
    std::thread::sleep(Duration::from_secs(2));
    let (_, _, bare_memory) = usage(bare.child.id());
    let bare_listening = bare.until_listening;
    stop(&mut bare);

    let data = tempfile::TempDir::new().expect("a temporary data directory");
    println!("storing {} unfinished games", settings.stored);
    let filling = Instant::now();
    fill(data.path(), settings.stored, &variants);
    let filled_in = filling.elapsed();
    let size_before = database_size(data.path());

    let mut server = serve(records.path(), Some(data.path()), 0);
    let took_up = server.until_listening;
    std::thread::sleep(Duration::from_secs(2));
    let (_, _, stored_memory) = usage(server.child.id());
    println!(
        "the server took up {} stored games and listened after {:.2} s",
        settings.stored,
        took_up.as_secs_f64()
    );

    let started = Instant::now();
    let deadline = started + settings.deadline;
    let mut driver = Driver::new(server.address, games, &variants, settings);
    println!("connecting {} players", 2 * games);
    let mut built = 0;
    while Instant::now() < deadline && started.elapsed() < WARM_UP {
        if built < driver.players.len() {
            built = (built + RAMP).min(driver.players.len());
        }
        driver.pass(built);
        if built == driver.players.len() && driver.live_games() * 20 >= games * 19 {
            break;
        }
    }
    let warm_up = started.elapsed();
    println!(
        "{} of {games} games under way after {:.1} s",
        driver.live_games(),
        warm_up.as_secs_f64()
    );

    let window = settings
        .kill_at
        .unwrap_or(settings.measure)
        .min(settings.measure);
    let (cpu_before, _, _) = usage(server.child.id());
    let (driver_before, _, _) = usage(std::process::id());
    let drops_before = udp_drops(server.address.port());
    driver.passes.clear();
    let from = Instant::now();
    let mut live = Vec::new();
    let mut rss = Vec::new();
    let mut sampled = from;
    while Instant::now() < deadline && from.elapsed() < window {
        driver.pass(built);
        if sampled.elapsed() >= Duration::from_secs(1) {
            sampled = Instant::now();
            live.push(driver.live_games());
            rss.push(usage(server.child.id()).2);
        }
    }
    let to = Instant::now();
    let (cpu_after, peak, _) = usage(server.child.id());
    let driver_cpu = usage(std::process::id()).0.saturating_sub(driver_before);
    let drops_after = udp_drops(server.address.port());
    let server_drops = drops_after.0.saturating_sub(drops_before.0);
    let client_drops = drops_after.1.saturating_sub(drops_before.1);
    let measured = Measured::of(&driver, from, to, cpu_after.saturating_sub(cpu_before));
    let passes = std::mem::take(&mut driver.passes);
    let slices: Vec<String> = (0..)
        .map(|slice| from + Duration::from_secs(5 * slice))
        .take_while(|start| *start < to)
        .map(|start| {
            let mut trips: Vec<Duration> = driver
                .common
                .tally
                .trips
                .iter()
                .filter(|(at, _, _)| (start..start + Duration::from_secs(5)).contains(at))
                .map(|&(_, trip, _)| trip)
                .collect();
            trips.sort();
            format!(
                "{} turns, {:.0}/{:.0} ms",
                trips.len(),
                quantile(&trips, 0.5),
                quantile(&trips, 0.99)
            )
        })
        .collect();
    let live_mean = live.iter().sum::<usize>() as f64 / live.len().max(1) as f64;
    let rss_mean = rss.iter().sum::<u64>() as f64 / rss.len().max(1) as f64;

    let resumed = settings.kill_at.map(|_| {
        let resume = kill_and_resume(
            &mut driver,
            &mut server,
            records.path(),
            data.path(),
            built,
            deadline,
            &measured,
        );
        println!(
            "{} players sat again after the restart",
            resume.seated.len()
        );
        resume
    });

    let finished_before_end = driver.common.tally.finished.len();
    for player in &mut driver.players {
        player.hang_up();
    }
    stop(&mut server);
    let logged = server.logged.join().unwrap_or_default();
    let last_took_up = took_up_line(&logged);
    keep_log(&logged, "last");
    let mut resumed = resumed;
    let first_took_up = match &mut resumed {
        Some(resumed) => {
            resumed.took_up = last_took_up;
            resumed.killed_took_up.clone()
        }
        None => last_took_up,
    };
    let stored = stored_stats(data.path());
    if let Some(resumed) = &mut resumed {
        resumed.refused_finished = finished_among(data.path(), &resumed.refused);
    }
    let size_after = database_size(data.path());

    let mut rows: Vec<(String, String)> = Vec::new();
    let mut row = |what: &str, value: String| rows.push((what.to_string(), value));
    let mb = |bytes: f64| format!("{:.1} MiB", bytes / (1024.0 * 1024.0));
    let kib = |bytes: f64| format!("{:.1} KiB", bytes / 1024.0);
    row(
        "live games (players connected)",
        format!(
            "{live_mean:.0} on average in the window, of {games} ({} clients)",
            2 * games
        ),
    );
    row("variants", variants.join(" "));
    row(
        "stored unfinished games when the server started",
        format!(
            "{} (stored in {:.1} s; the server: {first_took_up})",
            settings.stored,
            filled_in.as_secs_f64()
        ),
    );
    row(
        "server start until listening: empty / with the stored games",
        format!(
            "{:.2} s / {:.2} s",
            bare_listening.as_secs_f64(),
            took_up.as_secs_f64()
        ),
    );
    row(
        "measured window",
        format!(
            "{:.0} s, after {:.1} s for every game to get under way",
            measured.wall.as_secs_f64(),
            warm_up.as_secs_f64()
        ),
    );
    row(
        "turns a second sustained",
        format!("{:.0} ({} turns)", measured.rate(), measured.trips.len()),
    );
    row(
        "turn round trip median / 99th percentile",
        format!(
            "{:.1} ms / {:.1} ms",
            quantile(&measured.trips, 0.5),
            quantile(&measured.trips, 0.99)
        ),
    );
    row(
        "server CPU in the window",
        format!(
            "{:.0} % of one core ({:.1} s in {:.0} s)",
            100.0 * measured.cpu.as_secs_f64() / measured.wall.as_secs_f64(),
            measured.cpu.as_secs_f64(),
            measured.wall.as_secs_f64()
        ),
    );
    row(
        "server CPU per turn (all its work in the window over the turns played)",
        format!(
            "{:.0} µs",
            measured.cpu.as_secs_f64() * 1e6 / measured.trips.len().max(1) as f64
        ),
    );
    row(
        "the client driver's CPU in the window (this process, one thread of it driving)",
        format!(
            "{:.0} % of one core",
            100.0 * driver_cpu.as_secs_f64() / measured.wall.as_secs_f64()
        ),
    );
    row(
        "datagrams dropped in the window, their socket's buffer full: the server's / the players'",
        format!("{server_drops} / {client_drops}"),
    );
    row(
        "server memory: empty / stored games taken up / in the window (peak)",
        format!(
            "{} / {} / {} ({})",
            mb(bare_memory as f64),
            mb(stored_memory as f64),
            mb(rss_mean),
            mb(peak as f64)
        ),
    );
    row(
        "memory per stored game taken up",
        kib((stored_memory as f64 - bare_memory as f64) / settings.stored.max(1) as f64),
    );
    row(
        "memory per live game (its table and two connections)",
        kib((rss_mean - stored_memory as f64) / live_mean.max(1.0)),
    );
    row(
        "games finished",
        format!(
            "{} in the window, {} in the run ({} in the database)",
            measured.finished, finished_before_end, stored.finished
        ),
    );
    row(
        "database size per finished game",
        format!(
            "{} of file ({} before the run, {} after; {} unfinished rows), {} of record",
            kib(size_after.saturating_sub(size_before) as f64 / stored.finished.max(1) as f64),
            mb(size_before as f64),
            mb(size_after as f64),
            stored.unfinished,
            kib(stored.finished_bytes / stored.finished.max(1) as f64),
        ),
    );
    if let Some(resumed) = &resumed {
        resumed.rows(&mut row);
    }
    row(
        "the client driver's pass over every player: median / 99th percentile",
        {
            let mut passes = passes;
            passes.sort();
            format!(
                "{:.1} ms / {:.1} ms",
                quantile(&passes, 0.5),
                quantile(&passes, 0.99)
            )
        },
    );
    row(
        "the client driver's app updates: a second / mean time each",
        format!(
            "{:.0} / {:.0} µs",
            driver.common.updates as f64 / started.elapsed().as_secs_f64(),
            driver.common.updating.as_secs_f64() * 1e6 / driver.common.updates.max(1) as f64
        ),
    );
    row(
        "connections made / lost / not answered in time",
        format!(
            "{} / {} / {}",
            driver.common.tally.welcomed, driver.common.tally.lost, driver.common.tally.unanswered
        ),
    );

    println!();
    println!("| measure | value |");
    println!("|---|---|");
    for (what, value) in &rows {
        println!("| {what} | {value} |");
    }
    println!();
    for (why, count) in &driver.common.tally.refused {
        println!("refused {count} times: {why}");
    }
    for (what, count) in &driver.common.tally.odd {
        println!("{count} times: {what}");
    }
    println!(
        "the window by 5 s (turns, round trip median/99th percentile): {}",
        slices.join("; ")
    );
    println!("server log lines (last server): {}", logged.len());
    let lost_turns: usize = driver
        .common
        .tally
        .rejoined
        .iter()
        .filter_map(|(_, r)| r.err())
        .sum();
    let failed = measured.trips.is_empty()
        || lost_turns > 0
        || resumed.as_ref().is_some_and(|r| !r.complete());
    i32::from(failed)
}

/// The numbers of the measured window.
struct Measured {
    wall: Duration,
    cpu: Duration,
    trips: Vec<Duration>,
    finished: usize,
}

impl Measured {
    /// The window from `from` to `to`, the server having used `cpu`.
    fn of(driver: &Driver, from: Instant, to: Instant, cpu: Duration) -> Measured {
        let mut trips: Vec<Duration> = driver
            .common
            .tally
            .trips
            .iter()
            .filter(|(at, _, _)| (from..to).contains(at))
            .map(|&(_, trip, _)| trip)
            .collect();
        trips.sort();
        let finished = driver
            .common
            .tally
            .finished
            .values()
            .filter(|at| (from..to).contains(*at))
            .count();
        Measured {
            wall: to - from,
            cpu,
            trips,
            finished,
        }
    }

    /// Turns a second.
    fn rate(&self) -> f64 {
        self.trips.len() as f64 / self.wall.as_secs_f64()
    }
}
