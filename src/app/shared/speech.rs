//! What the game says aloud through a screen reader: the last announcement, in words.

use bevy::prelude::*;

/// The newest announcement (a turn played, the square under the board's cursor, the answer to
/// a spoken command), shown in the panel and exposed to screen readers as a live region, so
/// each new text is read out.
#[derive(Resource, Default, Clone, PartialEq, Eq, Debug)]
pub struct Spoken(pub String);
