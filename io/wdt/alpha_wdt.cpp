// 0.5.3 alpha WDT reader. Every chunk is located through an offset the file gives and checked against
// the bytes there are (64-bit arithmetic) before anything is read; every field goes through ByteReader.

#include "io/wdt/alpha_wdt.h"

#include "io/adt/detail/placement_records.h"
#include "io/binary/byte_reader.h"
#include "io/binary/hex.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <utility>

namespace mapsmith::io {
namespace {

constexpr std::uint64_t kChunkHeaderSize = 8;

// SMMapHeader: four u32, 112 bytes of padding.
static_assert(kAlphaMphdSize == 4 * 4 + std::tuple_size_v<decltype(AlphaMapHeader::padding)>);
// SMAreaInfo: offset, size, flags, 4 bytes of padding.
static_assert(kAlphaAreaInfoSize == 4 * sizeof(std::uint32_t));
static_assert(kAlphaMainSize == 4096 * kAlphaAreaInfoSize);
// SMAreaHeader: seven u32, 36 bytes of padding.
static_assert(kAlphaMhdrSize == 7 * 4 + std::tuple_size_v<decltype(AlphaAreaHeader::padding)>);
static_assert(kAlphaMcinEntrySize == 4 * sizeof(std::uint32_t));
// SMChunk: 16 u32 (flags .. nMapObjRefs), holes + pad (2 u16), predTex (8 u16), noEffectDoodad (8 bytes),
// offsSndEmitters, nSndEmitters, offsLiquid (3 u32), 24 bytes of padding.
static_assert(kAlphaMcnkHeaderSize == 16 * 4 + 2 * 2 + 8 * 2 + 8 + 3 * 4 + 24);
static_assert(std::tuple_size_v<decltype(AlphaChunk::predTex)> == 8 * 2);
static_assert(std::tuple_size_v<decltype(AlphaChunk::headerTail)> == 24);
static_assert(kAlphaMcvtSize == 580 && kAlphaMcnrSize == 448);
// SMLayer: textureId, props, offsAlpha (u32), effectId, pad (u16).
static_assert(kAlphaMclyEntrySize == 3 * 4 + 2 * 2);
// SMDoodadDef: nameId, uniqueId, position, rotation, scale, flags.
static_assert(kAlphaMddfEntrySize == 2 * 4 + 6 * sizeof(float) + 2 * 2);
// SMMapObjDef: nameId, uniqueId, position, rotation, extents (2 x 3 floats), four u16.
static_assert(kAlphaModfEntrySize == 2 * 4 + 12 * sizeof(float) + 4 * 2);
static_assert(kAlphaAlphaMapSize == 64 * 32);
// SMLiquidChunk: min/max height, 9x9 vertices of 8 bytes, 8x8 tile bytes, nFlowvs, two flows of 10 floats.
static_assert(kAlphaLiquidSize == 2 * 4 + 81 * 8 + 64 + 4 + 2 * 10 * 4);
// CWSoundEmitter (0.5.3): two ids, position, three distances, eleven u32.
static_assert(kAlphaSoundEmitterSize == 2 * 4 + 3 * 4 + 3 * 4 + 11 * 4);
static_assert(sizeof(float) == 4 && std::numeric_limits<float>::is_iec559);

std::string tileName(int index) {
    return "tile (" + std::to_string(index % 64) + ", " + std::to_string(index / 64) + ")";
}

// The data of the chunk whose header is at absolute `at`, which must be `id` and end by `limit`.
Expected<ByteReader> chunkAt(std::span<const std::byte> file, std::uint64_t at, FourCC id,
                             std::uint64_t limit) {
    limit = std::min<std::uint64_t>(limit, file.size());
    if (at > limit || limit - at < kChunkHeaderSize) {
        const std::uint64_t left = at > limit ? 0 : limit - at;
        return Error{ErrorCode::Truncated, id, std::min<std::uint64_t>(at, file.size()),
                     id.str() + " header at " + hex(at) + " needs 8 bytes, " + std::to_string(left) +
                         " left"};
    }
    ByteReader r(file, 0, id);
    r.seek(at);
    const FourCC found = r.fourcc();
    const std::uint64_t size = r.u32();
    if (found != id) {
        return Error{ErrorCode::BadMagic, id, at, "expected " + id.str() + ", found " + found.str()};
    }
    if (size > limit - at - kChunkHeaderSize) {
        return Error{ErrorCode::SizeOutOfBounds, id, at,
                     "size " + std::to_string(size) + " runs past " + hex(limit) + " (" +
                         std::to_string(limit - at - kChunkHeaderSize) + " bytes left)"};
    }
    return ByteReader(file.subspan(std::size_t(at + kChunkHeaderSize), std::size_t(size)),
                      at + kChunkHeaderSize, id);
}

// NUL-terminated names filling the chunk. `count` (the MPHD field) may be the names or the names + 1
// (the client splits the block on NUL, which leaves an empty last piece); nullopt: no count to check.
std::optional<Error> readNames(ByteReader r, std::optional<std::uint32_t> count,
                               std::vector<std::string>& out) {
    const auto bytes = r.data();
    const char* p = reinterpret_cast<const char*>(bytes.data());
    std::size_t start = 0;
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        if (p[i] == '\0') {
            out.emplace_back(p + start, i - start);
            start = i + 1;
        }
    }
    if (start < bytes.size()) {
        return Error{ErrorCode::BadValue, r.chunk(), r.absoluteAt(start),
                     "the last name has no terminating NUL"};
    }
    if (count && *count != out.size() && std::uint64_t(*count) != out.size() + 1) {
        return Error{ErrorCode::CountOverflow, r.chunk(), r.absoluteAt(0),
                     "MPHD says " + std::to_string(*count) + " names, the chunk holds " +
                         std::to_string(out.size())};
    }
    return std::nullopt;
}

// MODF entries whose name ids must index `names`.
std::optional<Error> readMapObjects(ByteReader r, std::size_t nameCount,
                                    std::vector<MapObjectPlacement>& out) {
    if (r.size() % kAlphaModfEntrySize != 0) {
        return r.makeError(ErrorCode::BadValue, "size " + std::to_string(r.size()) +
                                                    " is not a multiple of " +
                                                    std::to_string(kAlphaModfEntrySize));
    }
    out.resize(std::size_t(r.size() / kAlphaModfEntrySize));
    for (auto& m : out) {
        const std::uint64_t at = r.absolute();
        readMapObjectRecord(r, m);
        if (m.nameIndex >= nameCount) {
            return Error{ErrorCode::BadValue, r.chunk(), at,
                         "name id " + std::to_string(m.nameIndex) + " is past the " +
                             std::to_string(nameCount) + " MONM names"};
        }
    }
    return std::nullopt;
}

class TileReader {
public:
    TileReader(const AlphaWdt& wdt, std::span<const std::byte> file, AlphaTile& tile)
        : mWdt(wdt), mFile(file), mTile(tile) {}

    std::optional<Error> read(std::uint64_t tileStart, std::uint64_t tileEnd);

private:
    std::optional<Error> readChunk(int index, ByteReader data, std::uint64_t fieldsAt);

    const AlphaWdt& mWdt;
    std::span<const std::byte> mFile;
    AlphaTile& mTile;
};

std::optional<Error> TileReader::read(std::uint64_t tileStart, std::uint64_t tileEnd) {
    auto mhdr = chunkAt(mFile, tileStart, chunk::MHDR, tileEnd);
    if (!mhdr) {
        return mhdr.error();
    }
    if (mhdr->size() < kAlphaMhdrSize) {
        return mhdr->makeError(ErrorCode::BadValue, "size " + std::to_string(mhdr->size()) + " is below " +
                                                        std::to_string(kAlphaMhdrSize));
    }
    AlphaAreaHeader& h = mTile.header;
    h.mcinOffset = mhdr->u32();
    h.mtexOffset = mhdr->u32();
    h.mtexSize = mhdr->u32();
    h.mddfOffset = mhdr->u32();
    h.mddfSize = mhdr->u32();
    h.modfOffset = mhdr->u32();
    h.modfSize = mhdr->u32();
    mhdr->bytes(std::span<std::uint8_t>(h.padding));
    // MHDR offsets count from the MHDR data, as in v18. Some writers count from the end of the MHDR data
    // instead (MCIN at offset 0); the base is the one that finds MCIN.
    std::uint64_t base = tileStart + kChunkHeaderSize;
    if (!chunkAt(mFile, base + h.mcinOffset, chunk::MCIN, tileEnd) &&
        chunkAt(mFile, base + kAlphaMhdrSize + h.mcinOffset, chunk::MCIN, tileEnd)) {
        base += kAlphaMhdrSize;
    }

    // The tile's own chunks lie between its MHDR and its first MCNK (the MAIN entry's size).
    auto part = [&](std::uint32_t rel, FourCC id) { return chunkAt(mFile, base + rel, id, tileEnd); };
    auto sizeNote = [&](const ByteReader& r, std::uint32_t stated, const char* field) {
        if (stated != r.size()) {
            mTile.warnings.push_back(Error{ErrorCode::BadValue, r.chunk(), r.absoluteAt(0) - kChunkHeaderSize,
                                           std::string("MHDR ") + field + " " + std::to_string(stated) +
                                               " disagrees with the chunk's size " +
                                               std::to_string(r.size())});
        }
    };

    auto mcin = part(h.mcinOffset, chunk::MCIN);
    if (!mcin) {
        return mcin.error();
    }
    if (mcin->size() < 256 * kAlphaMcinEntrySize) {
        return mcin->makeError(ErrorCode::BadValue,
                               "size " + std::to_string(mcin->size()) + " is below 4096");
    }
    for (auto& e : mTile.chunkInfo) {
        e.offset = mcin->u32();
        e.size = mcin->u32();
        e.flags = mcin->u32();
        e.asyncId = mcin->u32();
    }

    auto mtex = part(h.mtexOffset, chunk::MTEX);
    if (!mtex) {
        return mtex.error();
    }
    sizeNote(*mtex, h.mtexSize, "sizeTex");
    if (auto e = readNames(*mtex, std::nullopt, mTile.textures)) {
        return e;
    }

    auto mddf = part(h.mddfOffset, chunk::MDDF);
    if (!mddf) {
        return mddf.error();
    }
    sizeNote(*mddf, h.mddfSize, "sizeDoo");
    if (mddf->size() % kAlphaMddfEntrySize != 0) {
        return mddf->makeError(ErrorCode::BadValue,
                               "size " + std::to_string(mddf->size()) + " is not a multiple of 36");
    }
    mTile.doodads.resize(std::size_t(mddf->size() / kAlphaMddfEntrySize));
    for (auto& d : mTile.doodads) {
        const std::uint64_t at = mddf->absolute();
        readDoodadRecord(*mddf, d);
        if (d.nameIndex >= mWdt.doodadNames.size()) {
            return Error{ErrorCode::BadValue, chunk::MDDF, at,
                         "name id " + std::to_string(d.nameIndex) + " is past the " +
                             std::to_string(mWdt.doodadNames.size()) + " MDNM names"};
        }
    }

    auto modf = part(h.modfOffset, chunk::MODF);
    if (!modf) {
        return modf.error();
    }
    sizeNote(*modf, h.modfSize, "sizeMob");
    if (auto e = readMapObjects(*modf, mWdt.mapObjectNames.size(), mTile.mapObjects)) {
        return e;
    }

    // MCNKs, where MCIN says; each lies in the file, outside the tile's header chunks.
    mTile.chunks.resize(256);
    const std::uint64_t mcinAt = mcin->absoluteAt(0);
    for (int i = 0; i < 256; ++i) {
        const AlphaChunkInfo& info = mTile.chunkInfo[std::size_t(i)];
        const std::uint64_t entryAt = mcinAt + std::uint64_t(i) * kAlphaMcinEntrySize;
        if (info.offset == 0) {
            return Error{ErrorCode::MissingChunk, chunk::MCIN, entryAt,
                         "MCNK " + std::to_string(i) + " has offset 0"};
        }
        auto mcnk = chunkAt(mFile, info.offset, chunk::MCNK, mFile.size());
        if (!mcnk) {
            Error e = mcnk.error();
            e.message = "MCNK " + std::to_string(i) + " (MCIN entry at " + hex(entryAt) + "): " + e.message;
            return e;
        }
        const std::uint64_t end = std::uint64_t(info.offset) + kChunkHeaderSize + mcnk->size();
        if (info.offset < tileEnd && end > tileStart) {
            return Error{ErrorCode::BadValue, chunk::MCIN, entryAt,
                         "MCNK " + std::to_string(i) + " at " + hex(info.offset) +
                             " overlaps the tile's header chunks (" + hex(tileStart) + ".." + hex(tileEnd) +
                             ")"};
        }
        if (auto e = readChunk(i, *mcnk, mcnk->absoluteAt(0))) {
            return e;
        }
    }
    return std::nullopt;
}

std::optional<Error> TileReader::readChunk(int index, ByteReader r, std::uint64_t fieldsAt) {
    AlphaChunk& c = mTile.chunks[std::size_t(index)];
    if (!r.ensure(kAlphaMcnkHeaderSize, "MCNK header")) {
        return r.error();
    }
    c.flags = r.u32();
    c.indexX = r.u32();
    c.indexY = r.u32();
    c.radius = r.f32();
    const std::uint32_t nLayers = r.u32();
    const std::uint32_t nDoodadRefs = r.u32();
    AlphaChunkOffsets& o = c.offsets;
    o.heights = r.u32();
    o.normals = r.u32();
    o.layers = r.u32();
    o.refs = r.u32();
    o.alpha = r.u32();
    o.alphaSize = r.u32();
    o.shadow = r.u32();
    o.shadowSize = r.u32();
    c.areaId = r.u32();
    const std::uint32_t nMapObjRefs = r.u32();
    c.holes = r.u16();
    c.headerPad = r.u16();
    r.bytes(std::span<std::uint8_t>(c.predTex));
    r.bytes(std::span<std::uint8_t>(c.noEffectDoodad));
    o.soundEmitters = r.u32();
    const std::uint32_t nSndEmitters = r.u32();
    o.liquid = r.u32();
    r.bytes(std::span<std::uint8_t>(c.headerTail));
    if (c.indexX != std::uint32_t(index % 16) || c.indexY != std::uint32_t(index / 16)) {
        return Error{ErrorCode::BadValue, chunk::MCNK, fieldsAt + 4,
                     "MCNK " + std::to_string(index) + " says it is (" + std::to_string(c.indexX) + ", " +
                         std::to_string(c.indexY) + ")"};
    }
    if (nLayers > std::uint32_t(kAlphaMaxLayers)) {
        return Error{ErrorCode::CountOverflow, chunk::MCNK, fieldsAt + 0x10,
                     std::to_string(nLayers) + " layers, at most 4 are allowed"};
    }

    // Blocks after the header; offsets count from the end of the header. A block that does not fit is
    // reported at the header field that points at it.
    const std::uint64_t bodyAt = fieldsAt + kAlphaMcnkHeaderSize;
    const auto body = r.data().subspan(kAlphaMcnkHeaderSize);
    auto block = [&](std::uint64_t rel, std::uint64_t size, FourCC id, std::uint64_t field,
                     const char* fieldName) -> Expected<ByteReader> {
        if (rel > body.size() || size > body.size() - rel) {
            return Error{ErrorCode::SizeOutOfBounds, id, fieldsAt + field,
                         std::to_string(size) + " bytes at +" + std::to_string(rel) + " (" + fieldName +
                             ") run past the " + std::to_string(body.size()) +
                             " bytes after the MCNK header"};
        }
        return ByteReader(body.subspan(std::size_t(rel), std::size_t(size)), bodyAt + rel, id);
    };
    // MCLY and MCRF keep a chunk header; with a count of 0 it may be missing.
    auto named = [&](std::uint32_t rel, FourCC id, std::uint64_t count, std::uint64_t entrySize,
                     std::uint64_t field, const char* fieldName) -> Expected<std::optional<ByteReader>> {
        if (count == 0 && (rel > body.size() || body.size() - rel < kChunkHeaderSize ||
                           ByteReader(body.subspan(rel, kChunkHeaderSize)).fourcc() != id)) {
            return std::optional<ByteReader>{};
        }
        auto header = block(rel, kChunkHeaderSize, id, field, fieldName);
        if (!header) {
            return header.error();
        }
        const FourCC found = header->fourcc();
        const std::uint64_t size = header->u32();
        if (found != id) {
            return Error{ErrorCode::BadMagic, id, bodyAt + rel,
                         "expected " + id.str() + ", found " + found.str()};
        }
        if (size != count * entrySize) {
            return Error{ErrorCode::CountOverflow, id, bodyAt + rel,
                         "size " + std::to_string(size) + " does not hold the header's " +
                             std::to_string(count) + " entries of " + std::to_string(entrySize) + " bytes"};
        }
        auto data = block(std::uint64_t(rel) + kChunkHeaderSize, size, id, field, fieldName);
        if (!data) {
            return data.error();
        }
        return std::optional<ByteReader>(*data);
    };

    auto mcvt = block(o.heights, kAlphaMcvtSize, chunk::MCVT, 0x18, "offsHeight");
    if (!mcvt) {
        return mcvt.error();
    }
    for (float& h : c.heights) {
        h = mcvt->f32();
    }
    auto mcnr = block(o.normals, kAlphaMcnrSize, chunk::MCNR, 0x1C, "offsNormal");
    if (!mcnr) {
        return mcnr.error();
    }
    for (auto& n : c.normals) {
        for (auto& v : n) {
            v = mcnr->i8();
        }
    }
    mcnr->bytes(std::span<std::uint8_t>(c.normalPadding));

    auto mcly = named(o.layers, chunk::MCLY, nLayers, kAlphaMclyEntrySize, 0x20, "offsLayer");
    if (!mcly) {
        return mcly.error();
    }
    c.layers.resize(nLayers);
    std::vector<std::uint64_t> layerAt(nLayers, 0);
    for (std::size_t i = 0; i < c.layers.size(); ++i) {
        ByteReader& m = **mcly;
        AlphaLayer& layer = c.layers[i];
        layerAt[i] = m.absolute();
        layer.textureId = m.u32();
        layer.props = m.u32();
        layer.alphaOffset = m.u32();
        layer.effectId = m.u16();
        layer.padding = m.u16();
        if (layer.textureId >= mTile.textures.size()) {
            return Error{ErrorCode::BadValue, chunk::MCLY, layerAt[i],
                         "layer " + std::to_string(i) + " names texture " + std::to_string(layer.textureId) +
                             " of " + std::to_string(mTile.textures.size())};
        }
    }

    const std::uint64_t refCount = std::uint64_t(nDoodadRefs) + nMapObjRefs;
    auto mcrf = named(o.refs, chunk::MCRF, refCount, 4, 0x24, "offsRefs");
    if (!mcrf) {
        return mcrf.error();
    }
    // Sizes checked by `named`: the counts are backed by bytes.
    c.doodadRefs.resize(nDoodadRefs);
    c.mapObjectRefs.resize(nMapObjRefs);
    for (auto* refs : {&c.doodadRefs, &c.mapObjectRefs}) {
        const bool doodads = refs == &c.doodadRefs;
        const std::size_t names = doodads ? mWdt.doodadNames.size() : mWdt.mapObjectNames.size();
        for (auto& ref : *refs) {
            const std::uint64_t at = (*mcrf)->absolute();
            ref = (*mcrf)->u32();
            if (ref >= names) {
                return Error{ErrorCode::BadValue, chunk::MCRF, at,
                             std::string(doodads ? "doodad" : "map object") + " reference " +
                                 std::to_string(ref) + " is past the " + std::to_string(names) +
                                 (doodads ? " MDNM" : " MONM") + " names"};
            }
        }
    }

    if (o.shadowSize > 0) {
        auto mcsh = block(o.shadow, o.shadowSize, chunk::MCSH, 0x30, "offsShadow");
        if (!mcsh) {
            return mcsh.error();
        }
        c.shadow.resize(o.shadowSize);
        mcsh->bytes(std::span<std::uint8_t>(c.shadow));
    }

    const bool anyAlpha = std::any_of(c.layers.begin(), c.layers.end(), [](const AlphaLayer& l) {
        return (l.props & mcly_flags::UseAlphaMap) != 0;
    });
    if (anyAlpha) {
        auto mcal = block(o.alpha, o.alphaSize, chunk::MCAL, 0x28, "offsAlpha");
        if (!mcal) {
            return mcal.error();
        }
        for (std::size_t i = 0; i < c.layers.size(); ++i) {
            AlphaLayer& layer = c.layers[i];
            if ((layer.props & mcly_flags::UseAlphaMap) == 0) {
                continue;
            }
            if (layer.alphaOffset > mcal->size() || mcal->size() - layer.alphaOffset < kAlphaAlphaMapSize) {
                return Error{ErrorCode::SizeOutOfBounds, chunk::MCLY, layerAt[i] + 8,
                             "layer " + std::to_string(i) + ": a 2048-byte alpha map at +" +
                                 std::to_string(layer.alphaOffset) + " runs past the " +
                                 std::to_string(mcal->size()) + "-byte MCAL"};
            }
            auto& map = layer.alphaMap.emplace();
            mcal->seek(layer.alphaOffset);
            mcal->bytes(std::span<std::uint8_t>(map));
        }
    }

    std::size_t liquidCount = 0;
    for (std::uint32_t f : kAlphaLiquidFlags) {
        liquidCount += (c.flags & f) != 0 ? 1 : 0;
    }
    if (liquidCount > 0) {
        auto mclq = block(o.liquid, liquidCount * kAlphaLiquidSize, chunk::MCLQ, 0x64, "offsLiquid");
        if (!mclq) {
            return mclq.error();
        }
        c.liquids.resize(liquidCount);
        for (AlphaLiquid& l : c.liquids) {
            l.minHeight = mclq->f32();
            l.maxHeight = mclq->f32();
            for (auto& v : l.vertices) {
                mclq->bytes(std::span<std::uint8_t>(v.data));
                v.height = mclq->f32();
            }
            mclq->bytes(std::span<std::uint8_t>(l.tiles));
            l.flowCount = mclq->u32();
            for (auto& f : l.flows) {
                f.sphereCenter = readVec3(*mclq);
                f.sphereRadius = mclq->f32();
                f.direction = readVec3(*mclq);
                f.velocity = mclq->f32();
                f.amplitude = mclq->f32();
                f.frequency = mclq->f32();
            }
        }
    }

    if (nSndEmitters > 0) {
        auto mcse = block(o.soundEmitters, std::uint64_t(nSndEmitters) * kAlphaSoundEmitterSize, chunk::MCSE,
                          0x5C, "offsSndEmitters");
        if (!mcse) {
            return mcse.error();
        }
        c.soundEmitters.resize(nSndEmitters);
        for (AlphaSoundEmitter& s : c.soundEmitters) {
            s.soundPointId = mcse->u32();
            s.soundNameId = mcse->u32();
            s.position = readVec3(*mcse);
            s.minDistance = mcse->f32();
            s.maxDistance = mcse->f32();
            s.cutoffDistance = mcse->f32();
            s.startTime = mcse->u32();
            s.endTime = mcse->u32();
            s.mode = mcse->u32();
            s.groupSilenceMin = mcse->u32();
            s.groupSilenceMax = mcse->u32();
            s.playInstancesMin = mcse->u32();
            s.playInstancesMax = mcse->u32();
            s.loopCountMin = mcse->u32();
            s.loopCountMax = mcse->u32();
            s.interSoundGapMin = mcse->u32();
            s.interSoundGapMax = mcse->u32();
        }
    }
    return std::nullopt;
}

} // namespace

bool AlphaWdt::hasTile(int x, int y) const {
    return x >= 0 && x < 64 && y >= 0 && y < 64 && hasTile(y * 64 + x);
}

bool AlphaWdt::hasTile(int index) const {
    return index >= 0 && index < 4096 && areas[std::size_t(index)].offset != 0;
}

int AlphaWdt::tileCount() const {
    return int(
        std::count_if(areas.begin(), areas.end(), [](const AlphaAreaInfo& a) { return a.offset != 0; }));
}

std::vector<int> AlphaWdt::tileIndices() const {
    std::vector<int> out;
    for (int i = 0; i < 4096; ++i) {
        if (areas[std::size_t(i)].offset != 0) {
            out.push_back(i);
        }
    }
    return out;
}

bool AlphaWdt::firstMapObjectIsDummy() const {
    if (!mapObjects || mapObjects->empty()) {
        return false;
    }
    MapObjectPlacement dummy;
    dummy.uniqueId = 0xFFFFFFFF;
    const MapObjectPlacement& m = mapObjects->front();
    // Bit patterns, so -0.0 or a NaN is not taken for the dummy's zeros.
    auto zero = [](const Vec3f& v) {
        return std::bit_cast<std::uint32_t>(v.x) == 0 && std::bit_cast<std::uint32_t>(v.y) == 0 &&
               std::bit_cast<std::uint32_t>(v.z) == 0;
    };
    return m.nameIndex == 0 && m.uniqueId == dummy.uniqueId && zero(m.position) && zero(m.rotation) &&
           zero(m.extentsMin) && zero(m.extentsMax) && m.flags == 0 && m.doodadSet == 0 && m.nameSet == 0 &&
           m.scale == 0;
}

bool isAlphaWdt(std::span<const std::byte> file) {
    ByteReader r(file);
    if (r.fourcc() != chunk::MVER) {
        return false;
    }
    const std::uint64_t mverSize = r.u32();
    if (r.failed() || !r.skip(mverSize) || r.fourcc() != chunk::MPHD || r.u32() != kAlphaMphdSize) {
        return false;
    }
    return !r.failed() && r.skip(kAlphaMphdSize) && r.fourcc() == chunk::MAIN && r.u32() == kAlphaMainSize &&
           !r.failed();
}

Expected<AlphaWdt> readAlphaWdt(std::span<const std::byte> file) {
    AlphaWdt wdt;
    wdt.fileSize = file.size();
    auto mver = chunkAt(file, 0, chunk::MVER, file.size());
    if (!mver) {
        return mver.error();
    }
    if (mver->size() < 4) {
        return mver->makeError(ErrorCode::BadValue, "size " + std::to_string(mver->size()) + " is below 4");
    }
    wdt.version = mver->u32();
    if (wdt.version != kAlphaWdtVersion) {
        return Error{ErrorCode::UnsupportedVersion, chunk::MVER, 8,
                     "version " + std::to_string(wdt.version) + ", expected 18"};
    }
    const std::uint64_t mphdAt = kChunkHeaderSize + mver->size();
    auto mphd = chunkAt(file, mphdAt, chunk::MPHD, file.size());
    if (!mphd) {
        return mphd.error();
    }
    if (mphd->size() != kAlphaMphdSize) {
        return Error{ErrorCode::BadValue, chunk::MPHD, mphdAt,
                     "size " + std::to_string(mphd->size()) + " is not 128 (not an alpha WDT)"};
    }
    AlphaMapHeader& h = wdt.header;
    h.doodadNameCount = mphd->u32();
    h.doodadNamesOffset = mphd->u32();
    h.mapObjectNameCount = mphd->u32();
    h.mapObjectNamesOffset = mphd->u32();
    mphd->bytes(std::span<std::uint8_t>(h.padding));

    const std::uint64_t mainAt = mphdAt + kChunkHeaderSize + kAlphaMphdSize;
    auto main = chunkAt(file, mainAt, chunk::MAIN, file.size());
    if (!main) {
        return main.error();
    }
    if (main->size() != kAlphaMainSize) {
        return Error{ErrorCode::BadValue, chunk::MAIN, mainAt,
                     "size " + std::to_string(main->size()) + " is not 65536 (4096 entries of 16 bytes)"};
    }
    wdt.mainOffset = main->absoluteAt(0);
    for (auto& a : wdt.areas) {
        a.offset = main->u32();
        a.size = main->u32();
        a.flags = main->u32();
        a.padding = main->u32();
    }
    const std::uint64_t mainEnd = wdt.mainOffset + kAlphaMainSize;
    std::uint64_t headerEnd = mainEnd;

    // Name lists where MPHD says; both lie after MAIN.
    auto names = [&](std::uint32_t count, std::uint32_t offset, FourCC id, std::uint64_t field,
                     std::vector<std::string>& out) -> std::optional<Error> {
        if (offset == 0 && count == 0) {
            return std::nullopt;
        }
        if (offset < mainEnd) {
            return Error{ErrorCode::BadValue, chunk::MPHD, mphdAt + kChunkHeaderSize + field,
                         id.str() + " offset " + hex(offset) + " lies before the end of MAIN (" +
                             hex(mainEnd) + ")"};
        }
        auto r = chunkAt(file, offset, id, file.size());
        if (!r) {
            return r.error();
        }
        headerEnd = std::max(headerEnd, r->absoluteAt(r->size()));
        return readNames(*r, count, out);
    };
    if (auto e = names(h.doodadNameCount, h.doodadNamesOffset, FourCC{"MDNM"}, 4, wdt.doodadNames)) {
        return *e;
    }
    if (auto e =
            names(h.mapObjectNameCount, h.mapObjectNamesOffset, FourCC{"MONM"}, 12, wdt.mapObjectNames)) {
        return *e;
    }

    // The global MODF: the chunk right after the map's own chunks, when it is one.
    if (file.size() >= kChunkHeaderSize && headerEnd <= file.size() - kChunkHeaderSize) {
        ByteReader peek(file.subspan(std::size_t(headerEnd), kChunkHeaderSize));
        if (peek.fourcc() == chunk::MODF) {
            auto modf = chunkAt(file, headerEnd, chunk::MODF, file.size());
            if (!modf) {
                return modf.error();
            }
            if (auto e = readMapObjects(*modf, wdt.mapObjectNames.size(), wdt.mapObjects.emplace())) {
                return *e;
            }
            headerEnd = modf->absoluteAt(modf->size());
        }
    }

    // Tiles: inside the file, after the map's chunks, not overlapping each other.
    std::vector<int> present;
    for (int i = 0; i < 4096; ++i) {
        const AlphaAreaInfo& a = wdt.areas[std::size_t(i)];
        if (a.offset == 0) {
            continue;
        }
        const std::uint64_t entryAt = wdt.mainOffset + std::uint64_t(i) * kAlphaAreaInfoSize;
        if (a.offset < headerEnd) {
            return Error{ErrorCode::BadValue, chunk::MAIN, entryAt,
                         tileName(i) + " at " + hex(a.offset) +
                             " lies inside the map's chunks (which end at " + hex(headerEnd) + ")"};
        }
        if (a.size < kChunkHeaderSize + kAlphaMhdrSize) {
            return Error{ErrorCode::BadValue, chunk::MAIN, entryAt,
                         tileName(i) + " has size " + std::to_string(a.size) + ", too small for its MHDR"};
        }
        if (std::uint64_t(a.offset) + a.size > file.size()) {
            return Error{ErrorCode::SizeOutOfBounds, chunk::MAIN, entryAt,
                         tileName(i) + ": " + std::to_string(a.size) + " bytes at " + hex(a.offset) +
                             " run past the end of the file (" + std::to_string(file.size()) + " bytes)"};
        }
        present.push_back(i);
    }
    std::sort(present.begin(), present.end(), [&](int a, int b) {
        return wdt.areas[std::size_t(a)].offset < wdt.areas[std::size_t(b)].offset;
    });
    for (std::size_t k = 1; k < present.size(); ++k) {
        const AlphaAreaInfo& prev = wdt.areas[std::size_t(present[k - 1])];
        const AlphaAreaInfo& cur = wdt.areas[std::size_t(present[k])];
        if (std::uint64_t(prev.offset) + prev.size > cur.offset) {
            return Error{ErrorCode::BadValue, chunk::MAIN,
                         wdt.mainOffset + std::uint64_t(present[k]) * kAlphaAreaInfoSize,
                         tileName(present[k]) + " at " + hex(cur.offset) + " overlaps " +
                             tileName(present[k - 1]) + " (" + hex(prev.offset) + " + " +
                             std::to_string(prev.size) + ")"};
        }
    }
    return wdt;
}

Expected<AlphaTile> readAlphaTile(const AlphaWdt& wdt, std::span<const std::byte> file, int index) {
    if (index < 0 || index >= 4096) {
        return Error{ErrorCode::BadValue, chunk::MAIN, 0,
                     "tile index " + std::to_string(index) + " is outside 0..4095"};
    }
    const std::uint64_t entryAt = wdt.mainOffset + std::uint64_t(index) * kAlphaAreaInfoSize;
    if (file.size() != wdt.fileSize) {
        return Error{ErrorCode::BadValue, chunk::MAIN, 0,
                     "the map table was read from " + std::to_string(wdt.fileSize) + " bytes, not " +
                         std::to_string(file.size())};
    }
    const AlphaAreaInfo& a = wdt.areas[std::size_t(index)];
    if (a.offset == 0) {
        return Error{ErrorCode::MissingChunk, chunk::MAIN, entryAt, tileName(index) + " is not in the map"};
    }
    const std::uint64_t end = std::uint64_t(a.offset) + a.size;
    if (end > file.size()) {
        return Error{ErrorCode::SizeOutOfBounds, chunk::MAIN, entryAt,
                     tileName(index) + " runs past the end of the file"};
    }
    AlphaTile tile;
    tile.index = index;
    TileReader reader(wdt, file, tile);
    if (auto e = reader.read(a.offset, end)) {
        return *e;
    }
    return tile;
}

} // namespace mapsmith::io
