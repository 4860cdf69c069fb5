//! What the lobby keeps in its store: the tables it takes up on start and when a player comes
//! back to one put away, each change stored before it is told (and taken back if it cannot
//! be), the heartbeat, the bans an admin lays while it runs, and the finished games.

use super::{ClientKey, Lobby, Table};
use crate::net::identity::PlayerId;
use crate::net::protocol::{FINISHED_LISTED, ServerMsg, TableId};
use crate::net::store::Store;
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
                .get(&stored.terms.variant, &stored.terms.options)
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

    /// Sends `client` the finished games: its own (if it has proven who it is) and the
    /// server's latest.
    pub(super) fn finished(&mut self, client: ClientKey) -> Result<(), String> {
        let player = self.clients.get(&client).and_then(|c| c.player);
        let yours = match player {
            Some(player) => self.store.finished(Some(&player), FINISHED_LISTED)?,
            None => Vec::new(),
        };
        let latest = self.store.finished(None, FINISHED_LISTED)?;
        self.send(client, ServerMsg::Finished { yours, latest });
        Ok(())
    }

    /// Brings table `id` back from the store if it is not in play and `player` holds a seat at
    /// its unfinished game.
    pub(super) fn take_up(&mut self, id: TableId, player: &PlayerId) -> Result<(), String> {
        if self.tables.contains_key(&id) {
            return Ok(());
        }
        let Some(stored) = self.store.load_table(id)? else {
            return Ok(());
        };
        if stored.is_finished() || !stored.seats_player(player) {
            return Ok(());
        }
        let variant = self
            .variants
            .get(&stored.terms.variant, &stored.terms.options)?;
        let table = Table::from_stored(stored, variant, self.now, Duration::ZERO)?;
        self.tables.insert(id, table);
        self.list_changed = true;
        self.log(format!("table {id} taken up again from the store"));
        Ok(())
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
