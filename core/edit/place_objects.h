#pragma once
// Placing a list of objects (M2 doodads, WMOs) by world position, as `mapsmith-cli place` and spawn-list
// imports do. Everything is checked before anything changes: every model must have real bounds from
// the model library (a missing or unreadable model refuses the whole list, naming the file), every
// position must lie on a tile of the map (loaded here when needed) and every scale must be one the
// placement can store. Then the objects are added through ObjectEditor (fresh uniqueIds, an entry in
// every tile the real bounds overlap, MCRF in exactly the chunks they overlap, MODF extents from the
// WMO's box), all of them one undo step.

#include "core/document/core_error.h"
#include "core/edit/object_edit.h"
#include "core/edit/placement_request.h"
#include "core/geometry/object_model.h"

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <optional>
#include <string>
#include <vector>

namespace mapsmith::core {

class MapDocument;
class ModelLibrary;
class UniqueIdAllocator;

struct PlacedObject {
    ObjectRef ref; // the entry in the tile holding the position
    ObjectKind kind = ObjectKind::Doodad;
    std::string model;
    std::string modelFile;        // the game path the bounds were read from
    glm::dvec3 world{0.0};        // yards, z resolved
    Box3 bounds;                  // placement coordinates (x east, y up, z south), yards
    std::vector<TileCoord> tiles; // every tile holding an entry, in tile order
};

// Places every request or, when one cannot be placed, none (the error names the request's line when it
// has one, else its position in the list, and says why: File for a model without bounds, NotInMap for
// a position on no tile of the map, Refused for values the placement cannot store). `ids` must know the whole
// map's uniqueIds (UniqueIdAllocator::scanTile over every tile) so the new ids are fresh map-wide.
Expected<std::vector<PlacedObject>> placeObjects(MapDocument& doc, ModelLibrary& models,
                                                 UniqueIdAllocator& ids,
                                                 const std::vector<PlacementRequest>& requests);

} // namespace mapsmith::core
