//! The puzzle sets that ship with the game, embedded in the binary.

use super::set::{PuzzleSet, parse_set};
use crate::rules::{Error, ids};

/// Every shipped set, in the order of the rules' variant table.
const SHIPPED: [(&str, &str, &str); 6] = embedded_files!("puzzles");

/// The ids of the variants that have shipped puzzles, in the order of the variant table.
pub fn shipped_ids() -> impl Iterator<Item = &'static str> {
    SHIPPED.iter().map(|(id, _, _)| *id)
}

/// The shipped puzzle file of `variant_id`: its name (`assets/puzzles/<id>.ron`) and text.
pub fn shipped(variant_id: &str) -> Option<(&'static str, &'static str)> {
    SHIPPED
        .iter()
        .find(|(id, _, _)| *id == variant_id)
        .map(|(_, file, text)| (*file, *text))
}

/// The puzzles of `variant_id` in the RON `text` of `file` (a shipped set, or a player's own
/// that stands in for it), read and checked (see [`parse_set`]), and refused if they are
/// another variant's.
pub fn read(variant_id: &str, file: &str, text: &str) -> Result<PuzzleSet, Error> {
    let set = parse_set(file, text)?;
    if set.variant != variant_id {
        return Err(Error::Data {
            place: file.to_string(),
            why: format!("the puzzles are for '{}', not '{variant_id}'", set.variant),
        });
    }
    Ok(set)
}

/// The shipped puzzles of `variant_id`, read and checked (see [`parse_set`]). An unknown
/// variant is [`Error::UnknownVariant`]; a variant without puzzles (orthodox chess) an
/// [`Error::Data`].
pub fn load(variant_id: &str) -> Result<PuzzleSet, Error> {
    match shipped(variant_id) {
        Some((file, text)) => read(variant_id, file, text),
        None if ids().any(|id| id == variant_id) => Err(Error::Data {
            place: "assets/puzzles".into(),
            why: format!("no puzzles for '{variant_id}'"),
        }),
        None => Err(Error::UnknownVariant(variant_id.into())),
    }
}
