#include "io/adt/adt_layout.h"

#include "io/adt/adt.h"
#include "io/adt/mcnk_shape.h"
#include "io/binary/byte_reader.h"
#include "io/binary/chunk_id.h"
#include "io/check/adt_file_checks.h"

#include <string>

namespace mapsmith::io {
namespace {

// A tile has about 256 x 12 + 20 chunks; a list this long is not a tile (the walk stops there).
constexpr std::size_t kMaxListedChunks = 256 * 64 + 1024;

} // namespace

std::vector<ChunkEntry> listAdtChunks(std::span<const std::byte> file, Diagnostics& diag) {
    std::vector<ChunkEntry> out;
    ByteReader r(file);
    int mcnk = 0;
    while (r.remaining() >= 8) {
        const std::uint64_t at = r.position();
        const FourCC id = r.fourcc();
        const std::uint32_t size = r.u32();
        if (!isPlausibleChunkId(id)) {
            diag.warnings.push_back(at == 0 ? *checkFirstChunk(file, chunk::MVER) : notAChunkId(id, at));
            return out;
        }
        if (out.size() >= kMaxListedChunks) {
            diag.warnings.push_back(Error{ErrorCode::BadValue, id, at,
                                          "more than " + std::to_string(kMaxListedChunks) +
                                              " chunks: the rest of the file is not listed"});
            return out;
        }
        if (size > r.remaining()) {
            diag.warnings.push_back(Error{ErrorCode::SizeOutOfBounds, id, at,
                                          "chunk of " + std::to_string(size) + " bytes, only " +
                                              std::to_string(r.remaining()) + " left in the file"});
            return out;
        }
        out.push_back({id, at, size, -1});
        if (id != chunk::MCNK) {
            r.skip(size);
            continue;
        }
        const std::uint64_t dataAt = r.position();
        if (auto subs = headerlessSubchunks(file.subspan(std::size_t(dataAt), size))) {
            // Split _tex0/_obj0 MCNK: sub-chunks from its first byte, sizes as stored (they fill it).
            for (const McnkSubchunk& s : *subs) {
                out.push_back({s.id, dataAt + s.offset, s.size, mcnk});
            }
        } else if (size >= kMcnkHeaderSize) {
            ByteReader m = r.sub(dataAt, size, id);
            // Header words that fix the real sizes of MCAL/MCLQ.
            m.seek(0x24);
            const std::uint32_t ofsAlpha = m.u32();
            const std::uint32_t sizeAlpha = m.u32();
            m.seek(0x60);
            const std::uint32_t ofsLiquid = m.u32();
            const std::uint32_t sizeLiquid = m.u32();
            m.seek(kMcnkHeaderSize);
            while (!m.failed() && m.remaining() >= 8) {
                const std::uint64_t subAt = m.position();
                const std::uint64_t rel = subAt + 8; // relative to the MCNK header start
                const FourCC subId = m.fourcc();
                const std::uint32_t subSize = m.u32();
                if (!isPlausibleChunkId(subId)) {
                    break; // padding or garbage after the sub-chunks: not listed (the reader names it)
                }
                std::uint64_t skip = subSize;
                if (subId == chunk::MCNR && subSize == kMcnrEntriesSize && m.remaining() >= 448) {
                    skip = 448;
                } else if (subId == chunk::MCAL && ofsAlpha == rel && sizeAlpha >= 8 &&
                           sizeAlpha - 8 <= m.remaining()) {
                    skip = sizeAlpha - 8;
                } else if (subId == chunk::MCLQ && ofsLiquid == rel && sizeLiquid > 8 &&
                           sizeLiquid - 8 <= m.remaining()) {
                    skip = sizeLiquid - 8;
                }
                if (skip > m.remaining()) {
                    diag.warnings.push_back(Error{ErrorCode::SizeOutOfBounds, subId, r.position() + subAt,
                                                  "sub-chunk of " + std::to_string(subSize) +
                                                      " bytes, only " + std::to_string(m.remaining()) +
                                                      " left in MCNK " + std::to_string(mcnk)});
                    break;
                }
                out.push_back({subId, r.position() + subAt, subSize, mcnk});
                m.skip(skip);
            }
        }
        ++mcnk; // every MCNK counts, so that mcnkIndex is the MCNK's ordinal in the file
        r.skip(size);
    }
    return out;
}

std::vector<Error> checkAdtLayout(std::span<const std::byte> file) {
    FindingList findings;
    checkAdtFileLayout(file, findings);
    std::vector<Error> problems;
    for (const Finding& f : findings.findings()) {
        if (f.severity == Severity::Error) {
            problems.push_back(toError(f));
        }
    }
    return problems;
}

} // namespace mapsmith::io
