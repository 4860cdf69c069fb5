//! The server: the [`Lobby`]'s messages carried over replicon and renet. One headless Bevy app
//! (no window, no renderer) that `oddboard serve` runs in the foreground and a host's window
//! runs on a thread of its own. It listens where it is told, hands the lobby every message,
//! connection and moment, and does what the lobby answers: sends, disconnects, logs, and writes
//! finished games into the records directory. With a data directory its lobby keeps everything
//! in a [`SqliteStore`] there, and takes up every unfinished game when it starts.

use super::headless;
use super::lobby::{ClientKey, Effect, Lobby};
use super::protocol::{PROTOCOL_ID, ServerMsg};
use super::store::{SqliteStore, Store};
use super::wire::Inbound;
use bevy::platform::cell::SyncCell;
use bevy::prelude::*;
use bevy_replicon::prelude::*;
use bevy_replicon_renet::RenetServer;
use bevy_replicon_renet::netcode::{NetcodeServerTransport, ServerAuthentication, ServerConfig};
use std::net::{SocketAddr, UdpSocket};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// How often the server looks at its socket and its clocks.
pub const FRAME: Duration = Duration::from_millis(5);

/// The most players and spectators one server holds at once (netcode's own limit).
const MAX_CLIENTS: usize = 1024;

/// Where the server's log lines go.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LogTo {
    /// Standard output, one line each (`oddboard serve`).
    Stdout,
    /// Bevy's log (a host's window).
    Bevy,
}

/// What a server is started with.
#[derive(Clone, Debug)]
pub struct ServerSettings {
    /// The interface and port it listens on (port 0: any free port).
    pub bind: SocketAddr,
    /// Where finished games are written, one record file each.
    pub records: Option<PathBuf>,
    /// The directory of its store (`None`: kept in memory while it runs).
    pub data: Option<PathBuf>,
    /// Where its log lines go.
    pub log: LogTo,
}

/// The lobby and what the server does with its answers.
#[derive(Resource)]
struct Brain {
    /// The lobby (its store is used from one thread at a time).
    lobby: SyncCell<Lobby>,
    records: Option<PathBuf>,
    log: LogTo,
    /// Prefixes record names so that no two runs of a server write the same file.
    run: u64,
    /// What the lobby answered to connections and disconnections, carried out in `Update`:
    /// the observers run while renet's events are read, when a client whose disconnection is
    /// still to come in the same frame could be sent a message after it is gone.
    pending: Vec<Effect>,
}

/// A server app ready to run, and the address it listens on.
pub struct Listening {
    /// The headless app: update it to serve.
    pub app: App,
    /// The address its socket is bound to (the real port when 0 was asked).
    pub address: SocketAddr,
}

/// Builds a server app listening at `settings.bind`: an error names the address and why it
/// could not be used.
pub fn listen(settings: ServerSettings) -> Result<Listening, String> {
    let lobby = lobby(&settings)?;
    let (socket, address) = bind(&settings)?;
    let app = server_app(socket, address, lobby, settings)?;
    Ok(Listening { app, address })
}

/// The server's lobby: over the store in its data directory if it has one (its unfinished
/// games taken up), else an empty one kept in memory. An error says, in one line, why the
/// store cannot be used.
fn lobby(settings: &ServerSettings) -> Result<Lobby, String> {
    let started = SystemTime::now();
    let seed = started
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        .as_nanos() as u64;
    match &settings.data {
        Some(dir) => {
            let store: Box<dyn Store> = Box::new(SqliteStore::open(dir)?);
            Lobby::with_store(seed, started, store)
        }
        None => Ok(Lobby::new(seed, started)),
    }
}

/// The socket a server listens on, and its address (the real port when 0 was asked); the
/// records directory made if it is missing.
fn bind(settings: &ServerSettings) -> Result<(UdpSocket, SocketAddr), String> {
    let cannot = |e: std::io::Error| format!("cannot listen on {}: {e}", settings.bind);
    let socket = UdpSocket::bind(settings.bind).map_err(cannot)?;
    let address = socket.local_addr().map_err(cannot)?;
    if let Some(dir) = &settings.records {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot use {} for records: {e}", dir.display()))?;
    }
    Ok((socket, address))
}

/// The headless server app over `socket`, serving `lobby`.
fn server_app(
    socket: UdpSocket,
    address: SocketAddr,
    lobby: Lobby,
    settings: ServerSettings,
) -> Result<App, String> {
    let since_epoch = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    let mut app = headless::app(FRAME);
    let server = RenetServer::new(headless::connection_config(&app));
    let transport = NetcodeServerTransport::new(
        ServerConfig {
            current_time: since_epoch,
            max_clients: MAX_CLIENTS,
            protocol_id: PROTOCOL_ID,
            authentication: ServerAuthentication::Unsecure,
            public_addresses: vec![address],
        },
        socket,
    )
    .map_err(|e| format!("cannot listen on {address}: {e}"))?;
    app.insert_resource(server)
        .insert_resource(transport)
        .insert_resource(Brain {
            lobby: SyncCell::new(lobby),
            records: settings.records,
            log: settings.log,
            run: since_epoch.as_secs(),
            pending: Vec::new(),
        })
        .add_observer(client_connected)
        .add_observer(client_disconnected)
        .add_systems(Update, (receive, tick).chain());
    headless::single_threaded(&mut app);
    Ok(app)
}

/// A server running on a thread of its own (a host's window): stopped when dropped.
pub struct Hosted {
    /// The address it listens on.
    pub address: SocketAddr,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Hosted {
    /// Starts a server on its own thread.
    pub fn start(settings: ServerSettings) -> Result<Hosted, String> {
        let lobby = lobby(&settings)?;
        let (socket, address) = bind(&settings)?;
        let stop = Arc::new(AtomicBool::new(false));
        let stopping = stop.clone();
        let (ready, started) = std::sync::mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("oddboard-server".into())
            .spawn(move || match server_app(socket, address, lobby, settings) {
                Ok(app) => {
                    let _ = ready.send(Ok(()));
                    serve_until(app, &stopping);
                }
                Err(why) => {
                    let _ = ready.send(Err(why));
                }
            })
            .map_err(|e| format!("cannot start the server: {e}"))?;
        started
            .recv()
            .unwrap_or_else(|_| Err("the server stopped at once".into()))?;
        Ok(Hosted {
            address,
            stop,
            thread: Some(thread),
        })
    }
}

impl Drop for Hosted {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Updates the server app every [`FRAME`] until `stop` is set.
fn serve_until(mut app: App, stop: &AtomicBool) {
    app.finish();
    app.cleanup();
    while !stop.load(Ordering::Relaxed) {
        app.update();
        std::thread::sleep(FRAME);
    }
}

/// A connection's key for the lobby.
fn key(client: Entity) -> ClientKey {
    client.to_bits()
}

/// The connection a lobby key names.
fn entity(client: ClientKey) -> Option<Entity> {
    Entity::try_from_bits(client)
}

/// Tells the lobby of a new connection, with its address.
fn client_connected(
    add: On<Add, ConnectedClient>,
    clients: Query<&bevy_replicon::shared::backend::connected_client::NetworkId>,
    transport: Res<NetcodeServerTransport>,
    time: Res<Time<Real>>,
    mut brain: ResMut<Brain>,
) {
    let address = clients
        .get(add.entity)
        .ok()
        .and_then(|id| transport.client_addr(id.get()))
        .map_or_else(|| "an unknown address".to_string(), |a| a.to_string());
    let effects = brain
        .lobby
        .get()
        .connected(key(add.entity), &address, time.elapsed());
    brain.pending.extend(effects);
}

/// Tells the lobby a connection ended.
fn client_disconnected(
    remove: On<Remove, ConnectedClient>,
    time: Res<Time<Real>>,
    mut brain: ResMut<Brain>,
) {
    let effects = brain
        .lobby
        .get()
        .disconnected(key(remove.entity), time.elapsed());
    brain.pending.extend(effects);
}

/// Carries out what connections and disconnections caused, then hands the lobby every message
/// received this frame.
fn receive(
    mut inbound: MessageReader<FromClient<Inbound>>,
    time: Res<Time<Real>>,
    mut brain: ResMut<Brain>,
    mut out: Out,
) {
    let pending = std::mem::take(&mut brain.pending);
    out.apply(&brain, pending);
    for message in inbound.read() {
        let Some(client) = message.client_id.entity() else {
            continue;
        };
        if !out.connected.contains(client) {
            continue;
        }
        let effects =
            brain
                .lobby
                .get()
                .receive(key(client), message.message.0.clone(), time.elapsed());
        out.apply(&brain, effects);
    }
}

/// Lets the lobby's clocks run.
fn tick(time: Res<Time<Real>>, mut brain: ResMut<Brain>, mut out: Out) {
    let effects = brain.lobby.get().tick(time.elapsed());
    out.apply(&brain, effects);
}

/// Where the lobby's effects go out: messages and disconnections.
#[derive(bevy::ecs::system::SystemParam)]
struct Out<'w, 's> {
    messages: MessageWriter<'w, ToClients<ServerMsg>>,
    disconnects: MessageWriter<'w, DisconnectRequest>,
    connected: Query<'w, 's, (), With<ConnectedClient>>,
}

impl Out<'_, '_> {
    /// Does what the lobby asked, in order.
    fn apply(&mut self, brain: &Brain, effects: Vec<Effect>) {
        for effect in effects {
            match effect {
                Effect::Send(client, message) => {
                    if let Some(client) = entity(client)
                        && self.connected.contains(client)
                    {
                        self.messages.write(ToClients {
                            targets: SendTargets::Single(ClientId::Client(client)),
                            message,
                        });
                    }
                }
                Effect::Disconnect(client) => {
                    if let Some(client) = entity(client)
                        && self.connected.contains(client)
                    {
                        self.disconnects.write(DisconnectRequest { client });
                    }
                }
                Effect::Log(line) => log(brain.log, &line),
                Effect::Record { stem, pgn } => {
                    if let Some(dir) = &brain.records {
                        let name = format!("{}-{stem}.pgn", brain.run);
                        if let Err(e) = super::records::write(dir, &name, &pgn) {
                            log(
                                brain.log,
                                &format!("could not write the record {name}: {e}"),
                            );
                        }
                    }
                }
            }
        }
    }
}

/// Writes one log line where the server logs.
fn log(to: LogTo, line: &str) {
    match to {
        LogTo::Stdout => println!("{line}"),
        LogTo::Bevy => info!("{line}"),
    }
}
