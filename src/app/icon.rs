//! The window's icon: the game's own picture (`assets/icon/oddboard.svg`, which the `.desktop`
//! entry beside it also names), set once the window system has made the window.

use crate::app::art::pieces::rasterise;
use crate::app::shared::screen::Frame;
use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy::winit::WINIT_WINDOWS;

/// The icon's drawing.
const ICON: &str = include_str!("../../assets/icon/oddboard.svg");

/// The icon's width and height in pixels.
const ICON_PIXELS: u32 = 64;

/// Gives the primary window the game's icon (for windows only: headless apps have none).
pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        set_icon
            .run_if(not(resource_exists::<IconSet>))
            .in_set(Frame::Sync),
    );
}

/// Marks the icon as set, so the system stops running.
#[derive(Resource)]
struct IconSet;

/// Sets the icon on the primary window as soon as winit has created it (winit's window calls
/// belong to the main thread, hence the marker).
fn set_icon(
    window: Single<Entity, With<PrimaryWindow>>,
    mut commands: Commands,
    _main_thread: NonSendMarker,
) {
    WINIT_WINDOWS.with_borrow(|windows| {
        let Some(winit_window) = windows.get_window(*window) else {
            return;
        };
        let pixels = rasterise(ICON, ICON_PIXELS).data.unwrap_or_default();
        match winit::window::Icon::from_rgba(pixels, ICON_PIXELS, ICON_PIXELS) {
            Ok(icon) => winit_window.set_window_icon(Some(icon)),
            Err(why) => warn!("the window icon could not be made: {why}"),
        }
        commands.insert_resource(IconSet);
    });
}
