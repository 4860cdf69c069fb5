//! Every variant the engine implements, and how to load one by id.

mod american;
mod amoeba;
mod amphora;
mod chess;
mod fanorona;
mod pawns_to_kings;
mod terms;

pub use chess::{Chess, WEIGHTS, Weights};

use super::data::{Options, VariantData};
use super::error::Error;
use super::variant::{Variant, VariantRules};

/// One implemented variant: its data file and the constructor of its rules.
struct Entry {
    id: &'static str,
    file: &'static str,
    source: &'static str,
    build: fn(VariantData, Options) -> Result<Box<dyn VariantRules>, Error>,
}

/// Boxes the rules a constructor built, for the variant table.
fn boxed<R: VariantRules + 'static>(
    rules: Result<R, Error>,
) -> Result<Box<dyn VariantRules>, Error> {
    Ok(Box::new(rules?))
}

macro_rules! data_file {
    ($name:literal) => {
        (
            concat!("rules/data/", $name, ".ron"),
            include_str!(concat!("../../data/", $name, ".ron")),
        )
    };
}

const fn entry(
    id: &'static str,
    (file, source): (&'static str, &'static str),
    build: fn(VariantData, Options) -> Result<Box<dyn VariantRules>, Error>,
) -> Entry {
    Entry {
        id,
        file,
        source,
        build,
    }
}

/// The implemented variants, in the order of the rules' variant table.
const ENTRIES: &[Entry] = &[
    entry("amphora", data_file!("amphora"), |d, o| {
        boxed(amphora::Amphora::new(d, o))
    }),
    entry("amoeba", data_file!("amoeba"), |d, o| {
        boxed(amoeba::Amoeba::new(d, o))
    }),
    entry("fanorona-chess", data_file!("fanorona-chess"), |d, o| {
        boxed(fanorona::Fanorona::new(d, o))
    }),
    entry(
        "double-fanorona-chess",
        data_file!("double-fanorona-chess"),
        |d, o| boxed(fanorona::Fanorona::new(d, o)),
    ),
    entry("american-chess", data_file!("american-chess"), |d, o| {
        boxed(american::American::new(d, o))
    }),
    entry("pawns-to-kings", data_file!("pawns-to-kings"), |d, o| {
        boxed(pawns_to_kings::PawnsToKings::new(d, o))
    }),
    entry("chess", data_file!("chess"), |d, o| {
        boxed(chess::Chess::new(d, o))
    }),
];

/// The ids of the implemented variants, in the order of the rules' variant table.
pub fn ids() -> impl Iterator<Item = &'static str> {
    ENTRIES.iter().map(|e| e.id)
}

/// The data of every implemented variant, for menus and help (in table order).
pub fn all_data() -> Result<Vec<VariantData>, Error> {
    ENTRIES
        .iter()
        .map(|e| VariantData::parse(e.file, e.source))
        .collect()
}

impl Variant {
    /// Loads variant `id` with the named options; an `id` that is a path to a variant file
    /// (see [`crate::language::is_variant_file`]) loads that file.
    pub fn load(id: &str, options: &[String]) -> Result<Variant, Error> {
        if crate::language::is_variant_file(id) {
            return crate::language::load(id, options);
        }
        let entry = ENTRIES
            .iter()
            .find(|e| e.id == id)
            .ok_or_else(|| Error::UnknownVariant(id.to_string()))?;
        let data = VariantData::parse(entry.file, entry.source)?;
        Variant::build(entry, data, options)
    }

    /// The variant of `entry` built from `data` with the named options.
    fn build(entry: &Entry, data: VariantData, options: &[String]) -> Result<Variant, Error> {
        if data.id != entry.id {
            return Err(Error::Data {
                place: entry.file.to_string(),
                why: format!("id '{}' does not match '{}'", data.id, entry.id),
            });
        }
        let options = Options::parse(&data, options)?;
        Variant::new((entry.build)(data, options)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Builds `id` from its data file with `change` applied to the text.
    fn build_changed(id: &str, change: impl Fn(&str) -> String) -> Result<Variant, Error> {
        let entry = ENTRIES.iter().find(|e| e.id == id).expect("a variant");
        let text = change(entry.source);
        assert_ne!(text, entry.source, "the change changes the data");
        let data = VariantData::parse(entry.file, &text)?;
        Variant::build(entry, data, &[])
    }

    fn data_error(result: Result<Variant, Error>) -> (String, String) {
        match result {
            Err(Error::Data { place, why }) => (place, why),
            Err(other) => panic!("not a data error: {other}"),
            Ok(_) => panic!("broken data builds"),
        }
    }

    #[test]
    fn an_unreadable_fanorona_start_is_a_data_error() {
        let (place, why) = data_error(build_changed("fanorona-chess", |text| {
            text.replacen("NRKRN w", "NRKRX w", 1)
        }));
        assert!(place.ends_with("fanorona-chess.ron: start"), "{place}");
        assert!(why.contains('X'), "{why}");
    }

    #[test]
    fn a_letter_taken_twice_is_a_data_error() {
        let (place, why) = data_error(build_changed("chess", |text| {
            text.replace("letter: 'Q'", "letter: 'K'")
        }));
        assert!(place.ends_with("chess.ron: pieces"), "{place}");
        assert!(why.contains("'K' taken twice"), "{why}");
    }

    #[test]
    fn a_kind_without_data_is_a_data_error() {
        let (_, why) = data_error(build_changed("chess", |text| {
            text.replace("(kind: Knight,", "(kind: Missile,")
        }));
        assert!(why.contains("0 entries of kind Knight"), "{why}");
    }

    #[test]
    fn a_piece_without_move_text_is_a_data_error() {
        let (_, why) = data_error(build_changed("amphora", |text| {
            let moves = "name: \"Guard\", moves: \"";
            let start = text.find(moves).expect("the Guard") + moves.len();
            let end = text[start..].find('"').expect("its end") + start;
            format!("{}{}", &text[..start], &text[end..])
        }));
        assert!(why.contains("needs a name and its moves"), "{why}");
    }

    #[test]
    fn amphora_without_an_outline_is_a_data_error() {
        let (_, why) = data_error(build_changed("amphora", |text| {
            let start = text.find("    outline:").expect("an outline");
            let end = text[start..].find("]),").expect("its end") + start + 4;
            format!("{}{}", &text[..start], &text[end..])
        }));
        assert!(why.contains("no outline"), "{why}");
    }
}
