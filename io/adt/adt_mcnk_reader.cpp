// ADT reader, map chunks: map chunk i is MCNK i of every file (the piece with the 128-byte header first).
// Each piece's sub-chunks are walked and dispatched by id, one function per sub-chunk; MCLY/MCAL and the
// references (MCRF, or MCRD/MCRW) are read after the walk, once every piece has been seen.

#include "io/adt/detail/adt_reader.h"

#include "io/adt/detail/placement_records.h"
#include "io/binary/chunk_id.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace mapsmith::io {
namespace {

constexpr std::size_t kMclyEntrySize = 16;
constexpr std::size_t kMaxLayers = 4;
constexpr std::size_t kMcvtSize = kVerticesPerChunk * 4; // 580
constexpr std::size_t kMccvSize = kVerticesPerChunk * 4; // MCCV and MCLV: 145 BGRA values
constexpr std::size_t kMcmtSize = 4;
constexpr std::size_t kMaxUnknownSubChunks = 64; // per MCNK; real ones have none or a few
static_assert(kMcvtSize == 580);
static_assert(kMcnrEntriesSize + kMcnrPaddingSize == 448);

} // namespace

bool AdtReader::readMcnk(std::span<const McnkPiece> pieces, int index, MapChunk& c) {
    McnkRead m(index, c);
    if (!findHeaderPiece(pieces, m)) {
        return false;
    }
    // The header's piece first: its sub-chunk offsets tell MCAL's and MCLQ's true sizes.
    if (!m.abandoned && !readPiece(*m.header, m)) {
        return false;
    }
    for (const McnkPiece& piece : pieces) {
        if (&piece != m.header && !m.abandoned && !readPiece(piece, m)) {
            return false;
        }
    }
    if (m.abandoned) {
        return true; // lenient: what was read before the problem stays
    }
    mCurrent = m.header->part;
    m.headerAt = m.header->data.absoluteAt(0);
    if (!checkRequired(m)) {
        return false;
    }
    c.hasMcal = m.mcal.has_value();
    tallyGated(m);
    return readRefs(m) && checkRefs(m) && readMcly(m);
}

// The piece holding the MCNK's 128-byte header (the first, when several do) into m.header.
bool AdtReader::findHeaderPiece(std::span<const McnkPiece> pieces, McnkRead& m) {
    for (const McnkPiece& piece : pieces) {
        if (!piece.hasHeader) {
            continue;
        }
        mCurrent = piece.part;
        if (!m.header) {
            m.header = &piece;
            continue;
        }
        if (!problem(Error{ErrorCode::BadValue, chunk::MCNK, piece.data.absoluteAt(0) - 8,
                           "MCNK " + std::to_string(m.index) + " has a header in " +
                               mParts[m.header->part].name + " too (that one is used)"})) {
            return false;
        }
    }
    if (m.header) {
        return true;
    }
    mCurrent = pieces.empty() ? 0 : pieces.front().part;
    return abandon(m, Error{ErrorCode::MissingChunk, chunk::MCNK,
                            pieces.empty() ? 0 : pieces.front().data.absoluteAt(0) - 8,
                            "MCNK " + std::to_string(m.index) + " has no header in any file"});
}

bool AdtReader::readMcnkHeader(ByteReader& r, McnkRead& m) {
    // Header (128 bytes), fields in file order.
    if (!r.ensure(kMcnkHeaderSize, "MCNK header")) {
        return problemFrom(r);
    }
    MapChunk& c = m.chunk;
    McnkSizes& s = m.sizes;
    c.flags = r.u32();
    c.indexX = r.u32();
    c.indexY = r.u32();
    s.nLayers = r.u32();
    s.nDoodadRefs = r.u32();
    const std::uint64_t holesHighRes = r.u64(); // ofsHeight + ofsNormal, or the 8x8 hole map
    if (c.flags & mcnk_flags::HighResHoles) {
        c.holesHighRes = holesHighRes;
    }
    r.skip(8); // ofsLayer, ofsRefs
    s.ofsAlpha = r.u32();
    s.sizeAlpha = r.u32();
    r.skip(8); // ofsShadow, sizeShadow
    c.areaId = r.u32();
    s.nMapObjRefs = r.u32();
    c.holesLowRes = r.u16();
    c.unknownButUsed = r.u16();
    r.bytes(std::span<std::uint8_t>(c.lowQualityTextureMap));
    r.bytes(std::span<std::uint8_t>(c.noEffectDoodad));
    r.skip(4); // ofsSndEmitters
    c.soundEmitterCount = r.u32();
    s.ofsLiquid = r.u32();
    s.sizeLiquid = r.u32();
    c.position = readVec3(r);
    r.skip(8); // ofsMCCV, ofsMCLV
    c.unusedTail = r.u32();
    const bool placed = c.indexX == std::uint32_t(m.index % kChunksPerSide) &&
                        c.indexY == std::uint32_t(m.index / kChunksPerSide);
    return placed || problem(Error{ErrorCode::BadValue, chunk::MCNK, r.absoluteAt(4),
                                   "MCNK " + std::to_string(m.index) + " says it is (" +
                                       std::to_string(c.indexX) + ", " + std::to_string(c.indexY) + ")"});
}

// Walks one piece's sub-chunks (after the header, in the header's piece).
bool AdtReader::readPiece(const McnkPiece& piece, McnkRead& m) {
    mCurrent = piece.part;
    ByteReader r = piece.data;
    const bool withHeader = &piece == m.header;
    if (withHeader && !readMcnkHeader(r, m)) {
        return false;
    }
    const McnkSizes& s = m.sizes;
    FourCC lastKnown;
    std::size_t unknownCount = 0;
    while (!r.failed() && r.remaining() >= 8) {
        const std::uint64_t at = r.position();
        const FourCC id = r.fourcc();
        std::uint64_t size = r.u32();
        if (!isPlausibleChunkId(id)) {
            return abandon(m, notAChunkId(id, r.absoluteAt(at), chunk::MCNK));
        }
        if (!isKnownSub(id) && ++unknownCount > kMaxUnknownSubChunks) {
            return abandon(m, Error{ErrorCode::BadValue, id, r.absoluteAt(at),
                                    "more than " + std::to_string(kMaxUnknownSubChunks) +
                                        " unknown sub-chunks: the rest of the MCNK is not read"});
        }
        const std::uint64_t rel = at + 8; // header offsets count from the MCNK's own chunk header
        // MCAL and MCLQ size fields are unreliable in Blizzard files; the client uses the header's.
        if (withHeader && id == chunk::MCAL && s.ofsAlpha == rel && s.sizeAlpha >= 8 &&
            s.sizeAlpha - 8 <= r.remaining()) {
            if (size != s.sizeAlpha - 8) {
                warn(Error{ErrorCode::BadValue, id, r.absoluteAt(at),
                           "size field " + std::to_string(size) + " disagrees with sizeAlpha " +
                               std::to_string(s.sizeAlpha) + " (the header is used)"});
            }
            size = s.sizeAlpha - 8;
        } else if (withHeader && id == chunk::MCLQ && s.ofsLiquid == rel && s.sizeLiquid > 8 &&
                   s.sizeLiquid - 8 <= r.remaining()) {
            size = s.sizeLiquid - 8;
        }
        if (size > r.remaining()) {
            return abandon(m, Error{ErrorCode::SizeOutOfBounds, id, r.absoluteAt(at),
                                    "sub-chunk of " + std::to_string(size) + " bytes, only " +
                                        std::to_string(r.remaining()) + " left in the MCNK"});
        }
        const SubChunk sub{id, r.sub(r.position(), size, id), r.absoluteAt(at), piece.part};
        r.skip(size);
        if (!isKnownSub(id)) {
            m.chunk.unknown.push_back(RawChunk{
                id, lastKnown, {sub.data.data().begin(), sub.data.data().end()}, mParts[piece.part].part});
            continue;
        }
        if (!readSubChunk(sub, r, m)) {
            return false;
        }
        // In the model, "after MCRF" means after the references, whichever chunks hold them.
        lastKnown = (id == chunk::MCRD || id == chunk::MCRW) ? chunk::MCRF : id;
    }
    if (r.failed()) {
        return abandon(m, r.error());
    }
    return r.remaining() == 0 ||
           problem(Error{ErrorCode::BadValue, chunk::MCNK, r.absolute(),
                         std::to_string(r.remaining()) + " stray bytes at the end of the MCNK"});
}

// Sub-chunks the model holds; the others are kept raw. MCRD, MCRW and MCMT exist only in split files.
bool AdtReader::isKnownSub(FourCC id) const {
    using namespace chunk;
    if (id == MCRD || id == MCRW || id == MCMT) {
        return mSplit;
    }
    return id == MCVT || id == MCNR || id == MCCV || id == MCLV || id == MCLY || id == MCRF || id == MCSH ||
           id == MCAL || id == MCLQ || id == MCSE;
}

// One known sub-chunk; `mcnk` is the walk, positioned after it.
bool AdtReader::readSubChunk(const SubChunk& sub, ByteReader& mcnk, McnkRead& m) {
    const auto bytes = sub.data.data();
    switch (sub.id.value) {
    case chunk::MCVT.value:
        return readMcvt(sub, m);
    case chunk::MCNR.value:
        return readMcnr(sub, mcnk, m);
    case chunk::MCCV.value:
    case chunk::MCLV.value:
        return readVertexShading(sub, m);
    case chunk::MCMT.value:
        return readMcmt(sub, m);
    case chunk::MCSH.value:
        readMcsh(sub, m);
        return true;
    case chunk::MCLQ.value:
        m.chunk.mclq.emplace(bytes.begin(), bytes.end());
        return true;
    case chunk::MCSE.value:
        m.chunk.soundEmitters.emplace(bytes.begin(), bytes.end());
        return true;
    // Read after the walk.
    case chunk::MCLY.value:
        m.mcly = Found{sub.data, sub.part};
        return true;
    case chunk::MCAL.value:
        m.mcal = Found{sub.data, sub.part};
        return true;
    case chunk::MCRF.value:
        m.mcrf = Found{sub.data, sub.part};
        return true;
    case chunk::MCRD.value:
        m.mcrd = Found{sub.data, sub.part};
        return true;
    case chunk::MCRW.value:
        m.mcrw = Found{sub.data, sub.part};
        return true;
    }
    return true;
}

bool AdtReader::readMcvt(const SubChunk& sub, McnkRead& m) {
    const std::uint64_t size = sub.data.size();
    if (size != kMcvtSize && !problem(Error{ErrorCode::BadValue, sub.id, sub.at,
                                            "size " + std::to_string(size) + " is not 580"})) {
        return false;
    }
    std::memcpy(m.chunk.heights.data(), sub.data.data().data(), std::min<std::size_t>(size, kMcvtSize));
    m.haveMcvt = true;
    return true;
}

bool AdtReader::readMcnr(const SubChunk& sub, ByteReader& mcnk, McnkRead& m) {
    const std::uint64_t size = sub.data.size();
    if (size < kMcnrEntriesSize && !problem(Error{ErrorCode::BadValue, sub.id, sub.at,
                                                  "size " + std::to_string(size) + " is below 435"})) {
        return false;
    }
    MapChunk& c = m.chunk;
    std::memcpy(c.normals.data(), sub.data.data().data(), std::min<std::size_t>(size, kMcnrEntriesSize));
    if (size >= kMcnrEntriesSize + kMcnrPaddingSize) {
        // Cataclysm: the declared size covers the padding. Canonical in split roots; in a v18 file the
        // model remembers it so that writeAdt keeps it.
        c.v18McnrDeclares448 = !mSplit;
        std::memcpy(c.normalPadding.data(), sub.data.data().data() + kMcnrEntriesSize, kMcnrPaddingSize);
    } else if (size == kMcnrEntriesSize && mcnk.remaining() >= kMcnrPaddingSize) {
        // WotLK (and split roots by Mapsmith before 448): 13 bytes follow the chunk without being counted
        // in its size.
        mcnk.bytes(std::span<std::uint8_t>(c.normalPadding));
    }
    m.haveMcnr = true;
    return true;
}

// MCCV (vertex colours) and MCLV (vertex lighting): 145 values each.
bool AdtReader::readVertexShading(const SubChunk& sub, McnkRead& m) {
    if (sub.id == chunk::MCCV) {
        m.mccvAt = Seen{sub.at, sub.part};
    }
    auto& target = sub.id == chunk::MCCV ? m.chunk.vertexColors : m.chunk.vertexLighting;
    target.emplace();
    const std::uint64_t size = sub.data.size();
    if (size != kMccvSize && !problem(Error{ErrorCode::BadValue, sub.id, sub.at,
                                            "size " + std::to_string(size) + " is not 580"})) {
        return false;
    }
    std::memcpy(target->data(), sub.data.data().data(), std::min<std::size_t>(size, kMccvSize));
    return true;
}

bool AdtReader::readMcmt(const SubChunk& sub, McnkRead& m) {
    const std::uint64_t size = sub.data.size();
    if (size != kMcmtSize &&
        !problem(Error{ErrorCode::BadValue, sub.id, sub.at, "size " + std::to_string(size) + " is not 4"})) {
        return false;
    }
    auto& ids = m.chunk.materialIds.emplace();
    std::memcpy(ids.data(), sub.data.data().data(), std::min<std::size_t>(size, kMcmtSize));
    return true;
}

void AdtReader::readMcsh(const SubChunk& sub, McnkRead& m) {
    m.mcshAt = Seen{sub.at, sub.part};
    const auto* p = reinterpret_cast<const std::uint8_t*>(sub.data.data().data());
    m.chunk.shadow.emplace(p, p + sub.data.size());
}

// MCVT and MCNR, which every map chunk has.
bool AdtReader::checkRequired(const McnkRead& m) {
    if (!m.haveMcvt && !problem(Error{ErrorCode::MissingChunk, chunk::MCVT, m.headerAt,
                                      "MCNK " + std::to_string(m.index) + " has no MCVT"})) {
        return false;
    }
    return m.haveMcnr || problem(Error{ErrorCode::MissingChunk, chunk::MCNR, m.headerAt,
                                       "MCNK " + std::to_string(m.index) + " has no MCNR"});
}

// Doodad and object references: MCRF (counts from the header), or in split sets MCRD and MCRW.
bool AdtReader::readRefs(McnkRead& m) {
    if (m.mcrf) {
        return readMcrf(m);
    }
    if (mSplit) {
        // The root header's counts are not trusted.
        return readRefList(m.mcrd, m.chunk.doodadRefs) && readRefList(m.mcrw, m.chunk.mapObjectRefs);
    }
    return (m.sizes.nDoodadRefs == 0 && m.sizes.nMapObjRefs == 0) ||
           problem(Error{ErrorCode::MissingChunk, chunk::MCRF, m.headerAt,
                         "the header counts references but the MCNK has no MCRF"});
}

bool AdtReader::readMcrf(McnkRead& m) {
    mCurrent = m.mcrf->part;
    ByteReader refs = m.mcrf->data;
    const McnkSizes& s = m.sizes;
    const std::uint64_t want = (std::uint64_t(s.nDoodadRefs) + s.nMapObjRefs) * 4;
    std::uint64_t doodadCount = s.nDoodadRefs;
    std::uint64_t objectCount = s.nMapObjRefs;
    if (want != refs.size()) {
        if (!problem(Error{ErrorCode::BadValue, chunk::MCRF, refs.absoluteAt(0),
                           "holds " + std::to_string(refs.size()) + " bytes but the header counts " +
                               std::to_string(s.nDoodadRefs) + " doodad and " +
                               std::to_string(s.nMapObjRefs) + " object references"})) {
            return false;
        }
        doodadCount = std::min<std::uint64_t>(doodadCount, refs.size() / 4);
        objectCount = std::min<std::uint64_t>(objectCount, refs.size() / 4 - doodadCount);
    }
    m.chunk.doodadRefs.resize(std::size_t(doodadCount));
    for (auto& v : m.chunk.doodadRefs) {
        v = refs.u32();
    }
    m.chunk.mapObjectRefs.resize(std::size_t(objectCount));
    for (auto& v : m.chunk.mapObjectRefs) {
        v = refs.u32();
    }
    return true;
}

// MCRD (doodads) or MCRW (objects): a list of u32 indices.
bool AdtReader::readRefList(const std::optional<Found>& list, std::vector<std::uint32_t>& out) {
    if (!list) {
        return true;
    }
    mCurrent = list->part;
    ByteReader refs = list->data;
    if (refs.size() % 4 != 0 &&
        !problem(refs.makeError(ErrorCode::BadValue,
                                "size " + std::to_string(refs.size()) + " is not a multiple of 4"))) {
        return false;
    }
    out.resize(std::size_t(refs.size() / 4));
    for (auto& v : out) {
        v = refs.u32();
    }
    return true;
}

// Every reference indexes MDDF / MODF.
bool AdtReader::checkRefs(const McnkRead& m) {
    const bool mcrf = m.mcrf.has_value();
    return checkRefList(m, m.chunk.doodadRefs, mAdt.doodads.size(), "doodad", "MDDF", mcrf ? m.mcrf : m.mcrd,
                        mcrf ? chunk::MCRF : chunk::MCRD) &&
           checkRefList(m, m.chunk.mapObjectRefs, mAdt.mapObjects.size(), "object", "MODF",
                        mcrf ? m.mcrf : m.mcrw, mcrf ? chunk::MCRF : chunk::MCRW);
}

bool AdtReader::checkRefList(const McnkRead& m, const std::vector<std::uint32_t>& refs, std::size_t limit,
                             const char* what, const char* table, const std::optional<Found>& from,
                             FourCC id) {
    for (auto ref : refs) {
        if (ref >= limit) {
            mCurrent = from ? from->part : m.header->part;
            if (!problem(Error{ErrorCode::BadValue, id, from ? from->data.absoluteAt(0) : m.headerAt,
                               std::string(what) + " reference " + std::to_string(ref) + " is past the " +
                                   std::to_string(limit) + " " + table + " entries"})) {
                return false;
            }
        }
    }
    return true;
}

// Texture layers: MCLY's entries, then each layer's alpha map from MCAL.
bool AdtReader::readMcly(McnkRead& m) {
    if (!m.mcly) {
        return true;
    }
    mCurrent = m.mcly->part;
    const std::uint64_t entries = m.mcly->data.size() / kMclyEntrySize;
    if (m.mcly->part == m.header->part && entries != m.sizes.nLayers) {
        warn(Error{ErrorCode::BadValue, chunk::MCNK, m.headerAt,
                   "nLayers " + std::to_string(m.sizes.nLayers) + " but MCLY holds " +
                       std::to_string(entries)});
    }
    std::vector<std::uint32_t> offsets; // of each layer's alpha map in MCAL
    if (!readLayerEntries(m.mcly->data, m.chunk, offsets)) {
        return false;
    }
    ByteReader alpha = m.mcal ? m.mcal->data : ByteReader();
    return readMcal(m.mcal ? &alpha : nullptr, m.mcly->data, offsets, m.chunk);
}

bool AdtReader::readLayerEntries(ByteReader mcly, MapChunk& chunk, std::vector<std::uint32_t>& offsets) {
    if (mcly.size() % kMclyEntrySize != 0 &&
        !problem(mcly.makeError(ErrorCode::BadValue,
                                "size " + std::to_string(mcly.size()) + " is not a multiple of 16"))) {
        return false;
    }
    const std::size_t count = std::size_t(mcly.size() / kMclyEntrySize);
    if (count > kMaxLayers &&
        !problem(
            mcly.makeError(ErrorCode::BadValue, std::to_string(count) + " layers, at most 4 are allowed"))) {
        return false;
    }
    chunk.layers.resize(count);
    offsets.assign(count, 0);
    const std::size_t textureCount = std::max(mAdt.textures.size(), mAdt.diffuseTextureIds.size());
    for (std::size_t i = 0; i < count; ++i) {
        TextureLayer& layer = chunk.layers[i];
        const std::uint64_t at = mcly.position();
        layer.textureIndex = mcly.u32();
        layer.flags = mcly.u32();
        offsets[i] = mcly.u32();
        layer.effectId = mcly.u32();
        if (layer.textureIndex >= textureCount &&
            !problem(Error{ErrorCode::BadValue, chunk::MCLY, mcly.absoluteAt(at),
                           "layer " + std::to_string(i) + " names texture " +
                               std::to_string(layer.textureIndex) + " of " + std::to_string(textureCount)})) {
            return false;
        }
        layer.hasAlpha = (layer.flags & mcly_flags::UseAlphaMap) != 0;
        if (layer.flags & mcly_flags::AlphaCompressed) {
            layer.encoding = AlphaEncoding::Rle;
        } else {
            layer.encoding = mBigAlpha ? AlphaEncoding::EightBit : AlphaEncoding::FourBit;
        }
        layer.sourceEncoding = layer.encoding;
    }
    return true;
}

// The alpha map of every layer that has one; `mcal` is nullptr when the MCNK has no MCAL.
bool AdtReader::readMcal(ByteReader* mcal, const ByteReader& mcly, const std::vector<std::uint32_t>& offsets,
                         MapChunk& chunk) {
    const bool doNotFix = (chunk.flags & mcnk_flags::DoNotFixAlphaMap) != 0;
    const std::size_t count = chunk.layers.size();
    for (std::size_t i = 0; i < count; ++i) {
        TextureLayer& layer = chunk.layers[i];
        if (!layer.hasAlpha) {
            continue;
        }
        if (!mcal) {
            if (!problem(
                    Error{ErrorCode::MissingChunk, chunk::MCAL, mcly.absoluteAt(0),
                          "layer " + std::to_string(i) + " uses an alpha map but the MCNK has no MCAL"})) {
                return false;
            }
            layer.hasAlpha = false;
            continue;
        }
        // Compressed maps run until 4096 pixels; bound them by the next layer's offset or MCAL's end.
        std::uint64_t end = mcal->size();
        for (std::size_t j = 0; j < count; ++j) {
            if (chunk.layers[j].hasAlpha && offsets[j] > offsets[i] && offsets[j] < end) {
                end = offsets[j];
            }
        }
        if (layer.encoding != AlphaEncoding::Rle) {
            end = mcal->size(); // uncompressed maps have a fixed size; only MCAL's end bounds them
        }
        if (!decodeLayerAlpha(*mcal, offsets[i], end, doNotFix, layer)) {
            return false;
        }
    }
    return true;
}

bool AdtReader::decodeLayerAlpha(ByteReader& mcal, std::uint32_t offset, std::uint64_t end, bool doNotFix,
                                 TextureLayer& layer) {
    const auto bytes = mcal.data();
    if (offset > bytes.size() || end > bytes.size() || offset > end) {
        return problem(Error{ErrorCode::SizeOutOfBounds, chunk::MCAL, mcal.absoluteAt(0),
                             "alpha map offset " + std::to_string(offset) + " is past the " +
                                 std::to_string(bytes.size()) + "-byte MCAL"});
    }
    const auto* base = reinterpret_cast<const std::uint8_t*>(bytes.data());
    std::span<const std::uint8_t> in(base + offset, std::size_t(end - offset));
    switch (layer.encoding) {
    case AlphaEncoding::Rle: {
        const RleDecodeResult res = decodeAlphaRle(in, layer.alpha);
        layer.sourceBytes.assign(in.begin(), in.begin() + std::ptrdiff_t(res.consumed));
        layer.sourceEncoding = AlphaEncoding::Rle;
        if (!res.complete) {
            return problem(Error{ErrorCode::Truncated, chunk::MCAL, mcal.absoluteAt(offset),
                                 "compressed alpha map ends after " + std::to_string(res.consumed) +
                                     " bytes before 4096 pixels"});
        }
        if (res.overran) {
            warn(Error{ErrorCode::BadValue, chunk::MCAL, mcal.absoluteAt(offset),
                       "compressed alpha map decodes past 4096 pixels (clamped)"});
        }
        return true;
    }
    case AlphaEncoding::EightBit:
        if (in.size() < kAlpha8BitBytes) {
            return problem(Error{ErrorCode::Truncated, chunk::MCAL, mcal.absoluteAt(offset),
                                 "8-bit alpha map needs 4096 bytes, " + std::to_string(in.size()) + " left"});
        }
        decodeAlpha8Bit(in.first(kAlpha8BitBytes), layer.alpha);
        return true;
    case AlphaEncoding::FourBit:
        if (in.size() < kAlpha4BitBytes) {
            return problem(Error{ErrorCode::Truncated, chunk::MCAL, mcal.absoluteAt(offset),
                                 "4-bit alpha map needs 2048 bytes, " + std::to_string(in.size()) + " left"});
        }
        decodeAlpha4Bit(in.first(kAlpha4BitBytes), doNotFix, layer.alpha);
        if (!doNotFix) {
            // The ignored nibbles make re-encoding lossy; keep the original bytes.
            layer.sourceBytes.assign(in.begin(), in.begin() + kAlpha4BitBytes);
            layer.sourceEncoding = AlphaEncoding::FourBit;
        }
        return true;
    }
    return true;
}

// Tallies this MCNK's flag-gated sub-chunks (MCCV, MCSH) whose presence disagrees with the flag.
void AdtReader::tallyGated(const McnkRead& m) {
    const auto tally = [&](Gated kind, FourCC id, std::uint64_t at, std::size_t part) {
        GatedTally& t = mGated[kind];
        if (t.count++ == 0) {
            t.first = Error{ErrorCode::BadValue, id, at, {}, mSplit ? mParts[part].name : std::string()};
            t.firstIndex = m.index;
        }
    };
    const MapChunk& c = m.chunk;
    const bool mccvFlag = (c.flags & mcnk_flags::HasVertexColors) != 0;
    const bool mcshFlag = (c.flags & mcnk_flags::HasShadow) != 0;
    const std::size_t headerPart = m.header->part;
    if (c.vertexColors && !mccvFlag) {
        tally(MccvDisabled, chunk::MCCV, m.mccvAt.at, m.mccvAt.part);
    } else if (!c.vertexColors && mccvFlag) {
        tally(MccvFlagAlone, chunk::MCNK, m.headerAt, headerPart);
    }
    if (c.shadow && !mcshFlag) {
        tally(McshDisabled, chunk::MCSH, m.mcshAt.at, m.mcshAt.part);
    } else if (!c.shadow && mcshFlag) {
        tally(McshFlagAlone, chunk::MCNK, m.headerAt, headerPart);
    }
}

} // namespace mapsmith::io
