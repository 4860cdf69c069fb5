//! Piece art: the drawings (see [`crate::app::shared::drawings`]) rasterised at the size the board is drawn
//! and again whenever the window grows or shrinks enough to blur them.

use crate::app::board::layout::BoardLayout;
use crate::app::shared::drawings::{DRAWINGS, Drawing};
use crate::app::shared::screen::Frame;
use crate::rules::{Kind, Side, VariantData};
use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::window::PrimaryWindow;
use std::collections::HashMap;

/// The drawing of `kind` in a variant: its data's `art` if given, else the kind's own.
pub fn drawing_of(data: &VariantData, kind: Kind) -> &str {
    data.piece(kind)
        .and_then(|p| p.art.as_deref())
        .unwrap_or(kind.default_art())
}

/// The side colours a variant paints its pieces in (`None`: the drawings' own white and black).
type Palette = Option<[String; 2]>;

/// The rasterised drawings of every palette the variants use, by palette, drawing and side,
/// and the pixel size they were drawn at. Every variant's pieces are drawn in its own colours at
/// once, so a picture of one variant (the menu's) never shows another's colours.
#[derive(Resource)]
pub struct PieceArt {
    palettes: Vec<Palette>,
    images: HashMap<(usize, usize, Side), Handle<Image>>,
    pixels: u32,
}

impl Default for PieceArt {
    /// No images yet, and the palettes of every variant.
    fn default() -> PieceArt {
        let mut palettes: Vec<Palette> = vec![None];
        for data in crate::rules::all_data().unwrap_or_default() {
            if !palettes.contains(&data.colours) {
                palettes.push(data.colours);
            }
        }
        PieceArt {
            palettes,
            images: HashMap::new(),
            pixels: 0,
        }
    }
}

impl PieceArt {
    /// The image of `kind` for `side` in variant `data`'s drawing and colours (the default
    /// image if there is none).
    pub fn image(&self, data: &VariantData, kind: Kind, side: Side) -> Handle<Image> {
        let name = drawing_of(data, kind);
        let palette = self.palettes.iter().position(|p| *p == data.colours);
        let drawing = DRAWINGS.iter().position(|d| d.name == name);
        palette
            .zip(drawing)
            .and_then(|(palette, drawing)| self.images.get(&(palette, drawing, side)))
            .cloned()
            .unwrap_or_default()
    }

    /// Draws every piece in every palette at `pixels`, into the same handles when they exist,
    /// so every sprite and picture picks the new images up.
    fn draw(&mut self, images: &mut Assets<Image>, pixels: u32) {
        self.pixels = pixels;
        for (palette, colours) in self.palettes.iter().enumerate() {
            for (drawing, Drawing { svgs, .. }) in DRAWINGS.iter().enumerate() {
                for (side, svg) in Side::BOTH.into_iter().zip(svgs) {
                    let image = rasterise(&painted(svg, side, colours.as_ref()), pixels);
                    let key = (palette, drawing, side);
                    match self.images.get(&key) {
                        Some(handle) => {
                            let _ = images.insert(handle.id(), image);
                        }
                        None => {
                            self.images.insert(key, images.add(image));
                        }
                    }
                }
            }
        }
    }
}

/// The drawing in the side's colour: the first player's white and the second player's black
/// become the variant's colours, where it has them.
fn painted<'a>(
    svg: &'a str,
    side: Side,
    colours: Option<&[String; 2]>,
) -> std::borrow::Cow<'a, str> {
    let Some(colour) = colours.map(|c| &c[side.index()]) else {
        return svg.into();
    };
    let base = match side {
        Side::White => "#ffffff",
        Side::Black => "#000000",
    };
    svg.replace(&format!("fill=\"{base}\""), &format!("fill=\"{colour}\""))
        .into()
}

/// Registers the art and its re-rasterising on resize.
pub fn plugin(app: &mut App) {
    app.init_resource::<PieceArt>()
        .add_systems(Startup, draw_all.run_if(resource_exists::<Assets<Image>>))
        .add_systems(
            Update,
            redraw_on_resize
                .run_if(resource_exists::<BoardLayout>.and_then(resource_exists::<Assets<Image>>))
                .in_set(Frame::Sync),
        );
}

const FIRST_PIXELS: u32 = 96;

fn draw_all(mut art: ResMut<PieceArt>, mut images: ResMut<Assets<Image>>) {
    art.draw(&mut images, FIRST_PIXELS);
}

/// Draws the pieces again at the window's square size when it has changed by a quarter or
/// more.
fn redraw_on_resize(
    mut art: ResMut<PieceArt>,
    mut images: ResMut<Assets<Image>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    layout: Res<BoardLayout>,
) {
    let Some(window) = window else {
        return;
    };
    let cells = f32::from(layout.files.max(layout.ranks)) + 1.0;
    let wanted = (window.physical_height().min(window.physical_width()) as f32 / cells)
        .clamp(32.0, 512.0) as u32;
    let ratio = wanted as f32 / art.pixels.max(1) as f32;
    if !(0.8..1.25).contains(&ratio) {
        art.draw(&mut images, wanted);
    }
}

/// Renders an SVG into a square image `pixels` wide (transparent if the SVG cannot be read).
pub fn rasterise(svg: &str, pixels: u32) -> Image {
    let mut data = vec![0u8; (pixels * pixels * 4) as usize];
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default());
    let pixmap = resvg::tiny_skia::Pixmap::new(pixels, pixels);
    if let (Ok(tree), Some(mut pixmap)) = (tree, pixmap) {
        let size = tree.size();
        let scale = pixels as f32 / size.width().max(size.height());
        resvg::render(
            &tree,
            resvg::tiny_skia::Transform::from_scale(scale, scale),
            &mut pixmap.as_mut(),
        );
        for (out, pixel) in data.chunks_exact_mut(4).zip(pixmap.pixels()) {
            let c = pixel.demultiply();
            out.copy_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
        }
    }
    Image::new(
        Extent3d {
            width: pixels,
            height: pixels,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD | RenderAssetUsages::MAIN_WORLD,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::shared::drawings::drawing;

    /// Every piece of every variant names a drawing the game has.
    #[test]
    fn every_piece_of_every_variant_has_its_drawing() {
        for data in crate::rules::all_data().expect("variant data reads") {
            for piece in &data.pieces {
                let name = drawing_of(&data, piece.kind);
                assert!(
                    drawing(name).is_some(),
                    "{}: {} is drawn as '{name}', which is no drawing",
                    data.id,
                    piece.name
                );
            }
        }
    }

    /// American Chess's pieces, drawn at 40 pixels, differ from each other in their ink (the
    /// dark pictogram on the light counter) by a clear part of the picture: each says what it
    /// is without hovering.
    #[test]
    fn american_chess_pieces_are_told_apart_at_forty_pixels() {
        let data = crate::rules::all_data()
            .expect("variant data reads")
            .into_iter()
            .find(|d| d.id == "american-chess")
            .expect("American Chess");
        let ink: Vec<(String, Vec<bool>)> = data
            .pieces
            .iter()
            .map(|piece| {
                let name = drawing_of(&data, piece.kind);
                let light = drawing(name).expect("drawn").svgs[0];
                let image = rasterise(light, 40);
                let dark = image
                    .data
                    .unwrap_or_default()
                    .chunks_exact(4)
                    .map(|p| p[3] > 128 && p[0] < 100)
                    .collect();
                (piece.name.clone(), dark)
            })
            .collect();
        for (i, (a, ink_a)) in ink.iter().enumerate() {
            for (b, ink_b) in &ink[i + 1..] {
                let differing = ink_a.iter().zip(ink_b).filter(|(x, y)| x != y).count();
                assert!(
                    differing > 40 * 40 / 20,
                    "{a} and {b} differ in only {differing} pixels"
                );
            }
        }
    }

    /// Each variant's pieces are painted in its own colours side by side: Fanorona Chess's first
    /// player's King is gold while Chess's stays white, whichever was played last.
    #[test]
    fn every_variant_keeps_its_own_colours() {
        let all = crate::rules::all_data().expect("variant data reads");
        let data = |id: &str| all.iter().find(|d| d.id == id).expect("variant");
        let mut images = Assets::<Image>::default();
        let mut art = PieceArt::default();
        art.draw(&mut images, 48);
        let gold_pixels = |data: &VariantData| {
            let image = images
                .get(&art.image(data, Kind::King, Side::White))
                .expect("drawn");
            let bytes = image.data.as_ref().expect("pixels");
            bytes
                .chunks_exact(4)
                .filter(|p| p[3] > 200 && p[0] > 200 && p[2] < 120)
                .count()
        };
        assert!(gold_pixels(data("fanorona-chess")) > 100);
        assert_eq!(gold_pixels(data("chess")), 0);
    }
}
