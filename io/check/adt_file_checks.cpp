// Where each rule comes from (read to learn the rule; nothing copied):
//  - AzerothCore's map extractor (azerothcore/azerothcore-wotlk src/tools/map_extractor: loadlib.cpp
//    FileLoader::prepareLoadedData; adt.cpp *::prepareLoadedData at 3f5eb6dd; adt.h adt_MCIN::getMCNK,
//    adt_MHDR::getMCIN/getMH2O/getMFBO at 2d1c514e; System.cpp ConvertADT at 0346bc26) and TrinityCore
//    3.3.5's (TrinityCore/TrinityCore src/tools/map_extractor adt.cpp at 0805ac61 and the 3.3.5 branch's
//    System.cpp, which differ only in the liquid type lookup): MVER 18 first; MHDR at 8 + MVER's size and
//    64 bytes; MCIN reached through MHDR, but each MCNK at MCIN + entry - 84, so MCIN must start at 0x54;
//    the MCNK of every nonzero MCIN entry, its nonzero MCVT (exactly 580 bytes) and MCLQ offsets must name
//    those chunks; MH2O and (with MHDR flag 1) MFBO through MHDR. ConvertADT dereferences every MCIN entry
//    (an entry of 0 crashes it), reads MCLQ only when sizeMCLQ > 8 and writes each MH2O instance's
//    rectangle into the tile's grid without clipping it to its chunk.
//  - The 3.3.5a client (Wow.exe 12340 read with Ghidra: akspa0/parp-tools gillijimproject_refactor/
//    specifications/outputs/335/ADTs/terrain-loading-335-mcnk-deep-dive.md and -mddf-modf.md at e81e044e):
//    top-level chunks through MHDR offsets without checking their ids; MCNK sub-chunks found by walking
//    them (MCNR taken as 448 bytes, MCAL as sizeAlpha), so their header offsets are not used; nDoodadRefs
//    and nMapObjRefs split MCRF.
//  - Noggit (wowdev/noggit3 src/noggit/MapTile.cpp at 00486bc4, MapChunk.cpp at 007af369): MVER and MHDR
//    read in sequence from the start, every top-level chunk through MHDR and every sub-chunk through its
//    MCNK header offset, each asserting its id; the header's ix/iy place the chunk.
//  - adt-v18-current.txt: 256 MCNKs, MCIN entries of offset and size, MCCV only with has_mccv.

#include "io/check/adt_file_checks.h"

#include "io/adt/adt.h"
#include "io/adt/adt_layout.h"
#include "io/binary/byte_reader.h"
#include "io/binary/hex.h"

#include <array>
#include <string>
#include <vector>

namespace mapsmith::io {
namespace {

constexpr ConsumerSet C = bit(Consumer::Client);
constexpr ConsumerSet N = bit(Consumer::Noggit);
constexpr ConsumerSet E = kExtractors;
constexpr std::uint64_t kMhdrData = 0x14;       // MHDR offsets are relative to here
constexpr std::uint64_t kMcinAt = 0x54;         // where the extractors expect MCIN
constexpr std::uint64_t kMh2oHeaderSize = 3072; // 256 x (offset, count, attributes)
constexpr std::uint64_t kMh2oInstanceSize = 24;

FourCC idAt(std::span<const std::byte> file, std::uint64_t offset) {
    ByteReader r(file);
    if (!r.seek(offset) || r.remaining() < 4) {
        return FourCC{};
    }
    return r.fourcc();
}

std::uint32_t u32At(std::span<const std::byte> file, std::uint64_t offset) {
    ByteReader r(file);
    return r.seek(offset) ? r.u32() : 0;
}

// One MHDR slot: the chunk its offset must name and who follows that offset.
struct MhdrSlot {
    FourCC id;
    ConsumerSet consumers; // who reads the chunk through this offset
    bool required;         // Blizzard's tiles always have it; the client and Noggit read it unconditionally
};
// In MHDR order after the flags word. MFBO is handled apart (its flag decides).
constexpr std::array<MhdrSlot, 11> kSlots = {{
    {chunk::MCIN, kAllConsumers, true},
    {chunk::MTEX, C | N, true},
    {chunk::MMDX, C | N, true},
    {chunk::MMID, C | N, true},
    {chunk::MWMO, C | N, true},
    {chunk::MWID, C | N, true},
    {chunk::MDDF, C | N, true},
    {chunk::MODF, C | N, true},
    {chunk::MFBO, C | N, false},
    {chunk::MH2O, kAllConsumers, false},
    {chunk::MTXF, C, false},
}};

class LayoutCheck {
public:
    LayoutCheck(std::span<const std::byte> file, FindingList& out) : mFile(file), mOut(out) {}
    void run();

private:
    void error(std::string_view rule, ConsumerSet who, FourCC id, std::uint64_t at, std::string message) {
        mOut.add(rule, Severity::Error, who, id, at, std::move(message));
    }
    void warning(std::string_view rule, FourCC id, std::uint64_t at, std::string message) {
        mOut.add(rule, Severity::Warning, kAllConsumers, id, at, std::move(message));
    }
    const ChunkEntry* top(FourCC id) const;
    const ChunkEntry* sub(int mcnk, FourCC id) const;
    bool checkHead();
    void checkMhdrOffsets();
    void checkMcin();
    void checkMcnk(std::size_t i);
    void checkMh2o();

    std::span<const std::byte> mFile;
    FindingList& mOut;
    std::vector<ChunkEntry> mChunks;
    std::vector<const ChunkEntry*> mMcnks;
    std::uint32_t mMhdrFlags = 0;
};

const ChunkEntry* LayoutCheck::top(FourCC id) const {
    for (const auto& c : mChunks) {
        if (c.mcnkIndex < 0 && c.id == id) {
            return &c;
        }
    }
    return nullptr;
}

const ChunkEntry* LayoutCheck::sub(int mcnk, FourCC id) const {
    for (const auto& c : mChunks) {
        if (c.mcnkIndex == mcnk && c.id == id) {
            return &c;
        }
    }
    return nullptr;
}

void LayoutCheck::run() {
    Diagnostics diag;
    mChunks = listAdtChunks(mFile, diag);
    for (const Error& w : diag.warnings) {
        // A size past the end: every consumer reads past it or stops there.
        error("chunk-size", kAllConsumers, w.chunk, w.offset, w.message);
    }
    if (!checkHead()) {
        return;
    }
    for (const auto& c : mChunks) {
        if (c.mcnkIndex < 0 && c.id == chunk::MCNK) {
            mMcnks.push_back(&c);
        }
    }
    checkMhdrOffsets();
    if (mMcnks.size() != std::size_t(kChunksPerTile)) {
        error("mcnk-count", kAllConsumers, chunk::MCNK, mMcnks.empty() ? 0 : mMcnks[0]->offset,
              "the file has " + std::to_string(mMcnks.size()) + " MCNK chunks, 256 are required");
    }
    checkMcin();
    for (std::size_t i = 0; i < mMcnks.size(); ++i) {
        checkMcnk(i);
    }
    checkMh2o();
}

// MVER first (4 bytes, version 18), MHDR right after it. False: nothing else can be found.
bool LayoutCheck::checkHead() {
    if (mChunks.empty() || mChunks[0].id != chunk::MVER || mChunks[0].offset != 0 || mChunks[0].size != 4) {
        error("mver", kAllConsumers, chunk::MVER, 0, "the file must start with a 4-byte MVER chunk");
    } else if (const std::uint32_t v = u32At(mFile, 8); v != 18) {
        error("mver", kAllConsumers, chunk::MVER, 8, "version " + std::to_string(v) + ", must be 18");
    }
    if (idAt(mFile, 0x0C) != chunk::MHDR) {
        error("mhdr-position", kAllConsumers, chunk::MHDR, 0x0C, "MHDR must follow MVER at 0xc");
        return false;
    }
    if (const std::uint32_t size = u32At(mFile, 0x10); size != 64) {
        error("mhdr-position", E, chunk::MHDR, 0x0C,
              "MHDR is " + std::to_string(size) + " bytes, the extractors require 64");
    }
    if (idAt(mFile, kMcinAt) != chunk::MCIN) {
        error("mcin-position", E, chunk::MCIN, kMcinAt,
              "MCIN must start at 0x54: the extractors find each MCNK at MCIN + its entry - 0x54");
    }
    mMhdrFlags = u32At(mFile, kMhdrData);
    return true;
}

void LayoutCheck::checkMhdrOffsets() {
    const bool flightFlag = (mMhdrFlags & mhdr_flags::HasFlightBounds) != 0;
    for (std::size_t i = 0; i < kSlots.size(); ++i) {
        const MhdrSlot& slot = kSlots[i];
        const std::uint64_t fieldAt = kMhdrData + 4 + 4 * i;
        if (fieldAt + 4 > mFile.size()) {
            return; // the MHDR is cut short: reported as a chunk size
        }
        const std::uint32_t ofs = u32At(mFile, fieldAt);
        const ChunkEntry* actual = top(slot.id);
        ConsumerSet who = slot.consumers;
        bool required = slot.required;
        if (slot.id == chunk::MFBO) {
            if (!flightFlag) {
                if (actual) {
                    warning("mfbo-flag", chunk::MFBO, actual->offset,
                            "MFBO without MHDR flag 1 (mhdr_MFBO): every consumer ignores the flight bounds");
                }
                continue; // without the flag nobody follows the offset
            }
            required = true;
            who = ofs != 0 ? C | N | E : C | N; // the extractors check it only when nonzero
        }
        if (ofs == 0) {
            if (actual) {
                error("mhdr-offsets", who, chunk::MHDR, fieldAt,
                      "the " + slot.id.str() + " offset is 0 but the file has " + slot.id.str());
            } else if (required) {
                error("mhdr-offsets", who, slot.id, 0,
                      slot.id == chunk::MFBO ? std::string("MHDR flag 1 is set but there is no MFBO")
                                             : "the file has no " + slot.id.str());
            }
            continue;
        }
        if (!actual || kMhdrData + ofs != actual->offset) {
            error("mhdr-offsets", who, chunk::MHDR, fieldAt,
                  "the " + slot.id.str() + " offset " + hex(ofs) + " points to " +
                      idAt(mFile, kMhdrData + ofs).str() +
                      (actual ? " (it is at " + hex(actual->offset - kMhdrData) + ")" : ""));
        }
    }
}

void LayoutCheck::checkMcin() {
    // The client and Noggit use MCIN where MHDR says; the extractors read MHDR's MCIN too (and then MCNKs
    // as if it started at 0x54, reported above). Entries are checked wherever the MCIN is.
    const ChunkEntry* mcin = top(chunk::MCIN);
    if (!mcin) {
        return; // reported by the MHDR check
    }
    ByteReader r(mFile, 0, chunk::MCIN);
    if (!r.seek(mcin->offset + 8)) {
        return;
    }
    for (std::size_t i = 0; i < std::size_t(kChunksPerTile); ++i) {
        const std::uint64_t at = r.position();
        const std::uint32_t ofs = r.u32();
        const std::uint32_t size = r.u32();
        r.skip(8);
        if (r.failed()) {
            error("mcin-entries", kAllConsumers, chunk::MCIN, at,
                  "MCIN holds " + std::to_string(i) + " entries, 256 are required");
            return;
        }
        if (ofs == 0) {
            error("mcin-entries", kAllConsumers, chunk::MCIN, at,
                  "an MCIN entry of 0: the extractors crash on it, the others read no chunk");
            continue;
        }
        if (i >= mMcnks.size()) {
            continue;
        }
        const ChunkEntry& m = *mMcnks[i];
        if (ofs != m.offset) {
            error("mcin-entries", kAllConsumers, chunk::MCIN, at,
                  "an MCIN entry does not point at its MCNK (" + hex(ofs) + ", the MCNK is at " +
                      hex(m.offset) + ")");
        } else if (size == m.size) {
            warning("mcin-sizes", chunk::MCIN, at,
                    "MCIN sizes leave out the 8-byte MCNK header (no consumer reads them)");
        } else if (size != m.size + 8) {
            warning("mcin-sizes", chunk::MCIN, at,
                    "an MCIN size differs from its MCNK's (no consumer reads it)");
        }
    }
}

void LayoutCheck::checkMcnk(std::size_t i) {
    const ChunkEntry& m = *mMcnks[i];
    const int index = int(i);
    if (m.size < kMcnkHeaderSize) {
        error("mcnk-header", kAllConsumers, chunk::MCNK, m.offset,
              "an MCNK is smaller than its 128-byte header");
        return;
    }
    std::array<std::uint32_t, 32> w{};
    ByteReader h(mFile, 0, chunk::MCNK);
    h.seek(m.offset + 8);
    for (auto& v : w) {
        v = h.u32();
    }
    const std::uint64_t headerAt = m.offset + 8;
    const std::uint32_t flags = w[0];
    // Sub-chunk offsets (relative to the MCNK's own header): who follows each one.
    auto checkOfs = [&](std::size_t word, FourCC id, ConsumerSet who) {
        const ChunkEntry* c = sub(index, id);
        const std::uint32_t ofs = w[word];
        if (c && m.offset + ofs != c->offset) {
            error("mcnk-offsets", who, chunk::MCNK, headerAt + 4 * word,
                  "an MCNK header's " + id.str() + " offset does not point at its " + id.str());
        }
    };
    auto requireSub = [&](FourCC id) {
        if (!sub(index, id)) {
            error("mcnk-subchunks", kAllConsumers, id, m.offset, "an MCNK has no " + id.str());
        }
    };
    if (!(flags & mcnk_flags::HighResHoles)) {
        requireSub(chunk::MCVT);
        requireSub(chunk::MCNR);
        if (w[5] == 0 && sub(index, chunk::MCVT)) {
            error("mcnk-offsets", N | E, chunk::MCNK, headerAt + 4 * 5,
                  "an MCNK header's MCVT offset is 0: the extractors take the chunk as flat");
        } else {
            checkOfs(5, chunk::MCVT, N | E);
        }
        checkOfs(6, chunk::MCNR, N);
    }
    requireSub(chunk::MCLY);
    requireSub(chunk::MCRF);
    checkOfs(7, chunk::MCLY, N);
    checkOfs(8, chunk::MCRF, N);
    if (const ChunkEntry* mcal = sub(index, chunk::MCAL)) {
        checkOfs(9, chunk::MCAL, N);
        if (m.offset + w[9] == mcal->offset && w[10] >= 8 && std::uint64_t(w[10]) - 8 > m.size) {
            error("mcnk-counts", C, chunk::MCNK, headerAt + 0x28,
                  "an MCNK's sizeAlpha runs past the MCNK (the client walks MCAL by it)");
        }
    }
    if (w[11] != 0 && w[12] != 0) {
        checkOfs(11, chunk::MCSH, N); // Noggit reads MCSH whenever ofsShadow and sizeShadow are set
    }
    if (w[22] != 0) {
        checkOfs(22, chunk::MCSE, N);
    }
    if (w[29] != 0) {
        checkOfs(29, chunk::MCCV, N); // Noggit reads MCCV whenever ofsMCCV is set
    }
    // MCLQ: the extractors follow a nonzero offset and require MCLQ there; they ignore an MCLQ with data
    // (sizeMCLQ > 8) whose offset is 0, which the client's walk finds.
    if (const ChunkEntry* mclq = sub(index, chunk::MCLQ)) {
        if (w[24] != 0 && m.offset + w[24] != mclq->offset) {
            error("mclq-offset", E, chunk::MCNK, headerAt + 0x60,
                  "a nonzero MCLQ offset does not point at MCLQ");
        } else if (w[24] == 0 && w[25] > 8) {
            error("mclq-offset", E, chunk::MCNK, headerAt + 0x60,
                  "an MCNK has MCLQ data but its MCLQ offset is 0: the extractors miss the liquid");
        }
    } else if (w[24] != 0) {
        error("mclq-offset", E, chunk::MCNK, headerAt + 0x60,
              "a nonzero MCLQ offset points at " + idAt(mFile, m.offset + w[24]).str() + ", not MCLQ");
    }
    if (const ChunkEntry* mcvt = sub(index, chunk::MCVT); mcvt && mcvt->size != 580) {
        error("mcvt-size", E, chunk::MCVT, mcvt->offset,
              "MCVT is " + std::to_string(mcvt->size) + " bytes, the extractors require 580");
    }
    if (const ChunkEntry* mcnr = sub(index, chunk::MCNR);
        mcnr && mcnr->size == kMcnrEntriesSize + kMcnrPaddingSize) {
        warning("mcnr-size", chunk::MCNR, mcnr->offset,
                "MCNR declares 448 bytes (the padding inside); WotLK's tiles declare 435 with the 13 bytes "
                "after it, every consumer reads both");
    }
    if (const ChunkEntry* mcly = sub(index, chunk::MCLY); mcly && mcly->size / 16 != w[3]) {
        error("mcnk-counts", N, chunk::MCNK, headerAt + 0x0C, "an MCNK's nLayers does not match MCLY's size");
    }
    if (const ChunkEntry* mcrf = sub(index, chunk::MCRF);
        mcrf && mcrf->size != (std::uint64_t(w[4]) + w[14]) * 4) {
        // At MCRF's data, where the reader names the same disagreement.
        error("mcnk-counts", C | N, chunk::MCRF, mcrf->offset + 8,
              "an MCNK's nDoodadRefs + nMapObjRefs do not match MCRF's size");
    }
}

// MH2O instances whose rectangle leaves their 8x8 chunk: the extractors write them into the neighbouring
// chunks' cells (past the tile's grid on the last row and column), Noggit past its 9x9 height array, the
// client draws them over the neighbours. The offset is that of the instance's xOffset byte.
void LayoutCheck::checkMh2o() {
    const ChunkEntry* mh2o = top(chunk::MH2O);
    if (!mh2o || mh2o->size < kMh2oHeaderSize) {
        return;
    }
    const std::uint64_t data = mh2o->offset + 8;
    const auto bytes = mFile.subspan(std::size_t(data), std::size_t(mh2o->size));
    ByteReader r(bytes, data, chunk::MH2O);
    for (std::uint64_t c = 0; c < 256; ++c) {
        r.seek(c * 12);
        const std::uint64_t ofsInstances = r.u32();
        const std::uint64_t count = r.u32();
        if (count == 0 || count > bytes.size() / kMh2oInstanceSize ||
            ofsInstances + count * kMh2oInstanceSize > bytes.size()) {
            continue; // nothing, or instances that do not fit (a reader problem, reported as such)
        }
        for (std::uint64_t k = 0; k < count; ++k) {
            const std::uint64_t at = ofsInstances + k * kMh2oInstanceSize;
            r.seek(at + 12);
            const std::uint32_t x = r.u8();
            const std::uint32_t y = r.u8();
            const std::uint32_t width = r.u8();
            const std::uint32_t height = r.u8();
            if (width < 1 || height < 1 || x + width > 8 || y + height > 8) {
                error("mh2o-rectangle", kAllConsumers, chunk::MH2O, r.absoluteAt(at + 12),
                      "an MH2O instance's rectangle leaves its 8x8 chunk");
            }
        }
    }
}

} // namespace

void checkAdtFileLayout(std::span<const std::byte> file, FindingList& out) {
    LayoutCheck(file, out).run();
}

} // namespace mapsmith::io
