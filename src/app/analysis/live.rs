//! The analysis of the position shown: on when the player turns it on (and where it is
//! offered), a thread searching the position the board shows (the record's, or one along a
//! line of the analysis being stepped through), started again whenever that position changes
//! and ended when the analysis is turned off; its best turn and the threat drawn as arrows over
//! the record's positions; and a line of it stepped through on the board, kept as it was opened.

use super::Offered;
use super::eval::ShownLine;
use super::worker::{Findings, Threads, Threat, Worker};
use crate::app::art::shapes::Shapes;
use crate::app::board::layout::BoardLayout;
use crate::app::board::sketch::arrow;
use crate::app::online::link::waker;
use crate::app::shared::game::{ActiveGame, Viewing};
use crate::app::shared::messages::{AnalysisRequest, Command, Explored};
use crate::app::shared::screen::{Frame, InGame};
use crate::app::shared::settings::Settings;
use crate::rules::{Game, Limits, Position, Turn};
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::EventLoopProxyWrapper;
use std::time::Duration;

/// The analysis of the position shown: whether the player has it on, and what the engine has
/// found so far.
#[derive(Resource, Default)]
pub struct Analysis {
    /// Whether the player has turned it on.
    pub on: bool,
    /// The position analysed (the one the board shows), while the analysis runs.
    subject: Option<Subject>,
    worker: Option<Worker>,
    /// What the engine has found of it.
    pub findings: Findings,
}

impl Analysis {
    /// Whether a position is being analysed now (on, and offered here).
    pub fn running(&self) -> bool {
        self.worker.is_some()
    }

    /// The best turn found so far.
    pub fn best(&self) -> Option<Turn> {
        self.findings.lines.first().and_then(ShownLine::first)
    }

    /// The threat's first turn, once found.
    pub fn threat(&self) -> Option<Turn> {
        match &self.findings.threat {
            Some(Threat::Line(line)) => line.first(),
            _ => None,
        }
    }
}

/// The position analysed: the record's position after `ply` turns, then the turns of a line
/// of the analysis shown from it (none when the board shows the record's position).
#[derive(Clone, PartialEq, Eq, Debug)]
struct Subject {
    ply: usize,
    position: Position,
    line: Vec<Turn>,
}

/// How far the analysis searches each position: long enough to be worth reading, then the
/// thread rests until the position changes. Tests set a depth, the same work on any machine.
#[derive(Resource, Clone, Copy, PartialEq, Eq, Debug)]
pub struct AnalysisLimits(pub Limits);

impl Default for AnalysisLimits {
    fn default() -> AnalysisLimits {
        AnalysisLimits(Limits {
            time: Some(Duration::from_secs(30)),
            ..Limits::default()
        })
    }
}

/// A line of the analysis being stepped through on the board: a copy taken when it was opened
/// (the analysis goes on, and its lines change, meanwhile), and how many of its turns are
/// shown.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct Stepping(pub Option<(ShownLine, usize)>);

/// Stepping through a line of the analysis, from its panel.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum LineStep {
    /// Show `line` (as the panel showed it when clicked) up to and with its turn `upto` (0: its
    /// first).
    Open {
        /// The line clicked.
        line: ShownLine,
        /// Its last turn shown.
        upto: usize,
    },
    /// Show the line being stepped through up to and with its turn `upto`.
    To(usize),
    /// One turn further along the line.
    Forward,
    /// One turn back (before its first: the position analysed).
    Back,
    /// Back to the position analysed.
    Close,
}

/// An arrow the analysis draws on the board.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnalysisArrow {
    /// The best turn found.
    Best,
    /// The threat: the opponent's best turn if it were its turn.
    Threat,
}

/// How high the analysis's arrows are drawn: over the pieces, under the players' sketches.
const Z_ARROW: f32 = 4.4;
/// The best turn's colour.
const BEST: Color = Color::srgba(0.15, 0.4, 0.85, 0.75);
/// The threat's colour.
const THREAT: Color = Color::srgba(0.85, 0.2, 0.15, 0.6);

/// Registers the analysis of the position shown.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Analysis>()
        .init_resource::<AnalysisLimits>()
        .init_resource::<Stepping>()
        .add_message::<LineStep>()
        .add_systems(
            Update,
            (
                switch,
                follow.run_if(resource_exists::<ActiveGame>),
                take_news,
                step,
            )
                .chain()
                .in_set(Frame::Sync),
        )
        .add_systems(
            Update,
            draw_arrows
                .run_if(in_state(InGame))
                .run_if(resource_exists::<BoardLayout>)
                .run_if(
                    resource_changed::<Analysis>
                        .or_eager(resource_changed::<Viewing>)
                        .or_eager(resource_exists_and_changed::<BoardLayout>),
                )
                .after(step)
                .in_set(Frame::Sync),
        );
}

/// The player's switch (a key, the panel, the editor's "Analyse this position"): the key and
/// the panel turn it on only where it is offered.
fn switch(
    mut requests: MessageReader<AnalysisRequest>,
    mut analysis: ResMut<Analysis>,
    offered: Offered,
) {
    for request in requests.read() {
        match request {
            AnalysisRequest::Toggle if offered.now() => analysis.on = !analysis.on,
            AnalysisRequest::On => analysis.on = true,
            _ => {}
        }
    }
}

/// Keeps the thread on the position the board shows: started when the analysis is on and
/// offered, handed each new position (with the engine memory the settings give), ended
/// otherwise.
fn follow(
    mut analysis: ResMut<Analysis>,
    game: Res<ActiveGame>,
    (viewing, stepping): (Res<Viewing>, Res<Stepping>),
    offered: Offered,
    (limits, threads, settings): (Res<AnalysisLimits>, Res<Threads>, Res<Settings>),
    proxy: Option<Res<EventLoopProxyWrapper>>,
) {
    let game = Some(&game.0).filter(|_| analysis.on && offered.now());
    let wanted = game.map(|game| subject(game, &viewing, &stepping));
    if wanted == analysis.subject {
        return;
    }
    analysis.findings = Findings::default();
    match (game, &wanted) {
        (Some(game), Some(wanted)) => {
            let worker = analysis
                .worker
                .get_or_insert_with(|| Worker::spawn(waker(proxy.as_deref()), &threads));
            worker.analyse(
                game.clone(),
                (wanted.ply, &wanted.line),
                limits.0,
                settings.engine_hash_mib(),
            );
        }
        _ => analysis.worker = None,
    }
    analysis.subject = wanted;
}

/// The position the board shows: the record's, with the turns of the line shown from it.
fn subject(game: &Game, viewing: &Viewing, stepping: &Stepping) -> Subject {
    let line = match (viewing.line, &stepping.0) {
        (Some(_), Some((line, shown))) => line.turns[..*shown].to_vec(),
        _ => Vec::new(),
    };
    Subject {
        ply: viewing.ply.unwrap_or(game.turns().len()),
        position: viewing.record_position(game),
        line,
    }
}

/// Takes what the thread reported (it woke the window for it) and asks for the frame that
/// shows it.
fn take_news(mut analysis: ResMut<Analysis>, mut redraw: MessageWriter<RequestRedraw>) {
    let news = analysis.worker.as_ref().and_then(Worker::news);
    if let Some(findings) = news {
        analysis.findings = findings;
        redraw.write(RequestRedraw);
    }
}

/// Opens a line (the copy the panel showed, whatever the analysis has found since), steps
/// along it and closes it, through the session (which shows the position without playing it);
/// the copy is dropped once the board no longer shows the line (the move list browsed, a turn
/// played, the analysis off).
fn step(
    mut steps: MessageReader<LineStep>,
    analysis: Res<Analysis>,
    viewing: Res<Viewing>,
    mut stepping: ResMut<Stepping>,
    mut out: MessageWriter<Command>,
) {
    let left = viewing.is_changed() && viewing.line.is_none();
    if (left || !analysis.running()) && stepping.0.is_some() {
        stepping.0 = None;
    }
    for step in steps.read() {
        let wanted = match (step, &stepping.0) {
            (LineStep::Open { line, upto }, _) => {
                Some((line.clone(), (upto + 1).min(line.turns.len())))
            }
            (LineStep::To(upto), Some((line, _))) => {
                Some((line.clone(), (upto + 1).min(line.turns.len())))
            }
            (LineStep::Forward, Some((line, shown))) => {
                Some((line.clone(), (shown + 1).min(line.turns.len())))
            }
            (LineStep::Back, Some((line, shown))) if *shown > 1 => Some((line.clone(), shown - 1)),
            _ => None,
        };
        out.write(Command::Explore(wanted.as_ref().map(|(line, shown)| {
            Explored {
                turns: line.turns.clone(),
                shown: *shown,
            }
        })));
        stepping.0 = wanted;
    }
}

/// Draws the best turn and the threat as arrows, over the record's position they belong to
/// (not over a line being stepped through).
fn draw_arrows(
    mut commands: Commands,
    old: Query<Entity, With<AnalysisArrow>>,
    analysis: Res<Analysis>,
    viewing: Res<Viewing>,
    layout: Res<BoardLayout>,
    shapes: Res<Shapes>,
) {
    for entity in &old {
        commands.entity(entity).despawn();
    }
    if viewing.line.is_some() {
        return;
    }
    let arrows = [
        (AnalysisArrow::Best, analysis.best(), BEST),
        (AnalysisArrow::Threat, analysis.threat(), THREAT),
    ];
    for (kind, turn, colour) in arrows {
        let Some(turn) = turn.filter(|t| t.from != t.to) else {
            continue;
        };
        for part in arrow(&layout, &shapes, (turn.from, turn.to), colour, Z_ARROW) {
            commands.spawn((
                Name::new("Analysis arrow"),
                kind,
                part,
                Pickable::IGNORE,
                DespawnOnExit(InGame),
            ));
        }
    }
}
