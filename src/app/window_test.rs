//! The scripted window test: the real game plays a few turns of every variant through the same
//! messages a click produces, saves a screenshot of each, checks none is blank, and exits.

use super::session::{ActiveGame, Builder, Command, Frame, SquareClicked};
use super::turn_builder::{Choice, Part};
use crate::rules::{Removal, Turn, ids};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use std::path::PathBuf;

/// Turns played in each variant before its screenshot.
const TURNS_PER_VARIANT: usize = 4;
/// Frames to wait between inputs, so animations run and the board settles.
const FRAMES_BETWEEN: u32 = 12;
/// The fewest distinct colours a real screenshot of the game has.
const MIN_COLOURS: usize = 8;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    Start,
    Play { turns_left: usize },
    Shoot,
    AwaitShot,
}

/// The script's progress and findings.
#[derive(Resource, Debug)]
pub struct Script {
    dir: PathBuf,
    variants: Vec<String>,
    index: usize,
    stage: Stage,
    wait: u32,
    target: Option<Turn>,
    shot_done: bool,
    failures: Vec<String>,
}

/// Registers the script, writing screenshots into `dir`.
pub fn plugin(dir: PathBuf) -> impl Fn(&mut App) {
    move |app: &mut App| {
        app.insert_resource(Script {
            dir: dir.clone(),
            variants: ids().map(str::to_string).collect(),
            index: 0,
            stage: Stage::Start,
            wait: 30,
            target: None,
            shot_done: false,
            failures: Vec::new(),
        })
        .add_systems(Update, drive.in_set(Frame::Input));
    }
}

fn drive(
    mut commands: Commands,
    mut script: ResMut<Script>,
    game: Option<Res<ActiveGame>>,
    builder: Res<Builder>,
    mut out: MessageWriter<Command>,
    mut clicks: MessageWriter<SquareClicked>,
    mut exit: MessageWriter<AppExit>,
) {
    if script.wait > 0 {
        script.wait -= 1;
        return;
    }
    script.wait = FRAMES_BETWEEN;
    let Some(variant) = script.variants.get(script.index).cloned() else {
        for failure in &script.failures {
            error!("window test: {failure}");
        }
        exit.write(if script.failures.is_empty() {
            AppExit::Success
        } else {
            AppExit::error()
        });
        return;
    };
    match script.stage {
        Stage::Start => {
            info!("window test: {variant}");
            out.write(Command::Start {
                variant,
                options: Vec::new(),
            });
            script.stage = Stage::Play {
                turns_left: TURNS_PER_VARIANT,
            };
        }
        Stage::Play { turns_left } => {
            let Some(game) = game.filter(|g| g.0.variant().id() == variant) else {
                return;
            };
            if turns_left == 0 || game.0.outcome().is_some() {
                script.stage = Stage::Shoot;
                return;
            }
            if script.target.is_none()
                || !builder
                    .0
                    .candidates()
                    .iter()
                    .any(|t| Some(*t) == script.target)
            {
                if script.target.is_some() {
                    script.stage = Stage::Play {
                        turns_left: turns_left - 1,
                    };
                }
                script.target = pick_turn(builder.0.candidates());
                if script.target.is_none() {
                    script.stage = Stage::Shoot;
                }
                return;
            }
            if let Some(turn) = script.target {
                next_input(&builder, turn, &mut out, &mut clicks);
            }
        }
        Stage::Shoot => {
            let path = script.dir.join(format!("{variant}.png"));
            script.shot_done = false;
            commands
                .spawn(Screenshot::primary_window())
                .observe(save_to_disk(path))
                .observe(check_not_blank);
            script.stage = Stage::AwaitShot;
        }
        Stage::AwaitShot => {
            if script.shot_done {
                script.index += 1;
                script.stage = Stage::Start;
                script.target = None;
            }
        }
    }
}

/// A turn worth showing: one with the most parts (a capture, a placement, a slide), else the
/// first.
fn pick_turn(candidates: &[Turn]) -> Option<Turn> {
    candidates
        .iter()
        .max_by_key(|t| {
            usize::from(t.removal.is_some())
                + usize::from(t.placement.is_some())
                + usize::from(t.slide.is_some())
        })
        .copied()
}

/// Sends the one input that brings the builder closer to `turn`.
fn next_input(
    builder: &Builder,
    turn: Turn,
    out: &mut MessageWriter<Command>,
    clicks: &mut MessageWriter<SquareClicked>,
) {
    match builder.0.question() {
        Some(Part::Placement) => {
            clicks.write(SquareClicked(
                turn.placement.map_or(turn.from, |(_, at)| at),
            ));
        }
        Some(Part::From) => {
            clicks.write(SquareClicked(turn.from));
        }
        Some(Part::To) => {
            clicks.write(SquareClicked(turn.to));
        }
        Some(Part::Removal) => match turn.removal {
            Some(Removal::At(at)) => {
                clicks.write(SquareClicked(at));
            }
            other => {
                out.write(Command::Choose(Choice::Removal(other)));
            }
        },
        Some(Part::Promotion) => {
            out.write(Command::Choose(Choice::Promotion(turn.promotion)));
        }
        Some(Part::Slide) => match (turn.slide, builder.0.slide_square()) {
            (Some((from, _)), None) => {
                clicks.write(SquareClicked(from));
            }
            (Some((_, to)), Some(_)) => {
                clicks.write(SquareClicked(to));
            }
            (None, _) => {
                out.write(Command::Choose(Choice::Slide(None)));
            }
        },
        Some(Part::EndPromotions) => {
            out.write(Command::Choose(Choice::EndPromotions(turn.end_promotions)));
        }
        None => {}
    }
}

fn check_not_blank(shot: On<ScreenshotCaptured>, mut script: ResMut<Script>) {
    let colours = distinct_colours(shot.image.data.as_deref().unwrap_or_default());
    let name = script
        .variants
        .get(script.index)
        .cloned()
        .unwrap_or_default();
    if colours < MIN_COLOURS {
        script.failures.push(format!(
            "{name}: the screenshot is blank ({colours} colours)"
        ));
    } else {
        info!("window test: {name}: {colours} colours");
    }
    script.shot_done = true;
}

/// How many distinct RGBA colours an image's bytes hold (counting up to a few hundred).
fn distinct_colours(data: &[u8]) -> usize {
    let mut seen = std::collections::HashSet::new();
    for pixel in data.chunks_exact(4).step_by(7) {
        seen.insert([pixel[0], pixel[1], pixel[2]]);
        if seen.len() > 500 {
            break;
        }
    }
    seen.len()
}
