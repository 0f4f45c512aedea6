#pragma once
// What the docks show of the object selection: each selected object as stored with what the game data
// says of its model (format, the file actually read or the problem, the triangle count of its mesh, a
// WMO's doodad set names from MODS), and the values every selected object shares.

#include "core/edit/object_edit.h"
#include "core/models/model_library.h"

#include <glm/vec3.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mapsmith::core {

struct SelectedObject {
    ObjectRef ref;
    ObjectState state;
    ModelFormat format = ModelFormat::None;
    std::string file;                     // the game path read; empty when none was found
    std::string problem;                  // why there is no model or no mesh; empty when there is one
    std::optional<std::size_t> triangles; // of its mesh; nullopt: no mesh
    std::vector<std::string> doodadSets;  // WMO: the MODS set names in order; empty: not known
};

struct SelectionInfo {
    std::vector<SelectedObject> objects; // those found, in selection order, each once
    std::size_t missing = 0;             // refs not found in the document
    glm::dvec3 centre{0.0};              // world: core::selectionCentre
    std::size_t triangles = 0;           // all meshes together
    // Values every found object shares; nullopt when they differ or nothing was found.
    std::optional<ObjectKind> kind;
    std::optional<std::string> model; // the first one's spelling (names compare as sameModelName)
    std::optional<io::Vec3f> rotation;
    std::optional<double> scale;            // doodads: scaleFactor; WMOs have none
    std::optional<std::uint16_t> doodadSet; // WMOs only
};

// `models` may be null (no game data): every model then reads as not looked up.
SelectionInfo describeSelection(const MapDocument& doc, const std::vector<ObjectRef>& selection,
                                ModelLibrary* models);

} // namespace mapsmith::core
