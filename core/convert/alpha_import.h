#pragma once
// Importing a 0.5.3 "alpha" map into a folder: every embedded tile converted
// (core/convert/alpha_tile_import.h) and written as a v18 tile or a split set, then a v18 WDT for the map.

#include "core/convert/alpha_tile_import.h"
#include "core/document/atomic_file.h"
#include "core/document/core_error.h"
#include "core/document/map_source.h"
#include "core/geometry/object_model.h"

#include <QString>
#include <QStringList>

#include <cstddef>
#include <functional>
#include <span>
#include <vector>

namespace mapsmith::core {

// One problem of a map import: tileIndex -1 for the map itself.
struct AlphaImportNote {
    int tileIndex = -1;
    io::Error error; // Error::file names the alpha WDT (reads) or the file written (writes)
};

struct AlphaMapImportOptions {
    TileLayout layout = TileLayout::V18;
    // 4-bit (default: the maps as stored, WDT MPHD flags 0) or 8-bit / RLE (re-encoded, MPHD flag 0x4).
    io::AlphaEncoding alphaEncoding = io::AlphaEncoding::FourBit;
    QString mapName; // the output names' <Name>; empty: the alpha WDT's base name (required for bytes)
    BackupPolicy backup = BackupPolicy::NoBackup;
    // The models' own boxes (0.5.3 doodads are MDX files; see core/models/model_library.h). A doodad
    // whose model has a box is referenced (MCRF) from exactly the chunks of its tile its placed box
    // overlaps, as v18 tiles do; the others, and every map object (their extents are not trusted),
    // keep the alpha file's references: every chunk that named the model (over-references, never
    // under-references). Unset: every placement keeps the alpha file's references.
    ModelBoundsFn modelBounds;
};

struct AlphaMapImportResult {
    QString wdtPath;
    QStringList writtenPaths;        // every file written: tiles by index (split sets root first), WDT last
    std::vector<int> convertedTiles; // indices y * 64 + x, ascending
    std::vector<AlphaImportNote> failures; // tiles that could not be read (left out of the WDT)
    std::vector<AlphaImportNote> warnings;
    std::size_t doodadsByBounds = 0; // doodad entries referenced from their model's box (modelBounds)
    std::size_t doodadsByName = 0;   // doodad entries left with the alpha file's references
};

// Called after each tile with done = 1..total (the map's tiles); returning false cancels.
using AlphaImportProgress = std::function<bool(int done, int total)>;

// Converts the alpha WDT at `alphaWdtPath` into `outDir` (created when missing): <Name>_<x>_<y>.adt (and
// _tex0/_obj0 for the split layout) for every tile, then <Name>.wdt. A tile that cannot be read is
// listed in failures and left out of the WDT; the others are converted. Errors: the file cannot be read, its
// map table is malformed, the folder cannot be created, the WDT cannot be written, or cancellation. All files
// go in one FileTransaction: after an error, a cancel or a kill nothing is written; a tile file that cannot
// be written fails the whole import. Touches no shared state: may run on a worker thread.
Expected<AlphaMapImportResult> importAlphaMap(const QString& alphaWdtPath, const QString& outDir,
                                              const AlphaMapImportOptions& options = {},
                                              const AlphaImportProgress& progress = {});
// The same for a file held in memory (options.mapName required).
Expected<AlphaMapImportResult> importAlphaMap(std::span<const std::byte> file, const QString& outDir,
                                              const AlphaMapImportOptions& options,
                                              const AlphaImportProgress& progress = {});

} // namespace mapsmith::core
