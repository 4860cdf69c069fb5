//! The material of every 3D twin: physically based shading of the sun and the ambient light,
//! an optional picture, and nothing more (`surface.wgsl`). Bevy's `StandardMaterial` has a
//! branch for every feature it offers; a software renderer runs them all for every pixel,
//! which made a 3D frame several times slower than this.

use bevy::mesh::MeshVertexBufferLayoutRef;
use bevy::pbr::{MaterialPipeline, MaterialPipelineKey};
use bevy::prelude::*;
use bevy::render::render_resource::{
    AsBindGroup, RenderPipelineDescriptor, ShaderType, SpecializedMeshPipelineError,
};
use bevy::shader::ShaderRef;

/// Where the shader is found among the embedded assets.
const SHADER: &str = "embedded://oddboard/app/view3d/surface.wgsl";

/// A twin's surface.
#[derive(Asset, TypePath, AsBindGroup, Clone, Debug)]
#[bind_group_data(SurfaceKey)]
pub struct Surface {
    /// Its colour and finish.
    #[uniform(0)]
    pub look: Look,
    /// The picture on it (its colour multiplies the look's), if any.
    #[texture(1)]
    #[sampler(2)]
    pub picture: Option<Handle<Image>>,
    /// Whether light shades it (unlit surfaces show their colour as it is).
    pub lit: bool,
    /// Whether it lies in the sun's shadows (the shadows setting).
    pub shadowed: bool,
    /// How it covers what is behind it.
    pub alpha: AlphaMode,
}

/// A surface's colour and finish, as the shader reads them.
#[derive(Clone, Copy, Debug, ShaderType)]
pub struct Look {
    /// Its colour, linear.
    pub colour: LinearRgba,
    /// Rough (1) to polished (0), as artists see it.
    pub perceptual_roughness: f32,
    /// How much light a head-on view reflects, 0 to 1 (0.5 is 4 %).
    pub reflectance: f32,
    /// How much darker it is where it turns away from the camera, 0 to 1: a soft outline
    /// that sets a piece apart from a square of its own colour.
    pub edge: f32,
}

impl Surface {
    /// A lit, opaque or blended surface in `colour` with this finish.
    pub fn lit(colour: Color, perceptual_roughness: f32, reflectance: f32) -> Surface {
        Surface {
            look: Look {
                colour: colour.to_linear(),
                perceptual_roughness,
                reflectance,
                edge: 0.0,
            },
            picture: None,
            lit: true,
            shadowed: false,
            alpha: blend_if_faded(colour),
        }
    }

    /// The same surface, `edge` darker where it turns away from the camera.
    pub fn outlined(mut self, edge: f32) -> Surface {
        self.look.edge = edge;
        self
    }

    /// An unlit surface in `colour` showing `picture`, cut out where the picture is clear
    /// (`cut`) or blended.
    pub fn flat(colour: Color, picture: Option<Handle<Image>>, cut: bool) -> Surface {
        Surface {
            look: Look {
                colour: colour.to_linear(),
                perceptual_roughness: 1.0,
                reflectance: 0.0,
                edge: 0.0,
            },
            picture,
            lit: false,
            shadowed: false,
            alpha: if cut {
                AlphaMode::Mask(0.5)
            } else {
                AlphaMode::Blend
            },
        }
    }
}

/// Opaque unless `colour` is faded.
fn blend_if_faded(colour: Color) -> AlphaMode {
    if colour.alpha() < 0.999 {
        AlphaMode::Blend
    } else {
        AlphaMode::Opaque
    }
}

/// What chooses a surface's shader: each option a shader def.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SurfaceKey {
    lit: bool,
    shadowed: bool,
    picture: bool,
    cut: bool,
}

impl From<&Surface> for SurfaceKey {
    fn from(surface: &Surface) -> SurfaceKey {
        SurfaceKey {
            lit: surface.lit,
            shadowed: surface.lit && surface.shadowed,
            picture: surface.picture.is_some(),
            cut: matches!(surface.alpha, AlphaMode::Mask(_)),
        }
    }
}

impl Material for Surface {
    fn fragment_shader() -> ShaderRef {
        SHADER.into()
    }

    fn alpha_mode(&self) -> AlphaMode {
        self.alpha
    }

    fn specialize(
        _pipeline: &MaterialPipeline,
        descriptor: &mut RenderPipelineDescriptor,
        _layout: &MeshVertexBufferLayoutRef,
        key: MaterialPipelineKey<Self>,
    ) -> Result<(), SpecializedMeshPipelineError> {
        let wanted = key.bind_group_data;
        if let Some(fragment) = descriptor.fragment.as_mut() {
            for (on, def) in [
                (wanted.lit, "LIT"),
                (wanted.shadowed, "SHADOWS"),
                (wanted.picture, "PICTURE"),
                (wanted.cut, "MASK"),
            ] {
                if on {
                    fragment.shader_defs.push(def.into());
                }
            }
        }
        Ok(())
    }
}
