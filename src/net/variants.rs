//! The variants a server plays, each loaded once with its options and shared by all its tables
//! (a loaded variant — its data, tables and keys — weighs tens of kilobytes; a game of it,
//! little more than its positions). A variant file is read from the text its terms carry
//! ([`crate::net::shared_file`]) and kept by its hash.

use super::protocol::Terms;
use super::shared_file::variant_of;
use crate::rules::Variant;
use std::collections::BTreeMap;
use std::sync::Arc;

/// What a loaded variant is kept under: its id, its file's hash (`None` for a built-in
/// variant) and its options (sorted, once each).
type Key = (String, Option<String>, Vec<String>);

/// The variants loaded so far.
#[derive(Default)]
pub struct Variants {
    loaded: BTreeMap<Key, (Arc<Variant>, Option<String>)>,
}

impl Variants {
    /// The variant of `terms`, with their options (in any order), loaded on first use; an error
    /// says, in a player's words, why it does not load (only variants that load are kept). A
    /// variant file is read from the text the terms carry, never from a path; the same hash
    /// with another text is read afresh.
    pub fn get(&mut self, terms: &Terms) -> Result<Arc<Variant>, String> {
        let mut named = terms.options.clone();
        named.sort();
        named.dedup();
        let file = terms.file.as_ref();
        let key = (terms.variant.clone(), file.map(|f| f.hash.clone()), named);
        let text = file.map(|f| f.text.clone());
        if let Some((variant, kept)) = self.loaded.get(&key)
            && *kept == text
        {
            return Ok(variant.clone());
        }
        let variant = Arc::new(variant_of(terms)?);
        self.loaded.insert(key, (variant.clone(), text));
        Ok(variant)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::protocol::SharedFile;

    /// Terms of `variant` without a file.
    fn terms(variant: &str) -> Terms {
        Terms {
            variant: variant.to_string(),
            options: Vec::new(),
            clock: None,
            rated: false,
            file: None,
        }
    }

    /// A client naming a path without its text gets a refusal that quotes nothing of any file.
    #[test]
    fn a_variant_file_without_its_text_is_refused_unread() {
        let mut variants = Variants::default();
        for id in ["/etc/passwd", "../variants/chess.ron", "chess.ron"] {
            let why = variants.get(&terms(id)).err().expect("refused");
            assert!(why.contains("its text travels"), "{why}");
        }
        assert!(variants.get(&terms("chess")).is_ok());
    }

    /// A variant file's text is read once, and kept by its hash.
    #[test]
    fn a_variant_file_is_read_from_its_text() {
        let text = include_str!("../../variants/chess.ron").to_string();
        let mut variants = Variants::default();
        let carried = Terms {
            file: Some(Box::new(SharedFile::new(text).expect("small enough"))),
            ..terms("chess.ron")
        };
        let first = variants.get(&carried).expect("reads");
        assert_eq!(first.id(), "chess.ron");
        let again = variants.get(&carried).expect("reads");
        assert!(Arc::ptr_eq(&first, &again));
    }
}
