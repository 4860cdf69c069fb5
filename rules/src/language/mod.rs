//! The variant language: a variant written as one RON file (docs/variant-language.md), read and
//! played by an interpreter of its own, beside the built-in variants.
//!
//! [`schema`] is the file's shape, [`notation`] the movement notation, `compile` resolves names
//! and checks references, and the interpreter plays it in parts: `moves` (a piece's moves and
//! captures), `play` (a turn, part by part), `explosion` (what a capture blows up, and
//! `blast_guard`, legality where captures explode judged on the board alone), `drops`
//! (drops, captures to the hand, promoted pieces remembered), `turns`
//! (every possible and legal turn), `count` (legal turns counted without playing them), `ends`
//! (how the game ends) and `fields` (the FEN fields); `worth` is the computer's generic judgement
//! of it (values and mobility); `rules_impl` puts it behind the engine's traits, and `screen`
//! answers the editor's and the panels' questions.

mod after_move;
mod attack;
mod blast_guard;
mod compile;
mod count;
mod drops;
mod ends;
mod explosion;
mod fields;
mod lookout;
mod moves;
mod no_check;
pub mod notation;
mod play;
mod quiet;
mod quiet_count;
mod rays;
mod rules_impl;
pub mod schema;
mod screen;
mod shifts;
mod threat;
mod turns;
mod worth;

use super::error::Error;
use super::variant::Variant;
use compile::Lang;
use std::path::Path;

/// Whether `spec`, where a variant id is expected, names a variant file instead: a path with a
/// `/` in it or ending in `.ron`.
pub fn is_variant_file(spec: &str) -> bool {
    spec.contains('/') || spec.ends_with(".ron")
}

/// The variant written in the file at `path`, built with the named options. Its id is `path`
/// as given, so that a record of a game names the file it was played with.
pub(crate) fn load(path: &str, options: &[String]) -> Result<Variant, Error> {
    let text = std::fs::read_to_string(path).map_err(|e| Error::Data {
        place: path.to_string(),
        why: format!("cannot be read: {e}"),
    })?;
    load_text(path, &text, options)
}

/// The variant written in `text`, the text of a variant file named `path` (its id; the file's
/// name must match the `id` inside), built with the named options. No file is opened but for
/// drawings the text names beside it: for a file that travels over the network, given by name
/// alone.
pub fn load_text(path: &str, text: &str, options: &[String]) -> Result<Variant, Error> {
    let spec: schema::VariantFile = ron::from_str(text).map_err(|e| Error::Data {
        place: format!("{path}:{}:{}", e.span.start.line, e.span.start.col),
        why: e.code.to_string(),
    })?;
    let lang = Lang::new(Path::new(path), path, spec, options)?;
    let start_error = |why: String| Error::Data {
        place: format!("{path}: start"),
        why,
    };
    let variant = Variant::new(Box::new(lang)).map_err(|e| match e {
        Error::Data { why, .. } => start_error(why),
        other => start_error(other.to_string()),
    })?;
    if !variant.has_legal_turn(variant.start()) {
        return Err(start_error(
            "the first player has no legal turn".to_string(),
        ));
    }
    Ok(variant)
}
