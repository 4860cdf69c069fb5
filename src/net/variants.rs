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
    /// player's words, why it does not load (only variants that load are kept).
    pub fn get(&mut self, id: &str, options: &[String]) -> Result<Arc<Variant>, String> {
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
