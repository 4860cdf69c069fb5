//! Who gives check and which Kings stand in it, asked of each variant's own
//! [`Rules::in_check`](super::rules::Rules::in_check) rather than worked out again: the
//! variants judge check in ways too different to share attack logic (Amphora's interception
//! and telekinesis, Fanorona's approach and withdrawal, Pawns-to-Kings' many Kings).
//!
//! An enemy piece is taken out of the question by *neutralising* it: a piece that is not a King
//! becomes the same kind of piece of the checked side, so it still stands in every line it stood
//! in but no longer attacks; a King is lifted off the board, as a King handed to the checked side
//! would be one more royal piece of it and change what check means.

use super::position::Position;
use super::types::{Kind, LocSet, Piece};
use super::variant::Variant;

impl Variant {
    /// The enemy pieces giving check to the side to move; empty when it is not in check.
    ///
    /// A piece other than a King is a checker if neutralising it ends the check (so both ends
    /// of an Amphora interception are). Where no single piece is needed (double check), a piece
    /// is a checker if it alone gives check, every other enemy piece but the Kings neutralised.
    /// Only when neither finds a piece are the Kings asked: the answer is then a set of enemy
    /// pieces that gives check on its own and keeps none it could do without, Kings left out
    /// first (a King's check, or a check only some pieces give together).
    pub fn checkers(&self, pos: &Position) -> LocSet {
        if !self.in_check(pos) {
            return LocSet::EMPTY;
        }
        let enemy = pos.side.opponent();
        let kings = pos.board.kings_of(enemy);
        let others = pos.board.occupied_by(enemy) & !kings;
        let checks_without = |set: LocSet| self.in_check(&neutralised(pos, set));
        let needed: LocSet = others
            .iter()
            .filter(|at| !checks_without(at.bit()))
            .collect();
        if !needed.is_empty() {
            return needed;
        }
        let alone: LocSet = others
            .iter()
            .filter(|at| checks_without(others.without(*at)))
            .collect();
        if !alone.is_empty() {
            return alone;
        }
        let all = kings | others;
        // Leave out each piece in turn, Kings first, unless the check needs it.
        kings.iter().chain(others.iter()).fold(all, |kept, at| {
            let fewer = kept.without(at);
            if checks_without(all & !fewer) {
                fewer
            } else {
                kept
            }
        })
    }

    /// The Kings of the side to move that stand in check: each that is in check with the
    /// side's other Kings lifted off the board. Empty when the side is not in check.
    pub fn checked_kings(&self, pos: &Position) -> LocSet {
        if !self.in_check(pos) {
            return LocSet::EMPTY;
        }
        let kings = pos.board.kings_of(pos.side);
        if kings.len() == 1 {
            return kings;
        }
        kings
            .iter()
            .filter(|at| self.in_check(&neutralised(pos, kings.without(*at))))
            .collect()
    }
}

/// `pos` with the pieces on `set` neutralised (see the module's doc): each piece that is not a
/// King turned into the same kind of piece of the side to move, each King lifted off.
fn neutralised(pos: &Position, set: LocSet) -> Position {
    let mut changed = *pos;
    for at in set {
        match pos.board.piece(at) {
            Some(piece) if piece.kind == Kind::King => changed.board.clear(at),
            Some(piece) => changed.board.put(at, Piece::new(piece.kind, pos.side)),
            None => {}
        }
    }
    changed
}
