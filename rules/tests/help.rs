//! What the engine tells the game for its help: a diagram of each piece's movement, and the
//! piece a removal from the reserve takes.

use oddboard_rules::{Kind, Loc, Piece, RulesExt, Side, Variant, all_data};

#[test]
fn every_piece_of_every_variant_has_a_diagram_where_it_can_move() {
    for data in all_data().expect("every data file reads") {
        let options: Vec<String> = data.options.iter().map(|o| o.name.clone()).collect();
        let variant = Variant::load(&data.id, &options).expect("loads with every option");
        for kind in variant.letters().kinds() {
            for side in Side::BOTH {
                let piece = Piece::new(kind, side);
                let diagram = variant
                    .piece_diagram(piece)
                    .unwrap_or_else(|| panic!("{}: no diagram of {piece:?}", data.id));
                let position = &diagram.position;
                assert_eq!(position.board.piece(diagram.at), Some(piece), "{}", data.id);
                assert_eq!(position.side, side);
                assert!(!diagram.reach.is_empty(), "{}: {piece:?}", data.id);
                assert_eq!(diagram.reach, variant.piece_reach(position, diagram.at));
                let mut others = position.board.pieces().filter(|(at, _)| *at != diagram.at);
                assert!(others.all(|(_, p)| p.kind == Kind::King), "{}", data.id);
            }
        }
    }
}

#[test]
fn a_piece_the_game_lacks_has_no_diagram() {
    let chess = Variant::load("chess", &[]).expect("chess loads");
    assert!(
        chess
            .piece_diagram(Piece::new(Kind::Guard, Side::White))
            .is_none()
    );
}

#[test]
fn the_reserve_amphora_removes_from_holds_the_guard() {
    let amphora = Variant::load("amphora", &[]).expect("amphora loads");
    let guard = amphora.reserve_piece(Side::Black);
    assert_eq!(guard, Some(Piece::new(Kind::Guard, Side::Black)));
    let name = amphora.data().piece(Kind::Guard).map(|p| p.name.as_str());
    assert_eq!(name, Some("Guard"));
    let chess = Variant::load("chess", &[]).expect("chess loads");
    assert_eq!(chess.reserve_piece(Side::Black), None);
}

#[test]
fn squares_are_shaded_as_on_a_chessboard_with_a1_dark() {
    let shade = |name: &str| Loc::parse(name).expect("a square").is_light();
    assert!(!shade("a1"));
    assert!(shade("h1"));
    assert!(shade("a8"));
    assert!(!shade("e5"));
    assert!(!shade("k9"));
}
