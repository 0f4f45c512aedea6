#pragma once
// Comparing WMO structs by content: where a chunk was read (WmoRawChunk::at, WmoRoot::headerAt) is not part
// of it. Plain C++ (the fuzz targets use it too).

#include "io/model/wmo.h"
#include "io/model/wmo_group.h"

namespace mapsmith::tests {

inline io::WmoRoot withoutOffsets(io::WmoRoot r) {
    r.headerAt = 0;
    for (io::WmoRawChunk& c : r.otherChunks) {
        c.at = 0;
    }
    return r;
}

inline io::WmoGroup withoutOffsets(io::WmoGroup g) {
    for (io::WmoRawChunk& c : g.otherChunks) {
        c.at = 0;
    }
    return g;
}

} // namespace mapsmith::tests
