#pragma once
// Loads one ADT tile from disk, taking the alpha-map depth from the map's WDT when one is found.

#include "io/adt.h"
#include "io/error.h"

#include <QString>

#include <cstddef>
#include <vector>

namespace mapsmith::core {

struct TileLoadOptions {
    QString wdtPath;      // empty: look for "<Map>.wdt" beside "<Map>_<x>_<y>.adt"
    bool lenient = false; // read what can be read and list warnings
};

struct LoadedTile {
    io::Adt adt;
    std::vector<io::Warning> warnings;
    QString wdtPath;               // the WDT that set the alpha depth; empty when none was used
    bool alphaDepthInferred = false; // no WDT: the depth was inferred from alpha map sizes
    std::size_t fileSize = 0;
};

// "<dir>/<Map>.wdt" for "<dir>/<Map>_<x>_<y>.adt" when that file exists, else empty.
QString findWdtFor(const QString& adtPath);

io::Expected<std::vector<std::byte>> readWholeFile(const QString& path);

io::Expected<LoadedTile> loadTile(const QString& adtPath, const TileLoadOptions& options = {});

} // namespace mapsmith::core
