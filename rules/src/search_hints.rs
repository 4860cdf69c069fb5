//! What the walkers of the game tree, the search and perft, ask a variant beyond its rules: how
//! to find its turns faster, how to judge a position, and which of the search's shortcuts are
//! safe in it.

use super::position::Position;
use super::rules::{Rules, RulesExt};
use super::turn::Turn;
use super::types::Kind;

/// The search's and perft's hints: asked by the computer opponent's search (and the analysis
/// built on it) and by perft, never by the rules themselves. Every method has a default that
/// answers from the [`Rules`] alone, so a variant without hints (`impl SearchHints for X {}`)
/// still plays, searches and counts correctly, only slower and judged by material alone.
pub trait SearchHints: Rules {
    /// Puts into `out` (cleared first) the turns the search tries from `pos`: every legal turn,
    /// and perhaps some that [`SearchHints::play_candidate`] turns down when the search comes
    /// to them. A variant whose legality test costs more than the rest of its move generation
    /// leaves the test to the few turns a search plays. The same position always gives the same
    /// list, as the search's table names a turn by its place in it. By default, the legal turns.
    fn candidate_turns_into(&self, pos: &Position, out: &mut Vec<Turn>) {
        self.legal_turns_into(pos, out);
    }

    /// Whether every turn [`SearchHints::candidate_turns_into`] lists is legal (as by default),
    /// so the search plays them without asking [`SearchHints::play_candidate`].
    fn candidates_are_legal(&self) -> bool {
        true
    }

    /// The position after `turn`, one of the turns [`SearchHints::candidate_turns_into`] lists
    /// for `pos`; `None` where the turn is not legal.
    fn play_candidate(&self, pos: &Position, turn: &Turn) -> Option<Position> {
        Some(self.play_unchecked(pos, turn))
    }

    /// Puts into `out` (cleared first) the candidate turns of `pos` (see
    /// [`SearchHints::candidate_turns_into`]) the search's quiescence looks at past its
    /// horizon: the turns that take or promote (of turns that differ only in a part that takes
    /// nothing, such as Amoeba's slide, one is enough). True when the variant lists only those
    /// (so an empty list does not mean the game is over); by default it lists every candidate
    /// turn and says false.
    fn noisy_turns_into(&self, pos: &Position, out: &mut Vec<Turn>) -> bool {
        self.candidate_turns_into(pos, out);
        false
    }

    /// The number of legal turns of `pos`: perft's last ply.
    fn count_turns(&self, pos: &Position, scratch: &mut Vec<Turn>) -> u64 {
        self.legal_turns_into(pos, scratch);
        scratch.len() as u64
    }

    /// Calls `visit(next)` with the position after each legal turn of `pos` (perft's inner
    /// plies), listing the turns in `scratch` first unless the variant finds them otherwise.
    fn for_each_child(
        &self,
        pos: &Position,
        scratch: &mut Vec<Turn>,
        visit: &mut dyn FnMut(&Position),
    ) {
        self.legal_turns_into(pos, scratch);
        for turn in scratch.iter() {
            visit(&self.play_unchecked(pos, turn));
        }
    }

    /// The position as it would be if the side to move passed: the other side to move, no en
    /// passant square, slide barred or placement right, the clock one on. `None` when passing
    /// would leave the mover's royal piece in check. For the search's null-move test and the
    /// analysis's threat (what the opponent would play if it were its turn); never a legal turn.
    fn null_move(&self, pos: &Position) -> Option<Position> {
        if self.in_check(pos) {
            return None;
        }
        let mut passed = *pos;
        passed.state.en_passant = None;
        passed.state.last_slide = None;
        passed.state.placement_right = false;
        passed.finish_turn(false);
        Some(passed)
    }

    /// Whether the game is over in `pos` by the variant's own rule whatever the side to move
    /// could play (Amphora's King removed, American Chess's Gauntlet judged, Pawns-to-Kings
    /// with no King left to make): such a position has no legal turn. The search asks before
    /// it judges a position by its material, so an end is never mistaken for a good position.
    /// Ends by the lack of a legal turn (checkmate) are not asked for here.
    fn decided(&self, _pos: &Position) -> bool {
        false
    }

    /// Whether a turn may capture a piece that stands neither on its destination nor on the
    /// square its `x` part names (Amphora's interceptions; en passant is seen by the search).
    fn unseen_captures(&self) -> bool {
        false
    }

    /// Whether the search's quiescence follows captures anywhere for its whole depth, rather
    /// than anywhere for two plies and then recaptures only: for a variant whose captures are
    /// few enough (orthodox chess), not one where they multiply (American Chess's long-range
    /// pieces on a larger board).
    fn full_quiescence(&self) -> bool {
        false
    }

    /// Whether `turn`, a capture by replacement or a move to an empty square, wins at least
    /// `threshold` once both sides have recaptured on its square as long as it pays (the static
    /// exchange evaluation; for a move that takes nothing, less what the mover loses where it
    /// stands en prise), pieces other than royal ones worth `values` (indexed by kind); `None`
    /// (the default) where the variant cannot tell, as where pieces capture otherwise than by
    /// landing. The search plays the captures that do not reach 0 (lose material) late, not at
    /// all past its horizon, and near the horizon leaves out late turns that lose too much.
    fn exchange_at_least(
        &self,
        _pos: &Position,
        _turn: &Turn,
        _values: &[i32; Kind::COUNT],
        _threshold: i32,
    ) -> Option<bool> {
        None
    }

    /// Whether the search may try the null-move test (a pass, searched shallower, that still
    /// holds beta ends the node): true where zugzwang, a position in which any move only
    /// weakens, is rare. Amphora's pieces never step back, so there it is common.
    fn passing_is_safe(&self) -> bool {
        true
    }

    /// The variant's own terms in the computer opponent's judgement of `pos`, beyond material,
    /// in hundredths of a Pawn for the first player: how near each side is to the variant's goal
    /// and how well its pieces stand.
    fn positional(&self, _pos: &Position) -> i32 {
        0
    }

    /// The variant's whole judgement of `pos` for the first player, where it weighs material
    /// itself rather than by its pieces' fixed values (orthodox chess blends middlegame and
    /// endgame values); `None` (the default) judges by the values plus
    /// [`SearchHints::positional`].
    fn judgement(&self, _pos: &Position) -> Option<i32> {
        None
    }

    /// Whether the move number decides anything (American Chess's turn limit): the computer
    /// opponent's table then keeps apart positions that differ only in it.
    fn counts_moves(&self) -> bool {
        false
    }
}
