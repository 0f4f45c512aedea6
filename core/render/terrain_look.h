#pragma once
// How terrain is lit and coloured, shared by the viewport (editor/viewport/scene_effects.h SceneLook
// takes its defaults from here) and the CPU minimap renderer, so both draw the same land.

#include <glm/vec3.hpp>

#include <array>
#include <cstdint>

namespace mapsmith::core {

struct TerrainLook {
    // Towards the sun in world axes (x north, y west, z up), not normalised (normalise on use): high in
    // the south-west, the viewport's scene direction (-0.35, 0.8, 0.45) (editor/viewport/scene_frame.h).
    glm::dvec3 lightDirection{-0.45, 0.35, 0.8};
    float ambient = 0.45f;        // light on faces turned away from the sun
    float shadowStrength = 0.45f; // MCSH: shadowed texels keep 1 - this of their light
    float textureRepeat = 8.0f;   // layer textures repeat this often across a chunk
};

// The colour of a model surface without a texture (none, or one the game sets at run time, such as a
// creature's skin): a neutral beige, RGB 0..255.
inline constexpr std::array<std::uint8_t, 3> kModelNeutralColour{198, 190, 174};

enum class LiquidKind { Water, Ocean, Magma, Slime };

// LiquidType.dbc id -> kind: ids 1..20 cycle water, ocean, magma, slime (1 water, 2 ocean, 3 magma,
// 4 slime, 5 slow water, ..., 19 WMO magma, 20 WMO slime); other ids count as water.
LiquidKind liquidKind(std::uint16_t liquidType);
// RGBA 0..1: water blue, ocean dark blue, magma orange, slime green; alpha is the surface's opacity
// (drawn unlit over the terrain: colour = terrain * (1 - a) + liquid * a).
std::array<float, 4> liquidColour(LiquidKind kind);

} // namespace mapsmith::core
