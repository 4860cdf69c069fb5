//! The variants a server plays, each loaded once with its options and shared by all its tables
//! (a loaded variant — its data, tables and keys — weighs tens of kilobytes; a game of it,
//! little more than its positions).

use crate::rules::Variant;
use std::collections::BTreeMap;
use std::sync::Arc;

/// The variants loaded so far, by id and options (sorted, once each).
#[derive(Default)]
pub struct Variants {
    loaded: BTreeMap<(String, Vec<String>), Arc<Variant>>,
}

impl Variants {
    /// Variant `id` with `options` (in any order), loaded on first use; an error says, in a
    /// player's words, why it does not load (only variants that load are kept). Only built-in
    /// variants are played: a variant file's path is refused unread, so that no client makes
    /// the server open a file of its choosing.
    pub fn get(&mut self, id: &str, options: &[String]) -> Result<Arc<Variant>, String> {
        if crate::rules::language::is_variant_file(id) {
            return Err(format!(
                "'{id}' is a variant file; this server plays the built-in variants"
            ));
        }
        let mut named = options.to_vec();
        named.sort();
        named.dedup();
        let key = (id.to_string(), named);
        if let Some(variant) = self.loaded.get(&key) {
            return Ok(variant.clone());
        }
        let variant = Arc::new(Variant::load(id, options).map_err(|e| e.to_string())?);
        self.loaded.insert(key, variant.clone());
        Ok(variant)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A client naming a path gets a refusal that quotes nothing of any file.
    #[test]
    fn a_variant_file_is_refused_unread() {
        let mut variants = Variants::default();
        for id in ["/etc/passwd", "../variants/chess.ron", "chess.ron"] {
            let why = variants.get(id, &[]).err().expect("refused");
            assert!(why.contains("built-in variants"), "{why}");
        }
        assert!(variants.get("chess", &[]).is_ok());
    }
}
