#include "io/adt/adt_layout.h"

#include "io/adt/adt.h"
#include "io/adt/mcnk_shape.h"
#include "io/binary/byte_reader.h"
#include "io/binary/hex.h"

#include <string>

namespace mapsmith::io {
namespace {

FourCC idAt(std::span<const std::byte> file, std::uint64_t offset) {
    ByteReader r(file);
    if (!r.seek(offset) || r.remaining() < 4) {
        return FourCC{};
    }
    return r.fourcc();
}

} // namespace

std::vector<ChunkEntry> listAdtChunks(std::span<const std::byte> file, Diagnostics& diag) {
    std::vector<ChunkEntry> out;
    ByteReader r(file);
    int mcnk = 0;
    while (r.remaining() >= 8) {
        const std::uint64_t at = r.position();
        const FourCC id = r.fourcc();
        const std::uint32_t size = r.u32();
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
    std::vector<Error> problems;
    auto fail = [&](FourCC id, std::uint64_t at, std::string msg) {
        problems.push_back(Error{ErrorCode::BadValue, id, at, std::move(msg)});
    };
    Diagnostics diag;
    const auto chunks = listAdtChunks(file, diag);
    for (auto& w : diag.warnings) {
        problems.push_back(w);
    }
    // Map extractors read fixed offsets: MVER at 0, MHDR at 0x0C, MCIN at 0x54.
    if (chunks.empty() || chunks[0].id != chunk::MVER || chunks[0].offset != 0 || chunks[0].size != 4) {
        fail(chunk::MVER, 0, "the file must start with a 4-byte MVER chunk");
    } else {
        ByteReader r(file);
        r.seek(8);
        if (const auto v = r.u32(); v != 18) {
            problems.push_back(Error{ErrorCode::UnsupportedVersion, chunk::MVER, 8,
                                     "version " + std::to_string(v) + ", must be 18"});
        }
    }
    if (idAt(file, 0x0C) != chunk::MHDR) {
        fail(chunk::MHDR, 0x0C, "MHDR must follow MVER at 0xc");
        return problems;
    }
    ByteReader hdr(file, 0, chunk::MHDR);
    hdr.seek(0x10);
    if (hdr.u32() != 64) {
        fail(chunk::MHDR, 0x0C, "MHDR must be 64 bytes so that MCIN starts at 0x54");
    }
    if (idAt(file, 0x54) != chunk::MCIN) {
        fail(chunk::MCIN, 0x54, "MCIN must start at 0x54");
    }
    // MHDR offsets are relative to the MHDR data at 0x14.
    constexpr std::uint64_t kMhdrData = 0x14;
    const FourCC slots[] = {chunk::MCIN, chunk::MTEX, chunk::MMDX, chunk::MMID, chunk::MWMO, chunk::MWID,
                            chunk::MDDF, chunk::MODF, chunk::MFBO, chunk::MH2O, chunk::MTXF};
    hdr.seek(kMhdrData);
    const std::uint32_t mhdrFlags = hdr.u32();
    for (std::size_t i = 0; i < std::size(slots); ++i) {
        const std::uint64_t fieldAt = kMhdrData + 4 + 4 * i;
        const std::uint32_t ofs = hdr.u32();
        bool present = false;
        std::uint64_t actual = 0;
        for (const auto& c : chunks) {
            if (c.mcnkIndex < 0 && c.id == slots[i]) {
                present = true;
                actual = c.offset;
                break;
            }
        }
        if (hdr.failed()) {
            break;
        }
        if (ofs == 0) {
            if (present && slots[i] != chunk::MFBO) {
                fail(chunk::MHDR, fieldAt,
                     "the " + slots[i].str() + " offset is 0 but the file has " + slots[i].str());
            }
            continue;
        }
        if (!present || kMhdrData + ofs != actual) {
            fail(chunk::MHDR, fieldAt,
                 "the " + slots[i].str() + " offset " + hex(ofs) + " points to " +
                     idAt(file, kMhdrData + ofs).str() +
                     (present ? " (it is at " + hex(actual - kMhdrData) + ")" : ""));
        }
    }
    bool hasMfbo = false;
    for (const auto& c : chunks) {
        hasMfbo = hasMfbo || (c.mcnkIndex < 0 && c.id == chunk::MFBO);
    }
    if (hasMfbo != ((mhdrFlags & 1u) != 0)) {
        fail(chunk::MHDR, kMhdrData,
             hasMfbo ? "the file has MFBO but MHDR flag 1 is clear"
                     : "MHDR flag 1 is set but there is no MFBO");
    }

    // MCIN against the MCNKs.
    std::vector<const ChunkEntry*> mcnks;
    for (const auto& c : chunks) {
        if (c.mcnkIndex < 0 && c.id == chunk::MCNK) {
            mcnks.push_back(&c);
        }
    }
    if (mcnks.size() != 256) {
        problems.push_back(
            Error{ErrorCode::MissingChunk, chunk::MCNK, mcnks.empty() ? 0 : mcnks[0]->offset,
                  "the file has " + std::to_string(mcnks.size()) + " MCNK chunks, 256 are required"});
    }
    ByteReader mcin(file, 0, chunk::MCIN);
    if (idAt(file, 0x54) == chunk::MCIN && mcin.seek(0x5C)) {
        for (std::size_t i = 0; i < 256; ++i) {
            const std::uint64_t at = mcin.position();
            const std::uint32_t ofs = mcin.u32();
            const std::uint32_t size = mcin.u32();
            mcin.skip(8);
            if (mcin.failed()) {
                problems.push_back(mcin.error());
                break;
            }
            if (i < mcnks.size() && (ofs != mcnks[i]->offset || size != mcnks[i]->size + 8)) {
                fail(chunk::MCIN, at,
                     "entry " + std::to_string(i) + " says " + hex(ofs) + "+" + std::to_string(size) +
                         ", the MCNK is at " + hex(mcnks[i]->offset) + "+" +
                         std::to_string(mcnks[i]->size + 8));
            }
        }
    }

    // Each MCNK header against its sub-chunks.
    for (std::size_t i = 0; i < mcnks.size(); ++i) {
        const ChunkEntry& m = *mcnks[i];
        ByteReader h(file.subspan(std::size_t(m.offset), std::size_t(m.size + 8)), m.offset, chunk::MCNK);
        if (m.size < kMcnkHeaderSize) {
            fail(chunk::MCNK, m.offset, "MCNK " + std::to_string(i) + " is smaller than its 128-byte header");
            continue;
        }
        h.seek(8);
        std::uint32_t w[32];
        for (auto& v : w) {
            v = h.u32();
        }
        const std::uint32_t flags = w[0];
        if (w[1] != i % 16 || w[2] != i / 16) {
            fail(chunk::MCNK, m.offset + 8 + 4,
                 "MCNK " + std::to_string(i) + " says it is (" + std::to_string(w[1]) + ", " +
                     std::to_string(w[2]) + "), expected (" + std::to_string(i % 16) + ", " +
                     std::to_string(i / 16) + ")");
        }
        auto subAt = [&](FourCC id) -> const ChunkEntry* {
            for (const auto& c : chunks) {
                if (c.mcnkIndex == int(i) && c.id == id) {
                    return &c;
                }
            }
            return nullptr;
        };
        auto checkOfs = [&](std::size_t word, FourCC id, bool required) {
            const std::uint64_t fieldAt = m.offset + 8 + 4 * word;
            const ChunkEntry* c = subAt(id);
            const std::uint32_t ofs = w[word];
            if (!c) {
                if (required) {
                    problems.push_back(Error{ErrorCode::MissingChunk, id, m.offset,
                                             "MCNK " + std::to_string(i) + " has no " + id.str()});
                }
                return;
            }
            if (m.offset + ofs != c->offset) {
                fail(chunk::MCNK, fieldAt,
                     "MCNK " + std::to_string(i) + ": the " + id.str() + " offset " + hex(ofs) +
                         " should be " + hex(c->offset - m.offset));
            }
        };
        if (!(flags & mcnk_flags::HighResHoles)) {
            checkOfs(5, chunk::MCVT, true);
            checkOfs(6, chunk::MCNR, true);
        }
        checkOfs(7, chunk::MCLY, true);
        checkOfs(8, chunk::MCRF, true);
        if (const ChunkEntry* mcal = subAt(chunk::MCAL)) {
            checkOfs(9, chunk::MCAL, false);
            if (w[10] < 8 || m.offset + w[9] != mcal->offset) {
                // offset already reported
            } else if (std::uint64_t(w[10]) - 8 > m.size) {
                fail(chunk::MCNK, m.offset + 8 + 0x28,
                     "MCNK " + std::to_string(i) + ": sizeAlpha is past the MCNK");
            }
        }
        if (flags & mcnk_flags::HasShadow) {
            checkOfs(11, chunk::MCSH, true);
        }
        if (w[24] != 0 || w[25] > 8) {
            checkOfs(24, chunk::MCLQ, w[25] > 8);
        }
        if (w[22] != 0) {
            checkOfs(22, chunk::MCSE, true);
        }
        if (flags & mcnk_flags::HasVertexColors) {
            checkOfs(29, chunk::MCCV, true);
        }
        if (const ChunkEntry* mcvt = subAt(chunk::MCVT); mcvt && mcvt->size != 580) {
            fail(chunk::MCVT, mcvt->offset, "MCVT is " + std::to_string(mcvt->size) + " bytes, must be 580");
        }
        if (const ChunkEntry* mcly = subAt(chunk::MCLY)) {
            if (mcly->size / 16 != w[3]) {
                fail(chunk::MCNK, m.offset + 8 + 0x0C,
                     "MCNK " + std::to_string(i) + ": nLayers " + std::to_string(w[3]) + " but MCLY holds " +
                         std::to_string(mcly->size / 16));
            }
            if (mcly->size / 16 > 4) {
                fail(chunk::MCLY, mcly->offset,
                     "more than 4 layers (" + std::to_string(mcly->size / 16) + ")");
            }
        }
        if (const ChunkEntry* mcrf = subAt(chunk::MCRF);
            mcrf && mcrf->size != (std::uint64_t(w[4]) + w[14]) * 4) {
            fail(chunk::MCNK, m.offset + 8 + 0x10,
                 "MCNK " + std::to_string(i) + ": nDoodadRefs + nMapObjRefs do not match MCRF's size");
        }
    }
    return problems;
}

} // namespace mapsmith::io
