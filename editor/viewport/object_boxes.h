#pragma once
// Wire boxes standing in for a tile's objects: doodads (MDDF) as their model's proxy wire when
// core::ObjectBoundsSettings::modelWire has one (Gamestudio MDL models), else their model box (or the
// stand-in cube of doodadRadius), placed with rotation and scale, so the shape shows the heading; WMOs (MODF)
// as their extents (already an axis-aligned box in placement coordinates). Line list (index pairs), 12 edges
// per object, one colour per kind. With models drawn (model_scene.h), only entries whose model has no mesh
// keep a box, in the warning colour.

#include "core/geometry/object_model.h"
#include "editor/viewport/coloured_mesh.h"
#include "editor/viewport/scene_frame.h"
#include "io/adt/adt.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>

namespace mapsmith::editor {

inline constexpr std::array<float, 4> kDoodadBoxColour{1.0f, 0.35f, 0.9f, 1.0f};    // magenta
inline constexpr std::array<float, 4> kWmoBoxColour{1.0f, 0.85f, 0.2f, 1.0f};       // yellow
inline constexpr std::array<float, 4> kMissingModelColour{1.0f, 0.3f, 0.05f, 1.0f}; // orange-red

// How an entry is drawn.
enum class BoxStyle : std::uint8_t {
    Normal,  // a box in its kind's colour (no models drawn, or not known yet)
    Warning, // its model could not be read: a box in kMissingModelColour
    Hidden,  // drawn as a model: no box
};
// The style of MDDF (Doodad) / MODF (Wmo) entry `index` of the tile.
using BoxStyleFn = std::function<BoxStyle(core::ObjectKind kind, std::size_t index)>;

// The 8 corners (placement coordinates) of doodad `d`'s oriented box: index bit 0 = max x, bit 1 =
// max y, bit 2 = max z of the local box.
std::array<glm::dvec3, 8> doodadBoxCorners(const io::DoodadPlacement& d, const std::string& modelName,
                                           const core::ObjectBoundsSettings& settings);

// `style` empty: every entry Normal.
ColouredMesh buildObjectBoxes(const io::Adt& adt, const SceneFrame& frame,
                              const core::ObjectBoundsSettings& settings, const BoxStyleFn& style = {});

} // namespace mapsmith::editor
