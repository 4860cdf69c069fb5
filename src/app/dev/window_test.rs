//! The scripted window test, in the reactive window a player has (frames only on input or when
//! something asks for them). It plays a few turns of every variant through the same messages a
//! click produces; then, with no input for two seconds, checks that every piece is drawn on its
//! square (a frozen animation would leave one half-way) and saves a screenshot. Then it plays
//! a few chosen scenes: turns shot in mid-motion (an Amoeba slide, an interception, a
//! telekinesis), the gap an Amoeba slide left, a finished game, turns in progress (capture rings, the victims of a
//! destination pointed at, the promotion picker) and a turn the computer answers (its search
//! off the main thread wakes the sleeping window), the analysis board (its lines and arrows
//! once its thread has reported, and a finished game's evaluation graph once reviewed); then
//! lessons and puzzles opened as the menu
//! opens them (a wrong try explained, a lesson done, a puzzle solved); and a game over the
//! network against the bot (its turns arrive through the real transport and play on the
//! board); last, the menu and a game's panel at every interface size in two window sizes, every
//! control checked to fit. It checks no screenshot is blank, and exits.

use super::fit_scenes::{self, FitHands, FitScene};
use super::online_scene::{self, OnlineScene};
use super::study_scenes::{self, Next, STUDY_SCENES, StudyScene};
use crate::app::analysis::live::Analysis;
use crate::app::analysis::review::Review;
use crate::app::board::layout::{BoardLayout, BoardPos, PieceView};
use crate::app::learn::on_board::{Study, StudyAction};
use crate::app::motion::timeline::Timeline;
use crate::app::online::link::{Link, OnlineAction};
use crate::app::shared::game::{ActiveGame, Builder};
use crate::app::shared::messages::{AnalysisRequest, Command, SquareClicked};
use crate::app::shared::players::{Player, Players};
use crate::app::shared::pointer::Hovered;
use crate::app::shared::screen::Frame;
use crate::app::shared::turn_builder::{Choice, Part};
use crate::rules::{GameRecord, Level, Loc, Removal, Turn, ids};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::window::RequestRedraw;
use bevy::winit::{UpdateMode, WinitSettings};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Turns played in each variant before its screenshot.
const TURNS_PER_VARIANT: usize = 4;
/// The fewest frames between inputs, so each input's effect is drawn; an input that starts a
/// turn's motion is also given the frames it takes to play out, so the board settles.
const FRAMES_BETWEEN: u32 = 3;
/// How long the board is left alone before it is checked.
const STILL: Duration = Duration::from_secs(2);
/// The most inputs one variant or scene may take: a part that makes no progress (a study that
/// does not open, a turn that cannot be played) fails rather than waiting for ever.
const PATIENCE: u32 = 200;
/// The fewest distinct colours a real screenshot of the game has.
const MIN_COLOURS: usize = 8;

/// A scene to shoot: a position, turns played out in it, then clicks (and a square pointed
/// at) that leave a turn in progress, shot in mid-motion or once all is still.
struct Scene {
    name: &'static str,
    variant: &'static str,
    options: &'static [&'static str],
    fen: &'static str,
    turns: &'static [&'static str],
    clicks: &'static [&'static str],
    point_at: Option<&'static str>,
    players: Players,
    shot: Shot,
    /// With the analysis on: shot once it has lines (and a finished game's review is done).
    analysis: bool,
}

/// When a scene is shot.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Shot {
    /// This long after its last turn began.
    Midway(Duration),
    /// Once nothing has moved for a while.
    Still,
}

/// A scene with no clicks after its turns and nothing pointed at.
const fn played(
    name: &'static str,
    variant: &'static str,
    options: &'static [&'static str],
    fen: &'static str,
    turns: &'static [&'static str],
    shot: Shot,
) -> Scene {
    Scene {
        name,
        variant,
        options,
        fen,
        turns,
        clicks: &[],
        point_at: None,
        players: Players([Player::Person; 2]),
        shot,
        analysis: false,
    }
}

/// A scene of a turn begun by `clicks` from `fen`, with `point_at` pointed at, shot when still.
const fn begun(
    name: &'static str,
    variant: &'static str,
    fen: &'static str,
    clicks: &'static [&'static str],
    point_at: Option<&'static str>,
) -> Scene {
    Scene {
        name,
        variant,
        options: &[],
        fen,
        turns: &[],
        clicks,
        point_at,
        players: Players([Player::Person; 2]),
        shot: Shot::Still,
        analysis: false,
    }
}

/// A scene against the computer (playing the second side, at a level that thinks longer than
/// the person's turn takes to play out, so only its own wake-up can bring its answer to the
/// sleeping window): the person's `turns`, each answered, shot once all is still; it fails
/// unless the computer has answered every one.
const fn against_computer(
    name: &'static str,
    variant: &'static str,
    fen: &'static str,
    turns: &'static [&'static str],
) -> Scene {
    Scene {
        name,
        variant,
        options: &[],
        fen,
        turns,
        clicks: &[],
        point_at: None,
        players: Players([Player::Person, Player::Computer(Level::Strong)]),
        shot: Shot::Still,
        analysis: false,
    }
}

/// A chess scene with the analysis on after `turns`, shot once the analysis has reported (and,
/// for a finished game, once its review is done).
const fn analysed(name: &'static str, turns: &'static [&'static str]) -> Scene {
    Scene {
        name,
        variant: "chess",
        options: &[],
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        turns,
        clicks: &[],
        point_at: None,
        players: Players([Player::Person; 2]),
        shot: Shot::Still,
        analysis: true,
    }
}

/// The depth the analysis must reach before its scene is shot.
const ANALYSED_DEPTH: u32 = 4;
/// The longest an analysis scene waits for the analysis or the review.
const ANALYSIS_PATIENCE: Duration = Duration::from_secs(60);

const SCENES: &[Scene] = &[
    played(
        "mid-amoeba-slide",
        "amoeba",
        &["occupied-slide"],
        "*rnknr*/*ppppp*/7/2***2/7/*PPPPP*/*RNKNR* w - 0 1",
        &["c1b3,~b1a1"],
        Shot::Midway(Duration::from_millis(60)),
    ),
    played(
        "amoeba-after-slide",
        "amoeba",
        &[],
        "*rnknr*/*ppppp*/7/2***2/7/*PPPPP*/*RNKNR* w - 0 1",
        &["d2d3,~b4c4", "d6d5,~a5a6", "c1b3,~g3g2"],
        Shot::Still,
    ),
    played(
        "mid-interception",
        "amphora",
        &[],
        "*4k*/**3**/*5*/2P4/3g3/*5*/**2P**/*K4* w G 00 0 1",
        &["e2e3"],
        Shot::Midway(Duration::from_millis(400)),
    ),
    played(
        "mid-telekinesis",
        "amphora",
        &[],
        "*k4*/**1P1**/*5*/7/3p3/*5*/**3**/*K4* w Gg 00 0 1",
        &["d7d8xd4"],
        Shot::Midway(Duration::from_millis(300)),
    ),
    played(
        "game-over",
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[
            "e2e4", "e7e5", "g1f3", "d7d6", "f1c4", "c8g4", "b1c3", "g7g6", "f3e5", "g4d1", "c4f7",
            "e8e7", "c3d5",
        ],
        Shot::Still,
    ),
    begun(
        "capture-rings",
        "american-chess",
        "rnbmqqqmbnr/11/3c1c1c3/ppppppppppp/11/PPPPPPPPPPP/3C1C1C3/11/RNBMQQQMBNR w 1",
        &["d3"],
        None,
    ),
    begun(
        "approach-victims",
        "fanorona-chess",
        "k4/5/5/2p2/2R2/5/5/2n2/4K w - - 0 1",
        &["c5"],
        Some("c3"),
    ),
    against_computer(
        "computer-answers",
        "amoeba",
        "*rnknr*/*ppppp*/7/2***2/7/*PPPPP*/*RNKNR* w - 0 1",
        &["b2b3"],
    ),
    begun(
        "promotion-picker",
        "pawns-to-kings",
        "6n1/p5P1/8/8/8/8/8/S7 w 0 41",
        &["g7", "f8"],
        None,
    ),
    analysed(
        "analysis",
        &["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"],
    ),
    analysed(
        "analysis-review",
        &["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"],
    ),
];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    Start,
    Play { turns_left: usize },
    Still { since: Instant },
    Midway { since: Instant },
    Shoot,
    AwaitShot,
}

/// What the script is doing: every variant in turn, then every scene, then every lesson and
/// puzzle scene.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Act {
    Variant(usize),
    Scene(usize),
    Study(usize),
    Online,
    Fit(usize),
    Done,
}

/// The script's progress and findings.
#[derive(Resource, Debug)]
pub struct Script {
    dir: PathBuf,
    variants: Vec<String>,
    part: Act,
    stage: Stage,
    wait: u32,
    target: Option<Turn>,
    clicked: usize,
    shot_done: bool,
    /// Inputs left before a part that makes no progress is given up as a failure.
    patience: u32,
    failures: Vec<String>,
    /// Whether the scenes are shot after the variants (not in the 3D view, whose frames a
    /// software renderer draws too slowly for them).
    scenes: bool,
}

impl Script {
    /// The name of what is being shot.
    fn name(&self) -> String {
        match self.part {
            Act::Variant(i) => self.variants.get(i).cloned().unwrap_or_default(),
            Act::Scene(i) => SCENES
                .get(i)
                .map_or_else(String::new, |s| s.name.to_string()),
            Act::Study(i) => STUDY_SCENES
                .get(i)
                .map_or_else(String::new, |s| s.name.to_string()),
            Act::Online => online_scene::NAME.to_string(),
            Act::Fit(i) => fit_scenes::name(i),
            Act::Done => String::new(),
        }
    }

    /// On to the next variant or scene.
    fn next(&mut self) {
        self.part = match self.part {
            Act::Variant(i) if i + 1 < self.variants.len() => Act::Variant(i + 1),
            Act::Variant(_) if self.scenes => Act::Scene(0),
            Act::Scene(i) if i + 1 < SCENES.len() => Act::Scene(i + 1),
            Act::Scene(_) => Act::Study(0),
            Act::Study(i) if i + 1 < STUDY_SCENES.len() => Act::Study(i + 1),
            Act::Study(_) => Act::Online,
            Act::Online => Act::Fit(0),
            Act::Fit(i) if i + 1 < fit_scenes::COUNT => Act::Fit(i + 1),
            _ => Act::Done,
        };
        self.stage = Stage::Start;
        self.target = None;
        self.clicked = 0;
        self.patience = PATIENCE;
    }
}

/// Registers the script, writing screenshots into `dir` (of the scenes too if `scenes`). The
/// window stays reactive, as a player's is, but wakes after a short wait so the script can look
/// again when all is still.
pub fn plugin(dir: PathBuf, scenes: bool) -> impl Fn(&mut App) {
    move |app: &mut App| {
        let wake = UpdateMode::reactive(STILL + Duration::from_millis(100));
        app.insert_resource(WinitSettings {
            focused_mode: wake,
            unfocused_mode: wake,
        })
        .insert_resource(Script {
            dir: dir.clone(),
            variants: ids().map(str::to_string).collect(),
            part: Act::Variant(0),
            stage: Stage::Start,
            wait: 30,
            target: None,
            clicked: 0,
            shot_done: false,
            patience: PATIENCE,
            failures: Vec::new(),
            scenes,
        })
        .init_resource::<OnlineScene>()
        .init_resource::<FitScene>()
        .add_systems(Update, drive.in_set(Frame::Input));
    }
}

/// The script's hands: what a player's clicks and the panel's buttons send, and the frames it
/// asks for while it drives.
#[derive(SystemParam)]
struct Hands<'w> {
    out: MessageWriter<'w, Command>,
    clicks: MessageWriter<'w, SquareClicked>,
    redraw: MessageWriter<'w, RequestRedraw>,
    exit: MessageWriter<'w, AppExit>,
    hovered: ResMut<'w, Hovered>,
    study: MessageWriter<'w, StudyAction>,
    online: MessageWriter<'w, OnlineAction>,
    online_scene: ResMut<'w, OnlineScene>,
    analysis: MessageWriter<'w, AnalysisRequest>,
}

/// What the script looks at: the game, the turn being built, and where pieces are drawn.
#[derive(SystemParam)]
struct Eyes<'w, 's> {
    game: Option<Res<'w, ActiveGame>>,
    builder: Res<'w, Builder>,
    layout: Option<Res<'w, BoardLayout>>,
    pieces: Query<'w, 's, (&'static BoardPos, &'static Transform), With<PieceView>>,
    study: Option<Res<'w, Study>>,
    link: Res<'w, Link>,
    analysis: Res<'w, Analysis>,
    review: Res<'w, Review>,
    motion: Res<'w, Timeline>,
}

fn drive(
    mut commands: Commands,
    mut script: ResMut<Script>,
    eyes: Eyes,
    mut hands: Hands,
    mut fit: FitHands,
) {
    let Eyes {
        game,
        builder,
        layout,
        pieces,
        study,
        link,
        analysis,
        review,
        motion,
    } = eyes;
    if !matches!(script.stage, Stage::Still { .. }) {
        hands.redraw.write(RequestRedraw);
    }
    let looking = matches!(script.stage, Stage::Still { .. } | Stage::Midway { .. });
    if (script.wait > 0 || motion.running()) && !looking {
        script.wait = script.wait.saturating_sub(1);
        return;
    }
    script.wait = FRAMES_BETWEEN;
    if script.part == Act::Done {
        for failure in &script.failures {
            error!("window test: {failure}");
        }
        hands.exit.write(if script.failures.is_empty() {
            AppExit::Success
        } else {
            AppExit::error()
        });
        return;
    }
    let name = script.name();
    match script.stage {
        Stage::Start => {
            info!("window test: {name}");
            hands.out.write_batch(start_commands(&script));
            if let Act::Study(i) = script.part {
                hands.study.write(STUDY_SCENES[i].opening());
            }
            if let Act::Fit(i) = script.part {
                if let Some(open) = fit_scenes::study_opening(i) {
                    hands.study.write(open);
                }
                fit_scenes::begin(i, &mut fit);
            }
            if let Act::Scene(i) = script.part
                && SCENES[i].analysis
            {
                hands.analysis.write(AnalysisRequest::On);
            }
            script.stage = Stage::Play {
                turns_left: TURNS_PER_VARIANT,
            };
        }
        Stage::Play { turns_left } => {
            script.patience = script.patience.saturating_sub(1);
            if script.patience == 0 {
                script
                    .failures
                    .push(format!("{name}: nothing came of {PATIENCE} inputs"));
                script.next();
                return;
            }
            if script.part == Act::Online {
                play_online(&mut script, &link, game.as_deref(), &builder, &mut hands);
                return;
            }
            if let Act::Fit(i) = script.part {
                script.wait = 0;
                if let fit_scenes::Next::Shoot = fit_scenes::next(i, &mut fit, &mut script.failures)
                {
                    script.stage = Stage::Shoot;
                }
                return;
            }
            let Some(game) = game.filter(|g| g.0.variant().id() == variant_of(&script)) else {
                return;
            };
            if let Act::Scene(i) = script.part {
                play_scene(&mut script, &SCENES[i], &game, &builder, &mut hands);
                return;
            }
            if let Act::Study(i) = script.part {
                play_study(
                    &mut script,
                    &STUDY_SCENES[i],
                    study.as_deref(),
                    &game,
                    &builder,
                    &mut hands,
                );
                return;
            }
            if turns_left == 0 || game.0.outcome().is_some() {
                script.stage = Stage::Still {
                    since: Instant::now(),
                };
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
                    script.stage = Stage::Still {
                        since: Instant::now(),
                    };
                }
                return;
            }
            if let Some(turn) = script.target {
                next_input(&builder, turn, &mut hands.out, &mut hands.clicks);
            }
        }
        Stage::Still { since } => {
            script.wait = 0;
            if since.elapsed() < STILL {
                return;
            }
            if let (Act::Scene(i), Some(game)) = (script.part, &game)
                && SCENES[i].analysis
                && !analysis_ready(game, &analysis, &review)
            {
                if since.elapsed() > ANALYSIS_PATIENCE {
                    script.failures.push(format!(
                        "{name}: no analysis after {}s",
                        ANALYSIS_PATIENCE.as_secs()
                    ));
                    script.stage = Stage::Shoot;
                    hands.redraw.write(RequestRedraw);
                }
                return;
            }
            if let (Act::Scene(i), Some(game)) = (script.part, &game) {
                let scene = &SCENES[i];
                let answered = scene.turns.len() * 2;
                if scene.players.computer(crate::rules::Side::Black).is_some()
                    && game.0.turns().len() < answered
                {
                    script.failures.push(format!(
                        "{name}: {}s after the person's turn the computer has not answered",
                        STILL.as_secs()
                    ));
                }
            }
            if let Some(layout) = layout.filter(|_| !builder.0.in_progress()) {
                for (pos, transform) in &pieces {
                    let off = transform
                        .translation
                        .truncate()
                        .distance(layout.world(pos.0));
                    if off > 0.5 {
                        script.failures.push(format!(
                            "{name}: {}s after the last turn, with no input, the piece on {} is drawn {off:.0} units away from it",
                            STILL.as_secs(),
                            pos.0
                        ));
                    }
                }
            }
            script.stage = Stage::Shoot;
            hands.redraw.write(RequestRedraw);
        }
        Stage::Midway { since } => {
            script.wait = 0;
            if let Act::Scene(i) = script.part
                && let Shot::Midway(after) = SCENES[i].shot
                && since.elapsed() < after
            {
                return;
            }
            script.stage = Stage::Shoot;
        }
        Stage::Shoot => {
            let path = script.dir.join(format!("{name}.png"));
            script.shot_done = false;
            commands
                .spawn(Screenshot::primary_window())
                .observe(save_to_disk(path))
                .observe(check_not_blank);
            script.stage = Stage::AwaitShot;
        }
        Stage::AwaitShot => {
            if script.shot_done {
                if let Act::Scene(i) = script.part
                    && SCENES[i].analysis
                {
                    hands.analysis.write(AnalysisRequest::Toggle);
                }
                if script.part == Act::Online {
                    let leave = online_scene::leave(&mut hands.online_scene);
                    hands.online.write(leave);
                }
                script.next();
            }
        }
    }
}

/// Whether the analysis has reported on `game`'s position (deep enough, with the threat), or
/// the game is over and its review done.
fn analysis_ready(game: &ActiveGame, analysis: &Analysis, review: &Review) -> bool {
    let findings = &analysis.findings;
    match findings.over {
        Some(_) => review.covers(&game.0) && !review.running(),
        None => findings.depth >= ANALYSED_DEPTH && findings.threat.is_some(),
    }
}

/// Plays the game over the network: White's turns by clicks, waiting for the bot's.
fn play_online(
    script: &mut Script,
    link: &Link,
    game: Option<&ActiveGame>,
    builder: &Builder,
    hands: &mut Hands,
) {
    match online_scene::next(&mut hands.online_scene, link, game) {
        Ok(online_scene::Next::Host) => {
            hands.online.write(online_scene::host());
        }
        Ok(online_scene::Next::Wait) => {}
        Ok(online_scene::Next::Play(turn)) => {
            next_input(builder, turn, &mut hands.out, &mut hands.clicks);
        }
        Ok(online_scene::Next::Done) => {
            script.stage = Stage::Still {
                since: Instant::now(),
            };
        }
        Err(why) => {
            script
                .failures
                .push(format!("{}: {why}", online_scene::NAME));
            script.next();
        }
    }
}

/// The variant of what is being played.
fn variant_of(script: &Script) -> String {
    match script.part {
        Act::Scene(i) => SCENES[i].variant.to_string(),
        Act::Study(i) => STUDY_SCENES[i].variant.to_string(),
        _ => script.name(),
    }
}

/// Starts the variant, or the scene's position with its players (a study scene opens its
/// study instead, as the menu does; the game over the network starts from the menu).
fn start_commands(script: &Script) -> Vec<Command> {
    let commands = match script.part {
        Act::Study(_) => return Vec::new(),
        Act::Online => return vec![Command::Menu],
        Act::Fit(i) => return fit_scenes::opening(i),
        Act::Scene(i) => {
            let scene = &SCENES[i];
            [
                Command::Resume(GameRecord {
                    variant: scene.variant.into(),
                    options: scene.options.iter().map(|o| o.to_string()).collect(),
                    start: scene.fen.into(),
                    turns: Vec::new(),
                    redo: Vec::new(),
                    ending: None,
                }),
                Command::Players(scene.players),
            ]
        }
        _ => [
            Command::Start {
                variant: script.name(),
                options: Vec::new(),
            },
            Command::Players(Players::default()),
        ],
    };
    commands.into()
}

/// Plays the scene's turns one input at a time, then its clicks, points at its square, and
/// goes on to shoot it: in mid-motion, or once all is still.
fn play_scene(
    script: &mut Script,
    scene: &Scene,
    game: &ActiveGame,
    builder: &Builder,
    hands: &mut Hands,
) {
    if matches!(scene.shot, Shot::Midway(_)) {
        script.wait = 0;
    }
    let next_turn = scene.turns.get(game.0.turns().len()).map(|text| {
        game.0
            .variant()
            .parse_turn(game.0.position(), text)
            .map_err(|e| e.to_string())
    });
    let next_click = scene
        .clicks
        .get(script.clicked)
        .map(|square| Loc::parse(square).ok_or_else(|| format!("{square} is no square")));
    match (next_turn, next_click) {
        (Some(Ok(turn)), _) => next_input(builder, turn, &mut hands.out, &mut hands.clicks),
        (None, Some(Ok(square))) => {
            script.clicked += 1;
            hands.clicks.write(SquareClicked(square));
        }
        (Some(Err(e)), _) | (None, Some(Err(e))) => {
            script.failures.push(format!("{}: {e}", scene.name));
            script.next();
        }
        (None, None) => {
            hands.hovered.0 = scene.point_at.and_then(Loc::parse);
            let since = Instant::now();
            script.wait = 0;
            script.stage = match scene.shot {
                Shot::Midway(_) => Stage::Midway { since },
                Shot::Still => Stage::Still { since },
            };
        }
    }
}

/// Plays a lesson or puzzle scene: the turn its study asks for, one input at a time, until it
/// shows what it is for.
fn play_study(
    script: &mut Script,
    scene: &StudyScene,
    study: Option<&Study>,
    game: &ActiveGame,
    builder: &Builder,
    hands: &mut Hands,
) {
    let Some(study) = study else {
        return;
    };
    match study_scenes::next(scene, study, &game.0) {
        Next::Wait => {}
        Next::Play(turn) => next_input(builder, turn, &mut hands.out, &mut hands.clicks),
        Next::Shoot => {
            script.wait = 0;
            script.stage = Stage::Still {
                since: Instant::now(),
            };
        }
        Next::Fail(why) => {
            script.failures.push(format!("{}: {why}", scene.name));
            script.next();
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
        Some(Part::Placement) => match turn.placement {
            Some((piece, _)) if turn.is_drop() && builder.0.dropping() != Some(piece) => {
                out.write(Command::PickFromHand(piece));
            }
            placement => {
                clicks.write(SquareClicked(placement.map_or(turn.from, |(_, at)| at)));
            }
        },
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
    let name = script.name();
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
