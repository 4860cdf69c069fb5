//! What the check of the player's servers at start found, under the menu's title: on which
//! servers it is the player's turn (each a link joining that server), quietly which could not
//! be checked, and that the check goes on.

use super::lobby::YOUR_TURN;
use super::online::Dialog;
use crate::app::online::check::{Checked, ServerChecks};
use bevy_egui::egui;

/// The lines of the check: nothing when it was not made.
pub(super) fn show(ui: &mut egui::Ui, checks: &ServerChecks, dialog: &mut Dialog) {
    let mut checking = false;
    for check in &checks.0 {
        let address = check.server.address;
        match &check.checked {
            Checked::Checking => checking = true,
            Checked::YourTurn(0) => {}
            Checked::YourTurn(games) => {
                let text = egui::RichText::new(your_turn(*games, &address.to_string()))
                    .color(YOUR_TURN)
                    .strong();
                if ui
                    .link(text)
                    .on_hover_text("Join this server to play them")
                    .clicked()
                {
                    dialog.join(&check.server);
                }
            }
            Checked::Unreachable(why) => {
                ui.weak(format!("{address} could not be checked."))
                    .on_hover_text(why);
            }
        }
    }
    if checking {
        ui.weak("Checking your servers for your turn…");
    }
}

/// The news of `games` games waiting for the player's turn at `address`: `Your turn in 2
/// games on 10.0.0.9:5725`.
fn your_turn(games: usize, address: &str) -> String {
    let unit = if games == 1 { "game" } else { "games" };
    format!("Your turn in {games} {unit} on {address}")
}

#[cfg(test)]
mod tests {
    use super::your_turn;

    #[test]
    fn the_news_counts_the_games() {
        assert_eq!(
            your_turn(2, "10.0.0.9:5725"),
            "Your turn in 2 games on 10.0.0.9:5725"
        );
        assert_eq!(
            your_turn(1, "10.0.0.9:5725"),
            "Your turn in 1 game on 10.0.0.9:5725"
        );
    }
}
