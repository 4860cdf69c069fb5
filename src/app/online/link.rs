//! The window's link to a server: the connection, the server this window hosts (if it does),
//! what the player asked for, and what the server last said.

use crate::app::shared::clocks::TimeControl;
use crate::app::shared::game::Online;
use crate::app::shared::messages::Command;
use crate::net::addresses::reachable;
use crate::net::client::{CONNECT_WAIT, Connection, Wake};
use crate::net::protocol::{ClientMsg, Offer, TableId, TableInfo, TableState, Terms};
use crate::net::server::{Hosted, LogTo, ServerSettings};
use crate::rules::Side;
use bevy::prelude::*;
use bevy::winit::{EventLoopProxyWrapper, WinitUserEvent};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

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
    /// Ask the list of tables again.
    Refresh,
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

/// The link to a server.
#[derive(Resource, Default)]
pub struct Link {
    /// The connection, while there is one.
    pub connection: Option<Connection>,
    /// The server this window hosts, if it does.
    pub hosted: Option<Hosted>,
    /// Where the link stands.
    pub phase: Phase,
    /// The player's name.
    pub name: String,
    /// What to ask as soon as the connection is up.
    pub first_request: Option<ClientMsg>,
    /// The tables the server listed last.
    pub tables: Vec<TableInfo>,
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

    /// Sends a request, if connected.
    pub fn send(&self, request: ClientMsg) {
        if let Some(connection) = &self.connection {
            connection.send(request);
        }
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
            name: std::mem::take(&mut self.name),
            trouble: self.trouble.take(),
            ..Link::default()
        };
    }
}

/// Does what the player asked.
pub fn act(
    mut actions: MessageReader<OnlineAction>,
    mut link: ResMut<Link>,
    patience: Res<ConnectPatience>,
    proxy: Option<Res<EventLoopProxyWrapper>>,
    mut commands: Commands,
    mut out: MessageWriter<Command>,
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
                let ip = if everywhere {
                    IpAddr::V4(Ipv4Addr::UNSPECIFIED)
                } else {
                    IpAddr::V4(Ipv4Addr::LOCALHOST)
                };
                link.close();
                let started = Hosted::start(ServerSettings {
                    bind: SocketAddr::new(ip, port),
                    records: None,
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
                        let wake = waker(proxy.as_deref());
                        open(&mut link, name, here, request, *patience, wake);
                    }
                    Err(why) => link.trouble = Some(why),
                }
            }
            OnlineAction::Connect { name, address } => {
                link.close();
                let wake = waker(proxy.as_deref());
                open(&mut link, name, address, ClientMsg::List, *patience, wake);
            }
            OnlineAction::Refresh => link.send(ClientMsg::List),
            OnlineAction::Join { table, name } => {
                link.name = name.clone();
                link.send(ClientMsg::Join { name, table });
            }
            OnlineAction::Watch(table) => link.send(ClientMsg::Watch { table }),
            OnlineAction::Leave => {
                link.trouble = None;
                link.leave();
                commands.remove_resource::<Online>();
                out.write(Command::Menu);
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

/// Opens a connection, to send `first` once it is up (given up after `patience`).
fn open(
    link: &mut Link,
    name: String,
    address: SocketAddr,
    first: ClientMsg,
    patience: ConnectPatience,
    wake: Wake,
) {
    link.name = name;
    link.trouble = None;
    match Connection::open_within(address, patience.0, wake) {
        Ok(connection) => {
            link.connection = Some(connection);
            link.first_request = Some(first);
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
