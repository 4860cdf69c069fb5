//! The lettered token: a disc in the side's colour with the piece's letter on it, for a piece
//! whose variant file asks for no drawing (or whose drawing cannot be read). The letters are
//! strokes of a small font of the game's own, since the drawings are rasterised without text.

/// The lettered token of `letter` as SVG: a disc filled `body`, ringed and lettered `ink`.
pub fn lettered(letter: char, body: &str, ink: &str) -> String {
    format!(
        concat!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">"#,
            r#"<circle cx="50" cy="50" r="43" fill="{body}" stroke="{ink}" stroke-width="4"/>"#,
            r#"<path d="{strokes}" transform="translate(34 26) scale(8)" fill="none" stroke="{ink}" "#,
            r#"stroke-width="0.85" stroke-linecap="round" stroke-linejoin="round"/></svg>"#
        ),
        body = body,
        ink = ink,
        strokes = strokes(letter)
    )
}

/// The strokes of `letter` (either case) as SVG path data in a box 4 wide and 6 high, y
/// downwards; a question mark for a character the font lacks.
fn strokes(letter: char) -> &'static str {
    match letter.to_ascii_uppercase() {
        'A' => "M0 6L2 0L4 6M0.7 4H3.3",
        'B' => "M0 6V0H3L4 1V2L3 3H0M3 3L4 4V5L3 6H0",
        'C' => "M4 1L3 0H1L0 1V5L1 6H3L4 5",
        'D' => "M0 0V6H2.5L4 4.5V1.5L2.5 0Z",
        'E' => "M4 0H0V6H4M0 3H3",
        'F' => "M4 0H0V6M0 3H3",
        'G' => "M4 1L3 0H1L0 1V5L1 6H3L4 5V3H2",
        'H' => "M0 0V6M4 0V6M0 3H4",
        'I' => "M1 0H3M2 0V6M1 6H3",
        'J' => "M1 0H4M3 0V5L2 6H1L0 5",
        'K' => "M0 0V6M4 0L0 4M1.4 2.6L4 6",
        'L' => "M0 0V6H4",
        'M' => "M0 6V0L2 3L4 0V6",
        'N' => "M0 6V0L4 6V0",
        'O' => "M1 0H3L4 1V5L3 6H1L0 5V1Z",
        'P' => "M0 6V0H3L4 1V2L3 3H0",
        'Q' => "M1 0H3L4 1V5L3 6H1L0 5V1ZM2.5 4.5L4 6",
        'R' => "M0 6V0H3L4 1V2L3 3H0M2 3L4 6",
        'S' => "M4 1L3 0H1L0 1V2L1 3H3L4 4V5L3 6H1L0 5",
        'T' => "M0 0H4M2 0V6",
        'U' => "M0 0V5L1 6H3L4 5V0",
        'V' => "M0 0L2 6L4 0",
        'W' => "M0 0L1 6L2 3L3 6L4 0",
        'X' => "M0 0L4 6M4 0L0 6",
        'Y' => "M0 0L2 3L4 0M2 3V6",
        'Z' => "M0 0H4L0 6H4",
        '0' => "M1 0H3L4 1V5L3 6H1L0 5V1ZM4 1L0 5",
        '1' => "M1 1L2 0V6M1 6H3",
        '2' => "M0 1L1 0H3L4 1V2L0 6H4",
        '3' => "M0 1L1 0H3L4 1V2L3 3H1.5M3 3L4 4V5L3 6H1L0 5",
        '4' => "M3 6V0L0 4H4",
        '5' => "M4 0H0V3H3L4 4V5L3 6H0",
        '6' => "M4 1L3 0H1L0 1V5L1 6H3L4 5V4L3 3H0",
        '7' => "M0 0H4L1.5 6",
        '8' => "M1 0H3L4 1V2L3 3H1L0 4V5L1 6H3L4 5V4L3 3H1L0 2V1Z",
        '9' => "M0 5L1 6H3L4 5V1L3 0H1L0 1V2L1 3H4",
        _ => "M0 1L1 0H3L4 1V2L2 3.5V4.5M2 5.9V6",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::art::pieces::rasterise;

    /// The dark pixels of `letter`'s token, 48 pixels wide, light on dark.
    fn ink(letter: char) -> Vec<bool> {
        let image = rasterise(&lettered(letter, "#ffffff", "#000000"), 48);
        image
            .data
            .unwrap_or_default()
            .chunks_exact(4)
            .map(|p| p[3] > 128 && p[0] < 100)
            .collect()
    }

    /// Every letter of the font draws, and no two letters, nor a letter and the question mark
    /// drawn for a character the font lacks, look alike at 48 pixels.
    #[test]
    fn letters_are_told_apart() {
        let letters: Vec<(char, Vec<bool>)> =
            ('A'..='Z').chain([' ']).map(|c| (c, ink(c))).collect();
        for (i, (a, ink_a)) in letters.iter().enumerate() {
            for (b, ink_b) in &letters[i + 1..] {
                let differing = ink_a.iter().zip(ink_b).filter(|(x, y)| x != y).count();
                assert!(differing > 20, "{a} and {b:?} differ in {differing} pixels");
            }
        }
    }

    /// A letter is drawn the same in either case.
    #[test]
    fn lower_case_is_drawn_as_upper_case() {
        assert_eq!(ink('n'), ink('N'));
    }
}
