//! A store kept in a SQLite database: what `serve --data DIR` keeps in `DIR/oddboard.sqlite3`,
//! so that a restarted server takes up its tables, names and bans where it left them.
//!
//! Why SQLite: it is compiled from the source bundled with `rusqlite` (no system `-dev`
//! package to install); in write-ahead-log mode a committed change (a turn, a bound name)
//! survives a crash of the process (`synchronous=NORMAL`: not necessarily a loss of power);
//! and the whole store is one file, easy to copy and to back up ([`backup`]) while a server
//! runs. A server takes the operating system's lock on `DIR/server.lock` so that two servers
//! never share a store; the admin commands ([`SqliteStore::open_admin`]) run beside a live
//! server, serialised with it by SQLite's own locking.
//!
//! A database this build cannot read (damaged, not a database, of a newer format, or some
//! other program's) is refused and left exactly as it was: only a brand-new, empty database
//! is given the schema.

use super::{Store, StoreError, StoredTable, finished_game};
use crate::net::identity::PlayerId;
use crate::net::names::name_key;
use crate::net::protocol::{FinishedGame, TableId};
use crate::net::ratings::{LeaderboardRow, PROVISIONAL_FROM, Rating, RatingChange};
use rusqlite::{Connection, OpenFlags, OptionalExtension, TransactionBehavior, params};
use std::fmt::Display;
use std::fs::{self, File, TryLockError};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The format of the store this build writes and reads (the database's `user_version`).
const FORMAT: i64 = 2;

/// The database's file in the data directory.
const DATABASE_FILE: &str = "oddboard.sqlite3";

/// The file whose operating-system lock a server holds while it uses the store.
const LOCK_FILE: &str = "server.lock";

/// How long a statement waits for another connection's lock before it fails.
const BUSY_TIMEOUT: Duration = Duration::from_millis(5000);

/// The tables of a store of [`FORMAT`]: a database lacking one is not a store. A store of
/// format 1 has all but the last.
const TABLES: [&str; 5] = ["meta", "names", "bans", "tables", "ratings"];

/// The schema of a store of [`FORMAT`], created in one transaction in a new database. Times
/// are unix milliseconds; identities are their 32-byte keys.
const SCHEMA: &str = "
    -- The store's own facts, in its one row.
    CREATE TABLE meta (
        only INTEGER PRIMARY KEY CHECK (only = 1),
        -- The highest table number ever stored (forgotten tables' too): never reused.
        last_table INTEGER NOT NULL,
        -- The last moment a server said it was alive.
        heartbeat INTEGER
    );
    INSERT INTO meta (only, last_table, heartbeat) VALUES (1, 0, NULL);

    -- Names and the identities they are bound to.
    CREATE TABLE names (
        -- The name's compared form (names::name_key).
        key TEXT PRIMARY KEY NOT NULL,
        -- The name as its player typed it.
        name TEXT NOT NULL,
        owner BLOB NOT NULL CHECK (length(owner) = 32),
        bound INTEGER NOT NULL
    ) WITHOUT ROWID;

    -- Banned identities, numbered in the order they were banned (never reused, so that a
    -- server asks for the bans after the last one it saw).
    CREATE TABLE bans (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        player BLOB NOT NULL UNIQUE CHECK (length(player) = 32),
        banned INTEGER NOT NULL
    );

    -- Every table: the whole StoredTable as RON in `data`, the rest for queries.
    CREATE TABLE tables (
        id INTEGER PRIMARY KEY,
        data TEXT NOT NULL,
        finished INTEGER NOT NULL CHECK (finished IN (0, 1)),
        -- 1, 2, ... in the order the games finished; NULL while unfinished.
        finished_order INTEGER UNIQUE CHECK ((finished = 1) = (finished_order IS NOT NULL)),
        finished_at INTEGER,
        -- The identities in the first (white) and second (black) seat; NULL for a free seat.
        white BLOB,
        black BLOB,
        variant TEXT NOT NULL,
        saved INTEGER NOT NULL
    );
    CREATE INDEX tables_unfinished ON tables (id) WHERE finished = 0;
    CREATE INDEX tables_finished_by_white ON tables (white, finished_order) WHERE finished = 1;
    CREATE INDEX tables_finished_by_black ON tables (black, finished_order) WHERE finished = 1;
";

/// What format 2 adds to format 1: the ratings, and the indexes that find a player's
/// unfinished games. A new store is given [`SCHEMA`] and then this; a store of format 1 is
/// brought up to format 2 with it when a server opens it.
const FORMAT_2: &str = "
    -- Each name's Glicko-2 rating in each variant, once it has played a rated game there.
    CREATE TABLE ratings (
        -- The name's compared form (names::name_key), and the name as typed when last rated.
        key TEXT NOT NULL,
        variant TEXT NOT NULL,
        name TEXT NOT NULL,
        player BLOB NOT NULL CHECK (length(player) = 32),
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        games INTEGER NOT NULL,
        PRIMARY KEY (key, variant)
    ) WITHOUT ROWID;
    CREATE INDEX ratings_by_variant ON ratings (variant, rating);
    CREATE INDEX tables_playing_white ON tables (white) WHERE finished = 0;
    CREATE INDEX tables_playing_black ON tables (black) WHERE finished = 0;
";

/// A server's store in a SQLite database ([`SqliteStore::open`]), or an admin command's
/// ([`SqliteStore::open_admin`]).
pub struct SqliteStore {
    /// The connection (declared first: it is closed before the lock is let go).
    db: Connection,
    /// The database file, for errors.
    path: PathBuf,
    /// The highest ban number [`Store::newly_banned`] has returned (or that existed at open).
    last_ban: i64,
    /// The server's lock on `server.lock`, held while the store is open; `None` for an admin.
    _lock: Option<File>,
}

impl SqliteStore {
    /// The store in data directory `dir`, for a server: the directory and a new database are
    /// made if missing; the server's lock is taken (an error if another server holds it; a
    /// lock file left by a server that died blocks nothing); a database that cannot be read
    /// is refused, untouched. The error is one line naming the file and why.
    pub fn open(dir: &Path) -> Result<SqliteStore, StoreError> {
        fs::create_dir_all(dir).at(dir)?;
        let lock_path = dir.join(LOCK_FILE);
        let lock = File::options()
            .create(true)
            .write(true)
            .truncate(false)
            .open(&lock_path)
            .at(&lock_path)?;
        match lock.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                return Err(format!(
                    "{}: another server is using this store",
                    dir.display()
                ));
            }
            Err(TryLockError::Error(e)) => return Err(fail(&lock_path, e)),
        }
        SqliteStore::connect(&dir.join(DATABASE_FILE), Some(lock))
    }

    /// The store in data directory `dir`, for an admin command beside a live server: the same
    /// checks as [`SqliteStore::open`], but no server lock is taken and a missing (or empty)
    /// database is an error, never made.
    pub fn open_admin(dir: &Path) -> Result<SqliteStore, StoreError> {
        let path = dir.join(DATABASE_FILE);
        if !path.exists() {
            return Err(format!("{}: no store here", path.display()));
        }
        SqliteStore::connect(&path, None)
    }

    /// Opens the database at `path` (creating it if `lock` is given: a server's), checks it is
    /// a store this build reads, and gives a new one its schema.
    fn connect(path: &Path, lock: Option<File>) -> Result<SqliteStore, StoreError> {
        let server = lock.is_some();
        let mut flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        if server {
            flags |= OpenFlags::SQLITE_OPEN_CREATE;
        }
        let mut db = Connection::open_with_flags(path, flags).at(path)?;
        db.busy_timeout(BUSY_TIMEOUT).at(path)?;
        // Reads only, until the database is known to be a store (or empty).
        let version: i64 = db
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .at(path)?;
        if version > FORMAT {
            return Err(format!(
                "{}: a store of format {version}, newer than this Oddboard reads (up to {FORMAT})",
                path.display()
            ));
        }
        let check: String = db
            .pragma_query_value(None, "quick_check", |r| r.get(0))
            .at(path)?;
        if check != "ok" {
            return Err(fail(path, format!("the database is damaged: {check}")));
        }
        let objects: i64 = db
            .query_row("SELECT count(*) FROM sqlite_schema", [], |r| r.get(0))
            .at(path)?;
        let new = match (version, objects) {
            (0, 0) if server => true,
            (0, 0) => return Err(format!("{}: no store here", path.display())),
            (0, _) => return Err(fail(path, "a SQLite database, but not an Oddboard store")),
            (1, _) => {
                check_tables(&db, path, &TABLES[..4])?;
                false
            }
            (FORMAT, _) => {
                check_tables(&db, path, &TABLES)?;
                false
            }
            _ => {
                return Err(fail(
                    path,
                    format!("not an Oddboard store (format {version})"),
                ));
            }
        };
        let journal: String = db
            .pragma_update_and_check(None, "journal_mode", "WAL", |r| r.get(0))
            .at(path)?;
        if !journal.eq_ignore_ascii_case("wal") {
            return Err(fail(
                path,
                format!("cannot keep a write-ahead log here (journal mode {journal})"),
            ));
        }
        db.pragma_update(None, "synchronous", "NORMAL").at(path)?;
        db.pragma_update(None, "foreign_keys", "ON").at(path)?;
        if new {
            let tx = db
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .at(path)?;
            // Looked at again under the write lock: only an empty database gets the schema.
            let objects: i64 = tx
                .query_row("SELECT count(*) FROM sqlite_schema", [], |r| r.get(0))
                .at(path)?;
            if objects != 0 {
                return Err(fail(path, "the database changed while it was being opened"));
            }
            tx.execute_batch(SCHEMA).at(path)?;
            tx.execute_batch(FORMAT_2).at(path)?;
            tx.pragma_update(None, "user_version", FORMAT).at(path)?;
            tx.commit().at(path)?;
        } else if version == 1 {
            let tx = db
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .at(path)?;
            let still: i64 = tx
                .pragma_query_value(None, "user_version", |r| r.get(0))
                .at(path)?;
            if still == 1 {
                tx.execute_batch(FORMAT_2).at(path)?;
                tx.pragma_update(None, "user_version", FORMAT).at(path)?;
            }
            tx.commit().at(path)?;
        }
        let last_ban: i64 = db
            .query_row("SELECT coalesce(max(seq), 0) FROM bans", [], |r| r.get(0))
            .at(path)?;
        Ok(SqliteStore {
            db,
            path: path.to_path_buf(),
            last_ban,
            _lock: lock,
        })
    }

    /// Releases the name `name` (as typed: it is compared as [`name_key`] makes it), so that
    /// anyone may take it. Whether it was bound.
    pub fn release_name(&mut self, name: &str) -> Result<bool, StoreError> {
        let removed = self
            .db
            .execute("DELETE FROM names WHERE key = ?1", [name_key(name)])
            .at(&self.path)?;
        Ok(removed > 0)
    }

    /// Bans `player` from the server (a running server learns of it through
    /// [`Store::newly_banned`] and disconnects them). Banning a banned player changes nothing.
    pub fn ban(&mut self, player: PlayerId) -> Result<(), StoreError> {
        self.db
            .execute(
                "INSERT INTO bans (player, banned) VALUES (?1, ?2) ON CONFLICT (player) DO NOTHING",
                params![player.0, millis(SystemTime::now())],
            )
            .at(&self.path)?;
        Ok(())
    }

    /// Lifts the ban on `player`. Whether they were banned.
    pub fn unban(&mut self, player: PlayerId) -> Result<bool, StoreError> {
        let removed = self
            .db
            .execute("DELETE FROM bans WHERE player = ?1", [player.0])
            .at(&self.path)?;
        Ok(removed > 0)
    }

    /// Limits the database to `pages` pages (SQLite's `max_page_count`; never below its size
    /// now): the way the tests make the disk "full", so that a save that needs more room
    /// fails with an error.
    pub fn set_max_pages(&mut self, pages: u32) -> Result<(), StoreError> {
        let _: i64 = self
            .db
            .pragma_update_and_check(None, "max_page_count", pages, |r| r.get(0))
            .at(&self.path)?;
        Ok(())
    }

    /// Writes a consistent copy of the database to `to` (see [`backup`]).
    fn backup_to(&self, to: &Path) -> Result<(), StoreError> {
        if fs::canonicalize(to).ok() == Some(fs::canonicalize(&self.path).at(&self.path)?) {
            return Err(fail(to, "this is the store itself"));
        }
        let dir = to
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let temp = tempfile::Builder::new()
            .prefix(".oddboard-backup-")
            .suffix(".tmp")
            .tempfile_in(dir)
            .at(to)?
            .into_temp_path();
        let name = temp
            .to_str()
            .ok_or_else(|| fail(to, "the path is not UTF-8"))?;
        self.db
            .execute("VACUUM INTO ?1", [name])
            .map_err(|e| fail(&self.path, format!("copying to {}: {e}", to.display())))?;
        File::open(&temp).and_then(|f| f.sync_all()).at(to)?;
        temp.persist(to).map_err(|e| fail(to, e.error))?;
        sync_dir(dir).at(to)
    }

    /// The table stored in row `data` of table `id`.
    fn decode(&self, id: TableId, data: &str) -> Result<StoredTable, StoreError> {
        ron::from_str(data).map_err(|e| {
            fail(
                &self.path,
                format!(
                    "table {id} cannot be read: line {}, column {}: {}",
                    e.span.start.line, e.span.start.col, e.code
                ),
            )
        })
    }
}

/// Writes a consistent copy of the store in data directory `dir` to the file `to`, while a
/// server may be using it: SQLite's `VACUUM INTO` a temporary file beside `to`, synced, then
/// renamed over `to` (which is replaced whole or not at all). To restore it, put the copy in a
/// data directory as `oddboard.sqlite3`. The error is one line naming the file and why.
pub fn backup(dir: &Path, to: &Path) -> Result<(), StoreError> {
    SqliteStore::open_admin(dir)?.backup_to(to)
}

impl Store for SqliteStore {
    fn name_owner(&mut self, key: &str) -> Result<Option<PlayerId>, StoreError> {
        let owner: Option<[u8; 32]> = self
            .db
            .query_row("SELECT owner FROM names WHERE key = ?1", [key], |r| {
                r.get(0)
            })
            .optional()
            .at(&self.path)?;
        Ok(owner.map(PlayerId))
    }

    fn bind_name(&mut self, key: &str, name: &str, player: PlayerId) -> Result<(), StoreError> {
        self.db
            .execute(
                "INSERT INTO names (key, name, owner, bound) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (key) DO UPDATE
                 SET name = excluded.name, owner = excluded.owner, bound = excluded.bound",
                params![key, name, player.0, millis(SystemTime::now())],
            )
            .at(&self.path)?;
        Ok(())
    }

    fn is_banned(&mut self, player: &PlayerId) -> Result<bool, StoreError> {
        self.db
            .query_row(
                "SELECT EXISTS (SELECT 1 FROM bans WHERE player = ?1)",
                [player.0],
                |r| r.get(0),
            )
            .at(&self.path)
    }

    fn save_table(&mut self, table: &StoredTable) -> Result<(), StoreError> {
        let path = &self.path;
        let data = ron::to_string(table).at(path)?;
        let [white, black] = table
            .seats
            .each_ref()
            .map(|seat| seat.as_ref().map(|s| s.player.0));
        let saved = millis(table.saved);
        let tx = self
            .db
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .at(path)?;
        let before: Option<(Option<i64>, Option<i64>)> = tx
            .prepare_cached("SELECT finished_order, finished_at FROM tables WHERE id = ?1")
            .and_then(|mut query| {
                query
                    .query_row([table.id], |r| Ok((r.get(0)?, r.get(1)?)))
                    .optional()
            })
            .at(path)?;
        let (order, finished_at) = match before {
            _ if !table.is_finished() => (None, None),
            Some((Some(order), at)) => (Some(order), at),
            _ => {
                for change in table.rated.iter().flatten() {
                    keep_rating(&tx, change).at(path)?;
                }
                let next: i64 = tx
                    .query_row(
                        "SELECT coalesce(max(finished_order), 0) + 1 FROM tables",
                        [],
                        |r| r.get(0),
                    )
                    .at(path)?;
                (Some(next), Some(saved))
            }
        };
        tx.prepare_cached(
            "INSERT INTO tables
                 (id, data, finished, finished_order, finished_at, white, black, variant, saved)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
             ON CONFLICT (id) DO UPDATE SET
                 data = excluded.data, finished = excluded.finished,
                 finished_order = excluded.finished_order, finished_at = excluded.finished_at,
                 white = excluded.white, black = excluded.black,
                 variant = excluded.variant, saved = excluded.saved",
        )
        .and_then(|mut insert| {
            insert.execute(params![
                table.id,
                data,
                table.is_finished(),
                order,
                finished_at,
                white,
                black,
                table.terms.variant,
                saved
            ])
        })
        .at(path)?;
        tx.prepare_cached("UPDATE meta SET last_table = max(last_table, ?1)")
            .and_then(|mut update| update.execute([table.id]))
            .at(path)?;
        tx.commit().at(path)
    }

    fn load_table(&mut self, id: TableId) -> Result<Option<StoredTable>, StoreError> {
        let data: Option<String> = self
            .db
            .query_row("SELECT data FROM tables WHERE id = ?1", [id], |r| r.get(0))
            .optional()
            .at(&self.path)?;
        data.map(|data| self.decode(id, &data)).transpose()
    }

    fn forget_table(&mut self, id: TableId) -> Result<(), StoreError> {
        self.db
            .execute("DELETE FROM tables WHERE id = ?1", [id])
            .at(&self.path)?;
        Ok(())
    }

    fn unfinished(&mut self) -> Result<Vec<StoredTable>, StoreError> {
        let mut query = self
            .db
            .prepare("SELECT id, data FROM tables WHERE finished = 0 ORDER BY id")
            .at(&self.path)?;
        let rows = query
            .query_map([], |r| {
                Ok((r.get::<_, TableId>(0)?, r.get::<_, String>(1)?))
            })
            .at(&self.path)?;
        rows.map(|row| {
            let (id, data) = row.at(&self.path)?;
            self.decode(id, &data)
        })
        .collect()
    }

    fn playing(&mut self, player: &PlayerId) -> Result<Vec<StoredTable>, StoreError> {
        let mut query = self
            .db
            .prepare_cached(
                "SELECT id, data FROM tables WHERE finished = 0 AND white = ?1
                 UNION
                 SELECT id, data FROM tables WHERE finished = 0 AND black = ?1",
            )
            .at(&self.path)?;
        let rows = query
            .query_map([player.0], |r| {
                Ok((r.get::<_, TableId>(0)?, r.get::<_, String>(1)?))
            })
            .at(&self.path)?
            .collect::<Result<Vec<_>, _>>()
            .at(&self.path)?;
        drop(query);
        rows.into_iter()
            .map(|(id, data)| self.decode(id, &data))
            .collect()
    }

    fn rating(&mut self, key: &str, variant: &str) -> Result<Option<Rating>, StoreError> {
        self.db
            .prepare_cached(
                "SELECT rating, deviation, volatility, games FROM ratings
                 WHERE key = ?1 AND variant = ?2",
            )
            .and_then(|mut query| query.query_row([key, variant], rating_of).optional())
            .at(&self.path)
    }

    fn leaderboard(
        &mut self,
        variant: &str,
        limit: usize,
    ) -> Result<Vec<LeaderboardRow>, StoreError> {
        let mut query = self
            .db
            .prepare_cached(
                "SELECT rating, deviation, volatility, games, name FROM ratings
                 WHERE variant = ?1
                 ORDER BY deviation >= ?2, rating DESC
                 LIMIT ?3",
            )
            .at(&self.path)?;
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        query
            .query_map(params![variant, PROVISIONAL_FROM, limit], |r| {
                let rating = rating_of(r)?;
                Ok(LeaderboardRow {
                    name: r.get(4)?,
                    rating: rating.shown(),
                    games: rating.games,
                })
            })
            .at(&self.path)?
            .collect::<Result<Vec<_>, _>>()
            .at(&self.path)
    }

    fn last_table_id(&mut self) -> Result<TableId, StoreError> {
        self.db
            .query_row("SELECT last_table FROM meta", [], |r| r.get(0))
            .at(&self.path)
    }

    fn finished(
        &mut self,
        player: Option<&PlayerId>,
        limit: usize,
    ) -> Result<Vec<FinishedGame>, StoreError> {
        // Newest first, read only as far as needed: a player's games are the two seats'
        // indexes merged in order (a game where they held both seats, once).
        let (sql, key) = match player {
            None => (
                "SELECT finished_order, id, data FROM tables WHERE finished = 1
                 ORDER BY finished_order DESC",
                None,
            ),
            Some(p) => (
                "SELECT finished_order, id, data FROM tables WHERE finished = 1 AND white = ?1
                 UNION ALL
                 SELECT finished_order, id, data FROM tables
                 WHERE finished = 1 AND black = ?1 AND white IS NOT ?1
                 ORDER BY finished_order DESC",
                Some(p.0),
            ),
        };
        let mut query = self.db.prepare(sql).at(&self.path)?;
        let mut rows = match key {
            Some(key) => query.query([key]),
            None => query.query([]),
        }
        .at(&self.path)?;
        let mut games = Vec::new();
        while games.len() < limit {
            let Some(row) = rows.next().at(&self.path)? else {
                break;
            };
            let id: TableId = row.get(1).at(&self.path)?;
            let data: String = row.get(2).at(&self.path)?;
            games.extend(finished_game(&self.decode(id, &data)?));
        }
        Ok(games)
    }

    fn heartbeat(&mut self, now: SystemTime) -> Result<(), StoreError> {
        self.db
            .execute("UPDATE meta SET heartbeat = ?1", [millis(now)])
            .at(&self.path)?;
        Ok(())
    }

    fn last_heartbeat(&mut self) -> Result<Option<SystemTime>, StoreError> {
        let ms: Option<i64> = self
            .db
            .query_row("SELECT heartbeat FROM meta", [], |r| r.get(0))
            .at(&self.path)?;
        Ok(ms.map(moment))
    }

    fn newly_banned(&mut self) -> Result<Vec<PlayerId>, StoreError> {
        let mut query = self
            .db
            .prepare("SELECT seq, player FROM bans WHERE seq > ?1 ORDER BY seq")
            .at(&self.path)?;
        let bans = query
            .query_map([self.last_ban], |r| {
                Ok((r.get::<_, i64>(0)?, r.get::<_, [u8; 32]>(1)?))
            })
            .at(&self.path)?
            .collect::<Result<Vec<_>, _>>()
            .at(&self.path)?;
        if let Some((seq, _)) = bans.last() {
            self.last_ban = *seq;
        }
        Ok(bans.into_iter().map(|(_, p)| PlayerId(p)).collect())
    }
}

/// Keeps the rating `change` made, in the transaction that stores its game finished.
fn keep_rating(tx: &rusqlite::Transaction, change: &RatingChange) -> rusqlite::Result<()> {
    let Rating {
        rating,
        deviation,
        volatility,
        games,
    } = change.after;
    tx.prepare_cached(
        "INSERT INTO ratings (key, variant, name, player, rating, deviation, volatility, games)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
         ON CONFLICT (key, variant) DO UPDATE SET
             name = excluded.name, player = excluded.player, rating = excluded.rating,
             deviation = excluded.deviation, volatility = excluded.volatility,
             games = excluded.games",
    )?
    .execute(params![
        change.key,
        change.variant,
        change.name,
        change.player.0,
        rating,
        deviation,
        volatility,
        games
    ])?;
    Ok(())
}

/// The rating in the first four columns of `row`: rating, deviation, volatility, games.
fn rating_of(row: &rusqlite::Row) -> rusqlite::Result<Rating> {
    Ok(Rating {
        rating: row.get(0)?,
        deviation: row.get(1)?,
        volatility: row.get(2)?,
        games: row.get(3)?,
    })
}

/// Checks that a database has `tables`, and the row of `meta`.
fn check_tables(db: &Connection, path: &Path, tables: &[&str]) -> Result<(), StoreError> {
    for table in tables {
        let present: bool = db
            .query_row(
                "SELECT EXISTS (SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?1)",
                [table],
                |r| r.get(0),
            )
            .at(path)?;
        if !present {
            return Err(fail(
                path,
                format!("not an Oddboard store (it has no table '{table}')"),
            ));
        }
    }
    let rows: i64 = db
        .query_row("SELECT count(*) FROM meta", [], |r| r.get(0))
        .at(path)?;
    if rows != 1 {
        return Err(fail(
            path,
            "not an Oddboard store (its 'meta' is not one row)",
        ));
    }
    Ok(())
}

/// `why`, about the file at `path`, in one line.
fn fail(path: &Path, why: impl Display) -> StoreError {
    let why = why.to_string();
    format!(
        "{}: {}",
        path.display(),
        why.split_whitespace().collect::<Vec<_>>().join(" ")
    )
}

/// Turns any error into a [`StoreError`] about the file at a path.
trait At<T> {
    /// The error, about the file at `path`, in one line.
    fn at(self, path: &Path) -> Result<T, StoreError>;
}

impl<T, E: Display> At<T> for Result<T, E> {
    fn at(self, path: &Path) -> Result<T, StoreError> {
        self.map_err(|e| fail(path, e))
    }
}

/// `time` in unix milliseconds (negative before 1970; saturating far from it).
fn millis(time: SystemTime) -> i64 {
    match time.duration_since(UNIX_EPOCH) {
        Ok(after) => i64::try_from(after.as_millis()).unwrap_or(i64::MAX),
        Err(before) => i64::try_from(before.duration().as_millis()).map_or(i64::MIN, |ms| -ms),
    }
}

/// The moment `ms` unix milliseconds (the nearest one a `SystemTime` holds).
fn moment(ms: i64) -> SystemTime {
    let span = Duration::from_millis(ms.unsigned_abs());
    let time = if ms >= 0 {
        UNIX_EPOCH.checked_add(span)
    } else {
        UNIX_EPOCH.checked_sub(span)
    };
    time.unwrap_or(UNIX_EPOCH)
}

/// Makes a rename in `dir` durable.
#[cfg(unix)]
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    File::open(dir)?.sync_all()
}

/// Makes a rename in `dir` durable (the platform does it with the rename).
#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> std::io::Result<()> {
    Ok(())
}
