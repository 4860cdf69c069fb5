//! Legality judged without the whole position after a turn, for files whose turn is its move
//! alone (see [`Lang::lines_guard_suffices`]): the rest of the turn (clocks, castling and
//! unmoved rights, the mover's counts) changes nothing the opponent could take a royal piece
//! with, so the board after the move tells; and a quiet turn is safe wherever merely emptying
//! its piece's square is, so one test clears all of a piece's quiet turns.

use super::compile::Lang;
use crate::event::Discard;
use crate::position::Position;
use crate::turn::Turn;
use crate::types::Loc;

impl Lang {
    /// Whether `turn`, a possible turn of `pos`, is quiet: it moves a piece that is not royal
    /// to an empty square, with no placement or removal, capturing nothing and promoting to
    /// no enemy piece. Where the turn is its move alone, it only empties its piece's square and
    /// fills another, and filling squares only takes the opponent's ways away.
    pub fn is_quiet(&self, pos: &Position, turn: &Turn) -> bool {
        pos.board.piece(turn.from).is_some_and(|piece| {
            turn.placement.is_none()
                && turn.removal.is_none()
                && pos.board.is_empty(turn.to)
                && turn.promotion.is_none_or(|p| p.side == piece.side)
                && !self.piece(piece.kind).royal
        })
    }

    /// Whether `turn`, a possible turn of `pos` in a file whose turn is its move alone, keeps
    /// its mover's royal pieces: as [`Lang::keeps_royals`] on the position after it, asked of
    /// the board after its move (with its captures, promotion and explosion) and the reserve.
    pub fn move_keeps_royals(&self, pos: &Position, turn: &Turn) -> bool {
        let mut probe = self.play_move(pos, turn, &mut Discard).pos;
        probe.ask_for(pos.side.opponent());
        self.keeps_royals(pos, &probe)
    }

    /// Whether the castling of index `castle`, open to the side to move in `pos`, leaves its
    /// royal piece unattacked, judged on the board alone where every capture is by landing
    /// (the castling takes nothing, so only the lines its two pieces leave and fill change).
    pub fn castle_safe(&self, pos: &Position, castle: usize) -> bool {
        let (kf, kt, rf, rt) = self.castling[castle].squares[pos.side.index()];
        let stops = pos
            .board
            .blockers()
            .without(kf)
            .without(rf)
            .with(kt)
            .with(rt);
        !self.attacked_through(&pos.board, kt, pos.side.opponent(), stops)
    }

    /// Whether the royal piece of the side to move in `pos` would stand attacked on `at` on
    /// its way from `from` as it castles (or another of its royal pieces would): judged on the
    /// board alone where every capture is by landing and it is the side's one royal piece, else
    /// by the opponent's moves.
    pub fn castle_passes_attack(&self, pos: &Position, from: Loc, at: Loc) -> bool {
        let enemy = pos.side.opponent();
        if self.plain_captures && self.royal_count(&pos.board, pos.side) == 1 {
            let stops = pos.board.blockers().without(from);
            return self.attacked_through(&pos.board, at, enemy, stops);
        }
        let mut probe = *pos;
        probe.board.move_piece(from, at);
        probe.side = enemy;
        probe.state.en_passant = None;
        self.threatens(&probe)
    }

    /// Whether the royal pieces of the side to move in `pos` stay safe with the square `from`
    /// emptied: then so they do after every quiet turn of the piece on it.
    fn safe_without(&self, pos: &Position, from: Loc) -> bool {
        let mut probe = pos.asked_for(pos.side.opponent());
        probe.board.clear(from);
        !self.threatens(&probe)
    }
}

/// Judges the turns of one position the lines guard left open, in a file whose turn is its
/// move alone, remembering for the piece last asked about whether emptying its square is safe
/// (a position's turns come a piece at a time).
#[derive(Default)]
pub struct AfterMoveJudge {
    vacated: Option<(Loc, bool)>,
}

impl AfterMoveJudge {
    /// Whether `turn`, a possible turn of `pos`, keeps its mover's royal pieces.
    pub fn keeps_royals(&mut self, lang: &Lang, pos: &Position, turn: &Turn) -> bool {
        if lang.is_quiet(pos, turn) {
            let safe = match self.vacated {
                Some((from, safe)) if from == turn.from => safe,
                _ => {
                    let safe = lang.safe_without(pos, turn.from);
                    self.vacated = Some((turn.from, safe));
                    safe
                }
            };
            if safe {
                return true;
            }
        }
        lang.move_keeps_royals(pos, turn)
    }
}
