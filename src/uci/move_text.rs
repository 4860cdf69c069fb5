//! Turns as the protocol writes them. Orthodox chess uses standard UCI move text both ways
//! (`e2e4`, castling as the King's move `e1g1`, promotion `e7e8q`), so any chess GUI works;
//! every other variant uses Oddboard's canonical move text (NOTATION.md), which has no spaces,
//! so each turn is one word of a `position … moves` line or of `bestmove`, but for a drop,
//! whose piece letter is written in upper case for either player (`N@e5`), as chess GUIs
//! write drops.

use super::ORTHODOX;
use crate::rules::{Position, RulesExt, Turn, Variant};

/// `turn` as the protocol writes it in `variant`.
pub fn write(variant: &Variant, turn: &Turn) -> String {
    let canonical = variant.turn_text(turn);
    if variant.id() == ORTHODOX {
        canonical.replace('=', "").to_ascii_lowercase()
    } else if turn.is_drop() {
        drop_in_upper_case(&canonical)
    } else {
        canonical
    }
}

/// The legal turn of `pos` that `text` writes, read strictly; an error saying why otherwise.
/// A drop of the second player is also read with its piece's letter in upper case (`N@e5`),
/// as chess GUIs write every drop.
pub fn read(variant: &Variant, pos: &Position, text: &str) -> Result<Turn, String> {
    if variant.id() != ORTHODOX {
        return variant.parse_turn(pos, text).or_else(|error| {
            let lowered = drop_in_lower_case(text).ok_or_else(|| error.to_string())?;
            variant
                .parse_turn(pos, &lowered)
                .map_err(|_| error.to_string())
        });
    }
    variant
        .legal_turns(pos)
        .into_iter()
        .find(|turn| write(variant, turn) == text)
        .ok_or_else(|| {
            format!("'{text}': not a legal move here in UCI move text (e2e4, e1g1, e7e8q)")
        })
}

/// `text`, a drop in canonical text (`n@e5`), with its piece's letter in upper case.
fn drop_in_upper_case(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |letter| {
        format!("{}{}", letter.to_ascii_uppercase(), chars.as_str())
    })
}

/// `text`, a drop written with an upper-case letter (`N@e5`), with its letter in lower case;
/// `None` for any other text.
fn drop_in_lower_case(text: &str) -> Option<String> {
    let mut chars = text.chars();
    let letter = chars.next().filter(char::is_ascii_uppercase)?;
    let rest = chars.as_str();
    rest.starts_with('@')
        .then(|| format!("{}{rest}", letter.to_ascii_lowercase()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess() -> Variant {
        Variant::load("chess", &[]).expect("chess loads")
    }

    #[test]
    fn chess_promotions_are_written_without_the_equals_sign_and_in_lower_case() {
        let variant = chess();
        let pos = variant
            .parse_fen("r3k2r/1P6/8/3pP3/8/8/6p1/R3K2R b KQkq - 0 30")
            .expect("a FEN");
        let turn = read(&variant, &pos, "g2h1q").expect("a promotion taking the Rook");
        assert_eq!(variant.turn_text(&turn), "g2h1=q");
        assert_eq!(write(&variant, &turn), "g2h1q");
        assert!(read(&variant, &pos, "g2h1=q").is_err());
        assert!(read(&variant, &pos, "g2h1").is_err());
    }

    #[test]
    fn chess_castling_is_the_kings_move() {
        let variant = chess();
        let pos = variant
            .parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
            .expect("a FEN");
        let turn = read(&variant, &pos, "e1c1").expect("castling long");
        assert_eq!(write(&variant, &turn), "e1c1");
        assert!(read(&variant, &pos, "e1a1").is_err());
    }

    #[test]
    fn other_variants_read_and_write_canonical_text() {
        let variant = Variant::load("amoeba", &[]).expect("amoeba loads");
        let turn = read(&variant, variant.start(), "b2b3,~a3a2").expect("a slide");
        assert_eq!(write(&variant, &turn), "b2b3,~a3a2");
    }

    #[test]
    fn a_second_players_drop_is_read_in_either_case_and_written_in_upper_case() {
        let path = format!("{}/variants/crazyhouse.ron", env!("CARGO_MANIFEST_DIR"));
        let variant = Variant::load(&path, &[]).expect("crazyhouse loads");
        let pos = variant
            .parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - n - 0 1")
            .expect("a FEN");
        let turn = read(&variant, &pos, "N@e5").expect("a drop in upper case");
        assert_eq!(variant.turn_text(&turn), "n@e5");
        assert_eq!(write(&variant, &turn), "N@e5");
        assert_eq!(read(&variant, &pos, "n@e5"), Ok(turn));
        assert!(read(&variant, &pos, "Q@e5").is_err(), "no Queen in hand");
    }
}
