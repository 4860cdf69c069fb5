//! Whether a square is attacked, found from the square: each capture atom of each kind the
//! attacker has is looked along backwards from the target, so a royal piece's safety costs a
//! few lookups rather than a list of the attacker's moves. Used where every capture is by
//! landing (see [`Lang::plain_captures`]).

use super::compile::Lang;
use super::moves::{oriented, unit_dir};
use super::notation::{Atom, Travel};
use super::rays::Rays;
use crate::board::{Board, Content};
use crate::position::Position;
use crate::turn::Turn;
use crate::types::{Kind, Loc, LocSet, Piece, Side};

impl Lang {
    /// Whether a piece of `by` could take on `target` by landing there (an atom that captures
    /// royal pieces only, where it is empty or holds a royal piece, wherever its piece may
    /// never stand).
    pub fn attacked(&self, board: &Board, target: Loc, by: Side) -> bool {
        let royal_there = board.piece(target).is_none_or(|p| self.piece(p.kind).royal);
        self.royal_threat_kinds().iter().any(|&kind| {
            let piece = Piece::new(kind, by);
            if board.count(piece) == 0 {
                return false;
            }
            let rule = self.piece(kind);
            let barred = rule
                .never_in
                .is_some_and(|z| self.in_zone(z, by, target, board));
            rule.atoms
                .iter()
                .zip(&rule.atom_zones)
                .zip(&rule.rays)
                .filter(|((a, _), _)| {
                    a.captures && !a.en_passant && if a.royal_only { royal_there } else { !barred }
                })
                .any(|((atom, zone), rays)| {
                    self.atom_attacks(board, target, piece, atom, rays)
                        .is_some_and(|from| zone.is_none_or(|z| self.in_zone(z, by, from, board)))
                })
        })
    }

    /// The kinds that can capture at all, in kind order.
    fn royal_threat_kinds(&self) -> &[Kind] {
        &self.capturing_kinds
    }

    /// Where a `piece` could stand to take on `target` with `atom`, if one does: along the
    /// rays the atom has for the other side (each leap turned back) from `target`, none
    /// looked along where no such piece stands on them.
    fn atom_attacks(
        &self,
        board: &Board,
        target: Loc,
        piece: Piece,
        atom: &Atom,
        rays: &Rays,
    ) -> Option<Loc> {
        let side = piece.side.opponent();
        if atom.travel != Travel::Anywhere
            && (rays.span(side, target) & board.locs_of(piece)).is_empty()
        {
            return None;
        }
        let back = rays.turned_back(side, target);
        match atom.travel {
            Travel::Anywhere => board.locs_of(piece).iter().find(|l| *l != target),
            Travel::Leap => back.iter().find_map(|ray| {
                let (&from, between) = ray.squares().split_last()?;
                (board.piece(from) == Some(piece) && between.iter().all(|l| board.is_empty(*l)))
                    .then_some(from)
            }),
            Travel::Ride => back.iter().find_map(|ray| {
                let mut screened = !atom.hop;
                for &at in ray.squares() {
                    match board.content(at) {
                        Content::Hole => return None,
                        Content::Empty => {}
                        Content::Occupied(found) if screened => {
                            return (found == piece).then_some(at);
                        }
                        Content::Occupied(_) => screened = true,
                    }
                }
                None
            }),
        }
    }
}

/// What a position's royal piece risks, found once for all the turns of a position: where it
/// stands, whether it is in check and which pieces of its side stand pinned before it. A turn
/// that moves no pinned piece and not the royal piece, and gives the opponent no piece by
/// promotion, out of no check, keeps it safe without a look at the position after; any other
/// move alone (no castling, en passant or gift) is safe where no enemy piece attacks the royal
/// piece on the board after it.
pub struct Guard {
    royal: Loc,
    in_check: bool,
    pinned: LocSet,
    /// The board without the royal piece, made when a step of it is first judged: whether a
    /// square is attacked does not hang on what stands on it.
    unroyal: std::cell::OnceCell<Board>,
}

impl Guard {
    /// Whether `turn`, a possible turn of `pos`, keeps the royal piece safe, where the guard
    /// knows for certain; `None` where only the position after the turn tells.
    #[inline]
    pub fn judge(&self, lang: &Lang, pos: &Position, turn: &Turn) -> Option<bool> {
        if let Some((piece, at)) = turn.placement {
            return turn.is_drop().then(|| self.drop_safe(lang, pos, piece, at));
        }
        let piece = pos.board.piece(turn.from)?;
        let en_passant = pos.state.en_passant == Some(turn.to)
            && pos.board.is_empty(turn.to)
            && lang.takes_en_passant(piece, turn.from, turn.to);
        let gives = match turn.promotion {
            Some(new) => new.side != piece.side,
            None => lang.piece(piece.kind).promotion.as_ref().is_some_and(|p| {
                !p.written
                    && p.own.is_empty()
                    && lang.in_zone(p.zone, piece.side, turn.to, &pos.board)
            }),
        };
        if en_passant || gives {
            return None;
        }
        if turn.from == self.royal {
            return self.royal_step_safe(lang, pos, turn);
        }
        if self.frees(turn.from) {
            return Some(true);
        }
        self.step_safe(lang, pos, turn)
    }

    /// Whether every move of the piece on `from` that is no en passant capture and gives the
    /// opponent no piece keeps the royal piece safe: out of check, a piece neither royal nor
    /// pinned.
    #[inline]
    pub fn frees(&self, from: Loc) -> bool {
        !self.in_check && from != self.royal && !self.pinned.contains(from)
    }

    /// Whether the move of a piece other than the royal one in `turn` (no en passant capture)
    /// leaves the royal piece unattacked on the board after it; `None` where it takes a royal
    /// piece (which may end the game however the mover's stands).
    fn step_safe(&self, lang: &Lang, pos: &Position, turn: &Turn) -> Option<bool> {
        if takes_royal(lang, pos, turn) {
            return None;
        }
        let mut board = pos.board;
        board.move_piece(turn.from, turn.to);
        Some(!lang.attacked(&board, self.royal, pos.side.opponent()))
    }

    /// Whether the royal piece's own `turn` leaves it unattacked, where the turn only moves it
    /// (no castling, no promotion, no enemy royal piece taken, nothing promoting at the turn's
    /// end); `None` otherwise.
    fn royal_step_safe(&self, lang: &Lang, pos: &Position, turn: &Turn) -> Option<bool> {
        if takes_royal(lang, pos, turn)
            || turn.promotion.is_some()
            || lang.promotes_at_turn_end
            || lang.castle_of(pos, turn).is_some()
        {
            return None;
        }
        Some(self.royal_lands_safe(lang, pos, turn.to))
    }

    /// The squares of `set` the royal piece could step to from its square in `pos` and stand
    /// unattacked on.
    #[inline(always)]
    pub fn safe_landings(&self, lang: &Lang, pos: &Position, set: LocSet) -> LocSet {
        set.iter()
            .filter(|to| self.royal_lands_safe(lang, pos, *to))
            .collect()
    }

    /// Whether the royal piece, stepping from its square in `pos` to `to`, stands unattacked
    /// there (by the board without it: whether a square is attacked does not hang on what
    /// stands on it).
    #[inline]
    pub fn royal_lands_safe(&self, lang: &Lang, pos: &Position, to: Loc) -> bool {
        let board = self.unroyal.get_or_init(|| {
            let mut board = pos.board;
            board.clear(self.royal);
            board
        });
        !lang.attacked(board, to, pos.side.opponent())
    }

    /// Whether dropping `piece` on `at`, an empty square, keeps the royal piece safe: always out
    /// of check (a piece put on the board only blocks lines), in check where it blocks.
    pub fn drop_safe(&self, lang: &Lang, pos: &Position, piece: Piece, at: Loc) -> bool {
        if !self.in_check {
            return true;
        }
        let mut board = pos.board;
        board.put(at, piece);
        !lang.attacked(&board, self.royal, pos.side.opponent())
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.in_check
    }
}

/// Whether `turn` lands on a royal piece.
fn takes_royal(lang: &Lang, pos: &Position, turn: &Turn) -> bool {
    pos.board
        .piece(turn.to)
        .is_some_and(|p| lang.piece(p.kind).royal)
}

impl Lang {
    /// The guard of the side to move's royal piece, where pins tell all that a move can
    /// expose: one royal piece and no way to make another, no slides, and attackers that leap
    /// or ride straight lines.
    pub fn guard(&self, pos: &Position) -> Option<Guard> {
        if !self.pins_suffice || self.makes_own_royals {
            return None;
        }
        let side = pos.side;
        let mut royal = None;
        for kind in &self.royals {
            for at in pos.board.locs_of(Piece::new(*kind, side)) {
                if royal.replace(at).is_some() {
                    return None;
                }
            }
        }
        let king = royal?;
        let geometry = &self.basics.geometry;
        let mut pinned = LocSet::EMPTY;
        for dir in crate::types::Dir::ALL {
            let mut at = king;
            let mut shield = None;
            let mut distance = 0u8;
            while let Some(next) = geometry.neighbour(at, dir) {
                if pos.board.is_hole(next) {
                    break;
                }
                at = next;
                distance += 1;
                let Some(piece) = pos.board.piece(at) else {
                    continue;
                };
                if piece.side == side {
                    if shield.replace(at).is_some() {
                        break;
                    }
                    continue;
                }
                if let Some(shield) = shield
                    && self.rides_towards(piece, dir.opposite(), distance)
                {
                    pinned |= shield.bit();
                }
                break;
            }
        }
        Some(Guard {
            royal: king,
            in_check: self.attacked(&pos.board, king, side.opponent()),
            pinned,
            unroyal: std::cell::OnceCell::new(),
        })
    }

    /// Whether `piece` rides along `dir` at least `distance` steps, capturing.
    fn rides_towards(&self, piece: Piece, dir: crate::types::Dir, distance: u8) -> bool {
        self.piece(piece.kind).atoms.iter().any(|a| {
            a.captures
                && a.travel == Travel::Ride
                && (a.range == 0 || a.range >= distance)
                && a.leaps
                    .iter()
                    .any(|l| unit_dir(oriented(*l, piece.side)) == Some(dir))
        })
    }
}
