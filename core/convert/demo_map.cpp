#include "core/convert/demo_map.h"

#include "core/convert/terrain_presets.h"
#include "core/document/map_document.h"
#include "core/document/unique_ids.h"
#include "core/edit/liquid_edit.h"
#include "core/edit/object_edit.h"
#include "core/kernels/procedural_textures.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

namespace mapsmith::core {
namespace {

constexpr double kLakeFill = 14.0;   // yards of water above the basin floor
constexpr double kLakeRadius = 75.0; // yards: the liquid brush; quads under the terrain stay hidden

} // namespace

glm::dvec2 demoBasinCentre(TileCoord t) {
    // The hills preset's basin lattice (terrain_presets.cpp): the tile's middle, 60 yd south, 40 yd east.
    const glm::dvec2 nw = tileOrigin(t);
    return {nw.x - kTileSize / 2.0 - 60.0, nw.y - kTileSize / 2.0 - 40.0};
}

double demoLakeLevel(TileCoord t, float baseHeight) {
    const TileSpec spec = presetTileSpec(TerrainPreset::Hills, t.x, t.y, baseHeight);
    const glm::dvec2 c = demoBasinCentre(t);
    return spec.height(c.x, c.y) + kLakeFill;
}

TileSpec demoTileSpec(int tileX, int tileY, float baseHeight) {
    TileSpec spec = presetTileSpec(TerrainPreset::Hills, tileX, tileY, baseHeight);
    const auto slopeRock = spec.layerWeights.at(0);
    const auto hollowDirt = spec.layerWeights.at(1);
    const double level = demoLakeLevel({tileX, tileY}, baseHeight);
    spec.textures = {terrainTexturePath(TerrainTexture::Grass).toStdString(),
                     terrainTexturePath(TerrainTexture::Rock).toStdString(),
                     terrainTexturePath(TerrainTexture::Dirt).toStdString(),
                     terrainTexturePath(TerrainTexture::Sand).toStdString()};
    // Weights in 16 steps: blends stay smooth on screen and the compressed alpha maps get long runs.
    const auto steps = [](float w) { return std::round(w * 16.0f) / 16.0f; };
    spec.layerWeights = {
        [slopeRock, steps](const TerrainSample& s) { return steps(slopeRock(s)); },
        [hollowDirt, steps](const TerrainSample& s) { return steps(0.8f * hollowDirt(s)); },
        // Sand from 3 yd below to 2.5 yd above the lake surface, on the basin's shore only (fading out
        // from 10 to 40 yd beyond the lake's radius), so other slopes at that height stay grass.
        [level, steps, basin = demoBasinCentre({tileX, tileY})](const TerrainSample& s) {
            const double band = std::clamp(1.0 - std::abs(s.height - (level - 0.25)) / 2.75, 0.0, 1.0);
            const double beyond = glm::length(glm::dvec2(s.worldX, s.worldY) - basin) - kLakeRadius;
            const double shore = std::clamp(1.0 - (beyond - 10.0) / 30.0, 0.0, 1.0);
            return steps(float(band * shore));
        },
    };
    return spec;
}

int dressDemoTiles(MapDocument& doc, const std::vector<TileCoord>& tiles, float baseHeight) {
    UniqueIdAllocator ids;
    ids.attach(doc);
    ObjectEditor objects(doc, ids);
    int placed = 0;
    for (const TileCoord t : tiles) {
        if (!doc.tile(t)) {
            continue;
        }
        const glm::dvec2 centre = demoBasinCentre(t);
        const double level = demoLakeLevel(t, baseHeight);
        LiquidSettings lake;
        lake.brush.radius = kLakeRadius;
        lake.mode = LiquidMode::Add;
        lake.liquidType = liquid_type::Water;
        lake.heightMode = LiquidHeightMode::Flat;
        lake.height = level;
        lake.depthMode = LiquidDepthMode::FromTerrain;
        LiquidStroke stroke(doc, lake);
        stroke.dab(centre);
        stroke.finish();
        // Eight markers on the shore ring, and a tower on the hill north-west of the lake.
        for (int i = 0; i < 8; ++i) {
            const double a = i * 3.14159265358979 / 4.0;
            const glm::dvec2 p = centre + glm::dvec2(std::cos(a), std::sin(a)) * (kLakeRadius + 12.0);
            const double z = doc.heightAt(p).value_or(level);
            if (objects.addDoodad("World\\Mapsmith\\Marker.m2", {p.x, p.y, z}, {0.0f, float(i * 45), 0.0f})) {
                ++placed;
            }
        }
        const glm::dvec2 towerAt = centre + glm::dvec2(150.0, 130.0);
        const double z = doc.heightAt(towerAt).value_or(level);
        if (objects.addWmo("World\\wmo\\Mapsmith\\Tower.wmo", {towerAt.x, towerAt.y, z}, {},
                           Box3{{-6.0, -6.0, 0.0}, {6.0, 6.0, 24.0}})) {
            ++placed;
        }
    }
    return placed;
}

} // namespace mapsmith::core
