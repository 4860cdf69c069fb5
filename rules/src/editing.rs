//! What a player sets by hand of a position's rule state in the position editor: each variant
//! lists its controls (castling rights, pieces in hand, counts, …) with the values the pieces
//! on the board allow, and a position is settled by bringing every value back within them, so
//! an edit of the board never leaves a right the pieces no longer allow.

use super::position::{Castling, Position};
use super::screen_helpers::ScreenHelpers;
use super::types::{Piece, Side};

/// One part of a position's rule state, as the editor sets it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum StateKey {
    /// An orthodox castling right (one of the [`Castling`] bits).
    Castling(u8),
    /// Fanorona: the side's King may still leap.
    LeapRight(Side),
    /// How many of a piece are held off the board (Fanorona's lost pieces, Amphora's Guard).
    Reserve(Piece),
    /// Amphora: the side to move may place its Guard this turn.
    PlacementRight,
    /// Amphora: the side's count of consecutive sideways moves.
    Sideways(Side),
    /// The number of the full move in progress (American Chess's turn limit counts it).
    MoveNumber,
}

/// A control of the editor's: what it sets, its label in a player's words and the values the
/// position's pieces allow (`min..=max`; a right the pieces rule out has `max` 0).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StateControl {
    /// What the control sets.
    pub key: StateKey,
    /// The control's label ("White may castle king-side").
    pub label: String,
    /// Whether it is a yes-or-no right (a checkbox) rather than a count.
    pub flag: bool,
    /// The least value allowed.
    pub min: u32,
    /// The greatest value the pieces allow now.
    pub max: u32,
}

impl StateControl {
    /// A yes-or-no right, allowed when `possible`.
    pub fn flag(key: StateKey, label: impl Into<String>, possible: bool) -> StateControl {
        StateControl {
            key,
            label: label.into(),
            flag: true,
            min: 0,
            max: u32::from(possible),
        }
    }

    /// A count from `min` to `max`.
    pub fn count(key: StateKey, label: impl Into<String>, min: u32, max: u32) -> StateControl {
        StateControl {
            key,
            label: label.into(),
            flag: false,
            min,
            max,
        }
    }
}

impl Position {
    /// The value of one part of the rule state (a right is 0 or 1).
    pub fn state_value(&self, key: StateKey) -> u32 {
        let state = &self.state;
        match key {
            StateKey::Castling(bit) => u32::from(state.castling.has(bit)),
            StateKey::LeapRight(side) => u32::from(state.leap_rights & side_bit(side) != 0),
            StateKey::Reserve(piece) => u32::from(state.reserve.count(piece)),
            StateKey::PlacementRight => u32::from(state.placement_right),
            StateKey::Sideways(side) => u32::from(state.sideways[side.index()]),
            StateKey::MoveNumber => self.fullmove,
        }
    }

    /// Sets one part of the rule state (a right is held for any value above 0).
    pub fn set_state_value(&mut self, key: StateKey, value: u32) {
        let state = &mut self.state;
        let small = u8::try_from(value).unwrap_or(u8::MAX);
        match key {
            StateKey::Castling(bit) => {
                state.castling = Castling(with_bit(state.castling.0, bit, value > 0));
            }
            StateKey::LeapRight(side) => {
                state.leap_rights = with_bit(state.leap_rights, side_bit(side), value > 0);
            }
            StateKey::Reserve(piece) => {
                while state.reserve.take(piece) {}
                for _ in 0..small {
                    state.reserve.add(piece);
                }
            }
            StateKey::PlacementRight => state.placement_right = value > 0,
            StateKey::Sideways(side) => state.sideways[side.index()] = small,
            StateKey::MoveNumber => self.fullmove = value,
        }
    }
}

/// Brings every control's value in `pos` within what the position allows: the rights and
/// counts its pieces rule out are dropped, and so are those that hang on a dropped one (a
/// Guard's placement right on the Guard in hand). The variants' [`ScreenHelpers::settle`] start with
/// this.
pub fn clamp_controls(rules: &(impl ScreenHelpers + ?Sized), pos: &mut Position) {
    loop {
        let out_of_bounds = rules.state_controls(pos).into_iter().find_map(|control| {
            let value = pos.state_value(control.key);
            let clamped = value.clamp(control.min, control.max.max(control.min));
            (clamped != value).then_some((control.key, clamped))
        });
        match out_of_bounds {
            Some((key, clamped)) => pos.set_state_value(key, clamped),
            None => return,
        }
    }
}

fn side_bit(side: Side) -> u8 {
    1 << side.index()
}

fn with_bit(bits: u8, bit: u8, on: bool) -> u8 {
    if on { bits | bit } else { bits & !bit }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Kind;

    #[test]
    fn each_key_reads_back_what_was_set() {
        let variant = crate::Variant::load("chess", &[]).expect("chess loads");
        let mut pos = *variant.start();
        let keys = [
            (StateKey::Castling(Castling::BLACK_QUEEN), 0),
            (StateKey::LeapRight(Side::Black), 1),
            (StateKey::Reserve(Piece::new(Kind::Rook, Side::White)), 2),
            (StateKey::PlacementRight, 1),
            (StateKey::Sideways(Side::White), 3),
            (StateKey::MoveNumber, 17),
        ];
        for (key, value) in keys {
            pos.set_state_value(key, value);
            assert_eq!(pos.state_value(key), value, "{key:?}");
        }
        assert!(pos.state.castling.has(Castling::WHITE_KING));
        assert!(!pos.state.castling.has(Castling::BLACK_QUEEN));
    }
}
