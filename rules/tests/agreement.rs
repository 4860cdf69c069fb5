//! Two independent checks of the engine's fast paths, in random positions of every variant
//! and every option (reached by random play from each start, and for Amoeba also sparse random
//! positions, so that stalemates occur). Deterministic and bounded: a fixed seed, no clock.
//!
//! (a) Every fast answer equals the plain listing of turns: whether there is a legal turn, the
//! count of the last ply, perft at depths 1 and 2 and the children walk all agree with the
//! listed turns played one by one; and each listed turn, judged plainly on the position it
//! leaves, keeps the mover's King(s): the mover is not in check there and no reply takes a
//! King of it. The variants' judged-once shortcuts (Amphora's quiet moves, Fanorona's watched
//! lines) sit behind the listing, so they are held to this plain test; that no possible turn
//! is wrongly left out, which only the engine can list, the unit tests beside them check.
//!
//! (b) Amoeba's outcome after a turn with a slide equals the one found by replaying that turn
//! without its slide from the position before it (the rules' "position without the slide").

use crate::common::{name, setups};
use oddboard_rules::{
    EndPromotions, Kind, Loc, LocSet, Piece, Position, Reason, RulesExt, Side, SplitMix64, Turn,
    Variant,
};

/// Random games played from each start.
const GAMES: usize = 4;

/// The longest random game, in plies.
const PLIES: usize = 120;

/// The positions of `GAMES` random games of `variant` from its start, the start first.
fn played_positions(variant: &Variant, random: &mut SplitMix64) -> Vec<Position> {
    let mut out = Vec::new();
    for _ in 0..GAMES {
        let mut pos = *variant.start();
        for _ in 0..PLIES {
            out.push(pos);
            let legal = variant.legal_turns(&pos);
            if legal.is_empty() {
                break;
            }
            pos = variant.play_unchecked(&pos, &legal[random.below(legal.len())]);
        }
    }
    out
}

/// `pos` with the other side to move.
fn swapped(pos: &Position) -> Position {
    Position {
        side: pos.side.opponent(),
        ..*pos
    }
}

/// The positions after each of `turns` played on `pos`, sorted by hash then FEN.
fn sorted_children(variant: &Variant, pos: &Position, turns: &[Turn]) -> Vec<(u64, String)> {
    let mut children: Vec<(u64, String)> = turns
        .iter()
        .map(|turn| variant.play_unchecked(pos, turn))
        .map(|next| (next.hash(), variant.fen(&next)))
        .collect();
    children.sort();
    children
}

/// (a) for one position: the fast answers against the listing, and the listed turns against
/// the plain test of the King's safety.
fn check_fast_answers(variant: &Variant, pos: &Position) {
    let who = format!("{} at {}", name(variant), variant.fen(pos));
    let listed = variant.legal_turns(pos);
    assert_eq!(variant.has_legal_turn(pos), !listed.is_empty(), "{who}");
    let count = listed.len() as u64;
    assert_eq!(variant.count_turns(pos, &mut Vec::new()), count, "{who}");
    assert_eq!(variant.perft(pos, 1), count, "{who}");
    let mut walked = Vec::new();
    variant.for_each_child(pos, &mut Vec::new(), &mut |next| {
        walked.push((next.hash(), variant.fen(next)));
    });
    walked.sort();
    assert_eq!(walked, sorted_children(variant, pos, &listed), "{who}");
    let mover = pos.side;
    let mut two_plies = 0;
    for turn in &listed {
        let next = variant.play_unchecked(pos, turn);
        let text = variant.turn_text(turn);
        assert!(
            !variant.in_check(&swapped(&next)),
            "{who}: {text} leaves the mover in check"
        );
        let replies = variant.legal_turns(&next);
        let kings = next.board.kings_of(mover).len();
        for reply in &replies {
            let after = variant.play_unchecked(&next, reply);
            assert!(
                after.board.kings_of(mover).len() >= kings,
                "{who}: after {text}, {} takes a King of the mover",
                variant.turn_text(reply)
            );
        }
        two_plies += replies.len() as u64;
    }
    assert_eq!(variant.perft(pos, 2), two_plies, "{who}");
}

#[test]
fn fast_answers_equal_the_listed_turns_in_every_variant() {
    let mut random = SplitMix64::new(0x0ddb_0a2d);
    for variant in setups() {
        let positions = played_positions(variant, &mut random);
        // Every third position: perft 2 and the replies of every turn are the costly part.
        for pos in positions.iter().step_by(3) {
            check_fast_answers(variant, pos);
        }
    }
}

#[test]
fn fast_answers_equal_the_listed_turns_in_sparse_amoeba_positions() {
    let mut random = SplitMix64::new(0x005b_a25e);
    for variant in amoeba_setups() {
        for pos in sparse_amoeba_positions(variant, &mut random, 300) {
            check_fast_answers(variant, &pos);
        }
    }
}

/// Every setup of Amoeba.
fn amoeba_setups() -> impl Iterator<Item = &'static Variant> {
    setups()
        .iter()
        .map(AsRef::as_ref)
        .filter(|v| v.id() == "amoeba")
}

/// Up to `tries` sparse random Amoeba positions the rules accept: 11 gaps anywhere, the two
/// Kings and up to two Pawns, Rooks or Knights a side, half of them within two steps of the
/// enemy King (so that a King sometimes escapes an attack by sliding its own square away);
/// either side to move, no last slide.
fn sparse_amoeba_positions(
    variant: &Variant,
    random: &mut SplitMix64,
    tries: usize,
) -> Vec<Position> {
    let inside: Vec<Loc> = variant.geometry().inside().iter().collect();
    let mut out = Vec::new();
    for _ in 0..tries {
        let mut pos = *variant.start();
        pos.board = oddboard_rules::Board::empty();
        let mut free = inside.clone();
        let take = |random: &mut SplitMix64, free: &mut Vec<Loc>| {
            free.swap_remove(random.below(free.len()))
        };
        for _ in 0..11 {
            let at = take(random, &mut free);
            pos.board.make_hole(at);
        }
        let kings = Side::BOTH.map(|side| {
            let at = take(random, &mut free);
            pos.board.put(at, Piece::new(Kind::King, side));
            at
        });
        for side in Side::BOTH {
            let enemy = kings[side.opponent().index()];
            for _ in 0..random.below(3) {
                let kind = [Kind::Pawn, Kind::Pawn, Kind::Rook, Kind::Knight][random.below(4)];
                let near: Vec<usize> = (0..free.len())
                    .filter(|&i| {
                        let (file, rank) = (free[i].file(), free[i].rank());
                        file.abs_diff(enemy.file()) <= 2 && rank.abs_diff(enemy.rank()) <= 2
                    })
                    .collect();
                let at = if near.is_empty() || random.below(2) == 0 {
                    take(random, &mut free)
                } else {
                    free.swap_remove(near[random.below(near.len())])
                };
                pos.board.put(at, Piece::new(kind, side));
            }
        }
        pos.side = Side::BOTH[random.below(2)];
        pos.state.last_slide = None;
        if let Ok(read) = variant.parse_fen(&variant.fen(&pos)) {
            out.push(read);
        }
    }
    out
}

/// The last square of each file for `side` on `board`: its highest square for the first
/// player, its lowest for the second (found square by square, not by the engine's sets).
fn last_squares(variant: &Variant, board: &oddboard_rules::Board, side: Side) -> LocSet {
    let geometry = variant.geometry();
    let ranks: Vec<i32> = match side {
        Side::White => (0..i32::from(geometry.ranks())).rev().collect(),
        Side::Black => (0..i32::from(geometry.ranks())).collect(),
    };
    (0..i32::from(geometry.files()))
        .filter_map(|file| {
            ranks
                .iter()
                .filter_map(|&rank| geometry.loc(file, rank))
                .find(|&loc| !board.is_hole(loc))
        })
        .collect()
}

/// The position without the slide of `turn`, played on `before`, built by replaying the turn
/// without its slide: the move alone, then each of its end promotions kept only where that
/// Pawn, the slide undone, stands on its file's last square (elsewhere it stays a Pawn).
fn replayed_without_slide(variant: &Variant, before: &Position, turn: &Turn) -> Position {
    let (slide_from, slide_to) = turn.slide.expect("a turn with a slide");
    let moved = Turn {
        slide: None,
        end_promotions: EndPromotions::default(),
        ..*turn
    };
    let mut unslid = variant.play_unchecked(before, &moved);
    let last = last_squares(variant, &unslid.board, before.side);
    for (at, piece) in turn.end_promotions.iter() {
        let at = if at == slide_to { slide_from } else { at };
        assert_eq!(
            unslid.board.piece(at),
            Some(Piece::new(Kind::Pawn, piece.side)),
            "an end promotion's Pawn, the slide undone"
        );
        if last.contains(at) {
            unslid.board.put(at, piece);
        }
    }
    unslid
}

/// What the stalemates met were: by slide, drawn, how many turned an end promotion back and
/// how many left the slider's King in check without the slide.
#[derive(Default, Debug)]
struct Stalemates {
    by_slide: usize,
    drawn: usize,
    with_end_promotions: usize,
    slider_in_check_without: usize,
}

/// (b) for every turn with a slide of `before` that stalemates: the engine's outcome against
/// the one the replay without the slide gives.
fn check_stalemates_by_slide(variant: &Variant, before: &Position, seen: &mut Stalemates) {
    for turn in variant.legal_turns(before) {
        if turn.slide.is_none() {
            continue;
        }
        let after = variant.play_unchecked(before, &turn);
        if variant.has_legal_turn(&after) || variant.in_check(&after) {
            continue;
        }
        let unslid = replayed_without_slide(variant, before, &turn);
        let slider_in_check = variant.in_check(&swapped(&unslid));
        let by_slide = slider_in_check || !variant.legal_turns(&unslid).is_empty();
        let outcome = variant
            .own_outcome(&after, Some(&turn))
            .expect("a stalemate ends the game");
        let expected = if by_slide {
            Reason::StalemateBySlide
        } else {
            Reason::Stalemate
        };
        assert_eq!(
            outcome.reason,
            expected,
            "{}: {} after {}",
            name(variant),
            variant.turn_text(&turn),
            variant.fen(before)
        );
        if by_slide {
            seen.by_slide += 1;
        } else {
            seen.drawn += 1;
        }
        seen.with_end_promotions += usize::from(!turn.end_promotions.is_empty());
        seen.slider_in_check_without += usize::from(slider_in_check);
    }
}

#[test]
fn amoeba_stalemates_by_slide_equal_the_replay_without_the_slide() {
    let mut random = SplitMix64::new(0x00a3_0eba);
    let mut seen = Stalemates::default();
    for variant in amoeba_setups() {
        let mut positions = sparse_amoeba_positions(variant, &mut random, 2000);
        positions.extend(played_positions(variant, &mut random));
        for pos in &positions {
            check_stalemates_by_slide(variant, pos, &mut seen);
        }
    }
    assert!(
        seen.by_slide >= 20
            && seen.drawn >= 20
            && seen.with_end_promotions >= 5
            && seen.slider_in_check_without >= 1,
        "too few stalemates met to judge: {seen:?}"
    );
}
