//! The bench's data directory: filling its store with unfinished games before the server
//! starts, and reading the database once it has stopped (its size, its finished games).

use oddboard::app::shared::clocks::Clocks;
use oddboard::net::identity::Identity;
use oddboard::net::protocol::{TableId, Terms};
use oddboard::net::ratings::Rating;
use oddboard::net::store::{SqliteStore, Store, StoredSeat, StoredTable};
use oddboard::rules::{Game, SplitMix64, Variant};
use std::path::Path;
use std::sync::Arc;
use std::time::SystemTime;

/// The database's file in a data directory (as the store names it).
const DATABASE: &str = "oddboard.sqlite3";

/// Stores `count` unfinished games in the store of data directory `dir`: both seats taken,
/// no clock, 0 to 20 random turns played, the variants in turn.
pub(super) fn fill(dir: &Path, count: usize, variants: &[String]) {
    let mut store = SqliteStore::open(dir).unwrap_or_else(|e| panic!("the store: {e}"));
    let identities: Vec<Identity> = (0..64)
        .map(|_| Identity::generate().expect("an identity"))
        .collect();
    let loaded: Vec<Arc<Variant>> = variants
        .iter()
        .map(|id| Arc::new(Variant::load(id, &[]).unwrap_or_else(|e| panic!("{id}: {e}"))))
        .collect();
    let mut random = SplitMix64::new(0x5707ed);
    for index in 0..count {
        let id = index as TableId + 1;
        let variant = &loaded[index % loaded.len()];
        let mut game = Game::new(variant.clone());
        let turns = random.below(21);
        for _ in 0..turns {
            let legal = game.legal_turns();
            if legal.is_empty() {
                break;
            }
            let turn = legal[random.below(legal.len())];
            let _ = game.play(&turn);
            if game.outcome().is_some() {
                game.undo();
                break;
            }
        }
        let mut record = game.record();
        record.redo.clear();
        let seat = |side: usize| {
            Some(StoredSeat {
                name: format!("stored {index}.{side}"),
                player: identities[(2 * index + side) % identities.len()].player(),
                rating: Rating::default(),
            })
        };
        let table = StoredTable {
            id,
            terms: Terms {
                variant: variants[index % variants.len()].clone(),
                options: Vec::new(),
                clock: None,
                rated: false,
                file: None,
            },
            seats: [seat(0), seat(1)],
            record,
            clocks: Clocks::new(None),
            offer: None,
            answered: None,
            chat: Vec::new(),
            outcome: None,
            pgn: None,
            rated: None,
            saved: SystemTime::now(),
        };
        store
            .save_table(&table)
            .unwrap_or_else(|e| panic!("storing table {id}: {e}"));
    }
}

/// The database's size in data directory `dir`, its write-ahead log put in first (no
/// server may have it open).
pub(super) fn database_size(dir: &Path) -> u64 {
    let path = dir.join(DATABASE);
    if let Ok(db) = rusqlite::Connection::open(&path) {
        let _ = db.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()));
    }
    ["", "-wal"]
        .iter()
        .filter_map(|end| std::fs::metadata(format!("{}{end}", path.display())).ok())
        .map(|m| m.len())
        .sum()
}

/// How many of `tables` the database in data directory `dir` holds as finished.
pub(super) fn finished_among(dir: &Path, tables: &[TableId]) -> usize {
    let Ok(db) = rusqlite::Connection::open(dir.join(DATABASE)) else {
        return 0;
    };
    tables
        .iter()
        .filter(|&&id| {
            db.query_row("SELECT finished FROM tables WHERE id = ?1", [id], |row| {
                row.get::<_, i64>(0)
            })
            .is_ok_and(|finished| finished == 1)
        })
        .count()
}

/// What the database holds once the run is over.
pub(super) struct StoredStats {
    pub(super) finished: usize,
    pub(super) unfinished: usize,
    /// The bytes of the finished games' rows (their data).
    pub(super) finished_bytes: f64,
}

/// Counts the database's finished and unfinished games, and the finished ones' bytes.
pub(super) fn stored_stats(dir: &Path) -> StoredStats {
    let db = rusqlite::Connection::open(dir.join(DATABASE)).expect("the database");
    let count = |finished: i64| -> (usize, f64) {
        db.query_row(
            "SELECT count(*), coalesce(sum(length(data)), 0) FROM tables WHERE finished = ?1",
            [finished],
            |row| Ok((row.get::<_, i64>(0)? as usize, row.get::<_, i64>(1)? as f64)),
        )
        .unwrap_or((0, 0.0))
    };
    let (finished, finished_bytes) = count(1);
    let (unfinished, _) = count(0);
    StoredStats {
        finished,
        unfinished,
        finished_bytes,
    }
}
