// ADT reader for v18 files and split (Cata+) sets, top level: walks the top-level chunks of every file, then
// reads them in dependency order (placements index the name tables, MCNK layers the textures), one function
// per chunk. The map chunks are read in adt_mcnk_reader.cpp.

#include "io/adt/detail/adt_reader.h"

#include "io/adt/adt_split.h"
#include "io/adt/detail/placement_records.h"
#include "io/adt/mcnk_shape.h"
#include "io/adt/split_set_check.h"
#include "io/binary/chunk_id.h"

#include <algorithm>
#include <string>

namespace mapsmith::io {
namespace {

constexpr std::size_t kMddfEntrySize = kDoodadRecordSize;
constexpr std::size_t kModfEntrySize = kMapObjectRecordSize;
constexpr std::size_t kMclyEntrySize = 16;
constexpr std::uint64_t kMhdrSize = 64;
constexpr std::uint64_t kMfboSize = 36;
// Blizzard's tiles have a handful of chunks Mapsmith does not know; more is not a tile.
constexpr std::size_t kMaxUnknownTopChunks = 1024;

} // namespace

AdtReader::AdtReader(std::vector<AdtFilePart> parts, bool split, const AdtReadOptions& options)
    : mParts(std::move(parts)), mSplit(split), mOptions(options) {
    mDiag.lenient = options.lenient;
}

Expected<AdtReadResult> AdtReader::run() {
    // Every file of a tile starts with MVER: anything else is refused before any walk, in either mode.
    for (std::size_t p = 0; p < mParts.size(); ++p) {
        mCurrent = p;
        if (auto bad = checkFirstChunk(mParts[p].bytes, chunk::MVER)) {
            return named(std::move(*bad));
        }
    }
    if (!collectChunks()) {
        return mReport.error();
    }
    // MVER: one per file (every file of a split set has its own).
    for (std::size_t p = 0; p < mParts.size(); ++p) {
        if (!readMver(p)) {
            return mReport.error();
        }
    }
    if (!readMhdr() || !checkMcin() || mReport.failed() || !readTopChunks()) {
        return mReport.error();
    }

    // Alpha depth: the WDT's word wins; otherwise infer from the first MCNK that tells.
    if (mOptions.bigAlpha) {
        mBigAlpha = *mOptions.bigAlpha;
        mDepthKnown = true;
    }
    std::size_t mcnkCount = 0;
    for (const auto& list : mMcnks) {
        mcnkCount += list.size();
    }
    if (mcnkCount == 0 && mOptions.lenient) {
        // Nothing to read leniently: report the first problem, the likely cause.
        return !mDiag.warnings.empty()
                   ? mDiag.warnings.front()
                   : Error{ErrorCode::MissingChunk, chunk::MCNK, 0, "the file has no MCNK chunks"};
    }
    if (!collectPieces()) {
        return mReport.error();
    }
    if (!mDepthKnown) {
        inferAlphaDepthFromPieces();
        mInferred = true;
    }
    mAdt.bigAlpha = mBigAlpha;
    if (!readMapChunks() || mReport.failed()) {
        return mReport.error();
    }
    AdtReadResult result;
    result.adt = std::move(mAdt);
    result.warnings = std::move(mDiag.warnings);
    result.notes = gatedNotes();
    result.bigAlphaInferred = mInferred;
    return result;
}

bool AdtReader::isKnownTop(FourCC id) const {
    using namespace chunk;
    if (mSplit && (id == MAMP || id == MDID || id == MHID || id == MTXP)) {
        return true;
    }
    return id == MVER || id == MHDR || id == MCIN || id == MTEX || id == MMDX || id == MMID || id == MWMO ||
           id == MWID || id == MDDF || id == MODF || id == MH2O || id == MFBO || id == MTXF || id == MCNK;
}

// Every file's top-level chunks: MCNKs into mMcnks (the first 256, the others counted), the other known
// ones into mTop, unknown ones into the model (after the known chunk they followed). A header whose id is
// not a chunk id ends the walk of that file: what follows is not chunks.
bool AdtReader::collectChunks() {
    mMcnks.resize(mParts.size());
    mMcnkTotal.assign(mParts.size(), 0);
    for (std::size_t p = 0; p < mParts.size(); ++p) {
        mCurrent = p;
        ByteReader file(mParts[p].bytes);
        FourCC lastKnown;
        std::size_t unknownCount = 0;
        bool walked = true; // false: stopped at bytes that are not chunks (already the problem)
        while (file.remaining() >= 8) {
            const std::uint64_t at = file.position();
            const FourCC id = file.fourcc();
            const std::uint32_t size = file.u32();
            if (!isPlausibleChunkId(id) || (!isKnownTop(id) && ++unknownCount > kMaxUnknownTopChunks)) {
                Error e = isPlausibleChunkId(id)
                              ? Error{ErrorCode::BadValue, id, at,
                                      "more than " + std::to_string(kMaxUnknownTopChunks) +
                                          " unknown chunks: the rest of the file is not read"}
                              : notAChunkId(id, at);
                if (!problem(std::move(e))) {
                    return false;
                }
                walked = false;
                break;
            }
            if (size > file.remaining()) {
                file.setChunk(id);
                file.failAt(at, ErrorCode::SizeOutOfBounds,
                            "chunk of " + std::to_string(size) + " bytes, only " +
                                std::to_string(file.remaining()) + " left in the file");
                if (!problemFrom(file)) {
                    return false;
                }
                break;
            }
            ByteReader data = file.sub(file.position(), size, id);
            file.skip(size);
            if (id == chunk::MCNK) {
                if (mMcnks[p].size() < std::size_t(kChunksPerTile)) {
                    mMcnks[p].push_back(data);
                }
                ++mMcnkTotal[p];
            } else if (isKnownTop(id)) {
                mTop.push_back({id, data, p});
            } else {
                mAdt.unknown.push_back(
                    RawChunk{id, lastKnown, {data.data().begin(), data.data().end()}, mParts[p].part});
            }
            if (isKnownTop(id)) {
                lastKnown = id;
            }
        }
        if (walked && file.remaining() != 0 &&
            !problem(Error{ErrorCode::Truncated, FourCC{}, file.absolute(),
                           std::to_string(file.remaining()) + " stray bytes after the last chunk"})) {
            return false;
        }
    }
    return true;
}

// The chunk of that id in whichever file holds it; mCurrent names that file for later problems. A second
// one is a problem each time it is looked for; the first one is used either way.
std::optional<ByteReader> AdtReader::find(FourCC id) {
    std::optional<ByteReader> result;
    std::size_t resultPart = 0;
    for (const auto& f : mTop) {
        if (f.id == id) {
            if (result) {
                mCurrent = f.part;
                problem(Error{ErrorCode::BadValue, id, f.data.absoluteAt(0) - 8,
                              "a second " + id.str() + " chunk (the first one is used)"});
                continue;
            }
            result = f.data;
            resultPart = f.part;
        }
    }
    mCurrent = result ? resultPart : 0;
    return result;
}

bool AdtReader::readIfPresent(FourCC id, bool (AdtReader::*read)(ByteReader)) {
    auto data = find(id);
    return !data || (this->*read)(*data);
}

// The chunks after MVER, MHDR and MCIN, in dependency order.
bool AdtReader::readTopChunks() {
    if (!readIfPresent(chunk::MTEX, &AdtReader::readMtex) ||
        !readNames(chunk::MMDX, chunk::MMID, mAdt.modelNames) ||
        !readNames(chunk::MWMO, chunk::MWID, mAdt.wmoNames) ||
        !readIfPresent(chunk::MDDF, &AdtReader::readMddf) ||
        !readIfPresent(chunk::MODF, &AdtReader::readModf) ||
        !readIfPresent(chunk::MH2O, &AdtReader::readMh2o) ||
        !readIfPresent(chunk::MFBO, &AdtReader::readMfbo)) {
        return false;
    }
    noteFlightBoundsFlag();
    if (!readIfPresent(chunk::MTXF, &AdtReader::readMtxf)) {
        return false;
    }
    // MAMP, MDID, MHID and MTXP, which only split tex files hold.
    return !mSplit ||
           (readMamp() && readIds(chunk::MDID, mAdt.diffuseTextureIds) &&
            readIds(chunk::MHID, mAdt.heightTextureIds) && readIfPresent(chunk::MTXP, &AdtReader::readMtxp));
}

// The MVER of one file; the root's version is the model's.
bool AdtReader::readMver(std::size_t part) {
    mCurrent = part;
    std::optional<ByteReader> mver;
    for (const auto& f : mTop) {
        if (f.id == chunk::MVER && f.part == part) {
            if (mver) {
                // A problem, but the first one is read either way (strict mode stops after it).
                problem(Error{ErrorCode::BadValue, chunk::MVER, f.data.absoluteAt(0) - 8,
                              "a second MVER chunk (the first one is used)"});
                continue;
            }
            mver = f.data;
        }
    }
    if (!mver) {
        return problem(Error{ErrorCode::MissingChunk, chunk::MVER, 0, "the file has no MVER chunk"});
    }
    const std::uint32_t version = mver->u32("version");
    if (mver->failed() && !problemFrom(*mver)) {
        return false;
    }
    if (part == 0) {
        mAdt.version = version;
    }
    return version == 18 || problem(Error{ErrorCode::UnsupportedVersion, chunk::MVER, mver->absoluteAt(0),
                                          "version " + std::to_string(version) + ", only 18 is supported"});
}

bool AdtReader::readMhdr() {
    auto mhdr = find(chunk::MHDR);
    if (!mhdr) {
        return problem(Error{ErrorCode::MissingChunk, chunk::MHDR, 0, "the file has no MHDR chunk"});
    }
    if (mhdr->size() < kMhdrSize &&
        !problem(
            mhdr->makeError(ErrorCode::BadValue, "size " + std::to_string(mhdr->size()) + " is not 64"))) {
        return false;
    }
    mAdt.headerFlags = mhdr->u32();
    if (mhdr->size() >= kMhdrSize) {
        mhdr->seek(0x30);
        mhdr->bytes(std::span<std::uint8_t>(mAdt.headerTail));
    }
    return true;
}

// v18 files must have an MCIN (split sets have none). Its entries are not used: the MCNKs are walked.
bool AdtReader::checkMcin() {
    return mSplit || find(chunk::MCIN).has_value() ||
           problem(Error{ErrorCode::MissingChunk, chunk::MCIN, 0, "the file has no MCIN chunk"});
}

bool AdtReader::readMtex(ByteReader r) {
    return readStrings(r, mAdt.textures, nullptr);
}

// NUL-terminated names filling the chunk; offsets (when given) receives where each starts.
bool AdtReader::readStrings(ByteReader r, std::vector<std::string>& out,
                            std::vector<std::uint32_t>* offsets) {
    const auto bytes = r.data();
    const char* p = reinterpret_cast<const char*>(bytes.data());
    std::size_t start = 0;
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        if (p[i] == '\0') {
            if (offsets) {
                offsets->push_back(std::uint32_t(start));
            }
            out.emplace_back(p + start, i - start);
            start = i + 1;
        }
    }
    if (start < bytes.size()) {
        // A last name without its NUL: keep it, the writer terminates it.
        if (offsets) {
            offsets->push_back(std::uint32_t(start));
        }
        out.emplace_back(p + start, bytes.size() - start);
        return problem(Error{ErrorCode::BadValue, r.chunk(), r.absoluteAt(start),
                             "the last name has no terminating NUL"});
    }
    return true;
}

// A name table (MMDX, MWMO) in the order of its id table (MMID, MWID); without an id table every name in
// order.
bool AdtReader::readNames(FourCC stringsId, FourCC idsId, std::vector<std::string>& out) {
    std::vector<std::string> strings;
    std::vector<std::uint32_t> offsets;
    auto s = find(stringsId);
    if (s && !readStrings(*s, strings, &offsets)) {
        return false;
    }
    auto ids = find(idsId);
    if (!ids) {
        out = strings;
        return true;
    }
    return resolveNameTable(idsId, *ids, strings, offsets, out);
}

bool AdtReader::resolveNameTable(FourCC tableId, ByteReader idReader, const std::vector<std::string>& strings,
                                 const std::vector<std::uint32_t>& stringOffsets,
                                 std::vector<std::string>& out) {
    if (idReader.size() % 4 != 0) {
        if (!problem(Error{ErrorCode::BadValue, tableId, idReader.absolute(),
                           "size " + std::to_string(idReader.size()) + " is not a multiple of 4"})) {
            return false;
        }
    }
    const std::uint64_t count = idReader.size() / 4;
    out.reserve(std::size_t(count));
    for (std::uint64_t i = 0; i < count; ++i) {
        const std::uint64_t at = idReader.position();
        const std::uint32_t ofs = idReader.u32();
        auto it = std::lower_bound(stringOffsets.begin(), stringOffsets.end(), ofs);
        if (it == stringOffsets.end() || *it != ofs) {
            if (!problem(Error{ErrorCode::BadValue, tableId, idReader.absoluteAt(at),
                               "entry " + std::to_string(i) + " (offset " + std::to_string(ofs) +
                                   ") does not point to the start of a name"})) {
                return false;
            }
            out.emplace_back();
            continue;
        }
        out.push_back(strings[std::size_t(it - stringOffsets.begin())]);
    }
    return true;
}

bool AdtReader::readMddf(ByteReader r) {
    if (r.size() % kMddfEntrySize != 0 &&
        !problem(r.makeError(ErrorCode::BadValue,
                             "size " + std::to_string(r.size()) + " is not a multiple of 36"))) {
        return false;
    }
    const std::uint64_t count = r.size() / kMddfEntrySize;
    mAdt.doodads.resize(std::size_t(count));
    for (auto& d : mAdt.doodads) {
        const std::uint64_t at = r.position();
        readDoodadRecord(r, d);
        if (d.nameIndex >= mAdt.modelNames.size() &&
            !problem(Error{ErrorCode::BadValue, chunk::MDDF, r.absoluteAt(at),
                           "nameId " + std::to_string(d.nameIndex) + " is past the " +
                               std::to_string(mAdt.modelNames.size()) + " MMID entries"})) {
            return false;
        }
    }
    return true;
}

bool AdtReader::readModf(ByteReader r) {
    if (r.size() % kModfEntrySize != 0 &&
        !problem(r.makeError(ErrorCode::BadValue,
                             "size " + std::to_string(r.size()) + " is not a multiple of 64"))) {
        return false;
    }
    const std::uint64_t count = r.size() / kModfEntrySize;
    mAdt.mapObjects.resize(std::size_t(count));
    for (auto& m : mAdt.mapObjects) {
        const std::uint64_t at = r.position();
        readMapObjectRecord(r, m);
        if (m.nameIndex >= mAdt.wmoNames.size() &&
            !problem(Error{ErrorCode::BadValue, chunk::MODF, r.absoluteAt(at),
                           "nameId " + std::to_string(m.nameIndex) + " is past the " +
                               std::to_string(mAdt.wmoNames.size()) + " MWID entries"})) {
            return false;
        }
    }
    return true;
}

// MH2O has its own reader (mh2o.h); its lenient problems join this read's warnings as they are.
bool AdtReader::readMh2o(ByteReader r) {
    Mh2oReadOptions options;
    options.keepOutsideChunk = mOptions.keepLiquidOutsideChunk;
    auto liquids = io::readMh2o(r, mDiag, options);
    if (!liquids) {
        return problem(liquids.error());
    }
    mAdt.liquids = std::move(liquids.value());
    return true;
}

bool AdtReader::readMfbo(ByteReader r) {
    if (r.size() != kMfboSize &&
        !problem(r.makeError(ErrorCode::BadValue, "size " + std::to_string(r.size()) + " is not 36"))) {
        return false;
    }
    if (r.size() >= kMfboSize) {
        auto& fb = mAdt.flightBounds.emplace();
        for (auto& v : fb) {
            v = r.i16();
        }
    }
    return true;
}

// MHDR flag mhdr_MFBO gates MFBO ("mfbo: this is only set if flags & mhdr_MFBO"); both kept as read, a
// disagreement is a note.
void AdtReader::noteFlightBoundsFlag() {
    const bool flag = (mAdt.headerFlags & mhdr_flags::HasFlightBounds) != 0;
    if (flag == mAdt.flightBounds.has_value()) {
        return;
    }
    const auto at = flag ? find(chunk::MHDR) : find(chunk::MFBO);
    Error note{ErrorCode::BadValue, flag ? chunk::MHDR : chunk::MFBO, at ? at->absoluteAt(0) - 8 : 0,
               flag ? "MHDR flag mhdr_MFBO 0x1 set without an MFBO chunk"
                    : "MFBO present but disabled (MHDR flag mhdr_MFBO 0x1 clear): the client ignores it; "
                      "kept as read"};
    mNotes.push_back(named(std::move(note)));
}

bool AdtReader::readMtxf(ByteReader r) {
    if (r.size() % 4 != 0 && !problem(r.makeError(ErrorCode::BadValue, "size " + std::to_string(r.size()) +
                                                                           " is not a multiple of 4"))) {
        return false;
    }
    auto& flags = mAdt.textureFlags.emplace(std::size_t(r.size() / 4));
    for (auto& f : flags) {
        f = r.u32();
    }
    return true;
}

// The alpha map size: MAMP, else MHDR's mamp_value byte. Only 0 (64x64) is supported.
bool AdtReader::readMamp() {
    std::uint8_t mampValue = mAdt.headerTail[0]; // MHDR's mamp_value unless MAMP says otherwise
    std::uint64_t mampAt = 0;
    FourCC mampFrom = chunk::MHDR;
    if (auto mamp = find(chunk::MAMP)) {
        if (mamp->size() < 1) {
            if (!problem(mamp->makeError(ErrorCode::Truncated, "MAMP is empty"))) {
                return false;
            }
        } else {
            mAdt.mamp = mamp->u8();
            mampValue = *mAdt.mamp;
            mampAt = mamp->absoluteAt(0);
            mampFrom = chunk::MAMP;
            if (mamp->size() != 4) {
                warn(mamp->makeError(ErrorCode::BadValue, "size " + std::to_string(mamp->size()) +
                                                              " is not 4 (only the first byte is kept)"));
            }
        }
    } else if (mampValue != 0) {
        if (auto mhdr = find(chunk::MHDR)) {
            mampAt = mhdr->absoluteAt(0x30);
        }
    }
    const std::string side = std::to_string(64 >> std::min(mampValue, std::uint8_t(6)));
    return mampValue == 0 || problem(Error{ErrorCode::BadValue, mampFrom, mampAt,
                                           "mamp value " + std::to_string(mampValue) + " (" + side + "x" +
                                               side + " alpha maps) is not supported, only 0 (64x64)"});
}

bool AdtReader::readIds(FourCC id, std::vector<std::uint32_t>& out) {
    auto ids = find(id);
    if (!ids) {
        return true;
    }
    if (ids->size() % 4 != 0 &&
        !problem(ids->makeError(ErrorCode::BadValue,
                                "size " + std::to_string(ids->size()) + " is not a multiple of 4"))) {
        return false;
    }
    out.resize(std::size_t(ids->size() / 4));
    for (auto& v : out) {
        v = ids->u32();
    }
    return true;
}

bool AdtReader::readMtxp(ByteReader r) {
    if (r.size() % 16 != 0 && !problem(r.makeError(ErrorCode::BadValue, "size " + std::to_string(r.size()) +
                                                                            " is not a multiple of 16"))) {
        return false;
    }
    auto& params = mAdt.textureParams.emplace(std::size_t(r.size() / 16));
    for (auto& t : params) {
        t.flags = r.u32();
        t.heightScale = r.f32();
        t.heightOffset = r.f32();
        t.padding = r.u32();
    }
    return true;
}

// Every file holds 256 MCNKs (split tex/obj files may hold none); MCNK i of each is a piece of chunk i.
bool AdtReader::collectPieces() {
    mPieces.assign(std::size_t(kChunksPerTile) * kMaxAdtParts, McnkPiece{});
    mPieceCount.assign(std::size_t(kChunksPerTile), 0);
    for (std::size_t p = 0; p < mParts.size(); ++p) {
        mCurrent = p;
        const auto& list = mMcnks[p];
        const std::uint64_t total = mMcnkTotal[p];
        if ((!mSplit || total != 0) && total != std::uint64_t(kChunksPerTile) &&
            !problem(Error{ErrorCode::MissingChunk, chunk::MCNK,
                           list.empty() ? 0 : list.front().absoluteAt(0) - 8,
                           "the file has " + std::to_string(total) + " MCNK chunks, 256 are required"})) {
            return false;
        }
        for (std::size_t i = 0; i < list.size() && i < std::size_t(kChunksPerTile); ++i) {
            mPieces[i * kMaxAdtParts + mPieceCount[i]++] =
                McnkPiece{p, list[i], !mSplit || !isHeaderlessMcnk(list[i].data())};
        }
    }
    return true;
}

// Locates MCLY and MCAL of the MCNKs cheaply (no checks: the real read reports problems), until one tells
// the alpha depth.
void AdtReader::inferAlphaDepthFromPieces() {
    for (std::size_t i = 0; i < mPieceCount.size() && !mDepthKnown; ++i) {
        for (const McnkPiece& piece : std::span(mPieces).subspan(i * kMaxAdtParts, mPieceCount[i])) {
            ByteReader r = piece.data;
            if (piece.hasHeader && !r.skip(kMcnkHeaderSize)) {
                continue;
            }
            std::optional<ByteReader> ly, al;
            while (r.remaining() >= 8) {
                const FourCC id = r.fourcc();
                std::uint64_t size = r.u32();
                if (id == chunk::MCNR && size == kMcnrEntriesSize &&
                    r.remaining() >= kMcnrEntriesSize + kMcnrPaddingSize) {
                    size += kMcnrPaddingSize;
                }
                if (size > r.remaining()) {
                    break;
                }
                ByteReader sub = r.sub(r.position(), size, id);
                if (id == chunk::MCLY) {
                    ly = sub;
                } else if (id == chunk::MCAL) {
                    al = sub;
                }
                r.skip(size);
            }
            if (ly && al) {
                inferAlphaDepth(*ly, *al);
                if (mDepthKnown) {
                    break;
                }
            }
        }
    }
}

// Without a WDT the depth follows from the uncompressed map sizes: 2048 bytes apart = 4-bit.
void AdtReader::inferAlphaDepth(ByteReader mcly, const ByteReader& mcal) {
    const std::size_t count = std::size_t(mcly.size() / kMclyEntrySize);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> entries; // offset, flags
    for (std::size_t i = 0; i < count; ++i) {
        mcly.skip(4);
        const std::uint32_t flags = mcly.u32();
        const std::uint32_t ofs = mcly.u32();
        mcly.skip(4);
        if (flags & mcly_flags::UseAlphaMap) {
            if (flags & mcly_flags::AlphaCompressed) {
                mBigAlpha = true; // compression exists only with 8-bit depth
                mDepthKnown = true;
                return;
            }
            entries.emplace_back(ofs, flags);
        }
    }
    if (entries.empty() || mcly.failed()) {
        return;
    }
    std::sort(entries.begin(), entries.end());
    std::vector<std::uint64_t> spans;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const std::uint64_t next = i + 1 < entries.size() ? entries[i + 1].first : mcal.size();
        spans.push_back(next - entries[i].first);
    }
    const bool all4 = std::all_of(spans.begin(), spans.end(), [](auto n) { return n == kAlpha4BitBytes; });
    const bool all8 = std::all_of(spans.begin(), spans.end(), [](auto n) { return n == kAlpha8BitBytes; });
    if (all4 || all8) {
        mBigAlpha = all8;
        mDepthKnown = true;
    }
}

bool AdtReader::readMapChunks() {
    mAdt.chunks.resize(std::size_t(kChunksPerTile));
    for (std::size_t i = 0; i < std::size_t(kChunksPerTile); ++i) {
        MapChunk& c = mAdt.chunks[i];
        c.indexX = std::uint32_t(i % kChunksPerSide);
        c.indexY = std::uint32_t(i / kChunksPerSide);
        if (mPieceCount[i] != 0 &&
            !readMcnk(std::span(mPieces).subspan(i * kMaxAdtParts, mPieceCount[i]), int(i), c)) {
            return false;
        }
    }
    return true;
}

// The notes of the top level and one per kind of flag-gated sub-chunk disagreement (count, first place).
std::vector<Warning> AdtReader::gatedNotes() const {
    static constexpr const char* kText[GatedKinds] = {
        " present but disabled (MCNK flag has_mccv 0x40 clear): the client ignores it; kept as read",
        " present but disabled (MCNK flag has_mcsh 0x1 clear): the client ignores it; kept as read",
        " flag has_mccv 0x40 set without an MCCV sub-chunk",
        " flag has_mcsh 0x1 set without an MCSH sub-chunk",
    };
    std::vector<Warning> notes = mNotes;
    for (std::size_t k = 0; k < GatedKinds; ++k) {
        const GatedTally& t = mGated[k];
        if (t.count == 0) {
            continue;
        }
        Warning w = t.first;
        const std::string what = k == MccvDisabled ? "MCCV" : k == McshDisabled ? "MCSH" : "MCNK";
        w.message = what + kText[k] + " in " + std::to_string(t.count) + " of 256 chunks (first: MCNK " +
                    std::to_string(t.firstIndex) + ")";
        notes.push_back(std::move(w));
    }
    return notes;
}

Expected<AdtReadResult> readAdt(std::span<const std::byte> file, const AdtReadOptions& options) {
    AdtReader reader({AdtFilePart{file, {}, AdtPart::Root}}, false, options);
    return reader.run();
}

Expected<AdtReadResult> readSplitAdt(std::span<const std::byte> root, std::span<const std::byte> tex0,
                                     std::span<const std::byte> obj0, const AdtReadOptions& options) {
    // Files from different saves of the tile are refused (strict) or a problem (lenient), never merged.
    const std::vector<Error> mixed = checkSplitSet(root, tex0, obj0);
    if (!mixed.empty() && !options.lenient) {
        return mixed.front();
    }
    AdtReader reader({AdtFilePart{root, "root", AdtPart::Root}, AdtFilePart{tex0, "tex0", AdtPart::Tex},
                      AdtFilePart{obj0, "obj0", AdtPart::Obj}},
                     true, options);
    auto result = reader.run();
    if (result) {
        result->warnings.insert(result->warnings.begin(), mixed.begin(), mixed.end());
    }
    return result;
}

Expected<AdtReadResult> readSplitAdt(const SplitAdtFiles& files, const AdtReadOptions& options) {
    auto result = readSplitAdt(files.root, files.tex0, files.obj0, options);
    if (result) {
        result->adt.obj1File = files.obj1;
        result->adt.tex1File = files.tex1;
        result->adt.lodFile = files.lod;
    }
    return result;
}

} // namespace mapsmith::io
