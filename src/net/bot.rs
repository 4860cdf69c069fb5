//! `oddboard bot`: the computer opponent as a network player. It seeks a game of the variant
//! and options asked (the server pairs it with whoever asks the same, or opens a table and
//! waits), plays its side with the engine at the level asked until the game ends, and says how
//! it went. Each turn's search runs on a thread of its own while the connection stays alive.
//! Offers are declined; a win left by an opponent who does not come back is claimed. It plays
//! as the player's identity; if the server goes away it says so on stderr, connects again by
//! itself and takes its seat back, and the game goes on.

use super::client::{Connection, NetEvent};
use super::identity::Identity;
use super::protocol::{ClientMsg, ServerMsg, TableId, TableState, Terms};
use super::shared_file::game_of;
use crate::rules::{Game, Level, think};
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How long the bot waits for news before looking at its search again.
const POLL: Duration = Duration::from_millis(2);

/// What the bot is asked to do.
#[derive(Clone, Debug)]
pub struct BotSettings {
    /// The server.
    pub address: SocketAddr,
    /// The level it plays at.
    pub level: Level,
    /// The game it seeks.
    pub terms: Terms,
    /// The name it plays under.
    pub name: String,
    /// Who it plays as.
    pub identity: Arc<Identity>,
}

/// How a bot's game went, for its last line and the load benchmark.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BotReport {
    /// The result and reason, as a record writes them (`1-0 checkmate`).
    pub result: String,
    /// Each of its turns' round trips: sent, until the server's state showed it played.
    pub round_trips: Vec<Duration>,
}

impl BotReport {
    /// One line: the result, the turns it played and their round trips' median and 99th
    /// percentile.
    pub fn summary(&self) -> String {
        let mut trips = self.round_trips.clone();
        trips.sort();
        format!(
            "{}; {} turns played, round trip median {:.1} ms, 99th percentile {:.1} ms",
            self.result,
            trips.len(),
            quantile(&trips, 0.5),
            quantile(&trips, 0.99)
        )
    }
}

/// The `share` quantile of `sorted` durations, in milliseconds (0 for none).
pub fn quantile(sorted: &[Duration], share: f64) -> f64 {
    let at = (sorted.len().saturating_sub(1) as f64 * share).round() as usize;
    sorted.get(at).map_or(0.0, |d| d.as_secs_f64() * 1000.0)
}

/// The bot's game in progress: its search and its turn sent, if any.
#[derive(Default)]
struct Play {
    /// The ply being thought about, and where its answer comes.
    thinking: Option<(u32, Receiver<Option<String>>)>,
    /// The ply of the turn sent, and when.
    sent: Option<(u32, Instant)>,
    report: BotReport,
}

/// Plays one game and returns how it went; an error says why it could not (the server was
/// not reached, or the connection was lost).
pub fn play(settings: BotSettings) -> Result<BotReport, String> {
    let (woken, news) = channel();
    let name = &settings.name;
    let connection = Connection::open(
        settings.address,
        settings.identity,
        Arc::new(move || {
            let _ = woken.send(());
        }),
    )?;
    let mut game = Play::default();
    let mut table = None;
    // The table whose game has started (both seats taken): after a lost connection the bot
    // takes its seat back there; before that it seeks again (a server started again forgets
    // tables that never started).
    let mut started = None;
    loop {
        while let Some(event) = connection.next() {
            match event {
                NetEvent::Connected => connection.send(match started {
                    Some(table) => ClientMsg::Join {
                        name: name.clone(),
                        table,
                    },
                    None => ClientMsg::Seek {
                        name: name.clone(),
                        terms: settings.terms.clone(),
                    },
                }),
                NetEvent::Reconnecting { why, attempt, wait } => {
                    eprintln!(
                        "{name}: {}; connecting again in {:.1} s (try {attempt})",
                        why.trim_end_matches('.'),
                        wait.as_secs_f64()
                    );
                    game.thinking = None;
                    game.sent = None;
                }
                NetEvent::Message(ServerMsg::State(state)) => {
                    table = Some(state.table);
                    if state.names.iter().all(|n| !n.is_empty()) {
                        started = Some(state.table);
                    }
                    if let Some(result) = game.follow(&state, settings.level, &connection) {
                        game.report.result = result;
                        return Ok(game.report);
                    }
                }
                NetEvent::Message(ServerMsg::Refused(why)) if table.is_none() => {
                    return Err(why);
                }
                NetEvent::Message(ServerMsg::Refused(why)) => {
                    eprintln!("{name}: refused: {why}");
                }
                NetEvent::Message(
                    ServerMsg::Unseated { why, .. } | ServerMsg::Closed { why, .. },
                ) => {
                    return Err(format!("{name}: {why}"));
                }
                NetEvent::Message(_) => {}
                NetEvent::Closed(why) => return Err(why),
            }
        }
        if let Some(table) = table {
            game.send_found(table, &connection);
        }
        match news.recv_timeout(POLL) {
            Ok(()) | Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => {
                return Err(format!("{}: the connection ended", settings.address));
            }
        }
    }
}

impl Play {
    /// What the bot does with its table's state: answers offers, claims a game left, starts
    /// thinking on its turn; the result once the game is over.
    fn follow(&mut self, state: &TableState, level: Level, out: &Connection) -> Option<String> {
        let side = state.you?;
        let plies = state.record.turns.len() as u32;
        if let Some((ply, at)) = self.sent
            && plies > ply
        {
            self.report.round_trips.push(at.elapsed());
            self.sent = None;
        }
        if let Some(outcome) = state.outcome {
            return Some(outcome.to_string());
        }
        let table = state.table;
        if state.offer.is_some_and(|(by, _)| by != side) {
            out.send(ClientMsg::Answer {
                table,
                accept: false,
            });
        }
        if state.may_claim {
            out.send(ClientMsg::Claim { table });
        }
        let seated = state.names.iter().all(|name| !name.is_empty());
        let busy = self.thinking.as_ref().is_some_and(|(ply, _)| *ply == plies)
            || self.sent.is_some_and(|(ply, _)| ply == plies);
        if seated
            && !busy
            && let Ok(game) = game_of(state)
            && game.position().side == side
        {
            self.thinking = Some((plies, think_on_thread(game, level, plies)));
        }
        None
    }

    /// Sends the turn found, once the search is done.
    fn send_found(&mut self, table: TableId, out: &Connection) {
        let Some((ply, answered)) = &self.thinking else {
            return;
        };
        let ply = *ply;
        let Ok(found) = answered.try_recv() else {
            return;
        };
        self.thinking = None;
        if let Some(text) = found {
            out.send(ClientMsg::Turn { table, ply, text });
            self.sent = Some((ply, Instant::now()));
        }
    }
}

/// Searches `game` on a thread of its own; the turn's text comes through the receiver.
fn think_on_thread(game: Game, level: Level, ply: u32) -> Receiver<Option<String>> {
    let (answer, answered) = channel();
    std::thread::spawn(move || {
        let stop = AtomicBool::new(false);
        let turn = think(&game, level, &stop, u64::from(ply) ^ 0x0dd);
        let _ = answer.send(turn.map(|t| game.variant().turn_text(&t)));
    });
    answered
}
