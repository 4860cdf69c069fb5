//! The game in words for a screen reader (`Variant::spoken_turn`, `Game::spoken_outcome`,
//! `spoken_square`, `spoken_pieces`, `spoken_to_move`, `spoken_attackers`): every way of
//! capturing, slides, placements, promotions, check and the end, in chess and the odd variants.

use crate::common::{game_after, name, setups};
use oddboard_rules::{LOC_COUNT, Loc, Position, RulesExt, Side, Variant};

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The words of `turn` (canonical), played in `variant` from `fen` after `moves`.
fn spoken(variant: &str, fen: &str, moves: &str, turn: &str) -> String {
    let game = game_after(variant, fen, moves);
    let variant = game.variant();
    let pos = game.position();
    let turn = variant.parse_turn(pos, turn).expect("a legal turn");
    variant.spoken_turn(pos, &turn)
}

/// The square `name`.
fn at(name: &str) -> Loc {
    Loc::parse(name).expect("a square")
}

/// What `ask` says of `variant` from `fen` after `moves`.
fn asked(
    variant: &str,
    fen: &str,
    moves: &str,
    ask: impl Fn(&Variant, &Position) -> String,
) -> String {
    let game = game_after(variant, fen, moves);
    ask(game.variant(), game.position())
}

/// What attacks `square` in `variant` from `fen` after `moves`.
fn attackers(variant: &str, fen: &str, moves: &str, square: &str) -> String {
    asked(variant, fen, moves, |v, p| {
        v.spoken_attackers(p, at(square))
    })
}

#[test]
fn a_plain_move() {
    assert_eq!(
        spoken("chess", CHESS_START, "", "g1f3"),
        "White Knight g1 to f3"
    );
    assert_eq!(
        spoken("chess", CHESS_START, "e2e4", "e7e5"),
        "Black Pawn e7 to e5"
    );
}

#[test]
fn replacement_names_the_piece_taken_and_checkmate_ends_it() {
    let moves = "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6";
    assert_eq!(
        spoken("chess", CHESS_START, moves, "h5f7"),
        "White Queen h5 takes Black Pawn f7, checkmate"
    );
}

#[test]
fn en_passant() {
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    assert_eq!(
        spoken("chess", fen, "", "e5d6"),
        "White Pawn e5 takes d6 en passant"
    );
}

#[test]
fn castling_both_ways() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(spoken("chess", fen, "", "e1g1"), "White castles king side");
    assert_eq!(
        spoken("chess", fen, "e1g1", "e8c8"),
        "Black castles queen side"
    );
}

#[test]
fn promotion_and_check() {
    let fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
    assert_eq!(
        spoken("chess", fen, "", "e7e8=Q"),
        "White Pawn e7 to e8, becomes a Queen"
    );
    let checking = "8/4P3/8/8/k7/8/8/4K3 w - - 0 1";
    assert_eq!(
        spoken("chess", checking, "", "e7e8=Q"),
        "White Pawn e7 to e8, becomes a Queen, check"
    );
}

#[test]
fn amphora_interception() {
    let fen = "*4k*/**3**/*5*/2P4/3g3/*5*/**2P**/*K4* w G 00 0 1";
    assert_eq!(
        spoken("amphora", fen, "", "e2e3"),
        "White Pawn e2 to e3, takes d4 by interception"
    );
}

#[test]
fn amphora_telekinesis_and_removal_from_reserve() {
    let pawns = "*5*/**1P1**/*5*/p4kp/7/*5*/**3**/*K4* w Gg 00 0 1";
    assert_eq!(
        spoken("amphora", pawns, "", "d7d8xa5"),
        "White Pawn d7 to d8, takes a5 by telekinesis"
    );
    let guard_held = "*5*/**1P1**/*5*/5k1/7/*5*/**3**/*K4* w Gg 00 0 1";
    assert_eq!(
        spoken("amphora", guard_held, "", "d7d8x@"),
        "White Pawn d7 to d8, takes the Black Guard in reserve"
    );
}

#[test]
fn amphora_placement() {
    let fen = "*4k*/**3**/*5*/7/4p2/*2P2*/**3**/*K4* w Gg 00 0 1";
    assert_eq!(
        spoken("amphora", fen, "d3e4", "g@e7,e7d6"),
        "Black places a Guard on e7, then Guard e7 to d6"
    );
}

#[test]
fn fanorona_approach_and_withdrawal() {
    let approach = "4k/5/5/5/5/5/r2Rp/5/K4 w - - 0 1";
    assert_eq!(
        spoken("fanorona-chess", approach, "", "d3b3xa3"),
        "Yellow Rook d3 to b3, takes a3 by approach"
    );
    let withdrawal = "4k/5/5/2p2/2R2/5/5/5/K4 w - - 0 1";
    assert_eq!(
        spoken("fanorona-chess", withdrawal, "", "c5c1xc6"),
        "Yellow Rook c5 to c1, takes c6 by withdrawal"
    );
}

#[test]
fn amoeba_slide_with_check_and_a_promotion_at_the_end() {
    let slide = "*2k2*/*p4*/7/1*1**2/7/*5*/*2R1K* w - 0 1";
    assert_eq!(
        spoken("amoeba", slide, "", "f1f2,~c4d4"),
        "White King f1 to f2, the square c4 slides to d4, check"
    );
    let mover_last = "*5*/*5*/5P1/k1***2/7/*5*/*2K2* w - 0 1";
    assert_eq!(
        spoken("amoeba", mover_last, "", "f5f6,~f7g7,f6=R"),
        "White Pawn f5 to f6, the square f7 slides to g7, the Pawn on f6 becomes a Rook"
    );
}

#[test]
fn pawns_to_kings_promotion_for_the_opponent_and_taking_a_friend() {
    let fen = "8/1P5p/8/8/8/8/8/7N w 0 38";
    assert_eq!(
        spoken("pawns-to-kings", fen, "", "b7a8=k"),
        "White Pawn b7 to a8, becomes a Black King"
    );
    let friend = "8/7p/8/8/8/8/1NK4P/A7 w 0 33";
    assert_eq!(
        spoken("pawns-to-kings", friend, "", "a1b2"),
        "White Archbishop a1 takes White Knight b2"
    );
}

#[test]
fn outcomes() {
    let mate = game_after("chess", CHESS_START, "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7");
    assert_eq!(
        mate.spoken_outcome().as_deref(),
        Some("White wins by checkmate")
    );
    let stalemate = game_after("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "");
    assert_eq!(
        stalemate.spoken_outcome().as_deref(),
        Some("Draw by stalemate")
    );
    let going = game_after("chess", CHESS_START, "e2e4");
    assert_eq!(going.spoken_outcome(), None);
    let fanorona = game_after("fanorona-chess", "5/5/5/5/5/3Q1/5/1K2k/5 w - - 0 1", "d4d2");
    assert_eq!(
        fanorona.spoken_outcome().as_deref(),
        Some("Yellow wins by checkmate")
    );
}

#[test]
fn squares() {
    let square = |variant: &str, fen: &str, name: &str| {
        asked(variant, fen, "", |v, p| v.spoken_square(p, at(name)))
    };
    assert_eq!(square("chess", CHESS_START, "g1"), "g1, White Knight");
    assert_eq!(square("chess", CHESS_START, "e4"), "e4, empty");
    assert_eq!(square("chess", CHESS_START, "i1"), "i1, off the board");
    let amoeba = "*rnknr*/*ppppp*/7/2***2/7/*PPPPP*/*RNKNR* w - 0 1";
    assert_eq!(square("amoeba", amoeba, "c4"), "c4, gap");
    let amphora = "*ppkpp*/**ppp**/*5*/7/7/*5*/**PPP**/*PPKPP* w Gg 00 0 1";
    assert_eq!(square("amphora", amphora, "a1"), "a1, off the board");
    let fanorona = "nrkrn/1bqb1/ppppp/5/5/5/PPPPP/1BQB1/NRKRN w Kk - 0 1";
    assert_eq!(square("fanorona-chess", fanorona, "c1"), "c1, Yellow King");
}

#[test]
fn pieces() {
    let pieces = |variant: &str, fen: &str, side: Side| {
        asked(variant, fen, "", |v, p| v.spoken_pieces(p, side))
    };
    assert_eq!(
        pieces("chess", CHESS_START, Side::White),
        "White: King e1; Queen d1; Rooks a1, h1; Bishops c1, f1; Knights b1, g1; Pawns a2, b2, c2, d2, e2, f2, g2, h2"
    );
    assert_eq!(
        pieces("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", Side::Black),
        "Black: King e8"
    );
    let amphora = "*ppkpp*/**ppp**/*5*/7/7/*5*/**PPP**/*PPKPP* w Gg 00 0 1";
    assert_eq!(
        pieces("amphora", amphora, Side::Black),
        "Black: King d8; Pawns b8, c7, c8, d7, e7, e8, f8; Guard in reserve"
    );
}

#[test]
fn to_move() {
    let to_move = |fen: &str, moves: &str| asked("chess", fen, moves, |v, p| v.spoken_to_move(p));
    assert_eq!(to_move(CHESS_START, ""), "White to move, move 1");
    assert_eq!(
        to_move(CHESS_START, "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7"),
        "Black to move, move 4, in check"
    );
    let fanorona = "nrkrn/1bqb1/ppppp/5/5/5/PPPPP/1BQB1/NRKRN w Kk - 0 1";
    assert_eq!(
        asked("fanorona-chess", fanorona, "", |v, p| v.spoken_to_move(p)),
        "Yellow to move, move 1"
    );
}

#[test]
fn chess_attackers_and_defenders() {
    let moves = "e2e4 d7d5 b1c3 g8f6";
    let on = |square: &str| attackers("chess", CHESS_START, moves, square);
    assert_eq!(
        on("e4"),
        "e4: attacked by Black Knight f6, Black Pawn d5; defended by White Knight c3"
    );
    assert_eq!(
        on("d5"),
        "d5: attacked by White Knight c3, White Pawn e4; defended by Black Queen d8, Black Knight f6"
    );
    assert_eq!(
        on("a2"),
        "a2: no piece attacks it; defended by White Rook a1, White Knight c3"
    );
    assert_eq!(on("e5"), "e5: reached by White Pawn e4, Black Pawn e7");
    assert_eq!(
        on("h5"),
        "h5: reached by White Queen d1, Black Knight f6, Black Pawn h7"
    );
}

#[test]
fn odd_variants_attackers_by_every_capture() {
    let approach = "4k/5/5/5/5/5/r2Rp/5/K4 w - - 0 1";
    assert_eq!(
        attackers("fanorona-chess", approach, "", "a3"),
        "a3: attacked by Yellow King a1, Yellow Rook d3; not defended"
    );
    let withdrawal = "4k/5/5/2p2/2R2/5/5/5/K4 w - - 0 1";
    assert_eq!(
        attackers("fanorona-chess", withdrawal, "", "c6"),
        "c6: attacked by Yellow Rook c5; not defended"
    );
    let intercepted = "*4k*/**3**/*5*/2P4/3g3/*5*/**2P**/*K4* w G 00 0 1";
    assert_eq!(
        attackers("amphora", intercepted, "", "d4"),
        "d4: attacked by White Pawn e2; not defended"
    );
    let telekinesis = "*5*/**1P1**/*5*/p4kp/7/*5*/**3**/*K4* w Gg 00 0 1";
    assert_eq!(
        attackers("amphora", telekinesis, "", "a5"),
        "a5: attacked by White Pawn d7; not defended"
    );
}

#[test]
fn every_variant_speaks_every_turn_and_location_of_its_start() {
    for variant in setups() {
        let pos = variant.start();
        for turn in variant.legal_turns(pos) {
            let words = variant.spoken_turn(pos, &turn);
            let side = variant.data().side_name(pos.side);
            assert!(words.starts_with(side), "{}: {words}", name(variant));
        }
        for index in 0..LOC_COUNT {
            let loc = Loc::from_index(index).expect("a location");
            assert!(
                variant
                    .spoken_square(pos, loc)
                    .starts_with(&loc.to_string())
            );
            assert!(
                variant
                    .spoken_attackers(pos, loc)
                    .starts_with(&loc.to_string())
            );
        }
        for side in Side::BOTH {
            assert!(
                variant
                    .spoken_pieces(pos, side)
                    .contains(variant.data().side_name(side))
            );
        }
    }
}
