#pragma once
// WDT as JSON: a summary for `info` (with the chunk list) and the semantic content for `dump`.

#include "io/wdt/wdt.h"

#include <nlohmann/json.hpp>

#include <span>

namespace mapsmith::io {

// version, flags, tileCount, and the file's top-level chunks (id, offset, size).
nlohmann::ordered_json summarizeWdt(const Wdt& wdt, std::span<const std::byte> file);

// flags, the MPHD words, every present tile with its flags, the WMO name and placement.
nlohmann::ordered_json dumpWdt(const Wdt& wdt);

} // namespace mapsmith::io
