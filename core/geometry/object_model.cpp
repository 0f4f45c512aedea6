#include "core/geometry/object_model.h"

#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace mapsmith::core {
namespace {

// floor() of a position in cell units, values within 1e-9 units of a border taken as on it (the
// same rule as tileAt/chunkAt in coords.cpp).
int floorCell(double units) {
    const double nearest = std::round(units);
    return int(std::abs(units - nearest) <= 1e-9 ? nearest : std::floor(units));
}

bool finite(const Box3& b) {
    return std::isfinite(b.min.x) && std::isfinite(b.min.z) && std::isfinite(b.max.x) &&
           std::isfinite(b.max.z);
}

// Cell index of a coordinate, clamped to a range that fits an int.
int cellOf(double coord, double cellSize) {
    const double limit = 1e6;
    return floorCell(std::clamp(coord / cellSize, -limit, limit));
}

// Right-handed rotations (column vectors), angles in degrees. glm matrices are column-major.
glm::dmat3 rotX(double deg) {
    const double r = glm::radians(deg);
    const double c = std::cos(r);
    const double s = std::sin(r);
    return glm::dmat3(1, 0, 0, 0, c, s, 0, -s, c);
}
glm::dmat3 rotY(double deg) {
    const double r = glm::radians(deg);
    const double c = std::cos(r);
    const double s = std::sin(r);
    return glm::dmat3(c, 0, -s, 0, 1, 0, s, 0, c);
}
glm::dmat3 rotZ(double deg) {
    const double r = glm::radians(deg);
    const double c = std::cos(r);
    const double s = std::sin(r);
    return glm::dmat3(c, s, 0, -s, c, 0, 0, 0, 1);
}

char foldChar(char c) {
    if (c == '/') {
        return '\\';
    }
    return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
}

} // namespace

double scaleFactor(std::uint16_t scale) {
    return double(scale) / kScaleOne;
}

std::uint16_t scaleFromFactor(double factor) {
    if (!(factor > 0.0)) { // also NaN
        return kScaleMin;
    }
    const double fixed = std::round(factor * kScaleOne);
    return std::uint16_t(std::clamp(fixed, double(kScaleMin), double(kScaleMax)));
}

glm::dvec3 toDvec(const io::Vec3f& v) {
    return {v.x, v.y, v.z};
}

io::Vec3f toVec3f(glm::dvec3 v) {
    return {float(v.x), float(v.y), float(v.z)};
}

glm::dmat3 placementRotation(const io::Vec3f& rotation) {
    const glm::dmat3 d(-1, 0, 0, 0, 1, 0, 0, 0, -1);
    return d * rotY(double(rotation.y) - 270.0) * rotZ(-double(rotation.x)) * rotX(double(rotation.z) - 90.0);
}

namespace {
double wrapDegrees(double degrees) {
    const double wrapped = std::fmod(degrees, 360.0);
    return wrapped < 0.0 ? wrapped + 360.0 : wrapped;
}
} // namespace

float rotationYForHeading(double headingDegrees) {
    const float r = float(wrapDegrees(headingDegrees + 180.0));
    return r >= 360.0f ? 0.0f : r; // a value just below 360 may round up in float
}

double headingForRotationY(float rotationY) {
    return wrapDegrees(double(rotationY) - 180.0);
}

Box3 transformBox(const Box3& box, const glm::dmat3& m, glm::dvec3 origin) {
    Box3 out{glm::dvec3(std::numeric_limits<double>::infinity()),
             glm::dvec3(-std::numeric_limits<double>::infinity())};
    for (int i = 0; i < 8; ++i) {
        const glm::dvec3 corner{(i & 1) ? box.max.x : box.min.x, (i & 2) ? box.max.y : box.min.y,
                                (i & 4) ? box.max.z : box.min.z};
        const glm::dvec3 p = m * corner + origin;
        out.min = glm::min(out.min, p);
        out.max = glm::max(out.max, p);
    }
    return out;
}

float addDegrees(float angle, double delta) {
    if (delta == 0.0) {
        return angle; // untouched components keep their exact bits
    }
    return float(std::fmod(double(angle) + delta, 360.0));
}

Box3 doodadBounds(const io::DoodadPlacement& d, const std::string& modelName,
                  const ObjectBoundsSettings& settings) {
    const glm::dvec3 pos = toDvec(d.position);
    const double s = scaleFactor(d.scale);
    if (settings.modelBounds) {
        if (const auto local = settings.modelBounds(ObjectKind::Doodad, modelName)) {
            return transformBox(*local, placementRotation(d.rotation) * s, pos);
        }
    }
    const glm::dvec3 r(settings.doodadRadius * s);
    return {pos - r, pos + r};
}

Box3 extentsOf(const io::MapObjectPlacement& w) {
    return {toDvec(w.extentsMin), toDvec(w.extentsMax)};
}

Box3 wmoBounds(const io::MapObjectPlacement& w) {
    return extentsOf(w);
}

Box3 wmoExtents(const io::MapObjectPlacement& before, const io::Vec3f& position, const io::Vec3f& rotation,
                const std::optional<Box3>& localBounds) {
    const glm::dvec3 pos = toDvec(position);
    if (localBounds) {
        return transformBox(*localBounds, placementRotation(rotation), pos);
    }
    const glm::dvec3 oldPos = toDvec(before.position);
    const Box3 relative{toDvec(before.extentsMin) - oldPos, toDvec(before.extentsMax) - oldPos};
    if (rotation == before.rotation) {
        return {relative.min + pos, relative.max + pos};
    }
    const glm::dmat3 delta = placementRotation(rotation) * glm::transpose(placementRotation(before.rotation));
    return transformBox(relative, delta, pos);
}

TileCoord placementTile(glm::dvec3 p) {
    return {cellOf(p.x, kTileSize), cellOf(p.z, kTileSize)};
}

ChunkCoord placementChunk(glm::dvec3 p) {
    return fromGlobal({cellOf(p.x, kChunkSize), cellOf(p.z, kChunkSize)});
}

std::vector<TileCoord> tilesOverlapped(const Box3& box) {
    std::vector<TileCoord> out;
    if (!finite(box)) {
        return out;
    }
    const int x0 = std::max(cellOf(box.min.x, kTileSize), 0);
    const int x1 = std::min(cellOf(box.max.x, kTileSize), kTilesPerSide - 1);
    const int y0 = std::max(cellOf(box.min.z, kTileSize), 0);
    const int y1 = std::min(cellOf(box.max.z, kTileSize), kTilesPerSide - 1);
    for (int y = y0; y <= y1; ++y) {
        for (int x = x0; x <= x1; ++x) {
            out.push_back({x, y});
        }
    }
    return out;
}

ChunkSpan chunksOverlapped(TileCoord tile, const Box3& box) {
    if (!finite(box)) {
        return {};
    }
    const int gx0 = tile.x * kChunksPerSide;
    const int gy0 = tile.y * kChunksPerSide;
    ChunkSpan s;
    s.col0 = std::max(cellOf(box.min.x, kChunkSize) - gx0, 0);
    s.col1 = std::min(cellOf(box.max.x, kChunkSize) - gx0, kChunksPerSide - 1);
    s.row0 = std::max(cellOf(box.min.z, kChunkSize) - gy0, 0);
    s.row1 = std::min(cellOf(box.max.z, kChunkSize) - gy0, kChunksPerSide - 1);
    return s;
}

ChunkSpan referencingChunks(TileCoord tile, const Box3& box, glm::dvec3 position) {
    ChunkSpan s = chunksOverlapped(tile, box);
    if (!s.empty()) {
        return s;
    }
    const int col =
        std::clamp(cellOf(position.x, kChunkSize) - tile.x * kChunksPerSide, 0, kChunksPerSide - 1);
    const int row =
        std::clamp(cellOf(position.z, kChunkSize) - tile.y * kChunksPerSide, 0, kChunksPerSide - 1);
    return {row, row, col, col};
}

TileReferences rebuildReferences(TileCoord tile, const io::Adt& adt, const ObjectBoundsSettings& settings) {
    TileReferences out;
    static const std::string kNoName;
    auto add = [](auto& lists, const ChunkSpan& s, std::uint32_t index) {
        for (int r = s.row0; r <= s.row1; ++r) {
            for (int c = s.col0; c <= s.col1; ++c) {
                lists[std::size_t(r * kChunksPerSide + c)].push_back(index); // ascending: indices grow
            }
        }
    };
    for (std::size_t i = 0; i < adt.doodads.size(); ++i) {
        const auto& d = adt.doodads[i];
        const std::string& name = d.nameIndex < adt.modelNames.size() ? adt.modelNames[d.nameIndex] : kNoName;
        add(out.doodads, referencingChunks(tile, doodadBounds(d, name, settings), toDvec(d.position)),
            std::uint32_t(i));
    }
    for (std::size_t i = 0; i < adt.mapObjects.size(); ++i) {
        const auto& w = adt.mapObjects[i];
        add(out.wmos, referencingChunks(tile, wmoBounds(w), toDvec(w.position)), std::uint32_t(i));
    }
    return out;
}

bool setReference(std::vector<std::uint32_t>& refs, std::uint32_t index, bool referenced) {
    // Linear search: lists are short, and one read out of order must not hide a ref.
    const auto found = std::find(refs.begin(), refs.end(), index);
    const bool has = found != refs.end();
    if (has == referenced) {
        return false;
    }
    if (referenced) {
        refs.insert(std::lower_bound(refs.begin(), refs.end(), index), index);
    } else {
        refs.erase(found);
    }
    return true;
}

bool eraseReferenceIndex(std::vector<std::uint32_t>& refs, std::uint32_t index) {
    bool changed = false;
    std::size_t out = 0;
    for (std::size_t i = 0; i < refs.size(); ++i) {
        const std::uint32_t r = refs[i];
        if (r == index) {
            changed = true;
            continue;
        }
        if (r > index) {
            changed = true;
        }
        refs[out++] = r > index ? r - 1 : r;
    }
    refs.resize(out);
    return changed;
}

bool sameModelName(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) {
        return false;
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (foldChar(a[i]) != foldChar(b[i])) {
            return false;
        }
    }
    return true;
}

std::optional<std::uint32_t> findName(const std::vector<std::string>& names, std::string_view name) {
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (sameModelName(names[i], name)) {
            return std::uint32_t(i);
        }
    }
    return std::nullopt;
}

std::size_t objectCount(const io::Adt& adt, ObjectKind kind) {
    return kind == ObjectKind::Doodad ? adt.doodads.size() : adt.mapObjects.size();
}

std::uint32_t uniqueIdAt(const io::Adt& adt, ObjectKind kind, std::size_t index) {
    return kind == ObjectKind::Doodad ? adt.doodads[index].uniqueId : adt.mapObjects[index].uniqueId;
}

std::optional<std::uint32_t> findEntry(const io::Adt& adt, ObjectKind kind, std::uint32_t uniqueId) {
    const std::size_t n = objectCount(adt, kind);
    for (std::size_t i = 0; i < n; ++i) {
        if (uniqueIdAt(adt, kind, i) == uniqueId) {
            return std::uint32_t(i);
        }
    }
    return std::nullopt;
}

std::uint32_t maxUniqueId(const io::Adt& adt) {
    std::uint32_t m = 0;
    for (const auto& d : adt.doodads) {
        m = std::max(m, d.uniqueId);
    }
    for (const auto& w : adt.mapObjects) {
        m = std::max(m, w.uniqueId);
    }
    return m;
}

} // namespace mapsmith::core
