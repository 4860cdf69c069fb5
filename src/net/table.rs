//! One table of the server: a game between two seats, its spectators, the clocks the host
//! keeps, the players' offers and the chat. Plain logic over the rules engine and the time it
//! is given; the [`lobby`](super::lobby) routes clients to tables and says who is told what.

use super::identity::PlayerId;
use super::lobby::ClientKey;
use super::names::name_key;
use super::protocol::{
    CHAT_KEPT, CLAIM_AFTER, ChatLine, Offer, PUT_AWAY_AFTER, PlayingGame, TableId, TableInfo,
    TableState, Terms,
};
use super::ratings::{RATED_FROM_TURNS, Rating, RatingChange, ShownRating, whole};
use super::store::{StoredSeat, StoredTable};
use crate::app::shared::clocks::{Clocks, TimeControl};
use crate::app::storage::sharing::date_of;
use crate::rules::{Game, Outcome, PgnHeader, Side, Variant};
use std::collections::VecDeque;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

/// Who a client is at a table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Role {
    /// It plays this side.
    Player(Side),
    /// It watches.
    Spectator,
}

/// Whether a seated player is connected.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Presence {
    /// Connected as this client.
    Here(ClientKey),
    /// Disconnected (or left) at this instant.
    Away(Duration),
}

/// A taken seat: the player's name and identity, their rating in the variant when they sat
/// down, and whether they are here.
#[derive(Clone, Debug)]
struct Seat {
    name: String,
    player: PlayerId,
    rating: Rating,
    presence: Presence,
}

impl Seat {
    /// Whether the seat is `player`'s, taken under `name` (as people read names).
    fn is(&self, player: &PlayerId, name: &str) -> bool {
        self.player == *player && name_key(&self.name) == name_key(name)
    }
}

/// A table: the game, its seats (first player first), spectators, clocks, offers and chat.
pub struct Table {
    id: TableId,
    terms: Terms,
    game: Game,
    seats: [Option<Seat>; 2],
    spectators: Vec<ClientKey>,
    /// The clocks as they read at `since`.
    clocks: Clocks,
    /// When the running side's clock was last charged (or the last change to the game).
    since: Duration,
    /// How the game ended, if it has, and the side whose clock runs: judged once after each
    /// change to the game, not on every tick.
    outcome: Option<Outcome>,
    running: Option<Side>,
    offer: Option<(Side, Offer)>,
    answered: Option<(Offer, bool)>,
    chat: VecDeque<ChatLine>,
    /// The finished game's record, once written (see [`Table::take_ending`]).
    pgn: Option<String>,
    /// A finished rated game's change to each player's rating, once worked out.
    rated: Option<[RatingChange; 2]>,
    /// When the table was opened.
    opened: Duration,
}

impl Table {
    /// A new table `id` for `game` played on `terms` (already checked), no one seated yet.
    pub fn new(id: TableId, terms: Terms, game: Game, now: Duration) -> Table {
        let mut table = Table {
            id,
            clocks: Clocks::new(terms.clock),
            terms,
            game,
            seats: [None, None],
            spectators: Vec::new(),
            since: now,
            outcome: None,
            running: None,
            offer: None,
            answered: None,
            chat: VecDeque::new(),
            pgn: None,
            rated: None,
            opened: now,
        };
        table.judge();
        table
    }

    /// The table `stored` taken up again at `now` in `variant` (its terms' variant), its
    /// players away: the running clock is charged `charge` (the time the server ran after the
    /// table was stored); an error says why the stored game does not replay.
    pub fn from_stored(
        stored: StoredTable,
        variant: Arc<Variant>,
        now: Duration,
        charge: Duration,
    ) -> Result<Table, String> {
        let game = Game::from_record_in(variant, &stored.record)
            .map_err(|e| format!("table {}: {e}", stored.id))?;
        let mut table = Table::new(stored.id, stored.terms, game, now);
        table.seats = stored.seats.map(|seat| {
            seat.map(|s| Seat {
                name: s.name,
                player: s.player,
                rating: s.rating,
                presence: Presence::Away(now),
            })
        });
        table.clocks = stored.clocks;
        table.judge();
        if let Some(side) = table.running {
            let left = &mut table.clocks.left[side.index()];
            *left = left.saturating_sub(charge);
        }
        table.offer = stored.offer;
        table.answered = stored.answered;
        table.chat = stored.chat.into();
        table.pgn = stored.pgn;
        table.rated = stored.rated;
        Ok(table)
    }

    /// The table as a store keeps it at `now` (the calendar moment `moment`).
    pub fn stored(&self, now: Duration, moment: SystemTime) -> StoredTable {
        let mut record = self.game.record();
        record.redo.clear();
        StoredTable {
            id: self.id,
            terms: self.terms.clone(),
            seats: self.seats.clone().map(|seat| {
                seat.map(|s| StoredSeat {
                    name: s.name,
                    player: s.player,
                    rating: s.rating,
                })
            }),
            record,
            clocks: self.clocks_at(now),
            offer: self.offer,
            answered: self.answered,
            chat: self.chat.iter().cloned().collect(),
            outcome: self.outcome,
            pgn: self.pgn.clone(),
            rated: self.rated.clone(),
            saved: moment,
        }
    }

    /// Takes back what changed since `stored` was stored (a change the store could not keep):
    /// the game, clocks, offers and chat; who sits and who is here stay.
    pub fn revert(&mut self, stored: StoredTable, now: Duration) -> Result<(), String> {
        let variant = self.game.variant().clone();
        let mut taken_up = Table::from_stored(stored, variant, now, Duration::ZERO)?;
        std::mem::swap(&mut taken_up.seats, &mut self.seats);
        std::mem::swap(&mut taken_up.spectators, &mut self.spectators);
        *self = taken_up;
        Ok(())
    }

    /// Whether a clock runs.
    pub fn clock_runs(&self) -> bool {
        self.running.is_some()
    }

    /// The game's terms.
    pub fn terms(&self) -> &Terms {
        &self.terms
    }

    /// The player's name at `side`, if the seat is taken.
    pub fn name(&self, side: Side) -> Option<&str> {
        self.seats[side.index()].as_ref().map(|s| s.name.as_str())
    }

    /// Who `client` is at this table, if it is here.
    pub fn role(&self, client: ClientKey) -> Option<Role> {
        let seated = Side::BOTH
            .into_iter()
            .find(|&side| self.client(side) == Some(client));
        match seated {
            Some(side) => Some(Role::Player(side)),
            None => self.spectators.contains(&client).then_some(Role::Spectator),
        }
    }

    /// Every client at this table and who it is.
    pub fn present(&self) -> Vec<(ClientKey, Role)> {
        let players = Side::BOTH
            .into_iter()
            .filter_map(|side| self.client(side).map(|c| (c, Role::Player(side))));
        let spectators = self.spectators.iter().map(|&c| (c, Role::Spectator));
        players.chain(spectators).collect()
    }

    /// The client connected at `side`, if any.
    fn client(&self, side: Side) -> Option<ClientKey> {
        match self.seats[side.index()].as_ref()?.presence {
            Presence::Here(client) => Some(client),
            Presence::Away(_) => None,
        }
    }

    /// The free side, if exactly one seat is free.
    fn free_side(&self) -> Option<Side> {
        match &self.seats {
            [None, Some(_)] => Some(Side::White),
            [Some(_), None] => Some(Side::Black),
            _ => None,
        }
    }

    /// Whether the table waits for its second player: one seat free, the other player here,
    /// no turn played.
    pub fn is_waiting(&self) -> bool {
        self.free_side()
            .is_some_and(|free| self.client(free.opponent()).is_some())
            && self.game.turns().is_empty()
    }

    /// Whether the game has ended.
    pub fn is_finished(&self) -> bool {
        self.outcome.is_some()
    }

    /// Whether the table is to be removed: it never started and its player is gone, or it is
    /// finished and nobody is at it.
    pub fn is_deserted(&self) -> bool {
        let no_player = Side::BOTH.iter().all(|&side| self.client(side).is_none());
        let never_started = self.free_side().is_some() && no_player;
        never_started || (self.is_finished() && no_player && self.spectators.is_empty())
    }

    /// Whether the table is put away at `now`: its game goes on without a running clock, or
    /// with a correspondence clock, and both its players have been away for
    /// [`PUT_AWAY_AFTER`]. It stays in the store, and is taken up again when one of them comes
    /// back (or its clock runs out: see [`Table::deadline`]).
    pub fn is_dormant(&self, now: Duration) -> bool {
        !self.is_finished()
            && (self.running.is_none() || self.is_correspondence())
            && Side::BOTH.iter().all(|&side| {
                self.away(side, now)
                    .is_some_and(|away| away >= PUT_AWAY_AFTER)
            })
    }

    /// The side `client`, proven to be `player`, may sit at as `name`: its own seat back if
    /// it is away from it, else the free seat (not at a rated game whose other seat the same
    /// identity holds).
    pub fn seat_for(
        &self,
        client: ClientKey,
        player: &PlayerId,
        name: &str,
    ) -> Result<Side, String> {
        if let Some(Role::Player(_)) = self.role(client) {
            return Err("you already sit at this game".into());
        }
        let away = |side: &Side| {
            self.seats[side.index()]
                .as_ref()
                .is_some_and(|s| s.is(player, name) && matches!(s.presence, Presence::Away(_)))
        };
        if let Some(side) = Side::BOTH.into_iter().find(away) {
            return Ok(side);
        }
        let free = self
            .free_side()
            .ok_or_else(|| "both seats are taken".to_string())?;
        if self.terms.rated && self.seats_player(player) {
            return Err("you cannot play yourself in a rated game".into());
        }
        Ok(free)
    }

    /// The side `player` sits at as `name` from another connection, and that connection.
    pub fn seated_as(&self, player: &PlayerId, name: &str) -> Option<(Side, ClientKey)> {
        Side::BOTH.into_iter().find_map(|side| {
            let seat = self.seats[side.index()].as_ref()?;
            seat.is(player, name).then_some(())?;
            self.client(side).map(|client| (side, client))
        })
    }

    /// Whether `player` holds a seat here.
    pub fn seats_player(&self, player: &PlayerId) -> bool {
        self.seats.iter().flatten().any(|s| s.player == *player)
    }

    /// Seats `client`, proven to be `player`, as `name` at `side`: its own seat back, keeping
    /// the rating it sat down with, or a free one with `rating` (a new player's if `None`).
    pub fn sit(
        &mut self,
        client: ClientKey,
        (player, name): (PlayerId, String),
        rating: Option<Rating>,
        side: Side,
    ) {
        let seat = &mut self.seats[side.index()];
        let rating = seat
            .as_ref()
            .map(|back| back.rating)
            .or(rating)
            .unwrap_or_default();
        *seat = Some(Seat {
            name,
            player,
            rating,
            presence: Presence::Here(client),
        });
    }

    /// The seated player at `side`: name, identity and rating when they sat down.
    pub fn seated(&self, side: Side) -> Option<(&str, PlayerId, Rating)> {
        let seat = self.seats[side.index()].as_ref()?;
        Some((&seat.name, seat.player, seat.rating))
    }

    /// Whether the game is rated and has just ended having gone far enough to count (see
    /// [`RATED_FROM_TURNS`]), its ratings not yet worked out.
    pub fn awaits_rating(&self) -> bool {
        self.terms.rated
            && self.is_finished()
            && self.pgn.is_none()
            && self.game.turns().len() >= RATED_FROM_TURNS
    }

    /// The game's outcome, if it has ended.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// When the table was opened (how long its first player has waited for an opponent).
    pub fn opened(&self) -> Duration {
        self.opened
    }

    /// The player waiting for an opponent at a table that waits: their client and side.
    pub fn waiting_player(&self) -> Option<(ClientKey, Side)> {
        let side = self.free_side()?.opponent();
        self.client(side).map(|client| (client, side))
    }

    /// When the running clock's flag falls, if a clock runs (the lobby's time).
    pub fn deadline(&self) -> Option<Duration> {
        let side = self.running?;
        Some(self.since.saturating_add(self.clocks.left(side)))
    }

    /// The game as the list of `player`'s games shows it at `now`, if they sit here and it
    /// goes on.
    pub fn playing_game(&self, player: &PlayerId, now: Duration) -> Option<PlayingGame> {
        if self.is_finished() {
            return None;
        }
        let you = Side::BOTH
            .into_iter()
            .find(|side| self.seated(*side).is_some_and(|(_, p, _)| p == *player))?;
        let to_move = self.game.position().side;
        Some(PlayingGame {
            table: self.id,
            terms: self.terms.clone(),
            names: self.names(),
            ratings: self.ratings(),
            you,
            to_move,
            left: self.running.map(|side| self.clocks_at(now).left(side)),
            plies: u32::try_from(self.game.turns().len()).unwrap_or(u32::MAX),
        })
    }

    /// The side to move and its player's identity, if that player is seated but not here at
    /// a game that goes on: whose other windows may be told it is their turn.
    pub fn to_move_away(&self) -> Option<(Side, PlayerId)> {
        let side = self.game.position().side;
        let seat = self.seats[side.index()].as_ref()?;
        let away = matches!(seat.presence, Presence::Away(_));
        (away && !self.is_finished()).then_some((side, seat.player))
    }

    /// Adds `client` as a spectator.
    pub fn watch(&mut self, client: ClientKey) {
        self.spectators.push(client);
    }

    /// `client` leaves at `now`: a player is away from then on (its seat kept), a spectator
    /// simply goes.
    pub fn leave(&mut self, client: ClientKey, now: Duration) {
        self.spectators.retain(|&c| c != client);
        for seat in self.seats.iter_mut().flatten() {
            if seat.presence == Presence::Here(client) {
                seat.presence = Presence::Away(now);
            }
        }
    }

    /// How long the player at `side` has been away at `now`, if they are.
    fn away(&self, side: Side, now: Duration) -> Option<Duration> {
        match self.seats[side.index()].as_ref()?.presence {
            Presence::Away(since) => Some(now.saturating_sub(since)),
            Presence::Here(_) => None,
        }
    }

    /// Whether the game is played by correspondence (days a turn): a player away is no
    /// reason to claim it, their clock is.
    fn is_correspondence(&self) -> bool {
        self.terms.clock.is_some_and(|c| c.per_turn)
    }

    /// Whether the player at `side` may claim the win at `now`: the game goes on, is not
    /// played by correspondence, and the opponent has been away for [`CLAIM_AFTER`].
    fn may_claim(&self, side: Side, now: Duration) -> bool {
        !self.is_finished()
            && !self.is_correspondence()
            && self.away(side.opponent(), now) >= Some(CLAIM_AFTER)
    }

    /// Whether a claim became possible after `before` and by `now`.
    pub fn claim_opened(&self, before: Duration, now: Duration) -> bool {
        let opened = |side: Side| match self.seats[side.index()].as_ref().map(|s| s.presence) {
            Some(Presence::Away(since)) => {
                let moment = since.saturating_add(CLAIM_AFTER);
                before < moment && moment <= now
            }
            _ => false,
        };
        !self.is_finished() && !self.is_correspondence() && Side::BOTH.into_iter().any(opened)
    }

    /// The clocks as they read at `now`.
    fn clocks_at(&self, now: Duration) -> Clocks {
        let mut clocks = self.clocks;
        if let Some(side) = self.running {
            let left = &mut clocks.left[side.index()];
            *left = left.saturating_sub(now.saturating_sub(self.since));
        }
        clocks
    }

    /// The side whose time has run out at `now`, if any.
    pub fn flag(&self, now: Duration) -> Option<Side> {
        let side = self.running?;
        self.clocks_at(now).left(side).is_zero().then_some(side)
    }

    /// Charges the running clock up to `now`, from which it runs on: what the clocks read
    /// later is the same, so this is done before any change to the game.
    fn settle(&mut self, now: Duration) {
        self.clocks = self.clocks_at(now);
        self.since = now;
    }

    /// Judges the game again after a change: its end and the clock that runs.
    fn judge(&mut self) {
        self.outcome = self.game.outcome();
        self.running = self.clocks.running(&self.game);
        if self.outcome.is_some() {
            self.offer = None;
        }
    }

    /// Refuses unless both players have sat down and the game goes on.
    fn going_on(&self) -> Result<(), String> {
        if self.seats.iter().any(Option::is_none) {
            Err("the game has not started: your opponent's seat is still free".into())
        } else if self.is_finished() {
            Err("the game is over".into())
        } else {
            Ok(())
        }
    }

    /// `side` plays `text` as turn `ply` (the number of turns played before it) at `now`: the
    /// mover's clock is charged and given its increment, and a pending offer lapses.
    pub fn play(&mut self, side: Side, ply: u32, text: &str, now: Duration) -> Result<(), String> {
        self.going_on()?;
        if self.game.position().side != side {
            return Err("it is not your turn".into());
        }
        let played = self.game.turns().len();
        if usize::try_from(ply) != Ok(played) {
            return Err("that turn came too late: the game had moved on".into());
        }
        self.settle(now);
        self.game.play_text(text).map_err(|e| e.to_string())?;
        self.clocks.turn_played(side);
        self.offer = None;
        self.judge();
        Ok(())
    }

    /// `side`'s time ran out at `now`.
    pub fn time_out(&mut self, side: Side, now: Duration) {
        self.finish(now, |game| game.time_out(side));
    }

    /// Ends the game at `now` as `end` decides.
    fn finish(&mut self, now: Duration, end: impl FnOnce(&mut Game)) {
        self.settle(now);
        end(&mut self.game);
        self.judge();
    }

    /// `side` resigns at `now`.
    pub fn resign(&mut self, side: Side, now: Duration) -> Result<(), String> {
        self.going_on()?;
        self.finish(now, |game| game.resign(side));
        Ok(())
    }

    /// `side` claims the win at `now`: its opponent has been away long enough.
    pub fn claim(&mut self, side: Side, now: Duration) -> Result<(), String> {
        self.going_on()?;
        if self.is_correspondence() {
            return Err(
                "in a correspondence game a player away has their days to move: only their \
                 clock ends it"
                    .into(),
            );
        }
        if !self.may_claim(side, now) {
            return Err("your opponent has not been away long enough to claim the win".into());
        }
        self.finish(now, |game| game.abandon(side.opponent()));
        Ok(())
    }

    /// `side` offers `offer`: the game goes on and no offer waits.
    pub fn offer(&mut self, side: Side, offer: Offer) -> Result<(), String> {
        self.going_on()?;
        if self.offer.is_some() {
            return Err("an offer already waits for an answer".into());
        }
        if offer == Offer::Takeback && self.takeback_plies(side).is_none() {
            return Err("you have no turn to take back".into());
        }
        self.offer = Some((side, offer));
        Ok(())
    }

    /// How many turns to undo so that `side`'s last turn is taken back and `side` is to move
    /// again; `None` if `side` has played no turn.
    fn takeback_plies(&self, side: Side) -> Option<usize> {
        let played = self.game.turns().len();
        (0..played)
            .rev()
            .find(|&ply| self.game.position_at(ply).is_some_and(|p| p.side == side))
            .map(|ply| played - ply)
    }

    /// `side` answers the opponent's offer at `now`: an accepted draw ends the game, an
    /// accepted takeback undoes the asker's last turn (and the reply to it).
    pub fn answer(&mut self, side: Side, accept: bool, now: Duration) -> Result<(), String> {
        let (asker, offer) = self.offer.ok_or("no offer waits for an answer")?;
        if asker == side {
            return Err("you cannot answer your own offer".into());
        }
        self.offer = None;
        self.answered = Some((offer, accept));
        match (offer, accept) {
            (Offer::Draw, true) => self.finish(now, Game::agree_draw),
            (Offer::Takeback, true) => self.take_back(asker, now),
            (_, false) => {}
        }
        Ok(())
    }

    /// Undoes `asker`'s last turn and any reply to it, at `now`.
    fn take_back(&mut self, asker: Side, now: Duration) {
        let plies = self.takeback_plies(asker).unwrap_or_default();
        self.settle(now);
        for _ in 0..plies {
            self.game.undo();
        }
        self.judge();
    }

    /// Adds a chat line (already checked), keeping the last [`CHAT_KEPT`].
    pub fn say(&mut self, role: Role, text: String) {
        let from = match role {
            Role::Player(side) => self.name(side).unwrap_or_default().to_string(),
            Role::Spectator => "spectator".to_string(),
        };
        self.chat.push_back(ChatLine { from, text });
        while self.chat.len() > CHAT_KEPT {
            self.chat.pop_front();
        }
    }

    /// The players' names, first player first, empty for a free seat.
    fn names(&self) -> [String; 2] {
        Side::BOTH.map(|side| self.name(side).unwrap_or_default().to_string())
    }

    /// The seated players' ratings as shown, first player first.
    fn ratings(&self) -> [Option<ShownRating>; 2] {
        self.seats
            .each_ref()
            .map(|seat| seat.as_ref().map(|s| s.rating.shown()))
    }

    /// The table as the list shows it.
    pub fn info(&self) -> TableInfo {
        TableInfo {
            table: self.id,
            terms: self.terms.clone(),
            names: self.names(),
            ratings: self.ratings(),
            plies: u32::try_from(self.game.turns().len()).unwrap_or(u32::MAX),
            finished: self.is_finished(),
        }
    }

    /// The whole table as a client in `role` sees it at `now`.
    pub fn state_for(&self, role: Role, now: Duration) -> TableState {
        let you = match role {
            Role::Player(side) => Some(side),
            Role::Spectator => None,
        };
        let mut record = self.game.record();
        record.redo.clear();
        TableState {
            table: self.id,
            terms: self.terms.clone(),
            names: self.names(),
            ratings: self.ratings(),
            you,
            record,
            clocks: self.clocks_at(now),
            running: self.running,
            away: Side::BOTH.map(|side| self.away(side, now)),
            may_claim: you.is_some_and(|side| self.may_claim(side, now)),
            offer: self.offer,
            answered: self.answered,
            chat: self.chat.iter().cloned().collect(),
            outcome: self.outcome,
        }
    }

    /// The game's ending and its record, dated on the day of `moment`, the first time it is
    /// asked after the game ended (`None` before and ever after); `rated` is a rated game's
    /// change to the players' ratings, kept with the table and written in the record.
    pub fn take_ending(
        &mut self,
        moment: SystemTime,
        rated: Option<[RatingChange; 2]>,
    ) -> Option<(Outcome, String)> {
        let outcome = self.outcome.filter(|_| self.pgn.is_none())?;
        self.rated = rated;
        let pgn = self.game.to_pgn(&self.header(date_of(moment)));
        self.pgn = Some(pgn.clone());
        Some((outcome, pgn))
    }

    /// The record's header: the event, the date, the players, the time control in seconds
    /// (`300+3`); in a rated game, the players' ratings when they sat down and their changes.
    fn header(&self, date: String) -> PgnHeader {
        let [white, black] = self.names();
        let rated = self.rated.as_ref();
        PgnHeader {
            event: Some("Oddboard online".into()),
            date: Some(date),
            white: Some(white),
            black: Some(black),
            time_control: self.terms.clock.map(TimeControl::pgn),
            elo: Side::BOTH.map(|side| {
                let (_, _, rating) = self.seated(side).filter(|_| rated.is_some())?;
                Some(whole(rating.rating))
            }),
            rating_diff: Side::BOTH
                .map(|side| rated.map(|changes| changes[side.index()].difference())),
        }
    }
}
