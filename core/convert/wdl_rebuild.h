#pragma once
// Rebuilding a whole map folder's <Name>.wdl from its saved tiles (`mapsmith-cli wdl`): the entry of
// every tile the WDT lists is regenerated (core/convert/wdl_builder.h), entries of other tiles and every
// other chunk of an existing .wdl are kept. Written atomically; the previous file stays as .bak.

#include "core/document/core_error.h"
#include "core/geometry/coords.h"

#include <QString>

#include <vector>

namespace mapsmith::core {

struct WdlRebuildReport {
    QString wdlPath;
    bool created = false;           // there was no usable .wdl (see note)
    QString note;                   // why the existing .wdl was not used; empty when it was
    int tiles = 0;                  // tiles read (every tile the WDT lists)
    int entries = 0;                // entries in the written file
    std::vector<TileCoord> changed; // tiles whose entry changed or was added, by y then x
    bool written = false;           // false when nothing changed and the file was left as it was
};

// wdtPath: the map's .wdt; its tiles and .wdl are beside it (FolderMapSource). A tile that cannot be read
// stops the rebuild before anything is written (the error names it). When nothing changed the existing
// file is not rewritten.
Expected<WdlRebuildReport> rebuildWdl(const QString& wdtPath);

} // namespace mapsmith::core
