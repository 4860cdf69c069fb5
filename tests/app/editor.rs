//! The position editor, through the same requests its panel sends: pieces put and taken off,
//! rights dropped by themselves and set by their checkboxes, a position the engine refuses (its
//! reason shown in a player's words, no game started), the FEN box, and a game started from
//! the position set up, between people or against the computer.

use crate::support::*;
use oddboard::app::editor::setup::{Brush, Editor, EditorAction};
use oddboard::app::shared::players::{Player, Players};
use oddboard::app::shared::screen::Screen;
use oddboard::rules::{Castling, Kind, Level, Loc, Piece, Side, StateKey};

fn act(app: &mut App, action: EditorAction) {
    app.world_mut().write_message(action);
    settle(app);
}

fn open(app: &mut App, variant: &str) {
    act(
        app,
        EditorAction::Open {
            variant: variant.into(),
            options: Vec::new(),
        },
    );
}

fn editor(app: &App) -> &Editor {
    app.world().resource::<Editor>()
}

fn sq(name: &str) -> Loc {
    Loc::parse(name).expect("square")
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

#[test]
fn a_piece_is_put_from_the_palette_and_taken_off_with_the_eraser() {
    let mut app = app();
    open(&mut app, "chess");
    assert_eq!(screen(&app), Screen::Editor);
    let queen = Piece::new(Kind::Queen, Side::White);
    act(&mut app, EditorAction::Brush(Brush::Piece(queen)));
    act(&mut app, EditorAction::Click(sq("e4")));
    assert_eq!(editor(&app).position().board.piece(sq("e4")), Some(queen));
    assert!(
        editor(&app).fen_text.contains("/4Q3/"),
        "{}",
        editor(&app).fen_text
    );
    act(&mut app, EditorAction::Brush(Brush::Erase));
    act(&mut app, EditorAction::Click(sq("e4")));
    assert_eq!(editor(&app).position().board.piece(sq("e4")), None);
}

#[test]
fn a_position_the_engine_refuses_shows_why_and_cannot_be_started() {
    let mut app = app();
    open(&mut app, "chess");
    act(&mut app, EditorAction::Clear);
    let problem = editor(&app).problem.clone().expect("refused: no Kings");
    assert_eq!(problem.advice, "Put the White King on the board.");
    assert!(
        problem.fen_words.starts_with("bad FEN: 'White'"),
        "{problem:?}"
    );
    act(&mut app, EditorAction::Start);
    assert_eq!(screen(&app), Screen::Editor, "no game started");
    assert!(app.world().get_resource::<ActiveGame>().is_none());
}

#[test]
fn the_fen_box_edits_the_same_position_and_a_bad_fen_is_named() {
    const FEN: &str = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let mut app = app();
    open(&mut app, "chess");
    act(
        &mut app,
        EditorAction::Fen("4k3/8/8/8/8/8/4P3/4X3 w - - 0 1".into()),
    );
    let problem = editor(&app).problem.clone().expect("refused");
    assert!(
        problem.fen_words.contains('X'),
        "names the bad token: {problem:?}"
    );
    act(&mut app, EditorAction::Fen(FEN.into()));
    assert_eq!(editor(&app).problem, None);
    assert_eq!(editor(&app).fen_text, FEN);
    assert_eq!(editor(&app).position().board.pieces().count(), 3);
}

/// Every variant's start FEN, each third character dropped or replaced in turn, typed into
/// the FEN box: nothing panics; a refused text stays in the box with a one-line reason, and the
/// position set up stays one the engine accepts; an accepted one is written back as FEN.
#[test]
fn mutated_fens_typed_in_the_fen_box_never_panic_and_are_named() {
    let mut app = app();
    let mut open_variant = "";
    for (id, text) in mutated_start_fens() {
        if id != open_variant {
            open(&mut app, id);
            open_variant = id;
        }
        act(&mut app, EditorAction::Fen(text.clone()));
        let editor = editor(&app);
        if let Some(problem) = &editor.problem {
            assert!(
                !problem.fen_words.contains('\n'),
                "{id} {text}: {problem:?}"
            );
            assert!(!problem.advice.contains('\n'), "{id} {text}: {problem:?}");
        }
        let refused_as_typed = editor.problem.is_some() && editor.fen_text == text;
        if !refused_as_typed {
            let written = editor.variant().fen(editor.position());
            assert_eq!(editor.fen_text, written, "{id} {text}");
        }
    }
}

#[test]
fn a_game_starts_from_the_position_set_up() {
    let mut app = app();
    open(&mut app, "chess");
    act(&mut app, EditorAction::Brush(Brush::Erase));
    act(&mut app, EditorAction::Click(sq("d8")));
    act(&mut app, EditorAction::SideToMove(Side::Black));
    let fen = editor(&app).fen_text.clone();
    assert!(fen.starts_with("rnb1kbnr/"), "{fen}");
    act(&mut app, EditorAction::Start);
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(game(&app).record().start, fen);
    assert_eq!(game(&app).position().side, Side::Black);
    assert!(
        app.world().get_resource::<Editor>().is_none(),
        "the editor is closed"
    );
    assert_view_matches_game(&mut app);
}

#[test]
fn the_gaps_of_a_shaped_board_take_no_piece() {
    let mut app = app();
    open(&mut app, "amphora");
    let before = editor(&app).fen_text.clone();
    act(
        &mut app,
        EditorAction::Brush(Brush::Piece(Piece::new(Kind::Pawn, Side::White))),
    );
    act(&mut app, EditorAction::Click(sq("a1")));
    assert_eq!(editor(&app).fen_text, before, "a1 is outside Amphora's jug");
    act(&mut app, EditorAction::Close);
    assert_eq!(screen(&app), Screen::Menu);
}

/// The steps: the board cleared, the two Kings and a White Rook on a1 put by hand.
/// The castling rights the pieces no longer allow are dropped by themselves; the one they
/// allow is kept and can be unticked; the game starts.
#[test]
fn kings_and_a_rook_put_by_hand_make_a_position_that_starts() {
    let mut app = app();
    open(&mut app, "chess");
    act(&mut app, EditorAction::Clear);
    for (square, kind, side) in [
        ("e1", Kind::King, Side::White),
        ("e8", Kind::King, Side::Black),
        ("a1", Kind::Rook, Side::White),
    ] {
        act(
            &mut app,
            EditorAction::Brush(Brush::Piece(Piece::new(kind, side))),
        );
        act(&mut app, EditorAction::Click(sq(square)));
    }
    assert_eq!(editor(&app).problem, None);
    assert_eq!(editor(&app).fen_text, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    act(
        &mut app,
        EditorAction::State(StateKey::Castling(Castling::WHITE_QUEEN), 0),
    );
    assert_eq!(editor(&app).fen_text, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    act(
        &mut app,
        EditorAction::State(StateKey::Castling(Castling::WHITE_KING), 1),
    );
    assert_eq!(
        editor(&app).fen_text,
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "no Rook on h1: the right cannot be ticked"
    );
    act(&mut app, EditorAction::Start);
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(game(&app).record().start, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
}

#[test]
fn a_game_against_the_computer_starts_from_the_editor() {
    let mut app = app();
    open(&mut app, "chess");
    let players = Players([Player::Person, Player::Computer(Level::ALL[0])]);
    act(&mut app, EditorAction::Players(players));
    act(&mut app, EditorAction::Start);
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(*app.world().resource::<Players>(), players);
}

#[test]
fn fanorona_lost_pieces_are_set_by_a_count_within_what_left_the_board() {
    let mut app = app();
    open(&mut app, "fanorona-chess");
    let rook = Piece::new(Kind::Rook, Side::Black);
    act(&mut app, EditorAction::State(StateKey::Reserve(rook), 1));
    assert!(
        editor(&app).fen_text.contains(" Kk - "),
        "both Rooks stand: none lost"
    );
    act(&mut app, EditorAction::Brush(Brush::Erase));
    act(&mut app, EditorAction::Click(sq("b9")));
    act(&mut app, EditorAction::State(StateKey::Reserve(rook), 1));
    assert!(
        editor(&app).fen_text.contains(" Kk r "),
        "{}",
        editor(&app).fen_text
    );
}

/// Amoeba's gaps are set up by hand too: a square made a gap leaves one gap too many, which is
/// refused in a player's words; a gap made a square puts it right, and a last slide the new
/// gaps rule out is dropped.
#[test]
fn amoebas_gaps_move_with_the_gap_brush() {
    let mut app = app();
    open(&mut app, "amoeba");
    act(
        &mut app,
        EditorAction::Fen("*rnknr*/*ppppp*/7/1*1**2/7/*PPPPP*/*RNKNR* b b4c4 0 1".into()),
    );
    assert_eq!(editor(&app).problem, None);
    act(&mut app, EditorAction::Brush(Brush::Gap));
    act(&mut app, EditorAction::Click(sq("c3")));
    let problem = editor(&app).problem.clone().expect("twelve gaps");
    assert_eq!(
        problem.advice,
        "Amoeba's board has 11 gaps; this one has 12."
    );
    act(&mut app, EditorAction::Click(sq("b4")));
    assert_eq!(editor(&app).problem, None);
    assert!(
        editor(&app)
            .fen_text
            .starts_with("*rnknr*/*ppppp*/7/3**2/2*4/"),
        "{}",
        editor(&app).fen_text
    );
    assert!(
        editor(&app).fen_text.contains(" - "),
        "the slide from b4 could not have been played: {}",
        editor(&app).fen_text
    );
}

#[test]
fn a_board_of_fixed_shape_has_no_gap_brush() {
    let mut app = app();
    open(&mut app, "chess");
    let before = editor(&app).fen_text.clone();
    act(&mut app, EditorAction::Brush(Brush::Gap));
    act(&mut app, EditorAction::Click(sq("e4")));
    assert_eq!(editor(&app).fen_text, before);
}
