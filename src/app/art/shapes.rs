//! The shapes marks and drawings are made of (dots, rings, corner triangles, brackets, crosses,
//! frames, a starburst, edge arrows, an arrow head), rasterised once from small SVGs so they
//! stay round and smooth at any board size, and tinted per use. Each mark's figure is drawn
//! twice: plain, and outlined in black for the high-contrast board.

use crate::app::art::pieces::rasterise;
use bevy::prelude::*;
use std::collections::HashMap;

/// How many pixels each shape is drawn at.
const PIXELS: u32 = 128;

/// A circle's outline at the edge of its square.
const RING: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="50" cy="50" r="44" fill="none" stroke="#fff" stroke-width="10"/></svg>"##;
/// A triangle pointing right (+x), its tip at the square's right edge.
const HEAD: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><path d="M100 50 L0 0 L0 100 Z" fill="#fff"/></svg>"##;

/// How much wider than a figure its black outline is, in hundredths of a square.
const OUTLINE: f32 = 7.0;

/// A figure a mark is drawn with, filling a square's picture (so every figure is drawn a
/// square across, centred on its square).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Figure {
    /// A small filled dot in the middle.
    Dot,
    /// A small hollow circle in the middle.
    Hollow,
    /// A ring round the square's edge.
    Ring,
    /// A dashed ring round the square's edge.
    DashedRing,
    /// Two rings, one inside the other.
    DoubleRing,
    /// A filled triangle in each corner.
    Corners,
    /// An L in each corner, like a viewfinder's.
    Brackets,
    /// A thick square outline.
    ThickFrame,
    /// A jagged star round the square's edge.
    Starburst,
    /// A large diagonal cross, corner to corner.
    Cross,
    /// A small diagonal cross in the middle.
    SmallCross,
    /// A diagonal cross in a ring.
    CircledCross,
    /// A dashed outline of the square.
    DashedFrame,
    /// A dotted outline of the square.
    DottedFrame,
    /// A thin solid outline of the square.
    Edge,
    /// A small arrow head at the middle of each edge, pointing out: a square that may slide.
    Arrows,
}

/// How a figure's outlines are painted.
#[derive(Clone, Copy, Debug)]
enum Paint {
    /// Filled.
    Fill,
    /// Stroked this wide (hundredths of a square), with these further SVG attributes.
    Stroke(f32, &'static str),
}

impl Figure {
    /// Every figure.
    const ALL: [Figure; 16] = [
        Figure::Dot,
        Figure::Hollow,
        Figure::Ring,
        Figure::DashedRing,
        Figure::DoubleRing,
        Figure::Corners,
        Figure::Brackets,
        Figure::ThickFrame,
        Figure::Starburst,
        Figure::Cross,
        Figure::SmallCross,
        Figure::CircledCross,
        Figure::DashedFrame,
        Figure::DottedFrame,
        Figure::Edge,
        Figure::Arrows,
    ];

    /// Its outlines (SVG elements without paint, in a 100 × 100 square) and their paint.
    fn drawing(self) -> (String, Paint) {
        let round = r#"stroke-linecap="round""#;
        let (shape, paint) = match self {
            Figure::Dot => (r#"<circle cx="50" cy="50" r="15"/>"#, Paint::Fill),
            Figure::Hollow => (
                r#"<circle cx="50" cy="50" r="14"/>"#,
                Paint::Stroke(4.5, ""),
            ),
            Figure::Ring => (
                r#"<circle cx="50" cy="50" r="42"/>"#,
                Paint::Stroke(10.0, ""),
            ),
            Figure::DashedRing => (
                r#"<circle cx="50" cy="50" r="42"/>"#,
                Paint::Stroke(8.0, r#"stroke-dasharray="13 9""#),
            ),
            Figure::DoubleRing => (
                r#"<circle cx="50" cy="50" r="43"/><circle cx="50" cy="50" r="32"/>"#,
                Paint::Stroke(6.0, ""),
            ),
            Figure::Corners => (
                "<path d=\"M2 2 H32 L2 32 Z M98 2 V32 L68 2 Z M98 98 H68 L98 68 Z \
                 M2 98 V68 L32 98 Z\"/>",
                Paint::Fill,
            ),
            Figure::Brackets => (
                "<path d=\"M7 30 V7 H30 M70 7 H93 V30 M93 70 V93 H70 M30 93 H7 V70\"/>",
                Paint::Stroke(8.0, r#"stroke-linecap="square""#),
            ),
            Figure::ThickFrame => (
                r#"<rect x="7" y="7" width="86" height="86"/>"#,
                Paint::Stroke(11.0, ""),
            ),
            Figure::Starburst => return (starburst(), Paint::Stroke(5.0, "")),
            Figure::Cross => (
                r#"<path d="M20 20 L80 80 M80 20 L20 80"/>"#,
                Paint::Stroke(9.0, round),
            ),
            Figure::SmallCross => (
                r#"<path d="M33 33 L67 67 M67 33 L33 67"/>"#,
                Paint::Stroke(8.0, round),
            ),
            Figure::CircledCross => (
                r#"<circle cx="50" cy="50" r="41"/><path d="M30 30 L70 70 M70 30 L30 70"/>"#,
                Paint::Stroke(7.0, round),
            ),
            Figure::DashedFrame => (
                r#"<rect x="6" y="6" width="88" height="88" rx="6"/>"#,
                Paint::Stroke(7.0, r#"stroke-dasharray="14 8""#),
            ),
            Figure::DottedFrame => (
                r#"<rect x="6" y="6" width="88" height="88" rx="6"/>"#,
                Paint::Stroke(7.0, r#"stroke-dasharray="0.1 11" stroke-linecap="round""#),
            ),
            Figure::Edge => (
                r#"<rect x="5" y="5" width="90" height="90" rx="5"/>"#,
                Paint::Stroke(7.0, ""),
            ),
            Figure::Arrows => (
                "<path d=\"M50 4 L64 22 H36 Z M96 50 L78 64 V36 Z M50 96 L36 78 H64 Z \
                 M4 50 L22 36 V64 Z\"/>",
                Paint::Fill,
            ),
        };
        (shape.to_string(), paint)
    }

    /// The SVG of the figure in white, outlined in black when `outlined`.
    fn svg(self, outlined: bool) -> String {
        let (shape, paint) = self.drawing();
        let layer = |colour: &str, widen: f32| match paint {
            Paint::Fill => format!(
                r#"<g fill="{colour}" stroke="{colour}" stroke-width="{widen}" stroke-linejoin="round">{shape}</g>"#
            ),
            Paint::Stroke(width, more) => format!(
                r#"<g fill="none" stroke="{colour}" stroke-width="{}" stroke-linejoin="round" {more}>{shape}</g>"#,
                width + widen
            ),
        };
        let outline = if outlined {
            layer("#000", OUTLINE)
        } else {
            String::new()
        };
        format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">{outline}{}</svg>"#,
            layer("#fff", 0.0)
        )
    }
}

/// A twelve-pointed star's outline round the square's edge.
fn starburst() -> String {
    const POINTS: usize = 12;
    let corners: Vec<String> = (0..POINTS * 2)
        .map(|i| {
            let radius = if i % 2 == 0 { 46.0 } else { 36.0 };
            let angle = std::f32::consts::PI * i as f32 / POINTS as f32;
            format!(
                "{:.2},{:.2}",
                50.0 + radius * angle.cos(),
                50.0 + radius * angle.sin()
            )
        })
        .collect();
    format!(r#"<polygon points="{}"/>"#, corners.join(" "))
}

/// The rasterised shapes (default images where there is no image store, as in headless tests).
#[derive(Resource, Default, Clone, Debug)]
pub struct Shapes {
    /// A circle's outline.
    pub ring: Handle<Image>,
    /// An arrow head pointing along +x.
    pub head: Handle<Image>,
    /// Each figure, plain and outlined in black.
    figures: HashMap<Figure, [Handle<Image>; 2]>,
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

    /// The picture of `figure`, outlined in black when `outlined`.
    pub fn figure(&self, figure: Figure, outlined: bool) -> Handle<Image> {
        self.figures
            .get(&figure)
            .map(|drawn| drawn[usize::from(outlined)].clone())
            .unwrap_or_default()
    }
}

/// Registers the shapes.
pub fn plugin(app: &mut App) {
    app.init_resource::<Shapes>()
        .add_systems(Startup, draw.run_if(resource_exists::<Assets<Image>>));
}

fn draw(mut shapes: ResMut<Shapes>, mut images: ResMut<Assets<Image>>) {
    let mut draw = |svg: &str| images.add(rasterise(svg, PIXELS));
    *shapes = Shapes {
        ring: draw(RING),
        head: draw(HEAD),
        figures: Figure::ALL
            .into_iter()
            .map(|figure| {
                let drawn = [false, true].map(|outlined| draw(&figure.svg(outlined)));
                (figure, drawn)
            })
            .collect(),
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Which pixels of `svg` drawn at 48 pixels are inked, and which of them are dark.
    fn ink(svg: &str) -> (Vec<bool>, usize) {
        let data = rasterise(svg, 48).data.unwrap_or_default();
        let inked = data.chunks_exact(4).map(|p| p[3] > 128).collect();
        let dark = data
            .chunks_exact(4)
            .filter(|p| p[3] > 128 && p[0] < 64)
            .count();
        (inked, dark)
    }

    /// Every figure is drawn, each differs from every other by a clear part of its picture
    /// (so marks tell apart by shape alone), and the outlined ones have a black outline.
    #[test]
    fn every_figure_is_drawn_and_told_apart_by_its_shape() {
        let drawn: Vec<(Figure, Vec<bool>)> = Figure::ALL
            .into_iter()
            .map(|figure| {
                let (plain, dark) = ink(&figure.svg(false));
                assert!(plain.iter().any(|p| *p), "{figure:?} drawn");
                assert_eq!(dark, 0, "{figure:?} plain is white, to be tinted");
                let (_, outlined_dark) = ink(&figure.svg(true));
                assert!(outlined_dark > 0, "{figure:?} outlined in black");
                (figure, plain)
            })
            .collect();
        for (i, (a, ink_a)) in drawn.iter().enumerate() {
            for (b, ink_b) in &drawn[i + 1..] {
                let differing = ink_a.iter().zip(ink_b).filter(|(x, y)| x != y).count();
                assert!(
                    differing > 48 * 48 / 50,
                    "{a:?} and {b:?} differ in only {differing} pixels"
                );
            }
        }
    }
}
