//! The position editor's part of the engine: the rule state a player sets by hand, dropped by
//! itself when the pieces no longer allow it, and a refused position explained in a player's
//! words.

use oddboard_rules::{Castling, Kind, Loc, Piece, Position, RulesExt, Side, StateKey, Variant};

fn variant(id: &str) -> Variant {
    Variant::load(id, &[]).expect("the variant loads")
}

fn at(square: &str) -> Loc {
    Loc::parse(square).expect("a square")
}

/// Each editor control of `variant` in `pos`, by its label, with the most the pieces allow.
fn allowed_controls(variant: &Variant, pos: &Position) -> Vec<(String, u32)> {
    variant
        .state_controls(pos)
        .into_iter()
        .map(|c| (c.label, c.max))
        .collect()
}

/// `variant`'s position from `fen` with its board edited by `edit`, then settled as the editor
/// settles it after every click.
fn edited(variant: &Variant, fen: &str, edit: impl FnOnce(&mut Position)) -> Position {
    let mut pos = variant.parse_fen(fen).expect("the FEN reads");
    edit(&mut pos);
    variant.settle(&mut pos);
    pos
}

#[test]
fn a_board_cleared_and_set_by_hand_keeps_only_the_castling_its_pieces_allow() {
    let chess = variant("chess");
    let pos = edited(
        &chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        |pos| {
            let occupied: Vec<Loc> = pos.board.pieces().map(|(loc, _)| loc).collect();
            for loc in occupied {
                pos.board.clear(loc);
            }
            pos.board.put(at("e1"), Piece::new(Kind::King, Side::White));
            pos.board.put(at("e8"), Piece::new(Kind::King, Side::Black));
            pos.board.put(at("a1"), Piece::new(Kind::Rook, Side::White));
        },
    );
    assert_eq!(chess.fen(&pos), "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert!(chess.parse_fen(&chess.fen(&pos)).is_ok());
    let allowed = allowed_controls(&chess, &pos);
    assert_eq!(
        allowed,
        [
            ("White may castle king-side".to_string(), 0),
            ("White may castle queen-side".to_string(), 1),
            ("Black may castle king-side".to_string(), 0),
            ("Black may castle queen-side".to_string(), 0),
        ]
    );
}

#[test]
fn a_castling_right_ticked_by_the_player_is_kept_when_the_pieces_allow_it() {
    let chess = variant("chess");
    let pos = edited(&chess, "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", |pos| {
        pos.set_state_value(StateKey::Castling(Castling::BLACK_KING), 1);
        pos.set_state_value(StateKey::Castling(Castling::WHITE_QUEEN), 1);
    });
    assert_eq!(chess.fen(&pos), "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 0 1");
}

#[test]
fn an_en_passant_square_is_dropped_when_its_pawn_is_taken_off() {
    let chess = variant("chess");
    let pos = edited(&chess, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 3", |pos| {
        pos.board.clear(at("d5"));
    });
    assert_eq!(pos.state.en_passant, None);
}

#[test]
fn a_position_without_a_king_is_refused_in_a_players_words() {
    let chess = variant("chess");
    let error = chess
        .parse_fen("8/8/8/8/8/8/8/R3K3 w - - 0 1")
        .expect_err("Black has no King");
    assert_eq!(error.advice(), Some("Put the Black King on the board."));
    assert!(error.to_string().starts_with("bad FEN: 'Black'"));
}

#[test]
fn fanorona_lost_pieces_are_bounded_by_the_setup_less_the_board() {
    let fanorona = variant("fanorona-chess");
    let rook = Piece::new(Kind::Rook, Side::White);
    let pos = edited(
        &fanorona,
        "nrkrn/1bqb1/ppppp/5/5/5/PPPPP/1BQB1/NRKRN w Kk - 0 1",
        |pos| {
            pos.board.clear(at("b1"));
            pos.set_state_value(StateKey::Reserve(rook), 2);
        },
    );
    assert_eq!(pos.state.reserve.count(rook), 1, "one Rook left the board");
    let pos = edited(&fanorona, &fanorona.fen(&pos), |pos| {
        pos.board.clear(at("c1"));
        pos.board.put(at("c2"), Piece::new(Kind::King, Side::White));
    });
    assert_eq!(pos.state_value(StateKey::LeapRight(Side::White)), 0);
    assert_eq!(pos.state_value(StateKey::LeapRight(Side::Black)), 1);
}

#[test]
fn amphoras_guard_leaves_the_hand_when_it_is_put_on_the_board() {
    let amphora = variant("amphora");
    let guard = Piece::new(Kind::Guard, Side::White);
    let start = "*ppkpp*/**ppp**/*5*/7/7/*5*/**PPP**/*PPKPP* w G+g 00 0 1";
    let pos = edited(&amphora, start, |pos| pos.board.put(at("d4"), guard));
    assert_eq!(pos.state.reserve.count(guard), 0);
    assert!(!pos.state.placement_right, "no Guard left to place");
    assert!(amphora.parse_fen(&amphora.fen(&pos)).is_ok());
}

#[test]
fn american_chess_turn_is_set_within_the_turn_limit() {
    let american = variant("american-chess");
    let pos = edited(&american, american.data().start.as_str(), |pos| {
        pos.set_state_value(StateKey::MoveNumber, 99);
    });
    assert_eq!(pos.fullmove, 51);
    let pos = edited(&american, &american.fen(&pos), |pos| {
        pos.set_state_value(StateKey::MoveNumber, 0);
    });
    assert_eq!(pos.fullmove, 1);
}

/// The shipped variant file of `id`.
fn shipped(id: &str) -> Variant {
    let path = format!("{}/../variants/{id}.ron", env!("CARGO_MANIFEST_DIR"));
    Variant::load(&path, &[]).expect("the file loads")
}

#[test]
fn a_variant_files_castling_rights_are_offered_where_its_pieces_are_home() {
    let chess = shipped("chess");
    let pos = edited(&chess, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", |_| {});
    let allowed = allowed_controls(&chess, &pos);
    assert_eq!(
        allowed,
        [
            ("White may castle to g1".to_string(), 0),
            ("Black may castle to g8".to_string(), 0),
            ("White may castle to c1".to_string(), 1),
            ("Black may castle to c8".to_string(), 0),
        ]
    );
}

#[test]
fn a_variant_files_right_goes_when_its_rook_is_taken_off() {
    let chess = shipped("chess");
    let pos = edited(&chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", |pos| {
        pos.board.clear(at("h8"))
    });
    assert_eq!(chess.fen(&pos), "r3k3/8/8/8/8/8/8/R3K2R w KQq - 0 1");
}

#[test]
fn a_variant_files_pieces_in_hand_are_set_and_shown() {
    let crazyhouse = shipped("crazyhouse");
    let mut pos = edited(
        &crazyhouse,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - - - 0 1",
        |_| {},
    );
    let knight = crazyhouse.letters().piece('N').expect("a Knight");
    assert!(
        crazyhouse
            .state_controls(&pos)
            .iter()
            .any(|c| c.key == StateKey::Reserve(knight) && c.max > 0),
        "a Knight may be put in White's hand"
    );
    pos.set_state_value(StateKey::Reserve(knight), 2);
    crazyhouse.settle(&mut pos);
    assert_eq!(
        crazyhouse.counters(&pos),
        [
            ("White holds".to_string(), "2 × Knight".to_string()),
            ("Black holds".to_string(), "nothing".to_string()),
        ]
    );
    assert!(crazyhouse.parse_fen(&crazyhouse.fen(&pos)).is_ok());
}

#[test]
fn a_variant_files_placement_right_needs_the_piece_in_hand() {
    let amphora = shipped("amphora");
    let guard = amphora.letters().piece('G').expect("a Guard");
    let pos = edited(
        &amphora,
        "*ppkpp*/**ppp**/*5*/7/7/*5*/**PPP**/*PPKPP* w G+g 00 0 1",
        |pos| assert!(pos.state.reserve.take(guard)),
    );
    assert_eq!(
        amphora.fen(&pos),
        "*ppkpp*/**ppp**/*5*/7/7/*5*/**PPP**/*PPKPP* w g 00 0 1"
    );
    assert_eq!(amphora.reserve_piece(Side::White), Some(guard));
}
