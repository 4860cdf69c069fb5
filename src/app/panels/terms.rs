//! Network games in words, as the dialogs and the game panel show them: a game's terms, a
//! player with their rating, a number of turns.

use super::Catalogue;
use crate::app::online::link::clock_label;
use crate::net::protocol::Terms;
use crate::net::ratings::ShownRating;

/// A game's terms: the variant's name, its options, the clock and whether it is rated
/// (`Chess, 2 days a turn, rated`); for a variant file, also the start of its text's hash, so
/// players can tell two files of one name apart (`Crazyhouse, file 3f0c9a1e, no clock, casual`).
pub fn terms_label(catalogue: &Catalogue, terms: &Terms) -> String {
    let file = terms.file.as_ref().map_or_else(String::new, |file| {
        format!(", file {}", file.hash.get(..8).unwrap_or(&file.hash))
    });
    format!(
        "{}{}{file}, {}, {}",
        variant_name(catalogue, &terms.variant),
        options_text(&terms.options),
        clock_label(terms.clock),
        rated_word(terms.rated)
    )
}

/// `rated` or `casual`.
pub fn rated_word(rated: bool) -> &'static str {
    if rated { "rated" } else { "casual" }
}

/// The name players know a variant by, from its id.
pub fn variant_name<'a>(catalogue: &'a Catalogue, id: &'a str) -> &'a str {
    catalogue.data(id).map_or(id, |data| data.name.as_str())
}

/// The options, as ` (a, b)`, or nothing.
pub fn options_text(options: &[String]) -> String {
    if options.is_empty() {
        String::new()
    } else {
        format!(" ({})", options.join(", "))
    }
}

/// A player's name with their rating, if they have one: `Ana 1500?`.
pub fn rated_name(name: &str, rating: Option<ShownRating>) -> String {
    match rating {
        Some(rating) => format!("{name} {rating}"),
        None => name.to_string(),
    }
}

/// A number of turns in words: `1 turn`, `34 turns`.
pub fn turns(plies: u32) -> String {
    counted(plies, "turn")
}

/// `count` of `noun` in words: `1 game`, `12 games`.
pub fn counted(count: u32, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::{rated_name, terms_label};
    use crate::app::panels::Catalogue;
    use crate::app::shared::clocks::TimeControl;
    use crate::net::protocol::{SharedFile, Terms};
    use crate::net::ratings::ShownRating;
    use crate::rules::all_data;

    #[test]
    fn terms_say_the_clock_and_whether_the_game_is_rated() {
        let catalogue = Catalogue(all_data().expect("variant data"));
        let mut terms = Terms {
            variant: "amoeba".into(),
            options: vec!["occupied-slide".into()],
            clock: Some(TimeControl::days(2)),
            rated: true,
            file: None,
        };
        assert_eq!(
            terms_label(&catalogue, &terms),
            "Amoeba (occupied-slide), 2 days a turn, rated"
        );
        terms.clock = None;
        terms.rated = false;
        assert_eq!(
            terms_label(&catalogue, &terms),
            "Amoeba (occupied-slide), no clock, casual"
        );
    }

    #[test]
    fn the_terms_of_a_variant_file_show_the_start_of_its_hash() {
        let catalogue = Catalogue(all_data().expect("variant data"));
        let terms = Terms {
            variant: "crazyhouse.ron".into(),
            options: Vec::new(),
            clock: None,
            rated: false,
            file: Some(Box::new(SharedFile {
                hash: "3f0c9a1e5b7d2468".into(),
                text: String::new(),
            })),
        };
        assert_eq!(
            terms_label(&catalogue, &terms),
            "crazyhouse.ron, file 3f0c9a1e, no clock, casual"
        );
    }

    #[test]
    fn a_provisional_rating_has_its_question_mark() {
        let rating = |rating, provisional| {
            Some(ShownRating {
                rating,
                provisional,
            })
        };
        assert_eq!(rated_name("Ana", rating(1500, true)), "Ana 1500?");
        assert_eq!(rated_name("Bob", rating(1620, false)), "Bob 1620");
        assert_eq!(rated_name("Cy", None), "Cy");
    }
}
