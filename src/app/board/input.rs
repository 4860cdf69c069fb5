//! Input: clicks and drags on the board (through bevy_picking: `board::picking` finds the cell
//! under the pointer in 2D, mesh picking in 3D) and the keyboard, turned into
//! the session's messages. Nothing here knows a rule.

use crate::app::board::camera::BoardCamera;
use crate::app::board::cursor::{Arrow, moved, taking_keyboard};
use crate::app::board::layout::{BoardLayout, BoardPos, Cell, PieceView, SnapBack};
use crate::app::board::sketch::Sketched;
use crate::app::shared::game::{ActiveGame, Builder, Viewing};
use crate::app::shared::messages::{
    AnalysisRequest, Command, ComputerRequest, SquareClicked, SwitchView, TurnPlayed,
};
use crate::app::shared::pointer::{BoardCursor, Dragged, Hovered, MoveEntry, TextEntry};
use crate::app::shared::screen::{Frame, InGame};
use crate::app::shared::settings::{BoardView, Settings};
use crate::app::view3d::TableCamera;
use crate::app::view3d::mirror::board_point;
use crate::rules::{Loc, Position};
use bevy::ecs::system::SystemParam;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

/// Registers the input observers and the keyboard.
pub fn plugin(app: &mut App) {
    app.init_resource::<RightPressed>()
        .add_observer(on_press)
        .add_observer(on_right_press)
        .add_observer(on_right_release)
        .add_observer(on_drag_start)
        .add_observer(on_drop)
        .add_observer(on_drag)
        .add_observer(on_drag_end)
        .add_observer(on_over)
        .add_observer(on_out)
        .add_systems(
            Update,
            (
                keyboard
                    .run_if(|entry: Res<TextEntry>| !entry.0)
                    .in_set(Frame::Input),
                rest_cursor_help.in_set(Frame::Sync),
            ),
        );
}

fn cell_of(entity: Entity, cells: &Query<&Cell>) -> Option<Loc> {
    cells.get(entity).ok().map(|cell| cell.loc)
}

/// The primary button going down on a square is the player's click there, as on lichess: it
/// picks a piece, or plays the picked piece to a marked square, at once. (A click made of the
/// button's release would be lost when the pointer arrives, presses and releases within one
/// frame, as bevy_picking looks for the release on the entities hovered the frame before.)
fn on_press(
    press: On<Pointer<Press>>,
    cells: Query<&Cell>,
    mut clicked: MessageWriter<SquareClicked>,
) {
    if press.button == PointerButton::Primary
        && let Some(loc) = cell_of(press.event_target(), &cells)
    {
        clicked.write(SquareClicked(loc));
    }
}

/// Where the right button went down, until it comes up.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct RightPressed(pub Option<Loc>);

fn on_right_press(
    press: On<Pointer<Press>>,
    cells: Query<&Cell>,
    mut pressed: ResMut<RightPressed>,
) {
    if press.button == PointerButton::Secondary
        && let Some(loc) = cell_of(press.event_target(), &cells)
    {
        pressed.0 = Some(loc);
    }
}

/// The right button coming up over a square ends a stroke from where it went down (in 3D, where
/// the right button drags the camera round, only a click: a ring).
fn on_right_release(
    release: On<Pointer<Release>>,
    cells: Query<&Cell>,
    settings: Res<Settings>,
    mut pressed: ResMut<RightPressed>,
    mut strokes: MessageWriter<Sketched>,
) {
    if release.button != PointerButton::Secondary {
        return;
    }
    let orbiting = settings.view == BoardView::ThreeD;
    if let Some(to) = cell_of(release.event_target(), &cells)
        && let Some(from) = pressed.0.take()
        && (from == to || !orbiting)
    {
        strokes.write(Sketched { from, to });
    }
}

/// Dragging the piece the press picked lifts it.
fn on_drag_start(
    drag: On<Pointer<DragStart>>,
    cells: Query<&Cell>,
    builder: Res<Builder>,
    pieces: Query<(Entity, &BoardPos), With<PieceView>>,
    mut dragged: ResMut<Dragged>,
) {
    if drag.button != PointerButton::Primary {
        return;
    }
    if let Some(loc) = cell_of(drag.event_target(), &cells)
        && builder.0.picked() == Some(loc)
    {
        dragged.0 = pieces.iter().find(|(_, pos)| pos.0 == loc).map(|(e, _)| e);
    }
}

/// The dragged piece follows the pointer (in 3D, over the point of the board under it).
fn on_drag(
    drag: On<Pointer<Drag>>,
    dragged: Res<Dragged>,
    camera: Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
    table: Query<(&Camera, &GlobalTransform), With<TableCamera>>,
    layout: Option<Res<BoardLayout>>,
    mut transforms: Query<&mut Transform>,
) {
    let Some(entity) = dragged.0 else {
        return;
    };
    let pointer = drag.pointer_location.position;
    let world = match (table.single(), camera.single()) {
        (Ok((camera, view)), _) if camera.is_active => {
            let flipped = layout.is_some_and(|l| l.flipped);
            let Some(at) = board_point(camera, view, pointer, flipped) else {
                return;
            };
            at
        }
        (_, Ok((camera, view))) => {
            let Ok(world) = camera.viewport_to_world_2d(view, pointer) else {
                return;
            };
            world
        }
        _ => return,
    };
    if let Ok(mut transform) = transforms.get_mut(entity) {
        transform.translation = world.extend(DRAG_Z);
    }
}

/// How high a dragged piece is drawn.
const DRAG_Z: f32 = 4.0;

/// A dropped piece goes back to its square unless the turn it completed moves it.
fn on_drag_end(_end: On<Pointer<DragEnd>>, mut dragged: ResMut<Dragged>, mut commands: Commands) {
    if let Some(entity) = dragged.0.take() {
        commands.entity(entity).try_insert(SnapBack);
    }
}

/// Dropping it on a square chooses that square, as a second click would.
fn on_drop(
    drop: On<Pointer<DragDrop>>,
    cells: Query<&Cell>,
    mut clicked: MessageWriter<SquareClicked>,
) {
    if drop.button == PointerButton::Primary
        && drop.event_target() != drop.dropped
        && let Some(loc) = cell_of(drop.event_target(), &cells)
    {
        clicked.write(SquareClicked(loc));
    }
}

fn on_over(over: On<Pointer<Over>>, cells: Query<&Cell>, mut hovered: ResMut<Hovered>) {
    if let Some(loc) = cell_of(over.event_target(), &cells) {
        hovered.0 = Some(loc);
    }
}

fn on_out(out: On<Pointer<Out>>, cells: Query<&Cell>, mut hovered: ResMut<Hovered>) {
    if cell_of(out.event_target(), &cells) == hovered.0 {
        hovered.0 = None;
    }
}

/// F flips, H asks for a hint, A turns the analysis on or off, V switches between 2D and 3D,
/// Ctrl+Z / Ctrl+Y undo and redo, Escape cancels the turn being built, `/` opens the move box.
/// Tab gives the board the keyboard (its cursor shows, on a piece of the side to move) or takes
/// it back; while the cursor shows, the arrows move it and Space or Enter click where it is;
/// else ← / → / Home / End step through the move list. Keys are read in the order they came, each with Control as it was at
/// that moment, so a quick Ctrl+Z (all four key messages in one frame) still undoes.
fn keyboard(
    mut keys: MessageReader<KeyboardInput>,
    held: Res<ButtonInput<KeyCode>>,
    (mut ctrl, mut hidden_in): (Local<bool>, Local<Option<Position>>),
    board: BoardKeys,
    mut out: KeyRequests,
) {
    const CONTROL: [KeyCode; 2] = [KeyCode::ControlLeft, KeyCode::ControlRight];
    let mut saw_control = false;
    let live = board.game.as_ref().map_or(0, |g| g.0.turns().len());
    let mut view = *board.viewing;
    let mut cursor = *out.cursor;
    let in_game = board.in_game.is_some() && board.game.is_some();
    for key in keys.read() {
        if CONTROL.contains(&key.key_code) {
            *ctrl = key.state == ButtonState::Pressed;
            saw_control = true;
            continue;
        }
        if key.state != ButtonState::Pressed {
            continue;
        }
        if out.move_entry.open {
            type_early(key, &mut out.move_entry);
            continue;
        }
        let slash = matches!(&key.logical_key, Key::Character(text) if text.as_str() == "/");
        let request = if slash && in_game {
            Some(Shortcut::MoveBox)
        } else {
            let on_board = cursor.at.filter(|_| cursor.shown && in_game);
            shortcut(key.key_code, *ctrl, &view, live, on_board, in_game)
        };
        match request {
            Some(Shortcut::Session(command)) => {
                if let Command::View(ply) = command {
                    view.ply = ply;
                    view.line = None;
                }
                out.session.write(command);
            }
            Some(Shortcut::Computer(request)) => {
                out.computer.write(request);
            }
            Some(Shortcut::SwitchView) => {
                out.switches.write(SwitchView);
            }
            Some(Shortcut::Analysis) => {
                out.analysis.write(AnalysisRequest::Toggle);
            }
            Some(Shortcut::MoveBox) => {
                out.move_entry.open = true;
            }
            Some(Shortcut::Board) => {
                cursor.shown = !cursor.shown;
                if let (Some(game), Some(layout)) = (&board.game, &board.layout) {
                    let position = *game.0.position();
                    if cursor.shown {
                        let kept = cursor.at.filter(|_| *hidden_in == Some(position));
                        cursor.at = taking_keyboard(&game.0, layout.flipped, kept);
                    } else {
                        *hidden_in = Some(position);
                    }
                }
            }
            Some(Shortcut::Cursor(arrow)) => {
                if let (Some(at), Some(game), Some(layout)) =
                    (cursor.at, &board.game, &board.layout)
                {
                    cursor.at = Some(moved(game.0.variant(), layout.flipped, at, arrow));
                }
            }
            Some(Shortcut::Click(at)) => {
                out.clicks.write(SquareClicked(at));
            }
            None => {}
        }
    }
    if out.cursor.set_if_neq(cursor) {
        // The piece help and its marks follow the cursor, as they follow the pointer.
        out.hovered
            .set_if_neq(Hovered(cursor.at.filter(|_| cursor.shown)));
    }
    if !saw_control {
        *ctrl = held.any_pressed(CONTROL);
    }
}

/// A turn played while the board's cursor shows takes the piece help off the cursor's square
/// until the cursor moves: the piece there has just moved (or been taken), and the help's
/// line about it ("could not move") would not be news.
fn rest_cursor_help(
    mut played: MessageReader<TurnPlayed>,
    cursor: Res<BoardCursor>,
    mut hovered: ResMut<Hovered>,
) {
    let forwards = played.read().filter(|turn| !turn.backwards).count() > 0;
    if forwards && cursor.shown && hovered.0.is_some() && hovered.0 == cursor.at {
        hovered.0 = None;
    }
}

/// A key that came while the move box is open but does not have the keyboard (just after `/`,
/// or after a click elsewhere): the text it types goes to the box (Backspace takes back), Escape
/// closes the box; none is a shortcut.
fn type_early(key: &KeyboardInput, entry: &mut MoveEntry) {
    match (key.key_code, &key.logical_key) {
        (KeyCode::Escape, _) => *entry = MoveEntry::default(),
        (KeyCode::Backspace, _) => {
            entry.early.pop();
        }
        (KeyCode::Space, _) => entry.early.push(' '),
        (_, Key::Character(text)) => entry.early.push_str(text),
        _ => {}
    }
}

/// What the keyboard reads of the game: the game, the board's layout, what is shown, and
/// whether a board is on the screen.
#[derive(SystemParam)]
struct BoardKeys<'w> {
    game: Option<Res<'w, ActiveGame>>,
    layout: Option<Res<'w, BoardLayout>>,
    viewing: Res<'w, Viewing>,
    in_game: Option<Res<'w, State<InGame>>>,
}

/// Where the keyboard's requests go.
#[derive(SystemParam)]
struct KeyRequests<'w> {
    session: MessageWriter<'w, Command>,
    computer: MessageWriter<'w, ComputerRequest>,
    switches: MessageWriter<'w, SwitchView>,
    analysis: MessageWriter<'w, AnalysisRequest>,
    clicks: MessageWriter<'w, SquareClicked>,
    cursor: ResMut<'w, BoardCursor>,
    move_entry: ResMut<'w, MoveEntry>,
    hovered: ResMut<'w, Hovered>,
}

/// What a key asks for: a command to the session, a request to the computer, the other view,
/// the analysis on or off, the move box, the keyboard to or from the board, the cursor moved,
/// or a click where it is.
enum Shortcut {
    Session(Command),
    Computer(ComputerRequest),
    SwitchView,
    Analysis,
    MoveBox,
    Board,
    Cursor(Arrow),
    Click(Loc),
}

/// What a key pressed (with Control held or not) asks for, with `viewing` shown, `live` turns
/// played, the board's cursor `on_board` where it is while it shows, and `in_game` when a board
/// is on the screen.
fn shortcut(
    key: KeyCode,
    ctrl: bool,
    viewing: &Viewing,
    live: usize,
    on_board: Option<Loc>,
    in_game: bool,
) -> Option<Shortcut> {
    if let Some(at) = on_board {
        let arrow = match key {
            KeyCode::ArrowUp => Some(Arrow::Up),
            KeyCode::ArrowDown => Some(Arrow::Down),
            KeyCode::ArrowLeft => Some(Arrow::Left),
            KeyCode::ArrowRight => Some(Arrow::Right),
            _ => None,
        };
        if let Some(arrow) = arrow {
            return Some(Shortcut::Cursor(arrow));
        }
        if matches!(key, KeyCode::Space | KeyCode::Enter | KeyCode::NumpadEnter) {
            return Some(Shortcut::Click(at));
        }
    }
    let shown = viewing.ply.unwrap_or(live);
    let command = match key {
        KeyCode::Tab if in_game && !ctrl => return Some(Shortcut::Board),
        KeyCode::KeyH if !ctrl => return Some(Shortcut::Computer(ComputerRequest::Hint)),
        KeyCode::KeyV if !ctrl => return Some(Shortcut::SwitchView),
        KeyCode::KeyA if !ctrl => return Some(Shortcut::Analysis),
        KeyCode::KeyF if !ctrl => Command::Flip,
        KeyCode::KeyZ if ctrl => Command::Undo,
        KeyCode::KeyY if ctrl => Command::Redo,
        KeyCode::Escape => Command::CancelTurn,
        KeyCode::ArrowLeft if shown > 0 => Command::View(Some(shown - 1)),
        KeyCode::ArrowRight if shown < live => {
            Command::View((shown + 1 < live).then_some(shown + 1))
        }
        KeyCode::Home => Command::View(Some(0)),
        KeyCode::End => Command::View(None),
        _ => return None,
    };
    Some(Shortcut::Session(command))
}
