//! What is said aloud and when: a turn as it is played (whoever played it) and how the game
//! ended, the square the board's cursor lands on, and the hints the board gives.

use crate::app::board::layout::shown_position;
use crate::app::shared::game::{ActiveGame, Hint, Viewing};
use crate::app::shared::pointer::BoardCursor;
use crate::app::shared::screen::Frame;
use crate::app::shared::speech::Spoken;
use crate::rules::Game;
use bevy::prelude::*;

/// Registers the announcements, after the turn of the frame is applied.
pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            announce_turn.run_if(resource_exists_and_changed::<ActiveGame>),
            announce_hint.run_if(resource_changed::<Hint>),
            announce_square.run_if(resource_changed::<BoardCursor>),
        )
            .chain()
            .run_if(resource_exists::<ActiveGame>)
            .after(Frame::Apply)
            .before(Frame::Sync),
    );
}

/// The game as last announced: how many turns, and whether it had ended.
#[derive(Default, PartialEq, Eq, Clone, Copy)]
struct Heard {
    turns: usize,
    over: bool,
}

/// Says the turn just played, in words, and how the game ended when it did; a new game, an
/// undo or a loaded game says nothing but is remembered.
fn announce_turn(
    game: Res<ActiveGame>,
    mut heard: Local<Option<Heard>>,
    mut spoken: ResMut<Spoken>,
) {
    let game = &game.0;
    let now = Heard {
        turns: game.turns().len(),
        over: game.outcome().is_some(),
    };
    let before = heard.replace(now);
    let Some(before) = before.filter(|before| *before != now) else {
        return;
    };
    let mut words = Vec::new();
    if now.turns == before.turns + 1
        && let Some(turn) = last_turn(game)
    {
        words.push(turn);
    }
    if now.over && !before.over {
        words.extend(game.spoken_outcome());
    }
    if !words.is_empty() {
        spoken.set_if_neq(Spoken(words.join(". ")));
    }
}

/// The last turn played, in words.
pub fn last_turn(game: &Game) -> Option<String> {
    let ply = game.turns().len().checked_sub(1)?;
    let before = game.position_at(ply)?;
    Some(game.variant().spoken_turn(before, &game.turns()[ply]))
}

/// Says the board's hint (why a click did nothing, what to choose next).
fn announce_hint(hint: Res<Hint>, mut spoken: ResMut<Spoken>) {
    if let Some(text) = &hint.0 {
        spoken.set_if_neq(Spoken(text.clone()));
    }
}

/// Says what is on the location the board's cursor moved to, in the position shown.
fn announce_square(
    cursor: Res<BoardCursor>,
    game: Res<ActiveGame>,
    viewing: Res<Viewing>,
    mut spoken: ResMut<Spoken>,
) {
    let Some(at) = cursor.at.filter(|_| cursor.shown) else {
        return;
    };
    let pos = shown_position(&game.0, &viewing);
    spoken.set_if_neq(Spoken(game.0.variant().spoken_square(&pos, at)));
}
