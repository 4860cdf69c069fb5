//! The network commands as programs: `serve` in the foreground until it is stopped, and `bot`
//! for one game.

use super::addresses::reachable;
use super::bot::{self, BotSettings};
use super::protocol::Terms;
use super::server::{self, LogTo, ServerSettings};
use crate::app::shared::clocks::TimeControl;
use crate::cli::NetRequest;

/// Runs a network command; an error is one line saying why it could not go on.
pub fn run(request: NetRequest) -> Result<(), String> {
    match request {
        NetRequest::Serve { bind, records } => {
            let mut listening = server::listen(ServerSettings {
                bind,
                records,
                log: LogTo::Stdout,
            })?;
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
        } => {
            let report = bot::play(BotSettings {
                address,
                level,
                terms: Terms {
                    variant,
                    options,
                    clock: clock.map(|(minutes, seconds)| TimeControl::minutes(minutes, seconds)),
                },
                name: name.clone(),
            })?;
            println!("{name}: {}", report.summary());
            Ok(())
        }
    }
}
