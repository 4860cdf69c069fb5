//! A server that forgets nothing: the lobby over the SQLite store, driven on the virtual clock.
//! Every change is stored before anyone is told of it; a server started again on the store
//! takes up every table exactly, with no clock run for the time no server ran; a change the
//! store cannot keep (a full disk) is refused and taken back; an admin's ban and release
//! reach a running server; finished games stay listed.

use crate::support::*;
use oddboard::net::identity::PlayerId;
use oddboard::net::lobby::{ClientKey, Effect, Lobby};
use oddboard::net::protocol::{ClientMsg, FinishedGame, Offer, ServerMsg, TableId};
use oddboard::net::ratings::{LeaderboardRow, Rating};
use oddboard::net::store::{MemoryStore, SqliteStore, Store, StoreError, StoredTable};
use oddboard::rules::Side;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, SystemTime};

/// The finished games sent to `client`: its own and the latest.
fn finished(effects: &[Effect], client: ClientKey) -> (Vec<FinishedGame>, Vec<FinishedGame>) {
    effects
        .iter()
        .find_map(|effect| match effect {
            Effect::Send(
                to,
                ServerMsg::Games {
                    finished, latest, ..
                },
            ) if *to == client => Some((finished.clone(), latest.clone())),
            _ => None,
        })
        .expect("the finished games are sent")
}

/// Alice and Bob come back after a restart and sit down again at `table`.
fn both_come_back(server: &mut Server, table: TableId) {
    server.connect(ALICE);
    server.connect(BOB);
    assert!(refusals(&server.send(ALICE, join("alice", table)), ALICE).is_empty());
    assert!(refusals(&server.send(BOB, join("bob", table)), BOB).is_empty());
}

#[test]
fn every_turn_is_stored_before_anyone_is_told_of_it() {
    let (mut server, dir) = stored_server(&[ALICE, BOB]);
    let table = server.seated(chess());
    let effects = server.play(table, 0, &["e2e4", "e7e5"]);
    assert_eq!(last_state(&effects, ALICE).record.turns.len(), 2);
    let mut beside = SqliteStore::open_admin(dir.path()).expect("read beside the server");
    let stored = beside
        .load_table(table)
        .unwrap()
        .expect("the table is stored");
    assert_eq!(stored.record.turns, ["e2e4", "e7e5"]);
}

#[test]
fn a_server_started_again_takes_up_every_table_exactly() {
    let (mut server, dir) = stored_server(&[ALICE, BOB, CAROL]);
    let table = server.seated(chess());
    server.play(table, 0, &["e2e4", "e7e5", "g1f3"]);
    server.send(
        ALICE,
        ClientMsg::Chat {
            table,
            text: "good luck".into(),
        },
    );
    server.send(
        BOB,
        ClientMsg::Offer {
            table,
            offer: Offer::Draw,
        },
    );
    server.send(CAROL, open("carol", blitz(), Some(Side::White)));
    let before = server.look(table);
    server.restart(|| store(dir.path()), started() + Duration::from_secs(600));
    assert_eq!(
        server.lobby.tables().len(),
        1,
        "the started game is taken up"
    );
    both_come_back(&mut server, table);
    let after = server.look(table);
    assert_eq!(
        (
            &after.record,
            &after.chat,
            after.offer,
            after.clocks,
            &after.names
        ),
        (
            &before.record,
            &before.chat,
            before.offer,
            before.clocks,
            &before.names
        )
    );
    server.send(
        ALICE,
        ClientMsg::Answer {
            table,
            accept: false,
        },
    );
    server.play(table, 3, &["b8c6"]);
}

#[test]
fn no_clock_runs_while_no_server_runs() {
    let (mut server, dir) = stored_server(&[ALICE, BOB]);
    let table = server.seated(blitz());
    server.play(table, 0, &["e2e4", "e7e5"]);
    server.wait(1);
    server.wait(1);
    server.wait(1);
    let left = server.look(table).clocks.left;
    server.restart(
        || store(dir.path()),
        started() + Duration::from_secs(86_400),
    );
    both_come_back(&mut server, table);
    let after = server.look(table).clocks.left;
    assert_eq!(after[1], left[1], "the side not to move lost nothing");
    assert_eq!(
        after[0], left[0],
        "the side to move lost nothing past the server's last breath"
    );
}

/// A store in memory whose disk can be made full: while `full` is set, every write fails as
/// SQLite's does on a full disk.
struct FillingStore {
    kept: MemoryStore,
    full: Arc<AtomicBool>,
}

impl FillingStore {
    /// Fails a write while the disk is full.
    fn room(&self) -> Result<(), StoreError> {
        if self.full.load(Ordering::Relaxed) {
            Err("store.sqlite3: database or disk is full".into())
        } else {
            Ok(())
        }
    }
}

impl Store for FillingStore {
    fn name_owner(&mut self, key: &str) -> Result<Option<PlayerId>, StoreError> {
        self.kept.name_owner(key)
    }
    fn bind_name(&mut self, key: &str, name: &str, player: PlayerId) -> Result<(), StoreError> {
        self.room()?;
        self.kept.bind_name(key, name, player)
    }
    fn is_banned(&mut self, player: &PlayerId) -> Result<bool, StoreError> {
        self.kept.is_banned(player)
    }
    fn save_table(&mut self, table: &StoredTable) -> Result<(), StoreError> {
        self.room()?;
        self.kept.save_table(table)
    }
    fn load_table(&mut self, id: TableId) -> Result<Option<StoredTable>, StoreError> {
        self.kept.load_table(id)
    }
    fn forget_table(&mut self, id: TableId) -> Result<(), StoreError> {
        self.room()?;
        self.kept.forget_table(id)
    }
    fn unfinished(&mut self) -> Result<Vec<StoredTable>, StoreError> {
        self.kept.unfinished()
    }
    fn playing(&mut self, player: &PlayerId) -> Result<Vec<StoredTable>, StoreError> {
        self.kept.playing(player)
    }
    fn rating(&mut self, key: &str, variant: &str) -> Result<Option<Rating>, StoreError> {
        self.kept.rating(key, variant)
    }
    fn leaderboard(
        &mut self,
        variant: &str,
        limit: usize,
    ) -> Result<Vec<LeaderboardRow>, StoreError> {
        self.kept.leaderboard(variant, limit)
    }
    fn last_table_id(&mut self) -> Result<TableId, StoreError> {
        self.kept.last_table_id()
    }
    fn finished(
        &mut self,
        player: Option<&PlayerId>,
        limit: usize,
    ) -> Result<Vec<FinishedGame>, StoreError> {
        self.kept.finished(player, limit)
    }
    fn heartbeat(&mut self, now: SystemTime) -> Result<(), StoreError> {
        self.room()?;
        self.kept.heartbeat(now)
    }
    fn last_heartbeat(&mut self) -> Result<Option<SystemTime>, StoreError> {
        self.kept.last_heartbeat()
    }
    fn newly_banned(&mut self) -> Result<Vec<PlayerId>, StoreError> {
        self.kept.newly_banned()
    }
}

#[test]
fn on_a_full_disk_a_turn_is_refused_and_never_acknowledged() {
    let full = Arc::new(AtomicBool::new(false));
    let filling = FillingStore {
        kept: MemoryStore::new(),
        full: full.clone(),
    };
    let lobby = Lobby::with_store(7, started(), Box::new(filling)).expect("a lobby");
    let mut server = Server::over(lobby, &[ALICE, BOB]);
    let table = server.seated(chess());
    server.play(table, 0, &["e2e4"]);
    full.store(true, Ordering::Relaxed);
    let effects = server.send(BOB, turn(table, 1, "e7e5"));
    assert_eq!(
        refusals(&effects, BOB),
        [
            "the server could not store that, so it was not done (store.sqlite3: database or disk is full)"
        ]
    );
    for client in [ALICE, BOB] {
        assert!(
            states(&effects, client)
                .iter()
                .all(|state| state.record.turns == ["e2e4"]),
            "nobody is told of a turn that was not stored"
        );
    }
    full.store(false, Ordering::Relaxed);
    let effects = server.send(BOB, turn(table, 1, "e7e5"));
    assert_eq!(last_state(&effects, ALICE).record.turns, ["e2e4", "e7e5"]);
}

#[test]
fn finished_games_stay_listed_with_their_records() {
    let (mut server, dir) = stored_server(&[ALICE, BOB, CAROL]);
    let table = server.seated(chess());
    server.play(table, 0, &FOOLS_MATE);
    server.restart(|| store(dir.path()), started() + Duration::from_secs(3_600));
    server.connect(BOB);
    server.connect(CAROL);
    let (yours, latest) = finished(&server.send(BOB, ClientMsg::Games), BOB);
    assert_eq!(yours.len(), 1);
    assert_eq!(yours[0].names, ["alice", "bob"]);
    assert_eq!(yours[0].result, "0-1 checkmate");
    assert!(yours[0].pgn.contains("Qh4#") || yours[0].pgn.contains("d8h4"));
    assert_eq!(latest, yours);
    let (carols, latest) = finished(&server.send(CAROL, ClientMsg::Games), CAROL);
    assert!(carols.is_empty(), "Carol played none");
    assert_eq!(latest.len(), 1);
}

#[test]
fn an_admin_s_ban_sends_a_connected_identity_away() {
    let (mut server, dir) = stored_server(&[ALICE, BOB]);
    let table = server.seated(chess());
    let bob = server.player(BOB);
    SqliteStore::open_admin(dir.path())
        .unwrap()
        .ban(bob)
        .unwrap();
    let effects = server.wait(1);
    assert!(effects.contains(&Effect::Send(
        BOB,
        ServerMsg::Denied("you are banned from this server".into())
    )));
    assert!(effects.contains(&Effect::Disconnect(BOB)));
    assert!(last_state(&effects, ALICE).away[1].is_some(), "Bob is away");
    let effects = server.connect(BOB);
    assert!(
        effects.contains(&Effect::Disconnect(BOB)),
        "and refused again"
    );
    let _ = table;
}

#[test]
fn an_admin_s_release_frees_a_name_for_the_next_identity() {
    let (mut server, dir) = stored_server(&[ALICE, BOB]);
    server.send(ALICE, seek("Ana", chess()));
    let taken = server.send(BOB, seek("ana", chess()));
    assert_eq!(refusals(&taken, BOB).len(), 1);
    let released = SqliteStore::open_admin(dir.path())
        .unwrap()
        .release_name("ANA")
        .unwrap();
    assert!(released);
    let effects = server.send(BOB, seek("ana", blitz()));
    assert!(refusals(&effects, BOB).is_empty());
}
