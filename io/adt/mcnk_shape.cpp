#include "io/adt/mcnk_shape.h"

#include "io/adt/adt.h"
#include "io/binary/byte_reader.h"

namespace mapsmith::io {
namespace {

// Walks `data` as a run of sub-chunks; appends them to `out` when not null. False when the run does not
// fill the data exactly.
bool walkSubchunks(std::span<const std::byte> data, std::vector<McnkSubchunk>* out) {
    ByteReader r(data);
    while (r.remaining() >= 8) {
        const std::uint64_t at = r.position();
        const FourCC id = r.fourcc();
        const std::uint32_t size = r.u32();
        if (!looksLikeChunkId(id) || size > r.remaining()) {
            return false;
        }
        std::uint64_t skip = size;
        if (id == chunk::MCNR && size == kMcnrEntriesSize &&
            r.remaining() >= kMcnrEntriesSize + kMcnrPaddingSize) {
            ByteReader next = r;
            next.skip(size);
            if (!looksLikeChunkId(next.fourcc())) {
                skip += kMcnrPaddingSize;
            }
        }
        if (out) {
            out->push_back({id, at, size});
        }
        r.skip(skip);
    }
    return r.remaining() == 0;
}

} // namespace

bool looksLikeChunkId(FourCC id) {
    for (int shift = 0; shift < 32; shift += 8) {
        const char c = char((id.value >> shift) & 0xFF);
        if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))) {
            return false;
        }
    }
    return true;
}

std::optional<std::vector<McnkSubchunk>> headerlessSubchunks(std::span<const std::byte> mcnkData) {
    std::vector<McnkSubchunk> list;
    if (!walkSubchunks(mcnkData, &list)) {
        return std::nullopt;
    }
    return list;
}

bool isHeaderlessMcnk(std::span<const std::byte> mcnkData) {
    return walkSubchunks(mcnkData, nullptr);
}

} // namespace mapsmith::io
