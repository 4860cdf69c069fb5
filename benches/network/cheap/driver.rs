//! The one thread that drives every cheap player: the players, what they share (the server,
//! the variants, the tally of what they saw), and the passes that update them in turn, each
//! as often as it needs.

use super::player::Player;
use crate::Settings;
use bevy::app::App;
use oddboard::net::protocol::TableId;
use oddboard::rules::Variant;
use std::collections::{BTreeMap, HashMap};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The fewest milliseconds between two updates of one client (a [`Connection`]'s frame).
///
/// [`Connection`]: oddboard::net::client::Connection
const FRAME: Duration = Duration::from_millis(5);

/// How often a player with nothing to wait for is updated: enough to keep its connection
/// and acknowledge what it is sent (the server sends it again after 300 ms). A player whose
/// opponent has just seen the state it is to act on is woken at once.
pub(super) const IDLE: Duration = Duration::from_millis(500);

/// What the players saw, over the whole run.
#[derive(Default)]
pub(super) struct Tally {
    /// Each of the players' turns acknowledged: when, its round trip, and when the
    /// connection it was played on was welcomed.
    pub(super) trips: Vec<(Instant, Duration, Instant)>,
    /// The games seen to end, and when first.
    pub(super) finished: HashMap<TableId, Instant>,
    /// Connections made (welcomed), lost, and that could not be made in time.
    pub(super) welcomed: usize,
    pub(super) lost: usize,
    pub(super) unanswered: usize,
    /// Why requests were refused, and how often.
    pub(super) refused: BTreeMap<String, usize>,
    /// Other things that should not happen, and how often.
    pub(super) odd: BTreeMap<String, usize>,
    /// Seats taken back after a lost connection: when, and whether the state began with
    /// every turn the player had seen acknowledged (else how many were missing).
    pub(super) rejoined: Vec<(Instant, Result<(), usize>)>,
    /// Seats asked back after a lost connection (`Join`).
    pub(super) rejoin_asked: usize,
    /// The tables whose seat could not be taken back (the server refused the `Join`).
    pub(super) rejoin_refused: Vec<TableId>,
}

impl Tally {
    /// Counts one more of `what`, a thing that should not happen.
    pub(super) fn odd(&mut self, what: &str) {
        *self.odd.entry(what.to_string()).or_default() += 1;
    }
}

/// The players and what they share.
pub(super) struct Driver {
    pub(super) players: Vec<Player>,
    pub(super) common: Common,
    /// How long each pass over every player took.
    pub(super) passes: Vec<Duration>,
}

/// What every player uses: the server, the variants, how it plays, and the tally.
pub(super) struct Common {
    pub(super) address: SocketAddr,
    pub(super) variants: HashMap<String, Arc<Variant>>,
    pub(super) plies: u32,
    pub(super) think: Duration,
    pub(super) tally: Tally,
    /// The players at each table, by side: a player who sees a state its opponent is to act
    /// on wakes the opponent.
    pub(super) tables: HashMap<TableId, [Option<usize>; 2]>,
    /// The players to wake.
    pub(super) wake: Vec<usize>,
    /// Client app updates, and the time they took.
    pub(super) updates: u64,
    pub(super) updating: Duration,
}

impl Common {
    /// Updates a client app, timing it.
    pub(super) fn update(&mut self, app: &mut App) {
        let started = Instant::now();
        app.update();
        self.updates += 1;
        self.updating += started.elapsed();
    }
}

impl Driver {
    /// `games` games' players for the server at `address`, none connected yet.
    pub(super) fn new(
        address: SocketAddr,
        games: usize,
        variants: &[String],
        settings: &Settings,
    ) -> Driver {
        let mut loaded = HashMap::new();
        for id in variants {
            let variant = Variant::load(id, &[]).unwrap_or_else(|e| panic!("{id}: {e}"));
            loaded.insert(id.clone(), Arc::new(variant));
        }
        let now = Instant::now();
        let players = (0..2 * games)
            .map(|index| Player::new(index, &variants[(index / 2) % variants.len()], now))
            .collect();
        Driver {
            players,
            common: Common {
                address,
                variants: loaded,
                plies: settings.plies,
                think: settings.think,
                tally: Tally::default(),
                tables: HashMap::new(),
                wake: Vec::new(),
                updates: 0,
                updating: Duration::ZERO,
            },
            passes: Vec::new(),
        }
    }

    /// Games under way: both seats taken and not over, as their players saw them.
    pub(super) fn live_games(&self) -> usize {
        self.players.iter().filter(|p| p.playing()).count() / 2
    }

    /// Updates each of the first `built` players once (those not updated for a frame),
    /// then waits for the rest of the frame if the pass took less.
    pub(super) fn pass(&mut self, built: usize) {
        let started = Instant::now();
        for index in 0..built {
            let player = &mut self.players[index];
            let since = player.updated.elapsed();
            let due = (since >= FRAME && (player.woken || player.busy())) || since >= IDLE;
            if due || !player.outbox.is_empty() {
                player.woken = false;
                player.step(&mut self.common);
            }
            for woken in self.common.wake.drain(..) {
                if let Some(player) = self.players.get_mut(woken) {
                    player.woken = true;
                }
            }
        }
        let took = started.elapsed();
        self.passes.push(took);
        if took < FRAME {
            std::thread::sleep(FRAME - took);
        }
    }
}
