//! What the lobby keeps in its store: the tables it takes up on start and when a player comes
//! back to one put away (or its correspondence clock runs out), each change stored before it
//! is told (and taken back if it cannot be), the heartbeat, the bans an admin lays while it
//! runs, and a player's games.

use super::{ClientKey, Lobby, Table};
use crate::net::identity::PlayerId;
use crate::net::protocol::{FINISHED_LISTED, PlayingGame, ServerMsg, TableId};
use crate::net::store::{Store, StoredTable};
use std::collections::BTreeMap;
use std::time::{Duration, SystemTime};

impl Lobby {
    /// A lobby over `store`, taking up every unfinished table stored there, its players away:
    /// a running clock is charged only the time the last server ran after the table was
    /// stored, none for the time no server ran. An error says why the store cannot be read.
    pub fn with_store(
        seed: u64,
        started: SystemTime,
        store: Box<dyn Store>,
    ) -> Result<Lobby, String> {
        let mut lobby = Lobby::empty(seed, started, store);
        lobby.next_table = lobby.store.last_table_id()?.wrapping_add(1).max(1);
        let alive = lobby.store.last_heartbeat()?;
        for stored in lobby.store.unfinished()? {
            let id = stored.id;
            if stored.seats.iter().any(Option::is_none) {
                lobby.store.forget_table(id)?;
                continue;
            }
            let charge = alive
                .and_then(|alive| alive.duration_since(stored.saved).ok())
                .unwrap_or_default();
            let taken_up = lobby
                .variants
                .get(&stored.terms)
                .and_then(|variant| Table::from_stored(stored, variant, Duration::ZERO, charge));
            match taken_up {
                Ok(table) => {
                    let charged = table.clock_runs();
                    lobby.tables.insert(id, table);
                    if charged {
                        lobby.changed.insert(id);
                    }
                }
                Err(why) => lobby.log(format!("could not take up {why}")),
            }
        }
        let count = lobby.tables.len();
        lobby.log(format!("took up {count} unfinished games"));
        Ok(lobby)
    }

    /// Tells the store the lobby is alive, and sends away the clients of identities banned
    /// since it last asked.
    pub(super) fn beat(&mut self) {
        let moment = self.moment();
        let banned = self
            .store
            .heartbeat(moment)
            .and_then(|()| self.store.newly_banned());
        match banned {
            Ok(banned) => {
                let clients: Vec<ClientKey> = self
                    .clients
                    .iter()
                    .filter(|(_, c)| c.player.is_some_and(|p| banned.contains(&p)))
                    .map(|(&key, _)| key)
                    .collect();
                for client in clients {
                    self.deny(client, "you are banned from this server");
                }
            }
            Err(why) => self.log(format!("the store: {why}")),
        }
    }

    /// Sends `client` its games (if it has proven who it is): those it sits at, most urgent
    /// first, and its finished ones; and the server's latest finished games.
    pub(super) fn games(&mut self, client: ClientKey) -> Result<(), String> {
        let player = self.clients.get(&client).and_then(|c| c.player);
        let (playing, finished) = match player {
            Some(player) => (
                self.playing(&player)?,
                self.store.finished(Some(&player), FINISHED_LISTED)?,
            ),
            None => (Vec::new(), Vec::new()),
        };
        let latest = self.store.finished(None, FINISHED_LISTED)?;
        self.send(
            client,
            ServerMsg::Games {
                playing,
                finished,
                latest,
            },
        );
        Ok(())
    }

    /// The unfinished games `player` sits at, in play or put away, most urgent first: those
    /// where it is their turn before the others, each by the time left (a clock that does not
    /// run last), then by table.
    fn playing(&mut self, player: &PlayerId) -> Result<Vec<PlayingGame>, String> {
        let mut tables: BTreeMap<TableId, PlayingGame> = BTreeMap::new();
        for stored in self.store.playing(player)? {
            if self.tables.contains_key(&stored.id) {
                continue;
            }
            let id = stored.id;
            match self.taken_up(stored) {
                Ok(table) => tables.extend(table.playing_game(player, self.now).map(|g| (id, g))),
                Err(why) => self.log(format!("could not read {why}")),
            }
        }
        for (&id, table) in &self.tables {
            tables.extend(table.playing_game(player, self.now).map(|g| (id, g)));
        }
        let mut games: Vec<PlayingGame> = tables.into_values().collect();
        games.sort_by_key(|g| (!g.your_turn(), g.left.is_none(), g.left, g.table));
        Ok(games)
    }

    /// Table `stored` as it stands at the lobby's time: a running clock charged for the time
    /// since it was stored (the server has run all that time: a restarted server takes up
    /// every unfinished table and stores again those whose clock runs).
    fn taken_up(&mut self, stored: StoredTable) -> Result<Table, String> {
        let charge = self
            .moment()
            .duration_since(stored.saved)
            .unwrap_or_default();
        let variant = self.variants.get(&stored.terms)?;
        Table::from_stored(stored, variant, self.now, charge)
    }

    /// Brings table `id` back from the store if it is not in play and `player` holds a seat at
    /// its unfinished game as `name`; refused if they hold one under another name.
    pub(super) fn take_up(
        &mut self,
        id: TableId,
        player: &PlayerId,
        name: &str,
    ) -> Result<(), String> {
        if self.tables.contains_key(&id) {
            return Ok(());
        }
        let Some(stored) = self.store.load_table(id)? else {
            return Ok(());
        };
        if stored.is_finished() || !stored.seats_player(player) {
            return Ok(());
        }
        if !stored.seats_as(player, name) {
            return Err("you sit at this game under another name".into());
        }
        self.bring_back(stored)
    }

    /// Puts table `stored` in play again, its players away.
    fn bring_back(&mut self, stored: StoredTable) -> Result<(), String> {
        let id = stored.id;
        let table = self.taken_up(stored)?;
        if let Some(deadline) = self.put_away.remove(&id) {
            self.deadlines.remove(&(deadline, id));
        }
        self.tables.insert(id, table);
        self.list_changed = true;
        self.log(format!("table {id} taken up again from the store"));
        Ok(())
    }

    /// Puts table `id` away: it leaves memory, kept in the store; a running (correspondence)
    /// clock's flag will bring it back ([`Lobby::wake_due`]).
    pub(super) fn put_away(&mut self, id: TableId) {
        if let Some(deadline) = self.tables.get(&id).and_then(Table::deadline) {
            self.put_away.insert(id, deadline);
            self.deadlines.insert((deadline, id));
        }
        self.remove(
            id,
            "both players are away: the game is kept, and goes on when one of them comes back",
        );
    }

    /// Takes up the tables put away whose flag has fallen by now: the sweep then ends their
    /// games on time.
    pub(super) fn wake_due(&mut self) {
        while let Some(&(deadline, id)) = self.deadlines.first() {
            if deadline > self.now {
                break;
            }
            self.deadlines.pop_first();
            self.put_away.remove(&id);
            let brought = match self.store.load_table(id) {
                Ok(Some(stored)) if !stored.is_finished() => self.bring_back(stored),
                Ok(_) => Ok(()),
                Err(why) => Err(why),
            };
            if let Err(why) = brought {
                self.log(format!("table {id}: {why}"));
            }
        }
    }

    /// After a turn at table `id`: if the player to move is away from it, their other
    /// connections hear that it is their turn there.
    pub(super) fn tell_turn(&mut self, id: TableId) {
        let Some(table) = self.tables.get(&id) else {
            return;
        };
        let Some((side, player)) = table.to_move_away() else {
            return;
        };
        let Some(game) = table.playing_game(&player, self.now) else {
            return;
        };
        let opponent = table.name(side.opponent()).unwrap_or_default().to_string();
        let told: Vec<ClientKey> = self
            .clients
            .iter()
            .filter(|(_, c)| c.player == Some(player) && c.at != Some(id))
            .map(|(&key, _)| key)
            .collect();
        for client in told {
            let game = game.clone();
            let opponent = opponent.clone();
            self.send(client, ServerMsg::YourTurn { game, opponent });
        }
    }

    /// Stores table `id` as it stands: whether the store kept it. If it did not, the table is
    /// taken back to what the store last kept (or closed, if it kept none) and the client
    /// whose message changed it is told.
    pub(super) fn store_table(&mut self, id: TableId) -> bool {
        let Some(table) = self.tables.get(&id) else {
            return false;
        };
        let stored = table.stored(self.now, self.moment());
        let Err(why) = self.store.save_table(&stored) else {
            return true;
        };
        self.log(format!(
            "table {id}: the store could not keep a change: {why}"
        ));
        if let Some(client) = self.acting {
            let refusal = format!("the server could not store that, so it was not done ({why})");
            self.send(client, ServerMsg::Refused(refusal));
        }
        let reverted = match self.store.load_table(id) {
            Ok(Some(last)) => match self.tables.get_mut(&id) {
                Some(table) => table.revert(last, self.now),
                None => Ok(()),
            },
            Ok(None) => Err("nothing of it was stored".to_string()),
            Err(e) => Err(e),
        };
        if let Err(e) = reverted {
            self.log(format!("table {id}: {e}"));
            self.remove(id, "the server could not store this game");
        }
        false
    }
}
