#pragma once
// Finding a tile's WDT and reading whole files, for the tools that load tiles from disk.

#include "io/adt/adt.h"
#include "io/binary/error.h"

#include <QString>

#include <cstddef>
#include <vector>

namespace mapsmith::core {

// "<dir>/<Map>.wdt" for "<dir>/<Map>_<x>_<y>.adt" when that file exists, else empty.
QString findWdtFor(const QString& adtPath);

io::Expected<std::vector<std::byte>> readWholeFile(const QString& path);

} // namespace mapsmith::core
