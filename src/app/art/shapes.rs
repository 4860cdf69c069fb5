//! The shapes marks and drawings are made of (a dot, a ring, an arrow head, a
//! dashed and a solid frame), rasterised once
//! from small SVGs so they stay round and smooth at any board size, and tinted per use.

use crate::app::art::pieces::rasterise;
use bevy::prelude::*;

/// How many pixels each shape is drawn at.
const PIXELS: u32 = 128;

/// A filled circle filling its square.
const DISC: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="50" cy="50" r="49" fill="#fff"/></svg>"##;
/// A circle's outline at the edge of its square.
const RING: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="50" cy="50" r="44" fill="none" stroke="#fff" stroke-width="10"/></svg>"##;
/// A square's outline, dashed, just inside its edge: what marks a gap.
const FRAME: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect x="6" y="6" width="88" height="88" rx="6" fill="none" stroke="#fff" stroke-width="7" stroke-dasharray="14 8"/></svg>"##;
/// A square's solid outline just inside its edge: what marks a square that moved.
const EDGE: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect x="5" y="5" width="90" height="90" rx="5" fill="none" stroke="#fff" stroke-width="7"/></svg>"##;
/// A triangle pointing right (+x), its tip at the square's right edge.
const HEAD: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><path d="M100 50 L0 0 L0 100 Z" fill="#fff"/></svg>"##;

/// The rasterised shapes (default images where there is no image store, as in headless tests).
#[derive(Resource, Default, Clone, Debug)]
pub struct Shapes {
    /// A filled circle.
    pub disc: Handle<Image>,
    /// A circle's outline.
    pub ring: Handle<Image>,
    /// An arrow head pointing along +x.
    pub head: Handle<Image>,
    /// A square's dashed outline.
    pub frame: Handle<Image>,
    /// A square's solid outline.
    pub edge: Handle<Image>,
}

impl Shapes {
    /// A sprite of `shape` in `colour`, `size` world units across.
    pub fn sprite(shape: &Handle<Image>, colour: Color, size: Vec2) -> Sprite {
        Sprite {
            image: shape.clone(),
            color: colour,
            custom_size: Some(size),
            ..default()
        }
    }
}

/// Registers the shapes.
pub fn plugin(app: &mut App) {
    app.init_resource::<Shapes>().add_systems(Startup, draw);
}

fn draw(mut shapes: ResMut<Shapes>, images: Option<ResMut<Assets<Image>>>) {
    let Some(mut images) = images else {
        return;
    };
    *shapes = Shapes {
        disc: images.add(rasterise(DISC, PIXELS)),
        ring: images.add(rasterise(RING, PIXELS)),
        head: images.add(rasterise(HEAD, PIXELS)),
        frame: images.add(rasterise(FRAME, PIXELS)),
        edge: images.add(rasterise(EDGE, PIXELS)),
    };
}
