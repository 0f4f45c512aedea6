#pragma once
// Offsets, sizes and flags in messages: "0x" and lowercase digits without padding (500 -> "0x1f4").

#include <cstdint>
#include <string>

namespace mapsmith::io {

std::string hex(std::uint64_t value);

} // namespace mapsmith::io
