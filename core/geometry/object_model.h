#pragma once
// Pure geometry of object placements (MDDF doodads, MODF WMOs) on the tile/chunk grid: world bounds
// of a placement, the tiles and chunks a box overlaps, MCRF rebuilt from bounds, MODF extents after a
// move or rotation, uniqueId scans. No document, no Qt.
//
// Placement coordinates (MDDF/MODF positions and MODF extents), yards: x grows east (x / kTileSize =
// tile X), y is up, z grows south (z / kTileSize = tile Y); see core/geometry/coords.h.
// Rotation (degrees) per the ADT spec: x around the west-east axis, y around the up axis (heading),
// z around the north-south axis. Model -> placement offset = D * Ry(y - 270) * Rz(-x) * Rx(z - 90) *
// scale, D = diag(-1, 1, -1) (the spec's createPlacementMatrix, expressed in placement axes).
//
// Bounds rule: a doodad's box is its model's bounding box placed with its rotation and scale when the
// model's bounds are known (ObjectBoundsSettings::modelBounds), else a cube of half-size
// doodadRadius * scale around its position (rotation-invariant). A WMO's box is its MODF extents.
//
// Copies: Blizzard's tiles hold an MDDF/MODF entry (same uniqueId) in every tile an object's bounds
// overlap (continent 42_29 holds 8 doodads and 4 WMOs positioned in neighbouring tiles), and the
// client draws each uniqueId once. MCRF of a tile references an entry from every chunk of that tile
// its box overlaps.

#include "core/geometry/coords.h"
#include "io/adt/adt.h"

#include <glm/mat3x3.hpp>
#include <glm/vec3.hpp>

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mapsmith::core {

enum class ObjectKind : std::uint8_t { Doodad, Wmo }; // MDDF (M2) / MODF (WMO)

// Axis-aligned box (yards), in placement coordinates unless said otherwise.
struct Box3 {
    glm::dvec3 min{0.0};
    glm::dvec3 max{0.0};
    bool operator==(const Box3&) const = default;
};

// A model's own bounding box in model coordinates (yards, unscaled; x forward, y left, z up as in
// M2/WMO files), e.g. from the M2 header or the WMO root; nullopt when unknown.
using ModelBoundsFn = std::function<std::optional<Box3>(ObjectKind kind, const std::string& name)>;

// A model's shape as wire edges for drawing a proxy, in model coordinates like ModelBoundsFn's boxes.
struct ModelWire {
    std::vector<glm::dvec3> vertices;
    std::vector<std::uint32_t> edges; // index pairs into vertices
};
using ModelWireFn = std::function<std::shared_ptr<const ModelWire>(ObjectKind kind, const std::string& name)>;

// A model's triangles (core/models/model_mesh.h), model coordinates; null when unknown.
struct ModelMesh;
using ModelMeshFn = std::function<std::shared_ptr<const ModelMesh>(ObjectKind kind, const std::string& name)>;

struct ObjectBoundsSettings {
    double doodadRadius = 2.0; // yd at scale 1.0: half-size of the stand-in box of unknown doodads
    double wmoRadius = 10.0;   // yd: half-size of the stand-in extents of WMOs added without bounds
    ModelBoundsFn modelBounds; // optional source of real model bounds
    ModelWireFn modelWire;     // optional source of proxy shapes (drawn instead of the box)
    ModelMeshFn modelMesh;     // optional source of triangles (ray picking; objects without one: their box)
};

// MDDF scale: uint16, 1024 = 1.0, valid 1..65535 (0 would collapse the model).
inline constexpr std::uint16_t kScaleOne = 1024;
inline constexpr std::uint16_t kScaleMin = 1;
inline constexpr std::uint16_t kScaleMax = 65535;
double scaleFactor(std::uint16_t scale);
std::uint16_t scaleFromFactor(double factor); // rounded and clamped to kScaleMin..kScaleMax

glm::dvec3 toDvec(const io::Vec3f& v);
io::Vec3f toVec3f(glm::dvec3 v);

// Model -> placement-offset rotation (unscaled) for a rotation in degrees (see the header comment).
glm::dmat3 placementRotation(const io::Vec3f& rotationDegrees);
// Heading (degrees, as the game gives an orientation: 0 faces north, 90 west, counter-clockwise) <->
// MDDF/MODF rotation y. A model faces its +x axis, which rotation y 0 turns to the south (see
// placementRotation), so rotation y = heading + 180, kept in [0, 360).
float rotationYForHeading(double headingDegrees);
double headingForRotationY(float rotationY); // in [0, 360)
// AABB of the 8 corners of `box` mapped by `m` and moved to `origin`.
Box3 transformBox(const Box3& box, const glm::dmat3& m, glm::dvec3 origin);
// Adds `delta` degrees to a rotation component; results stay within (-360, 360) (same orientation).
float addDegrees(float angle, double delta);

// World bounds of a placement (placement coordinates).
Box3 doodadBounds(const io::DoodadPlacement& d, const std::string& modelName,
                  const ObjectBoundsSettings& settings);
Box3 wmoBounds(const io::MapObjectPlacement& w);
Box3 extentsOf(const io::MapObjectPlacement& w);

// MODF extents for a WMO placed at `position` with `rotation`, given its entry before the edit. With
// the model's local bounds: the placed local box. Without: the old extents (relative to the old
// position) carried along: translated on a move; on a rotation their 8 corners are taken back to
// model space with the old rotation, placed with the new one, and the AABB taken (so an unrotated
// move keeps the size exactly, while each rotation of a box that is not axis-aligned can grow it).
Box3 wmoExtents(const io::MapObjectPlacement& before, const io::Vec3f& position, const io::Vec3f& rotation,
                const std::optional<Box3>& localBounds);

// Grid. The tile containing a placement position (points on a border belong to the south/east one).
TileCoord placementTile(glm::dvec3 p);
ChunkCoord placementChunk(glm::dvec3 p);
// Tiles (valid ones only) whose area the box's x/z extent overlaps, edges included.
std::vector<TileCoord> tilesOverlapped(const Box3& box);

// Rows/columns (inclusive) of a tile's chunks; empty when row0 > row1.
struct ChunkSpan {
    int row0 = 0;
    int row1 = -1;
    int col0 = 0;
    int col1 = -1;
    bool empty() const { return row0 > row1 || col0 > col1; }
    bool contains(int row, int col) const { return row >= row0 && row <= row1 && col >= col0 && col <= col1; }
    bool operator==(const ChunkSpan&) const = default;
};
// The chunks of `tile` the box overlaps (edges included); may be empty.
ChunkSpan chunksOverlapped(TileCoord tile, const Box3& box);
// The chunks of `tile` that reference an object: those its box overlaps, else (a copy whose box
// misses the tile) the one chunk of the tile nearest its position, so every entry is drawn.
ChunkSpan referencingChunks(TileCoord tile, const Box3& box, glm::dvec3 position);

// MCRF of a whole tile rebuilt from its placements: per chunk (row-major), ascending entry indices.
struct TileReferences {
    std::array<std::vector<std::uint32_t>, io::kChunksPerTile> doodads;
    std::array<std::vector<std::uint32_t>, io::kChunksPerTile> wmos;
};
TileReferences rebuildReferences(TileCoord tile, const io::Adt& adt, const ObjectBoundsSettings& settings);

// One chunk's ref list (ascending). Returns whether it changed.
bool setReference(std::vector<std::uint32_t>& refs, std::uint32_t index, bool referenced);
// Entry `index` was erased from MDDF/MODF: drops refs to it and renumbers the ones after it.
bool eraseReferenceIndex(std::vector<std::uint32_t>& refs, std::uint32_t index);

// Model / WMO names compare case-insensitively with '/' equal to '\\' (the client's file system).
bool sameModelName(std::string_view a, std::string_view b);
std::optional<std::uint32_t> findName(const std::vector<std::string>& names, std::string_view name);

// uniqueIds. The entry of `kind` with `uniqueId` in a tile (the first one), or nullopt.
std::optional<std::uint32_t> findEntry(const io::Adt& adt, ObjectKind kind, std::uint32_t uniqueId);
std::uint32_t maxUniqueId(const io::Adt& adt); // 0 for a tile without objects
std::size_t objectCount(const io::Adt& adt, ObjectKind kind);
std::uint32_t uniqueIdAt(const io::Adt& adt, ObjectKind kind, std::size_t index);

} // namespace mapsmith::core
