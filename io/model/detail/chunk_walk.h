#pragma once
// Walking a stream of IFF-style chunks (4-byte tag, u32 size, data) for the WMO and MDX readers, with the
// sizes checked against the bytes left (64-bit arithmetic) and problems reported through ModelReport.

#include "io/binary/byte_reader.h"
#include "io/model/detail/model_report.h"
#include "io/model/model_types.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace mapsmith::io::detail {

inline constexpr std::uint64_t kChunkHeaderSize = 8;

// WMO tags are stored byte-reversed ("REVM" for MVER), MDX tags in reading order ("VERS").
enum class TagOrder { Reversed, AsRead };

struct RawChunk {
    FourCC id;
    std::uint64_t at = 0; // absolute offset of the chunk header
    ByteReader data;      // the chunk's data, its chunk set to id
};

enum class ChunkStep { Chunk, End, Stop };

// Reads the chunk header at r's position and steps r past the chunk. End: no bytes left, or (lenient) a
// partial header. Stop: a strict read must stop (report.error() holds why). A chunk larger than what is left
// is a problem; lenient reading keeps the bytes that are there.
ChunkStep nextChunk(ByteReader& r, ModelReport& report, TagOrder order, RawChunk& out);

// Models hold tens of chunks; a stream with more than this many is not one (its walk ends there).
inline constexpr std::size_t kMaxModelChunks = 4096;

// Calls read(RawChunk&) -> bool for every chunk of r in order. False when a strict read must stop, on a
// chunk header or size (report.error() says why) or when read returns false. The walk ends after
// kMaxModelChunks chunks, a problem.
template <class F> bool forEachChunk(ByteReader& r, ModelReport& report, TagOrder order, F&& read) {
    RawChunk c;
    for (std::size_t n = 0;; ++n) {
        if (n == kMaxModelChunks && !r.atEnd()) {
            return report.problem(ErrorCode::BadValue, r.chunk(), r.absolute(),
                                  "more than " + std::to_string(kMaxModelChunks) +
                                      " chunks: the rest of the file is not read");
        }
        const ChunkStep step = nextChunk(r, report, order, c);
        if (step != ChunkStep::Chunk) {
            return step == ChunkStep::End;
        }
        if (!read(c)) {
            return false;
        }
    }
}

// The error for a required chunk the file lacks (in both modes), e.g. "no MOHD chunk in the file's 84 bytes
// (is this a WMO root?)"; hint may be empty.
Error missingChunk(const ModelReport& report, FourCC id, std::uint64_t fileSize, const std::string& hint);

// The number of whole recordSize-byte records in chunk c. A remainder is a problem (a lenient read ignores
// the partial record); false when a strict read must stop.
bool recordCount(const RawChunk& c, std::uint64_t recordSize, ModelReport& report, std::uint64_t& count);

// Six f32 (min x, y, z, max x, y, z) into b; the radius is left alone.
void readBox(ByteReader& r, ModelBounds& b);

// A tag read with r.u32 in the given order as a FourCC in reading order.
FourCC tagFromU32(std::uint32_t raw, TagOrder order);

} // namespace mapsmith::io::detail
