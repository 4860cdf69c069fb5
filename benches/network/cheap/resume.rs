//! `--kill-at`: the server killed with SIGKILL in the measured window and started again at
//! once on the same port and data, the players driven until they sit again, and how long that
//! took, whether every acknowledged turn was kept, and the rate of turns after.

use super::Measured;
use super::driver::Driver;
use super::system::{keep_log, took_up_line};
use crate::{Serve, serve, stop};
use oddboard::net::client::SILENCE;
use oddboard::net::protocol::TableId;
use std::path::Path;
use std::time::{Duration, Instant};

/// How long the players may take to be seated again after a restart.
const RESUME_WAIT: Duration = Duration::from_secs(120);

/// How long turns are counted after the players are back.
const AFTER_RESUME: Duration = Duration::from_secs(20);

/// How the server and its players came back after a `kill -9`.
pub(super) struct Resumed {
    /// The players that asked their seat back (at a game under way when they last heard).
    expected: usize,
    /// Until the new server listened (from the kill; it is started at once).
    listening: Duration,
    /// The games it took up, as it logged them.
    pub(super) took_up: String,
    /// The games the killed server had taken up when it started, as it logged them.
    pub(super) killed_took_up: String,
    /// From the kill until each player sat again, in order.
    pub(super) seated: Vec<Duration>,
    /// Until the first turn after the restart was acknowledged.
    first_turn: Option<Duration>,
    /// Until a second's turns came back to half the rate before the kill.
    half_rate: Option<Duration>,
    /// Seats whose state began with every acknowledged turn, and those that lacked some
    /// (with how many turns missing).
    kept: usize,
    missing: Vec<usize>,
    /// The tables whose seat was refused (the game no longer on the server), and how many
    /// of them the database holds as finished (the game ended before the kill, after the
    /// last state the player had seen).
    pub(super) refused: Vec<TableId>,
    pub(super) refused_finished: usize,
    /// Turns a second once the players were back.
    rate_after: f64,
}

impl Resumed {
    /// Whether every player came back and no acknowledged turn was lost.
    pub(super) fn complete(&self) -> bool {
        self.seated.len() + self.refused.len() >= self.expected
            && self.missing.is_empty()
            && self.refused_finished == self.refused.len()
    }

    /// Its rows of the table.
    pub(super) fn rows(&self, row: &mut impl FnMut(&str, String)) {
        let seconds = |d: Option<Duration>| {
            d.map_or("never".to_string(), |d| format!("{:.1} s", d.as_secs_f64()))
        };
        row(
            "kill -9, then started again: until listening",
            format!(
                "{:.2} s (the server: {})",
                self.listening.as_secs_f64(),
                self.took_up
            ),
        );
        let mut seated = self.seated.clone();
        seated.sort();
        row(
            "kill -9 until the players sat again: first / median / last",
            format!(
                "{} / {} / {} ({} players sat again of {} that asked; a lost connection is noticed after {} s of silence)",
                seconds(seated.first().copied()),
                seconds(seated.get(seated.len() / 2).copied()),
                seconds(seated.last().copied()),
                seated.len(),
                self.expected,
                SILENCE.as_secs()
            ),
        );
        row(
            "kill -9 until turns flow: first acknowledged / half the rate before",
            format!("{} / {}", seconds(self.first_turn), seconds(self.half_rate)),
        );
        row(
            "acknowledged turns kept across the kill",
            format!(
                "{} seats began with all their acknowledged turns, {} lacked some ({} turns); {} refused as no longer on the server, {} of them stored finished (ended before the kill, after the last state their player saw)",
                self.kept,
                self.missing.len(),
                self.missing.iter().sum::<usize>(),
                self.refused.len(),
                self.refused_finished
            ),
        );
        row(
            "turns a second once the players were back",
            format!("{:.0} (over {} s)", self.rate_after, AFTER_RESUME.as_secs()),
        );
    }
}

/// Kills the server (SIGKILL), starts it again at once on the same port and data, and
/// drives the players until they are back and turns have been counted for
/// [`AFTER_RESUME`].
pub(super) fn kill_and_resume(
    driver: &mut Driver,
    server: &mut Serve,
    records: &Path,
    data: &Path,
    built: usize,
    deadline: Instant,
    before: &Measured,
) -> Resumed {
    let at_games = driver.players.iter().filter(|p| p.playing()).count();
    let rejoined_before = driver.common.tally.rejoined.len();
    let refused_before = driver.common.tally.rejoin_refused.len();
    let asked_before = driver.common.tally.rejoin_asked;
    println!("kill -9 of the server ({at_games} players at games under way)");
    let killed = Instant::now();
    stop(server);
    let restarted = serve(records, Some(data), server.address.port());
    let listening = killed.elapsed();
    let old = std::mem::replace(server, restarted);
    let old_lines = old.logged.join().unwrap_or_default();
    keep_log(&old_lines, "killed");
    println!("listening again after {:.2} s", listening.as_secs_f64());
    let mut back_at = None;
    while Instant::now() < deadline && killed.elapsed() < RESUME_WAIT + AFTER_RESUME {
        driver.pass(built);
        let all_back = driver.players[..built].iter().all(|p| p.back_since(killed));
        if back_at.is_none() && all_back {
            back_at = Some(Instant::now());
        }
        if back_at.is_some_and(|at| at.elapsed() >= AFTER_RESUME)
            || (back_at.is_none() && killed.elapsed() > RESUME_WAIT)
        {
            break;
        }
    }
    let until = Instant::now();
    let rejoins = &driver.common.tally.rejoined[rejoined_before..];
    let seated = rejoins.iter().map(|(at, _)| *at - killed).collect();
    let kept = rejoins.iter().filter(|(_, r)| r.is_ok()).count();
    let missing = rejoins.iter().filter_map(|(_, r)| r.err()).collect();
    let after: Vec<Instant> = driver
        .common
        .tally
        .trips
        .iter()
        .filter(|&&(_, _, welcomed)| welcomed > killed)
        .map(|&(at, _, _)| at)
        .collect();
    let first_turn = after.first().map(|&at| at - killed);
    let mut half_rate = None;
    let mut second = 0;
    while killed + Duration::from_secs(second + 1) <= until {
        let from = killed + Duration::from_secs(second);
        let to = from + Duration::from_secs(1);
        let count = after.iter().filter(|&&at| (from..to).contains(&at)).count();
        if count as f64 >= before.rate() / 2.0 {
            half_rate = Some(Duration::from_secs(second + 1));
            break;
        }
        second += 1;
    }
    let rate_after = back_at.map_or(0.0, |back| {
        let counted = after.iter().filter(|&&at| at >= back).count();
        counted as f64 / (until - back).as_secs_f64().max(1e-3)
    });
    let refused = driver.common.tally.rejoin_refused[refused_before..].to_vec();
    Resumed {
        expected: driver.common.tally.rejoin_asked - asked_before,
        listening,
        took_up: String::new(),
        killed_took_up: took_up_line(&old_lines),
        seated,
        first_turn,
        half_rate,
        kept,
        missing,
        refused,
        refused_finished: 0,
        rate_after,
    }
}
