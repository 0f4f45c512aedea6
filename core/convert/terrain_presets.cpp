#include "core/convert/terrain_presets.h"

#include <algorithm>
#include <cmath>

namespace mapsmith::core {
namespace {

// Smooth, seamless height field in world yards: a few octaves of sine ridges and a basin.
float hills(double x, double y, float base) {
    double h = 0.0;
    h += 38.0 * std::sin(x / 97.0) * std::cos(y / 131.0);
    h += 17.0 * std::sin((x + 2.0 * y) / 53.0 + 1.3);
    h += 6.0 * std::sin((3.0 * x - y) / 23.0 + 0.7) * std::cos(y / 41.0);
    // A basin 90 yards wide near the middle of every tile: a periodic lattice of them, summed over
    // the neighbouring cells so the field stays continuous (farther basins weigh < e^-35). A basin with
    // d2 above 60 adds less than 45 * e^-60 (4e-25 yards), which cannot change the float result: it is
    // skipped (exp is most of the cost of generating a tile; the output is the same bits).
    const double fx = std::floor(x / kTileSize);
    const double fy = std::floor(y / kTileSize);
    for (int i = -1; i <= 1; ++i) {
        for (int j = -1; j <= 1; ++j) {
            const double cx = (fx + i) * kTileSize + kTileSize / 2.0 - 60.0;
            const double cy = (fy + j) * kTileSize + kTileSize / 2.0 - 40.0;
            const double d2 = ((x - cx) * (x - cx) + (y - cy) * (y - cy)) / (90.0 * 90.0);
            if (d2 < 60.0) {
                h -= 45.0 * std::exp(-d2);
            }
        }
    }
    return base + float(h);
}

} // namespace

TileSpec presetTileSpec(TerrainPreset preset, int tileX, int tileY, float baseHeight) {
    TileSpec spec;
    spec.tileX = tileX;
    spec.tileY = tileY;
    if (preset == TerrainPreset::Flat) {
        spec.height = [baseHeight](double, double) { return baseHeight; };
        spec.textures = {"Tileset\\Elwynn\\ElwynnGrassBase.blp"};
        return spec;
    }
    spec.height = [baseHeight](double x, double y) { return hills(x, y, baseHeight); };
    spec.textures = {"Tileset\\Elwynn\\ElwynnGrassBase.blp", "Tileset\\Elwynn\\ElwynnRockBase.blp",
                     "Tileset\\Elwynn\\ElwynnDirtBase.blp"};
    spec.layerWeights = {
        [](const TerrainSample& s) { return std::clamp((s.slope - 0.45f) * 3.0f, 0.0f, 1.0f); },
        [baseHeight](const TerrainSample& s) {
            return std::clamp((baseHeight - 12.0f - s.height) / 10.0f, 0.0f, 1.0f);
        },
    };
    return spec;
}

} // namespace mapsmith::core
