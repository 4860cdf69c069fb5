//! Fanorona Chess and Double Fanorona Chess: chess pieces on an Alquerque board, capturing by
//! approach and withdrawal instead of by replacement.

mod judge;
mod legality;
mod moves;

use crate::bits::bit_instructions;
use crate::data::{Options, VariantData};
use crate::editing::{StateControl, StateKey};
use crate::error::Error;
use crate::event::{Capture, Event, Recorder};
use crate::fen;
use crate::geometry::Lines;
use crate::movement::{KNIGHT_PATHS, PathTable};
use crate::outcome::{Outcome, Reason};
use crate::position::{Position, Reserve, RuleState};
use crate::rules::{Apply, Basics, Play as _, Rules, RulesExt};
use crate::screen_helpers::ScreenHelpers;
use crate::search_hints::SearchHints;
use crate::turn::{Removal, Turn};
use crate::types::{Dir, Kind, Loc, Piece, Side};
use crate::validate::waiting_side_not_in_check;
use legality::Tested;
use moves::Wanted;

/// The kinds of piece these rules know: the data gives each its letter, name and art. The
/// Chancellor only plays where the data has one (Double Fanorona Chess).
const KINDS: [Kind; 7] = [
    Kind::King,
    Kind::Queen,
    Kind::Chancellor,
    Kind::Rook,
    Kind::Bishop,
    Kind::Knight,
    Kind::Pawn,
];

/// Fanorona Chess or Double Fanorona Chess, as the data says.
pub struct Fanorona {
    basics: Basics,
    /// Whether Pawns may step two points from their first rank (the data's
    /// `pawn_double_step`).
    double_step: bool,
    /// Where each side's King starts: its leap right is only valid there.
    king_homes: [Option<Loc>; 2],
    /// How many of each piece each side has at the start: the most it can ever own.
    setup: Reserve,
    /// The Knight's (and leaping King's) paths from each point.
    knight_paths: PathTable,
}

impl Fanorona {
    /// Whether `side`'s King stands on its starting point in `pos`, where a leap right needs it.
    fn leap_possible(&self, pos: &Position, side: Side) -> bool {
        pos.board.king_of(side) == self.king_homes[side.index()]
    }

    /// The variant of `data` (Fanorona Chess or Double Fanorona Chess); a start position that
    /// cannot be read is an [`Error::Data`].
    pub fn new(data: VariantData, options: Options) -> Result<Fanorona, Error> {
        let kinds: Vec<Kind> = KINDS
            .into_iter()
            .filter(|kind| *kind != Kind::Chancellor || data.piece(*kind).is_some())
            .collect();
        let double_step = data.pawn_double_step;
        let basics = Basics::new(data, options, Lines::Alquerque, &kinds, &[])?;
        let fen = basics.data.start_fen(&basics.options);
        let start_board = fen::read_board(
            fen.split(' ').next().unwrap_or_default(),
            &basics.geometry,
            &basics.letters,
            fen::Holes::None,
        )
        .map_err(|e| Error::Data {
            place: format!("rules/data/{}.ron: start", basics.data.id),
            why: e.to_string(),
        })?;
        let mut setup = Reserve::default();
        for (_, piece) in start_board.pieces() {
            setup.add(piece);
        }
        let king_homes = Side::BOTH.map(|side| start_board.king_of(side));
        let knight_paths = PathTable::new(&basics.geometry, &KNIGHT_PATHS);
        Ok(Fanorona {
            basics,
            knight_paths,
            double_step,
            king_homes,
            setup,
        })
    }

    /// The points a move passes, start and destination included: straight for steps and slides,
    /// through the one intermediate point for a Knight's (or leaping King's) path.
    fn path(&self, from: Loc, to: Loc) -> Vec<Loc> {
        for dir in Dir::ALL {
            let mut path = vec![from];
            for at in self.basics.geometry.ray(from, dir) {
                path.push(at);
                if at == to {
                    return path;
                }
            }
        }
        self.knight_paths
            .from(from)
            .iter()
            .find(|(_, _, end)| *end == to)
            .map_or_else(|| vec![from, to], |(_, via, _)| vec![from, *via, to])
    }

    fn read_reserve(&self, field: &str) -> Result<Reserve, Error> {
        let mut reserve = Reserve::default();
        if field == "-" {
            return Ok(reserve);
        }
        for c in field.chars() {
            let piece = self
                .basics
                .letters
                .piece(c)
                .filter(|p| !matches!(p.kind, Kind::Pawn | Kind::King))
                .ok_or_else(|| Error::fen(field, format!("'{c}' cannot be a captured piece")))?;
            reserve.add(piece);
        }
        Ok(reserve)
    }

    fn reserve_text(&self, reserve: &Reserve) -> String {
        let mut letters: Vec<char> = Vec::new();
        for side in Side::BOTH {
            for kind in reserve.kinds_of(side) {
                let piece = Piece::new(kind, side);
                for _ in 0..reserve.count(piece) {
                    letters.push(self.basics.letters.letter(piece));
                }
            }
        }
        letters.sort_unstable();
        if letters.is_empty() {
            "-".into()
        } else {
            letters.into_iter().collect()
        }
    }
}

fn leap_text(rights: u8) -> &'static str {
    match rights & 3 {
        0 => "-",
        1 => "K",
        2 => "k",
        _ => "Kk",
    }
}

impl Apply for Fanorona {
    fn apply(&self, pos: &Position, turn: &Turn, rec: &mut impl Recorder) -> Position {
        let mut next = *pos;
        let Some(piece) = pos.board.piece(turn.from) else {
            return next;
        };
        rec.record(|| Event::Moved {
            piece,
            path: self.path(turn.from, turn.to),
        });
        next.board.move_piece(turn.from, turn.to);
        let mut reset_clock = piece.kind == Kind::Pawn;
        if let Some(Removal::At(at)) = turn.removal
            && let Some(victim) = pos.board.piece(at)
        {
            let adjacent = Dir::ALL
                .iter()
                .any(|d| self.basics.geometry.neighbour(turn.to, *d) == Some(at));
            rec.record(|| Event::Captured {
                piece: victim,
                at,
                how: if adjacent {
                    Capture::Approach
                } else {
                    Capture::Withdrawal
                },
            });
            if !matches!(victim.kind, Kind::Pawn | Kind::King) {
                next.state.reserve.add(victim);
            }
            next.board.clear(at);
            reset_clock = true;
        }
        if let Some(promoted) = turn.promotion {
            rec.record(|| Event::Promoted {
                at: turn.to,
                from: piece,
                to: promoted,
            });
            next.board.put(turn.to, promoted);
            next.state.reserve.take(promoted);
        }
        if piece.kind == Kind::King {
            next.state.leap_rights &= !(1 << pos.side.index());
        }
        next.end_turn(reset_clock)
    }
}

impl Rules for Fanorona {
    fn basics(&self) -> &Basics {
        &self.basics
    }

    fn push_legal_turns(&self, pos: &Position, out: &mut Vec<Turn>) {
        self.for_each_legal(pos, (Wanted::All, Tested::Fully), |play| {
            out.push(play.turn());
        });
    }

    fn in_check(&self, pos: &Position) -> bool {
        self.king_capturable(&pos.board, &pos.state.reserve, pos.side)
    }

    fn own_outcome(&self, pos: &Position, _last: Option<&Turn>) -> Option<Outcome> {
        self.checkmate_or(pos, || Outcome::win(pos.side.opponent(), Reason::Stalemate))
    }

    fn validate(&self, pos: &Position) -> Result<(), Error> {
        self.basics.one_king_each(&pos.board)?;
        let data = &self.basics.data;
        for side in Side::BOTH {
            let right = pos.state.leap_rights & (1 << side.index()) != 0;
            if right && !self.leap_possible(pos, side) {
                return Err(Error::fen(
                    leap_text(pos.state.leap_rights),
                    "a leap right needs its King on its starting point",
                )
                .advising(format!(
                    "{}'s King has left its starting point, so it cannot leap.",
                    data.side_name(side)
                )));
            }
            for kind in Kind::ALL {
                let piece = Piece::new(kind, side);
                let owned = pos.board.count(piece) + usize::from(pos.state.reserve.count(piece));
                if owned > usize::from(self.setup.count(piece)) {
                    return Err(Error::fen(
                        self.basics.letters.letter(piece).to_string(),
                        "more of this piece than the setup has",
                    )
                    .advising(format!(
                        "There are more of the {} (on the board and lost) than the game \
                         starts with: take one off.",
                        data.piece_words(piece)
                    )));
                }
            }
        }
        self.basics.no_pawn_on_end_ranks(&pos.board)?;
        waiting_side_not_in_check(self, pos)
    }

    fn state_field_count(&self) -> usize {
        2
    }

    fn read_state(&self, _side: Side, fields: &[&str]) -> Result<RuleState, Error> {
        let [leap, captured] = fen::exactly(fields)?;
        let leap_rights = match leap {
            "-" => 0,
            "K" => 1,
            "k" => 2,
            "Kk" => 3,
            other => return Err(Error::fen(other, "leap rights must be one of - K k Kk")),
        };
        Ok(RuleState {
            leap_rights,
            reserve: self.read_reserve(captured)?,
            ..RuleState::default()
        })
    }

    fn write_state(&self, pos: &Position, out: &mut String) {
        out.push_str(&format!(
            " {} {}",
            leap_text(pos.state.leap_rights),
            self.reserve_text(&pos.state.reserve),
        ));
    }
}

impl SearchHints for Fanorona {
    /// Every turn, with the full test of the King's safety left for the turns the search
    /// reaches: it plays few of the turns it lists.
    fn candidate_turns_into(&self, pos: &Position, out: &mut Vec<Turn>) {
        out.clear();
        self.for_each_legal(pos, (Wanted::All, Tested::Cheaply), |play| {
            out.push(play.turn());
        });
    }

    fn candidates_are_legal(&self) -> bool {
        false
    }

    fn play_candidate(&self, pos: &Position, turn: &Turn) -> Option<Position> {
        let after = self.play_unchecked(pos, turn);
        (!self.king_capturable(&after.board, &after.state.reserve, pos.side)).then_some(after)
    }

    fn count_turns(&self, pos: &Position, _scratch: &mut Vec<Turn>) -> u64 {
        let mut count = 0;
        self.for_each_legal(pos, (Wanted::All, Tested::Fully), |_| count += 1);
        count
    }

    /// The turns that take a piece (by approach or withdrawal) or promote a Pawn; a quiet move
    /// is passed over before its captures are worked out or its legality is tested.
    fn noisy_turns_into(&self, pos: &Position, out: &mut Vec<Turn>) -> bool {
        out.clear();
        self.for_each_legal(pos, (Wanted::Noisy, Tested::Cheaply), |play| {
            out.push(play.turn());
        });
        true
    }

    /// Pawns forward, pieces to the middle, and threats: an enemy piece in line beyond an empty
    /// point a piece could step to (approach), or right behind a piece that could step away
    /// from it (withdrawal).
    fn positional(&self, pos: &Position) -> i32 {
        bit_instructions!(self.placement_and_threats(&pos.board))
    }
}

impl ScreenHelpers for Fanorona {
    fn counters(&self, pos: &Position) -> Vec<(String, String)> {
        Side::BOTH
            .iter()
            .map(|side| {
                let names: Vec<&str> = pos
                    .state
                    .reserve
                    .kinds_of(*side)
                    .flat_map(|kind| {
                        let piece = Piece::new(kind, *side);
                        let name = self
                            .basics
                            .data
                            .piece(kind)
                            .map_or("?", |p| p.name.as_str());
                        std::iter::repeat_n(name, usize::from(pos.state.reserve.count(piece)))
                    })
                    .collect();
                let value = if names.is_empty() {
                    "none".to_string()
                } else {
                    names.join(", ")
                };
                (
                    format!("{} can promote to", self.basics.data.side_name(*side)),
                    value,
                )
            })
            .collect()
    }

    fn state_controls(&self, pos: &Position) -> Vec<StateControl> {
        let data = &self.basics.data;
        let mut controls = Vec::new();
        for side in Side::BOTH {
            let name = data.side_name(side);
            controls.push(StateControl::flag(
                StateKey::LeapRight(side),
                format!("{name}'s King may still leap"),
                self.leap_possible(pos, side),
            ));
            for kind in self.setup.kinds_of(side) {
                let piece = Piece::new(kind, side);
                if matches!(kind, Kind::Pawn | Kind::King) {
                    continue;
                }
                let on_board = u32::try_from(pos.board.count(piece)).unwrap_or(u32::MAX);
                let lost = u32::from(self.setup.count(piece)).saturating_sub(on_board);
                let name = data.piece_words(piece);
                controls.push(StateControl::count(
                    StateKey::Reserve(piece),
                    format!("{name}s lost (to come back by promotion)"),
                    0,
                    lost,
                ));
            }
        }
        controls
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::SplitMix64;
    use crate::variant::Variant;

    /// The quiescence search's turns, less those found illegal when the search comes to them,
    /// are exactly the legal turns that take a piece or promote a Pawn, though quiet moves are
    /// passed over before their captures are worked out. In the positions of random games of
    /// both boards.
    #[test]
    fn noisy_turns_are_the_legal_captures_and_promotions() {
        let mut random = SplitMix64::new(0x0015_e0a1);
        let mut captures = 0;
        for id in ["fanorona-chess", "double-fanorona-chess"] {
            let variant = Variant::load(id, &[]).expect("the variant loads");
            for _ in 0..12 {
                let mut pos = *variant.start();
                for _ in 0..150 {
                    let listed = variant.legal_turns(&pos);
                    let wanted: Vec<Turn> = listed
                        .iter()
                        .filter(|t| t.removal.is_some() || t.promotion.is_some())
                        .copied()
                        .collect();
                    let mut noisy = Vec::new();
                    variant.noisy_turns_into(&pos, &mut noisy);
                    noisy.retain(|t| variant.play_candidate(&pos, t).is_some());
                    assert_eq!(noisy, wanted, "{}", variant.fen(&pos));
                    captures += noisy.len();
                    if listed.is_empty() {
                        break;
                    }
                    pos = variant.play_unchecked(&pos, &listed[random.below(listed.len())]);
                }
            }
        }
        assert!(captures > 1_000, "only {captures} captures seen");
    }
}
