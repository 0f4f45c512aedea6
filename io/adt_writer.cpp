// ADT v18 writer: Blizzard's chunk order with every offset, size and count rebuilt from the model.

#include "adt.h"
#include "byte_writer.h"

#include <algorithm>
#include <cstring>

namespace mapsmith::io {
namespace {

constexpr std::size_t kMhdrSize = 64;
constexpr std::size_t kMcinSize = 16 * 256;

// MHDR offset slots (index into the 16 words after flags), relative to the MHDR data start.
enum class MhdrSlot : std::size_t { Mcin = 0, Mtex, Mmdx, Mmid, Mwmo, Mwid, Mddf, Modf, Mfbo, Mh2o, Mtxf };

void writeVec3(ByteWriter& w, const Vec3f& v) {
    w.f32(v.x);
    w.f32(v.y);
    w.f32(v.z);
}

void writeUnknownAfter(ByteWriter& w, const std::vector<RawChunk>& unknown, FourCC after) {
    for (const auto& u : unknown) {
        if (u.after == after) {
            const std::size_t at = w.beginChunk(u.id);
            w.bytes(std::span<const std::byte>(u.data));
            w.endChunk(at);
        }
    }
}

// Writes a NUL-separated name table; returns each name's offset.
std::vector<std::uint32_t> writeNames(ByteWriter& w, FourCC id, const std::vector<std::string>& names) {
    std::vector<std::uint32_t> offsets;
    offsets.reserve(names.size());
    const std::size_t at = w.beginChunk(id);
    const std::size_t start = w.size();
    for (const auto& n : names) {
        offsets.push_back(std::uint32_t(w.size() - start));
        w.cstring(n);
    }
    w.endChunk(at);
    return offsets;
}

void writeIds(ByteWriter& w, FourCC id, const std::vector<std::uint32_t>& offsets) {
    const std::size_t at = w.beginChunk(id);
    for (auto o : offsets) {
        w.u32(o);
    }
    w.endChunk(at);
}

// True when the kept source bytes still decode to the layer's current map under the same encoding.
bool sourceStillValid(const TextureLayer& layer, AlphaEncoding target, bool doNotFix) {
    if (layer.sourceBytes.empty() || layer.sourceEncoding != target) {
        return false;
    }
    AlphaMap check;
    switch (target) {
    case AlphaEncoding::Rle: {
        const auto res = decodeAlphaRle(layer.sourceBytes, check);
        if (!res.complete) {
            return false;
        }
        break;
    }
    case AlphaEncoding::FourBit:
        if (!decodeAlpha4Bit(layer.sourceBytes, doNotFix, check)) {
            return false;
        }
        break;
    case AlphaEncoding::EightBit:
        if (!decodeAlpha8Bit(layer.sourceBytes, check)) {
            return false;
        }
        break;
    }
    return check == layer.alpha;
}

class McnkWriter {
public:
    McnkWriter(ByteWriter& w, const AdtWriteOptions& options) : mW(w), mOptions(options) {}

    void write(const MapChunk& c) {
        const std::size_t chunkAt = mW.beginChunk(chunk::MCNK);
        const std::size_t h = mW.size(); // header start; sub-chunk offsets are relative to chunkAt
        mW.zeros(kMcnkHeaderSize);
        auto rel = [&]() { return std::uint32_t(mW.size() - chunkAt); };
        auto putHeader = [&](std::size_t fieldOffset, std::uint32_t v) { mW.patchU32(h + fieldOffset, v); };

        std::uint32_t flags = c.flags & ~(mcnk_flags::HasShadow | mcnk_flags::HasVertexColors);
        if (c.shadow) {
            flags |= mcnk_flags::HasShadow;
        }
        if (c.vertexColors) {
            flags |= mcnk_flags::HasVertexColors;
        }
        const bool doNotFix = (flags & mcnk_flags::DoNotFixAlphaMap) != 0;

        // MCVT
        std::uint32_t ofsHeight = rel();
        std::size_t at = mW.beginChunk(chunk::MCVT);
        mW.bytes(std::as_bytes(std::span(c.heights)));
        mW.endChunk(at);
        writeUnknownAfter(mW, c.unknown, chunk::MCVT);
        // MCCV
        std::uint32_t ofsMccv = 0;
        if (c.vertexColors) {
            ofsMccv = rel();
            at = mW.beginChunk(chunk::MCCV);
            mW.bytes(std::as_bytes(std::span(*c.vertexColors)));
            mW.endChunk(at);
            writeUnknownAfter(mW, c.unknown, chunk::MCCV);
        }
        std::uint32_t ofsMclv = 0;
        if (c.vertexLighting) {
            ofsMclv = rel();
            at = mW.beginChunk(chunk::MCLV);
            mW.bytes(std::as_bytes(std::span(*c.vertexLighting)));
            mW.endChunk(at);
            writeUnknownAfter(mW, c.unknown, chunk::MCLV);
        }
        // MCNR: 435 bytes + 13 padding outside the chunk (WotLK), or 448 inside.
        std::uint32_t ofsNormal = rel();
        at = mW.beginChunk(chunk::MCNR);
        mW.bytes(std::as_bytes(std::span(c.normals)));
        mW.bytes(std::span<const std::uint8_t>(c.normalPadding));
        mW.endChunk(at, c.normalPaddingInside ? 0 : kMcnrPaddingSize);
        writeUnknownAfter(mW, c.unknown, chunk::MCNR);

        // Alpha maps first, so MCLY can name their offsets.
        mAlpha.clear();
        mLayerOffsets.assign(c.layers.size(), 0);
        mLayerEncodings.assign(c.layers.size(), AlphaEncoding::FourBit);
        for (std::size_t i = 0; i < c.layers.size(); ++i) {
            const TextureLayer& layer = c.layers[i];
            if (!layer.hasAlpha) {
                continue;
            }
            const AlphaEncoding enc = mOptions.alphaEncoding.value_or(layer.encoding);
            mLayerEncodings[i] = enc;
            mLayerOffsets[i] = std::uint32_t(mAlpha.size());
            if (sourceStillValid(layer, enc, doNotFix)) {
                mAlpha.insert(mAlpha.end(), layer.sourceBytes.begin(), layer.sourceBytes.end());
                continue;
            }
            switch (enc) {
            case AlphaEncoding::FourBit:
                encodeAlpha4Bit(layer.alpha, doNotFix, mAlpha);
                break;
            case AlphaEncoding::EightBit:
                encodeAlpha8Bit(layer.alpha, mAlpha);
                break;
            case AlphaEncoding::Rle:
                encodeAlphaRle(layer.alpha, mAlpha);
                break;
            }
        }

        // MCLY
        const std::uint32_t ofsLayer = rel();
        at = mW.beginChunk(chunk::MCLY);
        for (std::size_t i = 0; i < c.layers.size(); ++i) {
            const TextureLayer& layer = c.layers[i];
            std::uint32_t lf = layer.flags & ~(mcly_flags::UseAlphaMap | mcly_flags::AlphaCompressed);
            if (layer.hasAlpha) {
                lf |= mcly_flags::UseAlphaMap;
                if (mLayerEncodings[i] == AlphaEncoding::Rle) {
                    lf |= mcly_flags::AlphaCompressed;
                }
            }
            mW.u32(layer.textureIndex);
            mW.u32(lf);
            mW.u32(mLayerOffsets[i]);
            mW.u32(layer.effectId);
        }
        mW.endChunk(at);
        writeUnknownAfter(mW, c.unknown, chunk::MCLY);
        // MCRF
        const std::uint32_t ofsRefs = rel();
        at = mW.beginChunk(chunk::MCRF);
        for (auto r : c.doodadRefs) {
            mW.u32(r);
        }
        for (auto r : c.mapObjectRefs) {
            mW.u32(r);
        }
        mW.endChunk(at);
        writeUnknownAfter(mW, c.unknown, chunk::MCRF);
        // MCSH
        std::uint32_t ofsShadow = 0;
        std::uint32_t sizeShadow = 0;
        if (c.shadow) {
            ofsShadow = rel();
            sizeShadow = std::uint32_t(c.shadow->size());
            at = mW.beginChunk(chunk::MCSH);
            mW.bytes(std::span<const std::uint8_t>(*c.shadow));
            mW.endChunk(at);
            writeUnknownAfter(mW, c.unknown, chunk::MCSH);
        }
        // MCAL
        std::uint32_t ofsAlpha = 0;
        std::uint32_t sizeAlpha = 0;
        if (c.hasMcal || !mAlpha.empty()) {
            ofsAlpha = rel();
            at = mW.beginChunk(chunk::MCAL);
            mW.bytes(std::span<const std::uint8_t>(mAlpha));
            mW.endChunk(at);
            sizeAlpha = std::uint32_t(mAlpha.size() + 8);
            writeUnknownAfter(mW, c.unknown, chunk::MCAL);
        }
        // MCLQ
        std::uint32_t ofsLiquid = 0;
        std::uint32_t sizeLiquid = 0;
        if (c.mclq) {
            ofsLiquid = rel();
            at = mW.beginChunk(chunk::MCLQ);
            mW.bytes(std::span<const std::byte>(*c.mclq));
            // The client takes MCLQ's size from the header; Blizzard files store 0 in the chunk itself.
            mW.patchU32(at + 4, 0);
            sizeLiquid = std::uint32_t(c.mclq->size() + 8);
            writeUnknownAfter(mW, c.unknown, chunk::MCLQ);
        }
        // MCSE
        std::uint32_t ofsSnd = 0;
        if (c.soundEmitters) {
            ofsSnd = rel();
            at = mW.beginChunk(chunk::MCSE);
            mW.bytes(std::span<const std::byte>(*c.soundEmitters));
            mW.endChunk(at);
            writeUnknownAfter(mW, c.unknown, chunk::MCSE);
        }
        // Unknown chunks whose anchor is gone, and those that came before every known chunk.
        for (const auto& u : c.unknown) {
            const FourCC a = u.after;
            const bool anchored = a == chunk::MCVT || a == chunk::MCNR || a == chunk::MCLY || a == chunk::MCRF ||
                                  (a == chunk::MCCV && c.vertexColors) || (a == chunk::MCLV && c.vertexLighting) ||
                                  (a == chunk::MCSH && c.shadow) || (a == chunk::MCAL && ofsAlpha != 0) ||
                                  (a == chunk::MCLQ && c.mclq) || (a == chunk::MCSE && c.soundEmitters);
            if (!anchored) {
                at = mW.beginChunk(u.id);
                mW.bytes(std::span<const std::byte>(u.data));
                mW.endChunk(at);
            }
        }

        // Header.
        putHeader(0x00, flags);
        putHeader(0x04, c.indexX);
        putHeader(0x08, c.indexY);
        putHeader(0x0C, std::uint32_t(c.layers.size()));
        putHeader(0x10, std::uint32_t(c.doodadRefs.size()));
        if (flags & mcnk_flags::HighResHoles) {
            putHeader(0x14, std::uint32_t(c.holesHighRes));
            putHeader(0x18, std::uint32_t(c.holesHighRes >> 32));
        } else {
            putHeader(0x14, ofsHeight);
            putHeader(0x18, ofsNormal);
        }
        putHeader(0x1C, ofsLayer);
        putHeader(0x20, ofsRefs);
        putHeader(0x24, ofsAlpha);
        putHeader(0x28, sizeAlpha);
        putHeader(0x2C, ofsShadow);
        putHeader(0x30, sizeShadow);
        putHeader(0x34, c.areaId);
        putHeader(0x38, std::uint32_t(c.mapObjectRefs.size()));
        putHeader(0x3C, std::uint32_t(c.holesLowRes) | std::uint32_t(c.unknownButUsed) << 16);
        mW.patchBytes(h + 0x40, c.lowQualityTextureMap);
        mW.patchBytes(h + 0x50, c.noEffectDoodad);
        putHeader(0x58, ofsSnd);
        putHeader(0x5C, c.soundEmitterCount);
        putHeader(0x60, ofsLiquid);
        putHeader(0x64, sizeLiquid);
        std::uint32_t pos[3];
        std::memcpy(pos, &c.position, sizeof pos);
        putHeader(0x68, pos[0]);
        putHeader(0x6C, pos[1]);
        putHeader(0x70, pos[2]);
        putHeader(0x74, ofsMccv);
        putHeader(0x78, ofsMclv);
        putHeader(0x7C, c.unusedTail);
        mW.endChunk(chunkAt);
    }

private:
    ByteWriter& mW;
    const AdtWriteOptions& mOptions;
    std::vector<std::uint8_t> mAlpha;
    std::vector<std::uint32_t> mLayerOffsets;
    std::vector<AlphaEncoding> mLayerEncodings;
};

} // namespace

std::vector<std::byte> writeAdt(const Adt& adt, const AdtWriteOptions& options) {
    ByteWriter w(std::size_t(2) * 1024 * 1024);
    const auto& unknown = adt.unknown;
    // MVER at 0, MHDR at 0xC and MCIN at 0x54 are what the map extractors require: unknown chunks
    // that stood before MCIN in the source move to just after it.

    std::size_t at = w.beginChunk(chunk::MVER);
    w.u32(adt.version);
    w.endChunk(at);

    const std::size_t mhdrAt = w.beginChunk(chunk::MHDR);
    const std::size_t mhdrData = w.size();
    w.zeros(kMhdrSize);
    w.endChunk(mhdrAt);
    std::uint32_t flags = adt.headerFlags & ~1u;
    if (adt.flightBounds) {
        flags |= 1u; // mhdr_MFBO
    }
    w.patchU32(mhdrData, flags);
    w.patchBytes(mhdrData + 0x30, adt.headerTail);
    auto slot = [&](MhdrSlot s) { w.patchU32(mhdrData + 4 + 4 * std::size_t(s), std::uint32_t(w.size() - mhdrData)); };

    slot(MhdrSlot::Mcin);
    const std::size_t mcinAt = w.beginChunk(chunk::MCIN);
    const std::size_t mcinData = w.size();
    w.zeros(kMcinSize);
    w.endChunk(mcinAt);
    writeUnknownAfter(w, unknown, FourCC{});
    writeUnknownAfter(w, unknown, chunk::MVER);
    writeUnknownAfter(w, unknown, chunk::MHDR);
    writeUnknownAfter(w, unknown, chunk::MCIN);

    slot(MhdrSlot::Mtex);
    writeNames(w, chunk::MTEX, adt.textures);
    writeUnknownAfter(w, unknown, chunk::MTEX);
    slot(MhdrSlot::Mmdx);
    const auto mmid = writeNames(w, chunk::MMDX, adt.modelNames);
    writeUnknownAfter(w, unknown, chunk::MMDX);
    slot(MhdrSlot::Mmid);
    writeIds(w, chunk::MMID, mmid);
    writeUnknownAfter(w, unknown, chunk::MMID);
    slot(MhdrSlot::Mwmo);
    const auto mwid = writeNames(w, chunk::MWMO, adt.wmoNames);
    writeUnknownAfter(w, unknown, chunk::MWMO);
    slot(MhdrSlot::Mwid);
    writeIds(w, chunk::MWID, mwid);
    writeUnknownAfter(w, unknown, chunk::MWID);

    slot(MhdrSlot::Mddf);
    at = w.beginChunk(chunk::MDDF);
    for (const auto& d : adt.doodads) {
        w.u32(d.nameIndex);
        w.u32(d.uniqueId);
        writeVec3(w, d.position);
        writeVec3(w, d.rotation);
        w.u16(d.scale);
        w.u16(d.flags);
    }
    w.endChunk(at);
    writeUnknownAfter(w, unknown, chunk::MDDF);

    slot(MhdrSlot::Modf);
    at = w.beginChunk(chunk::MODF);
    for (const auto& m : adt.mapObjects) {
        w.u32(m.nameIndex);
        w.u32(m.uniqueId);
        writeVec3(w, m.position);
        writeVec3(w, m.rotation);
        writeVec3(w, m.extentsMin);
        writeVec3(w, m.extentsMax);
        w.u16(m.flags);
        w.u16(m.doodadSet);
        w.u16(m.nameSet);
        w.u16(m.scale);
    }
    w.endChunk(at);
    writeUnknownAfter(w, unknown, chunk::MODF);

    if (adt.liquids) {
        slot(MhdrSlot::Mh2o);
        at = w.beginChunk(chunk::MH2O);
        writeMh2o(*adt.liquids, w);
        w.endChunk(at);
        writeUnknownAfter(w, unknown, chunk::MH2O);
    }

    McnkWriter mcnkWriter(w, options);
    for (std::size_t i = 0; i < adt.chunks.size(); ++i) {
        const std::size_t chunkAt = w.size();
        mcnkWriter.write(adt.chunks[i]);
        if (i < 256) {
            w.patchU32(mcinData + 16 * i, std::uint32_t(chunkAt));
            w.patchU32(mcinData + 16 * i + 4, std::uint32_t(w.size() - chunkAt));
        }
    }
    writeUnknownAfter(w, unknown, chunk::MCNK);

    if (adt.flightBounds) {
        slot(MhdrSlot::Mfbo);
        at = w.beginChunk(chunk::MFBO);
        for (auto v : *adt.flightBounds) {
            w.i16(v);
        }
        w.endChunk(at);
        writeUnknownAfter(w, unknown, chunk::MFBO);
    }
    if (adt.textureFlags) {
        slot(MhdrSlot::Mtxf);
        at = w.beginChunk(chunk::MTXF);
        for (auto f : *adt.textureFlags) {
            w.u32(f);
        }
        w.endChunk(at);
        writeUnknownAfter(w, unknown, chunk::MTXF);
    }
    // Unknown chunks whose anchor chunk is no longer written.
    for (const auto& u : unknown) {
        const FourCC a = u.after;
        const bool written = a.isNull() || a == chunk::MVER || a == chunk::MHDR || a == chunk::MCIN ||
                             a == chunk::MTEX || a == chunk::MMDX || a == chunk::MMID || a == chunk::MWMO ||
                             a == chunk::MWID || a == chunk::MDDF || a == chunk::MODF || a == chunk::MCNK ||
                             (a == chunk::MH2O && adt.liquids) || (a == chunk::MFBO && adt.flightBounds) ||
                             (a == chunk::MTXF && adt.textureFlags);
        if (!written) {
            at = w.beginChunk(u.id);
            w.bytes(std::span<const std::byte>(u.data));
            w.endChunk(at);
        }
    }
    return w.take();
}

} // namespace mapsmith::io
