//! The engine's options: what `uci` lists and `setoption` sets. The search's (`Hash`,
//! `Threads`, `MultiPV`), playing strength (`UCI_LimitStrength`, `UCI_Elo`), the variant
//! (`UCI_Variant`, as Fairy-Stockfish offers its variants, or a path to a variant file) and one
//! check per variant option, named by the option's id (a variant file's own options too, once
//! the file is chosen).

use super::ORTHODOX;
use crate::rules::language::is_variant_file;
use crate::rules::{
    DEFAULT_HASH_MIB, Level, MAX_HASH_MIB, MAX_LINES, MAX_THREADS, VariantData, all_data, ids,
};
use std::collections::BTreeSet;

/// The range of `UCI_Elo`: around the levels' ratings in chess.
const ELO_RANGE: (u64, u64) = (600, 2400);

/// The value of every option, as the GUI last set it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// `Hash`: the transposition table's size in MiB.
    pub hash_mib: usize,
    /// `Threads`: the threads a search runs.
    pub threads: usize,
    /// `MultiPV`: the best lines reported.
    pub lines: usize,
    /// `UCI_LimitStrength`: play as the level for `elo` rather than at full strength.
    pub limit_strength: bool,
    /// `UCI_Elo`: the chess rating to play at when the strength is limited.
    pub elo: u32,
    /// `UCI_Variant`: the variant's id, or the path of its file.
    pub variant: String,
    /// The variant options checked, by name (those of other variants too, kept for when one
    /// of them is chosen).
    pub variant_options: BTreeSet<String>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            hash_mib: DEFAULT_HASH_MIB,
            threads: 1,
            lines: 1,
            limit_strength: false,
            elo: Level::Strong.chess_rating(),
            variant: ORTHODOX.into(),
            variant_options: BTreeSet::new(),
        }
    }
}

impl Settings {
    /// The options of `data` (a variant's) that are checked, in its order.
    pub fn options_of(&self, data: &VariantData) -> Vec<String> {
        data.options
            .iter()
            .map(|o| o.name.clone())
            .filter(|name| self.variant_options.contains(name))
            .collect()
    }
}

/// Which setting an option sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// `Hash`.
    Hash,
    /// `Threads`.
    Threads,
    /// `MultiPV`.
    MultiPv,
    /// `UCI_LimitStrength`.
    LimitStrength,
    /// `UCI_Elo`.
    Elo,
    /// `UCI_Variant`.
    Variant,
    /// A variant option, by its own name.
    VariantOption,
}

/// The type of an option's value, as UCI names it, with where [`Settings`] keep it.
enum Kind {
    /// A whole number from `min` to `max`.
    Spin {
        min: u64,
        max: u64,
        get: fn(&Settings) -> u64,
        set: fn(&mut Settings, u64),
    },
    /// `true` or `false`; the option's name says which setting.
    Check {
        get: fn(&Settings, &str) -> bool,
        set: fn(&mut Settings, &str, bool),
    },
    /// One of `words` (in any case), or the path of a variant file, as given: `UCI_Variant`.
    Combo {
        words: Vec<String>,
        get: fn(&Settings) -> String,
        set: fn(&mut Settings, String),
    },
}

/// One option offered.
struct Offered {
    name: String,
    key: Key,
    kind: Kind,
}

/// Every option offered: the engine's own, then each variant option once.
pub struct Options {
    offered: Vec<Offered>,
}

/// A count kept as `usize`: every spin's range fits.
fn count(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

impl Options {
    /// The options of this build: the variants' options read from their data (none, should the
    /// data not read).
    pub fn new() -> Options {
        let mut offered = vec![
            Offered {
                name: "Hash".into(),
                key: Key::Hash,
                kind: Kind::Spin {
                    min: 1,
                    max: MAX_HASH_MIB as u64,
                    get: |s| s.hash_mib as u64,
                    set: |s, n| s.hash_mib = count(n),
                },
            },
            Offered {
                name: "Threads".into(),
                key: Key::Threads,
                kind: Kind::Spin {
                    min: 1,
                    max: MAX_THREADS as u64,
                    get: |s| s.threads as u64,
                    set: |s, n| s.threads = count(n),
                },
            },
            Offered {
                name: "MultiPV".into(),
                key: Key::MultiPv,
                kind: Kind::Spin {
                    min: 1,
                    max: MAX_LINES as u64,
                    get: |s| s.lines as u64,
                    set: |s, n| s.lines = count(n),
                },
            },
            Offered {
                name: "UCI_LimitStrength".into(),
                key: Key::LimitStrength,
                kind: Kind::Check {
                    get: |s, _| s.limit_strength,
                    set: |s, _, on| s.limit_strength = on,
                },
            },
            Offered {
                name: "UCI_Elo".into(),
                key: Key::Elo,
                kind: Kind::Spin {
                    min: ELO_RANGE.0,
                    max: ELO_RANGE.1,
                    get: |s| u64::from(s.elo),
                    set: |s, n| s.elo = u32::try_from(n).unwrap_or(u32::MAX),
                },
            },
            Offered {
                name: "UCI_Variant".into(),
                key: Key::Variant,
                kind: Kind::Combo {
                    words: ids().map(String::from).collect(),
                    get: |s| s.variant.clone(),
                    set: |s, id| s.variant = id,
                },
            },
        ];
        let names: BTreeSet<String> = all_data()
            .unwrap_or_default()
            .iter()
            .flat_map(|data| data.options.iter().map(|o| o.name.clone()))
            .collect();
        offered.extend(names.into_iter().map(variant_option));
        Options { offered }
    }

    /// The `option` lines `uci` prints, with the defaults' values.
    pub fn lines(&self) -> Vec<String> {
        let defaults = Settings::default();
        self.offered
            .iter()
            .map(|option| {
                let kind = match &option.kind {
                    Kind::Spin { min, max, get, .. } => {
                        format!("spin default {} min {min} max {max}", get(&defaults))
                    }
                    Kind::Check { get, .. } => {
                        format!("check default {}", get(&defaults, &option.name))
                    }
                    Kind::Combo { words, get, .. } => {
                        let vars: String = words.iter().map(|w| format!(" var {w}")).collect();
                        format!("combo default {}{vars}", get(&defaults))
                    }
                };
                format!("option name {} type {kind}", option.name)
            })
            .collect()
    }

    /// Sets option `name` (in any case) to `value` in `settings`, saying which setting
    /// changed; an unknown name or a value the option does not take changes nothing. The
    /// options of `current`, the variant chosen, are taken too where they are not offered (a
    /// variant file's own).
    pub fn set(
        &self,
        settings: &mut Settings,
        name: &str,
        value: Option<&str>,
        current: &VariantData,
    ) -> Result<Key, String> {
        let own;
        let option = match self
            .offered
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
        {
            Some(option) => option,
            None => {
                own = current
                    .options
                    .iter()
                    .find(|o| o.name.eq_ignore_ascii_case(name))
                    .map(|o| variant_option(o.name.clone()))
                    .ok_or_else(|| format!("setoption: no option '{name}'"))?;
                &own
            }
        };
        let value = value.ok_or_else(|| format!("setoption: {} needs a value", option.name))?;
        let refused =
            |takes: String| format!("setoption: {} takes {takes}, not '{value}'", option.name);
        match &option.kind {
            Kind::Spin { min, max, set, .. } => {
                let number = value
                    .parse::<u64>()
                    .ok()
                    .filter(|n| (min..=max).contains(&n))
                    .ok_or_else(|| refused(format!("a whole number from {min} to {max}")))?;
                set(settings, number);
            }
            Kind::Check { set, .. } => {
                let on = match value.to_ascii_lowercase().as_str() {
                    "true" => true,
                    "false" => false,
                    _ => return Err(refused("true or false".into())),
                };
                set(settings, &option.name, on);
            }
            Kind::Combo { words, set, .. } => {
                let word = words
                    .iter()
                    .find(|w| w.eq_ignore_ascii_case(value))
                    .cloned()
                    .or_else(|| is_variant_file(value).then(|| value.to_string()))
                    .ok_or_else(|| {
                        refused(format!(
                            "one of {} or a variant file's path",
                            words.join(", ")
                        ))
                    })?;
                set(settings, word);
            }
        }
        Ok(option.key)
    }
}

/// The check of the variant option `name`.
fn variant_option(name: String) -> Offered {
    Offered {
        name,
        key: Key::VariantOption,
        kind: Kind::Check {
            get: |s, name| s.variant_options.contains(name),
            set: |s, name, on| {
                if on {
                    s.variant_options.insert(name.to_string());
                } else {
                    s.variant_options.remove(name);
                }
            },
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{RulesExt, Variant};

    /// The data of the built-in variant `id`.
    fn data(id: &str) -> VariantData {
        Variant::load(id, &[])
            .expect("a built-in loads")
            .data()
            .clone()
    }

    #[test]
    fn every_option_is_listed_with_its_type() {
        let lines = Options::new().lines();
        let listed = |start: &str| lines.iter().any(|l| l.starts_with(start));
        assert!(listed(
            "option name Hash type spin default 16 min 1 max 1024"
        ));
        assert!(listed(
            "option name MultiPV type spin default 1 min 1 max 16"
        ));
        assert!(listed(
            "option name UCI_LimitStrength type check default false"
        ));
        assert!(listed(
            "option name UCI_Variant type combo default chess var "
        ));
        assert!(listed(
            "option name occupied-slide type check default false"
        ));
        assert!(listed(
            "option name alternate-setup type check default false"
        ));
    }

    #[test]
    fn a_value_out_of_range_changes_nothing() {
        let options = Options::new();
        let mut settings = Settings::default();
        let chess = data("chess");
        for (name, value) in [
            ("Hash", Some("0")),
            ("Threads", Some("65")),
            ("MultiPV", Some("three")),
            ("UCI_LimitStrength", Some("yes")),
            ("UCI_Variant", Some("checkers")),
            ("UCI_Variant", Some("a variant file")),
            ("UCI_Elo", None),
            ("Colour", Some("blue")),
        ] {
            assert!(
                options.set(&mut settings, name, value, &chess).is_err(),
                "{name}"
            );
        }
        assert_eq!(settings, Settings::default());
    }

    #[test]
    fn names_are_read_in_any_case() {
        let options = Options::new();
        let mut settings = Settings::default();
        let chess = data("chess");
        assert_eq!(
            options.set(&mut settings, "multipv", Some("3"), &chess),
            Ok(Key::MultiPv)
        );
        assert_eq!(
            options.set(&mut settings, "uci_variant", Some("Amoeba"), &chess),
            Ok(Key::Variant)
        );
        assert_eq!(
            options.set(&mut settings, "Occupied-Slide", Some("true"), &chess),
            Ok(Key::VariantOption)
        );
        assert_eq!(settings.lines, 3);
        assert_eq!(settings.variant, "amoeba");
        assert!(settings.variant_options.contains("occupied-slide"));
    }

    #[test]
    fn the_variant_may_be_a_files_path_kept_as_given() {
        let options = Options::new();
        let mut settings = Settings::default();
        for path in [
            "variants/My-Chess.ron",
            "Shogi.ron",
            "/home/me/variants/tiny",
        ] {
            assert_eq!(
                options.set(&mut settings, "UCI_Variant", Some(path), &data("chess")),
                Ok(Key::Variant)
            );
            assert_eq!(settings.variant, path);
        }
    }

    #[test]
    fn the_chosen_variants_own_options_are_taken_too() {
        let options = Options::new();
        let mut settings = Settings::default();
        let mut own = data("amoeba");
        own.options[0].name = "wide-gaps".into();
        assert!(
            options
                .set(&mut settings, "wide-gaps", Some("true"), &data("amoeba"))
                .is_err()
        );
        assert_eq!(
            options.set(&mut settings, "Wide-Gaps", Some("true"), &own),
            Ok(Key::VariantOption)
        );
        assert_eq!(settings.options_of(&own), ["wide-gaps"]);
    }
}
