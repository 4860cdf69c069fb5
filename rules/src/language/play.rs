//! Playing a turn of a file variant, part by part: the placement, the move with its captures
//! and promotion, then the removal, the slide and the promotions at the turn's end, and the
//! rule state that follows.

use super::compile::Lang;
use super::moves::{oriented, straight};
use super::schema::{CaptureMode, MoveSort, Supply};
use crate::event::{Capture, Event, Recorder};
use crate::position::Position;
use crate::turn::{Removal, Turn};
use crate::types::{Dir, Kind, Loc, Piece, Side};

/// What the move part of a turn did, for the parts after it.
#[derive(Clone, Copy)]
pub struct Moved {
    /// The position after the placement, the move, its captures and its promotion, before
    /// the turn's later parts; the mover still to move and the rule state as it was.
    pub pos: Position,
    /// The piece that moved, as it was.
    pub piece: Piece,
    /// Whether anything was captured.
    pub captured: bool,
    /// The kinds of the opponent's pieces captured, one bit per kind.
    pub lost: u32,
    /// Whether the move took its piece into the removal region from outside it.
    pub entered: bool,
    /// Whether the move was sideways, straight along the rank.
    pub sideways: bool,
    /// Whether the moved piece promoted as its move ended.
    pub promoted: bool,
}

impl Lang {
    /// Takes the piece on `at` off the board as captured `how`, keeping it for its owner where
    /// the file keeps captured pieces.
    pub fn capture(&self, moved: &mut Moved, at: Loc, how: Capture, rec: &mut impl Recorder) {
        let Some(piece) = moved.pos.board.piece(at) else {
            return;
        };
        moved.pos.board.clear(at);
        moved.captured = true;
        if piece.side != moved.piece.side {
            moved.lost |= 1 << piece.kind.index();
        }
        self.to_hand(&mut moved.pos.state, at, piece, moved.piece.side);
        let rule = self.piece(piece.kind);
        if self.capture.keep_captured && !rule.royal && !rule.pawn {
            moved.pos.state.reserve.add(piece);
        }
        rec.record(|| Event::Captured { piece, at, how });
    }

    /// The castling `turn` makes, if it is one: its index.
    pub fn castle_of(&self, pos: &Position, turn: &Turn) -> Option<usize> {
        let side = pos.side.index();
        let piece = pos.board.piece(turn.from)?;
        self.castling.iter().position(|c| {
            let (kf, kt, _, _) = c.squares[side];
            c.king == piece.kind
                && kf == turn.from
                && kt == turn.to
                && pos.state.castling.has(c.bits[side])
        })
    }

    /// The points a move from `from` to `to` passes, start and end included.
    fn path(&self, from: Loc, to: Loc) -> Vec<Loc> {
        let delta = (
            to.file() as i8 - from.file() as i8,
            to.rank() as i8 - from.rank() as i8,
        );
        let mut out = vec![from];
        if let Some((dir, n)) = straight(delta) {
            let between = usize::try_from(n - 1).unwrap_or(0);
            out.extend(self.basics.geometry.ray(from, dir).take(between));
        }
        out.push(to);
        out
    }

    /// Plays the placement and the move of `turn` on `pos`, with the explosion its captures
    /// make.
    pub fn play_move(&self, pos: &Position, turn: &Turn, rec: &mut impl Recorder) -> Moved {
        let mut moved = self.play_move_before_blast(pos, turn, rec);
        if moved.captured {
            self.explode(&mut moved, turn.to, rec);
        }
        moved
    }

    /// Plays the placement and the move of `turn` on `pos`, with its captures and promotion
    /// but not the explosion they make.
    pub fn play_move_before_blast(
        &self,
        pos: &Position,
        turn: &Turn,
        rec: &mut impl Recorder,
    ) -> Moved {
        let side = pos.side;
        let (from, to) = (turn.from, turn.to);
        let piece = match turn.placement {
            Some((placed, at)) if at == from => placed,
            _ => pos.board.piece(from).expect("a legal turn moves a piece"),
        };
        let mut moved = Moved {
            pos: *pos,
            piece,
            captured: false,
            lost: 0,
            entered: false,
            sideways: from.rank() == to.rank() && from != to,
            promoted: false,
        };
        if let Some((placed, at)) = turn.placement {
            moved.pos.state.reserve.take(placed);
            moved.pos.board.put(at, placed);
            rec.record(|| Event::Placed { piece: placed, at });
            if turn.is_drop() {
                return moved;
            }
        }
        if let Some(i) = self.castle_of(pos, turn) {
            let (_, _, rf, rt) = self.castling[i].squares[side.index()];
            let rook = moved.pos.board.piece(rf).expect("a castling partner");
            moved.pos.board.clear(rf);
            moved.pos.board.move_piece(from, to);
            moved.pos.board.put(rt, rook);
            rec.record(|| Event::Moved {
                piece,
                path: self.path(from, to),
            });
            rec.record(|| Event::Moved {
                piece: rook,
                path: self.path(rf, rt),
            });
            return moved;
        }
        if moved.pos.board.piece(to).is_some() {
            self.capture(&mut moved, to, Capture::Replacement, rec);
        } else if pos.state.en_passant == Some(to)
            && self.takes_en_passant(piece, from, to)
            && let Some(at) = Loc::new(to.file().into(), from.rank().into())
        {
            self.capture(&mut moved, at, Capture::EnPassant, rec);
        }
        if self.removal.is_none()
            && let Some(Removal::At(at)) = turn.removal
        {
            let how = if self.basics.geometry.adjacent(to).contains(at) {
                Capture::Approach
            } else {
                Capture::Withdrawal
            };
            self.capture(&mut moved, at, how, rec);
        }
        moved.pos.board.move_piece(from, to);
        self.carry_promoted(&mut moved.pos.state, from, to);
        rec.record(|| Event::Moved {
            piece,
            path: self.path(from, to),
        });
        if self.capture.modes.contains(&CaptureMode::Interception) {
            for dir in [Dir::NE, Dir::SE, Dir::SW, Dir::NW] {
                let geometry = &self.basics.geometry;
                let Some(between) = geometry.neighbour(to, dir) else {
                    continue;
                };
                let Some(beyond) = geometry.neighbour(between, dir) else {
                    continue;
                };
                let board = &moved.pos.board;
                if board.piece(between).is_some_and(|p| p.side != side)
                    && board.piece(beyond).is_some_and(|p| p.side == side)
                {
                    self.capture(&mut moved, between, Capture::Interception, rec);
                }
            }
        }
        let rule = self.piece(piece.kind);
        let promoted = turn.promotion.or_else(|| {
            let promotion = rule.promotion.as_ref()?;
            let arrives = self.in_zone(promotion.zone, side, to, &moved.pos.board);
            (arrives && !promotion.written).then(|| {
                promotion.own.first().map_or_else(
                    || Piece::new(promotion.opponent[0], side.opponent()),
                    |k| Piece::new(*k, side),
                )
            })
        });
        if let Some(new) = promoted {
            self.promote(&mut moved.pos, to, piece, new, rec);
            moved.promoted = true;
        }
        if let Some(removal) = &self.removal {
            let zone = removal.zone;
            let board = &pos.board;
            moved.entered =
                !self.in_zone(zone, side, from, board) && self.in_zone(zone, side, to, board);
        }
        moved
    }

    /// Changes `was` on `at` into `new`, taking it from the owner's captured pieces where the
    /// promotion's supply says so.
    fn promote(
        &self,
        pos: &mut Position,
        at: Loc,
        was: Piece,
        new: Piece,
        rec: &mut impl Recorder,
    ) {
        if self
            .piece(was.kind)
            .promotion
            .as_ref()
            .is_some_and(|p| p.supply == Supply::Captured)
        {
            pos.state.reserve.take(new);
        }
        pos.board.put(at, new);
        self.mark_promoted(&mut pos.state, at);
        rec.record(|| Event::Promoted {
            at,
            from: was,
            to: new,
        });
    }

    /// Whether `piece` moving from `from` to `to` (an empty square) is one of its en passant
    /// captures.
    pub fn takes_en_passant(&self, piece: Piece, from: Loc, to: Loc) -> bool {
        let delta = (
            to.file() as i8 - from.file() as i8,
            to.rank() as i8 - from.rank() as i8,
        );
        self.piece(piece.kind)
            .atoms
            .iter()
            .any(|a| a.en_passant && a.leaps.iter().any(|l| oriented(*l, piece.side) == delta))
    }

    /// Plays the parts after the move and sets the rule state: the position after `turn`,
    /// played from `before`.
    pub fn play_after(
        &self,
        before: &Position,
        mut moved: Moved,
        turn: &Turn,
        rec: &mut impl Recorder,
    ) -> Position {
        self.play_after_parts(before, &mut moved, turn, rec);
        if let Some(placement) = &self.placement {
            moved.pos.state.placement_right = self.placement_right(placement, &mut moved);
        }
        moved.pos
    }

    /// [`Lang::play_after`] but for the placement right the turn gives the opponent: the
    /// position after it holds none.
    pub fn play_after_parts(
        &self,
        before: &Position,
        moved: &mut Moved,
        turn: &Turn,
        rec: &mut impl Recorder,
    ) {
        let side = before.side;
        let enemy = side.opponent();
        if moved.entered
            && let Some(removal) = &self.removal
            && let Some(remover) = &removal.by[moved.piece.kind.index()]
        {
            if remover.automatic {
                for &(kind, _) in &remover.targets {
                    let target = Piece::new(kind, enemy);
                    for at in moved.pos.board.locs_of(target) {
                        self.capture(moved, at, Capture::Telekinesis, rec);
                    }
                }
            } else {
                match turn.removal {
                    Some(Removal::At(at)) => {
                        self.capture(moved, at, Capture::Telekinesis, rec);
                    }
                    Some(Removal::Reserve) => {
                        let held = moved.pos.state.reserve.kinds_of(enemy).next();
                        if let Some(kind) = held {
                            let piece = Piece::new(kind, enemy);
                            moved.pos.state.reserve.take(piece);
                            moved.captured = true;
                            moved.lost |= 1 << kind.index();
                            rec.record(|| Event::RemovedFromReserve { piece });
                        }
                    }
                    None => {}
                }
            }
        }
        if let Some((from, to)) = turn.slide {
            let carried = moved.pos.board.piece(from);
            moved.pos.board.make_hole(from);
            moved.pos.board.clear(to);
            if let Some(piece) = carried {
                moved.pos.board.put(to, piece);
            }
            rec.record(|| Event::Slid { from, to });
        }
        let mut promoted_at_end = false;
        for (at, new) in turn.end_promotions.iter() {
            if let Some(was) = moved.pos.board.piece(at) {
                self.promote(&mut moved.pos, at, was, new, rec);
                promoted_at_end = true;
            }
        }
        self.update_state(before, moved, turn);
        let resets = moved.captured
            || turn.is_drop()
            || moved.promoted
            || self.piece(moved.piece.kind).pawn
            || promoted_at_end;
        moved.pos.finish_turn(resets);
    }

    /// Castling rights (lost where their pieces moved, were taken or blew up), the en passant
    /// square, unmoved royals, the move count and the last slide after the turn.
    fn update_state(&self, before: &Position, moved: &mut Moved, turn: &Turn) {
        let side = before.side;
        let (captured, piece, sideways) = (moved.captured, moved.piece, moved.sideways);
        let next = &mut moved.pos;
        let (from, to) = (turn.from, turn.to);
        for castle in &self.castling {
            for s in Side::BOTH {
                let (kf, _, rf, _) = castle.squares[s.index()];
                let left = [kf, rf].iter().any(|l| next.board.is_empty(*l));
                if left || [from, to].iter().any(|l| *l == kf || *l == rf) {
                    next.state.castling.0 &= !castle.bits[s.index()];
                }
            }
        }
        next.state.en_passant = None;
        if self.state.contains(&super::schema::StateField::EnPassant)
            && !captured
            && self.piece(piece.kind).atoms.iter().any(|a| a.en_passant)
        {
            let delta = (
                to.file() as i8 - from.file() as i8,
                to.rank() as i8 - from.rank() as i8,
            );
            if let Some((dir, 2)) = straight(delta) {
                next.state.en_passant = self.basics.geometry.neighbour(from, dir);
            }
        }
        if self.piece(piece.kind).royal {
            next.state.leap_rights &= !(1 << side.index());
        }
        if let Some((MoveSort::Sideways, most)) = self.limit {
            let count = &mut next.state.sideways[side.index()];
            *count = if sideways { (*count + 1).min(most) } else { 0 };
        }
        if self.slide.is_some() {
            next.state.last_slide = turn.slide;
        }
        next.state.placement_right = false;
        next.state.promoted &= next.board.occupied();
    }

    /// Whether the player now to move after `moved`, its turn played to the end, holds the
    /// placement right the turn gave it (the position is borrowed to ask, in place, whether
    /// that player is in check, and left as it was).
    pub(super) fn placement_right(
        &self,
        placement: &super::compile::Placement,
        moved: &mut Moved,
    ) -> bool {
        let lost = moved.lost;
        let next = &mut moved.pos;
        let player = next.side;
        let piece = Piece::new(placement.kind, player);
        if next.state.reserve.count(piece) == 0 || !self.has_royal(&next.board, player) {
            return false;
        }
        let lost = placement
            .lost
            .iter()
            .any(|k: &Kind| lost & (1 << k.index()) != 0);
        lost || (placement.check && self.in_check_in_place(next))
    }
}
