//! What the screens ask of a variant file beyond its rules: the position editor's controls for
//! the file's FEN fields (castling rights, unmoved royal pieces, pieces in reserve, counts, the
//! right to place) and the counters the game's panel shows (what each side holds, its count).

use super::compile::Lang;
use super::schema::StateField;
use crate::editing::{StateControl, StateKey, clamp_controls};
use crate::position::Position;
use crate::rules::Rules;
use crate::screen_helpers::ScreenHelpers;
use crate::types::{Piece, Side};

/// The most of one piece the editor puts in reserve where the file sets no `at_most`.
const MOST_HELD: u32 = 16;

impl ScreenHelpers for Lang {
    fn state_controls(&self, pos: &Position) -> Vec<StateControl> {
        let data = &self.basics.data;
        let mut controls = Vec::new();
        for field in &self.state {
            match field {
                StateField::Castling => {
                    for castle in &self.castling {
                        for side in Side::BOTH {
                            let (_, to, _, _) = castle.squares[side.index()];
                            controls.push(StateControl::flag(
                                StateKey::Castling(castle.bits[side.index()]),
                                format!("{} may castle to {to}", data.side_name(side)),
                                self.castle_at_home(pos, castle, side),
                            ));
                        }
                    }
                }
                StateField::Unmoved => {
                    for side in Side::BOTH {
                        let mut unmoved = *pos;
                        unmoved.state.leap_rights = 1 << side.index();
                        controls.push(StateControl::flag(
                            StateKey::LeapRight(side),
                            format!("{}'s royal piece has not moved", data.side_name(side)),
                            self.check_unmoved(&unmoved).is_ok(),
                        ));
                    }
                }
                StateField::Reserve => controls.extend(self.reserve_controls(pos)),
                StateField::Counts => {
                    let most = self.limit.map_or(0, |(_, most)| u32::from(most));
                    for side in Side::BOTH {
                        controls.push(StateControl::count(
                            StateKey::Sideways(side),
                            format!("{}'s counted moves in a row", data.side_name(side)),
                            0,
                            most,
                        ));
                    }
                }
                StateField::EnPassant | StateField::Promoted | StateField::LastSlide => {}
            }
        }
        controls
    }

    fn settle(&self, pos: &mut Position) {
        clamp_controls(self, pos);
        self.settle_promoted(pos);
        let mut without = *pos;
        without.state.en_passant = None;
        if pos.state.en_passant.is_some()
            && self.validate(pos).is_err()
            && self.validate(&without).is_ok()
        {
            *pos = without;
        }
    }

    fn counters(&self, pos: &Position) -> Vec<(String, String)> {
        let data = &self.basics.data;
        let mut counters = Vec::new();
        if self.state.contains(&StateField::Reserve) {
            for side in Side::BOTH {
                counters.push((
                    format!("{} holds", data.side_name(side)),
                    self.holding_in_words(pos, side),
                ));
            }
        }
        if let Some((_, most)) = self.limit {
            for side in Side::BOTH {
                counters.push((
                    format!("{}'s counted moves in a row", data.side_name(side)),
                    format!("{} of {most}", pos.state.sideways[side.index()]),
                ));
            }
        }
        if let Some(placement) = &self.placement
            && pos.state.placement_right
        {
            counters.push((
                format!("{} may place", data.side_name(pos.side)),
                data.piece_name(placement.kind).to_string(),
            ));
        }
        counters
    }

    fn reserve_piece(&self, side: Side) -> Option<Piece> {
        self.placement
            .as_ref()
            .map(|placement| Piece::new(placement.kind, side))
    }
}

impl Lang {
    /// The editor's count of each piece either side may hold in reserve, up to the piece's
    /// `at_most` less those of it on the board; with the right to place, where the file has one.
    fn reserve_controls(&self, pos: &Position) -> Vec<StateControl> {
        let data = &self.basics.data;
        let mut controls = Vec::new();
        for side in Side::BOTH {
            for &kind in self.kinds.iter().filter(|&&kind| self.reservable(kind)) {
                let piece = Piece::new(kind, side);
                let most = self.piece(kind).at_most.map_or(MOST_HELD, |most| {
                    u32::from(most)
                        .saturating_sub(u32::try_from(pos.board.count(piece)).unwrap_or(u32::MAX))
                });
                controls.push(StateControl::count(
                    StateKey::Reserve(piece),
                    format!(
                        "{}'s {} in reserve",
                        data.side_name(side),
                        data.piece_name(kind)
                    ),
                    0,
                    most,
                ));
            }
        }
        if let Some(placement) = &self.placement {
            let held = pos
                .state
                .reserve
                .count(Piece::new(placement.kind, pos.side));
            controls.push(StateControl::flag(
                StateKey::PlacementRight,
                format!(
                    "{} may place the {} this turn",
                    data.side_name(pos.side),
                    data.piece_name(placement.kind)
                ),
                held > 0,
            ));
        }
        controls
    }

    /// What `side` holds in reserve, in words: "2 Pawn, Knight", or "nothing".
    fn holding_in_words(&self, pos: &Position, side: Side) -> String {
        let data = &self.basics.data;
        let held: Vec<String> = pos
            .state
            .reserve
            .kinds_of(side)
            .map(
                |kind| match pos.state.reserve.count(Piece::new(kind, side)) {
                    1 => data.piece_name(kind).to_string(),
                    n => format!("{n} × {}", data.piece_name(kind)),
                },
            )
            .collect();
        if held.is_empty() {
            "nothing".to_string()
        } else {
            held.join(", ")
        }
    }
}
