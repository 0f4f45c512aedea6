#include "core/edit/liquid_edit.h"

#include "core/document/chunk_dirty.h"
#include "core/document/map_document.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace mapsmith::core {
namespace {

constexpr int kMaxChunk = kTilesPerSide * kChunksPerSide; // global chunks per map side

// Global chunk column / row containing lattice coordinate `l` (floor, clamped to the map before
// converting to int, so any brush radius is safe).
int chunkOfLattice(double l) {
    return int(std::clamp(std::floor(l / 8.0), 0.0, double(kMaxChunk - 1)));
}

// The chunks (1, 2 or 4) that store lattice vertex (gx, gy), with its local coordinates in each.
template <class F> void forEachHolder(int gx, int gy, F&& f) {
    const int cx = gx / 8;
    const int cy = gy / 8;
    for (int dy = 0; dy <= (gy % 8 == 0 ? 1 : 0); ++dy) {
        for (int dx = 0; dx <= (gx % 8 == 0 ? 1 : 0); ++dx) {
            const int hx = cx - dx;
            const int hy = cy - dy;
            if (hx < 0 || hy < 0 || hx >= kMaxChunk || hy >= kMaxChunk) {
                continue;
            }
            f(GlobalChunk{hx, hy}, gx - hx * 8, gy - hy * 8);
        }
    }
}

bool isEmpty(const io::LiquidChunk& lc) {
    return lc.instances.empty() && !lc.attributes;
}

} // namespace

LiquidStroke::LiquidStroke(MapDocument& doc, const LiquidSettings& settings)
    : mDoc(doc), mSettings(settings), mRecorder(doc, CommandId::LiquidStroke, QStringLiteral("Edit liquid")),
      mSpacer(settings.brush) {}

void LiquidStroke::start(glm::dvec2 world) {
    mStarted = true;
    mPlane.height = mSettings.height;
    if (mSettings.heightFromStart) {
        // Relative to the terrain under the first dab (plane origin).
        const glm::dvec2 origin = mSettings.planeOrigin.value_or(world);
        mPlane.height += mDoc.heightAt(origin).value_or(0.0);
    }
    mPlane.angle = mSettings.heightMode == LiquidHeightMode::Plane ? mSettings.angle : 0.0;
    mPlane.orientation = mSettings.orientation;
    mPlane.origin = mSettings.planeOrigin.value_or(world);
}

void LiquidStroke::moveTo(glm::dvec2 world) {
    if (!mStarted) {
        start(world);
    }
    for (const glm::dvec2 p : mSpacer.moveTo(world)) {
        dab(p);
    }
}

LiquidStroke::Work* LiquidStroke::work(GlobalChunk g) {
    if (g.gx < 0 || g.gy < 0 || g.gx >= kMaxChunk || g.gy >= kMaxChunk) {
        return nullptr;
    }
    auto [it, inserted] = mWork.try_emplace({g.gy, g.gx});
    Work& w = it->second;
    if (inserted) {
        w.coord = fromGlobal(g);
        w.loaded = mDoc.chunk(w.coord) != nullptr;
        if (w.loaded) {
            const io::LiquidChunk* lc = mDoc.liquid(w.coord);
            const std::size_t count = lc ? lc->instances.size() : 0;
            w.hasLayer = mSettings.layer < count;
            w.layer = std::min(mSettings.layer, count);
            if (w.hasLayer) {
                w.raster = toRaster(lc->instances[w.layer]);
            }
        }
    }
    return w.loaded ? &w : nullptr;
}

std::uint8_t LiquidStroke::settingsDepth(float liquidHeight, int gx, int gy) const {
    if (mSettings.depthMode == LiquidDepthMode::Constant) {
        return mSettings.depth;
    }
    const auto terrain = mDoc.latticeHeight(gx, gy);
    return terrain ? depthBelow(liquidHeight, *terrain) : 0;
}

LiquidVertexValue LiquidStroke::freshVertex(int gx, int gy) {
    // A neighbour already using the vertex decides its value: the surfaces meet without a step.
    std::optional<LiquidVertexValue> found;
    forEachHolder(gx, gy, [&](GlobalChunk h, int vx, int vy) {
        if (found) {
            return;
        }
        const Work* w = work(h);
        if (w && w->hasLayer && vertexUsed(w->raster.coverage, vx, vy)) {
            const auto i = std::size_t(liquidVertexIndex(vx, vy));
            found = LiquidVertexValue{w->raster.heights[i], w->raster.depths[i]};
        }
    });
    if (found) {
        return *found;
    }
    const float h = float(mPlane.heightAt(liquidVertexWorld(gx, gy)));
    return {h, settingsDepth(h, gx, gy)};
}

void LiquidStroke::dab(glm::dvec2 world) {
    if (!mStarted) {
        start(world);
    }
    const double r = mSettings.brush.radius;
    if (!(r > 0.0) || !std::isfinite(world.x) || !std::isfinite(world.y)) {
        return;
    }
    mWork.clear();
    // Chunks whose squares meet the brush's bounding box, one more each way for border vertices.
    const int cx0 = std::max(0, chunkOfLattice((kMapHalfSize - (world.y + r)) / kUnitSize) - 1);
    const int cx1 = std::min(kMaxChunk - 1, chunkOfLattice((kMapHalfSize - (world.y - r)) / kUnitSize) + 1);
    const int cy0 = std::max(0, chunkOfLattice((kMapHalfSize - (world.x + r)) / kUnitSize) - 1);
    const int cy1 = std::min(kMaxChunk - 1, chunkOfLattice((kMapHalfSize - (world.x - r)) / kUnitSize) + 1);
    for (int cy = cy0; cy <= cy1; ++cy) {
        for (int cx = cx0; cx <= cx1; ++cx) {
            dabChunk(GlobalChunk{cx, cy}, world, r);
        }
    }
    for (auto& [key, w] : mWork) {
        if (w.modified) {
            writeBack(w);
        }
    }
    mWork.clear();
}

void LiquidStroke::dabChunk(GlobalChunk g, glm::dvec2 world, double r) {
    switch (mSettings.mode) {
    case LiquidMode::Add:
        addIn(g, quadsInDisc(g, world, r));
        return;
    case LiquidMode::Remove:
        removeIn(g, quadsInDisc(g, world, r));
        return;
    case LiquidMode::SetHeight:
        setHeightsIn(g, verticesInDisc(g, world, r));
        return;
    case LiquidMode::SetDepth:
        setDepthsIn(g, verticesInDisc(g, world, r));
        return;
    case LiquidMode::SetType:
        setTypeIn(g, quadsInDisc(g, world, r));
        return;
    }
}

void LiquidStroke::addIn(GlobalChunk g, QuadMask q) {
    Work* w = q ? work(g) : nullptr;
    if (!w || (w->hasLayer && (q & ~w->raster.coverage) == 0)) {
        return;
    }
    if (!w->hasLayer) {
        w->raster = newLiquidRaster(mSettings.liquidType);
        w->hasLayer = true;
    }
    const auto fresh = [&](int vx, int vy) { return freshVertex(g.gx * 8 + vx, g.gy * 8 + vy); };
    const QuadMask added = addQuads(w->raster, q, fresh);
    w->added |= added;
    w->modified |= added != 0;
}

void LiquidStroke::removeIn(GlobalChunk g, QuadMask q) {
    Work* w = q ? work(g) : nullptr;
    if (!w || !w->hasLayer) {
        return;
    }
    const QuadMask removed = removeQuads(w->raster, q);
    w->removed |= removed;
    w->modified |= removed != 0;
}

void LiquidStroke::setHeightsIn(GlobalChunk g, const VertexMask& v) {
    // Flat and angled surfaces alike: mPlane holds the angle (0 for Flat).
    Work* w = v.any() ? work(g) : nullptr;
    if (w && w->hasLayer) {
        w->modified |= setHeights(w->raster, g, v, mPlane) > 0;
    }
}

void LiquidStroke::setDepthsIn(GlobalChunk g, const VertexMask& v) {
    Work* w = v.any() ? work(g) : nullptr;
    if (!w || !w->hasLayer) {
        return;
    }
    // Constant depths need no terrain; FromTerrain reads it under the used vertices only.
    const bool constant = mSettings.depthMode == LiquidDepthMode::Constant;
    const std::optional<std::uint8_t> depth = constant ? std::optional(mSettings.depth) : std::nullopt;
    const VertexMask used = constant ? VertexMask{} : v & usedVertices(w->raster.coverage);
    w->modified |= setDepths(w->raster, v, depth, terrainUnder(g, used)) > 0;
}

std::array<double, kLiquidVertexCount> LiquidStroke::terrainUnder(GlobalChunk g,
                                                                  const VertexMask& used) const {
    // NaN: no terrain (unused vertex, or its tile not loaded).
    std::array<double, kLiquidVertexCount> terrain;
    terrain.fill(std::numeric_limits<double>::quiet_NaN());
    for (int i = 0; i < kLiquidVertexCount; ++i) {
        if (used[std::size_t(i)]) {
            const auto t = mDoc.latticeHeight(g.gx * 8 + i % 9, g.gy * 8 + i / 9);
            terrain[std::size_t(i)] = t.value_or(std::numeric_limits<double>::quiet_NaN());
        }
    }
    return terrain;
}

void LiquidStroke::setTypeIn(GlobalChunk g, QuadMask q) {
    Work* w = q ? work(g) : nullptr;
    if (w && w->hasLayer && (q & w->raster.coverage) != 0) {
        w->modified |= setLiquidType(w->raster, mSettings.liquidType);
    }
}

void LiquidStroke::writeBack(Work& w) {
    const io::LiquidChunk* old = mDoc.liquid(w.coord);
    io::LiquidChunk next = old ? *old : io::LiquidChunk{};
    auto instance = toInstance(w.raster);
    if (w.layer < next.instances.size()) {
        if (instance) {
            next.instances[w.layer] = std::move(*instance);
        } else {
            next.instances.erase(next.instances.begin() + std::ptrdiff_t(w.layer));
        }
    } else if (instance) {
        next.instances.push_back(std::move(*instance));
    }

    // Attributes: fishable on added quads; both bits off where no layer has liquid any more.
    QuadMask covered = 0;
    for (const auto& in : next.instances) {
        covered |= instanceCoverage(in);
    }
    if (w.added) {
        auto& a = next.attributes ? *next.attributes : next.attributes.emplace();
        a.fishable |= w.added;
    }
    const QuadMask gone = w.removed & ~covered;
    if (gone && next.attributes) {
        next.attributes->fishable &= ~gone;
        next.attributes->deep &= ~gone;
    }
    if (next.instances.empty() && next.attributes && next.attributes->fishable == 0 &&
        next.attributes->deep == 0) {
        next.attributes.reset();
    }

    if (old ? *old == next : isEmpty(next)) {
        return;
    }
    // When this empties the tile's last liquid, the edit's end applies the document's rule (a tile read
    // without MH2O gets none written back), as undo and redo do.
    if (auto e = mRecorder.edit(w.coord, dirty::Liquid)) {
        e.liquid() = std::move(next);
    }
}

} // namespace mapsmith::core
