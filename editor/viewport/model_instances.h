#pragma once
// What the viewport draws of one tile's objects, worked out on the CPU (plain C++, any thread): every
// placement whose model has a mesh becomes one instance (a model -> scene matrix) in the group of its
// mesh; a WMO also brings the doodads of its doodad set and of the default set (core::wmoDoodadsShown),
// placed through the WMO's own placement. Entries without a mesh are drawn as boxes by the caller.
//
// Copies: an object crossing a tile border has an entry (same uniqueId) in every tile its bounds reach;
// only its owning tile (the one containing its position) draws it as a model, unless that tile is not
// part of the map, in which case every tile holding a copy draws it (harmless: the copies coincide).

#include "core/geometry/coords.h"
#include "core/geometry/object_model.h"
#include "core/models/model_library.h"
#include "editor/viewport/scene_frame.h"
#include "io/adt/adt.h"

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include <array>
#include <bitset>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mapsmith::editor {

// A model -> scene transform, column-major (what the shader's per-instance mat4 reads), 64 bytes.
struct InstanceMatrix {
    std::array<float, 16> m{};
    bool operator==(const InstanceMatrix&) const = default;
};
static_assert(sizeof(InstanceMatrix) == 64);

// The object part of a tile, copied so a worker thread can use it while the document changes.
struct TilePlacements {
    core::TileCoord tile;
    std::vector<std::string> modelNames;
    std::vector<std::string> wmoNames;
    std::vector<io::DoodadPlacement> doodads;
    std::vector<io::MapObjectPlacement> mapObjects;

    static TilePlacements of(const io::Adt& adt, core::TileCoord tile);
};

// Tiles of the map (the WDT's flags), x + 64 * y.
using MapTiles = std::bitset<64 * 64>;

// Where an instance lives: group index, instance index inside the group.
struct InstanceSlot {
    std::uint32_t group = 0;
    std::uint32_t index = 0;
};

// A doodad a WMO shows: its index in the WMO mesh's doodads and its instance.
struct WmoDoodadSlot {
    std::uint32_t doodad = 0;
    InstanceSlot slot;
};

struct ModelGroup {
    std::shared_ptr<const core::ModelMesh> mesh;
    std::vector<InstanceMatrix> instances; // along a Z-order curve of their positions (near ones together)
};

struct TileModels {
    std::vector<ModelGroup> groups;
    // Per MDDF entry: its instance (none when another tile draws it or it has no mesh) and whether its
    // model has a mesh (false: drawn as a warning box).
    std::vector<std::optional<InstanceSlot>> doodadSlots;
    std::vector<bool> doodadHasMesh;
    // Per MODF entry: the WMO's instance and those of the doodads it shows, in wmoDoodadsShown order
    // (doodads whose model has no mesh are left out: they are not objects of the map).
    std::vector<std::optional<InstanceSlot>> wmoSlots;
    std::vector<std::vector<WmoDoodadSlot>> wmoDoodadSlots;
    std::vector<bool> wmoHasMesh;

    std::size_t instanceCount() const;
};

using ModelGeometryFn = std::function<core::ModelGeometry(core::ObjectKind, const std::string&)>;

// The placement -> scene transform of `frame` (a rotation and a translation).
glm::dmat4 placementToScene(const SceneFrame& frame);
InstanceMatrix toInstance(const glm::dmat4& m);
// Model -> scene of a doodad entry; of a WMO entry (MODF scale is padding in WotLK: never scaled); of a
// doodad a WMO places (MODD, in the WMO's model space) under the WMO's model -> scene transform.
glm::dmat4 doodadToScene(const io::DoodadPlacement& d, const glm::dmat4& placementScene);
glm::dmat4 wmoToScene(const io::MapObjectPlacement& w, const glm::dmat4& placementScene);
glm::dmat4 wmoDoodadToScene(const core::WmoDoodad& d, const glm::dmat4& wmoScene);

// Whether `tile` draws an entry at `position` (placement coordinates) as a model: see the header.
bool drawsEntry(core::TileCoord tile, const io::Vec3f& position, const MapTiles& mapTiles);

TileModels buildTileModels(const TilePlacements& placements, const SceneFrame& frame,
                           const MapTiles& mapTiles, const ModelGeometryFn& geometry);

} // namespace mapsmith::editor
