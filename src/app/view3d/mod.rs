//! The 3D view: the same game on a table in Bevy 3D, switchable at any moment (V, the panel,
//! the settings, `play --view 3d`). It draws the 2D board's entities again in 3D (see
//! [`mirror`]), so the session, the turn builder, the marks and the timeline serve both views
//! and neither decides a rule. Its own are the shapes ([`models`]), the camera, light and table
//! ([`rig`]) and the coordinates painted over it ([`labels`]).

mod labels;
pub mod mirror;
pub mod models;
pub mod rig;
pub mod surface;

pub use mirror::{TwinKind, TwinOf, Twinned};
pub use rig::{Preset, Rig, TableCamera};

use crate::app::board::layout::BoardLayout;
use crate::app::shared::game::ActiveGame;
use crate::app::shared::messages::SwitchView;
use crate::app::shared::screen::{Frame, InGame};
use crate::app::shared::settings::{BoardView, Settings};
use crate::app::shared::storage::Storage;
use bevy::asset::embedded_asset;
use bevy::picking::mesh_picking::ray_cast::RayCastVisibility;
use bevy::picking::mesh_picking::{MeshPickingPlugin, MeshPickingSettings};
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

/// Whether the 3D view is chosen.
fn three_d(settings: Res<Settings>) -> bool {
    settings.view == BoardView::ThreeD
}

/// Registers the 3D view's twins, camera swings and view switching (no window needed).
pub fn plugin(app: &mut App) {
    app.init_resource::<models::Meshes>()
        .init_resource::<mirror::SharedMaterials>()
        .init_resource::<Rig>()
        .add_systems(Startup, rig::spawn_rig)
        .add_systems(Update, switch_view.in_set(Frame::Apply))
        .add_systems(
            Update,
            (
                mirror::spawn_twins.run_if(resource_exists::<ActiveGame>),
                mirror::pose_twins.run_if(resource_exists::<ActiveGame>),
                mirror::drag_through,
                rig::follow_flip,
                rig::swing,
            )
                .chain()
                .in_set(Frame::Follow)
                .run_if(three_d),
        )
        .add_systems(
            Update,
            (
                mirror::despawn_twins.run_if(not(three_d)),
                mirror::follow_shadows.run_if(resource_exists::<Assets<surface::Surface>>),
            )
                .in_set(Frame::Sync)
                .run_if(resource_changed::<Settings>),
        )
        .add_systems(
            PostUpdate,
            (
                rig::choose_camera.run_if(resource_changed::<Settings>),
                (rig::place_camera, rig::aim_sun).run_if(three_d),
            )
                .chain()
                .before(TransformSystems::Propagate),
        );
}

/// The 3D view's parts that need the window: its surfaces' shader, picking on meshes (the hit
/// boxes are hidden, so picking looks at hidden meshes too), the right button's orbit and the
/// painted coordinates.
pub fn window_plugin(app: &mut App) {
    embedded_asset!(app, "surface.wgsl");
    app.add_plugins((
        MeshPickingPlugin,
        MaterialPlugin::<surface::Surface>::default(),
    ))
    .insert_resource(MeshPickingSettings {
        require_markers: false,
        ray_cast_visibility: RayCastVisibility::Any,
    })
    .add_systems(
        Update,
        rig::orbit
            .in_set(Frame::Input)
            .run_if(three_d)
            .run_if(in_state(InGame)),
    )
    .add_systems(
        EguiPrimaryContextPass,
        labels::paint_labels.run_if(resource_exists::<BoardLayout>),
    );
}

/// V (or the panel's button) switches between the views; the choice is saved with the settings.
fn switch_view(
    mut switches: MessageReader<SwitchView>,
    settings: Res<Settings>,
    mut storage: MessageWriter<Storage>,
) {
    let switches = switches.read().count();
    if switches % 2 == 1 {
        let mut new = settings.clone();
        new.view = settings.view.other();
        storage.write(Storage::Settings(new));
    }
}
