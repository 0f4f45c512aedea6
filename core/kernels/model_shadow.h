#pragma once
// Shadows of placed models for the baked MCSH: which texels of a tile's chunks the sun does not reach
// because a model's triangle stands between them and the sun. Pure, no Qt.
//
// A texel is shadowed when the ray from the ground under its centre (the caller's heights: the terrain's
// own triangulation, core/render/terrain_samples.h) towards the sun (shadow_kernel.h's azimuth and
// elevation) meets a triangle more than kModelShadowOffset yards along it; both sides of a triangle cast.
// An alpha-keyed triangle casts only where its texel (nearest, wrapping) has alpha >= 0.5.
// Triangles are projected along the sun onto the plane z = 0 and binned in a 2D grid there: a ray meets
// a triangle exactly when its own projection (one point) lies inside the triangle's, which the grid finds
// without walking the ray.

#include "core/geometry/coords.h"
#include "core/kernels/chunk_brushes.h"
#include "core/kernels/shadow_kernel.h"

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace mapsmith::core {

// Yards a hit must lie along the ray (a model standing on the ground does not shadow its own foot
// point through rounding).
inline constexpr double kModelShadowOffset = 0.05;

// Alpha of a texture, row-major, row 0 the image's top (v = 0).
struct AlphaMask {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> alpha;
};

struct CasterTriangle {
    glm::dvec3 v[3];                       // world (x north, y west, z up), yards
    glm::vec2 uv[3];                       // only read with a mask
    std::shared_ptr<const AlphaMask> mask; // null: solid (opaque material, or no texture)
};

class ModelShadowCaster {
public:
    // For the texels of `tile` whose ground lies between groundMin and groundMax yards; sun: validSun.
    ModelShadowCaster(const SunDirection& sun, TileCoord tile, double groundMin, double groundMax);

    // Keeps a triangle when its shadow can reach the tile and it is not edge-on to the sun. Returns whether
    // it was kept.
    bool add(const CasterTriangle& triangle);
    // Bins the kept triangles; call once after the last add().
    void finish();

    std::size_t size() const { return mTriangles.size(); }
    // Whether the ray from `point` (world) towards the sun meets a triangle (after finish()).
    bool blocks(glm::dvec3 point) const;

private:
    struct Projected {
        glm::dvec2 p[3];
        double area = 0.0;
    };
    glm::dvec2 project(glm::dvec3 p) const;

    std::vector<CasterTriangle> mTriangles;
    std::vector<Projected> mProjected;
    glm::dvec3 mSun{0.0, 0.0, 1.0}; // towards the sun, unit
    glm::dvec2 mKeepLo{0.0};        // the tile's texels projected: triangles outside cannot shadow them
    glm::dvec2 mKeepHi{0.0};
    glm::dvec2 mOrigin{0.0}; // grid's low corner (projected x, y)
    double mCell = 4.0;      // yards per grid cell
    int mWidth = 0;
    int mHeight = 0;
    std::vector<std::uint32_t> mFirst;   // per cell (row-major, y then x): its first index in mIndices
    std::vector<std::uint32_t> mIndices; // triangle indices, cell after cell
};

// ORs the model shadows into a tile's 256 chunk maps (row-major chunks; bit layout of chunk_brushes.h).
// ground: the height under each texel centre, kTileSamples^2 values row-major from the tile's north-west
// (-infinity in holes: not shadowed). Returns the number of texels newly shadowed.
int markModelShadows(std::span<ShadowMap> maps, TileCoord tile, std::span<const float> ground,
                     const ModelShadowCaster& caster);

} // namespace mapsmith::core
