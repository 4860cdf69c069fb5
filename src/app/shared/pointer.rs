//! What the pointer and the keyboard are on: the square hovered, the piece dragged, whether a
//! text box has the keyboard.

use crate::rules::Loc;
use bevy::prelude::*;

/// The location under the pointer, for the piece help.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct Hovered(pub Option<Loc>);

/// Whether a text box has the keyboard (the save name, …): shortcuts stand aside while it does.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct TextEntry(pub bool);

/// The piece being dragged, drawn under the pointer until it is dropped.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct Dragged(pub Option<Entity>);

/// The board's keyboard cursor: shown while the board has the keyboard (Tab), where the arrow
/// keys move it and Space or Enter click.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct BoardCursor {
    /// Whether the board has the keyboard (the cursor is drawn).
    pub shown: bool,
    /// The location it is on; `None` until it is first shown in a game.
    pub at: Option<Loc>,
}

/// The move box: whether it is open (`/` opens it; Enter plays, Escape closes it), and what
/// was typed in the same moment as the `/`, before the box had the keyboard (a fast hand, or
/// keys that came while a frame was drawn), for the box to start with.
#[derive(Resource, Default, Clone, PartialEq, Eq, Debug)]
pub struct MoveEntry {
    /// Whether the box is open.
    pub open: bool,
    /// Text typed before the box took the keyboard, not yet in it.
    pub early: String,
}
