#pragma once
// One change `repair` made to a file, for its report: which consumer check it answers, where and what.

#include "io/binary/fourcc.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mapsmith::core {

struct RepairChange {
    std::string rule;                   // the check of io/check it answers, e.g. "mcnk-flags"
    io::FourCC chunk;                   // the chunk changed
    std::string message;                // what was changed, one sentence
    std::uint64_t count = 0;            // places changed
    std::vector<std::uint32_t> chunks;  // MCNK indices changed (0..255), for rules on map chunks
    std::vector<std::uint32_t> entries; // MDDF / MODF entry indices changed, for rules on placements
};

} // namespace mapsmith::core
