#include "core/edit/chunk_snapshot.h"

#include "io/binary/byte_reader.h"
#include "io/binary/byte_writer.h"

#include <zlib.h>

#include <cstring>

namespace mapsmith::core {
namespace {

constexpr std::uint32_t kMagic = 0x4D534331; // "MSC1": format of the packed fields

using io::ByteReader;
using io::ByteWriter;

template <class T, std::size_t N> void putArray(ByteWriter& w, const std::array<T, N>& a) {
    w.bytes(std::as_bytes(std::span(a)));
}
template <class T, std::size_t N> void getArray(ByteReader& r, std::array<T, N>& a) {
    r.bytes(std::as_writable_bytes(std::span(a)));
}
void putBlob(ByteWriter& w, std::span<const std::byte> b) {
    w.u32(std::uint32_t(b.size()));
    w.bytes(b);
}
// `n` counts bytes; the vector gets n / sizeof(element) elements.
template <class Vec> bool getBlob(ByteReader& r, Vec& out) {
    using T = typename Vec::value_type;
    const std::uint32_t n = r.u32();
    if (n % sizeof(T) != 0 || !r.ensure(n, "blob")) {
        return false;
    }
    out.resize(n / sizeof(T));
    r.bytes(std::as_writable_bytes(std::span(out)));
    return true;
}
void putVec3(ByteWriter& w, const io::Vec3f& v) {
    w.f32(v.x);
    w.f32(v.y);
    w.f32(v.z);
}
io::Vec3f getVec3(ByteReader& r) {
    io::Vec3f v;
    v.x = r.f32();
    v.y = r.f32();
    v.z = r.f32();
    return v;
}
void putRaw(ByteWriter& w, const std::vector<io::RawChunk>& raws) {
    w.u32(std::uint32_t(raws.size()));
    for (const auto& raw : raws) {
        w.u32(raw.id.value);
        w.u32(raw.after.value);
        putBlob(w, raw.data);
    }
}
bool getRaw(ByteReader& r, std::vector<io::RawChunk>& raws) {
    const std::uint32_t n = r.u32();
    if (n > r.remaining()) {
        return false;
    }
    raws.resize(n);
    for (auto& raw : raws) {
        raw.id = io::FourCC(r.u32());
        raw.after = io::FourCC(r.u32());
        if (!getBlob(r, raw.data)) {
            return false;
        }
    }
    return !r.failed();
}

void packChunk(ByteWriter& w, const io::MapChunk& c) {
    w.u32(c.flags);
    w.u32(c.indexX);
    w.u32(c.indexY);
    w.u32(c.areaId);
    w.u16(c.holesLowRes);
    w.u16(c.unknownButUsed);
    w.u64(c.holesHighRes);
    putArray(w, c.lowQualityTextureMap);
    putArray(w, c.noEffectDoodad);
    putVec3(w, c.position);
    w.u32(c.soundEmitterCount);
    w.u32(c.unusedTail);
    putArray(w, c.heights);
    putArray(w, c.normals);
    putArray(w, c.normalPadding);
    w.u8(c.v18McnrDeclares448 ? 1 : 0);
    w.u8(c.vertexColors ? 1 : 0);
    if (c.vertexColors) {
        putArray(w, *c.vertexColors);
    }
    w.u8(c.vertexLighting ? 1 : 0);
    if (c.vertexLighting) {
        putArray(w, *c.vertexLighting);
    }
    w.u32(std::uint32_t(c.layers.size()));
    for (const auto& l : c.layers) {
        w.u32(l.textureIndex);
        w.u32(l.flags);
        w.u32(l.effectId);
        w.u8(l.hasAlpha ? 1 : 0);
        w.u8(std::uint8_t(l.encoding));
        w.u8(std::uint8_t(l.sourceEncoding));
        if (l.hasAlpha) {
            putArray(w, l.alpha);
        } else {
            // Not meaningful, but kept so equality (and therefore undo) is exact.
            putArray(w, l.alpha);
        }
        putBlob(w, std::as_bytes(std::span(l.sourceBytes)));
    }
    putBlob(w, std::as_bytes(std::span(c.doodadRefs)));
    putBlob(w, std::as_bytes(std::span(c.mapObjectRefs)));
    w.u8(c.shadow ? 1 : 0);
    if (c.shadow) {
        putBlob(w, std::as_bytes(std::span(*c.shadow)));
    }
    w.u8(c.hasMcal ? 1 : 0);
    w.u8(c.mclq ? 1 : 0);
    if (c.mclq) {
        putBlob(w, *c.mclq);
    }
    w.u8(c.soundEmitters ? 1 : 0);
    if (c.soundEmitters) {
        putBlob(w, *c.soundEmitters);
    }
    putRaw(w, c.unknown);
}

bool unpackChunk(ByteReader& r, io::MapChunk& c) {
    c.flags = r.u32();
    c.indexX = r.u32();
    c.indexY = r.u32();
    c.areaId = r.u32();
    c.holesLowRes = r.u16();
    c.unknownButUsed = r.u16();
    c.holesHighRes = r.u64();
    getArray(r, c.lowQualityTextureMap);
    getArray(r, c.noEffectDoodad);
    c.position = getVec3(r);
    c.soundEmitterCount = r.u32();
    c.unusedTail = r.u32();
    getArray(r, c.heights);
    getArray(r, c.normals);
    getArray(r, c.normalPadding);
    c.v18McnrDeclares448 = r.u8() != 0;
    c.vertexColors.reset();
    if (r.u8() != 0) {
        getArray(r, c.vertexColors.emplace());
    }
    c.vertexLighting.reset();
    if (r.u8() != 0) {
        getArray(r, c.vertexLighting.emplace());
    }
    const std::uint32_t layers = r.u32();
    if (layers > r.remaining()) {
        return false;
    }
    c.layers.resize(layers);
    for (auto& l : c.layers) {
        l.textureIndex = r.u32();
        l.flags = r.u32();
        l.effectId = r.u32();
        l.hasAlpha = r.u8() != 0;
        l.encoding = io::AlphaEncoding(r.u8());
        l.sourceEncoding = io::AlphaEncoding(r.u8());
        getArray(r, l.alpha);
        if (!getBlob(r, l.sourceBytes)) {
            return false;
        }
    }
    if (!getBlob(r, c.doodadRefs) || !getBlob(r, c.mapObjectRefs)) {
        return false;
    }
    c.shadow.reset();
    if (r.u8() != 0 && !getBlob(r, c.shadow.emplace())) {
        return false;
    }
    c.hasMcal = r.u8() != 0;
    c.mclq.reset();
    if (r.u8() != 0 && !getBlob(r, c.mclq.emplace())) {
        return false;
    }
    c.soundEmitters.reset();
    if (r.u8() != 0 && !getBlob(r, c.soundEmitters.emplace())) {
        return false;
    }
    return getRaw(r, c.unknown);
}

void packLiquid(ByteWriter& w, const io::LiquidChunk& lc) {
    w.u8(lc.attributes ? 1 : 0);
    if (lc.attributes) {
        w.u64(lc.attributes->fishable);
        w.u64(lc.attributes->deep);
    }
    w.u32(std::uint32_t(lc.instances.size()));
    for (const auto& in : lc.instances) {
        w.u16(in.liquidType);
        w.u16(in.liquidObjectOrLvf);
        w.f32(in.minHeight);
        w.f32(in.maxHeight);
        w.u8(in.xOffset);
        w.u8(in.yOffset);
        w.u8(in.width);
        w.u8(in.height);
        w.u8(in.existsBitmap ? 1 : 0);
        if (in.existsBitmap) {
            putBlob(w, std::as_bytes(std::span(*in.existsBitmap)));
        }
        w.u8(in.vertexFormat ? std::uint8_t(1 + std::uint8_t(*in.vertexFormat)) : 0);
        putBlob(w, std::as_bytes(std::span(in.heights)));
        putBlob(w, std::as_bytes(std::span(in.depths)));
        putBlob(w, std::as_bytes(std::span(in.uvs)));
    }
}

bool unpackLiquid(ByteReader& r, io::LiquidChunk& lc) {
    lc.attributes.reset();
    if (r.u8() != 0) {
        auto& a = lc.attributes.emplace();
        a.fishable = r.u64();
        a.deep = r.u64();
    }
    const std::uint32_t n = r.u32();
    if (n > r.remaining()) {
        return false;
    }
    lc.instances.resize(n);
    for (auto& in : lc.instances) {
        in.liquidType = r.u16();
        in.liquidObjectOrLvf = r.u16();
        in.minHeight = r.f32();
        in.maxHeight = r.f32();
        in.xOffset = r.u8();
        in.yOffset = r.u8();
        in.width = r.u8();
        in.height = r.u8();
        in.existsBitmap.reset();
        if (r.u8() != 0 && !getBlob(r, in.existsBitmap.emplace())) {
            return false;
        }
        const std::uint8_t format = r.u8();
        in.vertexFormat.reset();
        if (format != 0) {
            in.vertexFormat = io::LiquidVertexFormat(format - 1);
        }
        if (!getBlob(r, in.heights) || !getBlob(r, in.depths) || !getBlob(r, in.uvs)) {
            return false;
        }
    }
    return !r.failed();
}

static_assert(sizeof(io::LiquidUv) == 4);

} // namespace

std::vector<std::byte> packChunkState(const io::MapChunk& chunk, const io::LiquidChunk& liquid) {
    ByteWriter w(24 * 1024);
    w.u32(kMagic);
    packChunk(w, chunk);
    packLiquid(w, liquid);
    return w.take();
}

bool unpackChunkState(std::span<const std::byte> packed, ChunkState& out) {
    ByteReader r(packed);
    if (r.u32() != kMagic) {
        return false;
    }
    if (!unpackChunk(r, out.chunk) || !unpackLiquid(r, out.liquid)) {
        return false;
    }
    return !r.failed() && r.atEnd();
}

TileState TileState::of(const io::Adt& adt) {
    return {adt.textures, adt.textureFlags, adt.modelNames, adt.wmoNames, adt.doodads, adt.mapObjects};
}

void TileState::applyTo(io::Adt& adt) const {
    adt.textures = textures;
    adt.textureFlags = textureFlags;
    adt.modelNames = modelNames;
    adt.wmoNames = wmoNames;
    adt.doodads = doodads;
    adt.mapObjects = mapObjects;
}

ChunkSnapshot ChunkSnapshot::capture(const io::MapChunk& chunk, const io::LiquidChunk& liquid) {
    const std::vector<std::byte> raw = packChunkState(chunk, liquid);
    ChunkSnapshot s;
    s.mRawSize = raw.size();
    uLongf bound = compressBound(uLong(raw.size()));
    s.mPacked.resize(bound);
    // Level 1: snapshots are taken while the user paints; speed matters more than the last 10%.
    const int rc = compress2(reinterpret_cast<Bytef*>(s.mPacked.data()), &bound,
                             reinterpret_cast<const Bytef*>(raw.data()), uLong(raw.size()), 1);
    if (rc != Z_OK) {
        // Cannot happen with a buffer of compressBound() bytes; keep the raw bytes rather than lose them.
        s.mPacked = raw;
        s.mRawSize = 0;
        return s;
    }
    s.mPacked.resize(bound);
    s.mPacked.shrink_to_fit();
    return s;
}

void ChunkSnapshot::spillTo(SnapshotSpill& spill) {
    if (mSpill || mPacked.empty()) {
        return;
    }
    if (const auto where = spill.write(mPacked)) {
        mSpill = &spill;
        mWhere = *where;
        std::vector<std::byte>().swap(mPacked);
    }
}

bool ChunkSnapshot::restore(ChunkState& out) const {
    std::vector<std::byte> fromDisk;
    if (mSpill) {
        fromDisk = mSpill->read(mWhere);
        if (fromDisk.size() != mWhere.size) {
            return false;
        }
    }
    const std::vector<std::byte>& packed = mSpill ? fromDisk : mPacked;
    if (mRawSize == 0) {
        return unpackChunkState(packed, out); // stored uncompressed
    }
    std::vector<std::byte> raw(mRawSize);
    uLongf size = uLongf(mRawSize);
    const int rc = uncompress(reinterpret_cast<Bytef*>(raw.data()), &size,
                              reinterpret_cast<const Bytef*>(packed.data()), uLong(packed.size()));
    if (rc != Z_OK || size != mRawSize) {
        return false;
    }
    return unpackChunkState(raw, out);
}

} // namespace mapsmith::core
