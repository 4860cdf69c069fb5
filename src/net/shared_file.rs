//! A variant file played over the network: the opener's file travels with the table's terms
//! (its text, at most [`MAX_VARIANT_FILE`] bytes, and its hash), so that the server and every
//! player read the same rules from the same text with the same reader, whether or not they have
//! the file. The terms name it by its file name (`name.ron`), never by a path on anyone's
//! computer, and no path a client names is ever opened.

use super::protocol::{MAX_VARIANT_FILE, SharedFile, TableState, Terms};
use crate::rules::language::{is_variant_file, load_text};
use crate::rules::{Game, Variant};
use std::path::Path;
use std::sync::Arc;

/// The hash of a variant file's text: its 64-bit FNV-1a, as sixteen hexadecimal digits (the
/// same on every computer and in every version).
pub fn hash_of(text: &str) -> String {
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{hash:016x}")
}

impl SharedFile {
    /// `text` ready to travel, with its hash; refused when longer than [`MAX_VARIANT_FILE`].
    pub fn new(text: String) -> Result<SharedFile, String> {
        let file = SharedFile {
            hash: hash_of(&text),
            text,
        };
        file.check()?;
        Ok(file)
    }

    /// Whether the file is within [`MAX_VARIANT_FILE`] and its hash is its text's.
    pub fn check(&self) -> Result<(), String> {
        if self.text.len() > MAX_VARIANT_FILE {
            return Err(format!(
                "the variant file is {} bytes; a server takes files of at most {MAX_VARIANT_FILE}",
                self.text.len()
            ));
        }
        if hash_of(&self.text) != self.hash {
            return Err(format!(
                "the variant file's hash {} is not its text's",
                self.hash
            ));
        }
        Ok(())
    }
}

/// The terms of a game of `spec` (a built-in variant's id, or the path of a variant file, read
/// here and carried whole) with `options`, unclocked and unrated (the caller sets those).
pub fn terms_for(spec: &str, options: &[String]) -> Result<Terms, String> {
    let file = if is_variant_file(spec) {
        let text = std::fs::read_to_string(spec).map_err(|e| format!("{spec}: {e}"))?;
        Some(Box::new(
            SharedFile::new(text).map_err(|why| format!("{spec}: {why}"))?,
        ))
    } else {
        None
    };
    let variant = match &file {
        Some(_) => file_name(spec),
        None => spec.to_string(),
    };
    Ok(Terms {
        variant,
        options: options.to_vec(),
        clock: None,
        rated: false,
        file,
    })
}

/// The name a variant file travels under: the last part of its path.
fn file_name(path: &str) -> String {
    Path::new(path)
        .file_name()
        .map_or_else(|| path.to_string(), |n| n.to_string_lossy().into_owned())
}

/// The variant `terms` name, with their options: read from the text they carry (checked
/// first), or a built-in variant by id. A variant file named without its text is refused
/// unread, so that no client makes a server open a file of its choosing.
pub fn variant_of(terms: &Terms) -> Result<Variant, String> {
    match &terms.file {
        Some(file) => {
            file.check()?;
            if !terms.variant.ends_with(".ron") || terms.variant.contains(['/', '\\']) {
                return Err(format!(
                    "'{}' is not a variant file's name (name.ron)",
                    terms.variant
                ));
            }
            load_text(&terms.variant, &file.text, &terms.options).map_err(|e| e.to_string())
        }
        None if is_variant_file(&terms.variant) => Err(format!(
            "'{}' is a variant file; its text travels with the terms",
            terms.variant
        )),
        None => Variant::load(&terms.variant, &terms.options).map_err(|e| e.to_string()),
    }
}

/// The game of a table's state as its receiver plays it: the variant its terms name (from the
/// file they carry, if any) and the record replayed.
pub fn game_of(state: &TableState) -> Result<Game, String> {
    let variant = Arc::new(variant_of(&state.terms)?);
    Game::from_record_in(variant, &state.record).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hash is FNV-1a's, so it never changes with the program's version.
    #[test]
    fn the_hash_is_fnv_1a() {
        assert_eq!(hash_of(""), "cbf29ce484222325");
        assert_eq!(hash_of("a"), "af63dc4c8601ec8c");
    }

    /// A file too long is refused with its length and the limit.
    #[test]
    fn a_file_too_long_is_refused() {
        let why = SharedFile::new("x".repeat(MAX_VARIANT_FILE + 1)).unwrap_err();
        assert!(why.contains("at most 65536"), "{why}");
    }
}
