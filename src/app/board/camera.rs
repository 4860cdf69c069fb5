//! The cameras: one draws the board, fitted to the space the side panel leaves; one draws the
//! panels over the whole window.

use crate::app::board::layout::BoardLayout;
use bevy::camera::visibility::RenderLayers;
use bevy::camera::{CameraOutputMode, ScalingMode, Viewport};
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy::window::{PrimaryWindow, RequestRedraw, WindowResized};
use bevy_egui::{EguiGlobalSettings, EguiZoomFactor, PrimaryEguiContext};

/// The camera that draws the board.
#[derive(Component)]
pub struct BoardCamera;

/// The width, in egui points (logical pixels times egui's zoom, the interface size), the side
/// panel takes on the right of the window.
#[derive(Resource, Default, Clone, Copy, PartialEq, Debug)]
pub struct PanelWidth(pub f32);

/// Registers the cameras and their fitting.
pub fn plugin(app: &mut App) {
    app.init_resource::<PanelWidth>()
        .add_systems(Startup, spawn_cameras)
        .add_systems(PostUpdate, fit_board.run_if(resource_exists::<BoardLayout>))
        .add_systems(Last, redraw_after_resize);
}

/// The board's cameras (2D and 3D) leave writing to the window to the panel camera, which
/// draws into the same texture after them: a software renderer would otherwise copy and blend
/// every pixel of the window once more each frame.
pub const BOARD_OUTPUT: CameraOutputMode = CameraOutputMode::Skip;

/// The panel camera writes the texture it shares with the board's camera over the window as it
/// is: the board's camera clears it to an opaque colour, so blending it over the window (what
/// a second camera on a window does by default) or clearing the window first would draw the
/// same picture, at the cost of a software renderer's reading every pixel of the window again
/// (about a tenth of a 2D frame's CPU time).
const PANEL_OUTPUT: CameraOutputMode = CameraOutputMode::Write {
    blend_state: Some(BlendState::REPLACE),
    clear_color: ClearColorConfig::None,
};

fn spawn_cameras(mut commands: Commands, mut egui_settings: ResMut<EguiGlobalSettings>) {
    egui_settings.auto_create_primary_context = false;
    commands.spawn((
        Name::new("Board camera"),
        BoardCamera,
        Camera2d,
        // Sprites need no multisampling, and software renderers pay dearly for it.
        Msaa::Off,
        Camera {
            output_mode: BOARD_OUTPUT,
            clear_color: ClearColorConfig::Custom(Color::srgb(0.16, 0.17, 0.19)),
            ..default()
        },
    ));
    commands.spawn((
        Name::new("Panel camera"),
        PrimaryEguiContext,
        Camera2d,
        Msaa::Off,
        RenderLayers::none(),
        // It draws over the board camera's picture in the texture they share, and writes the
        // whole to the window.
        Camera {
            order: 1,
            clear_color: ClearColorConfig::None,
            output_mode: PANEL_OUTPUT,
            ..default()
        },
    ));
}

/// Frames to draw after a resize: the panels learn the new window size a frame late, and a
/// reactive window would otherwise stay on the stale layout until the next input.
const FRAMES_AFTER_RESIZE: u8 = 3;

/// Asks for a few more frames after the window is resized, so every layer settles on its size.
fn redraw_after_resize(
    mut resized: MessageReader<WindowResized>,
    mut pending: Local<u8>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if resized.read().count() > 0 {
        *pending = FRAMES_AFTER_RESIZE;
    }
    if *pending > 0 {
        *pending -= 1;
        redraw.write(RequestRedraw);
    }
}

/// Keeps the whole board in view, as large as the space beside the panel allows.
fn fit_board(
    layout: Res<BoardLayout>,
    panel: Res<PanelWidth>,
    zoom: Query<&EguiZoomFactor, With<PrimaryEguiContext>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    mut camera: Query<(&mut Camera, &mut Projection), With<BoardCamera>>,
    mut fitted: Local<Option<Vec2>>,
) {
    let Some(window) = window else {
        return;
    };
    let Ok((mut camera, mut projection)) = camera.single_mut() else {
        return;
    };
    let zoom = zoom.single().map_or(1.0, |z| z.zoom_factor);
    let panel_px = (panel.0 * zoom * window.scale_factor()) as u32;
    let width = window.physical_width().saturating_sub(panel_px).max(1);
    let height = window.physical_height().max(1);
    let viewport = Viewport {
        physical_position: UVec2::ZERO,
        physical_size: UVec2::new(width, height),
        ..default()
    };
    if camera
        .viewport
        .as_ref()
        .map(|v| (v.physical_position, v.physical_size))
        != Some((viewport.physical_position, viewport.physical_size))
    {
        camera.viewport = Some(viewport);
    }
    let extent = layout.extent();
    if *fitted != Some(extent)
        && let Projection::Orthographic(ortho) = projection.as_mut()
    {
        ortho.scaling_mode = ScalingMode::AutoMin {
            min_width: extent.x,
            min_height: extent.y,
        };
        *fitted = Some(extent);
    }
}
