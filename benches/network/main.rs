//! The load benchmark: one `oddboard serve` process on 127.0.0.1 and many games at once between
//! bots (`net::bot`, Beginner) on threads of this process, two a game, seeking the same terms.
//! Prints a Markdown table: games finished, turns, the turn round trip (median and 99th
//! percentile, each from a bot's sending a turn to the server's state showing it played), the
//! server's CPU time and peak memory; then checks that every record the server wrote replays
//! to the result both of its bots saw. Stops by itself: the server is stopped at a deadline
//! and any bot still playing then counts as unfinished.
//!
//! `cargo bench --bench network -- [--games N] [--deadline SECONDS] [VARIANT…]` (defaults:
//! 50 games, 600 s, chess; `all` for a mix of every variant, game by game in turn).
//!
//! With `--random` it measures the server rather than the bots: cheap clients that play a
//! uniformly random legal turn as soon as it is theirs (no search), all driven from one thread
//! of this process ([`cheap`]), against a server keeping everything in a data directory that
//! already holds `--stored N` unfinished games (taken up when it starts). It reports the turns
//! a second the server sustains, their round trip, the server's CPU and memory (per stored and
//! per live table), the database's size per finished game and, with `--kill-at SECONDS`, how
//! long the server and its players take to resume after a `kill -9` (and that no acknowledged
//! turn was lost). See [`cheap`] for its flags.

mod cheap;
#[path = "../../tests/support/serve.rs"]
mod serve;

use bevy_replicon::postcard_utils;
use oddboard::net::bot::{self, BotReport, BotSettings, quantile};
use oddboard::net::client::{Connection, NetEvent};
use oddboard::net::identity::Identity;
use oddboard::net::protocol::{ClientMsg, ServerMsg, Terms};
use oddboard::rules::{Game, Level, ids};
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command};
use std::sync::Arc;
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The bench's settings, from its arguments.
struct Settings {
    /// Games played at once.
    games: usize,
    /// When the server is stopped whatever is still being played.
    deadline: Duration,
    /// The variants, one game each in turn.
    variants: Vec<String>,
    /// Cheap clients playing random turns, the server keeping a data directory (`--random`).
    random: bool,
    /// Unfinished games stored before the server starts (`--stored N`, with `--random`).
    stored: usize,
    /// How long turns are counted once every game is under way (`--measure SECONDS`).
    measure: Duration,
    /// When, into the measured window, the server is killed and started again
    /// (`--kill-at SECONDS`; none without it).
    kill_at: Option<Duration>,
    /// The turns after which a cheap client resigns instead of playing (`--plies N`).
    plies: u32,
    /// A cheap client's mean wait before it plays (`--think MILLISECONDS`; 0: at once).
    think: Duration,
}

/// The settings from the command line (`--bench`, which cargo adds, is skipped).
fn settings() -> Settings {
    let mut settings = Settings {
        games: 50,
        deadline: Duration::from_secs(600),
        variants: Vec::new(),
        random: false,
        stored: 0,
        measure: Duration::from_secs(60),
        kill_at: None,
        plies: 80,
        think: Duration::ZERO,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = || args.next().and_then(|n| n.parse::<u64>().ok()).unwrap_or(0);
        match arg.as_str() {
            "--bench" => {}
            "--games" => settings.games = number() as usize,
            "--deadline" => settings.deadline = Duration::from_secs(number()),
            "--random" => settings.random = true,
            "--stored" => settings.stored = number() as usize,
            "--measure" => settings.measure = Duration::from_secs(number()),
            "--kill-at" => settings.kill_at = Some(Duration::from_secs(number())),
            "--plies" => settings.plies = number() as u32,
            "--think" => settings.think = Duration::from_millis(number()),
            "all" => settings.variants.extend(ids().map(str::to_string)),
            id => settings.variants.push(id.to_string()),
        }
    }
    if settings.variants.is_empty() {
        settings.variants.push("chess".into());
    }
    settings
}

/// The server process, its address, the lines it logs (read until it stops) and how long it
/// took to listen.
struct Serve {
    child: Child,
    address: SocketAddr,
    logged: JoinHandle<Vec<String>>,
    /// From its start until it said where it listens.
    until_listening: Duration,
}

/// Starts `oddboard serve` on `port` of 127.0.0.1 (0: a free one) writing records into
/// `records`, keeping its store in `data` if given; its log is read on a thread so that it
/// never blocks on a full pipe.
fn serve(records: &Path, data: Option<&Path>, port: u16) -> Serve {
    let started = Instant::now();
    let mut command = Command::new(env!("CARGO_BIN_EXE_oddboard"));
    command
        .args(["serve", "--bind", "127.0.0.1", "--port", &port.to_string()])
        .arg("--records")
        .arg(records);
    if let Some(data) = data {
        command.arg("--data").arg(data);
    }
    let (child, address, logged) = serve::start(&mut command);
    Serve {
        child,
        address,
        logged,
        until_listening: started.elapsed(),
    }
}

/// Stops a server (SIGKILL: `serve` has no other end) and waits for it.
fn stop(server: &mut Serve) {
    let _ = server.child.kill();
    let _ = server.child.wait();
}

/// The process's CPU time (user and system) and its peak and current resident memory in
/// bytes, from /proc.
fn usage(pid: u32) -> (Duration, u64, u64) {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or(Vec::new(), |(_, rest)| rest.split_whitespace().collect());
    let ticks: u64 = [11, 12]
        .iter()
        .filter_map(|&i| fields.get(i)?.parse::<u64>().ok())
        .sum();
    let per_second = Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok()?.trim().parse::<u64>().ok())
        .unwrap_or(100);
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let kilobytes = |key: &str| {
        status
            .lines()
            .find_map(|line| line.strip_prefix(key))
            .and_then(|rest| rest.split_whitespace().next()?.parse::<u64>().ok())
            .unwrap_or(0)
            * 1024
    };
    (
        Duration::from_millis(ticks * 1000 / per_second),
        kilobytes("VmHWM:"),
        kilobytes("VmRSS:"),
    )
}

/// The numbers of the tables whose record the server wrote (its file names end
/// `-<table>-<variant>.pgn`).
fn finished_tables(records: &Path) -> Vec<u32> {
    std::fs::read_dir(records)
        .map(|entries| {
            entries
                .filter_map(|entry| {
                    let name = entry.ok()?.file_name().into_string().ok()?;
                    name.split('-').nth(1)?.parse().ok()
                })
                .collect()
        })
        .unwrap_or_default()
}

/// What a spectator sees of each table 1 to `games` that has no record yet: its number, the
/// turns played, the side to move and the size of its state as sent.
fn watch_unfinished(address: SocketAddr, finished: &[u32], games: usize) -> Vec<String> {
    let tables: Vec<u32> = (1..=games as u32)
        .filter(|t| !finished.contains(t))
        .collect();
    if tables.is_empty() {
        return Vec::new();
    }
    let Ok(identity) = Identity::generate() else {
        return vec!["no identity for the spectator".into()];
    };
    let Ok(spectator) = Connection::open(address, Arc::new(identity), Arc::new(|| {})) else {
        return vec!["no spectator could connect".into()];
    };
    let mut seen = Vec::new();
    let mut waiting = tables.clone();
    let mut asked = false;
    for _ in 0..5000 {
        while let Some(event) = spectator.next() {
            match event {
                NetEvent::Connected => asked = true,
                NetEvent::Message(ServerMsg::State(state)) => {
                    let mut bytes = Vec::new();
                    let _ = postcard_utils::to_extend_mut(&*state, &mut bytes);
                    let to_move = Game::from_record(&state.record)
                        .map_or("?".to_string(), |g| format!("{:?}", g.position().side));
                    seen.push(format!(
                        "table {}: {} turns, {to_move} to move, away {:?}, state {} bytes",
                        state.table,
                        state.record.turns.len(),
                        state.away,
                        bytes.len()
                    ));
                    waiting.retain(|&t| t != state.table);
                    asked = true;
                }
                NetEvent::Closed(why) => {
                    seen.push(format!("the spectator's connection closed: {why}"));
                    return seen;
                }
                NetEvent::Message(ServerMsg::Refused(why)) => {
                    seen.push(format!("table {:?}: {why}", waiting.first()));
                    waiting.remove(0);
                    asked = true;
                }
                _ => {}
            }
        }
        if asked {
            asked = false;
            match waiting.first() {
                Some(&table) => spectator.send(ClientMsg::Watch { table }),
                None => break,
            }
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    seen
}

/// The server's log lines about the bot named `bot`: its connection's and its table's.
fn log_of<'a>(logged: &'a [String], bot: &str) -> Vec<&'a str> {
    let number_after = |line: &str, word: &str| {
        let rest = line.split_once(word)?.1;
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        (!digits.is_empty()).then_some(digits)
    };
    let mut keys = Vec::new();
    for line in logged.iter().filter(|l| l.contains(&format!("({bot})"))) {
        keys.extend(number_after(line, "client ").map(|n| format!("client {n} ")));
        keys.extend(number_after(line, "table ").map(|n| format!("table {n} ")));
    }
    logged
        .iter()
        .filter(|line| {
            let line = format!("{line} ").replace(':', " ");
            keys.iter().any(|key| line.contains(key.as_str()))
        })
        .map(String::as_str)
        .collect()
}

/// A bot's name: its game and its seat in the order the bots were started.
fn name(game: usize, seat: usize) -> String {
    format!("bot {game}.{seat}")
}

fn main() {
    let settings = settings();
    if settings.random {
        std::process::exit(cheap::run(&settings));
    }
    let records = tempfile::TempDir::new().expect("a temporary records directory");
    let mut server = serve(records.path(), None, 0);
    let started = Instant::now();
    let (done, finished) = channel();
    let identity = Arc::new(Identity::generate().expect("an identity for the bots"));
    for game in 0..settings.games {
        let variant = &settings.variants[game % settings.variants.len()];
        for seat in 1..=2 {
            let bot = BotSettings {
                address: server.address,
                level: Level::Beginner,
                terms: Terms {
                    variant: variant.clone(),
                    options: Vec::new(),
                    clock: None,
                    rated: false,
                    file: None,
                },
                name: name(game, seat),
                identity: identity.clone(),
            };
            let done = done.clone();
            std::thread::spawn(move || {
                let name = bot.name.clone();
                let _ = done.send((name, bot::play(bot)));
            });
        }
    }
    drop(done);

    let mut reports: BTreeMap<String, BotReport> = BTreeMap::new();
    let mut failures = Vec::new();
    while reports.len() + failures.len() < 2 * settings.games {
        let left = settings.deadline.saturating_sub(started.elapsed());
        match finished.recv_timeout(left) {
            Ok((name, Ok(report))) => {
                reports.insert(name, report);
            }
            Ok((name, Err(why))) => failures.push(format!("{name}: {why}")),
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => break,
        }
    }
    let wall = started.elapsed();
    let (cpu, peak, resident) = usage(server.child.id());
    let stopped = server.child.try_wait().ok().flatten();
    let stuck = watch_unfinished(
        server.address,
        &finished_tables(records.path()),
        settings.games,
    );
    stop(&mut server);
    let logged = server.logged.join().unwrap_or_default();

    let games_finished = (0..settings.games)
        .filter(|&game| (1..=2).all(|seat| reports.contains_key(&name(game, seat))))
        .count();
    let mut trips: Vec<Duration> = reports
        .values()
        .flat_map(|r| r.round_trips.iter().copied())
        .collect();
    trips.sort();
    let megabytes = |bytes: u64| bytes as f64 / (1024.0 * 1024.0);
    println!(
        "| games at once | variants | finished | turns | round trip median | 99th percentile | \
         server CPU | server peak memory (now) | wall time |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    println!(
        "| {} | {} | {games_finished} | {} | {:.1} ms | {:.1} ms | {:.1} s | {:.1} MiB ({:.1}) | {:.1} s |",
        settings.games,
        settings.variants.join(" "),
        trips.len(),
        quantile(&trips, 0.5),
        quantile(&trips, 0.99),
        cpu.as_secs_f64(),
        megabytes(peak),
        megabytes(resident),
        wall.as_secs_f64(),
    );
    println!("server log lines: {}", logged.len());
    if let Some(status) = stopped {
        println!("the server stopped by itself ({status}); its last lines:");
        for line in &logged[logged.len().saturating_sub(12)..] {
            println!("    {line}");
        }
    }
    for failure in &failures {
        println!("failed: {failure}");
    }
    let unfinished: Vec<String> = (0..settings.games)
        .flat_map(|game| (1..=2).map(move |seat| name(game, seat)))
        .filter(|bot| !reports.contains_key(bot) && !failures.iter().any(|f| f.starts_with(bot)))
        .collect();
    for line in &stuck {
        println!("still playing: {line}");
    }
    for bot in &unfinished {
        println!("unfinished: {bot}; the server's log of it:");
        for line in log_of(&logged, bot) {
            println!("    {line}");
        }
    }

    let mut replayed = 0;
    let mut wrong = Vec::new();
    for entry in std::fs::read_dir(records.path()).expect("the records directory") {
        let path = entry.expect("a directory entry").path();
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let check = Game::from_pgn(&text)
            .map_err(|e| e.to_string())
            .and_then(|(game, header)| {
                let result = game.outcome().map(|o| o.to_string()).unwrap_or_default();
                let white = header.white.unwrap_or_default();
                match reports.get(&white) {
                    Some(report) if report.result == result => Ok(()),
                    Some(report) => Err(format!("{result}, its bot saw {}", report.result)),
                    None => Err(format!("{result}, by a bot that did not finish ({white})")),
                }
            });
        match check {
            Ok(()) => replayed += 1,
            Err(why) => wrong.push(format!("{}: {why}", path.display())),
        }
    }
    println!("records replayed to their result: {replayed} of {games_finished} games finished");
    for why in &wrong {
        println!("record wrong: {why}");
    }
    if games_finished < settings.games || !wrong.is_empty() || replayed != games_finished {
        std::process::exit(1);
    }
}
