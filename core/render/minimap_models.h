#pragma once
// Placed models on a tile's minimap: every triangle rasterised orthographically from straight above into
// the terrain's sample grid (core/render/terrain_samples.h: 1024 x 1024 samples, row 0 north, column 0
// west), shaded as the viewport's model shader (resources/shaders/model.frag) does without fog:
//  - texel (nearest, wrapping; the level of at most 256 px, as the viewport uploads) x vertex colour (WMO
//    MOCV, alpha ignored) x light, light = ambient + (1 - ambient) * Lambert from the sun of TerrainLook,
//    or 1 for unlit materials; a material without a texture is the neutral colour (kModelNeutralColour);
//  - faces turned away from the camera (here: downwards) are culled unless the material is two-sided,
//    whose back faces are lit with the normal turned over (gl_FrontFacing in the shader);
//  - Opaque and AlphaKey (texel alpha below 0.5 dropped) surfaces are depth-tested against the ground
//    and each other: the highest one above the ground wins, a surface below the ground stays hidden;
//  - then Alpha (over by texel alpha), Add (plus colour x alpha) and Modulate (times colour) surfaces above
//    that, in draw order (placements in file order, batches in file order), as the viewport draws
//    blended materials after the opaque ones without sorting.
// Everything outside the tile's square is clipped. Deterministic; no shared state but the texture lookup.

#include "core/geometry/coords.h"
#include "core/models/model_mesh.h"
#include "core/render/terrain_look.h"

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace mapsmith::io {
struct CachedTexture;
}

namespace mapsmith::core {

// A mesh and its model -> world transform (world: x north, y west, z up, yards).
struct PlacedModel {
    std::shared_ptr<const ModelMesh> mesh;
    glm::dmat4 toWorld{1.0};
};

// RGBA pixels of a material's texture by game path; null: none found (drawn in the neutral colour).
using ModelTextureFn = std::function<std::shared_ptr<const io::CachedTexture>(const std::string& gamePath)>;

// What the models leave on each sample (index row * kTileSamples + column).
struct MinimapModelLayer {
    // Height (yards) of the highest opaque surface above the ground; -infinity where there is none.
    std::vector<float> top;
    std::vector<glm::vec3> colour; // its lit colour, 0..1
    // Blended surfaces above it: result = add + mul * below. Empty when the tile has none.
    std::vector<glm::vec3> add;
    std::vector<glm::vec3> mul;

    bool opaqueAt(std::size_t sample) const {
        return !top.empty() && top[sample] > -std::numeric_limits<float>::infinity();
    }
    glm::vec3 blendOver(std::size_t sample, glm::vec3 below) const {
        return add.empty() ? below : add[sample] + mul[sample] * below;
    }
};

// The tile's models on its sample grid. ground: terrainSampleHeights of the tile (kTileSamples^2 values).
MinimapModelLayer rasterizeMinimapModels(TileCoord tile, std::span<const PlacedModel> models,
                                         std::span<const float> ground, const ModelTextureFn& textures,
                                         const TerrainLook& look);

// The model -> world transform of placements and of the doodads a WMO places (MODD, in WMO space).
glm::dmat4 placementToWorldMatrix();
glm::dmat4 doodadToWorld(const io::DoodadPlacement& d);
glm::dmat4 wmoToWorld(const io::MapObjectPlacement& w); // MODF scale is padding in WotLK: never scaled
glm::dmat4 wmoDoodadToWorld(const WmoDoodad& d, const glm::dmat4& wmoWorld);

} // namespace mapsmith::core
