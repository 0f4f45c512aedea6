#include "core/edit/height_stroke.h"

#include "core/document/chunk_dirty.h"
#include "core/document/map_document.h"
#include "core/geometry/brush_vertices.h"
#include "core/geometry/terrain_normals.h"

#include <cmath>

namespace mapsmith::core {

HeightStroke::HeightStroke(MapDocument& doc, const HeightBrushSettings& settings)
    : mDoc(doc), mSettings(settings),
      mRecorder(doc, CommandId::HeightStroke, QStringLiteral("Sculpt terrain")), mSpacer(settings.brush) {}

void HeightStroke::start(glm::dvec2 world) {
    mStarted = true;
    mContext.strokeStart = world;
    mContext.strokeStartHeight = mDoc.heightAt(world).value_or(0.0);
    mContext.heightBefore = [this](glm::dvec2 p) {
        // Off the loaded area the brush sees a flat continuation of the stroke start.
        return mDoc.heightAt(p).value_or(mContext.strokeStartHeight);
    };
}

void HeightStroke::moveTo(glm::dvec2 world, double pressure) {
    if (!mStarted) {
        start(world);
    }
    for (const glm::dvec2 p : mSpacer.moveTo(world)) {
        dab(p, pressure);
    }
}

void HeightStroke::dab(glm::dvec2 world, double pressure) {
    if (!mStarted) {
        start(world);
    }
    const double r = mSettings.brush.radius;
    HeightBrushSettings settings = mSettings;
    settings.brush.pressure = mSettings.brush.pressure * pressure;
    mContext.centre = world;

    mTargets.clear();
    mPositions.clear();
    mHeights.clear();
    const auto outer = [&](const BrushVertex& v) {
        if (const auto h = mDoc.latticeHeight(v.gx, v.gy)) {
            mTargets.push_back(v);
            mPositions.push_back(latticeWorld(v.gx, v.gy));
            mHeights.push_back(float(*h));
        }
    };
    const auto inner = [&](const BrushVertex& v) {
        if (const io::MapChunk* ch = mDoc.chunk(v.chunk)) {
            mTargets.push_back(v);
            mPositions.push_back(vertexPosition(v.chunk, v.vertex));
            mHeights.push_back(ch->position.z + ch->heights[std::size_t(v.vertex)]);
        }
    };
    forEachBrushVertex(latticeBoxAround(world, r), outer, inner);
    if (mTargets.empty()) {
        return;
    }
    mBefore = mHeights;
    applyHeightDab(settings, mContext, mPositions, mHeights);

    // Write back what changed, to every chunk that stores the vertex.
    bool any = false;
    constexpr std::uint32_t bits = dirty::Vertices | dirty::Normals;
    for (std::size_t i = 0; i < mTargets.size(); ++i) {
        if (mHeights[i] == mBefore[i]) {
            continue;
        }
        any = true;
        forEachCopy(mTargets[i], [&](const ChunkCoord& c, int v) {
            if (auto ch = mRecorder.edit(c, bits)) {
                ch->heights[std::size_t(v)] = mHeights[i] - ch->position.z;
            }
        });
    }
    if (any) {
        const glm::dvec2 pad(r + kUnitSize);
        recomputeNormals(mRecorder, world - pad, world + pad);
    }
}

void recomputeNormals(StrokeRecorder& recorder, glm::dvec2 min, glm::dvec2 max) {
    const MapDocument& doc = recorder.document();
    const int gx0 = std::max(0, int(std::ceil(latticeX(max.y))));
    const int gx1 = std::min(kLatticeMax, int(std::floor(latticeX(min.y))));
    const int gy0 = std::max(0, int(std::ceil(latticeY(max.x))));
    const int gy1 = std::min(kLatticeMax, int(std::floor(latticeY(min.x))));
    if (gx0 > gx1 || gy0 > gy1) {
        return;
    }
    // Heights of the lattice around the region (one extra ring for the differences).
    const int w = gx1 - gx0 + 3;
    const int h = gy1 - gy0 + 3;
    std::vector<double> grid(std::size_t(w) * std::size_t(h));
    std::vector<char> known(grid.size(), 0);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            if (auto v = doc.latticeHeight(gx0 - 1 + x, gy0 - 1 + y)) {
                grid[std::size_t(y * w + x)] = *v;
                known[std::size_t(y * w + x)] = 1;
            }
        }
    }
    auto at = [&](int gx, int gy, double fallback) {
        const int x = gx - gx0 + 1;
        const int y = gy - gy0 + 1;
        if (x < 0 || y < 0 || x >= w || y >= h || !known[std::size_t(y * w + x)]) {
            return fallback;
        }
        return grid[std::size_t(y * w + x)];
    };
    constexpr std::uint32_t bits = dirty::Normals;
    auto store = [&](const ChunkCoord& c, int v, const std::array<std::int8_t, 3>& n) {
        const io::MapChunk* ch = doc.chunk(c);
        if (!ch || ch->normals[std::size_t(v)] == n) {
            return;
        }
        if (auto edit = recorder.edit(c, bits)) {
            edit->normals[std::size_t(v)] = n;
        }
    };
    for (int gy = gy0; gy <= gy1; ++gy) {
        for (int gx = gx0; gx <= gx1; ++gx) {
            const double self = at(gx, gy, 0.0);
            if (!known[std::size_t((gy - gy0 + 1) * w + (gx - gx0 + 1))]) {
                continue;
            }
            const auto n = outerNormal(at(gx, gy - 1, self), at(gx, gy + 1, self), at(gx - 1, gy, self),
                                       at(gx + 1, gy, self), kUnitSize);
            forEachHolder(gx, gy, [&](const ChunkCoord& c, int v) { store(c, v, n); });
        }
    }
    // Inner vertices of the quads whose centres lie in the region.
    for (int qy = std::max(0, gy0 - 1); qy <= std::min(kLatticeMax - 1, gy1); ++qy) {
        for (int qx = std::max(0, gx0 - 1); qx <= std::min(kLatticeMax - 1, gx1); ++qx) {
            const glm::dvec2 centre = latticeWorld(qx, qy) - glm::dvec2(kUnitSize / 2.0);
            if (centre.x < min.x || centre.x > max.x || centre.y < min.y || centre.y > max.y) {
                continue;
            }
            const ChunkCoord c = fromGlobal({qx / 8, qy / 8});
            const io::MapChunk* ch = doc.chunk(c);
            if (!ch) {
                continue;
            }
            const int v = innerIndex(qy % 8, qx % 8);
            const double self = ch->position.z + ch->heights[std::size_t(v)];
            const auto n = innerNormal(at(qx, qy, self), at(qx + 1, qy, self), at(qx, qy + 1, self),
                                       at(qx + 1, qy + 1, self), kUnitSize);
            store(c, v, n);
        }
    }
}

} // namespace mapsmith::core
