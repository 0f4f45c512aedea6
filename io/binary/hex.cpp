#include "io/binary/hex.h"

#include <charconv>

namespace mapsmith::io {

std::string hex(std::uint64_t value) {
    char digits[2 + 16] = {'0', 'x'}; // 64 bits are at most 16 hex digits
    const auto end = std::to_chars(digits + 2, digits + sizeof digits, value, 16).ptr;
    return std::string(digits, end);
}

} // namespace mapsmith::io
