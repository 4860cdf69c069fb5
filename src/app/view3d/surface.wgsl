// The surface of the 3D view's tiles, pieces and marks: physically based shading (Lambert
// diffuse, GGX specular with Bevy's own terms) of one sun and the ambient light, and nothing
// else. A software renderer runs every branch of a shader, so each option is a shader def
// chosen per material, not a test made per pixel.

#import bevy_pbr::{
    forward_io::VertexOutput,
    lighting::{D_GGX, V_SmithGGXCorrelated, fresnel, perceptualRoughnessToRoughness},
    mesh_view_bindings as view_bindings,
}
#ifdef SHADOWS
#import bevy_pbr::shadows::fetch_directional_shadow
#endif
#ifdef TONEMAP_IN_SHADER
#import bevy_core_pipeline::tonemapping::tone_mapping
#endif

struct Look {
    colour: vec4<f32>,
    perceptual_roughness: f32,
    reflectance: f32,
    edge: f32,
}

@group(#{MATERIAL_BIND_GROUP}) @binding(0) var<uniform> look: Look;
#ifdef PICTURE
@group(#{MATERIAL_BIND_GROUP}) @binding(1) var picture: texture_2d<f32>;
@group(#{MATERIAL_BIND_GROUP}) @binding(2) var picture_sampler: sampler;
#endif

const PI: f32 = 3.141592653589793;

@fragment
fn fragment(in: VertexOutput, @builtin(front_facing) is_front: bool) -> @location(0) vec4<f32> {
    var colour = look.colour;
#ifdef PICTURE
    colour *= textureSample(picture, picture_sampler, in.uv);
#endif
#ifdef MASK
    if colour.a < 0.5 {
        discard;
    }
    colour.a = 1.0;
#endif
#ifdef LIT
    colour = vec4(shade(in, is_front, colour.rgb), colour.a);
#endif
#ifdef TONEMAP_IN_SHADER
    colour = tone_mapping(colour, view_bindings::view.color_grading);
#endif
    return colour;
}

// The light leaving the surface towards the camera: the sun's (diffuse and specular, in its
// shadow if shadows are on) and the ambient light's from the sky above, darkened towards the
// outline as the look asks.
fn shade(in: VertexOutput, is_front: bool, base: vec3<f32>) -> vec3<f32> {
    let view = view_bindings::view;
    var n = normalize(in.world_normal);
    if !is_front {
        n = -n;
    }
    let v = normalize(view.world_position - in.world_position.xyz);
    let sun = view_bindings::lights.directional_lights[0];
    let l = sun.direction_to_light;
    let h = normalize(l + v);
    let n_l = saturate(dot(n, l));
    let n_v = max(dot(n, v), 0.0001);
    let roughness = perceptualRoughnessToRoughness(look.perceptual_roughness);
    let f0 = vec3(0.16 * look.reflectance * look.reflectance);
    let specular = D_GGX(roughness, saturate(dot(n, h))) * V_SmithGGXCorrelated(roughness, n_v, n_l)
        * fresnel(f0, saturate(dot(l, h)));
    var sunlit = 1.0;
#ifdef SHADOWS
    let view_z = dot(
        vec4(view.view_from_world[0].z, view.view_from_world[1].z, view.view_from_world[2].z,
            view.view_from_world[3].z),
        in.world_position,
    );
    sunlit = fetch_directional_shadow(0u, in.world_position, n, view_z, in.position.xy);
#endif
    let direct = (base / PI + specular) * sun.color.rgb * n_l * sunlit;
    let ambient = base * view_bindings::lights.ambient_color.rgb * sky(n);
    let turned = 1.0 - n_v;
    return (direct + ambient) * view.exposure * (1.0 - look.edge * turned * turned);
}

// How much of the ambient light reaches a surface facing `n`: all of it from straight above
// (the board's top), less on the sides, least from below, so collars and the undersides of
// rims shade the pieces' shapes.
fn sky(n: vec3<f32>) -> f32 {
    return 0.7 + 0.3 * n.y;
}
