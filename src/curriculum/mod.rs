//! The curriculum, what the game teaches as data: a course of short lessons per variant, each a
//! position and a task judged by the rules engine from what a turn does, and puzzles mined from the
//! engine's own games, each proven to have one winning piece move. No Bevy: the game, the command
//! line and the tests all read them from here; the window plays them in `app::learn`.

/// The six variants' files of one kind of learning data (`"lessons"` or `"puzzles"`),
/// embedded: each its variant id, its file's name and its text, in the menu's order. Invoked
/// from a module one folder down (`src/curriculum/<kind>/`), which the path is read from.
macro_rules! embedded_files {
    ($kind:literal) => {
        [
            embedded_files!($kind, "amphora"),
            embedded_files!($kind, "amoeba"),
            embedded_files!($kind, "fanorona-chess"),
            embedded_files!($kind, "double-fanorona-chess"),
            embedded_files!($kind, "american-chess"),
            embedded_files!($kind, "pawns-to-kings"),
        ]
    };
    ($kind:literal, $id:literal) => {
        (
            $id,
            concat!("assets/", $kind, "/", $id, ".ron"),
            include_str!(concat!("../../../assets/", $kind, "/", $id, ".ron")),
        )
    };
}

pub mod lessons;
pub mod puzzles;
