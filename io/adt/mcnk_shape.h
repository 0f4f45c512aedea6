#pragma once
// Which of the two MCNK shapes a chunk has: the v18 / split-root one that starts with the 128-byte
// header, or the headerless one of split _tex0/_obj0 files that holds sub-chunks directly. Shared by the
// reader and the chunk listing so that both draw the line in the same place.

#include "io/binary/fourcc.h"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace mapsmith::io {

// Four upper-case letters or digits. MCNK header flags and indices never read as one.
bool looksLikeChunkId(FourCC id);

struct McnkSubchunk {
    FourCC id;
    std::uint64_t offset = 0; // of the 8-byte sub-chunk header, relative to the MCNK data
    std::uint32_t size = 0;   // the size field as stored
};

// The sub-chunks of a headerless MCNK (`mcnkData`: the MCNK's data, without its own 8-byte header), or
// nullopt when it is not one. Headerless means empty or a run of sub-chunks with chunk-like ids whose
// sizes fill the data exactly; an MCNR of 435 bytes may be followed by WotLK's 13 padding bytes, which
// are taken as padding unless a chunk id follows right after the 435.
std::optional<std::vector<McnkSubchunk>> headerlessSubchunks(std::span<const std::byte> mcnkData);

// headerlessSubchunks(mcnkData).has_value(), without building the list.
bool isHeaderlessMcnk(std::span<const std::byte> mcnkData);

} // namespace mapsmith::io
