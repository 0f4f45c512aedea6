#pragma once
// The semantic content of a tile as JSON, independent of how it was stored (alpha encoding, chunk
// order, padding, offsets), so that two files can be compared with a plain text diff.

#include "io/adt/adt.h"

#include <nlohmann/json.hpp>

namespace mapsmith::io {

// 64-bit FNV-1a of a byte range, printed as 16 hex digits in dumps.
std::uint64_t fnv1a64(std::span<const std::uint8_t> bytes);

nlohmann::ordered_json dumpAdt(const Adt& adt);

} // namespace mapsmith::io
