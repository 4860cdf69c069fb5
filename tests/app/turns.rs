//! Whole turns of every variant played by clicks, checked in the game and on the board.

use crate::support::*;
use oddboard::app::shared::turn_builder::{Choice, Part, PromotionOffer};
use oddboard::rules::{Kind, Loc, Piece, RulesExt, Side};

#[test]
fn chess_pawn_move_by_two_clicks() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    assert_eq!(shown_pieces(&mut app).len(), 32);
    let pawn = piece_entity(&mut app, "e2");
    let squares = square_entities(&mut app);
    click(&mut app, "e2");
    assert_eq!(question(&app), Some(Part::To));
    click(&mut app, "e4");
    assert_eq!(piece_entity(&mut app, "e4"), pawn, "the Pawn glided");
    assert_eq!(square_entities(&mut app), squares, "nothing was redrawn");
    assert_eq!(
        fen(&app),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    assert_eq!(
        shown_pieces(&mut app).get(&Loc::parse("e4").unwrap()),
        Some(&Piece::new(Kind::Pawn, Side::White))
    );
    assert_view_matches_game(&mut app);
}

#[test]
fn clicking_another_own_piece_picks_it_instead() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    click(&mut app, "e2");
    click(&mut app, "g1");
    click(&mut app, "f3");
    assert_eq!(game(&app).turn_texts(), ["g1f3"]);
}

#[test]
fn fanorona_asks_approach_or_withdrawal() {
    const FEN: &str = "k4/5/5/2p2/2R2/5/5/2n2/4K w - - 0 1";
    let mut app = app();
    start(&mut app, "fanorona-chess", &[], Some(FEN));
    click(&mut app, "c5");
    click(&mut app, "c3");
    assert_eq!(question(&app), Some(Part::Removal));
    click(&mut app, "c2");
    assert_eq!(game(&app).turn_texts(), ["c5c3xc2"]);
    let pieces = shown_pieces(&mut app);
    assert_eq!(
        pieces.len(),
        4,
        "the Knight on c2 is gone, the Pawn on c6 stays"
    );
    assert!(!pieces.contains_key(&Loc::parse("c2").unwrap()));
    assert_view_matches_game(&mut app);
}

#[test]
fn fanorona_withdrawal_chosen_on_the_board() {
    const FEN: &str = "k4/5/5/2p2/2R2/5/5/2n2/4K w - - 0 1";
    let mut app = app();
    start(&mut app, "fanorona-chess", &[], Some(FEN));
    click(&mut app, "c5");
    click(&mut app, "c3");
    click(&mut app, "c6");
    assert_eq!(game(&app).turn_texts(), ["c5c3xc6"]);
    assert_view_matches_game(&mut app);
}

#[test]
fn undo_redraws_the_board() {
    let mut app = app();
    start(&mut app, "chess", &[], None);
    click(&mut app, "e2");
    click(&mut app, "e4");
    app.world_mut().write_message(Command::Undo);
    settle(&mut app);
    assert!(game(&app).turns().is_empty());
    assert_view_matches_game(&mut app);
}

#[test]
fn promotion_is_chosen_in_the_panel() {
    const FEN: &str = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    let mut app = app();
    start(&mut app, "chess", &[], Some(FEN));
    click(&mut app, "b7");
    click(&mut app, "b8");
    assert_eq!(question(&app), Some(Part::Promotion));
    choose(
        &mut app,
        Choice::Promotion(Some(Piece::new(Kind::Knight, Side::White))),
    );
    assert_eq!(game(&app).turn_texts(), ["b7b8=N"]);
    assert_view_matches_game(&mut app);
}

#[test]
fn amphora_guard_placement_then_telekinesis_choice() {
    const FEN: &str = "*k4*/**1P1**/*5*/7/3p3/*5*/**3**/*K4* w G+g 00 0 1";
    let mut app = app();
    start(&mut app, "amphora", &[], Some(FEN));
    assert_eq!(question(&app), Some(Part::Placement));
    click(&mut app, "c1");
    assert_eq!(question(&app), Some(Part::From));
    click(&mut app, "d7");
    click(&mut app, "d8");
    assert_eq!(
        question(&app),
        Some(Part::Removal),
        "remove the Pawn on d4, or nothing"
    );
    click(&mut app, "d4");
    assert_eq!(game(&app).turn_texts(), ["G@c1,d7d8xd4"]);
    let pieces = shown_pieces(&mut app);
    assert_eq!(
        pieces.get(&Loc::parse("c1").unwrap()),
        Some(&Piece::new(Kind::Guard, Side::White))
    );
    assert!(!pieces.contains_key(&Loc::parse("d4").unwrap()));
    assert_view_matches_game(&mut app);
}

#[test]
fn amphora_telekinesis_declined_from_the_panel() {
    const FEN: &str = "*k4*/**1P1**/*5*/7/3p3/*5*/**3**/*K4* w Gg 00 0 1";
    let mut app = app();
    start(&mut app, "amphora", &[], Some(FEN));
    click(&mut app, "d7");
    click(&mut app, "d8");
    choose(&mut app, Choice::Removal(None));
    assert_eq!(game(&app).turn_texts(), ["d7d8"]);
    assert_view_matches_game(&mut app);
}

#[test]
fn amoeba_move_then_slide() {
    let mut app = app();
    start(&mut app, "amoeba", &[], None);
    assert_eq!(shown_squares(&mut app).len(), 38);
    let before = square_entities(&mut app);
    let a3 = before[&Loc::parse("a3").unwrap()];
    click(&mut app, "b2");
    click(&mut app, "b3");
    assert_eq!(question(&app), Some(Part::Slide));
    click(&mut app, "a3");
    click(&mut app, "a2");
    assert_eq!(game(&app).turn_texts(), ["b2b3,~a3a2"]);
    let squares = shown_squares(&mut app);
    assert_eq!(squares.len(), 38);
    assert!(squares.contains(&Loc::parse("a2").unwrap()));
    assert!(!squares.contains(&Loc::parse("a3").unwrap()));
    let after = square_entities(&mut app);
    assert_eq!(
        after[&Loc::parse("a2").unwrap()],
        a3,
        "the square itself slid"
    );
    assert_eq!(
        after.values().collect::<std::collections::HashSet<_>>(),
        before.values().collect(),
        "no square was redrawn"
    );
    assert_view_matches_game(&mut app);
}

#[test]
fn amoeba_move_without_slide() {
    let mut app = app();
    start(&mut app, "amoeba", &[], None);
    click(&mut app, "b2");
    click(&mut app, "b3");
    choose(&mut app, Choice::Slide(None));
    assert_eq!(game(&app).turn_texts(), ["b2b3"]);
    assert_view_matches_game(&mut app);
}

#[test]
fn every_variant_plays_a_turn_by_clicks() {
    for (variant, from, to) in [
        ("double-fanorona-chess", "e2", "e4"),
        ("american-chess", "a4", "a5"),
        ("pawns-to-kings", "a2", "b3"),
        ("fanorona-chess", "c1", "a2"),
    ] {
        let mut app = app();
        start(&mut app, variant, &[], None);
        click_move_animated(&mut app, from, to);
        assert_eq!(
            game(&app).turn_texts(),
            [format!("{from}{to}")],
            "{variant}"
        );
        assert_view_matches_game(&mut app);
    }
}

#[test]
fn a_capture_with_promotion_keeps_the_view_in_step() {
    const FEN: &str = "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    let mut app = app();
    start(&mut app, "chess", &[], Some(FEN));
    click(&mut app, "a7");
    click(&mut app, "b8");
    choose(
        &mut app,
        Choice::Promotion(Some(Piece::new(Kind::Queen, Side::White))),
    );
    assert_eq!(game(&app).turn_texts(), ["a7b8=Q"]);
    assert_eq!(
        shown_pieces(&mut app).get(&Loc::parse("b8").unwrap()),
        Some(&Piece::new(Kind::Queen, Side::White))
    );
    assert_view_matches_game(&mut app);
}

#[test]
fn a_promotion_is_offered_on_the_board_at_its_square() {
    const FEN: &str = "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    let mut app = app();
    start(&mut app, "chess", &[], Some(FEN));
    click(&mut app, "a7");
    click(&mut app, "b8");
    let offer = builder(&app).promotion_offer().expect("offered");
    assert_eq!(offer.at, Loc::parse("b8").unwrap());
    let pieces: Vec<Option<Piece>> = offer.options.iter().map(PromotionOffer::piece).collect();
    for kind in [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight] {
        assert!(
            pieces.contains(&Some(Piece::new(kind, Side::White))),
            "{kind:?}"
        );
    }
    choose(&mut app, offer.options[0]);
    assert!(builder(&app).promotion_offer().is_none(), "chosen");
    assert_view_matches_game(&mut app);
}

#[test]
fn pawns_to_kings_offers_the_enemy_king_on_the_board() {
    // White's Pawn on g7 must promote: an enemy King, or an own Chancellor or Queen.
    const FEN: &str = "6n1/p5P1/8/8/8/8/8/S7 w 0 41";
    let mut app = app();
    start(&mut app, "pawns-to-kings", &[], Some(FEN));
    click(&mut app, "g7");
    click(&mut app, "g8");
    let offer = builder(&app).promotion_offer().expect("offered");
    let pieces: Vec<Option<Piece>> = offer.options.iter().map(PromotionOffer::piece).collect();
    assert!(pieces.contains(&Some(Piece::new(Kind::King, Side::Black))));
    assert!(pieces.contains(&Some(Piece::new(Kind::Queen, Side::White))));
}

fn builder(app: &App) -> &oddboard::app::shared::turn_builder::TurnBuilder {
    &app.world().resource::<Builder>().0
}

/// The shipped variant file of `id`.
fn shipped(id: &str) -> String {
    format!("{}/variants/{id}.ron", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn a_crazyhouse_drop_is_picked_from_the_hand_then_put_on_its_square() {
    const FEN: &str = "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - NP - 0 1";
    let mut app = app();
    start(&mut app, &shipped("crazyhouse"), &[], Some(FEN));
    assert_eq!(question(&app), Some(Part::Placement));
    let knight = game(&app).variant().letters().piece('N').expect("a Knight");
    let pawn = game(&app).variant().letters().piece('P').expect("a Pawn");
    assert_eq!(builder(&app).hand(), [pawn, knight]);
    assert!(
        builder(&app).placements_offered().is_empty(),
        "no square is marked before a piece is picked"
    );
    click(&mut app, "e5");
    assert!(
        game(&app).turn_texts().is_empty(),
        "an empty square alone drops nothing"
    );
    app.world_mut().write_message(Command::PickFromHand(knight));
    app.update();
    assert_eq!(builder(&app).dropping(), Some(knight));
    assert!(
        builder(&app)
            .placements_offered()
            .contains(&(knight, Loc::parse("e5").unwrap())),
    );
    click(&mut app, "e5");
    assert_eq!(game(&app).turn_texts(), ["N@e5"]);
    assert_eq!(
        shown_pieces(&mut app).get(&Loc::parse("e5").unwrap()),
        Some(&knight)
    );
    assert_view_matches_game(&mut app);
}

#[test]
fn with_a_piece_picked_from_the_hand_a_click_on_an_own_piece_still_moves_it() {
    const FEN: &str = "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - N - 0 1";
    let mut app = app();
    start(&mut app, &shipped("crazyhouse"), &[], Some(FEN));
    let knight = game(&app).variant().letters().piece('N').expect("a Knight");
    app.world_mut().write_message(Command::PickFromHand(knight));
    app.update();
    click(&mut app, "e2");
    click(&mut app, "e4");
    assert_eq!(game(&app).turn_texts(), ["e2e4"]);
}
