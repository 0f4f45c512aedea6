#pragma once
// A Gamestudio terrain entity (an HMP named by a level's ENTITY) laid onto the map's heights at the
// entity's place in the level (core/convert/wmb_level_frame.h): the terrain's extent (io::hmpExtent, quants)
// scaled by the entity's scale x/y and turned by its pan about the entity's origin; heights are the HMP's
// (quants, core::gridFromHmp, bilinear between its vertices) times the entity's scale z, above the
// entity's origin. Every map vertex (outer and inner) whose position lies inside the terrain's rectangle
// takes its height; the others keep theirs.

#include "core/convert/wmb_level_frame.h"
#include "core/edit/stroke_recorder.h"
#include "core/geometry/height_grid.h"
#include "io/gamestudio/hmp.h"

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <optional>
#include <vector>

namespace mapsmith::core {

class MapDocument;

// An HMP as placed by an entity. Pure.
class LevelTerrain {
public:
    // grid: gridFromHmp (row 0 north, heights in quants); origin: the entity's origin (quants); pan:
    // degrees; scale: the entity's scale per level axis.
    LevelTerrain(HeightGrid grid, io::HmpExtent extent, glm::dvec3 origin, double panDegrees,
                 glm::dvec3 scale, const LevelFrame& frame);

    // The world height (yards) the terrain gives at a world position (x north, y west), nullopt outside it.
    std::optional<double> heightAt(glm::dvec2 world) const;
    // The world box (x, y) of the terrain's rectangle.
    glm::dvec2 worldMin() const { return mMin; }
    glm::dvec2 worldMax() const { return mMax; }
    // False for a grid under 2 x 2, an empty extent or a zero scale: such a terrain covers nothing.
    bool valid() const { return mValid; }

private:
    HeightGrid mGrid;
    io::HmpExtent mExtent;
    glm::dvec3 mOrigin;
    double mCos = 1.0;
    double mSin = 0.0;
    glm::dvec3 mScale;
    LevelFrame mFrame;
    glm::dvec2 mMin{0.0};
    glm::dvec2 mMax{0.0};
    bool mValid = false;
};

// The tiles of the map (existing ones) the terrain's box reaches.
std::vector<TileCoord> tilesUnder(const LevelTerrain& terrain, const MapDocument& doc);

// Sets the heights under the terrain through `recorder` (every loaded chunk storing a vertex inside it),
// then the normals around it. Returns the number of distinct vertices set.
std::size_t applyLevelTerrain(StrokeRecorder& recorder, const LevelTerrain& terrain);

} // namespace mapsmith::core
