#pragma once
// A Gamestudio WMB7 level's block geometry (io/gamestudio/wmb.h) as a WMO v17 (io/model/wmo.h,
// wmo_group.h): root, groups and the textures as BLPs, for placing a level's buildings on a map (MODF).
//
// Frames: Gamestudio's world is right-handed with z up, x east and y north, in quants (the A7/A8 manual,
// "entity.x": "a right-handed coordinate system with the Z-axis standing upright, the X-axis pointing to
// the east, and the Y-axis to the north"). A WMO's local frame is right-handed with z up too (the frame of
// WoW's world, which a MODF entry rotates and moves it into: the import turns it with rotation (0, 90, 0) so
// local x points east, core/convert/wmb_level_frame.h). Both being right-handed z-up, the mapping is a scale
// only, no mirror; the triangles' corner order is reversed because WMB stores front faces clockwise and WMO
// counter-clockwise (wmb_wmo.cpp).

#include "core/document/core_error.h"
#include "io/gamestudio/wmb.h"
#include "io/model/wmo.h"
#include "io/model/wmo_group.h"

#include <glm/vec3.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace mapsmith::core {

struct WmbWmoOptions {
    double yardsPerQuant = 1.0 / 36.0; // Gamestudio's convention: 1 quant = 1 inch
    std::string gameFolder; // in-game folder of the files, backslashes: "World\\wmo\\Gamestudio\\test"
    std::string name;       // file stem: "test" -> test.wmo, test_000.wmo, ...
};

struct WmoOutputFile {
    std::string gamePath; // "World\\wmo\\Gamestudio\\test\\test_000.wmo"
    std::vector<std::byte> bytes;
};

struct WmbWmo {
    std::string rootPath; // "<gameFolder>\\<name>.wmo": what a MODF / MWMO entry names
    io::WmoRoot root;
    std::vector<io::WmoGroup> groups;    // empty when the level has no block triangles (nothing to place)
    std::vector<WmoOutputFile> textures; // the BLPs, at the paths MOTX names
    std::size_t renderedTriangles = 0;
    std::size_t collisionOnlyTriangles = 0;
    std::vector<std::string> warnings; // e.g. a texture that could not be decoded (drawn with a stand-in)
};

// The level's blocks as a WMO in its own local frame, yards. Pure: no files touched.
Expected<WmbWmo> buildWmoFromWmb(const io::Wmb& level, const WmbWmoOptions& options);

// The one mapping from level coordinates (quants) to the WMO's local frame (yards); the import maps entity
// positions with it too, so models stand where they stood in the level. A scale, no mirror (see above).
glm::dvec3 wmbToWmoLocal(const io::WmbVec3& quants, double yardsPerQuant);

// Root, groups and textures serialized, with their game paths, in that order: the root at rootPath, group k
// at <gameFolder>\<name>_<kkk>.wmo, then the textures.
std::vector<WmoOutputFile> wmoOutputFiles(const WmbWmo& wmo);

} // namespace mapsmith::core
