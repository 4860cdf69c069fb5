//! A variant file received with a table's terms, kept where the window's game can read it: the
//! server names it by its file name alone, and the session, the saves and the analysis board
//! load a variant file by its path, so the text is written once into the data directory
//! (`variants/received/HASH/NAME.ron`, beside no other file, and so not listed in the menu)
//! and the table's record names that copy.

use crate::app::storage::saves::DataDir;
use crate::net::protocol::TableState;
use std::path::PathBuf;

/// `state` with its record naming the local copy of the variant file its terms carry (written
/// if missing); unchanged for a built-in variant, or where no copy can be written (the game
/// then says it cannot load the variant).
pub fn localised(mut state: TableState) -> TableState {
    let Some(file) = &state.terms.file else {
        return state;
    };
    let folder = DataDir::from_environment()
        .file("variants")
        .unwrap_or_else(|| std::env::temp_dir().join("oddboard-variants"))
        .join("received")
        .join(&file.hash);
    let path: PathBuf = folder.join(&state.terms.variant);
    let kept = std::fs::read_to_string(&path).is_ok_and(|text| text == file.text);
    let written = kept
        || std::fs::create_dir_all(&folder)
            .and_then(|()| std::fs::write(&path, &file.text))
            .is_ok();
    if written {
        state.record.variant = path.to_string_lossy().into_owned();
    }
    state
}
