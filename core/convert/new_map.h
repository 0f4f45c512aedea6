#pragma once
// Creating a new map on disk: <directory>/<name>.wdt (MPHD 0x4: 8-bit alpha maps, empty MWMO),
// <directory>/<name>_<X>_<Y>.adt for every tile, generated from a terrain preset, and <directory>/<name>.wdl
// with every tile's low-resolution heights (core/convert/wdl_builder.h). Used by
// `mapsmith-cli new` and the editor's File > New map.

#include "core/document/core_error.h"
#include "core/geometry/coords.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

namespace mapsmith::core {

inline constexpr int kMaxNewMapTiles = 64; // per createMap call: bounds the time one creation takes

struct NewMapSpec {
    enum class Terrain {
        Flat,  // level ground at baseHeight, one texture
        Hills, // rolling hills around baseHeight, three textures
        Demo,  // the bundled demo map's look: hills, four textures, a lake and markers per tile
    };
    QString directory;            // created when missing
    QString name;                 // letters, digits and '_' only
    std::vector<TileCoord> tiles; // 1..kMaxNewMapTiles distinct tiles, 0..63 each; written in this order
    Terrain terrain = Terrain::Flat;
    float baseHeight = 0.0f; // yards
    bool overwrite = false;  // replace an existing <name>.wdt (and tiles); the previous files stay as .bak
};

// What is wrong with `spec`, one human-readable sentence per problem; empty when createMap may run.
// Looks at the file system for an existing <name>.wdt (refused unless spec.overwrite).
QStringList validateNewMap(const NewMapSpec& spec);

struct NewMapResult {
    QString wdtPath;
    QStringList writtenPaths; // every file written: the tiles in spec order, the WDL, then the WDT
    int objectsPlaced = 0;    // Demo: marker objects placed; 0 otherwise
    int lakes = 0;            // Demo: one lake per tile; 0 otherwise
};

// Generates and writes the map in one FileTransaction (core/document/file_transaction.h), keeping a
// file it replaces as <file>.bak: all files appear together or none does. Tiles are generated and
// staged one at a time, in spec order. `progress` (optional) is called on the calling thread after
// each tile is staged with done = tiles so far (1..total); returning false cancels.
// Errors: an invalid spec (validateNewMap's problems), a folder or file that cannot be written (the
// message names the file and the system's reason), or cancellation (a message saying it was
// cancelled). After a failure or cancellation nothing is written.
// Touches no shared state: may run on a worker thread.
Expected<NewMapResult> createMap(const NewMapSpec& spec,
                                 const std::function<bool(int done, int total)>& progress = {});

} // namespace mapsmith::core
