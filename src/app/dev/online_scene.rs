//! The window test's game over the network: the window hosts a rated chess table (no clock, so
//! the scenes after it lay out the panel as before) on a free port of 127.0.0.1, the bot joins it
//! from a thread of this process over the real transport, and the script plays White's turns
//! with clicks while the bot's replies arrive and play on the board with their motion.

use crate::app::online::link::{Link, OnlineAction};
use crate::app::shared::game::ActiveGame;
use crate::net::bot::{self, BotSettings};
use crate::net::identity::Identity;
use crate::net::protocol::Terms;
use crate::rules::{Level, Side, Turn};
use bevy::prelude::*;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::thread::JoinHandle;

/// The scene's name (and its screenshot's).
pub const NAME: &str = "online";

/// White's turns, played by clicks; each is legal whatever the bot answered before it.
const OUR_TURNS: [&str; 2] = ["e2e4", "g1f3"];

/// Whether the table was asked for, and the bot playing the window, once started.
#[derive(Resource, Default)]
pub struct OnlineScene {
    hosted: bool,
    bot: Option<JoinHandle<()>>,
}

/// What the script does next.
pub enum Next {
    /// Host the table (from the menu, as a player does).
    Host,
    /// Wait: for the connection, the bot, or the bot's turn.
    Wait,
    /// Play this turn by clicks.
    Play(Turn),
    /// Every turn played and answered: shoot.
    Done,
}

/// The game the window hosts: rated, without a clock.
fn terms() -> Terms {
    Terms {
        variant: "chess".into(),
        options: Vec::new(),
        clock: None,
        rated: true,
        file: None,
    }
}

/// The menu's Host, as the scene asks it.
pub fn host() -> OnlineAction {
    OnlineAction::Host {
        name: "Window test".into(),
        terms: terms(),
        side: Some(Side::White),
        port: 0,
        everywhere: false,
    }
}

/// What comes next in the scene; an error when the network failed.
pub fn next(
    scene: &mut OnlineScene,
    link: &Link,
    game: Option<&ActiveGame>,
) -> Result<Next, String> {
    if let Some(trouble) = &link.trouble {
        return Err(trouble.clone());
    }
    if !scene.hosted {
        scene.hosted = true;
        return Ok(Next::Host);
    }
    if let (Some(hosted), None) = (&link.hosted, &scene.bot) {
        let address = SocketAddr::new(Ipv4Addr::LOCALHOST.into(), hosted.address.port());
        let settings = BotSettings {
            address,
            level: Level::Beginner,
            terms: terms(),
            name: "Bot".into(),
            identity: Arc::new(Identity::generate()?),
        };
        scene.bot = Some(std::thread::spawn(move || {
            let _ = bot::play(settings);
        }));
    }
    let seated = link
        .table
        .as_ref()
        .is_some_and(|t| t.names.iter().all(|n| !n.is_empty()));
    let Some(game) = game.map(|g| &g.0).filter(|_| seated) else {
        return Ok(Next::Wait);
    };
    let played = game.turns().len();
    if played >= OUR_TURNS.len() * 2 {
        return Ok(Next::Done);
    }
    if game.position().side != Side::White {
        return Ok(Next::Wait);
    }
    let text = OUR_TURNS[played / 2];
    game.variant()
        .parse_turn(game.position(), text)
        .map(Next::Play)
        .map_err(|e| format!("{text}: {e}"))
}

/// Leaves the table (stopping the window's server, so the bot's game ends) and lets the bot's
/// thread go.
pub fn leave(scene: &mut OnlineScene) -> OnlineAction {
    *scene = OnlineScene::default();
    OnlineAction::Leave
}
