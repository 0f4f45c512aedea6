#include "io/model/detail/chunk_walk.h"

#include "io/binary/chunk_id.h"

#include <string>

namespace mapsmith::io::detail {

FourCC tagFromU32(std::uint32_t raw, TagOrder order) {
    return FourCC(order == TagOrder::Reversed ? raw : __builtin_bswap32(raw));
}

void readBox(ByteReader& r, ModelBounds& b) {
    for (float& f : b.min) {
        f = r.f32("box min");
    }
    for (float& f : b.max) {
        f = r.f32("box max");
    }
}

Error missingChunk(const ModelReport& report, FourCC id, std::uint64_t fileSize, const std::string& hint) {
    return report.make(ErrorCode::MissingChunk, id, fileSize,
                       "no " + id.str() + " chunk in the file's " + std::to_string(fileSize) + " bytes" +
                           (hint.empty() ? "" : " (" + hint + ")"));
}

bool recordCount(const RawChunk& c, std::uint64_t recordSize, ModelReport& report, std::uint64_t& count) {
    count = c.data.size() / recordSize;
    if (c.data.size() % recordSize == 0) {
        return true;
    }
    return report.problem(ErrorCode::BadValue, c.id, c.at,
                          "size " + std::to_string(c.data.size()) + " is not a multiple of " +
                              std::to_string(recordSize) + " (the size of one record)");
}

ChunkStep nextChunk(ByteReader& r, ModelReport& report, TagOrder order, RawChunk& out) {
    if (r.atEnd()) {
        return ChunkStep::End;
    }
    const std::uint64_t at = r.absolute();
    if (r.remaining() < kChunkHeaderSize) {
        const bool go = report.problem(ErrorCode::Truncated, r.chunk(), at,
                                       std::to_string(r.remaining()) +
                                           " bytes after the last chunk, too few for a chunk header");
        return go ? ChunkStep::End : ChunkStep::Stop;
    }
    const FourCC id = tagFromU32(r.u32("chunk id"), order);
    std::uint64_t size = r.u32("chunk size");
    if (!isPlausibleChunkId(id)) {
        // Not a chunk stream from here on: nothing after it can be walked. At the file's first byte it is no
        // chunk file at all, in either mode.
        if (at == 0) {
            report.fatal(notAChunkId(id, at, r.chunk()));
            return ChunkStep::Stop;
        }
        const bool go = report.problem(notAChunkId(id, at, r.chunk()));
        return go ? ChunkStep::End : ChunkStep::Stop;
    }
    if (size > r.remaining()) {
        if (!report.problem(ErrorCode::SizeOutOfBounds, id, at,
                            "chunk of " + std::to_string(size) + " bytes, only " +
                                std::to_string(r.remaining()) + " left")) {
            return ChunkStep::Stop;
        }
        size = r.remaining(); // lenient: keep what is there
    }
    out.id = id;
    out.at = at;
    out.data = r.sub(r.position(), size, id);
    r.skip(size);
    return ChunkStep::Chunk;
}

} // namespace mapsmith::io::detail
