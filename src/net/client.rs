//! A client's connection to a server, for the game window, the bot and the tests: a headless
//! replicon client app on a thread of its own, so the connection is kept alive (and the
//! server's messages read) however rarely the window draws. Requests go in through
//! [`Connection::send`]; what happens comes out of [`Connection::next`], and `wake` is called
//! whenever something new is there (a sleeping window asks for a frame).

use super::headless;
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

/// What happened on a connection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetEvent {
    /// The server let us in: requests may be sent.
    Connected,
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
    /// Starts connecting to the server at `address`, giving up after [`CONNECT_WAIT`]; an
    /// error names the address and why it cannot even be tried. Whether it succeeds comes as
    /// an event.
    pub fn open(address: SocketAddr, wake: Wake) -> Result<Connection, String> {
        Connection::open_within(address, CONNECT_WAIT, wake)
    }

    /// Starts connecting to the server at `address`, giving up (with a [`NetEvent::Closed`]
    /// that says nothing answers there) if it is not set up within `patience`.
    pub fn open_within(
        address: SocketAddr,
        patience: Duration,
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
                Ok(mut app) => {
                    let _ = ready.send(Ok(()));
                    app.finish();
                    app.cleanup();
                    let worker = Worker {
                        address,
                        patience,
                        asked: &asked,
                        tell: &tell,
                        wake: &*wake,
                        stop: &stopping,
                    };
                    worker.run(&mut app);
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

/// A headless client app connecting to `address`.
fn client_app(address: SocketAddr) -> Result<App, String> {
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
    Ok(app)
}

/// What the connection's thread works with: where it connects, how long it may take, the
/// requests coming in and the events going out.
struct Worker<'a> {
    address: SocketAddr,
    patience: Duration,
    asked: &'a Receiver<ClientMsg>,
    tell: &'a Sender<NetEvent>,
    wake: &'a (dyn Fn() + Send + Sync),
    stop: &'a AtomicBool,
}

impl Worker<'_> {
    /// The connection's loop: requests out, messages in, until stopped or closed.
    fn run(&self, app: &mut App) {
        let started = Instant::now();
        let mut was_connected = false;
        while !self.stop.load(Ordering::Relaxed) {
            if connected(app) {
                let requests: Vec<Inbound> =
                    self.asked.try_iter().map(|r| Inbound(Ok(r))).collect();
                app.world_mut().write_message_batch(requests);
            }
            app.update();
            let connected = connected(app);
            if connected && !was_connected {
                self.say(NetEvent::Connected);
            }
            let received: Vec<ServerMsg> = app
                .world_mut()
                .resource_mut::<Messages<ServerMsg>>()
                .drain()
                .collect();
            for message in received {
                self.say(NetEvent::Message(message));
            }
            if was_connected && !connected {
                self.say(NetEvent::Closed(lost(self.address, disconnect_reason(app))));
                return;
            }
            if !connected && started.elapsed() > self.patience {
                self.say(NetEvent::Closed(format!(
                    "Nothing answers at {}: is the host's game open, and its port forwarded?",
                    self.address
                )));
                return;
            }
            was_connected = connected;
            std::thread::sleep(FRAME);
        }
        if let Some(mut transport) = app.world_mut().get_resource_mut::<NetcodeClientTransport>() {
            transport.disconnect();
        }
    }

    /// Passes an event on and wakes whoever reads them.
    fn say(&self, event: NetEvent) {
        let _ = self.tell.send(event);
        (self.wake)();
    }
}

/// Whether the client app is connected.
fn connected(app: &App) -> bool {
    *app.world().resource::<State<ClientState>>().get() == ClientState::Connected
}

/// Why the connection ended, as renet tells it, if it does.
fn disconnect_reason(app: &App) -> Option<String> {
    app.world()
        .get_resource::<RenetClient>()
        .and_then(|client| client.disconnect_reason())
        .map(|reason| reason.to_string())
}

/// A lost connection to `address`, in words (with renet's reason when there is one).
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
