//! The interface size: egui's zoom factor follows the settings' `ui_scale`, so the menus, the
//! panels and everything egui paints (the promotion picker, the 3D view's coordinates) grow
//! with it; the 2D board draws its coordinates at the same factor. At 100 % egui's zoom is 1:
//! nothing moves.

use crate::app::shared::settings::Settings;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

/// Registers the zoom's following of the settings.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, follow_setting);
}

/// Zooms egui to the interface size set (egui takes it from its next pass on). The setting is
/// the only zoom: egui's own Ctrl+plus and Ctrl+minus are turned off, so they cannot leave the
/// panels at a size the board is not fitted to.
fn follow_setting(mut contexts: EguiContexts, settings: Res<Settings>) -> Result {
    let ctx = contexts.ctx_mut()?;
    if ctx.options(|options| options.zoom_with_keyboard) {
        ctx.options_mut(|options| options.zoom_with_keyboard = false);
    }
    let wanted = settings.ui_scale.factor();
    if ctx.zoom_factor() != wanted {
        ctx.set_zoom_factor(wanted);
    }
    Ok(())
}
