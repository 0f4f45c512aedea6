#include "core/kernels/shadow_kernel.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>

namespace mapsmith::core {
namespace {

constexpr float kNoTerrain = -std::numeric_limits<float>::infinity();
constexpr double kInfinity = std::numeric_limits<double>::infinity();
// Quads the walk moves past a cell border so the next position lies in the next cell.
constexpr double kNudge = 1e-7;
constexpr int kTexelsPerQuad = kShadowSide / 8; // 8
// Quads along the sun's main axis per step of the horizon sweep: the bounds cover the sun's direction
// give or take one quad sideways per step.
constexpr int kSweepStep = 8;

double radians(double degrees) {
    return degrees * std::numbers::pi / 180.0;
}

float quadMax(const ShadowQuad& q) {
    return q.present ? std::max({q.nw, q.ne, q.sw, q.se, q.centre}) : kNoTerrain;
}

// The weights of (nw, ne, sw, se, centre) in quadHeight() at the centre of texel (row, col) of a quad's
// 8x8 texels, index row * 8 + col.
using TexelWeights = std::array<std::array<float, 5>, kTexelsPerQuad * kTexelsPerQuad>;
const TexelWeights& texelWeights() {
    static const TexelWeights weights = [] {
        TexelWeights w{};
        for (int i = 0; i < kTexelsPerQuad * kTexelsPerQuad; ++i) {
            const float fu = (float(i % kTexelsPerQuad) + 0.5f) / float(kTexelsPerQuad);
            const float fv = (float(i / kTexelsPerQuad) + 0.5f) / float(kTexelsPerQuad);
            for (int v = 0; v < 5; ++v) {
                ShadowQuad unit; // height 1 at vertex v only: quadHeight gives its weight
                unit.nw = v == 0 ? 1.0f : 0.0f;
                unit.ne = v == 1 ? 1.0f : 0.0f;
                unit.sw = v == 2 ? 1.0f : 0.0f;
                unit.se = v == 3 ? 1.0f : 0.0f;
                unit.centre = v == 4 ? 1.0f : 0.0f;
                w[std::size_t(i)][std::size_t(v)] = quadHeight(unit, fu, fv);
            }
        }
        return w;
    }();
    return weights;
}

// The nearest float at or above (below) x.
float roundUp(double x) {
    const float f = float(x);
    return double(f) < x ? std::nextafter(f, std::numeric_limits<float>::infinity()) : f;
}
float roundDown(double x) {
    const float f = float(x);
    return double(f) > x ? std::nextafter(f, -std::numeric_limits<float>::infinity()) : f;
}

float quadMin(const ShadowQuad& q) {
    return q.present ? std::min({q.nw, q.ne, q.sw, q.se, q.centre}) : kNoTerrain;
}

} // namespace

bool validSun(const SunDirection& sun) {
    return std::isfinite(sun.azimuth) && sun.elevation > 0.0 && sun.elevation <= 90.0;
}

int shadowReach(double lowest, double highest, const SunDirection& sun, int cap) {
    if (sun.elevation >= 90.0 || !(highest > lowest)) {
        return 0;
    }
    const double yards = (highest - lowest) / std::tan(radians(sun.elevation));
    if (!(yards < double(cap) * kUnitSize)) {
        return cap;
    }
    return std::min(cap, int(std::ceil(yards / kUnitSize)) + 1);
}

ShadowBaker::ShadowBaker(const ShadowField& field, const SunDirection& sun) : mField(field) {
    mOverhead = sun.elevation >= 90.0;
    const double az = radians(sun.azimuth);
    mDu = std::sin(az);  // east
    mDv = -std::cos(az); // south: a sun in the north (az 0) is towards -v
    // sin(180 degrees) is 1.2e-16, not 0: a sun on an axis walks exactly along it.
    constexpr double kAxis = 1e-12;
    mDu = std::abs(mDu) < kAxis ? 0.0 : mDu;
    mDv = std::abs(mDv) < kAxis ? 0.0 : mDv;
    mRise = std::tan(radians(std::min(sun.elevation, 89.999))) * kUnitSize;
    mInvDu = mDu != 0.0 ? 1.0 / mDu : 0.0;
    mInvDv = mDv != 0.0 ? 1.0 / mDv : 0.0;
    mAheadU = mDu > 0.0 ? 1 : 0;
    mAheadV = mDv > 0.0 ? 1 : 0;
    mInvDiff = mDu != mDv ? 1.0 / (mDu - mDv) : 0.0;
    mInvSum = mDu != -mDv ? 1.0 / (mDu + mDv) : 0.0;

    Level base;
    base.width = field.quadsX();
    base.height = field.quadsY();
    base.max.resize(std::size_t(base.width) * std::size_t(base.height));
    for (int y = 0; y < base.height; ++y) {
        for (int x = 0; x < base.width; ++x) {
            base.max[std::size_t(y) * std::size_t(base.width) + std::size_t(x)] = quadMax(field.quad(x, y));
        }
    }
    mLevels.push_back(std::move(base));
    while (mLevels.back().width > 1 || mLevels.back().height > 1) {
        const Level& below = mLevels.back();
        Level up;
        up.width = (below.width + 1) / 2;
        up.height = (below.height + 1) / 2;
        up.max.assign(std::size_t(up.width) * std::size_t(up.height), kNoTerrain);
        for (int y = 0; y < below.height; ++y) {
            for (int x = 0; x < below.width; ++x) {
                float& cell = up.max[std::size_t(y / 2) * std::size_t(up.width) + std::size_t(x / 2)];
                cell = std::max(cell, below.max[std::size_t(y) * std::size_t(below.width) + std::size_t(x)]);
            }
        }
        mLevels.push_back(std::move(up));
    }
    mTop = mLevels.back().max.empty() ? kNoTerrain : mLevels.back().max[0];
    if (!mOverhead) {
        sweepHorizon();
    }
}

void ShadowBaker::sweepHorizon() {
    const Level& quads = mLevels.front();
    const int w = quads.width;
    const int h = quads.height;
    // One step moves the point kSweepStep quads along the main axis and exactly kSweepStep * ratio on
    // the other: the sun's own direction, so the bounds do not widen into a cone of directions.
    const bool alongU = std::abs(mDu) >= std::abs(mDv);
    const double major = alongU ? mDu : mDv;
    const double ratio = std::abs(alongU ? mDv : mDu) / std::abs(major); // in [0, 1]
    const double drop = mRise / std::abs(major); // yards the ray climbs per quad along the main axis
    // Sweep coordinates (a, b): a grows towards the sun along the main axis, b sideways the way the sun
    // drifts; field quad (x, y) of cell (a, b) is fieldX / fieldY below.
    const int majorCount = alongU ? w : h;
    const int minorCount = alongU ? h : w;
    const bool flipA = major < 0.0;
    const bool flipB = (alongU ? mDv : mDu) < 0.0;
    const auto fieldX = [&](int a, int b) {
        return alongU ? (flipA ? majorCount - 1 - a : a) : (flipB ? minorCount - 1 - b : b);
    };
    const auto fieldY = [&](int a, int b) {
        return alongU ? (flipB ? minorCount - 1 - b : b) : (flipA ? majorCount - 1 - a : a);
    };
    // A point of the closed cell (a, b) whose path has run x main-axis quads is at sideways offset
    // [x * ratio, 1 + x * ratio] from b; on column a + j it has run x in [max(0, j - 1), min(k, j + 1)].
    // It crosses the border a + j (j >= 1) after x in [j - 1, j], at offset [(j - 1) * ratio, 1 + j * ratio].
    struct Column {
        int first = 0;          // first sideways offset the path can touch on column a + j
        double discount = 0.0;  // the ray has climbed at least this much (yards) when it gets there
        int crossFirst = 0;     // first sideways offset of the cells on both sides of border a + j
        double crossDrop = 0.0; // the ray has climbed at most this much (yards) when it crosses it
    };
    std::array<Column, kSweepStep + 1> columns{};
    int window = 1; // sideways offsets the path touches per column (or border), at most
    for (int j = 0; j <= kSweepStep; ++j) {
        const double xLo = std::max(0, j - 1);
        const double xHi = std::min(kSweepStep, j + 1);
        const int first = int(std::floor(xLo * ratio));
        const int last = std::max(first, int(std::ceil(1.0 + xHi * ratio)) - 1);
        const int crossFirst = int(std::floor((j - 1) * ratio));
        const int crossLast = std::max(crossFirst, int(std::ceil(1.0 + j * ratio)) - 1);
        columns[std::size_t(j)] = {first, xLo * drop, std::max(crossFirst, 0), j * drop};
        window = std::max({window, last - first + 1, crossLast - crossFirst + 1});
    }
    // The landing cells: offsets [k * ratio, 1 + k * ratio].
    const int landFirst = int(std::floor(kSweepStep * ratio));
    const int landLast = std::max(landFirst, int(std::ceil(1.0 + kSweepStep * ratio)) - 1);
    const double landDrop = kSweepStep * drop;
    // Grids padded with "no terrain" past the far side of both axes, so no lookup needs a check.
    const int pad = kSweepStep + window + 2;
    const int stride = minorCount + pad;
    const std::size_t cells = std::size_t(majorCount + pad) * std::size_t(stride);
    const auto at = [&](int a, int b) { return std::size_t(a) * std::size_t(stride) + std::size_t(b); };
    // Highest and lowest vertex of `window` cells sideways from (a, b) (a point on the border between
    // two cells is in both: the lowest of either is below it).
    std::vector<float> wide(cells, kNoTerrain);
    std::vector<float> wideLow(cells, kNoTerrain);
    std::vector<float> lowest(cells, kNoTerrain);
    for (int a = 0; a < majorCount; ++a) {
        for (int b = 0; b < minorCount; ++b) {
            const ShadowQuad& q = mField.quad(fieldX(a, b), fieldY(a, b));
            lowest[at(a, b)] = quadMin(q);
        }
    }
    for (int a = 0; a < majorCount; ++a) {
        for (int b = 0; b < minorCount; ++b) {
            const float top =
                quads.max[std::size_t(fieldY(a, b)) * std::size_t(w) + std::size_t(fieldX(a, b))];
            for (int o = 0; o < window && b - o >= 0; ++o) {
                float& cell = wide[at(a, b - o)];
                cell = std::max(cell, top);
            }
            float low = lowest[at(a, b)];
            for (int o = 1; o < window; ++o) {
                low = std::min(low, lowest[at(a, b + o)]);
            }
            wideLow[at(a, b)] = low;
        }
    }
    // In double, rounded outwards to float at the end: rounding never tightens a bound.
    std::vector<double> horizon(cells, -kInfinity);
    std::vector<double> floor(cells, -kInfinity);
    mBounds.resize(quads.max.size());
    for (int a = majorCount - 1; a >= 0; --a) { // the sun's side first
        for (int b = 0; b < minorCount; ++b) {
            // Upper bound: the highest vertex the first step passes over, less the climb to it, or
            // what the ray meets after landing.
            double high = -kInfinity;
            for (int j = 0; j <= kSweepStep; ++j) {
                const Column& col = columns[std::size_t(j)];
                high = std::max(high, double(wide[at(a + j, b + col.first)]) - col.discount);
            }
            double landHigh = horizon[at(a + kSweepStep, b + landFirst)];
            double landLow = floor[at(a + kSweepStep, b + landFirst)];
            for (int o = landFirst + 1; o <= landLast; ++o) {
                landHigh = std::max(landHigh, horizon[at(a + kSweepStep, b + o)]);
                landLow = std::min(landLow, floor[at(a + kSweepStep, b + o)]);
            }
            high = std::max(high, landHigh - landDrop);
            // Lower bound: the terrain under the point itself, or what every landing cell guarantees (a
            // landing point off the field sees no terrain).
            const int x = fieldX(a, b);
            const int y = fieldY(a, b);
            double low = std::max(double(lowest[at(a, b)]), landLow - landDrop);
            for (int j = 1; j < kSweepStep; ++j) { // the borders crossed on the way
                const Column& col = columns[std::size_t(j)];
                low = std::max(low, double(wideLow[at(a + j, b + col.crossFirst)]) - col.crossDrop);
            }
            horizon[at(a, b)] = high;
            floor[at(a, b)] = low;
            // The walk reads a quad's three bounds together.
            const std::size_t i = std::size_t(y) * std::size_t(w) + std::size_t(x);
            mBounds[i] = {climbsOut(mField.quad(x, y)) ? kNoTerrain : quads.max[i], roundUp(high),
                          roundDown(low)};
        }
    }
}

bool ShadowBaker::quadBlocks(const ShadowQuad& q, double fu, double fv, double length,
                             double rayStart) const {
    // Path inside the quad: (fu, fv) + s * (du, dv), 0 <= s <= length; the ray is rayStart + s * rise.
    // Both are linear on each triangle's piece, so the extremes of (terrain - ray) lie where the path
    // starts, ends or crosses a diagonal (fu = fv, fu + fv = 1).
    const auto above = [&](double s) {
        const double u = std::clamp(fu + s * mDu, 0.0, 1.0);
        const double v = std::clamp(fv + s * mDv, 0.0, 1.0);
        return double(quadHeight(q, float(u), float(v))) - (rayStart + s * mRise) > kShadowTolerance;
    };
    // Where the path enters, terrain and ray were compared already: it is where the path left the
    // previous quad (or a cell whose highest vertex is below the ray), or the start point (equal).
    if (above(length)) {
        return true;
    }
    if (mDu != mDv) {
        const double s = (fv - fu) * mInvDiff;
        if (s > 0.0 && s < length && above(s)) {
            return true;
        }
    }
    if (mDu != -mDv) {
        const double s = (1.0 - fu - fv) * mInvSum;
        if (s > 0.0 && s < length && above(s)) {
            return true;
        }
    }
    return false;
}

bool ShadowBaker::blocked(double u0, double v0, float h0) const {
    // Past tEnd quads of path the ray is above the field's highest vertex.
    const double tEnd = (double(mTop) - double(h0)) / mRise;
    // Near the start the ray crosses quad after quad: an incremental walk (no divisions) over them,
    // until the bounds settle it; a ray still undecided after kNearQuads (measured: the pyramid walk is
    // slower for grazing rays at low suns until then) goes on with the pyramid.
    constexpr int kNearQuads = 128;
    const int width = mField.quadsX();
    const int height = mField.quadsY();
    int qx = int(u0);
    int qy = int(v0);
    const int stepX = mDu > 0.0 ? 1 : -1;
    const int stepY = mDv > 0.0 ? 1 : -1;
    double nextX = mDu != 0.0 ? ((qx + mAheadU) - u0) * mInvDu : kInfinity;
    double nextY = mDv != 0.0 ? ((qy + mAheadV) - v0) * mInvDv : kInfinity;
    const double deltaX = mDu != 0.0 ? std::abs(mInvDu) : kInfinity;
    const double deltaY = mDv != 0.0 ? std::abs(mInvDv) : kInfinity;
    double t = 0.0;
    for (int n = 0; n < kNearQuads; ++n) {
        if (qx < 0 || qy < 0 || qx >= width || qy >= height) {
            return false; // left the field: no terrain further on
        }
        const double ray = double(h0) + t * mRise;
        const QuadBounds& bounds = mBounds[std::size_t(qy) * std::size_t(width) + std::size_t(qx)];
        // (In the start quad the bound is at least the start height: no use asking.)
        if (n > 0 && double(bounds.horizon) < ray) {
            return false; // nothing ahead reaches the ray any more
        }
        if (double(bounds.floor) > ray + 2.0 * kShadowTolerance) {
            return true; // terrain ahead certainly rises above the ray
        }
        const double leave = std::min(nextX, nextY);
        // Terrain no higher than the quad's top cannot rise more than the tolerance above the ray, nor
        // can a quad the ray climbs out of (top -inf): where it entered it was not below the terrain.
        if (double(bounds.top) > ray + kShadowTolerance &&
            quadBlocks(mField.quad(qx, qy), u0 + t * mDu - qx, v0 + t * mDv - qy, leave - t, ray)) {
            return true;
        }
        t = leave;
        if (t > tEnd) {
            return false;
        }
        if (nextX < nextY) {
            qx += stepX;
            nextX += deltaX;
        } else {
            qy += stepY;
            nextY += deltaY;
        }
    }
    return walk(u0, v0, h0, t + kNudge, tEnd);
}

bool ShadowBaker::walk(double u0, double v0, float h0, double t, double tEnd) const {
    const int topLevel = int(mLevels.size()) - 1;
    const double width = mField.quadsX();
    const double height = mField.quadsY();
    int level = 0;
    while (t <= tEnd) {
        const double u = u0 + t * mDu;
        const double v = v0 + t * mDv;
        if (!(u >= 0.0 && v >= 0.0 && u < width && v < height)) {
            return false; // left the field: no terrain further on
        }
        const int qx = int(u);
        const int qy = int(v);
        const double ray = double(h0) + t * mRise;
        const QuadBounds& bounds = mBounds[std::size_t(qy) * std::size_t(mField.quadsX()) + std::size_t(qx)];
        if (double(bounds.horizon) < ray) {
            return false; // nothing ahead reaches the ray any more
        }
        if (double(bounds.floor) > ray + 2.0 * kShadowTolerance) {
            return true; // terrain ahead certainly rises above the ray
        }
        const Level& cells = mLevels[std::size_t(level)];
        const int cx = qx >> level;
        const int cy = qy >> level;
        const double size = double(1 << level);
        // Path length to the cell's border on each axis (the sun's side of the cell).
        const double tx = mDu != 0.0 ? ((cx + mAheadU) * size - u) * mInvDu : kInfinity;
        const double ty = mDv != 0.0 ? ((cy + mAheadV) * size - v) * mInvDv : kInfinity;
        const double leave = std::min(tx, ty); // path length to the cell's border
        if (double(cells.max[std::size_t(cy) * std::size_t(cells.width) + std::size_t(cx)]) < ray) {
            // Above everything in the cell and climbing: skip it, then try a coarser cell.
            t += leave + kNudge;
            level = std::min(level + 1, topLevel);
            continue;
        }
        if (level > 0) {
            --level;
            continue;
        }
        if (double(bounds.top) > ray + kShadowTolerance &&
            quadBlocks(mField.quad(qx, qy), u - qx, v - qy, leave, ray)) {
            return true;
        }
        t += leave + kNudge;
    }
    return false;
}

bool ShadowBaker::shadowedAt(double u, double v) const {
    if (mOverhead || !(u >= 0.0 && v >= 0.0 && u <= mField.quadsX() && v <= mField.quadsY())) {
        return false;
    }
    const int qx = std::min(int(u), mField.quadsX() - 1);
    const int qy = std::min(int(v), mField.quadsY() - 1);
    const float h0 = quadHeight(mField.quad(qx, qy), float(u - qx), float(v - qy));
    return blocked(u, v, h0);
}

bool ShadowBaker::wholeQuadShadowed(int qx, int qy) const {
    // Every point of the quad is below the lower bound of what rises ahead of it (a hole's texels look
    // at the terrain around it: -inf is below nothing).
    const ShadowQuad& q = mField.quad(qx, qy);
    const float floor = mBounds[std::size_t(qy) * std::size_t(mField.quadsX()) + std::size_t(qx)].floor;
    return q.present && double(floor) > double(quadMax(q)) + 2.0 * kShadowTolerance;
}

bool ShadowBaker::climbsOut(const ShadowQuad& q) const {
    if (!q.present) {
        return true; // no terrain to meet
    }
    // No triangle climbs towards the sun faster than the ray: inside the quad the ray stays as far above
    // (or below) the surface as where it entered, or gets further above.
    const float c2 = 2.0f * q.centre;
    const double slopes[4] = {
        (q.ne - q.nw) * mDu + (c2 - q.nw - q.ne) * mDv, // north
        (q.ne + q.se - c2) * mDu + (q.se - q.ne) * mDv, // east
        (q.se - q.sw) * mDu + (q.sw + q.se - c2) * mDv, // south
        (c2 - q.nw - q.sw) * mDu + (q.sw - q.nw) * mDv, // west
    };
    for (const double slope : slopes) {
        if (slope > mRise) {
            return false;
        }
    }
    return true;
}

ShadowMap ShadowBaker::bakeChunk(int quadX, int quadY) const {
    ShadowMap map{};
    if (mOverhead) {
        return map;
    }
    // One quad is 8x8 texels: texel row r of quad column qc is byte (r * 8 + qc) of the map.
    const TexelWeights& weights = texelWeights();
    for (int qr = 0; qr < 8; ++qr) {
        for (int qc = 0; qc < 8; ++qc) {
            const int qx = quadX + qc;
            const int qy = quadY + qr;
            const bool shadowed = wholeQuadShadowed(qx, qy);
            const ShadowQuad& q = mField.quad(qx, qy);
            for (int tr = 0; tr < kTexelsPerQuad; ++tr) {
                std::uint8_t& byte = map[std::size_t((qr * kTexelsPerQuad + tr) * 8 + qc)];
                if (shadowed) {
                    byte = 0xFF;
                    continue;
                }
                const double fv = (tr + 0.5) / kTexelsPerQuad;
                for (int tc = 0; tc < kTexelsPerQuad; ++tc) {
                    const double fu = (tc + 0.5) / kTexelsPerQuad;
                    const auto& w = weights[std::size_t(tr * kTexelsPerQuad + tc)];
                    const float h0 = w[0] * q.nw + w[1] * q.ne + w[2] * q.sw + w[3] * q.se + w[4] * q.centre;
                    if (blocked(qx + fu, qy + fv, h0)) {
                        byte = std::uint8_t(byte | (1u << tc));
                    }
                }
            }
        }
    }
    return map;
}

void repeatLastShadowRowAndColumn(ShadowMap& map) {
    constexpr int last = kShadowSide - 1;
    for (int r = 0; r < kShadowSide; ++r) {
        setShadow(map, r, last, shadowAt(map, r, last - 1));
    }
    for (int c = 0; c < kShadowSide; ++c) {
        setShadow(map, last, c, shadowAt(map, last - 1, c));
    }
}

} // namespace mapsmith::core
