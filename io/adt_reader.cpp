// ADT v18 reader: walks the top-level chunks, then each MCNK's sub-chunks. Sizes are checked against the
// bytes left before anything is read; offsets in the headers are not trusted (the writer rebuilds them).

#include "adt.h"
#include "byte_reader.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace mapsmith::io {
namespace {

constexpr std::size_t kMddfEntrySize = 36;
constexpr std::size_t kModfEntrySize = 64;
constexpr std::size_t kMclyEntrySize = 16;
constexpr std::size_t kMcvtSize = kVerticesPerChunk * 4; // 580
static_assert(kMcvtSize == 580);
static_assert(kMcnrEntriesSize + kMcnrPaddingSize == 448);

// Header words needed while walking an MCNK's sub-chunks.
struct McnkSizes {
    std::uint32_t ofsAlpha = 0;
    std::uint32_t sizeAlpha = 0;
    std::uint32_t ofsLiquid = 0;
    std::uint32_t sizeLiquid = 0;
    std::uint32_t nLayers = 0;
    std::uint32_t nDoodadRefs = 0;
    std::uint32_t nMapObjRefs = 0;
};

class AdtReader {
public:
    AdtReader(std::span<const std::byte> file, const AdtReadOptions& options)
        : mFile(file), mOptions(options) {
        mDiag.lenient = options.lenient;
    }

    Expected<AdtReadResult> run();

private:
    // Strict mode: the error ends the read. Lenient mode: a warning, and the caller goes on.
    bool problem(Error e) {
        if (!mOptions.lenient) {
            if (!mError) {
                mError = std::move(e);
            }
            return false;
        }
        mDiag.warnings.push_back(std::move(e));
        return true;
    }
    bool problemFrom(const ByteReader& r) { return problem(r.error()); }

    bool readStrings(ByteReader r, std::vector<std::string>& out, std::vector<std::uint32_t>* offsets);
    bool resolveNameTable(FourCC tableId, ByteReader idReader, const std::vector<std::string>& strings,
                          const std::vector<std::uint32_t>& stringOffsets, std::vector<std::string>& out);
    bool readDoodads(ByteReader r);
    bool readMapObjects(ByteReader r);
    bool readMcnk(ByteReader r, int index, MapChunk& chunk);
    bool readLayers(ByteReader mcly, ByteReader* mcal, std::uint32_t chunkFlags, MapChunk& chunk);
    bool decodeLayerAlpha(ByteReader& mcal, std::uint32_t offset, std::uint64_t end, bool doNotFix,
                          TextureLayer& layer);
    void inferAlphaDepth(const std::vector<std::pair<ByteReader, ByteReader>>& pending);

    std::span<const std::byte> mFile;
    AdtReadOptions mOptions;
    Diagnostics mDiag;
    std::optional<Error> mError;
    Adt mAdt;
    bool mBigAlpha = false;
    bool mDepthKnown = false;
    bool mInferred = false;
};

bool AdtReader::readStrings(ByteReader r, std::vector<std::string>& out, std::vector<std::uint32_t>* offsets) {
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

bool AdtReader::resolveNameTable(FourCC tableId, ByteReader idReader, const std::vector<std::string>& strings,
                                 const std::vector<std::uint32_t>& stringOffsets, std::vector<std::string>& out) {
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

Vec3f readVec3(ByteReader& r) {
    Vec3f v;
    v.x = r.f32();
    v.y = r.f32();
    v.z = r.f32();
    return v;
}

bool AdtReader::readDoodads(ByteReader r) {
    if (r.size() % kMddfEntrySize != 0 &&
        !problem(r.makeError(ErrorCode::BadValue, "size " + std::to_string(r.size()) +
                                                      " is not a multiple of 36"))) {
        return false;
    }
    const std::uint64_t count = r.size() / kMddfEntrySize;
    mAdt.doodads.resize(std::size_t(count));
    for (auto& d : mAdt.doodads) {
        const std::uint64_t at = r.position();
        d.nameIndex = r.u32();
        d.uniqueId = r.u32();
        d.position = readVec3(r);
        d.rotation = readVec3(r);
        d.scale = r.u16();
        d.flags = r.u16();
        if (d.nameIndex >= mAdt.modelNames.size() &&
            !problem(Error{ErrorCode::BadValue, chunk::MDDF, r.absoluteAt(at),
                           "nameId " + std::to_string(d.nameIndex) + " is past the " +
                               std::to_string(mAdt.modelNames.size()) + " MMID entries"})) {
            return false;
        }
    }
    return true;
}

bool AdtReader::readMapObjects(ByteReader r) {
    if (r.size() % kModfEntrySize != 0 &&
        !problem(r.makeError(ErrorCode::BadValue, "size " + std::to_string(r.size()) +
                                                      " is not a multiple of 64"))) {
        return false;
    }
    const std::uint64_t count = r.size() / kModfEntrySize;
    mAdt.mapObjects.resize(std::size_t(count));
    for (auto& m : mAdt.mapObjects) {
        const std::uint64_t at = r.position();
        m.nameIndex = r.u32();
        m.uniqueId = r.u32();
        m.position = readVec3(r);
        m.rotation = readVec3(r);
        m.extentsMin = readVec3(r);
        m.extentsMax = readVec3(r);
        m.flags = r.u16();
        m.doodadSet = r.u16();
        m.nameSet = r.u16();
        m.scale = r.u16();
        if (m.nameIndex >= mAdt.wmoNames.size() &&
            !problem(Error{ErrorCode::BadValue, chunk::MODF, r.absoluteAt(at),
                           "nameId " + std::to_string(m.nameIndex) + " is past the " +
                               std::to_string(mAdt.wmoNames.size()) + " MWID entries"})) {
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
            mDiag.warnings.push_back(Error{ErrorCode::BadValue, chunk::MCAL, mcal.absoluteAt(offset),
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

bool AdtReader::readLayers(ByteReader mcly, ByteReader* mcal, std::uint32_t chunkFlags, MapChunk& chunk) {
    if (mcly.size() % kMclyEntrySize != 0 &&
        !problem(mcly.makeError(ErrorCode::BadValue,
                                "size " + std::to_string(mcly.size()) + " is not a multiple of 16"))) {
        return false;
    }
    const std::size_t count = std::size_t(mcly.size() / kMclyEntrySize);
    if (count > 4 && !problem(mcly.makeError(ErrorCode::BadValue, std::to_string(count) + " layers, at most 4 are allowed"))) {
        return false;
    }
    chunk.layers.resize(count);
    std::vector<std::uint32_t> offsets(count, 0);
    for (std::size_t i = 0; i < count; ++i) {
        TextureLayer& layer = chunk.layers[i];
        const std::uint64_t at = mcly.position();
        layer.textureIndex = mcly.u32();
        layer.flags = mcly.u32();
        offsets[i] = mcly.u32();
        layer.effectId = mcly.u32();
        if (layer.textureIndex >= mAdt.textures.size() &&
            !problem(Error{ErrorCode::BadValue, chunk::MCLY, mcly.absoluteAt(at),
                           "layer " + std::to_string(i) + " names texture " +
                               std::to_string(layer.textureIndex) + " of " +
                               std::to_string(mAdt.textures.size())})) {
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
    const bool doNotFix = (chunkFlags & mcnk_flags::DoNotFixAlphaMap) != 0;
    for (std::size_t i = 0; i < count; ++i) {
        TextureLayer& layer = chunk.layers[i];
        if (!layer.hasAlpha) {
            continue;
        }
        if (!mcal) {
            if (!problem(Error{ErrorCode::MissingChunk, chunk::MCAL, mcly.absoluteAt(0),
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

bool AdtReader::readMcnk(ByteReader r, int index, MapChunk& c) {
    // Header (128 bytes), fields in file order.
    if (!r.ensure(kMcnkHeaderSize, "MCNK header")) {
        return problemFrom(r);
    }
    McnkSizes s;
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
    if ((c.indexX != std::uint32_t(index % kChunksPerSide) || c.indexY != std::uint32_t(index / kChunksPerSide)) &&
        !problem(Error{ErrorCode::BadValue, chunk::MCNK, r.absoluteAt(4),
                       "MCNK " + std::to_string(index) + " says it is (" + std::to_string(c.indexX) + ", " +
                           std::to_string(c.indexY) + ")"})) {
        return false;
    }

    // Sub-chunks.
    std::optional<ByteReader> mcly;
    std::optional<ByteReader> mcal;
    std::optional<ByteReader> mcrf;
    bool haveMcvt = false;
    bool haveMcnr = false;
    FourCC lastKnown;
    while (!r.failed() && r.remaining() >= 8) {
        const std::uint64_t at = r.position();
        const FourCC id = r.fourcc();
        std::uint64_t size = r.u32();
        const std::uint64_t rel = at + 8; // header offsets count from the MCNK's own chunk header
        // MCAL and MCLQ size fields are unreliable in Blizzard files; the client uses the header's.
        if (id == chunk::MCAL && s.ofsAlpha == rel && s.sizeAlpha >= 8 && s.sizeAlpha - 8 <= r.remaining()) {
            if (size != s.sizeAlpha - 8) {
                mDiag.warnings.push_back(Error{ErrorCode::BadValue, id, r.absoluteAt(at),
                                               "size field " + std::to_string(size) + " disagrees with sizeAlpha " +
                                                   std::to_string(s.sizeAlpha) + " (the header is used)"});
            }
            size = s.sizeAlpha - 8;
        } else if (id == chunk::MCLQ && s.ofsLiquid == rel && s.sizeLiquid > 8 &&
                   s.sizeLiquid - 8 <= r.remaining()) {
            size = s.sizeLiquid - 8;
        }
        if (size > r.remaining()) {
            return problem(Error{ErrorCode::SizeOutOfBounds, id, r.absoluteAt(at),
                                 "sub-chunk of " + std::to_string(size) + " bytes, only " +
                                     std::to_string(r.remaining()) + " left in the MCNK"});
        }
        ByteReader sub = r.sub(r.position(), size, id);
        r.skip(size);
        bool known = true;
        if (id == chunk::MCVT) {
            if (size != kMcvtSize) {
                if (!problem(Error{ErrorCode::BadValue, id, r.absoluteAt(at),
                                   "size " + std::to_string(size) + " is not 580"})) {
                    return false;
                }
            }
            std::memcpy(c.heights.data(), sub.data().data(), std::min<std::size_t>(size, kMcvtSize));
            haveMcvt = true;
        } else if (id == chunk::MCNR) {
            if (size < kMcnrEntriesSize) {
                if (!problem(Error{ErrorCode::BadValue, id, r.absoluteAt(at),
                                   "size " + std::to_string(size) + " is below 435"})) {
                    return false;
                }
            }
            std::memcpy(c.normals.data(), sub.data().data(), std::min<std::size_t>(size, kMcnrEntriesSize));
            if (size >= kMcnrEntriesSize + kMcnrPaddingSize) {
                c.normalPaddingInside = true;
                std::memcpy(c.normalPadding.data(), sub.data().data() + kMcnrEntriesSize, kMcnrPaddingSize);
            } else if (size == kMcnrEntriesSize && r.remaining() >= kMcnrPaddingSize) {
                // WotLK: 13 bytes follow the chunk without being counted in its size.
                r.bytes(std::span<std::uint8_t>(c.normalPadding));
            }
            haveMcnr = true;
        } else if (id == chunk::MCCV || id == chunk::MCLV) {
            auto& target = id == chunk::MCCV ? c.vertexColors : c.vertexLighting;
            target.emplace();
            if (size != kVerticesPerChunk * 4 &&
                !problem(Error{ErrorCode::BadValue, id, r.absoluteAt(at),
                               "size " + std::to_string(size) + " is not 580"})) {
                return false;
            }
            std::memcpy(target->data(), sub.data().data(), std::min<std::size_t>(size, kVerticesPerChunk * 4));
        } else if (id == chunk::MCLY) {
            mcly = sub;
        } else if (id == chunk::MCRF) {
            mcrf = sub;
        } else if (id == chunk::MCSH) {
            const auto* p = reinterpret_cast<const std::uint8_t*>(sub.data().data());
            c.shadow.emplace(p, p + size);
        } else if (id == chunk::MCAL) {
            mcal = sub;
        } else if (id == chunk::MCLQ) {
            c.mclq.emplace(sub.data().begin(), sub.data().end());
        } else if (id == chunk::MCSE) {
            c.soundEmitters.emplace(sub.data().begin(), sub.data().end());
        } else {
            known = false;
            c.unknown.push_back(RawChunk{id, lastKnown, {sub.data().begin(), sub.data().end()}});
        }
        if (known) {
            lastKnown = id;
        }
    }
    if (r.failed()) {
        return problemFrom(r);
    }
    if (r.remaining() != 0 &&
        !problem(Error{ErrorCode::BadValue, chunk::MCNK, r.absolute(),
                       std::to_string(r.remaining()) + " stray bytes at the end of the MCNK"})) {
        return false;
    }
    if (!haveMcvt && !problem(Error{ErrorCode::MissingChunk, chunk::MCVT, r.absoluteAt(0),
                                    "MCNK " + std::to_string(index) + " has no MCVT"})) {
        return false;
    }
    if (!haveMcnr && !problem(Error{ErrorCode::MissingChunk, chunk::MCNR, r.absoluteAt(0),
                                    "MCNK " + std::to_string(index) + " has no MCNR"})) {
        return false;
    }
    c.hasMcal = mcal.has_value();

    if (mcrf) {
        const std::uint64_t want = (std::uint64_t(s.nDoodadRefs) + s.nMapObjRefs) * 4;
        std::uint64_t doodadCount = s.nDoodadRefs;
        std::uint64_t objectCount = s.nMapObjRefs;
        if (want != mcrf->size()) {
            if (!problem(Error{ErrorCode::BadValue, chunk::MCRF, mcrf->absoluteAt(0),
                               "holds " + std::to_string(mcrf->size()) + " bytes but the header counts " +
                                   std::to_string(s.nDoodadRefs) + " doodad and " +
                                   std::to_string(s.nMapObjRefs) + " object references"})) {
                return false;
            }
            doodadCount = std::min<std::uint64_t>(doodadCount, mcrf->size() / 4);
            objectCount = std::min<std::uint64_t>(objectCount, mcrf->size() / 4 - doodadCount);
        }
        c.doodadRefs.resize(std::size_t(doodadCount));
        for (auto& v : c.doodadRefs) {
            v = mcrf->u32();
        }
        c.mapObjectRefs.resize(std::size_t(objectCount));
        for (auto& v : c.mapObjectRefs) {
            v = mcrf->u32();
        }
    } else if ((s.nDoodadRefs != 0 || s.nMapObjRefs != 0) &&
               !problem(Error{ErrorCode::MissingChunk, chunk::MCRF, r.absoluteAt(0),
                              "the header counts references but the MCNK has no MCRF"})) {
        return false;
    }
    for (auto ref : c.doodadRefs) {
        if (ref >= mAdt.doodads.size() &&
            !problem(Error{ErrorCode::BadValue, chunk::MCRF, mcrf->absoluteAt(0),
                           "doodad reference " + std::to_string(ref) + " is past the " +
                               std::to_string(mAdt.doodads.size()) + " MDDF entries"})) {
            return false;
        }
    }
    for (auto ref : c.mapObjectRefs) {
        if (ref >= mAdt.mapObjects.size() &&
            !problem(Error{ErrorCode::BadValue, chunk::MCRF, mcrf->absoluteAt(0),
                           "object reference " + std::to_string(ref) + " is past the " +
                               std::to_string(mAdt.mapObjects.size()) + " MODF entries"})) {
            return false;
        }
    }

    if (mcly) {
        if (mcly->size() / kMclyEntrySize != s.nLayers) {
            mDiag.warnings.push_back(Error{ErrorCode::BadValue, chunk::MCNK, r.absoluteAt(0),
                                           "nLayers " + std::to_string(s.nLayers) + " but MCLY holds " +
                                               std::to_string(mcly->size() / kMclyEntrySize)});
        }
        if (!readLayers(*mcly, mcal ? &*mcal : nullptr, c.flags, c)) {
            return false;
        }
    }
    return true;
}

// Without a WDT the depth follows from the uncompressed map sizes: 2048 bytes apart = 4-bit.
void AdtReader::inferAlphaDepth(const std::vector<std::pair<ByteReader, ByteReader>>& pending) {
    for (const auto& [mcly, mcal] : pending) {
        ByteReader ly = mcly;
        const std::size_t count = std::size_t(ly.size() / kMclyEntrySize);
        std::vector<std::pair<std::uint32_t, std::uint32_t>> entries; // offset, flags
        for (std::size_t i = 0; i < count; ++i) {
            ly.skip(4);
            const std::uint32_t flags = ly.u32();
            const std::uint32_t ofs = ly.u32();
            ly.skip(4);
            if (flags & mcly_flags::UseAlphaMap) {
                if (flags & mcly_flags::AlphaCompressed) {
                    mBigAlpha = true; // compression exists only with 8-bit depth
                    mDepthKnown = true;
                    return;
                }
                entries.emplace_back(ofs, flags);
            }
        }
        if (entries.empty() || ly.failed()) {
            continue;
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
            return;
        }
    }
}

Expected<AdtReadResult> AdtReader::run() {
    ByteReader file(mFile);
    struct Found {
        FourCC id;
        ByteReader data;
    };
    std::vector<Found> top;
    std::vector<ByteReader> mcnks;
    FourCC lastKnown;
    auto isKnownTop = [](FourCC id) {
        using namespace chunk;
        return id == MVER || id == MHDR || id == MCIN || id == MTEX || id == MMDX || id == MMID ||
               id == MWMO || id == MWID || id == MDDF || id == MODF || id == MH2O || id == MFBO ||
               id == MTXF || id == MCNK;
    };
    while (file.remaining() >= 8) {
        const std::uint64_t at = file.position();
        const FourCC id = file.fourcc();
        const std::uint32_t size = file.u32();
        if (size > file.remaining()) {
            file.setChunk(id);
            file.failAt(at, ErrorCode::SizeOutOfBounds,
                        "chunk of " + std::to_string(size) + " bytes, only " + std::to_string(file.remaining()) +
                            " left in the file");
            if (!problemFrom(file)) {
                return *mError;
            }
            break;
        }
        ByteReader data = file.sub(file.position(), size, id);
        file.skip(size);
        if (id == chunk::MCNK) {
            mcnks.push_back(data);
        } else if (isKnownTop(id)) {
            top.push_back({id, data});
        } else {
            mAdt.unknown.push_back(RawChunk{id, lastKnown, {data.data().begin(), data.data().end()}});
        }
        if (isKnownTop(id)) {
            lastKnown = id;
        }
    }
    if (file.remaining() != 0 &&
        !problem(Error{ErrorCode::Truncated, FourCC{}, file.absolute(),
                       std::to_string(file.remaining()) + " stray bytes after the last chunk"})) {
        return *mError;
    }
    auto find = [&](FourCC id) -> std::optional<ByteReader> {
        std::optional<ByteReader> result;
        for (const auto& f : top) {
            if (f.id == id) {
                if (result) {
                    problem(Error{ErrorCode::BadValue, id, f.data.absoluteAt(0) - 8,
                                  "a second " + id.str() + " chunk (the first one is used)"});
                    continue;
                }
                result = f.data;
            }
        }
        return result;
    };

    // MVER
    auto mver = find(chunk::MVER);
    if (!mver) {
        problem(Error{ErrorCode::MissingChunk, chunk::MVER, 0, "the file has no MVER chunk"});
        if (mError) {
            return *mError;
        }
    } else {
        mAdt.version = mver->u32("version");
        if (mver->failed() && !problemFrom(*mver)) {
            return *mError;
        }
        if (mAdt.version != 18 &&
            !problem(Error{ErrorCode::UnsupportedVersion, chunk::MVER, mver->absoluteAt(0),
                           "version " + std::to_string(mAdt.version) + ", only 18 is supported"})) {
            return *mError;
        }
    }
    // MHDR
    auto mhdr = find(chunk::MHDR);
    if (!mhdr) {
        if (!problem(Error{ErrorCode::MissingChunk, chunk::MHDR, 0, "the file has no MHDR chunk"})) {
            return *mError;
        }
    } else {
        if (mhdr->size() < 64 && !problem(mhdr->makeError(ErrorCode::BadValue,
                                                          "size " + std::to_string(mhdr->size()) + " is not 64"))) {
            return *mError;
        }
        mAdt.headerFlags = mhdr->u32();
        if (mhdr->size() >= 64) {
            mhdr->seek(0x30);
            mhdr->bytes(std::span<std::uint8_t>(mAdt.headerTail));
        }
    }
    if (!find(chunk::MCIN) &&
        !problem(Error{ErrorCode::MissingChunk, chunk::MCIN, 0, "the file has no MCIN chunk"})) {
        return *mError;
    }
    if (mError) {
        return *mError;
    }

    // Name tables and placements.
    if (auto mtex = find(chunk::MTEX)) {
        if (!readStrings(*mtex, mAdt.textures, nullptr)) {
            return *mError;
        }
    }
    auto readNames = [&](FourCC stringsId, FourCC idsId, std::vector<std::string>& out) -> bool {
        std::vector<std::string> strings;
        std::vector<std::uint32_t> offsets;
        auto s = find(stringsId);
        if (s && !readStrings(*s, strings, &offsets)) {
            return false;
        }
        auto ids = find(idsId);
        if (!ids) {
            out = strings; // no id table: every name in order
            return true;
        }
        return resolveNameTable(idsId, *ids, strings, offsets, out);
    };
    if (!readNames(chunk::MMDX, chunk::MMID, mAdt.modelNames) ||
        !readNames(chunk::MWMO, chunk::MWID, mAdt.wmoNames)) {
        return *mError;
    }
    if (auto mddf = find(chunk::MDDF); mddf && !readDoodads(*mddf)) {
        return *mError;
    }
    if (auto modf = find(chunk::MODF); modf && !readMapObjects(*modf)) {
        return *mError;
    }
    if (auto mh2o = find(chunk::MH2O)) {
        auto liquids = readMh2o(*mh2o, mDiag);
        if (!liquids) {
            if (!problem(liquids.error())) {
                return *mError;
            }
        } else {
            mAdt.liquids = std::move(liquids.value());
        }
    }
    if (auto mfbo = find(chunk::MFBO)) {
        if (mfbo->size() != 36 &&
            !problem(mfbo->makeError(ErrorCode::BadValue, "size " + std::to_string(mfbo->size()) + " is not 36"))) {
            return *mError;
        }
        if (mfbo->size() >= 36) {
            auto& fb = mAdt.flightBounds.emplace();
            for (auto& v : fb) {
                v = mfbo->i16();
            }
        }
    }
    if (auto mtxf = find(chunk::MTXF)) {
        if (mtxf->size() % 4 != 0 &&
            !problem(mtxf->makeError(ErrorCode::BadValue, "size " + std::to_string(mtxf->size()) +
                                                              " is not a multiple of 4"))) {
            return *mError;
        }
        auto& flags = mAdt.textureFlags.emplace(std::size_t(mtxf->size() / 4));
        for (auto& f : flags) {
            f = mtxf->u32();
        }
    }

    // Alpha depth: the WDT's word wins; otherwise infer from the first MCNK that tells.
    if (mOptions.bigAlpha) {
        mBigAlpha = *mOptions.bigAlpha;
        mDepthKnown = true;
    }

    if (mcnks.empty() && mOptions.lenient) {
        // Nothing to read leniently: report the first problem, the likely cause.
        return !mDiag.warnings.empty() ? mDiag.warnings.front()
                                       : Error{ErrorCode::MissingChunk, chunk::MCNK, 0, "the file has no MCNK chunks"};
    }
    if (mcnks.size() != std::size_t(kChunksPerTile)) {
        if (!problem(Error{ErrorCode::MissingChunk, chunk::MCNK, mcnks.empty() ? 0 : mcnks.front().absoluteAt(0) - 8,
                           "the file has " + std::to_string(mcnks.size()) + " MCNK chunks, 256 are required"})) {
            return *mError;
        }
    }
    if (!mDepthKnown) {
        // Locate MCLY/MCAL of a few MCNKs cheaply to infer the depth.
        std::vector<std::pair<ByteReader, ByteReader>> pending;
        for (const auto& m : mcnks) {
            ByteReader r = m;
            if (!r.skip(kMcnkHeaderSize)) {
                continue;
            }
            std::optional<ByteReader> ly, al;
            while (r.remaining() >= 8) {
                const FourCC id = r.fourcc();
                std::uint64_t size = r.u32();
                if (id == chunk::MCNR && size == kMcnrEntriesSize && r.remaining() >= kMcnrEntriesSize + kMcnrPaddingSize) {
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
                pending.emplace_back(*ly, *al);
                inferAlphaDepth(pending);
                pending.clear();
                if (mDepthKnown) {
                    break;
                }
            }
        }
        mInferred = true;
    }
    mAdt.bigAlpha = mBigAlpha;

    mAdt.chunks.resize(std::size_t(kChunksPerTile));
    for (std::size_t i = 0; i < mcnks.size() && i < std::size_t(kChunksPerTile); ++i) {
        MapChunk& c = mAdt.chunks[i];
        c.indexX = std::uint32_t(i % kChunksPerSide);
        c.indexY = std::uint32_t(i / kChunksPerSide);
        if (!readMcnk(mcnks[i], int(i), c)) {
            return *mError;
        }
    }
    for (std::size_t i = mcnks.size(); i < std::size_t(kChunksPerTile); ++i) {
        mAdt.chunks[i].indexX = std::uint32_t(i % kChunksPerSide);
        mAdt.chunks[i].indexY = std::uint32_t(i / kChunksPerSide);
    }
    if (mError) {
        return *mError;
    }
    AdtReadResult result;
    result.adt = std::move(mAdt);
    result.warnings = std::move(mDiag.warnings);
    result.bigAlphaInferred = mInferred;
    return result;
}

} // namespace

Expected<AdtReadResult> readAdt(std::span<const std::byte> file, const AdtReadOptions& options) {
    AdtReader reader(file, options);
    return reader.run();
}

} // namespace mapsmith::io
