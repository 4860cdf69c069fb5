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
