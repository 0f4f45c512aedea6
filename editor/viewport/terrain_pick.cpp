#include "editor/viewport/terrain_pick.h"

#include "core/document/map_document.h"
#include "core/geometry/chunk_height.h"
#include "core/geometry/coords.h"
#include "editor/viewport/chunk_mesh.h"

#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/vec2.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace mapsmith::editor {

namespace {

constexpr int kQuadsPerTile = core::kChunksPerSide * 8; // 128

int floorDiv(int a, int b) {
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

// Nearest hit among the four triangles of global quad (qx east, qy south), if its chunk is loaded and
// the quad is no hole.
std::optional<double> intersectQuad(const core::MapDocument& doc, const Ray& ray, int qx, int qy) {
    const core::ChunkCoord cc = core::fromGlobal({floorDiv(qx, 8), floorDiv(qy, 8)});
    if (!cc.tile.valid()) {
        return std::nullopt;
    }
    const io::MapChunk* chunk = doc.chunk(cc);
    if (!chunk) {
        return std::nullopt;
    }
    const int col = qx - floorDiv(qx, 8) * 8;
    const int row = qy - floorDiv(qy, 8) * 8;
    if (core::quadIsHole(*chunk, row, col)) {
        return std::nullopt;
    }
    // Vertex positions from the chunk header, as core::chunkHeightAt places them.
    const auto vertex = [&](int index) {
        const glm::dvec2 xy = glm::dvec2(chunk->position.x, chunk->position.y) + core::vertexOffset(index);
        return glm::dvec3(xy, core::chunkVertexHeight(*chunk, index));
    };
    const glm::dvec3 nw = vertex(core::outerIndex(row, col));
    const glm::dvec3 ne = vertex(core::outerIndex(row, col + 1));
    const glm::dvec3 sw = vertex(core::outerIndex(row + 1, col));
    const glm::dvec3 se = vertex(core::outerIndex(row + 1, col + 1));
    const glm::dvec3 c = vertex(core::innerIndex(row, col));
    std::optional<double> best;
    for (const auto& [a, b] : {std::pair{nw, ne}, std::pair{ne, se}, std::pair{se, sw}, std::pair{sw, nw}}) {
        const auto t = intersectTriangle(ray, a, c, b);
        if (t && (!best || *t < *best)) {
            best = t;
        }
    }
    return best;
}

} // namespace

std::optional<double> intersectTriangle(const Ray& ray, glm::dvec3 a, glm::dvec3 b, glm::dvec3 c) {
    constexpr double eps = 1e-9;
    const glm::dvec3 e1 = b - a;
    const glm::dvec3 e2 = c - a;
    const glm::dvec3 p = glm::cross(ray.direction, e2);
    const double det = glm::dot(e1, p);
    if (std::abs(det) < 1e-12) {
        return std::nullopt;
    }
    const double inv = 1.0 / det;
    const glm::dvec3 s = ray.origin - a;
    const double u = glm::dot(s, p) * inv;
    if (u < -eps || u > 1.0 + eps) {
        return std::nullopt;
    }
    const glm::dvec3 q = glm::cross(s, e1);
    const double v = glm::dot(ray.direction, q) * inv;
    if (v < -eps || u + v > 1.0 + eps) {
        return std::nullopt;
    }
    const double t = glm::dot(e2, q) * inv;
    if (!(t >= 0.0)) {
        return std::nullopt;
    }
    return t;
}

std::optional<glm::dvec3> pickTerrain(const core::MapDocument& doc, const Ray& ray, double maxDistance) {
    const auto tiles = doc.loadedTiles();
    if (tiles.empty()) {
        return std::nullopt;
    }
    // Bounds of the loaded tiles in global quad units: [lo, hi) each way.
    glm::ivec2 lo(std::numeric_limits<int>::max());
    glm::ivec2 hi(std::numeric_limits<int>::min());
    for (const auto t : tiles) {
        lo = glm::min(lo, glm::ivec2(t.x, t.y) * kQuadsPerTile);
        hi = glm::max(hi, glm::ivec2(t.x + 1, t.y + 1) * kQuadsPerTile);
    }
    // The ray in quad units: q(t) = q0 + t * dq (x east, y south).
    const double u = core::kUnitSize;
    const glm::dvec2 q0((core::kMapHalfSize - ray.origin.y) / u, (core::kMapHalfSize - ray.origin.x) / u);
    const glm::dvec2 dq(-ray.direction.y / u, -ray.direction.x / u);

    // Clip t to the bounds (slabs).
    double t0 = 0.0;
    double t1 = maxDistance;
    for (int axis = 0; axis < 2; ++axis) {
        if (std::abs(dq[axis]) < 1e-15) {
            if (q0[axis] < lo[axis] || q0[axis] >= hi[axis]) {
                return std::nullopt;
            }
            continue;
        }
        double a = (lo[axis] - q0[axis]) / dq[axis];
        double b = (hi[axis] - q0[axis]) / dq[axis];
        if (a > b) {
            std::swap(a, b);
        }
        t0 = std::max(t0, a);
        t1 = std::min(t1, b);
    }
    if (!(t0 <= t1)) {
        return std::nullopt;
    }

    // Amanatides-Woo over the cells from t0 to t1.
    const glm::dvec2 start = q0 + dq * t0;
    glm::ivec2 cell(std::clamp(int(std::floor(start.x)), lo.x, hi.x - 1),
                    std::clamp(int(std::floor(start.y)), lo.y, hi.y - 1));
    glm::ivec2 step(0);
    glm::dvec2 tMax(std::numeric_limits<double>::infinity());
    glm::dvec2 tDelta(std::numeric_limits<double>::infinity());
    for (int axis = 0; axis < 2; ++axis) {
        if (dq[axis] > 1e-15) {
            step[axis] = 1;
            tDelta[axis] = 1.0 / dq[axis];
            tMax[axis] = (cell[axis] + 1 - q0[axis]) / dq[axis];
        } else if (dq[axis] < -1e-15) {
            step[axis] = -1;
            tDelta[axis] = -1.0 / dq[axis];
            tMax[axis] = (cell[axis] - q0[axis]) / dq[axis];
        }
    }
    const int maxSteps = (hi.x - lo.x) + (hi.y - lo.y) + 2;
    for (int i = 0; i < maxSteps; ++i) {
        if (const auto t = intersectQuad(doc, ray, cell.x, cell.y); t && *t <= maxDistance) {
            return ray.origin + ray.direction * *t;
        }
        const int axis = tMax.x < tMax.y ? 0 : 1;
        if (tMax[axis] > t1) {
            break;
        }
        cell[axis] += step[axis];
        tMax[axis] += tDelta[axis];
        if (cell[axis] < lo[axis] || cell[axis] >= hi[axis]) {
            break;
        }
    }
    return std::nullopt;
}

} // namespace mapsmith::editor
