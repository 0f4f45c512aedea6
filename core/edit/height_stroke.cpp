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
    const LatticeBox box = latticeBoxIn(min, max);
    if (box.empty()) {
        return;
    }
    // Heights of the lattice around the region (one extra ring for the differences).
    const int w = box.gx1 - box.gx0 + 3;
    const int h = box.gy1 - box.gy0 + 3;
    std::vector<double> grid(std::size_t(w) * std::size_t(h));
    std::vector<char> known(grid.size(), 0);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            if (auto v = doc.latticeHeight(box.gx0 - 1 + x, box.gy0 - 1 + y)) {
                grid[std::size_t(y * w + x)] = *v;
                known[std::size_t(y * w + x)] = 1;
            }
        }
    }
    auto at = [&](int gx, int gy, double fallback) {
        const int x = gx - box.gx0 + 1;
        const int y = gy - box.gy0 + 1;
        if (x < 0 || y < 0 || x >= w || y >= h || !known[std::size_t(y * w + x)]) {
            return fallback;
        }
        return grid[std::size_t(y * w + x)];
    };
    auto store = [&](const BrushVertex& vertex, const std::array<std::int8_t, 3>& n) {
        forEachCopy(vertex, [&](const ChunkCoord& c, int v) {
            const io::MapChunk* ch = doc.chunk(c);
            if (!ch || ch->normals[std::size_t(v)] == n) {
                return;
            }
            if (auto edit = recorder.edit(c, dirty::Normals)) {
                edit->normals[std::size_t(v)] = n;
            }
        });
    };
    const auto outer = [&](const BrushVertex& v) {
        if (!known[std::size_t((v.gy - box.gy0 + 1) * w + (v.gx - box.gx0 + 1))]) {
            return;
        }
        const double self = at(v.gx, v.gy, 0.0);
        store(v, outerNormal(at(v.gx, v.gy - 1, self), at(v.gx, v.gy + 1, self), at(v.gx - 1, v.gy, self),
                             at(v.gx + 1, v.gy, self), kUnitSize));
    };
    // Inner vertices of the quads whose centres lie in the region.
    const auto inner = [&](const BrushVertex& v) {
        const glm::dvec2 centre = latticeWorld(v.gx, v.gy) - glm::dvec2(kUnitSize / 2.0);
        if (centre.x < min.x || centre.x > max.x || centre.y < min.y || centre.y > max.y) {
            return;
        }
        const io::MapChunk* ch = doc.chunk(v.chunk);
        if (!ch) {
            return;
        }
        const double self = ch->position.z + ch->heights[std::size_t(v.vertex)];
        store(v, innerNormal(at(v.gx, v.gy, self), at(v.gx + 1, v.gy, self), at(v.gx, v.gy + 1, self),
                             at(v.gx + 1, v.gy + 1, self), kUnitSize));
    };
    forEachBrushVertex(box, outer, inner);
}

} // namespace mapsmith::core
