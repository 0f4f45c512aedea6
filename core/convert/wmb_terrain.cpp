#include "core/convert/wmb_terrain.h"

#include "core/document/chunk_dirty.h"
#include "core/document/map_document.h"
#include "core/edit/height_stroke.h"
#include "core/geometry/brush_vertices.h"
#include "core/geometry/lattice.h"

#include <glm/trigonometric.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace mapsmith::core {

LevelTerrain::LevelTerrain(HeightGrid grid, io::HmpExtent extent, glm::dvec3 origin, double panDegrees,
                           glm::dvec3 scale, const LevelFrame& frame)
    : mGrid(std::move(grid)), mExtent(extent), mOrigin(origin), mScale(scale), mFrame(frame) {
    const double pan = glm::radians(panDegrees);
    mCos = std::cos(pan);
    mSin = std::sin(pan);
    const double w = double(extent.xMax) - double(extent.xMin);
    const double h = double(extent.yMax) - double(extent.yMin);
    mValid = mGrid.width >= 2 && mGrid.height >= 2 && w > 0.0 && h > 0.0 && std::isfinite(w) &&
             std::isfinite(h) && scale.x != 0.0 && scale.y != 0.0 && std::isfinite(scale.x) &&
             std::isfinite(scale.y) && std::isfinite(scale.z) && std::isfinite(panDegrees);
    if (!mValid) {
        return;
    }
    mMin = glm::dvec2(std::numeric_limits<double>::infinity());
    mMax = glm::dvec2(-std::numeric_limits<double>::infinity());
    for (int i = 0; i < 4; ++i) {
        const double lx = (i & 1) ? extent.xMax : extent.xMin;
        const double ly = (i & 2) ? extent.yMax : extent.yMin;
        const double sx = lx * scale.x;
        const double sy = ly * scale.y;
        const glm::dvec3 level(origin.x + sx * mCos - sy * mSin, origin.y + sx * mSin + sy * mCos, origin.z);
        const glm::dvec3 world = frame.toWorld(level);
        mMin = glm::min(mMin, glm::dvec2(world));
        mMax = glm::max(mMax, glm::dvec2(world));
    }
}

std::optional<double> LevelTerrain::heightAt(glm::dvec2 world) const {
    if (!mValid) {
        return std::nullopt;
    }
    // Into the level, then into the terrain's own frame (unturned, unscaled).
    const glm::dvec3 level = mFrame.toLevel(glm::dvec3(world, mFrame.origin().z));
    const double dx = level.x - mOrigin.x;
    const double dy = level.y - mOrigin.y;
    const double tx = (dx * mCos + dy * mSin) / mScale.x;
    const double ty = (-dx * mSin + dy * mCos) / mScale.y;
    // A hair of tolerance, so vertices on the terrain's edge (a whole-number match) are inside.
    constexpr double kEdge = 1e-9;
    const double w = double(mExtent.xMax) - double(mExtent.xMin);
    const double h = double(mExtent.yMax) - double(mExtent.yMin);
    const double u = (tx - mExtent.xMin) / w;
    const double v = (mExtent.yMax - ty) / h; // grid row 0 is north (y max)
    if (!(u >= -kEdge && u <= 1.0 + kEdge && v >= -kEdge && v <= 1.0 + kEdge)) {
        return std::nullopt;
    }
    const double height = mGrid.sample(u * (mGrid.width - 1), v * (mGrid.height - 1));
    return mFrame.toWorld(glm::dvec3(level.x, level.y, mOrigin.z + height * mScale.z)).z;
}

std::vector<TileCoord> tilesUnder(const LevelTerrain& terrain, const MapDocument& doc) {
    std::vector<TileCoord> out;
    if (!terrain.valid()) {
        return out;
    }
    const TileCoord a = tileAt(terrain.worldMax()); // north-west corner: smallest tile numbers
    const TileCoord b = tileAt(terrain.worldMin());
    for (int y = std::max(0, std::min(a.y, b.y)); y <= std::min(kTilesPerSide - 1, std::max(a.y, b.y)); ++y) {
        for (int x = std::max(0, std::min(a.x, b.x)); x <= std::min(kTilesPerSide - 1, std::max(a.x, b.x));
             ++x) {
            if (doc.tileExists({x, y})) {
                out.push_back({x, y});
            }
        }
    }
    return out;
}

std::size_t applyLevelTerrain(StrokeRecorder& recorder, const LevelTerrain& terrain) {
    if (!terrain.valid()) {
        return 0;
    }
    const MapDocument& doc = recorder.document();
    constexpr std::uint32_t bits = dirty::Vertices | dirty::Normals;
    std::size_t set = 0;
    const auto write = [&](const BrushVertex& vertex, double height) {
        bool any = false;
        forEachCopy(vertex, [&](const ChunkCoord& c, int v) {
            if (auto ch = recorder.edit(c, bits)) {
                ch->heights[std::size_t(v)] = float(height - double(ch->position.z));
                any = true;
            }
        });
        set += any ? 1 : 0;
    };
    const auto outer = [&](const BrushVertex& v) {
        if (const auto h = terrain.heightAt(latticeWorld(v.gx, v.gy)); h && doc.latticeHeight(v.gx, v.gy)) {
            write(v, *h);
        }
    };
    const auto inner = [&](const BrushVertex& v) {
        if (const auto h = terrain.heightAt(vertexPosition(v.chunk, v.vertex)); h && doc.chunk(v.chunk)) {
            write(v, *h);
        }
    };
    forEachBrushVertex(latticeBoxIn(terrain.worldMin(), terrain.worldMax()), outer, inner);
    if (set > 0) {
        const glm::dvec2 pad(2.0 * kUnitSize);
        recomputeNormals(recorder, terrain.worldMin() - pad, terrain.worldMax() + pad);
    }
    return set;
}

} // namespace mapsmith::core
