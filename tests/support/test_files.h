#pragma once
// Helpers shared by the tests: corpus paths and whole-file reads (no Qt widgets).

#include <cstddef>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace mapsmith::tests {

inline std::string corpusPath(const std::string& relative) {
    return std::string(MAPSMITH_CORPUS_DIR) + "/" + relative;
}

inline std::vector<std::byte> readBytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::vector<char> chars((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::vector<std::byte> out(chars.size());
    for (std::size_t i = 0; i < chars.size(); ++i) {
        out[i] = std::byte(static_cast<unsigned char>(chars[i]));
    }
    return out;
}

} // namespace mapsmith::tests
