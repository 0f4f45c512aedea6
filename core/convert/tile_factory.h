#pragma once
// Builds new, valid tiles from a height function (used for new maps and the bundled demo map).

#include "core/geometry/coords.h"
#include "io/adt/adt.h"

#include <functional>
#include <string>
#include <vector>

namespace mapsmith::core {

// The terrain at an alpha pixel's centre, as the layer weights see it. Height and slope come from one
// evaluation of TileSpec::height per pixel (and one ring of pixels around the chunk): the slope is the
// central difference over the neighbouring pixel centres (kChunkSize / 64 yards apart).
struct TerrainSample {
    double worldX = 0.0; // yards, north
    double worldY = 0.0; // yards, west
    float height = 0.0f; // yards
    float slope = 0.0f;  // rise per yard (length of the gradient)
};

struct TileSpec {
    int tileX = 32; // the X of <Map>_<X>_<Y>.adt (0..63)
    int tileY = 32;
    // Absolute height (yards) at a world position (x north, y west, yards).
    std::function<float(double worldX, double worldY)> height = [](double, double) { return 0.0f; };
    std::vector<std::string> textures{"Tileset\\Generic\\Black.blp"}; // MTEX; layer 0 uses textures[0]
    // Optional weight (0..1) per extra texture at an alpha pixel's centre; texture i+1 gets an alpha layer
    // in every chunk where it is non-zero somewhere.
    std::vector<std::function<float(const TerrainSample&)>> layerWeights;
    std::uint32_t areaId = 0;
};

// North-west corner of a tile in world coordinates (yards).
double tileOriginX(int tileY);
double tileOriginY(int tileX);

io::Adt createTile(const TileSpec& spec);

// Recomputes MCNR from the heights (central differences over the outer grid, across chunk borders).
// Past the tile's edge, `beyond` gives the absolute height at a world position (x, y); without it
// the edge vertex's own row/column stands in.
void computeNormals(io::Adt& adt, const std::function<float(double worldX, double worldY)>& beyond = {});

} // namespace mapsmith::core
