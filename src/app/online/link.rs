//! The window's link to a server: the player's identity, the connection, the server this
//! window hosts (if it does), what the player asked for, and what the server last said. A
//! connection that is lost is made again by itself: the link stays where it was (at its table,
//! or in the lobby), sends nothing meanwhile, and asks for its seat again once it is back.

use crate::app::shared::clocks::{Clocks, TimeControl};
use crate::app::shared::game::Online;
use crate::app::shared::messages::{AnalysisRequest, Command};
use crate::app::shared::players::{Names, Players};
use crate::app::storage::saves::DataDir;
use crate::net::addresses::reachable;
use crate::net::client::{CONNECT_WAIT, Connection, Patience, Wake};
use crate::net::identity::Identity;
use crate::net::protocol::{
    ClientMsg, FinishedGame, Offer, PlayingGame, TableId, TableInfo, TableState, Terms,
};
use crate::net::ratings::LeaderboardRow;
use crate::net::server::{Hosted, LogTo, ServerSettings};
use crate::net::shared_file::terms_for;
use crate::rules::language::is_variant_file;
use crate::rules::{Game, Side};
use bevy::prelude::*;
use bevy::winit::{EventLoopProxyWrapper, WinitUserEvent};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What the player asks of the network, from the menu's dialogs and the online panel.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum OnlineAction {
    /// Start a server here and open a table at it.
    Host {
        /// The player's name.
        name: String,
        /// The game's terms.
        terms: Terms,
        /// The side the host takes (`None`: at random).
        side: Option<Side>,
        /// The port to listen on.
        port: u16,
        /// Listen on every interface (else only on this machine's own, 127.0.0.1).
        everywhere: bool,
    },
    /// Connect to a server and list its tables.
    Connect {
        /// The player's name.
        name: String,
        /// The server's address.
        address: SocketAddr,
    },
    /// Open a table at the server connected to and sit at it.
    Open {
        /// The player's name.
        name: String,
        /// The game's terms.
        terms: Terms,
        /// The side taken (`None`: at random).
        side: Option<Side>,
    },
    /// Sit at a table of the server connected to where someone waits for a game of these
    /// terms, or open one and wait there.
    Seek {
        /// The player's name.
        name: String,
        /// The game's terms.
        terms: Terms,
    },
    /// Ask the list of tables, the player's games and the leaderboard shown again.
    Refresh,
    /// Ask a variant's leaderboard.
    Leaderboard(String),
    /// Open a finished game (its record, PGN-shaped) on the analysis board, leaving the
    /// server.
    Analyse(String),
    /// Sit at a table (or take one's seat back, under the same name).
    Join {
        /// The table.
        table: TableId,
        /// The player's name.
        name: String,
    },
    /// Watch a table.
    Watch(TableId),
    /// Resign the game.
    Resign,
    /// Offer a draw or ask to take back.
    Offer(Offer),
    /// Accept or decline the opponent's offer.
    Answer(bool),
    /// Claim the game the opponent left.
    Claim,
    /// Say something to the table.
    Chat(String),
    /// Leave the table and the server (stopping a hosted one).
    Leave,
}

impl OnlineAction {
    /// Puts `game`, one of the player's, on the board: its seat taken back under its name.
    pub fn open(game: &PlayingGame) -> OnlineAction {
        OnlineAction::Join {
            table: game.table,
            name: game.names[game.you.index()].clone(),
        }
    }
}

/// Where the link stands.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Phase {
    /// No connection.
    #[default]
    Off,
    /// Connecting to a server.
    Connecting,
    /// Connected, choosing a table.
    Lobby,
    /// At a table.
    Seated,
}

/// How long joining may take before it is given up (nothing answers at the address).
#[derive(Resource, Clone, Copy, Debug)]
pub struct ConnectPatience(pub Duration);

impl Default for ConnectPatience {
    fn default() -> ConnectPatience {
        ConnectPatience(CONNECT_WAIT)
    }
}

/// A lost connection being made again: the link stays where it was and sends nothing until it
/// is back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reconnecting {
    /// Lost: the connection tries again at `at`.
    Waiting {
        /// Why it was lost (or why the last try failed), in a player's words.
        why: String,
        /// The number of the coming try (1 for the first).
        attempt: u32,
        /// When the try comes.
        at: Instant,
    },
    /// Connected again: the seat, the table watched or the lists asked for again, the answer
    /// awaited.
    Rejoining,
}

impl Reconnecting {
    /// What the player is told of it at `now`: "The connection … was lost. Connecting again
    /// in 4 s (try 3)…".
    pub fn status(&self, now: Instant) -> String {
        match self {
            Reconnecting::Waiting { why, attempt, at } => {
                let left = at.saturating_duration_since(now);
                let when = if left.is_zero() {
                    "now".to_string()
                } else {
                    format!("in {} s", left.as_millis().div_ceil(1000))
                };
                format!("{} Connecting again {when} (try {attempt})…", sentence(why))
            }
            Reconnecting::Rejoining => "Connected again: taking up where you were…".to_string(),
        }
    }
}

/// `text` as a sentence: its first letter a capital, a full stop at its end.
fn sentence(text: &str) -> String {
    let text = text.trim();
    let mut chars = text.chars();
    let mut sentence: String = chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    if !sentence.ends_with(['.', '!', '?']) {
        sentence.push('.');
    }
    sentence
}

/// The games a server listed for the player: those they sit at, their finished ones, and the
/// server's latest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Games {
    /// The unfinished games the player sits at, most urgent first (the server's order).
    pub playing: Vec<PlayingGame>,
    /// The player's finished games, newest first.
    pub finished: Vec<FinishedGame>,
    /// The server's latest finished games, whoever played them, newest first.
    pub latest: Vec<FinishedGame>,
    /// When the list arrived (the clocks it gives have run since).
    pub received: Instant,
}

/// A variant's leaderboard, as the server sent it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leaderboard {
    /// The variant id.
    pub variant: String,
    /// The lines, best first.
    pub rows: Vec<LeaderboardRow>,
}

/// The server's word that it is the player's turn in another of their games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnNotice {
    /// The game.
    pub game: PlayingGame,
    /// The opponent's name.
    pub opponent: String,
}

/// The link to a server.
#[derive(Resource, Default)]
pub struct Link {
    /// The player's identity, once read from the data directory (or made): kept for every
    /// connection of this run.
    pub identity: Option<Arc<Identity>>,
    /// The connection, while there is one.
    pub connection: Option<Connection>,
    /// The server this window hosts, if it does.
    pub hosted: Option<Hosted>,
    /// Where the link stands.
    pub phase: Phase,
    /// The player's name.
    pub name: String,
    /// What to ask as soon as the connection is up.
    pub first_requests: Vec<ClientMsg>,
    /// The lost connection being made again, if it is.
    pub reconnecting: Option<Reconnecting>,
    /// The tables the server listed last.
    pub tables: Vec<TableInfo>,
    /// The player's games the server listed last (`None`: not yet answered).
    pub games: Option<Games>,
    /// The leaderboard the server sent last.
    pub leaderboard: Option<Leaderboard>,
    /// The variant whose leaderboard was asked for last.
    pub leaderboard_asked: Option<String>,
    /// The player's other games where it became their turn, oldest first (one a table).
    pub your_turns: Vec<TurnNotice>,
    /// The state of the table, as the server sent it last.
    pub table: Option<TableState>,
    /// When that state arrived (the time away it gives has grown since).
    pub received: Option<std::time::Instant>,
    /// The ply of the last turn this window sent, until the server answers.
    pub sent: Option<u32>,
    /// What went wrong last (a refused request, a lost connection), for the player.
    pub trouble: Option<String>,
}

impl Link {
    /// The addresses the other player can reach this window's server at.
    pub fn host_addresses(&self) -> Vec<SocketAddr> {
        self.hosted
            .as_ref()
            .map_or_else(Vec::new, |h| reachable(h.address))
    }

    /// Sends a request, if connected (not while a lost connection waits to be made again).
    pub fn send(&self, request: ClientMsg) {
        if let Some(Reconnecting::Waiting { .. }) = self.reconnecting {
            return;
        }
        if let Some(connection) = &self.connection {
            connection.send(request);
        }
    }

    /// What to ask again once a lost connection is made again: the seat this window held, the
    /// table it watched, or the lobby's lists.
    pub fn comeback(&self) -> Vec<ClientMsg> {
        match &self.table {
            Some(state) if state.you.is_some() => vec![ClientMsg::Join {
                name: self.name.clone(),
                table: state.table,
            }],
            Some(state) => vec![ClientMsg::Watch { table: state.table }],
            None => self.lobby_lists(),
        }
    }

    /// The requests for the lobby's lists: the tables, the player's games and the leaderboard
    /// asked for last.
    fn lobby_lists(&self) -> Vec<ClientMsg> {
        let leaderboard = self
            .leaderboard_asked
            .clone()
            .map(|variant| ClientMsg::Leaderboard { variant });
        [ClientMsg::List, ClientMsg::Games]
            .into_iter()
            .chain(leaderboard)
            .collect()
    }

    /// The player's identity: the one this run already uses, else the one kept in the data
    /// directory `dir` (made there if it has none), else, without a data directory, a new one
    /// for this run. An identity file that cannot be read is an error in one line, and is
    /// left as it is.
    pub fn load_identity(&mut self, dir: &DataDir) -> Result<Arc<Identity>, String> {
        if let Some(identity) = &self.identity {
            return Ok(identity.clone());
        }
        let identity = match &dir.0 {
            Some(dir) => Identity::load_or_create(dir),
            None => Identity::generate(),
        }
        .map_err(|why| {
            let why = why.split_whitespace().collect::<Vec<_>>().join(" ");
            format!("Your identity cannot be used: {why}")
        })?;
        let identity = Arc::new(identity);
        self.identity = Some(identity.clone());
        Ok(identity)
    }

    /// The table this window sits at or watches.
    pub fn table_id(&self) -> Option<TableId> {
        self.table.as_ref().map(|t| t.table)
    }

    /// Leaves the table (if at one) and ends the link.
    fn leave(&mut self) {
        if let Some(table) = self.table_id() {
            self.send(ClientMsg::Leave { table });
        }
        self.close();
    }

    /// Ends the link: the connection closed, a hosted server stopped.
    fn close(&mut self) {
        *self = Link {
            identity: self.identity.take(),
            name: std::mem::take(&mut self.name),
            trouble: self.trouble.take(),
            ..Link::default()
        };
    }
}

/// What the link's systems read besides the link: the data directory (where the identity is
/// kept), how long joining may take, and the window's waker.
#[derive(bevy::ecs::system::SystemParam)]
pub struct LinkContext<'w> {
    dir: Res<'w, DataDir>,
    patience: Res<'w, ConnectPatience>,
    proxy: Option<Res<'w, EventLoopProxyWrapper>>,
}

/// Where the link's actions go besides the server: the session, and the analysis board.
#[derive(bevy::ecs::system::SystemParam)]
pub struct LinkOut<'w, 's> {
    commands: Commands<'w, 's>,
    session: MessageWriter<'w, Command>,
    analysis: MessageWriter<'w, AnalysisRequest>,
}

/// Does what the player asked.
pub fn act(
    mut actions: MessageReader<OnlineAction>,
    mut link: ResMut<Link>,
    context: LinkContext,
    mut out: LinkOut,
) {
    for action in actions.read() {
        let table = link.table_id();
        match action.clone() {
            OnlineAction::Host {
                name,
                terms,
                side,
                port,
                everywhere,
            } => {
                link.close();
                let identity = match link.load_identity(&context.dir) {
                    Ok(identity) => identity,
                    Err(why) => {
                        link.trouble = Some(why);
                        continue;
                    }
                };
                let ip = if everywhere {
                    IpAddr::V4(Ipv4Addr::UNSPECIFIED)
                } else {
                    IpAddr::V4(Ipv4Addr::LOCALHOST)
                };
                let started = Hosted::start(ServerSettings {
                    bind: SocketAddr::new(ip, port),
                    records: None,
                    data: None,
                    log: LogTo::Bevy,
                });
                match started {
                    Ok(hosted) => {
                        let here =
                            SocketAddr::new(Ipv4Addr::LOCALHOST.into(), hosted.address.port());
                        link.hosted = Some(hosted);
                        let request = ClientMsg::Open {
                            name: name.clone(),
                            terms,
                            side,
                        };
                        let to = Destination {
                            address: here,
                            identity,
                            first: vec![request],
                        };
                        open(&mut link, name, to, &context);
                    }
                    Err(why) => link.trouble = Some(why),
                }
            }
            OnlineAction::Connect { name, address } => {
                link.close();
                match link.load_identity(&context.dir) {
                    Ok(identity) => {
                        let to = Destination {
                            address,
                            identity,
                            first: vec![ClientMsg::List, ClientMsg::Games],
                        };
                        open(&mut link, name, to, &context);
                    }
                    Err(why) => link.trouble = Some(why),
                }
            }
            OnlineAction::Open { name, terms, side } => match with_file(terms) {
                Ok(terms) => {
                    link.name = name.clone();
                    link.send(ClientMsg::Open { name, terms, side });
                }
                Err(why) => link.trouble = Some(why),
            },
            OnlineAction::Seek { name, terms } => match with_file(terms) {
                Ok(terms) => {
                    link.name = name.clone();
                    link.send(ClientMsg::Seek { name, terms });
                }
                Err(why) => link.trouble = Some(why),
            },
            OnlineAction::Refresh => {
                for request in link.lobby_lists() {
                    link.send(request);
                }
            }
            OnlineAction::Leaderboard(variant) => {
                link.leaderboard_asked = Some(variant.clone());
                link.send(ClientMsg::Leaderboard { variant });
            }
            OnlineAction::Join { table, name } => {
                link.name = name.clone();
                link.send(ClientMsg::Join { name, table });
            }
            OnlineAction::Watch(table) => link.send(ClientMsg::Watch { table }),
            OnlineAction::Analyse(record) => analyse(&mut link, &record, &mut out),
            OnlineAction::Leave => {
                link.trouble = None;
                link.leave();
                out.commands.remove_resource::<Online>();
                out.session.write(Command::Menu);
            }
            action => {
                if let Some(table) = table
                    && let Some(request) = table_request(action, table)
                {
                    link.send(request);
                }
            }
        }
    }
}

/// `terms` ready to send: a variant file's (named by its path, as the menu names it) carry its
/// text and hash under its file name; a file that cannot be read or is too long says why.
fn with_file(terms: Terms) -> Result<Terms, String> {
    if terms.file.is_some() || !is_variant_file(&terms.variant) {
        return Ok(terms);
    }
    let carried = terms_for(&terms.variant, &terms.options)?;
    Ok(Terms {
        variant: carried.variant,
        file: carried.file,
        ..terms
    })
}

/// Opens the finished game `record` on the analysis board, between its players by name,
/// leaving the server; a record that does not read is explained in one line.
fn analyse(link: &mut Link, record: &str, out: &mut LinkOut) {
    let (game, header) = match Game::from_pgn(record) {
        Ok(read) => read,
        Err(why) => {
            link.trouble = Some(format!("That game's record cannot be read: {why}"));
            return;
        }
    };
    link.trouble = None;
    link.leave();
    out.commands.remove_resource::<Online>();
    out.analysis.write(AnalysisRequest::On);
    let names = [header.white, header.black].map(Option::unwrap_or_default);
    out.session.write_batch([
        Command::Resume(game.record()),
        Command::Players(Players::default()),
        Command::Names(Names(names)),
        Command::Clocks(Clocks::default()),
    ]);
}

/// Back at the menu, the table is left (and a hosted server stopped): a game started from the
/// menu is a game at this computer.
pub fn leave_table(mut link: ResMut<Link>, mut commands: Commands) {
    if link.phase == Phase::Seated {
        link.leave();
    }
    commands.remove_resource::<Online>();
}

/// The request for an action at a table.
fn table_request(action: OnlineAction, table: TableId) -> Option<ClientMsg> {
    Some(match action {
        OnlineAction::Resign => ClientMsg::Resign { table },
        OnlineAction::Offer(offer) => ClientMsg::Offer { table, offer },
        OnlineAction::Answer(accept) => ClientMsg::Answer { table, accept },
        OnlineAction::Claim => ClientMsg::Claim { table },
        OnlineAction::Chat(text) => ClientMsg::Chat { table, text },
        _ => return None,
    })
}

/// Where a link connects: the server's address, as whom, and what it asks first.
struct Destination {
    address: SocketAddr,
    identity: Arc<Identity>,
    first: Vec<ClientMsg>,
}

/// Opens a connection as `name` to `to`, to ask `to.first` once it is up (given up if it is
/// not up within the link's patience).
fn open(link: &mut Link, name: String, to: Destination, context: &LinkContext) {
    link.name = name;
    link.trouble = None;
    let patience = Patience {
        connect: context.patience.0,
        ..Patience::default()
    };
    let wake = waker(context.proxy.as_deref());
    match Connection::open_with(to.address, to.identity, patience, wake) {
        Ok(connection) => {
            link.connection = Some(connection);
            link.first_requests = to.first;
            link.phase = Phase::Connecting;
        }
        Err(why) => link.trouble = Some(why),
    }
}

/// Wakes the sleeping window when a thread has news (the connection, the analysis); nothing
/// without a window.
pub fn waker(proxy: Option<&EventLoopProxyWrapper>) -> Wake {
    let proxy = proxy.map(|p| (**p).clone());
    Arc::new(move || {
        if let Some(proxy) = &proxy {
            let _ = proxy.send_event(WinitUserEvent::WakeUp);
        }
    })
}

/// A time control's label, or "no clock".
pub fn clock_label(control: Option<TimeControl>) -> String {
    control.map_or_else(|| "no clock".to_string(), TimeControl::label)
}
