//! What a piece is drawn from: one of the game's drawings, an SVG file a variant file names, or
//! a lettered token; and each as SVG text for one side in the variant's colours.

use super::token::lettered;
use crate::app::shared::drawings::drawing;
use crate::rules::{Kind, Side, VariantData};

/// The `art` by which a variant file asks for a lettered token.
pub const LETTER: &str = "letter";

/// Where a piece's picture comes from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// One of the game's drawings, by name.
    Drawing(&'static str),
    /// An SVG file, by path, with the piece's letter drawn instead where it cannot be read.
    File(String, char),
    /// A lettered token of this letter.
    Letter(char),
}

impl Source {
    /// What the piece of `kind` in `data` is drawn from: its `art` where given (a drawing's
    /// name, an SVG's path, or [`LETTER`]; anything else is drawn as the letter too), else its
    /// kind's own drawing.
    pub fn of(data: &VariantData, kind: Kind) -> Source {
        let Some(piece) = data.piece(kind) else {
            return Source::Drawing(kind.default_art());
        };
        let Some(art) = piece.art.as_deref() else {
            return Source::Drawing(kind.default_art());
        };
        match drawing(art) {
            Some(drawing) => Source::Drawing(drawing.name),
            None if art.ends_with(".svg") => Source::File(art.to_string(), piece.letter),
            None => Source::Letter(piece.letter),
        }
    }
}

/// A side's colours: the body of its pieces (the variant's colour for the side, else white or
/// black) and the ink drawn on it (black on the first player's, white on the second's).
pub struct Colours {
    /// The body's colour, `#rrggbb`.
    pub body: String,
    /// The ink's colour, `#rrggbb`.
    pub ink: &'static str,
}

impl Colours {
    /// The colours of `side`'s pieces in a variant painted in `palette`, if it has one.
    pub fn of(side: Side, palette: Option<&[String; 2]>) -> Colours {
        let (white, black) = ("#ffffff", "#000000");
        let (body, ink) = match side {
            Side::White => (white, black),
            Side::Black => (black, white),
        };
        Colours {
            body: palette.map_or_else(|| body.to_string(), |p| p[side.index()].clone()),
            ink,
        }
    }

    /// The lettered token of `letter` in these colours.
    pub fn token(&self, letter: char) -> String {
        lettered(letter, &self.body, self.ink)
    }
}

/// An author's drawing in a side's colours: its white (written `#fff`, `#ffffff` or `white`, in
/// any case) becomes the body's colour and its black (`#000`, `#000000`, `black`) the ink's,
/// so a drawing in black ink on white reads as the second player's piece with the two swapped.
pub fn recoloured(svg: &str, colours: &Colours) -> String {
    let names = [
        (["#ffffff", "#fff", "white"], colours.body.as_str()),
        (["#000000", "#000", "black"], colours.ink),
    ];
    let mut out = String::with_capacity(svg.len());
    let mut rest = svg;
    let mut after_word = false;
    while let Some(c) = rest.chars().next() {
        let found = names.iter().find_map(|(spellings, to)| {
            let spelling = spellings
                .iter()
                .find(|s| !after_word && is_colour_at(rest, s))?;
            Some((spelling.len(), *to))
        });
        let taken = match found {
            Some((len, to)) => {
                out.push_str(to);
                len
            }
            None => {
                out.push(c);
                c.len_utf8()
            }
        };
        after_word = rest[..taken].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '-');
        rest = &rest[taken..];
    }
    out
}

/// Whether `text` begins with the colour `name`, standing alone (not the start of a longer
/// word or number).
fn is_colour_at(text: &str, name: &str) -> bool {
    text.get(..name.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(name))
        && !text[name.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn white_and_black_are_swapped_for_the_second_player() {
        let svg = r##"<path fill="#FFF" stroke="black" style="fill:#ffffff;stroke:#000"/>"##;
        let second = Colours::of(Side::Black, None);
        assert_eq!(
            recoloured(svg, &second),
            r##"<path fill="#000000" stroke="#ffffff" style="fill:#000000;stroke:#ffffff"/>"##
        );
    }

    #[test]
    fn other_colours_and_longer_words_stay() {
        let svg = r##"<path fill="#fff000" stroke="whitesmoke" id="offwhite" d="#0000ff"/>"##;
        assert_eq!(recoloured(svg, &Colours::of(Side::Black, None)), svg);
    }

    #[test]
    fn a_variant_palette_paints_the_body() {
        let palette = ["#f2c94c".to_string(), "#9b1c1c".to_string()];
        let svg = r#"<circle fill="white" stroke="black"/>"#;
        assert_eq!(
            recoloured(svg, &Colours::of(Side::White, Some(&palette))),
            r##"<circle fill="#f2c94c" stroke="#000000"/>"##
        );
    }
}
