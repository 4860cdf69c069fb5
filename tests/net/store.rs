//! The server's store in SQLite (`serve --data DIR`): what is saved is what is loaded after a
//! restart; a database it cannot read is refused and left as it was; one server per store;
//! names, bans, finished games and backups.

use crate::support::FOOLS_MATE;
use crate::wait::{PATIENCE, wait_for};
use oddboard::app::shared::clocks::{Clocks, TimeControl};
use oddboard::net::identity::PlayerId;
use oddboard::net::protocol::{ChatLine, Offer, Terms};
use oddboard::net::ratings::{Rating, RatingChange};
use oddboard::net::store::{SqliteStore, Store, StoredSeat, StoredTable, backup};
use oddboard::rules::{Game, Outcome, Reason, Side, Variant};
use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tempfile::tempdir;

const ALICE: PlayerId = PlayerId([1; 32]);
const BOB: PlayerId = PlayerId([2; 32]);
const CAROL: PlayerId = PlayerId([3; 32]);

/// The database file in a data directory.
fn database(dir: &Path) -> std::path::PathBuf {
    dir.join("oddboard.sqlite3")
}

/// An unfinished game of chess at table `id` between `white` and `black`, three turns in, with
/// clocks, an offer, an answer and chat: every field holds something.
fn table(id: u32, white: PlayerId, black: PlayerId) -> StoredTable {
    let variant = Variant::load("chess", &[]).expect("chess loads");
    let mut record = Game::new(Arc::new(variant)).record();
    record.turns = FOOLS_MATE[..3].iter().map(|t| t.to_string()).collect();
    let control = TimeControl::minutes(3, 2);
    let mut clocks = Clocks::new(Some(control));
    clocks.left = [
        Duration::from_millis(170_250),
        Duration::from_millis(181_999),
    ];
    StoredTable {
        id,
        terms: Terms {
            variant: "chess".into(),
            options: Vec::new(),
            clock: Some(control),
            rated: false,
            file: None,
        },
        seats: [
            Some(StoredSeat {
                name: format!("White {id}"),
                player: white,
                rating: Rating::default(),
            }),
            Some(StoredSeat {
                name: format!("Black \"{id}\" ☺\n"),
                player: black,
                rating: Rating {
                    rating: 1712.5,
                    deviation: 61.25,
                    volatility: 0.0875,
                    games: 40,
                },
            }),
        ],
        record,
        clocks,
        offer: Some((Side::Black, Offer::Draw)),
        answered: Some((Offer::Takeback, false)),
        chat: vec![ChatLine {
            from: "White".into(),
            text: "good luck, (and) \\ \"have fun\"".into(),
        }],
        outcome: None,
        pgn: None,
        rated: None,
        saved: UNIX_EPOCH + Duration::new(1_764_000_000, 123_456_789),
    }
}

/// `table` played to its end (fool's mate).
fn finished(mut table: StoredTable) -> StoredTable {
    table.record.turns = FOOLS_MATE.iter().map(|t| t.to_string()).collect();
    table.offer = None;
    table.outcome = Some(Outcome::win(Side::Black, Reason::Checkmate));
    table.pgn = Some(format!(
        "[Table \"{}\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n",
        table.id
    ));
    table
}

/// Asserts `error` is one line naming `file`.
fn names_file_in_one_line(error: &str, file: &Path) {
    assert!(!error.contains('\n'), "more than one line: {error}");
    assert!(
        error.starts_with(&file.display().to_string()),
        "{error} does not name {}",
        file.display()
    );
}

#[test]
fn a_table_saved_is_the_table_loaded_after_reopening() {
    let dir = tempdir().unwrap();
    let first = table(1, ALICE, BOB);
    let mut second = table(2, BOB, CAROL);
    second.seats[1] = None;
    second.offer = None;
    second.answered = None;
    second.clocks = Clocks::new(None);
    second.terms.clock = None;
    {
        let mut store = SqliteStore::open(dir.path()).unwrap();
        assert_eq!(store.load_table(1).unwrap(), None);
        store.save_table(&first).unwrap();
        store.save_table(&second).unwrap();
        let mut changed = first.clone();
        changed.record.turns.pop();
        store.save_table(&changed).unwrap();
        store.save_table(&first).unwrap();
    }
    let mut store = SqliteStore::open(dir.path()).unwrap();
    assert_eq!(store.load_table(1).unwrap(), Some(first.clone()));
    assert_eq!(store.load_table(2).unwrap(), Some(second.clone()));
    assert_eq!(store.load_table(3).unwrap(), None);
    assert_eq!(store.unfinished().unwrap(), [first, second]);
    assert_eq!(store.last_table_id().unwrap(), 2);
}

#[test]
fn a_new_store_is_empty() {
    let dir = tempdir().unwrap();
    let data = dir.path().join("not yet made");
    let mut store = SqliteStore::open(&data).unwrap();
    assert!(database(&data).is_file());
    assert_eq!(store.last_table_id().unwrap(), 0);
    assert_eq!(store.unfinished().unwrap(), []);
    assert_eq!(store.finished(None, 10).unwrap(), []);
    assert_eq!(store.last_heartbeat().unwrap(), None);
    assert_eq!(store.newly_banned().unwrap(), []);
    assert_eq!(store.name_owner("alice").unwrap(), None);
    assert!(!store.is_banned(&ALICE).unwrap());
}

#[test]
fn a_forgotten_tables_number_is_never_used_again() {
    let dir = tempdir().unwrap();
    {
        let mut store = SqliteStore::open(dir.path()).unwrap();
        store.save_table(&table(4, ALICE, BOB)).unwrap();
        store.save_table(&table(7, ALICE, BOB)).unwrap();
        store.forget_table(7).unwrap();
        store.forget_table(8).unwrap();
        assert_eq!(store.load_table(7).unwrap(), None);
        assert_eq!(store.last_table_id().unwrap(), 7);
    }
    let mut store = SqliteStore::open(dir.path()).unwrap();
    assert_eq!(store.last_table_id().unwrap(), 7);
    assert_eq!(store.unfinished().unwrap(), [table(4, ALICE, BOB)]);
}

#[test]
fn the_heartbeat_is_kept_to_the_millisecond() {
    let dir = tempdir().unwrap();
    let now = UNIX_EPOCH + Duration::from_millis(1_764_000_000_123);
    {
        let mut store = SqliteStore::open(dir.path()).unwrap();
        store.heartbeat(now - Duration::from_secs(5)).unwrap();
        store.heartbeat(now + Duration::from_micros(400)).unwrap();
    }
    let mut store = SqliteStore::open(dir.path()).unwrap();
    assert_eq!(store.last_heartbeat().unwrap(), Some(now));
}

#[test]
fn a_lock_left_by_a_closed_server_does_not_block_the_next() {
    let dir = tempdir().unwrap();
    let store = SqliteStore::open(dir.path()).unwrap();
    drop(store);
    // The lock file stays behind, as it does when a server is killed: only the operating
    // system's lock on it counts, and that went with the process (here, the file handle).
    assert!(dir.path().join("server.lock").exists());
    let mut store = SqliteStore::open(dir.path()).unwrap();
    store.save_table(&table(1, ALICE, BOB)).unwrap();
}

/// The variable that tells [`a_server_to_kill`] the store to serve.
const STORE_TO_KILL: &str = "ODDBOARD_STORE_TO_KILL";

#[test]
fn a_lock_left_by_a_killed_server_does_not_block_the_next() {
    let dir = tempdir().unwrap();
    let ready = dir.path().join("ready");
    let mut server = Command::new(std::env::current_exe().unwrap())
        .args(["store::a_server_to_kill", "--exact", "--ignored"])
        .env(STORE_TO_KILL, dir.path())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_for("the server to open its store", PATIENCE, || {
        ready.exists().then_some(())
    });
    assert!(SqliteStore::open(dir.path()).is_err());
    server.kill().unwrap();
    server.wait().unwrap();
    // Killed outright: what it committed is kept, and its lock went with it.
    let mut store = SqliteStore::open(dir.path()).unwrap();
    assert_eq!(store.load_table(1).unwrap(), Some(table(1, ALICE, BOB)));
}

/// Not a test of its own: the server [`a_lock_left_by_a_killed_server_does_not_block_the_next`]
/// starts (this test binary again) and kills.
#[test]
#[ignore = "the server a_lock_left_by_a_killed_server_does_not_block_the_next kills"]
fn a_server_to_kill() {
    let Some(dir) = std::env::var_os(STORE_TO_KILL) else {
        return;
    };
    let dir = Path::new(&dir);
    let mut store = SqliteStore::open(dir).unwrap();
    store.save_table(&table(1, ALICE, BOB)).unwrap();
    fs::write(dir.join("ready"), "").unwrap();
    std::thread::sleep(PATIENCE);
}

#[test]
fn a_second_server_on_one_store_is_refused() {
    let dir = tempdir().unwrap();
    let mut server = SqliteStore::open(dir.path()).unwrap();
    let Err(error) = SqliteStore::open(dir.path()) else {
        panic!("a second server opened the store");
    };
    assert_eq!(
        error,
        format!(
            "{}: another server is using this store",
            dir.path().display()
        )
    );
    // An admin command works beside the server, and the server sees what it did.
    let mut admin = SqliteStore::open_admin(dir.path()).unwrap();
    admin.ban(CAROL).unwrap();
    server.save_table(&table(1, ALICE, BOB)).unwrap();
    assert!(server.is_banned(&CAROL).unwrap());
    assert_eq!(admin.load_table(1).unwrap(), Some(table(1, ALICE, BOB)));
}

#[test]
fn an_admin_command_makes_no_store() {
    let dir = tempdir().unwrap();
    let Err(error) = SqliteStore::open_admin(dir.path()) else {
        panic!("an admin command opened a store that is not there");
    };
    assert_eq!(
        error,
        format!("{}: no store here", database(dir.path()).display())
    );
    assert!(!database(dir.path()).exists());
}

#[test]
fn a_corrupt_database_is_refused_and_left_as_it_was() {
    let dir = tempdir().unwrap();
    let mut seed: u64 = 0x0ddb_0a2d;
    let bytes: Vec<u8> = (0..16384)
        .map(|_| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 56) as u8
        })
        .collect();
    fs::write(database(dir.path()), &bytes).unwrap();
    for open in [SqliteStore::open, SqliteStore::open_admin] {
        let Err(error) = open(dir.path()) else {
            panic!("a corrupt database was opened");
        };
        names_file_in_one_line(&error, &database(dir.path()));
        assert!(error.contains("not a database"), "{error}");
        assert_eq!(fs::read(database(dir.path())).unwrap(), bytes);
    }
    assert!(backup(dir.path(), &dir.path().join("copy")).is_err());
    assert!(!dir.path().join("copy").exists());
}

#[test]
fn a_damaged_store_is_refused_and_left_as_it_was() {
    let dir = tempdir().unwrap();
    {
        let mut store = SqliteStore::open(dir.path()).unwrap();
        for id in 1..=40 {
            store.save_table(&table(id, ALICE, BOB)).unwrap();
        }
    }
    // Scribbles over the pages after the first (the header stays a database's).
    let mut bytes = fs::read(database(dir.path())).unwrap();
    assert!(bytes.len() > 3 * 4096);
    for byte in &mut bytes[4096 + 100..3 * 4096] {
        *byte = 0x5a;
    }
    fs::write(database(dir.path()), &bytes).unwrap();
    let Err(error) = SqliteStore::open(dir.path()) else {
        panic!("a damaged store was opened");
    };
    names_file_in_one_line(&error, &database(dir.path()));
    assert_eq!(fs::read(database(dir.path())).unwrap(), bytes);
}

#[test]
fn a_store_of_a_newer_format_is_refused() {
    let dir = tempdir().unwrap();
    drop(SqliteStore::open(dir.path()).unwrap());
    let db = rusqlite::Connection::open(database(dir.path())).unwrap();
    db.pragma_update(None, "user_version", 3).unwrap();
    drop(db);
    let bytes = fs::read(database(dir.path())).unwrap();
    for open in [SqliteStore::open, SqliteStore::open_admin] {
        let Err(error) = open(dir.path()) else {
            panic!("a store of a newer format was opened");
        };
        assert_eq!(
            error,
            format!(
                "{}: a store of format 3, newer than this Oddboard reads (up to 2)",
                database(dir.path()).display()
            )
        );
        assert_eq!(fs::read(database(dir.path())).unwrap(), bytes);
    }
}

#[test]
fn another_programs_database_is_refused() {
    for version in [0, 1] {
        let dir = tempdir().unwrap();
        let db = rusqlite::Connection::open(database(dir.path())).unwrap();
        db.execute_batch("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine');")
            .unwrap();
        db.pragma_update(None, "user_version", version).unwrap();
        drop(db);
        let Err(error) = SqliteStore::open(dir.path()) else {
            panic!("another program's database was opened");
        };
        names_file_in_one_line(&error, &database(dir.path()));
        assert!(error.contains("not an Oddboard store"), "{error}");
        let db = rusqlite::Connection::open(database(dir.path())).unwrap();
        let text: String = db
            .query_row("SELECT text FROM notes", [], |r| r.get(0))
            .unwrap();
        assert_eq!(text, "mine");
    }
}

#[test]
fn a_full_disk_fails_the_save_and_keeps_the_last_stored_table() {
    let dir = tempdir().unwrap();
    let mut store = SqliteStore::open(dir.path()).unwrap();
    let stored = table(1, ALICE, BOB);
    store.save_table(&stored).unwrap();
    store.set_max_pages(1).unwrap();
    let mut longer = stored.clone();
    longer.chat = (0..200)
        .map(|n| ChatLine {
            from: "White".into(),
            text: format!("{n}: {}", "x".repeat(190)),
        })
        .collect();
    let Err(error) = store.save_table(&longer) else {
        panic!("a save that does not fit succeeded");
    };
    names_file_in_one_line(&error, &database(dir.path()));
    assert!(error.contains("full"), "{error}");
    assert_eq!(store.load_table(1).unwrap(), Some(stored.clone()));
    drop(store);
    let mut store = SqliteStore::open(dir.path()).unwrap();
    assert_eq!(store.load_table(1).unwrap(), Some(stored));
    // With room again, the save succeeds.
    store.save_table(&longer).unwrap();
    assert_eq!(store.load_table(1).unwrap(), Some(longer));
}

#[test]
fn names_bind_and_release() {
    let dir = tempdir().unwrap();
    {
        let mut store = SqliteStore::open(dir.path()).unwrap();
        store.bind_name("alice", "Alice", ALICE).unwrap();
        store.bind_name("bob", "Bob", BOB).unwrap();
        assert_eq!(store.name_owner("alice").unwrap(), Some(ALICE));
        // Binding again moves the name.
        store.bind_name("bob", "BOB", CAROL).unwrap();
        assert_eq!(store.name_owner("bob").unwrap(), Some(CAROL));
    }
    let mut admin = SqliteStore::open_admin(dir.path()).unwrap();
    assert_eq!(admin.name_owner("alice").unwrap(), Some(ALICE));
    assert_eq!(admin.name_owner("bob").unwrap(), Some(CAROL));
    assert!(admin.release_name("  ALICE ").unwrap());
    assert!(!admin.release_name("alice").unwrap());
    assert!(!admin.release_name("nobody").unwrap());
    drop(admin);
    let mut store = SqliteStore::open(dir.path()).unwrap();
    assert_eq!(store.name_owner("alice").unwrap(), None);
    assert_eq!(store.name_owner("bob").unwrap(), Some(CAROL));
}

#[test]
fn bans_are_reported_once() {
    let dir = tempdir().unwrap();
    {
        let mut server = SqliteStore::open(dir.path()).unwrap();
        let mut admin = SqliteStore::open_admin(dir.path()).unwrap();
        assert_eq!(server.newly_banned().unwrap(), []);
        admin.ban(ALICE).unwrap();
        admin.ban(BOB).unwrap();
        admin.ban(ALICE).unwrap();
        assert!(server.is_banned(&ALICE).unwrap());
        assert_eq!(server.newly_banned().unwrap(), [ALICE, BOB]);
        assert_eq!(server.newly_banned().unwrap(), []);
        // Lifted and laid again: reported again.
        assert!(admin.unban(ALICE).unwrap());
        assert!(!admin.unban(ALICE).unwrap());
        assert!(!server.is_banned(&ALICE).unwrap());
        assert_eq!(server.newly_banned().unwrap(), []);
        admin.ban(ALICE).unwrap();
        assert_eq!(server.newly_banned().unwrap(), [ALICE]);
    }
    // A restarted server is not told of the old bans again, only of new ones.
    let mut server = SqliteStore::open(dir.path()).unwrap();
    assert_eq!(server.newly_banned().unwrap(), []);
    assert!(server.is_banned(&ALICE).unwrap());
    assert!(server.is_banned(&BOB).unwrap());
    assert!(!server.is_banned(&CAROL).unwrap());
    SqliteStore::open_admin(dir.path())
        .unwrap()
        .ban(CAROL)
        .unwrap();
    assert_eq!(server.newly_banned().unwrap(), [CAROL]);
}

#[test]
fn finished_games_newest_first_and_by_player() {
    let dir = tempdir().unwrap();
    let mut store = SqliteStore::open(dir.path()).unwrap();
    // Tables 1 (alice-bob), 2 (bob-carol), 3 (carol-alice), 4 (alice-bob, unfinished); they
    // finish in the order 3, 1, 2.
    for (id, white, black) in [(1, ALICE, BOB), (2, BOB, CAROL), (3, CAROL, ALICE)] {
        store.save_table(&table(id, white, black)).unwrap();
    }
    store.save_table(&table(4, ALICE, BOB)).unwrap();
    store.save_table(&finished(table(3, CAROL, ALICE))).unwrap();
    store.save_table(&finished(table(1, ALICE, BOB))).unwrap();
    store.save_table(&finished(table(2, BOB, CAROL))).unwrap();
    // Saving a finished table again does not make it newer.
    store.save_table(&finished(table(3, CAROL, ALICE))).unwrap();
    let tables = |games: Vec<oddboard::net::protocol::FinishedGame>| {
        games.into_iter().map(|g| g.table).collect::<Vec<_>>()
    };
    assert_eq!(tables(store.finished(None, 10).unwrap()), [2, 1, 3]);
    assert_eq!(tables(store.finished(None, 2).unwrap()), [2, 1]);
    assert_eq!(tables(store.finished(None, 0).unwrap()), []);
    assert_eq!(tables(store.finished(Some(&ALICE), 10).unwrap()), [1, 3]);
    assert_eq!(tables(store.finished(Some(&ALICE), 1).unwrap()), [1]);
    assert_eq!(tables(store.finished(Some(&CAROL), 10).unwrap()), [2, 3]);
    assert_eq!(
        tables(store.finished(Some(&PlayerId([9; 32])), 10).unwrap()),
        []
    );
    let game = store.finished(None, 1).unwrap().remove(0);
    assert_eq!(
        Some(game),
        oddboard::net::store::finished_game(&finished(table(2, BOB, CAROL)))
    );
    assert_eq!(store.unfinished().unwrap(), [table(4, ALICE, BOB)]);
    // A player who plays themselves is listed once.
    store.save_table(&finished(table(5, BOB, BOB))).unwrap();
    assert_eq!(tables(store.finished(Some(&BOB), 10).unwrap()), [5, 2, 1]);
    drop(store);
    let mut store = SqliteStore::open(dir.path()).unwrap();
    assert_eq!(tables(store.finished(None, 10).unwrap()), [5, 2, 1, 3]);
    assert_eq!(store.unfinished().unwrap(), [table(4, ALICE, BOB)]);
}

#[test]
fn a_players_unfinished_games_and_ratings_are_kept_and_a_rating_counts_once() {
    let dir = tempdir().unwrap();
    let mut store = SqliteStore::open(dir.path()).unwrap();
    for (id, white, black) in [(1, ALICE, BOB), (2, BOB, CAROL), (3, CAROL, ALICE)] {
        store.save_table(&table(id, white, black)).unwrap();
    }
    assert_eq!(ids_of(store.playing(&ALICE).unwrap()), [1, 3]);
    let rated = |rating: f64| RatingChange {
        key: "white 1".into(),
        name: "White 1".into(),
        player: ALICE,
        variant: "chess".into(),
        before: Rating::default(),
        after: Rating {
            rating,
            games: 1,
            ..Rating::default()
        },
    };
    let mut ended = finished(table(1, ALICE, BOB));
    ended.rated = Some([rated(1600.0), rated(1600.0)]);
    store.save_table(&ended).unwrap();
    assert_eq!(ids_of(store.playing(&ALICE).unwrap()), [3]);
    let kept = store.rating("white 1", "chess").unwrap().expect("rated");
    assert_eq!(kept.rating, 1600.0);
    // Saved again (a chat line after the end), the game counts no second time.
    ended.rated = Some([rated(1700.0), rated(1700.0)]);
    store.save_table(&ended).unwrap();
    drop(store);
    let mut store = SqliteStore::open(dir.path()).unwrap();
    assert_eq!(store.rating("white 1", "chess").unwrap(), Some(kept));
    assert_eq!(store.rating("white 1", "amoeba").unwrap(), None);
    let board = store.leaderboard("chess", 10).unwrap();
    assert_eq!(board.len(), 1);
    assert_eq!(board[0].name, "White 1");
}

#[test]
fn a_store_of_format_1_is_brought_up_to_format_2_keeping_everything() {
    let dir = tempdir().unwrap();
    let kept = table(1, ALICE, BOB);
    SqliteStore::open(dir.path())
        .unwrap()
        .save_table(&kept)
        .unwrap();
    let db = rusqlite::Connection::open(database(dir.path())).unwrap();
    db.execute_batch(
        "DROP TABLE ratings; DROP INDEX tables_playing_white; DROP INDEX tables_playing_black;
         PRAGMA user_version = 1;",
    )
    .unwrap();
    drop(db);
    let mut store = SqliteStore::open(dir.path()).unwrap();
    assert_eq!(store.load_table(1).unwrap(), Some(kept));
    assert_eq!(ids_of(store.playing(&BOB).unwrap()), [1]);
    assert_eq!(store.rating("white 1", "chess").unwrap(), None);
    drop(store);
    let db = rusqlite::Connection::open(database(dir.path())).unwrap();
    let version: i64 = db
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    assert_eq!(version, 2);
}

/// The tables' numbers.
fn ids_of(tables: Vec<StoredTable>) -> Vec<u32> {
    tables.iter().map(|t| t.id).collect()
}

#[test]
fn a_backup_taken_while_open_reads_back() {
    let dir = tempdir().unwrap();
    let copies = tempdir().unwrap();
    let to = copies.path().join("backup.sqlite3");
    fs::write(&to, "an older backup").unwrap();
    let mut server = SqliteStore::open(dir.path()).unwrap();
    server.save_table(&table(1, ALICE, BOB)).unwrap();
    server.save_table(&finished(table(2, BOB, ALICE))).unwrap();
    server.bind_name("alice", "Alice", ALICE).unwrap();
    server.heartbeat(SystemTime::UNIX_EPOCH).unwrap();
    backup(dir.path(), &to).unwrap();
    // What the server does after the backup is not in it.
    server.save_table(&table(3, ALICE, BOB)).unwrap();
    // Nothing but the backup is left beside it.
    let left: Vec<_> = fs::read_dir(copies.path()).unwrap().collect();
    assert_eq!(left.len(), 1);
    let restored = tempdir().unwrap();
    fs::copy(&to, database(restored.path())).unwrap();
    let mut store = SqliteStore::open(restored.path()).unwrap();
    assert_eq!(store.load_table(1).unwrap(), Some(table(1, ALICE, BOB)));
    assert_eq!(store.load_table(3).unwrap(), None);
    assert_eq!(store.last_table_id().unwrap(), 2);
    assert_eq!(store.name_owner("alice").unwrap(), Some(ALICE));
    assert_eq!(
        store.last_heartbeat().unwrap(),
        Some(SystemTime::UNIX_EPOCH)
    );
    assert_eq!(
        store
            .finished(None, 5)
            .unwrap()
            .into_iter()
            .map(|g| g.table)
            .collect::<Vec<_>>(),
        [2]
    );
    // A backup is never written over the store itself.
    assert!(backup(dir.path(), &database(dir.path())).is_err());
    assert_eq!(server.load_table(3).unwrap(), Some(table(3, ALICE, BOB)));
}
