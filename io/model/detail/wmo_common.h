#pragma once
// Pieces shared by the WMO root and group readers.

#include "io/model/detail/chunk_walk.h"
#include "io/model/detail/model_report.h"

#include <cstdint>

namespace mapsmith::io::detail {

inline constexpr FourCC kMver{"MVER"};

// MVER: a u32 that should be 17. False when a strict read must stop; lenient reading keeps what it read.
bool readWmoVersion(RawChunk& c, ModelReport& report, std::uint32_t& version);

} // namespace mapsmith::io::detail
