//! The study panel, in place of the game panel while a lesson or a puzzle is on the board: the
//! rule, the task and how the try went; for puzzles the hint, the solution and the streak; the
//! course's lessons with their ticks, or the set's puzzles with theirs.
//!
//! Nothing a player is about to click moves when text appears: the subject and its controls
//! come first, their place set by the subject alone; the builder's question, what the study
//! says about a try and the way on share one area under them, of a height kept free for them;
//! the game's status (whose turn, the counters, the result: lines that come and go) follows;
//! the course or set stands at the panel's foot.

use super::Pictures;
use super::game::{PANEL_WIDTH, choices, status};
use super::move_box::MoveBox;
use crate::app::art::pieces::PieceArt;
use crate::app::board::camera::PanelWidth;
use crate::app::learn::on_board::{Attempt, Study, StudyAction, Subject};
use crate::app::learn::progress::Progress;
use crate::app::shared::game::{ActiveGame, Builder, Hint, Viewing};
use crate::app::shared::messages::Command;
use crate::app::shared::screen::InGame;
use crate::curriculum::lessons::Course;
use crate::curriculum::puzzles::{Goal, PuzzleSet};
use crate::rules::{Game, RulesExt};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// Registers the study panel.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        study_panel
            .run_if(in_state(InGame))
            .run_if(resource_exists::<ActiveGame>.and_then(resource_exists::<Study>)),
    );
}

/// The colour of what went well.
const GOOD: egui::Color32 = egui::Color32::from_rgb(130, 220, 130);
/// The colour of a wrong try's explanation.
const WRONG: egui::Color32 = egui::Color32::from_rgb(250, 170, 90);
/// The colour of a hint.
const HINTED: egui::Color32 = egui::Color32::LIGHT_YELLOW;
/// The height kept for the turn's area, in lines of text: the builder's question with its
/// buttons and a wrong try's explanation of a few lines fit in it together.
const TURN_AREA_LINES: f32 = 8.0;
/// The most of the panel's height the course or set takes at its foot (it scrolls beyond).
const COURSE_SHARE: f32 = 0.45;

/// What the study panel reads besides the game.
#[derive(SystemParam)]
struct StudyView<'w> {
    study: Res<'w, Study>,
    progress: Res<'w, Progress>,
    builder: Res<'w, Builder>,
    viewing: Res<'w, Viewing>,
    hint: Res<'w, Hint>,
    art: Res<'w, PieceArt>,
}

/// Where the study panel's requests go.
#[derive(SystemParam)]
struct StudyRequests<'w> {
    study: MessageWriter<'w, StudyAction>,
    session: MessageWriter<'w, Command>,
}

fn study_panel(
    mut contexts: EguiContexts,
    game: Res<ActiveGame>,
    view: StudyView,
    mut requests: StudyRequests,
    mut panel: ResMut<PanelWidth>,
    mut move_box: MoveBox,
) -> Result {
    let game = &game.0;
    let pictures = Pictures::of(&mut contexts, game, &view.art);
    let ctx = contexts.ctx_mut()?;
    let mut root = super::root_ui(ctx);
    let sheet = Sheet {
        subject: &view.study.subject,
        attempt: &view.study.attempt,
        progress: &view.progress,
        game,
        said: view.hint.0.as_deref(),
    };
    let mut asked = Vec::new();
    let width = egui::Panel::right("study")
        .exact_size(PANEL_WIDTH)
        .show(&mut root, |ui| {
            asked = study_body(ui, &sheet, |ui, part| match part {
                GamePart::Question => {
                    if view.viewing.ply.is_none() {
                        choices(ui, game, &view.builder, &mut requests.session);
                    }
                }
                GamePart::State => {
                    status(ui, game, &view.viewing, &pictures);
                    move_box.section(ui, game, &view.builder, &mut requests.session);
                }
            });
        })
        .response
        .rect
        .width();
    for request in asked {
        match request {
            Asked::Study(action) => {
                requests.study.write(action);
            }
            Asked::Session(command) => {
                requests.session.write(command);
            }
        }
    }
    panel.set_if_neq(PanelWidth(width));
    Ok(())
}

/// The height of one line of text with the space under it.
fn line_height(ui: &egui::Ui) -> f32 {
    ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y
}

/// What the study's part of the panel shows: the subject, how the try stands, the progress, the
/// game and what the session last said (a refused click).
struct Sheet<'a> {
    subject: &'a Subject,
    attempt: &'a Attempt,
    progress: &'a Progress,
    game: &'a Game,
    said: Option<&'a str>,
}

/// What a click in the study's part of the panel asks for.
#[derive(Debug)]
enum Asked {
    /// Of the study.
    Study(StudyAction),
    /// Of the session.
    Session(Command),
}

/// A part of the panel the game's own panel code draws, at its place in the study's layout.
enum GamePart {
    /// The turn builder's question (a slide, a removal) and its buttons.
    Question,
    /// The game's status and the move box.
    State,
}

/// The study panel: the course or set at its foot; the subject and its controls; the turn's
/// area (the builder's question, how the try went, the way on); the game's state. `game_part`
/// draws the parts the game panel's code draws. Returns what was clicked.
fn study_body(
    ui: &mut egui::Ui,
    sheet: &Sheet,
    mut game_part: impl FnMut(&mut egui::Ui, GamePart),
) -> Vec<Asked> {
    let mut asked = Vec::new();
    let foot = ui.available_height() * COURSE_SHARE;
    // Each course and set its own foot, sized to it (a panel keeps the size it last had).
    let shown = match sheet.subject {
        Subject::Lesson { course, .. } => ("course", &course.variant),
        Subject::Puzzle { set, .. } => ("set", &set.variant),
    };
    egui::Panel::bottom(egui::Id::new(("course or set", shown))).show(ui, |ui| {
        egui::ScrollArea::vertical()
            .id_salt("course or set")
            .min_scrolled_height(foot)
            .max_height(foot)
            .auto_shrink([false, true])
            .show(ui, |ui| match sheet.subject {
                Subject::Lesson { course, lesson, .. } => {
                    lesson_list(ui, sheet.progress, course, *lesson, &mut asked);
                }
                Subject::Puzzle { set, index, .. } => {
                    puzzle_grid(ui, sheet.progress, set, *index, &mut asked);
                }
            });
    });
    // Above the foot, what the study and the game show: in a short window at a large
    // interface size it scrolls, rather than running on under the foot.
    egui::ScrollArea::vertical()
        .id_salt("study")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            subject_and_game(ui, sheet, &mut game_part, &mut asked)
        });
    asked
}

/// The subject and its controls, the turn's area and the game's state, one under the other.
fn subject_and_game(
    ui: &mut egui::Ui,
    sheet: &Sheet,
    game_part: &mut impl FnMut(&mut egui::Ui, GamePart),
    asked: &mut Vec<Asked>,
) {
    match sheet.subject {
        Subject::Lesson {
            course,
            lesson,
            step,
        } => lesson_header(ui, course, *lesson, *step),
        Subject::Puzzle { set, index, .. } => {
            puzzle_header(ui, sheet.game, set, *index);
            puzzle_controls(ui, sheet.attempt, asked);
        }
    }
    ui.horizontal_wrapped(|ui| {
        if ui.button("Start again").clicked() {
            asked.push(Asked::Study(StudyAction::Again));
        }
        if ui.button("Flip (F)").clicked() {
            asked.push(Asked::Session(Command::Flip));
        }
        if ui.button("Back to the menu").clicked() {
            asked.push(Asked::Session(Command::Menu));
        }
    });
    ui.separator();
    let top = ui.cursor().top();
    game_part(ui, GamePart::Question);
    attempt(ui, sheet, asked);
    if let Some(said) = sheet.said {
        ui.colored_label(HINTED, said);
    }
    let used = ui.cursor().top() - top;
    ui.add_space((TURN_AREA_LINES * line_height(ui) - used).max(0.0));
    ui.separator();
    game_part(ui, GamePart::State);
}

/// The lesson's title and step, its rule and its task.
fn lesson_header(ui: &mut egui::Ui, course: &Course, lesson: usize, step: usize) {
    let taught = &course.lessons[lesson];
    let task = &taught.steps[step];
    ui.label(
        egui::RichText::new(format!(
            "Lesson {} of {}: {}",
            lesson + 1,
            course.lessons.len(),
            taught.title
        ))
        .strong()
        .size(16.0),
    );
    if taught.steps.len() > 1 {
        ui.weak(format!("Step {} of {}", step + 1, taught.steps.len()));
    }
    ui.label(&task.text);
    ui.add_space(4.0);
    ui.label(egui::RichText::new(&task.task).strong().size(15.0));
}

/// The puzzle's number and goal, and the task.
fn puzzle_header(ui: &mut egui::Ui, game: &Game, set: &PuzzleSet, index: usize) {
    let puzzle = &set.puzzles[index];
    let data = game.variant().data();
    let solver = game.position_at(0).map_or(game.position().side, |p| p.side);
    ui.label(
        egui::RichText::new(format!(
            "Puzzle {} of {}: {}",
            index + 1,
            set.puzzles.len(),
            puzzle.goal.text().replace('-', " ")
        ))
        .strong()
        .size(16.0),
    );
    let (mover, other) = (data.side_name(solver), data.side_name(solver.opponent()));
    ui.label(
        egui::RichText::new(match puzzle.goal {
            Goal::WinIn1 => format!("{mover} to play and win with this turn."),
            Goal::WinIn2 => {
                format!("{mover} to play and win on the next turn, whatever {other} replies.")
            }
        })
        .strong(),
    );
}

/// The puzzle's hint, solution and skip, while it is open; once solved or shown, the way on is
/// the turn area's button alone.
fn puzzle_controls(ui: &mut egui::Ui, attempt: &Attempt, asked: &mut Vec<Asked>) {
    let open = matches!(attempt, Attempt::Trying | Attempt::Wrong(_));
    ui.horizontal_wrapped(|ui| {
        if ui.add_enabled(open, egui::Button::new("Hint")).clicked() {
            asked.push(Asked::Study(StudyAction::Hint));
        }
        if ui
            .add_enabled(open, egui::Button::new("Show the solution"))
            .clicked()
        {
            asked.push(Asked::Study(StudyAction::Solution));
        }
        if ui
            .add_enabled(open, egui::Button::new("Skip"))
            .on_disabled_hover_text("Done: \"Next puzzle\" goes on.")
            .clicked()
        {
            asked.push(Asked::Study(StudyAction::Next));
        }
    });
}

/// How the try went: a wrong try's explanation, the puzzle's hint, a pass with the way on (and
/// for a puzzle why its end wins, in the variant's words).
fn attempt(ui: &mut egui::Ui, sheet: &Sheet, asked: &mut Vec<Asked>) {
    let next = match sheet.subject {
        Subject::Lesson {
            course,
            lesson,
            step,
        } => {
            if step + 1 < course.lessons[*lesson].steps.len() {
                "Next step"
            } else if lesson + 1 < course.lessons.len() {
                "Next lesson"
            } else {
                "Back to the first lesson"
            }
        }
        Subject::Puzzle { .. } => "Next puzzle",
    };
    match sheet.attempt {
        Attempt::Trying => {}
        Attempt::Wrong(why) => {
            ui.colored_label(WRONG, why);
            ui.weak("Try again.");
        }
        Attempt::Done(said) => {
            ui.colored_label(GOOD, format!("✔ {said}"));
            if ui.button(egui::RichText::new(next).size(16.0)).clicked() {
                asked.push(Asked::Study(StudyAction::Next));
            }
        }
        Attempt::Shown => {
            ui.weak("The solution is played on the board.");
            if let Some(why) = sheet.game.decided_in_words() {
                ui.colored_label(GOOD, why);
            }
            if ui.button(next).clicked() {
                asked.push(Asked::Study(StudyAction::Next));
            }
        }
    }
    if let Subject::Puzzle {
        hint: Some(hint), ..
    } = sheet.subject
    {
        ui.colored_label(HINTED, format!("Hint: {hint}"));
    }
}

/// The course's lessons, each with its tick; a click opens one.
fn lesson_list(
    ui: &mut egui::Ui,
    progress: &Progress,
    course: &Course,
    current: usize,
    asked: &mut Vec<Asked>,
) {
    let done = course
        .lessons
        .iter()
        .filter(|l| progress.lesson_done(&course.variant, &l.id))
        .count();
    ui.label(
        egui::RichText::new(format!(
            "The course: {done} of {} done",
            course.lessons.len()
        ))
        .strong(),
    );
    for (index, lesson) in course.lessons.iter().enumerate() {
        let tick = if progress.lesson_done(&course.variant, &lesson.id) {
            "✔"
        } else {
            "  "
        };
        let text = format!("{tick} {}. {}", index + 1, lesson.title);
        if ui.selectable_label(index == current, text).clicked() && index != current {
            asked.push(Asked::Study(StudyAction::Lesson {
                variant: course.variant.clone(),
                lesson: lesson.id.clone(),
            }));
        }
    }
}

/// The score, then the set's puzzles as numbered buttons, the solved ones ticked; a click
/// opens one.
fn puzzle_grid(
    ui: &mut egui::Ui,
    progress: &Progress,
    set: &PuzzleSet,
    current: usize,
    asked: &mut Vec<Asked>,
) {
    let score = progress.puzzles_of(&set.variant);
    ui.label(format!(
        "Solved {} of {} · streak {} · best {}",
        score.solved.len(),
        set.puzzles.len(),
        score.streak,
        score.best
    ));
    ui.label(egui::RichText::new("The puzzles (harder further on)").strong());
    ui.horizontal_wrapped(|ui| {
        for (index, puzzle) in set.puzzles.iter().enumerate() {
            let number = egui::RichText::new(format!("{:>2}", index + 1)).monospace();
            let number = if score.solved.contains(&puzzle.id) {
                number.color(GOOD)
            } else {
                number
            };
            let button =
                egui::Button::selectable(index == current, number).min_size(egui::vec2(30.0, 22.0));
            let tip = format!("{} ({})", puzzle.id, puzzle.goal.text());
            if ui.add(button).on_hover_text(tip).clicked() && index != current {
                asked.push(Asked::Study(StudyAction::Puzzle(index)));
            }
        }
    });
}

#[cfg(test)]
mod tests {
    //! The study panel's layout, drawn by a bare egui context with AccessKit on (its tree gives
    //! each control's place by its label): no control moves when a try is judged, and only a
    //! button's own place clicks it.

    use super::*;
    use crate::curriculum::{lessons, puzzles};
    use egui::accesskit::{Node, Rect as Bounds, TreeUpdate};
    use std::collections::HashMap;
    use std::sync::Arc;

    /// The panel's status and study part for `sheet`, drawn in a pass with `events`; the
    /// builder's question stood for by its line and a "No slide" button when `question`.
    fn pass(
        ctx: &egui::Context,
        sheet: &Sheet,
        question: bool,
        events: Vec<egui::Event>,
        time: f64,
    ) -> (TreeUpdate, Vec<Asked>) {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(1280.0, 800.0),
            )),
            time: Some(time),
            events,
            ..Default::default()
        };
        let mut asked = Vec::new();
        let output = ctx.run_ui(input, |ui| {
            egui::Panel::right("study")
                .exact_size(PANEL_WIDTH)
                .show(ui, |ui| {
                    let pictures = Pictures(HashMap::new());
                    asked = study_body(ui, sheet, |ui, part| match part {
                        GamePart::Question if question => {
                            ui.label("Slide a square: click it, then the gap it moves into.");
                            let _ = ui.button("No slide");
                        }
                        GamePart::Question => {}
                        GamePart::State => status(ui, sheet.game, &Viewing::default(), &pictures),
                    });
                });
        });
        let tree = output
            .platform_output
            .accesskit_update
            .expect("AccessKit is on");
        (tree, asked)
    }

    /// The tree of `sheet` once its layout has settled: the second of two passes without input
    /// (a grid, as the status's counters, sizes itself in its first).
    fn still(ctx: &egui::Context, sheet: &Sheet, question: bool, time: f64) -> TreeUpdate {
        pass(ctx, sheet, question, Vec::new(), time);
        pass(ctx, sheet, question, Vec::new(), time + 0.5).0
    }

    /// Where the control labelled `label` is.
    fn place(tree: &TreeUpdate, label: &str) -> Bounds {
        let found: Vec<&Node> = tree
            .nodes
            .iter()
            .map(|(_, node)| node)
            .filter(|node| node.label().is_some_and(|l| l.trim() == label))
            .collect();
        assert_eq!(found.len(), 1, "one control labelled {label:?}");
        found[0].bounds().expect("its bounds")
    }

    /// A fresh context with AccessKit on.
    fn context() -> egui::Context {
        let ctx = egui::Context::default();
        ctx.enable_accesskit();
        ctx
    }

    /// A wrong try's explanation of three lines, as an Amoeba lesson gives.
    const LONG: &str = "Re1: Gaps break the e-file, so the Rook on e1 cannot see the King. Find a \
        line with squares all the way to it, and give check along it.";

    #[test]
    fn a_puzzles_controls_stay_put_through_a_wrong_try_a_hint_and_the_solve_that_ends_the_game() {
        let set = Arc::new(puzzles::load("fanorona-chess").expect("the set"));
        let index = set
            .puzzles
            .iter()
            .position(|p| p.goal == Goal::WinIn2)
            .expect("a win in two");
        let game = set.puzzles[index].game().expect("its game");
        let mut won = game.clone();
        for turn in set.puzzles[index].line_turns().expect("its line") {
            won.play(&turn).expect("a legal turn");
        }
        assert!(won.outcome().is_some(), "the line ends the game");
        let progress = Progress::default();
        let subject = |hint: Option<&str>| Subject::Puzzle {
            set: Arc::clone(&set),
            index,
            line: Vec::new(),
            hint: hint.map(str::to_string),
            missed: false,
        };
        let controls = [
            "Hint",
            "Show the solution",
            "Skip",
            "Start again",
            "Flip (F)",
            "Back to the menu",
            "1",
        ];
        let states = [
            (subject(None), Attempt::Trying, &game),
            (
                subject(Some("Move the Knight on a6.")),
                Attempt::Wrong(LONG.into()),
                &game,
            ),
            (
                subject(None),
                Attempt::Done(format!("Solved! {LONG}")),
                &won,
            ),
            (subject(None), Attempt::Shown, &won),
        ];
        let ctx = context();
        let mut first: Option<Vec<Bounds>> = None;
        for (time, (subject, attempt, game)) in states.iter().enumerate() {
            let sheet = Sheet {
                subject,
                attempt,
                progress: &progress,
                game,
                said: Some("b4 is not one of the choices"),
            };
            let tree = still(&ctx, &sheet, false, time as f64);
            let places: Vec<Bounds> = controls.iter().map(|c| place(&tree, c)).collect();
            assert!(place(&tree, "40").y1 <= 800.0, "the whole set shows");
            match &first {
                None => first = Some(places),
                Some(first) => assert_eq!(&places, first, "{attempt:?}"),
            }
        }
    }

    #[test]
    fn the_slide_question_stays_put_when_a_wrong_try_is_explained() {
        let course = Arc::new(lessons::load("amoeba").expect("the course"));
        let lesson = &course.lessons[0];
        let variant = Arc::new(lesson.variant("amoeba").expect("the variant"));
        let game = lesson.steps[0].game(&variant).expect("its game");
        let progress = Progress::default();
        let subject = Subject::Lesson {
            course: Arc::clone(&course),
            lesson: 0,
            step: 0,
        };
        let ctx = context();
        let mut places = Vec::new();
        for (time, attempt) in [Attempt::Trying, Attempt::Wrong(LONG.into())]
            .iter()
            .enumerate()
        {
            let sheet = Sheet {
                subject: &subject,
                attempt,
                progress: &progress,
                game: &game,
                said: None,
            };
            let tree = still(&ctx, &sheet, true, time as f64);
            places
                .push(["No slide", "Start again", "1. Gaps in the board"].map(|c| place(&tree, c)));
            let last = place(&tree, "12. Promotion to a Bishop");
            assert!(last.y1 <= 800.0, "the whole course shows");
        }
        assert_eq!(places[0], places[1]);
    }

    #[test]
    fn only_the_next_button_goes_on() {
        let set = Arc::new(puzzles::load("fanorona-chess").expect("the set"));
        let game = set.puzzles[0].game().expect("its game");
        let progress = Progress::default();
        let subject = Subject::Puzzle {
            set: Arc::clone(&set),
            index: 0,
            line: Vec::new(),
            hint: None,
            missed: false,
        };
        let attempt = Attempt::Done("Solved!".into());
        let sheet = Sheet {
            subject: &subject,
            attempt: &attempt,
            progress: &progress,
            game: &game,
            said: None,
        };
        let ctx = context();
        let next = place(&still(&ctx, &sheet, false, 0.0), "Next puzzle");
        let mut time = 0.0;
        let mut click = |at: egui::Pos2| {
            let button = |pressed| egui::Event::PointerButton {
                pos: at,
                button: egui::PointerButton::Primary,
                pressed,
                modifiers: egui::Modifiers::NONE,
            };
            let mut asked = Vec::new();
            for events in [
                vec![egui::Event::PointerMoved(at)],
                vec![button(true)],
                vec![button(false)],
                vec![egui::Event::PointerGone],
            ] {
                time += 0.05;
                asked.extend(pass(&ctx, &sheet, false, events, time).1);
            }
            asked
        };
        // egui counts a click this close to a widget as on it.
        let reach = ctx.global_style().interaction.interact_radius;
        let (right, top, bottom) = (next.x1 as f32, next.y0 as f32, next.y1 as f32);
        for x in (0..24).map(|i| right + reach + 1.0 + 9.0 * i as f32) {
            for y in [top + 2.0, (top + bottom) / 2.0, bottom - 1.0, bottom + 3.0] {
                let asked = click(egui::pos2(x, y));
                assert!(asked.is_empty(), "a click at ({x}, {y}) asked {asked:?}");
            }
        }
        let centre = egui::pos2((next.x0 + next.x1) as f32 / 2.0, (top + bottom) / 2.0);
        assert!(matches!(
            click(centre).as_slice(),
            [Asked::Study(StudyAction::Next)]
        ));
    }
}
