//! Turns as the protocol writes them. Orthodox chess uses standard UCI move text both ways
//! (`e2e4`, castling as the King's move `e1g1`, promotion `e7e8q`), so any chess GUI works;
//! every other variant uses Oddboard's canonical move text (NOTATION.md), which has no spaces,
//! so each turn is one word of a `position … moves` line or of `bestmove`.

use super::ORTHODOX;
use crate::rules::{Position, RulesExt, Turn, Variant};

/// `turn` as the protocol writes it in `variant`.
pub fn write(variant: &Variant, turn: &Turn) -> String {
    let canonical = variant.turn_text(turn);
    if variant.id() == ORTHODOX {
        canonical.replace('=', "").to_ascii_lowercase()
    } else {
        canonical
    }
}

/// The legal turn of `pos` that `text` writes, read strictly; an error saying why otherwise.
pub fn read(variant: &Variant, pos: &Position, text: &str) -> Result<Turn, String> {
    if variant.id() != ORTHODOX {
        return variant.parse_turn(pos, text).map_err(|e| e.to_string());
    }
    variant
        .legal_turns(pos)
        .into_iter()
        .find(|turn| write(variant, turn) == text)
        .ok_or_else(|| {
            format!("'{text}': not a legal move here in UCI move text (e2e4, e1g1, e7e8q)")
        })
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
}
