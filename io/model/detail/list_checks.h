#pragma once
// The list rules every model reader applies. Triangles: indices come in whole triangles, each below the
// vertex count. Lenient reading drops a partial last triangle and makes a triangle with a bad index
// degenerate (0, 0, 0), so ranges into the list (submeshes, batches) keep their meaning; with no vertices at
// all the list is emptied.

#include "io/model/detail/model_report.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace mapsmith::io::detail {

// countAt: where the list's size is stored (named for a partial triangle); dataAt: offset of index 0.
// False when a strict read must stop.
inline bool checkTriangleList(std::vector<std::uint16_t>& idx, std::size_t vertexCount, FourCC tag,
                              std::uint64_t countAt, std::uint64_t dataAt, ModelReport& report) {
    if (idx.size() % 3 != 0) {
        if (!report.problem(ErrorCode::BadValue, tag, countAt,
                            std::to_string(idx.size()) + " indices, not whole triangles")) {
            return false;
        }
        idx.resize(idx.size() - idx.size() % 3);
    }
    for (std::size_t c = 0; c < idx.size(); ++c) {
        if (idx[c] < vertexCount) {
            continue;
        }
        if (!report.problem(ErrorCode::BadValue, tag, dataAt + 2 * std::uint64_t(c),
                            "index " + std::to_string(c) + " is " + std::to_string(idx[c]) + ", there are " +
                                std::to_string(vertexCount) + " vertices")) {
            return false;
        }
        if (vertexCount == 0) {
            idx.clear();
            break;
        }
        const std::size_t t = c - c % 3;
        std::fill(idx.begin() + std::ptrdiff_t(t), idx.begin() + std::ptrdiff_t(t + 3), std::uint16_t(0));
    }
    return true;
}

// A list that should hold one entry per vertex: a problem when it does not; lenient reading cuts it or pads
// it with value-initialised entries. False when a strict read must stop.
template <class T>
bool checkPerVertex(std::vector<T>& list, std::size_t vertexCount, FourCC tag, std::uint64_t at,
                    ModelReport& report) {
    if (list.size() == vertexCount) {
        return true;
    }
    if (!report.problem(ErrorCode::BadValue, tag, at,
                        std::to_string(list.size()) + " entries for " + std::to_string(vertexCount) +
                            " vertices")) {
        return false;
    }
    list.resize(vertexCount, T{});
    return true;
}

} // namespace mapsmith::io::detail
