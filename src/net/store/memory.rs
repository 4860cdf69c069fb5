//! A store kept in the server's memory: everything a [`super::SqliteStore`] keeps, for as long
//! as the process runs (`serve` without `--data`, a host's window). It never fails.

use super::{Store, StoreError, StoredTable, finished_game};
use crate::net::identity::PlayerId;
use crate::net::protocol::{FinishedGame, TableId};
use crate::net::ratings::{LeaderboardRow, Rating, leaderboard_order};
use std::collections::{BTreeMap, BTreeSet};
use std::time::SystemTime;

/// What the server has kept, in memory.
#[derive(Default)]
pub struct MemoryStore {
    names: BTreeMap<String, PlayerId>,
    banned: BTreeSet<PlayerId>,
    /// Banned since the lobby last asked.
    newly_banned: Vec<PlayerId>,
    tables: BTreeMap<TableId, StoredTable>,
    /// Table numbers in the order their games finished, latest last.
    finished: Vec<TableId>,
    last_id: TableId,
    heartbeat: Option<SystemTime>,
    /// Each name's (compared form) rating in each variant, with the name as typed.
    ratings: BTreeMap<(String, String), (String, Rating)>,
}

impl MemoryStore {
    /// An empty store.
    pub fn new() -> MemoryStore {
        MemoryStore::default()
    }

    /// Bans `player` (what the admin command does to a server's database).
    pub fn ban(&mut self, player: PlayerId) {
        if self.banned.insert(player) {
            self.newly_banned.push(player);
        }
    }
}

impl Store for MemoryStore {
    fn name_owner(&mut self, key: &str) -> Result<Option<PlayerId>, StoreError> {
        Ok(self.names.get(key).copied())
    }

    fn bind_name(&mut self, key: &str, _name: &str, player: PlayerId) -> Result<(), StoreError> {
        self.names.insert(key.to_string(), player);
        Ok(())
    }

    fn is_banned(&mut self, player: &PlayerId) -> Result<bool, StoreError> {
        Ok(self.banned.contains(player))
    }

    fn save_table(&mut self, table: &StoredTable) -> Result<(), StoreError> {
        let was_finished = self
            .tables
            .get(&table.id)
            .is_some_and(StoredTable::is_finished);
        if table.is_finished() && !was_finished {
            self.finished.push(table.id);
            for change in table.rated.iter().flatten() {
                let key = (change.key.clone(), change.variant.clone());
                self.ratings
                    .insert(key, (change.name.clone(), change.after));
            }
        }
        self.last_id = self.last_id.max(table.id);
        self.tables.insert(table.id, table.clone());
        Ok(())
    }

    fn load_table(&mut self, id: TableId) -> Result<Option<StoredTable>, StoreError> {
        Ok(self.tables.get(&id).cloned())
    }

    fn forget_table(&mut self, id: TableId) -> Result<(), StoreError> {
        self.tables.remove(&id);
        Ok(())
    }

    fn unfinished(&mut self) -> Result<Vec<StoredTable>, StoreError> {
        Ok(self
            .tables
            .values()
            .filter(|t| !t.is_finished())
            .cloned()
            .collect())
    }

    fn playing(&mut self, player: &PlayerId) -> Result<Vec<StoredTable>, StoreError> {
        Ok(self
            .tables
            .values()
            .filter(|t| !t.is_finished() && t.seats_player(player))
            .cloned()
            .collect())
    }

    fn rating(&mut self, key: &str, variant: &str) -> Result<Option<Rating>, StoreError> {
        let key = (key.to_string(), variant.to_string());
        Ok(self.ratings.get(&key).map(|(_, rating)| *rating))
    }

    fn leaderboard(
        &mut self,
        variant: &str,
        limit: usize,
    ) -> Result<Vec<LeaderboardRow>, StoreError> {
        let mut rated: Vec<(&String, &Rating)> = self
            .ratings
            .iter()
            .filter(|((_, v), _)| v == variant)
            .map(|(_, (name, rating))| (name, rating))
            .collect();
        rated.sort_by(|a, b| leaderboard_order(a.1, b.1));
        Ok(rated
            .into_iter()
            .take(limit)
            .map(|(name, rating)| LeaderboardRow {
                name: name.clone(),
                rating: rating.shown(),
                games: rating.games,
            })
            .collect())
    }

    fn last_table_id(&mut self) -> Result<TableId, StoreError> {
        Ok(self.last_id)
    }

    fn finished(
        &mut self,
        player: Option<&PlayerId>,
        limit: usize,
    ) -> Result<Vec<FinishedGame>, StoreError> {
        Ok(self
            .finished
            .iter()
            .rev()
            .filter_map(|id| self.tables.get(id))
            .filter(|t| player.is_none_or(|p| t.seats_player(p)))
            .filter_map(finished_game)
            .take(limit)
            .collect())
    }

    fn heartbeat(&mut self, now: SystemTime) -> Result<(), StoreError> {
        self.heartbeat = Some(now);
        Ok(())
    }

    fn last_heartbeat(&mut self) -> Result<Option<SystemTime>, StoreError> {
        Ok(self.heartbeat)
    }

    fn newly_banned(&mut self) -> Result<Vec<PlayerId>, StoreError> {
        Ok(std::mem::take(&mut self.newly_banned))
    }
}
