//! Every variant the engine implements, and how to load one by id.

mod american;
mod amoeba;
mod amphora;
mod chess;
mod fanorona;
mod pawns_to_kings;

use super::data::{Options, VariantData};
use super::error::Error;
use super::position::Position;
use super::variant::Rules;
use std::ops::Deref;

/// One implemented variant: its data file and the constructor of its rules.
struct Entry {
    id: &'static str,
    file: &'static str,
    source: &'static str,
    build: fn(VariantData, Options) -> Box<dyn Rules>,
}

macro_rules! data_file {
    ($name:literal) => {
        (
            concat!("assets/variants/", $name, ".ron"),
            include_str!(concat!("../../../assets/variants/", $name, ".ron")),
        )
    };
}

const fn entry(
    id: &'static str,
    (file, source): (&'static str, &'static str),
    build: fn(VariantData, Options) -> Box<dyn Rules>,
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
        Box::new(amphora::Amphora::new(d, o))
    }),
    entry("amoeba", data_file!("amoeba"), |d, o| {
        Box::new(amoeba::Amoeba::new(d, o))
    }),
    entry("fanorona-chess", data_file!("fanorona-chess"), |d, o| {
        Box::new(fanorona::Fanorona::new(d, o))
    }),
    entry(
        "double-fanorona-chess",
        data_file!("double-fanorona-chess"),
        |d, o| Box::new(fanorona::Fanorona::new(d, o)),
    ),
    entry("american-chess", data_file!("american-chess"), |d, o| {
        Box::new(american::American::new(d, o))
    }),
    entry("pawns-to-kings", data_file!("pawns-to-kings"), |d, o| {
        Box::new(pawns_to_kings::PawnsToKings::new(d, o))
    }),
    entry("chess", data_file!("chess"), |d, o| {
        Box::new(chess::Chess::new(d, o))
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

/// A variant's rules built for a set of options, with its start position.
pub struct Variant {
    rules: Box<dyn Rules>,
    start: Position,
}

impl Variant {
    /// Loads variant `id` with the named options.
    pub fn load(id: &str, options: &[String]) -> Result<Variant, Error> {
        let entry = ENTRIES
            .iter()
            .find(|e| e.id == id)
            .ok_or_else(|| Error::UnknownVariant(id.to_string()))?;
        let data = VariantData::parse(entry.file, entry.source)?;
        if data.id != entry.id {
            return Err(Error::Data {
                place: entry.file.to_string(),
                why: format!("id '{}' does not match '{}'", data.id, entry.id),
            });
        }
        let options = Options::parse(&data, options)?;
        let fen = data.start_fen(&options).to_string();
        let rules = (entry.build)(data, options);
        let start = rules.parse_fen(&fen).map_err(|e| Error::Data {
            place: entry.file.to_string(),
            why: format!("start position: {e}"),
        })?;
        Ok(Variant { rules, start })
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The rules.
    pub fn rules(&self) -> &dyn Rules {
        self.rules.as_ref()
    }
}

impl Deref for Variant {
    type Target = dyn Rules;

    fn deref(&self) -> &(dyn Rules + 'static) {
        self.rules.as_ref()
    }
}
