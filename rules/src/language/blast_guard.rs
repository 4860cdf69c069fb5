//! Legality where captures explode but are otherwise by landing alone (see
//! [`Lang::blast_judged`]), judged on the board alone: a turn is legal where it blows up no
//! royal piece of its mover and either takes the opponent's last one (where that ends the game)
//! or leaves none of its mover's royal pieces exposed, the opponent able to capture onto one's
//! square by a move whose explosion spares the opponent's own royal pieces. A capture onto a
//! square is found backwards from it (`attack`), so a turn costs a few lookups rather than the
//! opponent's moves; and a quiet turn (a move to an empty square, taking nothing) only empties
//! its piece's square and fills another with a piece of its mover, so one test with the square
//! emptied clears all of a piece's quiet turns.

use super::compile::{Lang, PieceRule};
use super::count::Landings;
use crate::board::Board;
use crate::event::Discard;
use crate::position::Position;
use crate::turn::Turn;
use crate::types::{Loc, LocSet, Piece, Side};
use std::cell::OnceCell;

impl Lang {
    /// Whether a piece of `by` on `board` could take `side`'s royal piece on `at` by capturing
    /// onto it, with an explosion that spares `by`'s royal pieces, were the squares that end a
    /// line `stops`: none where the explosion around `at` reaches one of them, and never by a
    /// royal piece (it would land in the explosion).
    fn blast_takes(&self, board: &Board, at: Loc, by: Side, stops: LocSet) -> bool {
        let theirs = self.royal_squares(board, by);
        if self.blast(board, at, by).intersects(theirs) {
            return false;
        }
        if self.royals.iter().any(|k| self.capturing_kinds.contains(k)) {
            return !(self.attackers(board, at, by, stops) & !theirs).is_empty();
        }
        self.attacked_through(board, at, by, stops)
    }

    /// Whether some royal piece of `side` on `board` could be taken by the opponent (see
    /// [`Lang::blast_takes`]; `stops`: the squares that end a line).
    pub(super) fn royals_exposed(&self, board: &Board, side: Side, stops: LocSet) -> bool {
        self.royal_squares(board, side)
            .iter()
            .any(|at| self.blast_takes(board, at, side.opponent(), stops))
    }

    /// Whether `turn`, a possible turn of `pos`, keeps its mover's royal pieces, as
    /// [`Lang::keeps_royals`] on the position after it, asked of the board after its move and
    /// explosion.
    fn blast_keeps_royals(&self, pos: &Position, turn: &Turn) -> bool {
        let side = pos.side;
        let board = self
            .board_after(pos, turn)
            .unwrap_or_else(|| self.play_move(pos, turn, &mut Discard).pos.board);
        if self.royal_count(&board, side) < self.royal_count(&pos.board, side) {
            return false;
        }
        if self.ends_on_royal_taken() && !self.has_royal(&board, side.opponent()) {
            return true;
        }
        !self.royals_exposed(&board, side, board.blockers())
    }

    /// The board `turn`, a possible turn of `pos`, leaves, found without playing it where it is
    /// a capture by landing on an enemy piece (the capturing piece blows up, so its promotion
    /// changes nothing) or a step of a royal piece that never promotes to an empty square that
    /// is no castling nor en passant capture ([`Lang::royal_step`]); `None` elsewhere.
    fn board_after(&self, pos: &Position, turn: &Turn) -> Option<Board> {
        if turn.placement.is_some() {
            return None;
        }
        let mut board = pos.board;
        let piece = board.piece(turn.from)?;
        match board.piece(turn.to) {
            Some(taken) if taken.side != piece.side => {
                board.clear(turn.from);
                for at in self.blast(&board, turn.to, piece.side) {
                    board.clear(at);
                }
            }
            None if self.royal_step(pos, turn) => board.move_piece(turn.from, turn.to),
            _ => return None,
        }
        Some(board)
    }

    /// Whether `turn`, a possible turn of `pos`, is a step of a royal piece that never
    /// promotes to an empty square, no castling nor en passant capture.
    fn royal_step(&self, pos: &Position, turn: &Turn) -> bool {
        turn.placement.is_none()
            && pos.board.is_empty(turn.to)
            && pos.board.piece(turn.from).is_some_and(|p| {
                let rule = self.piece(p.kind);
                rule.royal && rule.promotion.is_none()
            })
            && pos.state.en_passant != Some(turn.to)
            && self.castle_of(pos, turn).is_none()
    }

    /// Whether `turn`, a possible turn of `pos`, only moves a piece that is not royal to an
    /// empty square, taking nothing (no en passant, castling or placement) and promoting to no
    /// enemy piece, where no turn makes a royal piece: it leaves every royal piece where it
    /// stands.
    fn blast_quiet(&self, pos: &Position, turn: &Turn) -> bool {
        !self.makes_own_royals
            && self.is_quiet(pos, turn)
            && pos.state.en_passant != Some(turn.to)
            && self.castle_of(pos, turn).is_none()
    }

    /// Every square a capture of a piece with `rule`'s atoms on `from` (of `side`) could land
    /// on, en passant included, whatever stands there, where `landings.stops` end its lines.
    fn capture_reach(
        &self,
        rule: &PieceRule,
        side: Side,
        from: Loc,
        landings: &Landings,
    ) -> LocSet {
        rule.atoms
            .iter()
            .zip(&rule.rays)
            .filter(|(atom, _)| atom.captures || atom.en_passant)
            .fold(LocSet::EMPTY, |reach, (atom, rays)| {
                reach | self.atom_reach(atom, rays, side, from, landings.stops)
            })
    }
}

/// Judges the turns of one position where [`Lang::blast_judged`], remembering for the piece
/// last asked about whether its quiet turns are all safe (a position's turns come a piece at a
/// time).
pub struct BlastJudge {
    /// Whether the opponent has no royal piece left, where that ends the game: every turn is
    /// legal that keeps the mover's.
    opponent_gone: bool,
    /// Whether a royal piece of the side to move is exposed now.
    exposed: bool,
    /// The squares whose emptying could change that (see [`Lang::lookout`]; a plain leap's
    /// capture hangs on no square between), where known.
    lookout: Option<LocSet>,
    /// The square of the piece last asked about and whether its quiet turns are all safe.
    vacated: Option<(Loc, bool)>,
}

impl BlastJudge {
    /// The judge of the turns of `pos`.
    pub fn new(lang: &Lang, pos: &Position) -> BlastJudge {
        BlastJudge {
            opponent_gone: lang.ends_on_royal_taken()
                && !lang.has_royal(&pos.board, pos.side.opponent()),
            exposed: lang.royals_exposed(&pos.board, pos.side, pos.board.blockers()),
            lookout: lang
                .lookout(&pos.board, pos.side, (true, false))
                .map(|w| w.all),
            vacated: None,
        }
    }

    /// Whether `turn`, a possible turn of `pos`, keeps its mover's royal pieces.
    pub fn keeps_royals(&mut self, lang: &Lang, pos: &Position, turn: &Turn) -> bool {
        if !lang.blast_quiet(pos, turn) {
            return lang.blast_keeps_royals(pos, turn);
        }
        if self.opponent_gone {
            return true;
        }
        let stops = pos.board.blockers().without(turn.from);
        self.quiet_safe(lang, pos, turn.from)
            || !lang.royals_exposed(&pos.board, pos.side, stops.with(turn.to))
    }

    /// Whether every quiet turn of the piece on `from` (see [`Lang::blast_quiet`]) keeps its
    /// mover's royal pieces: they stay safe with its square emptied.
    fn quiet_safe(&mut self, lang: &Lang, pos: &Position, from: Loc) -> bool {
        if self.lookout.is_some_and(|seen| !seen.contains(from)) {
            return !self.exposed;
        }
        match self.vacated {
            Some((at, safe)) if at == from => safe,
            _ => {
                let stops = pos.board.blockers().without(from);
                let safe = !lang.royals_exposed(&pos.board, pos.side, stops);
                self.vacated = Some((from, safe));
                safe
            }
        }
    }
}

impl Lang {
    /// The number of legal turns of `pos` (whose game goes on) where [`Lang::blast_judged`]:
    /// the quiet moves of a piece neither royal nor castling whose quiet turns are all safe
    /// counted by sets ([`Lang::count_by_sets`], onto the empty squares but the en passant
    /// square; a Pawn-like kind's all at once, [`Lang::count_by_shifts`]), every other turn judged one by one (none looked for where the piece reaches
    /// no piece it could take nor the en passant square). `None` where checks are forbidden, pieces
    /// are dropped, or a side has no royal piece.
    pub(super) fn count_blasted(&self, pos: &Position) -> Option<u64> {
        let side = pos.side;
        let board = &pos.board;
        if self.checks_forbidden
            || self.drops.is_some()
            || !self.has_royal(board, side)
            || !self.has_royal(board, side.opponent())
        {
            return None;
        }
        let mut judge = BlastJudge::new(self, pos);
        let check = OnceCell::new();
        let mut in_check = || *check.get_or_init(|| self.in_check_now(pos));
        let mut landings = self.landings(pos);
        landings.takeable = LocSet::EMPTY;
        let mut takes = match self.capture.own_pieces {
            true => board.occupied(),
            false => board.occupied_by(side.opponent()),
        };
        if let Some(passed) = pos.state.en_passant {
            landings.empty = landings.empty.without(passed);
            takes |= passed.bit();
        }
        let (mut candidates, mut choices) = (Vec::new(), Vec::new());
        let mut count = 0;
        for &kind in &self.kinds {
            let piece = Piece::new(kind, side);
            let rule = self.piece(kind);
            let castles = self.castles(kind);
            let sets = self.kind_count(pos, piece, false);
            let mut shifted = LocSet::EMPTY;
            if let Some(sets) = &sets {
                let movers = || {
                    board
                        .locs_of(piece)
                        .iter()
                        .filter(|at| judge.quiet_safe(self, pos, *at))
                        .collect()
                };
                let (n, counted) =
                    self.count_shifted(pos, piece, sets, movers, false, &landings, &mut in_check);
                count += n;
                shifted = counted;
            }
            for from in board.locs_of(piece) {
                let quiet = sets
                    .as_ref()
                    .filter(|_| !shifted.contains(from))
                    .filter(|_| !rule.royal && !castles && judge.quiet_safe(self, pos, from))
                    .and_then(|sets| {
                        let all = (false, !LocSet::EMPTY);
                        self.count_by_sets(
                            pos,
                            from,
                            piece,
                            all,
                            sets,
                            None,
                            &landings,
                            &mut in_check,
                        )
                    });
                let quiet = quiet.or(shifted.contains(from).then_some(0));
                count += quiet.unwrap_or(0);
                if quiet.is_some()
                    && !self
                        .capture_reach(rule, side, from, &landings)
                        .intersects(takes)
                {
                    continue;
                }
                candidates.clear();
                self.piece_candidates(pos, board, from, piece, &mut in_check, &mut candidates);
                if castles {
                    self.castlings(pos, from, &mut in_check, &mut candidates);
                }
                for c in &candidates {
                    let counted = landings.empty.contains(c.to) && c.removal.is_none();
                    if (quiet.is_some() && counted)
                        || !self.promotion_choices(pos, piece, c.to, &mut choices)
                    {
                        continue;
                    }
                    let turn = Turn::new(c.from, c.to).removing(c.removal);
                    let stays = choices.is_empty() || self.may_decline(pos, piece, c.to);
                    let promotions = choices.iter().map(|p| Some(*p));
                    for promotion in promotions.chain(stays.then_some(None)) {
                        let turn = turn.promoting(promotion);
                        count += u64::from(judge.keeps_royals(self, pos, &turn));
                    }
                }
            }
        }
        Some(count)
    }
}
