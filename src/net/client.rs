//! A client's connection to a server, for the game window, the bot and the tests: a headless
//! replicon client app on a thread of its own, so the connection is kept alive (and the
//! server's messages read) however rarely the window draws. The thread proves the player's
//! identity to the server, and if a connection that was made is lost it connects again by
//! itself, waiting longer after each try (up to [`RETRY_CAP`]) for as long as it is told to keep
//! trying. Requests go in through [`Connection::send`]; what happens comes out of
//! [`Connection::next`], and `wake` is called whenever something new is there (a sleeping
//! window asks for a frame).

use super::headless;
use super::identity::{Challenge, Identity};
use super::protocol::{ClientMsg, PROTOCOL_ID, ServerMsg};
use super::wire::Inbound;
use bevy::prelude::*;
use bevy_replicon::prelude::*;
use bevy_replicon_renet::RenetClient;
use bevy_replicon_renet::netcode::{ClientAuthentication, NetcodeClientTransport};
use std::net::{Ipv4Addr, Ipv6Addr, SocketAddr, UdpSocket};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// How often the connection's thread looks at its socket.
const FRAME: Duration = Duration::from_millis(5);

/// How long a connection may take to be set up before it is given up, unless told otherwise.
pub const CONNECT_WAIT: Duration = Duration::from_secs(5);

/// How long a connection that was lost keeps trying to connect again, unless told otherwise.
pub const KEEP_TRYING: Duration = Duration::from_secs(15 * 60);

/// The longest wait between two tries to connect again.
pub const RETRY_CAP: Duration = Duration::from_secs(10);

/// How long a connected server may be silent before the connection is taken as lost: a live
/// server's transport sends something many times a second, even to an idle client (netcode's
/// own time-out, 15 s, would leave a player waiting three times as long).
pub const SILENCE: Duration = Duration::from_secs(4);

/// The wait before the first try to connect again; it doubles with each try, up to
/// [`RETRY_CAP`].
const FIRST_RETRY: Duration = Duration::from_millis(500);

/// How patient a connection is: with its first setting up, and in trying again once lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Patience {
    /// How long one try to connect may take.
    pub connect: Duration,
    /// How long a lost connection keeps trying to connect again.
    pub keep_trying: Duration,
}

impl Default for Patience {
    fn default() -> Patience {
        Patience {
            connect: CONNECT_WAIT,
            keep_trying: KEEP_TRYING,
        }
    }
}

/// What happened on a connection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetEvent {
    /// The server let us in and took our proof of identity: requests may be sent. It comes
    /// again after a lost connection is made again, when what the connection was doing
    /// (sitting at a table, watching one) must be asked for again.
    Connected,
    /// The connection was lost (why, in a player's words) and is tried again: this is try
    /// `attempt`, after `wait`. Requests sent until it is made again are dropped.
    Reconnecting {
        /// Why it was lost.
        why: String,
        /// The number of this try (1 for the first).
        attempt: u32,
        /// How long until the try.
        wait: Duration,
    },
    /// A message from the server.
    Message(ServerMsg),
    /// The connection ended (or could not be made), and why, in a player's words: the last
    /// event of a connection.
    Closed(String),
}

/// Called from the connection's thread when an event is waiting.
pub type Wake = Arc<dyn Fn() + Send + Sync>;

/// An open connection to a server; closed when dropped.
pub struct Connection {
    /// The server's address.
    pub address: SocketAddr,
    requests: Sender<ClientMsg>,
    events: Mutex<Receiver<NetEvent>>,
    /// Whether [`NetEvent::Closed`] has been given out: nothing comes after it.
    ended: AtomicBool,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Connection {
    /// Starts connecting to the server at `address` as `identity`, with the default
    /// [`Patience`]; an error names the address and why it cannot even be tried. Whether it
    /// succeeds comes as an event.
    pub fn open(
        address: SocketAddr,
        identity: Arc<Identity>,
        wake: Wake,
    ) -> Result<Connection, String> {
        Connection::open_with(address, identity, Patience::default(), wake)
    }

    /// Starts connecting to the server at `address` as `identity`, giving up (with a
    /// [`NetEvent::Closed`] that says nothing answers there) if it is not set up within
    /// `patience.connect`, and trying again for `patience.keep_trying` once a connection
    /// that was made is lost.
    pub fn open_with(
        address: SocketAddr,
        identity: Arc<Identity>,
        patience: Patience,
        wake: Wake,
    ) -> Result<Connection, String> {
        let (requests, asked) = channel();
        let (tell, events) = channel();
        let (ready, started) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let stopping = stop.clone();
        let thread = std::thread::Builder::new()
            .name("oddboard-connection".into())
            .spawn(move || match client_app(address) {
                Ok(app) => {
                    let _ = ready.send(Ok(()));
                    let worker = Worker {
                        address,
                        patience,
                        identity: &identity,
                        asked: &asked,
                        tell: &tell,
                        wake: &*wake,
                        stop: &stopping,
                    };
                    worker.run(app);
                }
                Err(why) => {
                    let _ = ready.send(Err(why));
                }
            })
            .map_err(|e| format!("cannot reach {address}: {e}"))?;
        started
            .recv()
            .unwrap_or_else(|_| Err(format!("cannot reach {address}")))?;
        Ok(Connection {
            address,
            requests,
            events: Mutex::new(events),
            ended: AtomicBool::new(false),
            stop,
            thread: Some(thread),
        })
    }

    /// Sends a request (dropped if the connection has ended).
    pub fn send(&self, request: ClientMsg) {
        let _ = self.requests.send(request);
    }

    /// The next thing that happened, if any; nothing more once the connection has closed.
    pub fn next(&self) -> Option<NetEvent> {
        if self.ended.load(Ordering::Relaxed) {
            return None;
        }
        let events = self.events.lock().ok()?;
        let event = match events.try_recv() {
            Ok(event) => event,
            Err(TryRecvError::Empty) => return None,
            Err(TryRecvError::Disconnected) => NetEvent::Closed(lost(self.address, None)),
        };
        if matches!(event, NetEvent::Closed(_)) {
            self.ended.store(true, Ordering::Relaxed);
        }
        Some(event)
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// A headless client app connecting to `address`: the connection is under way from its first
/// update (`App::update`), which a [`Connection`] does every few milliseconds on its thread. A
/// program that drives many connections from one thread (the load benchmark) builds them with
/// this and updates them in turn: requests go out through [`send_requests`], the server's
/// messages come in through [`take_messages`], and [`proof`] answers the server's challenge.
/// An error names the address and why it cannot even be tried (no socket).
pub fn client_app(address: SocketAddr) -> Result<App, String> {
    let mut app = headless::app(FRAME);
    let client = RenetClient::new(headless::connection_config(&app));
    let local: SocketAddr = if address.is_ipv4() {
        (Ipv4Addr::UNSPECIFIED, 0).into()
    } else {
        (Ipv6Addr::UNSPECIFIED, 0).into()
    };
    let socket = UdpSocket::bind(local).map_err(|e| format!("cannot reach {address}: {e}"))?;
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    let authentication = ClientAuthentication::Unsecure {
        client_id: fresh_client_id(now.as_nanos() as u64),
        protocol_id: PROTOCOL_ID,
        server_addr: address,
        user_data: None,
    };
    let transport = NetcodeClientTransport::new(now, authentication, socket)
        .map_err(|e| format!("cannot reach {address}: {e}"))?;
    app.insert_resource(client).insert_resource(transport);
    headless::single_threaded(&mut app);
    app.finish();
    app.cleanup();
    Ok(app)
}

/// What the connection's thread works with: where it connects, as whom, how patiently, the
/// requests coming in and the events going out.
struct Worker<'a> {
    address: SocketAddr,
    patience: Patience,
    identity: &'a Identity,
    asked: &'a Receiver<ClientMsg>,
    tell: &'a Sender<NetEvent>,
    wake: &'a (dyn Fn() + Send + Sync),
    stop: &'a AtomicBool,
}

/// How one connection (one session of the transport) ended.
enum Ended {
    /// The connection was stopped from this side.
    Stopped,
    /// It was never made: nothing answered in time.
    Unanswered,
    /// It was made and then lost (why, in a player's words).
    Lost(String),
    /// The server would not serve us (why, in its words).
    Denied(String),
}

impl Worker<'_> {
    /// The connection's loop: one session after another, until stopped, refused, never
    /// answered the first time, or lost for longer than it keeps trying.
    fn run(&self, first: App) {
        let mut app = Some(first);
        let mut made_once = false;
        let mut lost_since: Option<Instant> = None;
        let mut attempt = 0;
        loop {
            let (ended, welcomed) = match app.take().map_or_else(|| client_app(self.address), Ok) {
                Ok(mut session) => self.session(&mut session),
                Err(why) => (Ended::Lost(why), false),
            };
            if welcomed {
                made_once = true;
                lost_since = None;
                attempt = 0;
            }
            let why = match ended {
                Ended::Stopped => return,
                Ended::Denied(why) => return self.say(NetEvent::Closed(why)),
                Ended::Unanswered if !made_once => {
                    return self.say(NetEvent::Closed(format!(
                        "Nothing answers at {}: is the host's game open, and its port forwarded?",
                        self.address
                    )));
                }
                Ended::Unanswered => format!("nothing answers at {} yet", self.address),
                Ended::Lost(why) => why,
            };
            let since = *lost_since.get_or_insert_with(Instant::now);
            if since.elapsed() >= self.patience.keep_trying {
                return self.say(NetEvent::Closed(format!(
                    "{why} (tried again for {} minutes)",
                    self.patience.keep_trying.as_secs() / 60
                )));
            }
            attempt += 1;
            let wait = retry_wait(attempt);
            self.say(NetEvent::Reconnecting { why, attempt, wait });
            let _ = self.asked.try_iter().count();
            if !self.pause(wait) {
                return;
            }
        }
    }

    /// One session of the transport: connects, proves the identity, then carries requests out
    /// and messages in until it ends; how it ended, and whether the server took the proof.
    fn session(&self, app: &mut App) -> (Ended, bool) {
        let started = Instant::now();
        let mut was_connected = false;
        let mut welcomed = false;
        while !self.stop.load(Ordering::Relaxed) {
            if welcomed {
                send_requests(app, self.asked.try_iter());
            }
            app.update();
            let connected = is_connected(app);
            for message in take_messages(app) {
                match message {
                    ServerMsg::Challenge(challenge) => {
                        send_requests(app, [proof(self.identity, &challenge)]);
                    }
                    ServerMsg::Welcome(_) if !welcomed => {
                        welcomed = true;
                        self.say(NetEvent::Connected);
                    }
                    ServerMsg::Denied(why) => {
                        disconnect(app);
                        return (Ended::Denied(why), welcomed);
                    }
                    message => self.say(NetEvent::Message(message)),
                }
            }
            if was_connected && !connected {
                let why = disconnect_reason(app)
                    .unwrap_or_else(|| format!("nothing heard for {} s", SILENCE.as_secs()));
                return (Ended::Lost(lost(self.address, Some(why))), welcomed);
            }
            if !connected && started.elapsed() > self.patience.connect {
                return (Ended::Unanswered, welcomed);
            }
            if connected && !welcomed && started.elapsed() > self.patience.connect {
                disconnect(app);
                let why = format!(
                    "{} did not take the proof of identity in time",
                    self.address
                );
                return (Ended::Lost(why), false);
            }
            was_connected = connected;
            std::thread::sleep(FRAME);
        }
        disconnect(app);
        (Ended::Stopped, welcomed)
    }

    /// Waits `wait`, unless stopped first: whether it waited it all.
    fn pause(&self, wait: Duration) -> bool {
        let until = Instant::now() + wait;
        while Instant::now() < until {
            if self.stop.load(Ordering::Relaxed) {
                return false;
            }
            std::thread::sleep(FRAME);
        }
        true
    }

    /// Passes an event on and wakes whoever reads them.
    fn say(&self, event: NetEvent) {
        let _ = self.tell.send(event);
        (self.wake)();
    }
}

/// The wait before try `attempt` to connect again: doubling from [`FIRST_RETRY`], at most
/// [`RETRY_CAP`].
pub fn retry_wait(attempt: u32) -> Duration {
    FIRST_RETRY
        .saturating_mul(1 << attempt.saturating_sub(1).min(16))
        .min(RETRY_CAP)
}

/// Queues `requests` on a [`client_app`]: they go out with its next update (dropped if it is
/// not connected then). The server reads nothing but the proof before the proof.
pub fn send_requests(app: &mut App, requests: impl IntoIterator<Item = ClientMsg>) {
    app.world_mut()
        .write_message_batch(requests.into_iter().map(|r| Inbound(Ok(r))));
}

/// The server's messages a [`client_app`] received in its updates since last asked, in order.
pub fn take_messages(app: &mut App) -> Vec<ServerMsg> {
    app.world_mut()
        .resource_mut::<Messages<ServerMsg>>()
        .drain()
        .collect()
}

/// The answer to a server's challenge: `identity`'s proof, signed over `challenge`.
pub fn proof(identity: &Identity, challenge: &Challenge) -> ClientMsg {
    ClientMsg::Prove {
        player: identity.player(),
        signature: identity.prove(challenge),
    }
}

/// How long since the server was last heard from.
fn silent_for(app: &App) -> Duration {
    app.world()
        .get_resource::<NetcodeClientTransport>()
        .map_or(Duration::ZERO, |transport| {
            transport.0.time_since_last_received_packet()
        })
}

/// Tells the server this side of a [`client_app`] is going.
pub fn disconnect(app: &mut App) {
    if let Some(mut transport) = app.world_mut().get_resource_mut::<NetcodeClientTransport>() {
        transport.disconnect();
    }
}

/// Whether a [`client_app`] is connected (the transport's connection: the server's challenge
/// is still to be answered when it first is), and the server has been heard from within
/// [`SILENCE`].
pub fn is_connected(app: &App) -> bool {
    *app.world().resource::<State<ClientState>>().get() == ClientState::Connected
        && silent_for(app) <= SILENCE
}

/// Why a [`client_app`]'s connection ended, as renet tells it, if it does.
pub fn disconnect_reason(app: &App) -> Option<String> {
    app.world()
        .get_resource::<RenetClient>()
        .and_then(|client| client.disconnect_reason())
        .map(|reason| reason.to_string())
}

/// A lost connection to `address`, in words (with the reason when there is one).
fn lost(address: SocketAddr, reason: Option<String>) -> String {
    match reason {
        Some(reason) => format!("The connection to {address} was lost ({reason})."),
        None => format!("The connection to {address} was lost."),
    }
}

/// A connection id no other client of the server has: netcode refuses a second connection with
/// the same id. Mixes the time, the process and a count.
fn fresh_client_id(nanos: u64) -> u64 {
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let count = COUNT.fetch_add(1, Ordering::Relaxed);
    let mut x =
        nanos ^ (u64::from(std::process::id()) << 32) ^ count.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^= x >> 33;
    x = x.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    x ^ (x >> 33)
}
