//! The game session: the turns played (the only way to the rules), the clocks, the computer
//! opponent and the record of the game.

pub mod opponent;
pub mod score_sheet;
pub mod timekeeping;
pub mod turns;

use bevy::prelude::*;

/// Registers turns, clocks, the opponent and the record.
pub fn plugin(app: &mut App) {
    app.add_plugins((
        turns::plugin,
        opponent::plugin,
        timekeeping::plugin,
        score_sheet::plugin,
    ));
}
