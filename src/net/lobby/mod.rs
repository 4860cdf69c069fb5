//! The server's brain: the clients, who they have proven to be, the tables they sit at or
//! watch, and every rule of play over the network, as plain logic over the rules engine, the
//! [`Store`] it keeps everything in and the time it is given. It never sends anything itself:
//! each call returns the [`Effect`]s the server around it carries out, in order. Every message
//! is checked before anything changes; a refused one changes nothing but the sender's count of
//! refusals; a change is stored before anyone is told of it, and one the store could not keep
//! is taken back.

mod identities;
mod keeping;
mod rating;

use super::identity::{Challenge, PlayerId, fresh_challenge};
use super::protocol::{
    ClientMsg, MAX_TEXT, MESSAGE_BURST, MESSAGES_PER_SECOND, REFUSALS_ALLOWED, ServerMsg, TableId,
    TableInfo, Terms,
};
use super::store::{MemoryStore, Store};
use super::table::{Role, Table};
use super::variants::Variants;
use crate::rules::{Game, RulesExt, Side, SplitMix64, Variant};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

/// How often the lobby tells its store it is alive and asks it for new bans.
const HEARTBEAT: Duration = Duration::from_secs(1);

/// How often the lobby looks at every table (a flag that falls is told within this; a turn
/// played after its flag fell loses on time whenever it comes).
const SWEEP_EVERY: Duration = Duration::from_millis(20);

/// A connected client's key (the transport's number for its connection).
pub type ClientKey = u64;

/// What the lobby asks the server around it to do, in order.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Send this client a message.
    Send(ClientKey, ServerMsg),
    /// Disconnect this client (it kept sending what was refused).
    Disconnect(ClientKey),
    /// One line for the server's log (joins, leaves, refused messages, games ended).
    Log(String),
    /// A finished game's record: the server writes `pgn` to
    /// `<records dir>/<its own prefix>-<stem>.pgn`.
    Record {
        /// The file name's own part: the table's number and the variant.
        stem: String,
        /// The record.
        pgn: String,
    },
}

/// What the lobby knows of a client.
struct Client {
    /// The challenge its proof of identity must sign (used once).
    challenge: Challenge,
    /// The identity it has proven, if it has.
    player: Option<PlayerId>,
    /// The table it sits at or watches.
    at: Option<TableId>,
    /// Whether it asked for the list (it is sent again on changes while it is at no table).
    listing: bool,
    /// Its messages refused so far.
    refusals: u32,
    /// How many messages it may send now, and when that was last worked out: a bucket that
    /// fills at [`MESSAGES_PER_SECOND`] up to [`MESSAGE_BURST`].
    allowance: (f64, Duration),
    /// Whether it has been told to go: its messages are no longer read.
    dropped: bool,
}

impl Client {
    /// Takes one message from the client's allowance at `now`; refused if none is left.
    fn spend(&mut self, now: Duration) -> Result<(), String> {
        let (left, since) = self.allowance;
        let earned = now.saturating_sub(since).as_secs_f64() * f64::from(MESSAGES_PER_SECOND);
        let left = (left + earned).min(f64::from(MESSAGE_BURST));
        if left < 1.0 {
            self.allowance = (left, now);
            return Err(format!(
                "too many messages: at most {MESSAGES_PER_SECOND} a second"
            ));
        }
        self.allowance = (left - 1.0, now);
        Ok(())
    }

    /// A client just connected, sent `challenge`.
    fn new(challenge: Challenge) -> Client {
        Client {
            challenge,
            player: None,
            at: None,
            listing: false,
            refusals: 0,
            allowance: (f64::from(MESSAGE_BURST), Duration::ZERO),
            dropped: false,
        }
    }
}

/// The server's clients and tables.
pub struct Lobby {
    tables: BTreeMap<TableId, Table>,
    clients: BTreeMap<ClientKey, Client>,
    /// Where everything that must outlive the process is kept.
    store: Box<dyn Store>,
    /// The variants played, each loaded once.
    variants: Variants,
    /// The client whose message is being handled: told if its change could not be stored.
    acting: Option<ClientKey>,
    /// When the store was last told the lobby is alive.
    heartbeat: Duration,
    /// The time of the last look at every table ([`Lobby::sweep`]).
    swept: Duration,
    /// The number of the next table opened.
    next_table: TableId,
    /// Chooses the side of an opener who does not.
    random: SplitMix64,
    /// The latest time given: time never runs back.
    now: Duration,
    /// The calendar moment the lobby's time zero stands for: the records' dates count from it.
    started: SystemTime,
    /// What the call under way asks the server to do.
    effects: Vec<Effect>,
    /// The tables changed by the call under way.
    changed: BTreeSet<TableId>,
    /// Whether the call under way changed the list.
    list_changed: bool,
    /// The tables opened by a seek that may still wait for an opponent: paired by rating as
    /// their ranges widen.
    seeking: BTreeSet<TableId>,
    /// The tables put away whose clock runs (correspondence games), each with the lobby's time
    /// its flag falls...
    put_away: BTreeMap<TableId, Duration>,
    /// ...and the same in the order they fall.
    deadlines: BTreeSet<(Duration, TableId)>,
}

impl Lobby {
    /// An empty lobby keeping what it must in memory; `seed` drives the random choice of
    /// sides, and `started` is the calendar moment its time zero stands for (the caller's
    /// clock: the lobby reads none).
    pub fn new(seed: u64, started: SystemTime) -> Lobby {
        Lobby::empty(seed, started, Box::new(MemoryStore::new()))
    }

    /// An empty lobby over `store`.
    fn empty(seed: u64, started: SystemTime, store: Box<dyn Store>) -> Lobby {
        Lobby {
            tables: BTreeMap::new(),
            clients: BTreeMap::new(),
            store,
            variants: Variants::default(),
            acting: None,
            heartbeat: Duration::ZERO,
            swept: Duration::ZERO,
            next_table: 1,
            random: SplitMix64::new(seed),
            now: Duration::ZERO,
            started,
            effects: Vec::new(),
            changed: BTreeSet::new(),
            list_changed: false,
            seeking: BTreeSet::new(),
            put_away: BTreeMap::new(),
            deadlines: BTreeSet::new(),
        }
    }

    /// A client connected (from `address`, for the log): it is sent its challenge. A key the
    /// lobby still knows stood for a connection that is gone: it leaves its table first.
    pub fn connected(&mut self, client: ClientKey, address: &str, now: Duration) -> Vec<Effect> {
        self.advance(now);
        self.leave(client);
        let challenge = fresh_challenge();
        self.clients.insert(client, Client::new(challenge));
        self.send(client, ServerMsg::Challenge(challenge));
        self.log(format!("client {client} connected from {address}"));
        self.flush()
    }

    /// A message from a client: `Err(why)` is one the transport could not read (malformed,
    /// oversized).
    pub fn receive(
        &mut self,
        client: ClientKey,
        message: Result<ClientMsg, String>,
        now: Duration,
    ) -> Vec<Effect> {
        self.advance(now);
        let now = self.now;
        let Some(sender) = self.clients.get_mut(&client) else {
            return self.flush();
        };
        if sender.dropped {
            return self.flush();
        }
        self.acting = Some(client);
        let handled = sender
            .spend(now)
            .and(message)
            .and_then(|message| self.handle(client, message));
        if let Err(why) = handled {
            self.refuse(client, why);
        }
        let effects = self.flush();
        self.acting = None;
        effects
    }

    /// A client's connection ended.
    pub fn disconnected(&mut self, client: ClientKey, now: Duration) -> Vec<Effect> {
        self.advance(now);
        if self.clients.contains_key(&client) {
            self.leave(client);
            self.clients.remove(&client);
            self.log(format!("client {client} disconnected"));
        }
        self.flush()
    }

    /// Time passed: flags fall, a claim becomes possible, a table is put away, the store
    /// hears the lobby is alive. Called every server frame; the one call that looks at every
    /// table (every [`SWEEP_EVERY`]), a message looking only at its own.
    pub fn tick(&mut self, now: Duration) -> Vec<Effect> {
        self.advance(now);
        if self.now >= self.swept + SWEEP_EVERY {
            self.sweep();
        }
        self.flush()
    }

    /// The tables as the list shows them.
    pub fn tables(&self) -> Vec<TableInfo> {
        self.tables.values().map(Table::info).collect()
    }

    /// Moves the lobby's time on to `now` (never back).
    fn advance(&mut self, now: Duration) {
        self.now = now.max(self.now);
    }

    /// Looks at every table at the lobby's time: a side whose time ran out loses (a game put
    /// away is taken up for it), a table where a claim became possible since the last look is
    /// sent again, a table both players left long ago is put away; every [`HEARTBEAT`] the
    /// store hears the lobby is alive, a newly banned identity is sent away, and seekers whose
    /// ratings are now close enough are paired.
    fn sweep(&mut self) {
        let before = std::mem::replace(&mut self.swept, self.now);
        if self.now >= self.heartbeat + HEARTBEAT {
            self.heartbeat = self.now;
            self.beat();
            self.pair_seekers();
        }
        self.wake_due();
        for (&id, table) in &mut self.tables {
            if let Some(side) = table.flag(self.now) {
                table.time_out(side, self.now);
                self.changed.insert(id);
            }
            if table.claim_opened(before, self.now) {
                self.changed.insert(id);
            }
        }
        let dormant: Vec<TableId> = self
            .tables
            .iter()
            .filter(|(_, table)| table.is_dormant(self.now))
            .map(|(&id, _)| id)
            .collect();
        for id in dormant {
            self.put_away(id);
        }
    }

    /// The calendar moment the lobby's time stands at.
    fn moment(&self) -> SystemTime {
        self.started + self.now
    }

    /// Does what `message` from `client` asks, or says why not (having changed nothing).
    fn handle(&mut self, client: ClientKey, message: ClientMsg) -> Result<(), String> {
        match message {
            ClientMsg::Prove { player, signature } => self.prove(client, player, &signature)?,
            ClientMsg::Games => self.games(client)?,
            ClientMsg::Leaderboard { variant } => self.leaderboard(client, &variant)?,
            ClientMsg::List => self.list(client),
            ClientMsg::Open { name, terms, side } => self.open(client, &name, terms, side)?,
            ClientMsg::Seek { name, terms } => self.seek(client, &name, terms)?,
            ClientMsg::Join { name, table } => self.join(client, &name, table)?,
            ClientMsg::Watch { table } => self.watch(client, table)?,
            ClientMsg::Turn { table, ply, text } => {
                self.as_player(client, table, |t, side, now| t.play(side, ply, &text, now))?;
                self.tell_turn(table);
            }
            ClientMsg::Offer { table, offer } => {
                self.as_player(client, table, |t, side, _| t.offer(side, offer))?;
            }
            ClientMsg::Answer { table, accept } => {
                self.as_player(client, table, |t, side, now| t.answer(side, accept, now))?;
            }
            ClientMsg::Resign { table } => {
                self.as_player(client, table, |t, side, now| t.resign(side, now))?;
            }
            ClientMsg::Claim { table } => {
                self.as_player(client, table, |t, side, now| t.claim(side, now))?;
            }
            ClientMsg::Chat { table, text } => self.chat(client, table, &text)?,
            ClientMsg::Leave { table } => {
                self.role_at(client, table)?;
                self.leave(client);
            }
        }
        Ok(())
    }

    /// Sends `client` the list, and again whenever it changes while it is at no table.
    fn list(&mut self, client: ClientKey) {
        if let Some(listener) = self.clients.get_mut(&client) {
            listener.listing = true;
        }
        let tables = self.tables();
        self.send(client, ServerMsg::Tables(tables));
    }

    /// Opens a table on `terms` and seats `client` as `name` at `side` (random if `None`).
    fn open(
        &mut self,
        client: ClientKey,
        name: &str,
        terms: Terms,
        side: Option<Side>,
    ) -> Result<(), String> {
        let player = self.player_of(client)?;
        let (terms, variant) = checked_terms(&mut self.variants, terms)?;
        let name = self.claim_name(player, name)?;
        self.leave(client);
        let side = side.unwrap_or_else(|| self.random_side());
        self.open_checked(client, (player, name), terms, variant, side);
        Ok(())
    }

    /// Opens a table on checked terms and seats `client`, proven to be `player`, as `name`
    /// at `side`: the table's number.
    fn open_checked(
        &mut self,
        client: ClientKey,
        (player, name): (PlayerId, String),
        terms: Terms,
        variant: Arc<Variant>,
        side: Side,
    ) -> TableId {
        let id = self.next_table;
        self.next_table = self.next_table.wrapping_add(1);
        let label = terms_label(&terms);
        let table = Table::new(id, terms, Game::new(variant), self.now);
        self.tables.insert(id, table);
        self.list_changed = true;
        self.log(format!(
            "client {client} ({name}) opened table {id}: {label}"
        ));
        self.sit(client, (player, name), id, side);
        id
    }

    /// Seats `client` as `name` at the table waiting on `terms` whose player's rating is
    /// closest to theirs, within the range its wait has widened to (the oldest of equals), or
    /// opens one to wait at.
    fn seek(&mut self, client: ClientKey, name: &str, terms: Terms) -> Result<(), String> {
        let player = self.player_of(client)?;
        let (terms, variant) = checked_terms(&mut self.variants, terms)?;
        let name = self.claim_name(player, name)?;
        self.leave(client);
        let rating = self.rating_of(&name, &terms.variant);
        let seat = self.closest_waiting(client, (&player, &name), &terms, rating.rating);
        match seat {
            Some((id, side)) => self.sit(client, (player, name), id, side),
            None => {
                let side = self.random_side();
                let id = self.open_checked(client, (player, name), terms, variant, side);
                self.seeking.insert(id);
            }
        }
        Ok(())
    }

    /// Seats `client` as `name` at `table`: the free seat, or its own seat back (the same
    /// identity and name), taking up a game put away in the store. Another connection of the
    /// same identity that the server still thinks alive (a window that crashed a moment ago)
    /// is put off the seat, rather than waiting for the transport to time it out.
    fn join(&mut self, client: ClientKey, name: &str, table: TableId) -> Result<(), String> {
        let player = self.player_of(client)?;
        let name = self.claim_name(player, name)?;
        self.take_up(table, &player, &name)?;
        let found = self.table(table)?;
        let side = match found.seat_for(client, &player, &name) {
            Ok(side) => side,
            Err(why) => match found.seated_as(&player, &name) {
                Some((side, old)) if old != client => {
                    self.unseat(old, &name, table);
                    self.log(format!(
                        "client {client} ({name}) took over the seat of client {old} at table {table}"
                    ));
                    side
                }
                _ => return Err(why),
            },
        };
        self.leave(client);
        self.sit(client, (player, name), table, side);
        Ok(())
    }

    /// Puts `old` (seated as `name` at `table`) off its seat, which another client takes: it is
    /// told so, and watches the table from then on.
    fn unseat(&mut self, old: ClientKey, name: &str, table: TableId) {
        self.leave(old);
        if let Some(watched) = self.tables.get_mut(&table) {
            watched.watch(old);
        }
        self.arrive(old, table);
        let why = format!("another window of yours sat down in your seat as {name}");
        self.send(old, ServerMsg::Unseated { table, why });
    }

    /// Seats `client` (at no table, or watching this one), proven to be `player`, as `name` at
    /// `side` of table `id`.
    fn sit(
        &mut self,
        client: ClientKey,
        (player, name): (PlayerId, String),
        id: TableId,
        side: Side,
    ) {
        let Some(table) = self.tables.get(&id) else {
            return;
        };
        let back = table.name(side).is_some();
        let variant = table.terms().variant.clone();
        let rating = (!back).then(|| self.rating_of(&name, &variant));
        let Some(table) = self.tables.get_mut(&id) else {
            return;
        };
        table.sit(client, (player, name.clone()), rating, side);
        self.list_changed |= !back;
        self.arrive(client, id);
        let how = if back { "rejoined" } else { "sat at" };
        self.log(format!(
            "client {client} ({name}) {how} table {id} as {}",
            side_name(side)
        ));
    }

    /// Adds `client` as a spectator of `table`.
    fn watch(&mut self, client: ClientKey, table: TableId) -> Result<(), String> {
        match self.table(table)?.role(client) {
            Some(Role::Player(_)) => {
                return Err("you play this game: you cannot watch it too".into());
            }
            Some(Role::Spectator) => return Err("you already watch this game".into()),
            None => {}
        }
        self.leave(client);
        if let Some(watched) = self.tables.get_mut(&table) {
            watched.watch(client);
        }
        self.arrive(client, table);
        self.log(format!("client {client} watches table {table}"));
        Ok(())
    }

    /// Notes that `client` is now at table `id`, which changed.
    fn arrive(&mut self, client: ClientKey, id: TableId) {
        if let Some(arriving) = self.clients.get_mut(&client) {
            arriving.at = Some(id);
        }
        self.changed.insert(id);
    }

    /// `client` leaves the table it is at, if any: a player is away from now on (a table that
    /// never started is then removed), a spectator goes.
    fn leave(&mut self, client: ClientKey) {
        let Some(id) = self.clients.get_mut(&client).and_then(|c| c.at.take()) else {
            return;
        };
        if let Some(table) = self.tables.get_mut(&id) {
            table.leave(client, self.now);
        }
        self.changed.insert(id);
        self.log(format!("client {client} left table {id}"));
    }

    /// Applies `act` to table `id` for `client`'s side at the lobby's time, if `client` plays
    /// there.
    fn as_player(
        &mut self,
        client: ClientKey,
        id: TableId,
        act: impl FnOnce(&mut Table, Side, Duration) -> Result<(), String>,
    ) -> Result<(), String> {
        let Role::Player(side) = self.role_at(client, id)? else {
            return Err("you are watching this game, not playing it".into());
        };
        if let Some(table) = self.tables.get_mut(&id) {
            if let Some(fallen) = table.flag(self.now) {
                table.time_out(fallen, self.now);
                self.changed.insert(id);
            }
            act(table, side, self.now)?;
        }
        self.changed.insert(id);
        Ok(())
    }

    /// Adds `client`'s line `text` to the chat of `table`.
    fn chat(&mut self, client: ClientKey, id: TableId, text: &str) -> Result<(), String> {
        let role = self.role_at(client, id)?;
        let text = checked_text(text, "a chat line")?;
        if let Some(table) = self.tables.get_mut(&id) {
            table.say(role, text);
        }
        self.changed.insert(id);
        Ok(())
    }

    /// The table `id`, if there is one.
    fn table(&self, id: TableId) -> Result<&Table, String> {
        self.tables
            .get(&id)
            .ok_or_else(|| "that game is no longer on the server".to_string())
    }

    /// Who `client` is at table `id`; refused if it is not there.
    fn role_at(&self, client: ClientKey, id: TableId) -> Result<Role, String> {
        self.table(id)?
            .role(client)
            .ok_or_else(|| "you are not at this game".to_string())
    }

    /// A side chosen at random.
    fn random_side(&mut self) -> Side {
        Side::BOTH[self.random.below(Side::BOTH.len())]
    }

    /// Refuses `client`'s message for `why`; past [`REFUSALS_ALLOWED`] it is disconnected.
    fn refuse(&mut self, client: ClientKey, why: String) {
        self.log(format!("client {client} refused: {why}"));
        self.send(client, ServerMsg::Refused(why));
        let Some(refused) = self.clients.get_mut(&client) else {
            return;
        };
        refused.refusals = refused.refusals.saturating_add(1);
        if refused.refusals > REFUSALS_ALLOWED {
            let count = refused.refusals;
            self.deny(
                client,
                &format!("the server stopped reading you after {count} refused messages"),
            );
        }
    }

    /// Asks the server to send `message` to `client`.
    fn send(&mut self, client: ClientKey, message: ServerMsg) {
        self.effects.push(Effect::Send(client, message));
    }

    /// Adds a line to the server's log.
    fn log(&mut self, line: String) {
        self.effects.push(Effect::Log(one_line(&line)));
    }

    /// Ends the call: each changed table writes its game's record once it ends, is stored
    /// (or, if the store cannot keep the change, taken back to what it last kept), is removed
    /// if deserted or else sent to everyone at it; a changed list is sent to the clients
    /// listing it; then the call's effects, in order.
    fn flush(&mut self) -> Vec<Effect> {
        for id in std::mem::take(&mut self.changed) {
            let ending = self.take_ending(id);
            if self.store_table(id) {
                self.effects.extend(ending);
            }
            self.remove_if_deserted(id);
            self.send_state(id);
        }
        if std::mem::take(&mut self.list_changed) {
            self.send_list();
        }
        std::mem::take(&mut self.effects)
    }

    /// If table `id`'s game has just ended: its record and a log line, for once it is stored
    /// (a rated game's ratings worked out first, and stored with it).
    fn take_ending(&mut self, id: TableId) -> Vec<Effect> {
        let moment = self.moment();
        let rated = self.rating_changes(id);
        let Some(table) = self.tables.get_mut(&id) else {
            return Vec::new();
        };
        let Some((outcome, pgn)) = table.take_ending(moment, rated) else {
            return Vec::new();
        };
        let [white, black] =
            Side::BOTH.map(|side| table.name(side).unwrap_or_default().to_string());
        let stem = format!("{id:04}-{}", table.terms().variant);
        self.list_changed = true;
        vec![
            Effect::Record { stem, pgn },
            Effect::Log(one_line(&format!(
                "table {id} ended: {white} - {black}, {outcome}"
            ))),
        ]
    }

    /// Removes table `id` if it is deserted (its spectators are then at no table): from the
    /// store too if its game never started.
    fn remove_if_deserted(&mut self, id: TableId) {
        let Some(table) = self.tables.get(&id) else {
            return;
        };
        if !table.is_deserted() {
            return;
        }
        if !table.is_finished()
            && let Err(why) = self.store.forget_table(id)
        {
            self.log(format!("table {id}: {why}"));
        }
        self.remove(id, "its players have left");
    }

    /// Removes table `id`, saying `why` (in a player's words) in the log and to everyone still
    /// there, who is then at no table.
    fn remove(&mut self, id: TableId, why: &str) {
        if let Some(table) = self.tables.remove(&id) {
            for (client, _) in table.present() {
                if let Some(left) = self.clients.get_mut(&client) {
                    left.at = None;
                }
                self.send(
                    client,
                    ServerMsg::Closed {
                        table: id,
                        why: why.to_string(),
                    },
                );
            }
        }
        self.list_changed = true;
        self.log(format!("table {id} closed: {why}"));
    }

    /// Sends table `id`, if it is still there, to every client at it.
    fn send_state(&mut self, id: TableId) {
        let Some(table) = self.tables.get(&id) else {
            return;
        };
        let now = self.now;
        let states: Vec<Effect> = table
            .present()
            .into_iter()
            .map(|(client, role)| {
                Effect::Send(
                    client,
                    ServerMsg::State(Box::new(table.state_for(role, now))),
                )
            })
            .collect();
        self.effects.extend(states);
    }

    /// Sends the list to every client that asked for it and is at no table.
    fn send_list(&mut self) {
        let listeners: Vec<ClientKey> = self
            .clients
            .iter()
            .filter(|(_, c)| c.listing && c.at.is_none())
            .map(|(&key, _)| key)
            .collect();
        if listeners.is_empty() {
            return;
        }
        let tables = self.tables();
        for client in listeners {
            self.send(client, ServerMsg::Tables(tables.clone()));
        }
    }
}

/// `text` trimmed, if it is 1 to [`MAX_TEXT`] characters without control characters; `what`
/// names it in the refusal.
fn checked_text(text: &str, what: &str) -> Result<String, String> {
    let text = text.trim();
    let length = text.chars().count();
    if !(1..=MAX_TEXT).contains(&length) {
        return Err(format!("{what} needs 1 to {MAX_TEXT} characters"));
    }
    if text.chars().any(char::is_control) {
        return Err(format!("{what} may not hold control characters"));
    }
    Ok(text.to_string())
}

/// `text` with its control characters escaped (a client's text in a log line keeps it one
/// line).
fn one_line(text: &str) -> String {
    let mut line = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            line.extend(c.escape_default());
        } else {
            line.push(c);
        }
    }
    line
}

/// `terms` with the options as the variant names them (sorted, once each), and the variant
/// (from `variants`); refused if the variant does not load with those options.
fn checked_terms(variants: &mut Variants, terms: Terms) -> Result<(Terms, Arc<Variant>), String> {
    let variant = variants.get(&terms)?;
    let terms = Terms {
        options: variant.options().names().to_vec(),
        ..terms
    };
    Ok((terms, variant))
}

/// The terms as the log writes them: `chess [option …] 5+3`, a variant file with its hash
/// (`mine.ron (0123456789abcdef) [] no clock`).
fn terms_label(terms: &Terms) -> String {
    let clock = terms.clock.map_or("no clock".to_string(), |c| c.label());
    let file = terms
        .file
        .as_ref()
        .map_or(String::new(), |f| format!(" ({})", f.hash));
    format!(
        "{}{file} [{}] {clock}",
        terms.variant,
        terms.options.join(" ")
    )
}

/// The side as the log writes it.
fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "first player",
        Side::Black => "second player",
    }
}
