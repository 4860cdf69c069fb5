//! The study panel, in place of the game panel while a lesson or a puzzle is on the board: the
//! rule, the task and how the try went; for puzzles the hint, the solution and the streak; the
//! course's lessons with their ticks, or the set's puzzles with theirs.

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
    let width = egui::Panel::right("study")
        .exact_size(PANEL_WIDTH)
        .show(&mut root, |ui| {
            status(ui, game, &view.viewing, &pictures);
            move_box.section(ui, game, &view.builder, &mut requests.session);
            ui.separator();
            match &view.study.subject {
                Subject::Lesson {
                    course,
                    lesson,
                    step,
                } => lesson_part(ui, &view, course, *lesson, *step, &mut requests),
                Subject::Puzzle {
                    set, index, hint, ..
                } => puzzle_part(ui, &view, game, set, *index, hint.as_deref(), &mut requests),
            }
            if view.viewing.ply.is_none() {
                choices(ui, game, &view.builder, &mut requests.session);
            }
            if let Some(hint) = &view.hint.0 {
                ui.colored_label(egui::Color32::LIGHT_YELLOW, hint);
            }
            ui.separator();
            ui.horizontal_wrapped(|ui| {
                if ui.button("Start again").clicked() {
                    requests.study.write(StudyAction::Again);
                }
                if ui.button("Flip (F)").clicked() {
                    requests.session.write(Command::Flip);
                }
                if ui.button("Back to the menu").clicked() {
                    requests.session.write(Command::Menu);
                }
            });
            ui.separator();
            egui::ScrollArea::vertical()
                .id_salt("course or set")
                .auto_shrink([false, false])
                .show(ui, |ui| match &view.study.subject {
                    Subject::Lesson { course, lesson, .. } => {
                        lesson_list(ui, &view.progress, course, *lesson, &mut requests.study);
                    }
                    Subject::Puzzle { set, index, .. } => {
                        puzzle_grid(ui, &view.progress, set, *index, &mut requests.study);
                    }
                });
        })
        .response
        .rect
        .width();
    panel.set_if_neq(PanelWidth(width));
    Ok(())
}

/// The lesson's title and step, its rule, its task and how the try went.
fn lesson_part(
    ui: &mut egui::Ui,
    view: &StudyView,
    course: &Course,
    lesson: usize,
    step: usize,
    requests: &mut StudyRequests,
) {
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
    let next = if step + 1 < taught.steps.len() {
        "Next step"
    } else if lesson + 1 < course.lessons.len() {
        "Next lesson"
    } else {
        "Back to the first lesson"
    };
    attempt(ui, &view.study.attempt, next, requests);
}

/// How the try went, and the button on when it is done.
fn attempt(ui: &mut egui::Ui, attempt: &Attempt, next: &str, requests: &mut StudyRequests) {
    match attempt {
        Attempt::Trying => {}
        Attempt::Wrong(why) => {
            ui.colored_label(WRONG, why);
            ui.weak("Try again.");
        }
        Attempt::Done(said) => {
            ui.colored_label(GOOD, format!("✔ {said}"));
            if ui.button(egui::RichText::new(next).size(16.0)).clicked() {
                requests.study.write(StudyAction::Next);
            }
        }
        Attempt::Shown => {
            ui.weak("The solution is played on the board.");
            if ui.button(next).clicked() {
                requests.study.write(StudyAction::Next);
            }
        }
    }
}

/// The puzzle's number and goal, the task, how the try went, the hint and the solution.
fn puzzle_part(
    ui: &mut egui::Ui,
    view: &StudyView,
    game: &Game,
    set: &PuzzleSet,
    index: usize,
    hint: Option<&str>,
    requests: &mut StudyRequests,
) {
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
    attempt(ui, &view.study.attempt, "Next puzzle", requests);
    if let Some(hint) = hint {
        ui.colored_label(egui::Color32::LIGHT_YELLOW, format!("Hint: {hint}"));
    }
    let score = view.progress.puzzles_of(&set.variant);
    ui.horizontal_wrapped(|ui| {
        let open = matches!(view.study.attempt, Attempt::Trying | Attempt::Wrong(_));
        if ui.add_enabled(open, egui::Button::new("Hint")).clicked() {
            requests.study.write(StudyAction::Hint);
        }
        if ui
            .add_enabled(open, egui::Button::new("Show the solution"))
            .clicked()
        {
            requests.study.write(StudyAction::Solution);
        }
        if ui.button("Skip").clicked() {
            requests.study.write(StudyAction::Next);
        }
    });
    ui.label(format!(
        "Solved {} of {} · streak {} · best {}",
        score.solved.len(),
        set.puzzles.len(),
        score.streak,
        score.best
    ));
}

/// The course's lessons, each with its tick; a click opens one.
fn lesson_list(
    ui: &mut egui::Ui,
    progress: &Progress,
    course: &Course,
    current: usize,
    out: &mut MessageWriter<StudyAction>,
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
            out.write(StudyAction::Lesson {
                variant: course.variant.clone(),
                lesson: lesson.id.clone(),
            });
        }
    }
}

/// The set's puzzles as numbered buttons, the solved ones ticked; a click opens one.
fn puzzle_grid(
    ui: &mut egui::Ui,
    progress: &Progress,
    set: &PuzzleSet,
    current: usize,
    out: &mut MessageWriter<StudyAction>,
) {
    let solved = progress.puzzles_of(&set.variant).solved;
    ui.label(egui::RichText::new("The puzzles (harder further on)").strong());
    ui.horizontal_wrapped(|ui| {
        for (index, puzzle) in set.puzzles.iter().enumerate() {
            let number = egui::RichText::new(format!("{:>2}", index + 1)).monospace();
            let number = if solved.contains(&puzzle.id) {
                number.color(GOOD)
            } else {
                number
            };
            let button =
                egui::Button::selectable(index == current, number).min_size(egui::vec2(30.0, 22.0));
            let tip = format!("{} ({})", puzzle.id, puzzle.goal.text());
            if ui.add(button).on_hover_text(tip).clicked() && index != current {
                out.write(StudyAction::Puzzle(index));
            }
        }
    });
}
