#include "core/kernels/model_shadow.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mapsmith::core {

namespace {

constexpr int kTexelsPerTileSide = kShadowSide * kChunksPerSide; // 1024, the MCSH texels of a tile

// Maximum bins per side: projections of long shadows can spread triangles wide.
constexpr int kMaxCells = 512;

bool alphaPasses(const CasterTriangle& t, double w0, double w1, double w2) {
    if (!t.mask || t.mask->width <= 0 || t.mask->height <= 0) {
        return true;
    }
    const glm::dvec2 uv = w0 * glm::dvec2(t.uv[0]) + w1 * glm::dvec2(t.uv[1]) + w2 * glm::dvec2(t.uv[2]);
    const auto wrap = [](double x, int n) {
        const auto i = std::int64_t(std::floor((x - std::floor(x)) * double(n)));
        return std::size_t(std::clamp<std::int64_t>(i, 0, n - 1));
    };
    const std::size_t i = wrap(uv.y, t.mask->height) * std::size_t(t.mask->width) + wrap(uv.x, t.mask->width);
    return i < t.mask->alpha.size() && t.mask->alpha[i] >= 128;
}

} // namespace

ModelShadowCaster::ModelShadowCaster(const SunDirection& sun, TileCoord tile, double groundMin,
                                     double groundMax) {
    const double az = sun.azimuth * M_PI / 180.0;
    const double el = std::clamp(sun.elevation, 1e-3, 90.0) * M_PI / 180.0;
    // Clockwise from north seen from above: 0 north (+x), 90 east (-y).
    mSun = glm::dvec3(std::cos(az) * std::cos(el), -std::sin(az) * std::cos(el), std::sin(el));
    const glm::dvec2 nw = tileOrigin(tile);
    mKeepLo = glm::dvec2(std::numeric_limits<double>::max());
    mKeepHi = glm::dvec2(std::numeric_limits<double>::lowest());
    for (const double z : {groundMin, groundMax}) {
        for (const glm::dvec2 corner : {nw, nw - glm::dvec2(kTileSize)}) {
            const glm::dvec2 q = project({corner.x, corner.y, z});
            mKeepLo = glm::min(mKeepLo, q);
            mKeepHi = glm::max(mKeepHi, q);
        }
    }
}

bool ModelShadowCaster::add(const CasterTriangle& t) {
    Projected p;
    for (int k = 0; k < 3; ++k) {
        p.p[k] = project(t.v[k]);
    }
    p.area = (p.p[1].x - p.p[0].x) * (p.p[2].y - p.p[0].y) - (p.p[1].y - p.p[0].y) * (p.p[2].x - p.p[0].x);
    if (!(std::abs(p.area) > 1e-9) || !std::isfinite(p.area)) {
        return false; // edge-on to the sun (or not finite): casts nothing
    }
    const glm::dvec2 a = glm::min(glm::min(p.p[0], p.p[1]), p.p[2]);
    const glm::dvec2 b = glm::max(glm::max(p.p[0], p.p[1]), p.p[2]);
    if (b.x < mKeepLo.x || b.y < mKeepLo.y || a.x > mKeepHi.x || a.y > mKeepHi.y) {
        return false; // its shadow falls beside the tile
    }
    mTriangles.push_back(t);
    mProjected.push_back(p);
    return true;
}

void ModelShadowCaster::finish() {
    mFirst.clear();
    mIndices.clear();
    if (mTriangles.empty()) {
        mWidth = mHeight = 0;
        return;
    }
    // The grid covers the tile's projected texels only: a ray's point lies there.
    mOrigin = mKeepLo;
    const double span = std::max(mKeepHi.x - mKeepLo.x, mKeepHi.y - mKeepLo.y);
    mCell = std::max(2.0, span / kMaxCells);
    mWidth = std::max(1, int(std::ceil((mKeepHi.x - mKeepLo.x) / mCell)) + 1);
    mHeight = std::max(1, int(std::ceil((mKeepHi.y - mKeepLo.y) / mCell)) + 1);
    // Two passes (count, then fill) into one index array.
    const auto cellsOf = [&](const Projected& p, auto&& visit) {
        const glm::dvec2 a = glm::min(glm::min(p.p[0], p.p[1]), p.p[2]);
        const glm::dvec2 b = glm::max(glm::max(p.p[0], p.p[1]), p.p[2]);
        const int x0 = std::clamp(int(std::floor((a.x - mOrigin.x) / mCell)), 0, mWidth - 1);
        const int x1 = std::clamp(int(std::floor((b.x - mOrigin.x) / mCell)), 0, mWidth - 1);
        const int y0 = std::clamp(int(std::floor((a.y - mOrigin.y) / mCell)), 0, mHeight - 1);
        const int y1 = std::clamp(int(std::floor((b.y - mOrigin.y) / mCell)), 0, mHeight - 1);
        for (int y = y0; y <= y1; ++y) {
            for (int x = x0; x <= x1; ++x) {
                visit(std::size_t(y) * std::size_t(mWidth) + std::size_t(x));
            }
        }
    };
    std::vector<std::uint32_t> counts(std::size_t(mWidth) * std::size_t(mHeight) + 1, 0);
    for (const Projected& p : mProjected) {
        cellsOf(p, [&](std::size_t cell) { ++counts[cell + 1]; });
    }
    for (std::size_t i = 1; i < counts.size(); ++i) {
        counts[i] += counts[i - 1];
    }
    mFirst = counts;
    mIndices.resize(counts.back());
    for (std::size_t i = 0; i < mProjected.size(); ++i) {
        cellsOf(mProjected[i], [&](std::size_t cell) { mIndices[counts[cell]++] = std::uint32_t(i); });
    }
}

glm::dvec2 ModelShadowCaster::project(glm::dvec3 p) const {
    // Along the sun's ray down to z = 0.
    const double t = p.z / mSun.z;
    return {p.x - t * mSun.x, p.y - t * mSun.y};
}

bool ModelShadowCaster::blocks(glm::dvec3 point) const {
    if (mFirst.empty() || !std::isfinite(point.z)) {
        return false;
    }
    const glm::dvec2 q = project(point);
    const int x = int(std::floor((q.x - mOrigin.x) / mCell));
    const int y = int(std::floor((q.y - mOrigin.y) / mCell));
    if (x < 0 || y < 0 || x >= mWidth || y >= mHeight) {
        return false;
    }
    const std::size_t cell = std::size_t(y) * std::size_t(mWidth) + std::size_t(x);
    for (std::uint32_t k = mFirst[cell]; k < mFirst[cell + 1]; ++k) {
        const std::uint32_t i = mIndices[k];
        const Projected& p = mProjected[i];
        double w[3];
        for (int k = 0; k < 3; ++k) {
            const glm::dvec2 a = p.p[(k + 1) % 3];
            const glm::dvec2 b = p.p[(k + 2) % 3];
            w[k] = ((b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x)) / p.area;
        }
        if (w[0] < 0.0 || w[1] < 0.0 || w[2] < 0.0) {
            continue;
        }
        const CasterTriangle& t = mTriangles[i];
        // The hit's height on the triangle against the point's: the ray climbs sun.z per yard.
        const double hitZ = w[0] * t.v[0].z + w[1] * t.v[1].z + w[2] * t.v[2].z;
        const double along = (hitZ - point.z) / mSun.z;
        if (along > kModelShadowOffset && alphaPasses(t, w[0], w[1], w[2])) {
            return true;
        }
    }
    return false;
}

int markModelShadows(std::span<ShadowMap> maps, TileCoord tile, std::span<const float> ground,
                     const ModelShadowCaster& caster) {
    const std::size_t texels = std::size_t(kTexelsPerTileSide) * kTexelsPerTileSide;
    if (caster.size() == 0 || maps.size() != std::size_t(kChunksPerTile) || ground.size() != texels) {
        return 0;
    }
    const glm::dvec2 origin = tileOrigin(tile);
    const double step = kTileSize / kTexelsPerTileSide;
    int marked = 0;
    for (int row = 0; row < kTexelsPerTileSide; ++row) {
        for (int col = 0; col < kTexelsPerTileSide; ++col) {
            ShadowMap& map = maps[std::size_t((row / kShadowSide) * kChunksPerSide + col / kShadowSide)];
            const int r = row % kShadowSide;
            const int c = col % kShadowSide;
            if (shadowAt(map, r, c)) {
                continue;
            }
            const float z = ground[std::size_t(row) * kTexelsPerTileSide + std::size_t(col)];
            const glm::dvec3 p(origin.x - (row + 0.5) * step, origin.y - (col + 0.5) * step, double(z));
            if (caster.blocks(p)) {
                setShadow(map, r, c, true);
                ++marked;
            }
        }
    }
    return marked;
}

} // namespace mapsmith::core
