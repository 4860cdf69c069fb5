//! What a server keeps: identities and the names bound to them, banned identities, and every
//! table (its terms, seats, turns, clocks, chat and, once finished, its record). The lobby
//! speaks to one [`Store`]: [`MemoryStore`] keeps it for as long as the process runs (`serve`
//! without `--data`, a host's window), [`SqliteStore`] in a database that outlives it. A store
//! that would move to a database server is one more implementation of the same interface.

mod memory;
mod sqlite;

pub use memory::MemoryStore;
pub use sqlite::{SqliteStore, backup};

use super::identity::PlayerId;
use super::names::name_key;
use super::protocol::{ChatLine, FinishedGame, Offer, TableId, Terms};
use super::ratings::{LeaderboardRow, Rating, RatingChange};
use crate::app::shared::clocks::Clocks;
use crate::rules::{GameRecord, Outcome, Side};
use serde::{Deserialize, Serialize};
use std::time::SystemTime;

/// Why a store could not do what it was asked, in one line.
pub type StoreError = String;

/// A taken seat as stored: the name it was taken under and the identity holding it.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct StoredSeat {
    /// The name, as its player typed it.
    pub name: String,
    /// The identity that holds the seat.
    pub player: PlayerId,
    /// The name's rating in the variant when it sat down.
    #[serde(default)]
    pub rating: Rating,
}

/// A table as a store keeps it: everything needed to take it up again exactly.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct StoredTable {
    /// The table's number.
    pub id: TableId,
    /// The game's terms.
    pub terms: Terms,
    /// The seats, first player first.
    pub seats: [Option<StoredSeat>; 2],
    /// The game so far (its `redo` empty).
    pub record: GameRecord,
    /// The clocks as they read at `saved`.
    pub clocks: Clocks,
    /// The offer waiting for an answer.
    pub offer: Option<(Side, Offer)>,
    /// The answer to the last offer.
    pub answered: Option<(Offer, bool)>,
    /// The chat's kept lines, oldest first.
    pub chat: Vec<ChatLine>,
    /// How the game ended, if it has.
    pub outcome: Option<Outcome>,
    /// The finished game's record (PGN), once it has been written.
    pub pgn: Option<String>,
    /// A finished rated game's change to each player's rating, first player first: the store
    /// keeps the new ratings in the same write that keeps the table finished.
    #[serde(default)]
    pub rated: Option<[RatingChange; 2]>,
    /// The calendar moment the table was stored.
    pub saved: SystemTime,
}

impl StoredTable {
    /// Whether the game has ended (its record has been written).
    pub fn is_finished(&self) -> bool {
        self.pgn.is_some()
    }

    /// Whether `player` holds one of its seats.
    pub fn seats_player(&self, player: &PlayerId) -> bool {
        self.seats.iter().flatten().any(|s| s.player == *player)
    }

    /// Whether `player` holds one of its seats under `name` (as people read names).
    pub fn seats_as(&self, player: &PlayerId, name: &str) -> bool {
        let key = name_key(name);
        self.seats
            .iter()
            .flatten()
            .any(|s| s.player == *player && name_key(&s.name) == key)
    }
}

/// Where a server keeps what it must not forget. Every call either does all it was asked or
/// nothing and says why; a table is stored before anyone is told of the change.
pub trait Store: Send {
    /// The identity a name (in its compared form, [`super::names::name_key`]) is bound to.
    fn name_owner(&mut self, key: &str) -> Result<Option<PlayerId>, StoreError>;

    /// Binds the name `key` (typed as `name`) to `player`.
    fn bind_name(&mut self, key: &str, name: &str, player: PlayerId) -> Result<(), StoreError>;

    /// Whether `player` is banned from the server.
    fn is_banned(&mut self, player: &PlayerId) -> Result<bool, StoreError>;

    /// Stores a table, replacing what was stored of it; when it is stored finished for the
    /// first time, the ratings its game changed ([`StoredTable::rated`]) with it.
    fn save_table(&mut self, table: &StoredTable) -> Result<(), StoreError>;

    /// The table `id` as last stored, if it is.
    fn load_table(&mut self, id: TableId) -> Result<Option<StoredTable>, StoreError>;

    /// Forgets table `id` (a table that never started).
    fn forget_table(&mut self, id: TableId) -> Result<(), StoreError>;

    /// Every unfinished table, to take up when the server starts.
    fn unfinished(&mut self) -> Result<Vec<StoredTable>, StoreError>;

    /// Every unfinished table `player` holds a seat at.
    fn playing(&mut self, player: &PlayerId) -> Result<Vec<StoredTable>, StoreError>;

    /// The rating of the name `key` (its compared form) in `variant`, if it has played a rated
    /// game there.
    fn rating(&mut self, key: &str, variant: &str) -> Result<Option<Rating>, StoreError>;

    /// The highest ratings in `variant`, at most `limit`: established ratings first, then
    /// provisional ones, each by rating.
    fn leaderboard(
        &mut self,
        variant: &str,
        limit: usize,
    ) -> Result<Vec<LeaderboardRow>, StoreError>;

    /// The highest table number ever stored (0 for none): new tables are numbered after it.
    fn last_table_id(&mut self) -> Result<TableId, StoreError>;

    /// The latest finished games, newest first, at most `limit`: `player`'s own if given.
    fn finished(
        &mut self,
        player: Option<&PlayerId>,
        limit: usize,
    ) -> Result<Vec<FinishedGame>, StoreError>;

    /// Notes that the server is alive at `now` (a restarted server charges no clock for the
    /// time after the last such moment).
    fn heartbeat(&mut self, now: SystemTime) -> Result<(), StoreError>;

    /// The last moment a server said it was alive, if one did.
    fn last_heartbeat(&mut self) -> Result<Option<SystemTime>, StoreError>;

    /// Identities banned since the server last asked (an admin may ban while it runs): the
    /// server disconnects them.
    fn newly_banned(&mut self) -> Result<Vec<PlayerId>, StoreError>;
}

/// A finished table as the list of finished games shows it (`None` while it goes on).
pub fn finished_game(table: &StoredTable) -> Option<FinishedGame> {
    Some(FinishedGame {
        table: table.id,
        terms: table.terms.clone(),
        names: table
            .seats
            .clone()
            .map(|seat| seat.map(|s| s.name).unwrap_or_default()),
        result: table.outcome?.to_string(),
        plies: u32::try_from(table.record.turns.len()).unwrap_or(u32::MAX),
        pgn: table.pgn.clone()?,
    })
}
