//! Lessons and puzzles in the game: opened as the menu opens them, each turn played through the
//! session as a click's is, judged by the engine; a wrong try explained and taken back after
//! its motion, a lesson done ticked and kept, a puzzle's replies played by the engine and its
//! win said in the variant's own terms; no slide is asked before the course teaches sliding.

use crate::support::*;
use oddboard::app::learn::library::Library;
use oddboard::app::learn::on_board::{Attempt, Study, StudyAction, Subject};
use oddboard::app::shared::game::{Builder, Studying};
use oddboard::app::shared::turn_builder::Part;
use oddboard::curriculum::lessons::{self, Judgement};
use oddboard::curriculum::puzzles::{self, Goal, Puzzle};
use oddboard::rules::Turn;
use std::fs;

/// Asks the study for something, as the menu and the study panel do, and lets the frames run.
fn ask(app: &mut App, action: StudyAction) {
    app.world_mut().write_message(action);
    settle(app);
}

fn attempt(app: &App) -> Attempt {
    app.world().resource::<Study>().attempt.clone()
}

/// A turn of the lesson's first step that passes its task, and one that fails it.
fn passing_and_failing(variant: &str) -> (Turn, Turn) {
    let course = lessons::load(variant).expect("the course");
    let lesson = &course.lessons[0];
    let step = &lesson.steps[0];
    let game = step
        .game(&std::sync::Arc::new(
            lesson.variant(variant).expect("variant"),
        ))
        .expect("the step's game");
    let turns = game.legal_turns();
    let pick = |pass: bool| {
        *turns
            .iter()
            .find(|t| (step.judge(&game, t) == Judgement::Passed) == pass)
            .expect("a turn")
    };
    (pick(true), pick(false))
}

#[test]
fn a_course_opens_on_its_first_lesson_not_done_with_the_learner_to_move() {
    let mut app = app();
    ask(&mut app, StudyAction::Course("fanorona-chess".into()));
    let course = lessons::load("fanorona-chess").expect("the course");
    assert!(app.world().resource::<Studying>().0);
    assert_eq!(fen(&app), course.lessons[0].steps[0].fen);
    let study = app.world().resource::<Study>();
    assert!(matches!(
        study.subject,
        Subject::Lesson {
            lesson: 0,
            step: 0,
            ..
        }
    ));
}

#[test]
fn a_wrong_try_plays_out_then_is_taken_back_and_explained() {
    let mut app = app();
    ask(&mut app, StudyAction::Course("fanorona-chess".into()));
    let start = fen(&app);
    let (_, wrong) = passing_and_failing("fanorona-chess");
    app.world_mut().write_message(Command::Play(wrong));
    app.update();
    assert_eq!(game(&app).turns().len(), 1, "the try is played first");
    settle(&mut app);
    assert_eq!(fen(&app), start, "then taken back");
    assert!(
        matches!(attempt(&app), Attempt::Wrong(why) if !why.is_empty()),
        "{:?}",
        attempt(&app)
    );
    assert_view_matches_game(&mut app);
}

#[test]
fn a_lesson_passed_is_ticked_and_kept_in_the_data_directory_but_not_autosaved() {
    let dir = temp_dir("lesson-done");
    let mut app = app_with_data(&dir);
    ask(&mut app, StudyAction::Course("fanorona-chess".into()));
    let (right, _) = passing_and_failing("fanorona-chess");
    command(&mut app, Command::Play(right));
    assert!(
        matches!(attempt(&app), Attempt::Done(_)),
        "{:?}",
        attempt(&app)
    );
    let course = lessons::load("fanorona-chess").expect("the course");
    let first = &course.lessons[0];
    if first.steps.len() == 1 {
        let kept = fs::read_to_string(dir.join("learning.ron")).expect("progress kept");
        assert!(kept.contains(&first.id), "{kept}");
    }
    assert!(
        !dir.join("autosave.ron").exists(),
        "a lesson is not the game in progress"
    );
    ask(&mut app, StudyAction::Next);
    let study = app.world().resource::<Study>();
    assert_eq!(study.attempt, Attempt::Trying);
}

#[test]
fn unreadable_progress_is_kept_aside_and_the_player_told() {
    let dir = temp_dir("progress-corrupt");
    fs::write(dir.join("learning.ron"), "(lessons: {oops").expect("write");
    let app = app_with_data(&dir);
    let told = app
        .world()
        .resource::<oddboard::app::shared::game::Notice>()
        .0
        .clone()
        .unwrap_or_default();
    assert!(told.contains("learning.ron.unreadable-1"), "{told}");
    assert!(dir.join("learning.ron.unreadable-1").exists());
}

#[test]
fn leaving_for_the_menu_ends_the_study() {
    let mut app = app();
    ask(&mut app, StudyAction::Course("amoeba".into()));
    command(&mut app, Command::Menu);
    assert!(!app.world().contains_resource::<Study>());
    assert!(!app.world().resource::<Studying>().0);
}

/// Opens `variant`'s puzzles at the first of `goal`, and returns the puzzle.
fn open_puzzle(app: &mut App, variant: &str, goal: Goal) -> Puzzle {
    let set = puzzles::load(variant).expect("the set");
    let index = set
        .puzzles
        .iter()
        .position(|p| p.goal == goal)
        .expect("a puzzle of the goal");
    ask(app, StudyAction::Puzzles(variant.into()));
    ask(app, StudyAction::Puzzle(index));
    set.puzzles[index].clone()
}

/// A legal first turn of `puzzle` that does not win in time.
fn missing_turn(puzzle: &Puzzle) -> Turn {
    let game = puzzle.game().expect("the puzzle's game");
    let winning = puzzles::winning_turns(&game, puzzle.goal.solver_turns());
    *game
        .legal_turns()
        .iter()
        .find(|t| !winning.contains(t))
        .expect("a turn that misses")
}

/// Plays the solver's turns of `puzzle`'s line as the learner would, leaving the replies to
/// the study.
fn solve(app: &mut App, puzzle: &Puzzle) {
    for (ply, text) in puzzle.line.iter().enumerate().step_by(2) {
        assert_eq!(game(app).turns().len(), ply, "the engine replied");
        let turn = game(app)
            .variant()
            .parse_turn(game(app).position(), text)
            .expect("the line's turn");
        command(app, Command::Play(turn));
        settle(app);
    }
}

#[test]
fn a_win_in_two_is_answered_by_the_engine_and_solved_lengthens_the_streak() {
    let dir = temp_dir("puzzle-solved");
    let mut app = app_with_data(&dir);
    let puzzle = open_puzzle(&mut app, "fanorona-chess", Goal::WinIn2);
    assert_eq!(fen(&app), puzzle.fen);
    solve(&mut app, &puzzle);
    assert!(
        matches!(attempt(&app), Attempt::Done(_)),
        "{:?}",
        attempt(&app)
    );
    let kept = fs::read_to_string(dir.join("learning.ron")).expect("progress kept");
    assert!(kept.contains(&puzzle.id), "{kept}");
    assert!(kept.contains("streak: 1"), "{kept}");
}

#[test]
fn progress_another_window_wrote_meanwhile_is_kept_when_this_one_writes() {
    let dir = temp_dir("two-windows");
    let mut app = app_with_data(&dir);
    let puzzle = open_puzzle(&mut app, "fanorona-chess", Goal::WinIn2);
    let elsewhere = "(lessons: {\"amoeba\": [\"slides\"]}, puzzles: {\"chess\": (solved: [\"c1\"], streak: 3, best: 7)})";
    fs::write(dir.join("learning.ron"), elsewhere).expect("the other window writes");
    solve(&mut app, &puzzle);
    let kept = fs::read_to_string(dir.join("learning.ron")).expect("progress kept");
    for learned in [puzzle.id.as_str(), "slides", "c1", "best: 7"] {
        assert!(kept.contains(learned), "{learned} in {kept}");
    }
}

#[test]
fn a_wrong_first_turn_is_taken_back_with_the_defence_that_escapes() {
    let mut app = app();
    let puzzle = open_puzzle(&mut app, "pawns-to-kings", Goal::WinIn1);
    command(&mut app, Command::Play(missing_turn(&puzzle)));
    settle(&mut app);
    assert_eq!(fen(&app), puzzle.fen, "taken back");
    let Attempt::Wrong(why) = attempt(&app) else {
        panic!("{:?}", attempt(&app));
    };
    assert!(
        why.contains("escapes with") || why.contains("ends the game"),
        "{why}"
    );
    solve(&mut app, &puzzle);
    let why = game(&app).decided_in_words().expect("the game is won");
    assert_eq!(
        attempt(&app),
        Attempt::Done(format!("Solved, at the second try. {why}"))
    );
}

#[test]
fn the_hint_names_the_piece_and_the_solution_plays_the_line() {
    let mut app = app();
    let puzzle = open_puzzle(&mut app, "amphora", Goal::WinIn1);
    ask(&mut app, StudyAction::Hint);
    let study = app.world().resource::<Study>();
    let Subject::Puzzle {
        hint: Some(hint), ..
    } = &study.subject
    else {
        panic!("no hint");
    };
    let from = &puzzle.line[0][..2];
    assert!(hint.contains(from), "{hint} names {from}");
    let rings = &app
        .world()
        .resource::<oddboard::app::board::sketch::Sketches>()
        .rings;
    assert_eq!(
        rings.iter().map(|l| l.to_string()).collect::<Vec<_>>(),
        [from],
        "and rings it"
    );
    ask(&mut app, StudyAction::Solution);
    settle(&mut app);
    assert_eq!(game(&app).turn_texts(), puzzle.line);
    assert_eq!(attempt(&app), Attempt::Shown);
}

#[test]
fn a_bad_course_of_the_players_own_is_refused_in_one_line_and_the_rest_runs() {
    let dir = temp_dir("own-course");
    fs::create_dir_all(dir.join("lessons")).expect("dir");
    fs::create_dir_all(dir.join("puzzles")).expect("dir");
    let bad = r#"(variant: "amoeba", lessons: [(id: "gaps", title: "Gaps", steps: [(
        fen: "*rnknr*/*ppppp*/7/2***2/7/*PPPPP*/*RNKNR* w - 0 1", text: "", task: "",
        pass: Moves("Queen"), otherwise: "No.", done: "Yes.")])])"#;
    fs::write(dir.join("lessons/amoeba.ron"), bad).expect("write");
    fs::write(
        dir.join("puzzles/amphora.ron"),
        "(variant: \"amphora\", puzzles: [(",
    )
    .expect("write");
    let mut app = app_with_data(&dir);
    let library = app.world().resource::<Library>();
    let Some(Err(why)) = library.course("amoeba") else {
        panic!("the bad course is refused");
    };
    assert!(
        why.contains("lessons/amoeba.ron: lesson `gaps`: step 1: 'Queen'"),
        "{why}"
    );
    assert!(!why.contains('\n'), "{why}");
    let Some(Err(why)) = library.puzzles("amphora") else {
        panic!("the bad puzzles are refused");
    };
    assert!(why.contains("puzzles/amphora.ron:1:"), "{why}");
    assert!(
        library.course("amphora").is_some_and(|c| c.is_ok()),
        "the shipped course stands"
    );
    ask(&mut app, StudyAction::Course("amoeba".into()));
    assert!(
        !app.world().contains_resource::<Study>(),
        "a refused course does not open"
    );
    start(&mut app, "chess", &[], None);
    click(&mut app, "e2");
    click(&mut app, "e4");
    assert_eq!(game(&app).turns().len(), 1, "the rest of the game runs");
}

#[test]
fn the_solver_stays_at_the_bottom_even_with_automatic_flipping() {
    let mut app = app();
    app.world_mut()
        .resource_mut::<oddboard::app::shared::settings::Settings>()
        .auto_flip = true;
    let set = puzzles::load("amphora").expect("the set");
    let index = set
        .puzzles
        .iter()
        .position(|p| p.fen.split(' ').nth(1) == Some("b") && p.line.len() > 1)
        .expect("a puzzle Black solves in more than one turn");
    ask(&mut app, StudyAction::Puzzles("amphora".into()));
    ask(&mut app, StudyAction::Puzzle(index));
    let flipped = |app: &App| {
        app.world()
            .resource::<oddboard::app::shared::game::Flipped>()
            .0
    };
    assert!(flipped(&app), "Black solves from the bottom");
    solve(&mut app, &set.puzzles[index]);
    assert!(flipped(&app), "and stays there through the replies");
}

#[test]
fn a_lesson_asked_for_by_name_opens_at_its_first_step_as_the_rules_tab_links_do() {
    let mut app = app();
    start(&mut app, "fanorona-chess", &[], None);
    let course = lessons::load("fanorona-chess").expect("the course");
    let (index, lesson) = course
        .lessons
        .iter()
        .enumerate()
        .find(|(_, l)| l.pieces.iter().any(|p| p == "King"))
        .expect("a lesson of the King");
    ask(
        &mut app,
        StudyAction::Lesson {
            variant: "fanorona-chess".into(),
            lesson: lesson.id.clone(),
        },
    );
    let study = app.world().resource::<Study>();
    assert!(matches!(study.subject, Subject::Lesson { lesson, step: 0, .. } if lesson == index));
    assert_eq!(fen(&app), lesson.steps[0].fen);
}

#[test]
fn a_puzzles_win_is_said_in_the_variants_own_terms() {
    let mut app = app();
    let puzzle = open_puzzle(&mut app, "amphora", Goal::WinIn1);
    solve(&mut app, &puzzle);
    let Attempt::Done(said) = attempt(&app) else {
        panic!("{:?}", attempt(&app));
    };
    let why = game(&app).decided_in_words().expect("the game is won");
    assert_eq!(said, format!("Solved! {why}"));
    assert!(
        why.contains("cannot escape capture") || why.contains("has taken"),
        "Amphora is won by taking the King: {why}"
    );
    assert!(!why.contains("checkmate"), "{why}");
}

/// Whether the turn being built asks for a slide.
fn asks_for_slide(app: &App) -> bool {
    app.world().resource::<Builder>().0.question() == Some(Part::Slide)
}

#[test]
fn no_slide_is_asked_before_the_course_teaches_sliding() {
    let mut app = app();
    ask(&mut app, StudyAction::Course("amoeba".into()));
    // Lesson 1: the Rook's check along the seventh rank is the whole turn.
    click(&mut app, "b1");
    click(&mut app, "b7");
    assert!(!asks_for_slide(&app));
    assert_eq!(game(&app).turn_texts(), ["b1b7"]);
    assert!(
        matches!(attempt(&app), Attempt::Done(_)),
        "{:?}",
        attempt(&app)
    );
    // The lesson on sliding asks for the slide after the move.
    ask(
        &mut app,
        StudyAction::Lesson {
            variant: "amoeba".into(),
            lesson: "slide".into(),
        },
    );
    click(&mut app, "d2");
    click(&mut app, "d3");
    assert!(asks_for_slide(&app), "the slide is asked once taught");
}
