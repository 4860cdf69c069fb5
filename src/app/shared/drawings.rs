//! The game's piece drawings in one table: each drawing's name (what a kind's default and a
//! variant's `art` name), its SVG for each side, and the shape its piece is made as on the 3D
//! board. A new drawing is one line here and its two SVGs in `assets/pieces/`.

/// One drawing of a piece.
pub struct Drawing {
    /// Its name.
    pub name: &'static str,
    /// The first player's SVG, then the second player's.
    pub svgs: [&'static str; 2],
    /// The shape its piece is made as on the 3D board.
    pub shape: Shape,
}

/// The shape a piece's drawing is made as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// Turned on the lathe from an outline (the orthodox pieces but the Knight).
    Turned(Outline),
    /// The Knight: a turned foot and an extruded head.
    Knight,
    /// A token with this many sides and this height (hundredths of a square), the picture on
    /// top.
    Token(u8, u8),
}

/// The outline an orthodox piece is turned from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outline {
    /// The Pawn's: a ball on a collar.
    Pawn,
    /// The Rook's: a turret (its battlement is added).
    Rook,
    /// The Bishop's: a mitre and a small ball (its slit is carved).
    Bishop,
    /// The Queen's: a crown and a ball (its coronet is added).
    Queen,
    /// The King's: a crown (its cross is added).
    King,
}

macro_rules! drawings {
    ($($name:literal => $shape:expr,)*) => {
        /// Every drawing, each name once.
        pub const DRAWINGS: &[Drawing] = &[
            $(Drawing {
                name: $name,
                svgs: [
                    include_str!(concat!("../../../assets/pieces/", $name, "-w.svg")),
                    include_str!(concat!("../../../assets/pieces/", $name, "-b.svg")),
                ],
                shape: $shape,
            },)*
        ];
    };
}

// The orthodox drawings are turned (the Knight extruded); every other is a token told apart by
// its sides and height.
drawings! {
    "king" => Shape::Turned(Outline::King),
    "queen" => Shape::Turned(Outline::Queen),
    "rook" => Shape::Turned(Outline::Rook),
    "bishop" => Shape::Turned(Outline::Bishop),
    "knight" => Shape::Knight,
    "pawn" => Shape::Turned(Outline::Pawn),
    "chancellor" => Shape::Token(8, 51),
    "archbishop" => Shape::Token(6, 48),
    "guard" => Shape::Token(4, 33),
    "waffle" => Shape::Token(5, 33),
    "blacksmith" => Shape::Token(7, 36),
    "general" => Shape::Token(12, 60),
    "armor" => Shape::Token(4, 45),
    "recon" => Shape::Token(5, 36),
    "colonel" => Shape::Token(8, 45),
    "missile" => Shape::Token(3, 42),
    "artillery" => Shape::Token(6, 39),
    "soldier" => Shape::Token(24, 24),
}

/// The drawing named `name`, if the game has one.
pub fn drawing(name: &str) -> Option<&'static Drawing> {
    DRAWINGS.iter().find(|d| d.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Kind;

    /// Every kind's default drawing is one of the game's, and no two drawings share a name.
    #[test]
    fn every_kind_has_its_default_drawing() {
        for kind in Kind::ALL {
            assert!(drawing(kind.default_art()).is_some(), "{kind:?}");
        }
        for (i, one) in DRAWINGS.iter().enumerate() {
            assert!(
                DRAWINGS[i + 1..].iter().all(|other| other.name != one.name),
                "{}",
                one.name
            );
        }
    }
}
