//! The analysis board: turned on by its key, it searches the position shown on a thread of its
//! own and shows the best lines, the threat and the best turn as an arrow; it starts again on a
//! new position and its thread ends when it is turned off; a line is stepped through on the
//! board without changing the game, as it was clicked whatever the analysis finds meanwhile,
//! and the position it shows is the one analysed; a finished game is reviewed (its graph and its blunder);
//! the editor opens a position on it; lessons and games over the network never get it. The
//! engine searches to a fixed depth here (the same work on any machine); waits are bounded.

use crate::support::*;
use oddboard::app::analysis::eval::Eval;
use oddboard::app::analysis::live::{Analysis, AnalysisArrow, AnalysisLimits, LineStep, Stepping};
use oddboard::app::analysis::review::{Review, ReviewLimits, Severity};
use oddboard::app::analysis::worker::{Threads, Threat};
use oddboard::app::editor::setup::EditorAction;
use oddboard::app::learn::on_board::StudyAction;
use oddboard::app::shared::game::{Online, Viewing};
use oddboard::app::shared::players::Players;
use oddboard::rules::{GameRecord, Limits, Loc, Side, Turn};

/// The depth every search here goes to.
const DEPTH: u32 = 3;

/// A headless app whose analysis and reviews search `DEPTH` plies deep.
fn analysis_app() -> App {
    let mut app = app();
    let limits = Limits {
        depth: Some(DEPTH),
        ..Limits::default()
    };
    app.insert_resource(AnalysisLimits(limits))
        .insert_resource(ReviewLimits(limits));
    app
}

fn analysis(app: &App) -> &Analysis {
    app.world().resource::<Analysis>()
}

fn threads(app: &App) -> usize {
    app.world().resource::<Threads>().running()
}

/// Waits until the analysis has searched the position shown to the full depth.
fn until_analysed(app: &mut App) {
    run_until(app, "the analysis's lines", |app| {
        analysis(app).findings.depth == DEPTH && analysis(app).findings.threat.is_some()
    });
    settle(app);
}

fn turn(from: &str, to: &str) -> Turn {
    Turn::new(
        Loc::parse(from).expect("square"),
        Loc::parse(to).expect("square"),
    )
}

fn arrows(app: &mut App, kind: AnalysisArrow) -> usize {
    let world = app.world_mut();
    world
        .query::<&AnalysisArrow>()
        .iter(world)
        .filter(|arrow| **arrow == kind)
        .count()
}

/// White wins Black's Queen with the Rook.
const QUEEN_HANGS: &str = "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1";

#[test]
fn the_key_turns_analysis_on_and_it_finds_the_best_turn_with_lines_and_the_threat() {
    let mut app = analysis_app();
    start(&mut app, "chess", &[], Some(QUEEN_HANGS));
    assert_eq!(threads(&app), 0, "no thread while the analysis is off");
    press(&mut app, KeyCode::KeyA, false);
    assert!(analysis(&app).on);
    until_analysed(&mut app);
    let findings = &analysis(&app).findings;
    assert_eq!(findings.lines.len(), 3, "three lines");
    let best = &findings.lines[0];
    assert_eq!(best.first(), Some(turn("d1", "d5")));
    assert_eq!(best.moves[0], "1. Rxd5", "in the move list's notation");
    assert!(
        matches!(best.eval, Eval::Pawns(cp) if cp > 500)
            || matches!(
                best.eval,
                Eval::Decided {
                    winner: Side::White,
                    ..
                }
            ),
        "White is winning: {:?}",
        best.eval
    );
    assert!(best.eval.bounded() >= findings.lines[1].eval.bounded());
    assert!(
        matches!(&findings.threat, Some(Threat::Line(line)) if !line.turns.is_empty()),
        "the threat is searched: {:?}",
        findings.threat
    );
    assert_eq!(
        arrows(&mut app, AnalysisArrow::Best),
        2,
        "the arrow's shaft and head"
    );
    assert_eq!(arrows(&mut app, AnalysisArrow::Threat), 2);
    assert_eq!(game(&app).turns().len(), 0, "the game is untouched");
}

#[test]
fn a_new_position_starts_the_analysis_again_and_turning_it_off_ends_the_thread() {
    let mut app = analysis_app();
    start(&mut app, "chess", &[], Some(QUEEN_HANGS));
    press(&mut app, KeyCode::KeyA, false);
    until_analysed(&mut app);
    assert_eq!(threads(&app), 1);
    click(&mut app, "d1");
    click(&mut app, "d5");
    assert_eq!(game(&app).turns().len(), 1);
    until_analysed(&mut app);
    let best = analysis(&app).best().expect("a best turn");
    let legal = game(&app).legal_turns();
    assert!(legal.contains(&best), "Black's turn now: {best:?}");
    assert!(analysis(&app).findings.lines[0].moves[0].starts_with("1…"));
    command(&mut app, Command::View(Some(0)));
    until_analysed(&mut app);
    assert_eq!(
        analysis(&app).best(),
        Some(turn("d1", "d5")),
        "the earlier position shown is analysed"
    );
    assert_eq!(threads(&app), 1, "one thread, handed each position");
    press(&mut app, KeyCode::KeyA, false);
    assert!(!analysis(&app).on && !analysis(&app).running());
    run_until(&mut app, "the thread to end", |app| threads(app) == 0);
    assert_eq!(
        arrows(&mut app, AnalysisArrow::Best),
        0,
        "the arrows go with it"
    );
}

#[test]
fn a_line_is_stepped_through_on_the_board_without_changing_the_game() {
    let mut app = analysis_app();
    start(&mut app, "chess", &[], None);
    press(&mut app, KeyCode::KeyA, false);
    until_analysed(&mut app);
    let line = analysis(&app).findings.lines[0].clone();
    assert!(line.turns.len() >= 2, "{line:?}");
    let step = |app: &mut App, step: LineStep| {
        app.world_mut().write_message(step);
        settle(app);
    };
    let shown = |app: &App| *app.world().resource::<Viewing>();
    step(
        &mut app,
        LineStep::Open {
            line: line.clone(),
            upto: 1,
        },
    );
    let variant = game(&app).variant().clone();
    let after = |n: usize| {
        line.turns[..n]
            .iter()
            .fold(*variant.start(), |pos, t| variant.play_unchecked(&pos, t))
    };
    assert_eq!(shown(&app).line.map(|l| l.position), Some(after(2)));
    assert_view_matches_game(&mut app);
    assert_eq!(game(&app).turns().len(), 0, "nothing played");
    assert_eq!(
        arrows(&mut app, AnalysisArrow::Best),
        0,
        "no arrow over a line"
    );
    step(&mut app, LineStep::Back);
    assert_eq!(shown(&app).line.map(|l| l.position), Some(after(1)));
    assert_view_matches_game(&mut app);
    step(&mut app, LineStep::Forward);
    assert_eq!(shown(&app).line.map(|l| l.position), Some(after(2)));
    click(&mut app, "e2");
    assert_eq!(game(&app).turns().len(), 0, "no turn is played over a line");
    step(&mut app, LineStep::Close);
    assert!(shown(&app).is_live());
    assert!(app.world().resource::<Stepping>().0.is_none());
    assert_view_matches_game(&mut app);
    step(&mut app, LineStep::Open { line, upto: 0 });
    assert!(shown(&app).line.is_some());
    press(&mut app, KeyCode::End, false);
    assert!(shown(&app).is_live(), "End comes back to the game");
    assert!(app.world().resource::<Stepping>().0.is_none());
    assert_view_matches_game(&mut app);
}

#[test]
fn a_line_opened_stays_as_clicked_while_the_lines_change_and_the_threat_is_the_boards() {
    let mut app = analysis_app();
    start(&mut app, "chess", &[], None);
    press(&mut app, KeyCode::KeyA, false);
    until_analysed(&mut app);
    let mut others = analysis(&app).findings.lines.clone();
    let clicked = others.remove(1);
    assert!(clicked.turns.len() >= 3, "{clicked:?}");
    let new_lines = move |app: &mut App| {
        app.world_mut().resource_mut::<Analysis>().findings.lines = others.clone();
    };
    // The lines change between the frame the panel was clicked in and the one that reads it.
    app.world_mut().write_message(LineStep::Open {
        line: clicked.clone(),
        upto: 0,
    });
    new_lines(&mut app);
    settle(&mut app);
    let variant = game(&app).variant().clone();
    let after = |n: usize| {
        clicked.turns[..n]
            .iter()
            .fold(*variant.start(), |pos, t| variant.play_unchecked(&pos, t))
    };
    let board = |app: &App| app.world().resource::<Viewing>().line.map(|l| l.position);
    assert_eq!(board(&app), Some(after(1)), "the line clicked is shown");
    for shown in 2..=3 {
        new_lines(&mut app);
        app.world_mut().write_message(LineStep::Forward);
        settle(&mut app);
        assert_eq!(
            board(&app),
            Some(after(shown)),
            "Next follows the line clicked"
        );
        let stepping = &app.world().resource::<Stepping>().0;
        assert_eq!(
            stepping.as_ref(),
            Some(&(clicked.clone(), shown)),
            "kept as clicked"
        );
    }
    until_analysed(&mut app);
    let findings = &analysis(&app).findings;
    assert!(
        findings.lines[0].moves[0].starts_with("2…"),
        "the position on the board is analysed, Black to move: {:?}",
        findings.lines[0].moves
    );
    assert!(
        matches!(&findings.threat, Some(Threat::Line(line)) if line.moves[0].starts_with("3.")),
        "the threat is White's in the position on the board: {:?}",
        findings.threat
    );
    assert_eq!(game(&app).turns().len(), 0, "nothing played");
    app.world_mut().write_message(LineStep::Close);
    settle(&mut app);
    until_analysed(&mut app);
    assert!(
        analysis(&app).findings.lines[0].moves[0].starts_with("1."),
        "back on the game's position, it is analysed again"
    );
}

#[test]
fn a_finished_game_is_reviewed_and_its_blunder_marked_with_the_better_turn() {
    let mut app = analysis_app();
    let moves = ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"];
    app.world_mut().write_message(Command::Resume(GameRecord {
        variant: "chess".into(),
        options: Vec::new(),
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
        turns: moves.iter().map(|m| m.to_string()).collect(),
        redo: Vec::new(),
        ending: None,
    }));
    settle(&mut app);
    assert!(game(&app).outcome().is_some(), "Qxf7#");
    run_until(&mut app, "the review", |app| {
        let review = app.world().resource::<Review>();
        !review.running() && review.points.len() == moves.len() + 1
    });
    let review = app.world().resource::<Review>();
    assert!(review.covers(game(&app)));
    assert_eq!(
        review.points.last().map(|p| p.eval),
        Some(Eval::Decided {
            winner: Side::White,
            moves: 0
        }),
        "the last position is the result"
    );
    let blunder = review.mark(6).expect("3… Nf6 is marked");
    assert_eq!(blunder.severity, Severity::Blunder);
    assert_ne!(blunder.better, "Nf6");
    assert!(!blunder.better.is_empty());
    assert!(review.mark(1).is_none(), "1. e4 is no mistake");
    assert!(review.mark(7).is_none(), "the mate is no mistake");
    // The thread publishes its last point, then lets go of its engine and ends.
    run_until(&mut app, "the review's thread to end", |app| {
        threads(app) == 0
    });
}

#[test]
fn the_game_so_far_is_reviewed_on_request() {
    let mut app = analysis_app();
    start(&mut app, "amphora", &[], None);
    let first = game(&app).legal_turns()[0];
    command(&mut app, Command::Play(first));
    assert!(!app.world().resource::<Review>().covers(game(&app)));
    app.world_mut()
        .write_message(oddboard::app::shared::messages::AnalysisRequest::Review);
    run_until(&mut app, "the review", |app| {
        let review = app.world().resource::<Review>();
        !review.running() && review.points.len() == 2
    });
    assert!(app.world().resource::<Review>().covers(game(&app)));
}

#[test]
fn the_editor_opens_a_position_on_the_analysis_board() {
    let mut app = analysis_app();
    let act = |app: &mut App, action: EditorAction| {
        app.world_mut().write_message(action);
        settle(app);
    };
    act(
        &mut app,
        EditorAction::Open {
            variant: "chess".into(),
            options: Vec::new(),
        },
    );
    act(&mut app, EditorAction::Fen(QUEEN_HANGS.into()));
    act(&mut app, EditorAction::Analyse);
    assert_eq!(fen(&app), QUEEN_HANGS);
    assert_eq!(
        *app.world().resource::<Players>(),
        Players::default(),
        "both sides by hand"
    );
    assert!(analysis(&app).on);
    until_analysed(&mut app);
    assert_eq!(analysis(&app).best(), Some(turn("d1", "d5")));
}

#[test]
fn lessons_and_games_over_the_network_get_no_analysis() {
    let mut app = analysis_app();
    app.world_mut()
        .write_message(StudyAction::Course("fanorona-chess".into()));
    settle(&mut app);
    press(&mut app, KeyCode::KeyA, false);
    assert!(!analysis(&app).on, "the key does nothing in a lesson");
    assert_eq!(threads(&app), 0);

    let mut app = analysis_app();
    start(&mut app, "chess", &[], Some(QUEEN_HANGS));
    press(&mut app, KeyCode::KeyA, false);
    until_analysed(&mut app);
    app.world_mut().insert_resource(Online {
        you: Some(Side::White),
        seated: true,
        connected: true,
    });
    settle(&mut app);
    assert!(!analysis(&app).running());
    run_until(&mut app, "the thread to end", |app| threads(app) == 0);
    assert_eq!(arrows(&mut app, AnalysisArrow::Best), 0);
}
