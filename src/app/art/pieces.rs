//! Piece art: the drawings (see [`crate::app::shared::drawings`]), a variant file's own SVGs and
//! lettered tokens, rasterised at the size the board is drawn and again whenever the window
//! grows or shrinks enough to blur them.

use super::sources::{Colours, LETTER, Source, recoloured};
use crate::app::board::layout::BoardLayout;
use crate::app::shared::drawings::{DRAWINGS, drawing};
use crate::app::shared::game::ActiveGame;
use crate::app::shared::screen::Frame;
use crate::app::storage::variant_files::{VariantFiles, find_at_start};
use crate::rules::{Kind, RulesExt, Side, VariantData};
use bevy::asset::RenderAssetUsages;
use bevy::asset::uuid::Uuid;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::window::PrimaryWindow;
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

/// The name of the drawing of `kind` in a variant: its data's `art` if given (which may name
/// no drawing of the game's: an SVG file or a lettered token), else the kind's own.
pub fn drawing_of(data: &VariantData, kind: Kind) -> &str {
    data.piece(kind)
        .and_then(|p| p.art.as_deref())
        .unwrap_or(kind.default_art())
}

/// The side colours a variant paints its pieces in (`None`: the drawings' own white and black).
type Palette = Option<[String; 2]>;

/// The rasterised pictures of every palette the variants use, by palette, source and side,
/// and the pixel size they were drawn at. Every variant's pieces are drawn in its own colours at
/// once, so a picture of one variant (the menu's) never shows another's colours. Each picture's
/// handle follows from what it shows, so a piece asked for before its variant's pictures are
/// drawn (a variant file's game opened from a record) shows them once they are.
#[derive(Resource)]
pub struct PieceArt {
    /// Every palette with the sources drawn in it.
    drawn: Vec<(Palette, Source)>,
    /// The SVG files drawn from, by path: the text, or `None` where it cannot be read (the
    /// piece's letter is drawn instead).
    files: HashMap<String, Option<String>>,
    pixels: u32,
}

impl Default for PieceArt {
    /// No images yet; every drawing of the game's in the palette of every built-in variant.
    fn default() -> PieceArt {
        let mut palettes: Vec<Palette> = vec![None];
        for data in crate::rules::all_data().unwrap_or_default() {
            if !palettes.contains(&data.colours) {
                palettes.push(data.colours);
            }
        }
        PieceArt {
            drawn: palettes
                .into_iter()
                .flat_map(|p| {
                    DRAWINGS
                        .iter()
                        .map(move |d| (p.clone(), Source::Drawing(d.name)))
                })
                .collect(),
            files: HashMap::new(),
            pixels: 0,
        }
    }
}

impl PieceArt {
    /// The image of `kind` for `side` in variant `data`'s drawing and colours.
    pub fn image(&self, data: &VariantData, kind: Kind, side: Side) -> Handle<Image> {
        picture_handle(&data.colours, &Source::of(data, kind), side)
    }

    /// Notes the pieces of `data` to be drawn, reading the SVG files they name; the pictures
    /// not drawn before, which are drawn at the next [`draw`](Self::draw).
    fn learn(&mut self, data: &VariantData) -> Vec<(Palette, Source)> {
        let mut new = Vec::new();
        for piece in &data.pieces {
            let source = Source::of(data, piece.kind);
            let entry = (data.colours.clone(), source);
            if self.drawn.contains(&entry) || new.contains(&entry) {
                continue;
            }
            match &entry.1 {
                Source::File(path, _) if !self.files.contains_key(path) => {
                    self.files.insert(path.clone(), read_svg(path));
                }
                Source::Letter(_) if piece.art.as_deref() != Some(LETTER) => warn!(
                    "{}: {} is drawn as '{}', which is no drawing: drawn as its letter",
                    data.id,
                    piece.name,
                    piece.art.as_deref().unwrap_or_default()
                ),
                _ => {}
            }
            new.push(entry);
        }
        self.drawn.extend(new.iter().cloned());
        new
    }

    /// Whether every piece of `data` is drawn already.
    fn knows(&self, data: &VariantData) -> bool {
        data.pieces.iter().all(|piece| {
            let entry = (data.colours.clone(), Source::of(data, piece.kind));
            self.drawn.contains(&entry)
        })
    }

    /// Draws every picture at `pixels`.
    fn draw(&mut self, images: &mut Assets<Image>, pixels: u32) {
        self.pixels = pixels;
        self.draw_some(images, &self.drawn);
    }

    /// Draws `entries` at the size the pictures are drawn at.
    fn draw_some(&self, images: &mut Assets<Image>, entries: &[(Palette, Source)]) {
        for (palette, source) in entries {
            for side in Side::BOTH {
                let svg = self.svg(palette.as_ref(), source, side);
                let image = rasterise(&svg, self.pixels);
                let _ = images.insert(picture_handle(palette, source, side).id(), image);
            }
        }
    }

    /// The SVG of `source` for `side` in `palette`.
    fn svg(&self, palette: Option<&[String; 2]>, source: &Source, side: Side) -> String {
        let colours = Colours::of(side, palette);
        match source {
            Source::Drawing(name) => drawing(name).map_or_else(
                || colours.token('?'),
                |d| painted(d.svgs[side.index()], side, palette).into_owned(),
            ),
            Source::File(path, letter) => match self.files.get(path) {
                Some(Some(svg)) => recoloured(svg, &colours),
                _ => colours.token(*letter),
            },
            Source::Letter(letter) => colours.token(*letter),
        }
    }
}

/// The handle of the picture of `source` for `side` in `palette`: the same for the same
/// picture, whenever asked.
fn picture_handle(palette: &Palette, source: &Source, side: Side) -> Handle<Image> {
    let mut hasher = DefaultHasher::new();
    (palette, source, side).hash(&mut hasher);
    Handle::Uuid(
        Uuid::from_u64_pair(PICTURES, hasher.finish()),
        std::marker::PhantomData,
    )
}

/// The first half of every picture's handle, telling the pieces' pictures from other images.
const PICTURES: u64 = 0x0ddb_0a2d_91c7_0e25;

/// The SVG file at `path`, if it can be read as SVG (else a warning is logged: the piece's
/// letter is drawn).
fn read_svg(path: &str) -> Option<String> {
    let read = std::fs::read_to_string(path)
        .map_err(|e| e.to_string())
        .and_then(|text| {
            resvg::usvg::Tree::from_str(&text, &resvg::usvg::Options::default())
                .map(|_| text)
                .map_err(|e| e.to_string())
        });
    read.inspect_err(|e| warn!("drawing {path} cannot be read ({e}): its piece's letter is drawn"))
        .ok()
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

/// Registers the art: drawn at start for the built-in variants and the variant files found,
/// drawn for a game's variant not yet drawn, and drawn again on resize.
pub fn plugin(app: &mut App) {
    app.init_resource::<PieceArt>()
        .add_systems(
            Startup,
            (
                learn_variant_files,
                draw_all.run_if(resource_exists::<Assets<Image>>),
            )
                .chain()
                .after(find_at_start),
        )
        .add_systems(
            Update,
            (
                draw_the_game_s_pieces.run_if(resource_exists_and_changed::<ActiveGame>),
                redraw_on_resize.run_if(
                    resource_exists::<BoardLayout>.and_then(resource_exists::<Assets<Image>>),
                ),
            )
                .in_set(Frame::Sync),
        );
}

const FIRST_PIXELS: u32 = 96;

/// Notes the pieces of every variant file that loads, to be drawn with the built-ins'.
fn learn_variant_files(files: Res<VariantFiles>, mut art: ResMut<PieceArt>) {
    for file in &files.0 {
        if let Ok(variant) = &file.loaded {
            art.learn(variant.data());
        }
    }
}

fn draw_all(mut art: ResMut<PieceArt>, mut images: ResMut<Assets<Image>>) {
    art.draw(&mut images, FIRST_PIXELS);
}

/// Draws the pieces of the game's variant where they are not drawn yet (a variant file's
/// game opened from a record or a save).
fn draw_the_game_s_pieces(
    game: Res<ActiveGame>,
    mut art: ResMut<PieceArt>,
    images: Option<ResMut<Assets<Image>>>,
) {
    let data = game.0.variant().data();
    if art.knows(data) {
        return;
    }
    let new = art.learn(data);
    if let Some(mut images) = images
        && art.pixels > 0
    {
        art.draw_some(&mut images, &new);
    }
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

/// Renders an SVG into a square image `pixels` wide, centred (transparent if the SVG cannot be
/// read).
pub fn rasterise(svg: &str, pixels: u32) -> Image {
    let mut data = vec![0u8; (pixels * pixels * 4) as usize];
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default());
    let pixmap = resvg::tiny_skia::Pixmap::new(pixels, pixels);
    if let (Ok(tree), Some(mut pixmap)) = (tree, pixmap) {
        let size = tree.size();
        let scale = pixels as f32 / size.width().max(size.height());
        let (x, y) = (
            (pixels as f32 - size.width() * scale) / 2.0,
            (pixels as f32 - size.height() * scale) / 2.0,
        );
        resvg::render(
            &tree,
            resvg::tiny_skia::Transform::from_row(scale, 0.0, 0.0, scale, x, y),
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

    /// A variant file's pieces: its own SVG (the second player's with white and black
    /// swapped), a lettered token, and a missing SVG drawn as its letter, each for both sides.
    #[test]
    fn a_variant_file_s_own_drawings_and_letters_are_drawn() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let horse = dir.path().join("horse.svg");
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#fff" stroke="black"/></svg>"##;
        std::fs::write(&horse, svg).expect("written");
        let mut data = crate::rules::all_data()
            .expect("variant data reads")
            .into_iter()
            .find(|d| d.id == "chess")
            .expect("chess");
        data.id = dir.path().join("chess.ron").to_string_lossy().into_owned();
        let missing = dir
            .path()
            .join("missing.svg")
            .to_string_lossy()
            .into_owned();
        for (kind, drawn) in [
            (Kind::Knight, horse.to_string_lossy().into_owned()),
            (Kind::Bishop, LETTER.to_string()),
            (Kind::Rook, missing),
        ] {
            let piece = data
                .pieces
                .iter_mut()
                .find(|p| p.kind == kind)
                .expect("a piece");
            piece.art = Some(drawn);
        }
        let mut images = Assets::<Image>::default();
        let mut art = PieceArt::default();
        art.learn(&data);
        art.draw(&mut images, 48);
        let pixels = |kind: Kind, side: Side| {
            let image = images.get(&art.image(&data, kind, side)).expect("drawn");
            image.data.clone().expect("pixels")
        };
        let token = |letter: char, side: Side| {
            let svg = Colours::of(side, None).token(letter);
            rasterise(&svg, 48).data.expect("pixels")
        };
        assert_eq!(pixels(Kind::Bishop, Side::Black), token('B', Side::Black));
        assert_eq!(pixels(Kind::Rook, Side::White), token('R', Side::White));
        let (white, black) = (
            pixels(Kind::Knight, Side::White),
            pixels(Kind::Knight, Side::Black),
        );
        let centre = (24 * 48 + 24) * 4;
        assert_eq!(
            &white[centre..centre + 4],
            &[255, 255, 255, 255],
            "the first player's is white"
        );
        assert_eq!(
            &black[centre..centre + 4],
            &[0, 0, 0, 255],
            "the second player's is black"
        );
    }
}
