#pragma once
// Text fields of the model formats: fixed-size or counted byte runs holding a NUL-terminated string.

#include <cstddef>
#include <span>
#include <string>

namespace mapsmith::io::detail {

// The bytes up to the first NUL (all of them when there is none).
inline std::string textUpToNul(std::span<const std::byte> bytes) {
    std::string s;
    for (std::byte b : bytes) {
        if (b == std::byte{0}) {
            break;
        }
        s.push_back(char(b));
    }
    return s;
}

} // namespace mapsmith::io::detail
