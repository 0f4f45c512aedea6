#pragma once
// WDL as JSON: a summary for `info` and the content for `dump`, so two WDLs compare with `diff`.

#include "io/wdl/wdl.h"

#include <nlohmann/json.hpp>

#include <span>

namespace mapsmith::io {

// version, entries (MARE) and entries with a MAHO, the lowest and highest height of all entries, the
// WMO names of MWMO and the MODF entry count, and the file's top-level chunks other than MARE and MAHO
// (id, offset, size).
nlohmann::ordered_json summarizeWdl(const Wdl& wdl, std::span<const std::byte> file);

// version, the chunks kept as stored (id, size, where), and per entry: x, y, min and max height (yards),
// a hash of its 545 heights (FNV-1a over the MARE bytes) and its 16 hole masks (null without MAHO).
nlohmann::ordered_json dumpWdl(const Wdl& wdl);

} // namespace mapsmith::io
