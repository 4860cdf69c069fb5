//! The network commands as programs: `serve` in the foreground until it is stopped, `bot` for
//! one game, `identity` and `admin`.

use super::addresses::reachable;
use super::bot::{self, BotSettings};
use super::identity::{self, Identity, PlayerId};
use super::protocol::Terms;
use super::server::{self, LogTo, ServerSettings};
use super::shared_file::terms_for;
use super::store::{SqliteStore, backup};
use crate::app::shared::clocks::TimeControl;
use crate::app::storage::saves::DataDir;
use crate::cli::{AdminCommand, IdentityCommand, NetRequest, SeekClock};
use std::path::PathBuf;
use std::sync::Arc;

/// Why a network command could not go on: one line, and the exit code (2 for bad input, 1
/// for anything else).
#[derive(Debug, PartialEq, Eq)]
pub struct Failure {
    /// Why, in one line.
    pub why: String,
    /// The process's exit code.
    pub code: u8,
}

impl Failure {
    /// A failure of the command's work (exit code 1).
    fn of_work(why: String) -> Failure {
        Failure { why, code: 1 }
    }

    /// A failure of what was typed or given (exit code 2).
    fn of_input(why: String) -> Failure {
        Failure { why, code: 2 }
    }
}

/// Runs a network command.
pub fn run(request: NetRequest) -> Result<(), Failure> {
    match request {
        NetRequest::Serve {
            bind,
            records,
            data,
        } => {
            let mut listening = server::listen(ServerSettings {
                bind,
                records,
                data,
                log: LogTo::Stdout,
            })
            .map_err(Failure::of_work)?;
            println!("Oddboard server listening on {}", listening.address);
            for address in reachable(listening.address) {
                println!("reach it at {address}");
            }
            listening.app.run();
            Ok(())
        }
        NetRequest::Bot {
            address,
            level,
            variant,
            options,
            name,
            clock,
            rated,
        } => {
            let identity = Identity::load_or_create(&data_dir()?).map_err(Failure::of_work)?;
            let terms = terms_for(&variant, &options).map_err(Failure::of_work)?;
            let report = bot::play(BotSettings {
                address,
                level,
                terms: Terms {
                    clock: clock.map(|clock| match clock {
                        SeekClock::Minutes(minutes, seconds) => {
                            TimeControl::minutes(minutes, seconds)
                        }
                        SeekClock::Days(days) => TimeControl::days(days),
                    }),
                    rated,
                    ..terms
                },
                name: name.clone(),
                identity: Arc::new(identity),
            })
            .map_err(Failure::of_work)?;
            println!("{name}: {}", report.summary());
            Ok(())
        }
        NetRequest::Identity(action) => run_identity(action),
        NetRequest::Admin { data, action } => run_admin(&data, action),
    }
}

/// The player's data directory, where the identity is kept.
fn data_dir() -> Result<PathBuf, Failure> {
    DataDir::from_environment().0.ok_or_else(|| {
        Failure::of_work("no data directory for the identity: set ODDBOARD_DATA_DIR".into())
    })
}

/// `identity`: prints the identity, or exports or imports it.
fn run_identity(action: IdentityCommand) -> Result<(), Failure> {
    let dir = data_dir()?;
    match action {
        IdentityCommand::Show => {
            let identity = Identity::load_or_create(&dir).map_err(Failure::of_work)?;
            println!("{}", identity.player().hex());
        }
        IdentityCommand::Export { file } => {
            Identity::load_or_create(&dir).map_err(Failure::of_work)?;
            let written = identity::export(&dir, &file).map_err(Failure::of_work)?;
            println!("exported to {}", written.display());
        }
        IdentityCommand::Import { file } => {
            let player = identity::import(&dir, &file).map_err(Failure::of_input)?;
            println!("{}", player.hex());
        }
    }
    Ok(())
}

/// `admin`: one change to the store in `data`, or a backup of it.
fn run_admin(data: &std::path::Path, action: AdminCommand) -> Result<(), Failure> {
    let identity = |text: &str| PlayerId::from_hex(text).map_err(Failure::of_input);
    let store = || SqliteStore::open_admin(data).map_err(Failure::of_work);
    let said = match action {
        AdminCommand::Release { name } => {
            if store()?.release_name(&name).map_err(Failure::of_work)? {
                format!("released the name {name}")
            } else {
                format!("the name {name} was not taken")
            }
        }
        AdminCommand::Ban { identity: text } => {
            let player = identity(&text)?;
            store()?.ban(player).map_err(Failure::of_work)?;
            format!("banned {}", player.hex())
        }
        AdminCommand::Unban { identity: text } => {
            let player = identity(&text)?;
            if store()?.unban(player).map_err(Failure::of_work)? {
                format!("lifted the ban on {}", player.hex())
            } else {
                format!("{} was not banned", player.hex())
            }
        }
        AdminCommand::Backup { file } => {
            backup(data, &file).map_err(Failure::of_work)?;
            format!("backed up to {}", file.display())
        }
    };
    println!("{said}");
    Ok(())
}
