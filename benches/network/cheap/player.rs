//! One cheap player: its connection (a replicon client app of its own, built again after the
//! same waits as a [`Connection`] when lost), its seat, and what it does with each state of
//! its table (plays a random legal turn, or resigns after `--plies`), recording round trips
//! and what should not happen in the [`Tally`].
//!
//! [`Connection`]: oddboard::net::client::Connection
//! [`Tally`]: super::driver::Tally

use super::driver::Common;
use bevy::app::App;
use oddboard::net::client::{
    self, CONNECT_WAIT, disconnect, is_connected, proof, retry_wait, send_requests, take_messages,
};
use oddboard::net::identity::Identity;
use oddboard::net::protocol::{ClientMsg, ServerMsg, TableId, TableState, Terms};
use oddboard::rules::{Game, GameRecord, SplitMix64};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A player's game: its table, the game as the last state had it, and that state's turns
/// (every one acknowledged by the server).
struct Seat {
    table: TableId,
    game: Game,
    acked: Vec<String>,
    /// Both seats taken (the game is under way).
    started: bool,
}

/// A player's connection.
enum Link {
    /// No app: the next one is built at `retry`; `attempt` tries so far.
    Down { retry: Instant, attempt: u32 },
    /// An app connecting since `since` (not yet welcomed); `connected` once the transport
    /// is.
    Connecting {
        app: Box<App>,
        since: Instant,
        attempt: u32,
        connected: bool,
    },
    /// Welcomed: requests may be sent.
    Ready { app: Box<App> },
}

/// One cheap player.
pub(super) struct Player {
    /// Its place among the players.
    index: usize,
    /// Whether its opponent saw a state that it is to act on: it is updated next.
    pub(super) woken: bool,
    name: String,
    terms: Terms,
    identity: Arc<Identity>,
    link: Link,
    /// When it was last updated.
    pub(super) updated: Instant,
    /// Requests for its next update.
    pub(super) outbox: Vec<ClientMsg>,
    /// A turn waiting for its moment (`--think`).
    due: Option<(Instant, ClientMsg)>,
    seat: Option<Seat>,
    /// The ply of its turn sent and not yet seen played, and when it went.
    sent: Option<(u32, Instant)>,
    /// Whether it resigned the game it sits at.
    resigned: bool,
    /// The last table whose game it saw end (its later states are not for it).
    done: Option<TableId>,
    /// When its connection was welcomed.
    welcomed_at: Instant,
    /// After a lost connection: the table to take its seat back at, and the turns it had
    /// seen acknowledged there.
    rejoining: Option<(TableId, Vec<String>)>,
    random: SplitMix64,
}

impl Player {
    /// Player `index`, named `random <index>`, to seek games of `variant`: not connected yet,
    /// its first app built at its first update, `now` taken as its last update and welcome.
    pub(super) fn new(index: usize, variant: &str, now: Instant) -> Player {
        Player {
            index,
            woken: false,
            name: format!("random {index}"),
            terms: Terms {
                variant: variant.to_string(),
                options: Vec::new(),
                clock: None,
                rated: false,
                file: None,
            },
            identity: Arc::new(Identity::generate().expect("an identity")),
            link: Link::Down {
                retry: now,
                attempt: 0,
            },
            updated: now,
            outbox: Vec::new(),
            due: None,
            seat: None,
            sent: None,
            resigned: false,
            done: None,
            welcomed_at: now,
            rejoining: None,
            random: SplitMix64::new(0x0dd_b0a2d ^ index as u64),
        }
    }

    /// Whether it sits at a game under way (both seats taken, not over), as it last saw it.
    pub(super) fn playing(&self) -> bool {
        self.seat.as_ref().is_some_and(|s| s.started)
    }

    /// Whether it is back since `at`: welcomed on a connection made after it, and its seat
    /// (if it had one at a game under way) taken back.
    pub(super) fn back_since(&self, at: Instant) -> bool {
        matches!(self.link, Link::Ready { .. }) && self.welcomed_at > at && self.rejoining.is_none()
    }

    /// Whether it waits for something from the server that it must see at once (the state
    /// showing its turn or resignation, its seat, its connection), so is updated every
    /// frame; else only every [`IDLE`] (or when woken).
    ///
    /// [`IDLE`]: super::driver::IDLE
    pub(super) fn busy(&self) -> bool {
        !matches!(self.link, Link::Ready { .. })
            || self.sent.is_some()
            || self.resigned
            || self.due.is_some()
            || self.seat.as_ref().is_none_or(|s| !s.started)
    }

    /// One update: builds its app when due, connects, proves, carries its requests out
    /// and the server's messages in, and notices a lost connection.
    pub(super) fn step(&mut self, driver: &mut Common) {
        let now = Instant::now();
        self.updated = now;
        if let Some((at, _)) = &self.due
            && *at <= now
            && let Some((_, request)) = self.due.take()
        {
            self.queue_turn(request);
        }
        let link = std::mem::replace(
            &mut self.link,
            Link::Down {
                retry: now,
                attempt: 0,
            },
        );
        self.link = match link {
            Link::Down { retry, attempt } if retry <= now => {
                match client::client_app(driver.address) {
                    Ok(app) => Link::Connecting {
                        app: Box::new(app),
                        since: now,
                        attempt,
                        connected: false,
                    },
                    Err(why) => {
                        driver.tally.odd(&format!("no client app: {why}"));
                        Link::Down {
                            retry: now + retry_wait(attempt + 1),
                            attempt: attempt + 1,
                        }
                    }
                }
            }
            down @ Link::Down { .. } => down,
            Link::Connecting {
                mut app,
                since,
                attempt,
                connected,
            } => {
                driver.update(&mut app);
                let now_connected = is_connected(&app);
                let mut welcomed = false;
                for message in take_messages(&mut app) {
                    match message {
                        ServerMsg::Challenge(challenge) => {
                            send_requests(&mut app, [proof(&self.identity, &challenge)]);
                        }
                        ServerMsg::Welcome(_) => welcomed = true,
                        other => self.receive(other, driver),
                    }
                }
                if welcomed {
                    driver.tally.welcomed += 1;
                    self.welcomed_at = Instant::now();
                    self.welcomed(driver);
                    self.flush(&mut app, driver);
                    Link::Ready { app }
                } else if connected && !now_connected {
                    driver.tally.lost += 1;
                    self.lost(attempt + 1)
                } else if !now_connected && since.elapsed() > CONNECT_WAIT {
                    driver.tally.unanswered += 1;
                    self.lost(attempt + 1)
                } else {
                    Link::Connecting {
                        app,
                        since,
                        attempt,
                        connected: now_connected,
                    }
                }
            }
            Link::Ready { mut app } => {
                self.flush(&mut app, driver);
                driver.update(&mut app);
                for message in take_messages(&mut app) {
                    self.receive(message, driver);
                }
                if is_connected(&app) {
                    self.flush(&mut app, driver);
                    Link::Ready { app }
                } else {
                    driver.tally.lost += 1;
                    self.lost(1)
                }
            }
        };
    }

    /// Sends what is queued with an update of its own, so that a turn leaves now (its
    /// round trip counted from here).
    fn flush(&mut self, app: &mut App, driver: &mut Common) {
        if self.outbox.is_empty() {
            return;
        }
        let now = Instant::now();
        if let Some((_, at)) = &mut self.sent
            && *at > now
        {
            *at = now;
        }
        send_requests(app, self.outbox.drain(..));
        driver.update(app);
    }

    /// The connection was lost: the app is dropped, the next built after the same wait as
    /// a [`Connection`]'s try `attempt`; the table it plays at is to be taken back.
    ///
    /// [`Connection`]: oddboard::net::client::Connection
    fn lost(&mut self, attempt: u32) -> Link {
        self.outbox.clear();
        self.due = None;
        self.sent = None;
        if self.rejoining.is_none()
            && let Some(seat) = &self.seat
            && seat.started
        {
            self.rejoining = Some((seat.table, seat.acked.clone()));
        }
        Link::Down {
            retry: Instant::now() + retry_wait(attempt),
            attempt,
        }
    }

    /// Welcomed: takes its seat back at a game under way, or seeks one.
    fn welcomed(&mut self, driver: &mut Common) {
        match &self.rejoining {
            Some((table, _)) => {
                driver.tally.rejoin_asked += 1;
                self.outbox.push(ClientMsg::Join {
                    name: self.name.clone(),
                    table: *table,
                });
            }
            None => self.seek(),
        }
    }

    /// Seeks a new game.
    fn seek(&mut self) {
        self.seat = None;
        self.sent = None;
        self.due = None;
        self.resigned = false;
        self.outbox.push(ClientMsg::Seek {
            name: self.name.clone(),
            terms: self.terms.clone(),
        });
    }

    /// A turn to send at its next update, its round trip counted from then.
    fn queue_turn(&mut self, request: ClientMsg) {
        if let ClientMsg::Turn { ply, .. } = &request {
            self.sent = Some((*ply, far_future()));
        }
        self.outbox.push(request);
    }

    /// What it does with a message from the server.
    fn receive(&mut self, message: ServerMsg, driver: &mut Common) {
        match message {
            ServerMsg::State(state) => self.follow(&state, driver),
            ServerMsg::Refused(why) => {
                *driver.tally.refused.entry(why).or_default() += 1;
                if let Some((table, _)) = self.rejoining.take() {
                    driver.tally.rejoin_refused.push(table);
                    self.seek();
                }
            }
            ServerMsg::Closed { table, .. } => {
                if self.seat.as_ref().is_some_and(|s| s.table == table) {
                    driver.tally.odd("a table closed under a player");
                    self.seek();
                }
            }
            ServerMsg::Unseated { .. } => driver.tally.odd("unseated"),
            ServerMsg::Denied(why) => driver.tally.odd(&format!("denied: {why}")),
            ServerMsg::Challenge(_) => driver.tally.odd("a second challenge"),
            ServerMsg::Welcome(_)
            | ServerMsg::Tables(_)
            | ServerMsg::Games { .. }
            | ServerMsg::Leaderboard { .. }
            | ServerMsg::YourTurn { .. } => {}
        }
    }

    /// Follows its table's state: checks a seat taken back, counts its turn's round trip,
    /// seeks again once the game is over, and plays (or resigns) when it is to move.
    fn follow(&mut self, state: &TableState, driver: &mut Common) {
        let Some(side) = state.you else {
            return;
        };
        if self.done == Some(state.table) {
            return;
        }
        let now = Instant::now();
        let turns = &state.record.turns;
        if let Some((table, acked)) = self.rejoining.take() {
            if table == state.table {
                let kept = turns.starts_with(&acked);
                let missing = acked
                    .iter()
                    .zip(turns.iter())
                    .take_while(|(a, b)| a == b)
                    .count();
                driver.tally.rejoined.push((
                    now,
                    if kept {
                        Ok(())
                    } else {
                        Err(acked.len() - missing)
                    },
                ));
            } else {
                driver.tally.odd("a state of another table after a rejoin");
            }
        }
        let fresh = self.seat.as_ref().is_none_or(|s| s.table != state.table);
        if fresh {
            let Some(variant) = driver.variants.get(&state.terms.variant) else {
                driver.tally.odd("a state of an unknown variant");
                return;
            };
            self.seat = Some(Seat {
                table: state.table,
                game: Game::new(variant.clone()),
                acked: Vec::new(),
                started: false,
            });
            self.sent = None;
            self.resigned = false;
        }
        let Some(seat) = &mut self.seat else {
            return;
        };
        seat.started = state.names.iter().all(|n| !n.is_empty()) && state.outcome.is_none();
        if turns.starts_with(&seat.acked) {
            for text in &turns[seat.acked.len()..] {
                if seat.game.play_text(text).is_err() {
                    driver.tally.odd("a turn that does not replay");
                }
            }
        } else {
            driver.tally.odd("a state that lacks acknowledged turns");
            match Game::from_record(&GameRecord {
                redo: Vec::new(),
                ..state.record.clone()
            }) {
                Ok(game) => seat.game = game,
                Err(_) => driver.tally.odd("a record that does not replay"),
            }
        }
        seat.acked.clone_from(turns);
        let at_table = driver.tables.entry(state.table).or_default();
        at_table[side.index()] = Some(self.index);
        let opponent = at_table[side.opponent().index()];
        if let Some(opponent) = opponent
            && (state.outcome.is_some() || seat.game.position().side != side)
        {
            driver.wake.push(opponent);
        }
        let plies = turns.len() as u32;
        if let Some((ply, at)) = self.sent
            && plies > ply
        {
            driver
                .tally
                .trips
                .push((now, now.saturating_duration_since(at), self.welcomed_at));
            self.sent = None;
        }
        if state.outcome.is_some() {
            driver.tally.finished.entry(state.table).or_insert(now);
            if let Some(at_table) = driver.tables.get_mut(&state.table) {
                at_table[side.index()] = None;
                if at_table.iter().all(Option::is_none) {
                    driver.tables.remove(&state.table);
                }
            }
            self.done = Some(state.table);
            self.seek();
            return;
        }
        let table = state.table;
        if !seat.started
            || seat.game.position().side != side
            || self.sent.is_some()
            || self.due.is_some()
            || self.resigned
        {
            return;
        }
        if plies >= driver.plies {
            self.resigned = true;
            self.outbox.push(ClientMsg::Resign { table });
            return;
        }
        let legal = seat.game.legal_turns();
        if legal.is_empty() {
            driver.tally.odd("no legal turn in a game going on");
            return;
        }
        let turn = &legal[self.random.below(legal.len())];
        let text = seat.game.variant().turn_text(turn);
        let request = ClientMsg::Turn {
            table,
            ply: plies,
            text,
        };
        if driver.think.is_zero() {
            self.queue_turn(request);
        } else {
            let wait = driver.think.mul_f64(2.0 * self.random.unit());
            self.due = Some((now + wait, request));
        }
    }

    /// Says goodbye to the server, if connected.
    pub(super) fn hang_up(&mut self) {
        if let Link::Ready { app } | Link::Connecting { app, .. } = &mut self.link {
            disconnect(app);
        }
        self.link = Link::Down {
            retry: far_future(),
            attempt: 0,
        };
    }
}

/// A moment that never comes in a run.
fn far_future() -> Instant {
    Instant::now() + Duration::from_secs(365 * 24 * 3600)
}
