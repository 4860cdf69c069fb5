//! Players' names as people read them: "Ana", "ana" and "ＡＮＡ" are one name. A server binds a
//! name, compared this way, to the first identity that uses it.

use unicode_normalization::UnicodeNormalization;

/// The form a name is compared in: compatibility-normalised (NFKC), lower case, its runs of
/// spaces made one.
pub fn name_key(name: &str) -> String {
    let folded: String = name.nfkc().flat_map(char::to_lowercase).collect();
    let normal: String = folded.nfkc().collect();
    normal.split_whitespace().collect::<Vec<_>>().join(" ")
}
