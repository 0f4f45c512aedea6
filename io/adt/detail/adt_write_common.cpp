#include "io/adt/detail/adt_write_common.h"

#include <algorithm>
#include <cstring>

namespace mapsmith::io {

namespace {

void writeVec3(ByteWriter& w, const Vec3f& v) {
    w.f32(v.x);
    w.f32(v.y);
    w.f32(v.z);
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

} // namespace

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

void writeU32Chunk(ByteWriter& w, FourCC id, const std::vector<std::uint32_t>& values) {
    const std::size_t at = w.beginChunk(id);
    for (auto v : values) {
        w.u32(v);
    }
    w.endChunk(at);
}

void writeDoodads(ByteWriter& w, const std::vector<DoodadPlacement>& doodads) {
    const std::size_t at = w.beginChunk(chunk::MDDF);
    for (const auto& d : doodads) {
        w.u32(d.nameIndex);
        w.u32(d.uniqueId);
        writeVec3(w, d.position);
        writeVec3(w, d.rotation);
        w.u16(d.scale);
        w.u16(d.flags);
    }
    w.endChunk(at);
}

void writeMapObjects(ByteWriter& w, const std::vector<MapObjectPlacement>& objects) {
    const std::size_t at = w.beginChunk(chunk::MODF);
    for (const auto& m : objects) {
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
}

void writeFlightBounds(ByteWriter& w, const std::array<std::int16_t, 18>& bounds) {
    const std::size_t at = w.beginChunk(chunk::MFBO);
    for (auto v : bounds) {
        w.i16(v);
    }
    w.endChunk(at);
}

void writeVersion(ByteWriter& w, const Adt& adt) {
    const std::size_t at = w.beginChunk(chunk::MVER);
    w.u32(adt.version);
    w.endChunk(at);
}

std::size_t writeHeaderChunk(ByteWriter& w, const Adt& adt) {
    constexpr std::size_t kMhdrSize = 64;
    const std::size_t at = w.beginChunk(chunk::MHDR);
    const std::size_t data = w.size();
    w.zeros(kMhdrSize);
    w.endChunk(at);
    w.patchU32(data, adt.headerFlags); // as stored: mhdr_MFBO gates MFBO like has_mccv gates MCCV
    w.patchBytes(data + 0x30, adt.headerTail);
    return data;
}

AdtPart subchunkPart(const RawChunk& u) {
    if (u.part != AdtPart::Root) {
        return u.part;
    }
    const FourCC a = u.after;
    if (a == chunk::MCLY || a == chunk::MCSH || a == chunk::MCAL || a == chunk::MCMT) {
        return AdtPart::Tex;
    }
    if (a == chunk::MCRF || a == chunk::MCRD || a == chunk::MCRW) {
        return AdtPart::Obj;
    }
    return AdtPart::Root;
}

void McnkWriter::encodeAlpha(const MapChunk& c, bool doNotFix) {
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
}

void McnkWriter::write(const MapChunk& c, McnkLayout layout) {
    const bool v18 = layout == McnkLayout::V18;
    const bool root = v18 || layout == McnkLayout::SplitRoot;
    const bool tex = v18 || layout == McnkLayout::SplitTex;
    const bool obj = v18 || layout == McnkLayout::SplitObj;
    const AdtPart part = layout == McnkLayout::SplitTex   ? AdtPart::Tex
                         : layout == McnkLayout::SplitObj ? AdtPart::Obj
                                                          : AdtPart::Root;
    const auto mine = [&](const RawChunk& u) { return v18 || subchunkPart(u) == part; };
    const auto unknownAfter = [&](FourCC anchor) { writeUnknownAfter(mW, c.unknown, anchor, mine); };

    const std::size_t chunkAt = mW.beginChunk(chunk::MCNK);
    const std::size_t h = mW.size(); // header start; sub-chunk offsets are relative to chunkAt
    if (root) {
        mW.zeros(kMcnkHeaderSize);
    }
    auto rel = [&]() { return std::uint32_t(mW.size() - chunkAt); };
    auto putHeader = [&](std::size_t fieldOffset, std::uint32_t v) { mW.patchU32(h + fieldOffset, v); };

    // Written as stored: has_mcsh / has_mccv decide whether the client uses MCSH / MCCV, and a sub-chunk
    // present with its flag clear stays disabled (edits that add colours or shadows set the flag).
    const std::uint32_t flags = c.flags;
    const bool doNotFix = (flags & mcnk_flags::DoNotFixAlphaMap) != 0;
    std::size_t at = 0;

    std::uint32_t ofsHeight = 0;
    std::uint32_t ofsMccv = 0;
    std::uint32_t ofsMclv = 0;
    std::uint32_t ofsNormal = 0;
    if (root) {
        // MCVT
        ofsHeight = rel();
        at = mW.beginChunk(chunk::MCVT);
        mW.bytes(std::as_bytes(std::span(c.heights)));
        mW.endChunk(at);
        unknownAfter(chunk::MCVT);
        // MCCV
        if (c.vertexColors) {
            ofsMccv = rel();
            at = mW.beginChunk(chunk::MCCV);
            mW.bytes(std::as_bytes(std::span(*c.vertexColors)));
            mW.endChunk(at);
            unknownAfter(chunk::MCCV);
        }
        if (c.vertexLighting) {
            ofsMclv = rel();
            at = mW.beginChunk(chunk::MCLV);
            mW.bytes(std::as_bytes(std::span(*c.vertexLighting)));
            mW.endChunk(at);
            unknownAfter(chunk::MCLV);
        }
        // MCNR: the normals and the 13 padding bytes. Split roots declare 448, padding inside (Cataclysm
        // on); v18 declares 435 with the padding after the chunk (WotLK), unless the source v18 said 448.
        ofsNormal = rel();
        at = mW.beginChunk(chunk::MCNR);
        mW.bytes(std::as_bytes(std::span(c.normals)));
        mW.bytes(std::span<const std::uint8_t>(c.normalPadding));
        const bool paddingInside = !v18 || c.v18McnrDeclares448;
        mW.endChunk(at, paddingInside ? 0 : kMcnrPaddingSize);
        unknownAfter(chunk::MCNR);
    }

    std::uint32_t ofsLayer = 0;
    if (tex) {
        encodeAlpha(c, doNotFix);
        // MCLY
        ofsLayer = rel();
        at = mW.beginChunk(chunk::MCLY);
        for (std::size_t i = 0; i < c.layers.size(); ++i) {
            const TextureLayer& layer = c.layers[i];
            mW.u32(layer.textureIndex);
            mW.u32(writtenLayerFlags(layer, mLayerEncodings[i]));
            mW.u32(mLayerOffsets[i]);
            mW.u32(layer.effectId);
        }
        mW.endChunk(at);
        unknownAfter(chunk::MCLY);
    }
    std::uint32_t ofsRefs = 0;
    if (v18) {
        // MCRF: doodad references, then object references.
        ofsRefs = rel();
        at = mW.beginChunk(chunk::MCRF);
        for (auto r : c.doodadRefs) {
            mW.u32(r);
        }
        for (auto r : c.mapObjectRefs) {
            mW.u32(r);
        }
        mW.endChunk(at);
        unknownAfter(chunk::MCRF);
    } else if (obj) {
        // An empty MCRD is written only to keep an unknown chunk's place after the references.
        const bool anchor = std::any_of(c.unknown.begin(), c.unknown.end(), [&](const RawChunk& u) {
            return u.after == chunk::MCRF && subchunkPart(u) == AdtPart::Obj;
        });
        if (!c.doodadRefs.empty() || (anchor && c.mapObjectRefs.empty())) {
            writeU32Chunk(mW, chunk::MCRD, c.doodadRefs);
        }
        if (!c.mapObjectRefs.empty()) {
            writeU32Chunk(mW, chunk::MCRW, c.mapObjectRefs);
        }
        unknownAfter(chunk::MCRF);
    }
    std::uint32_t ofsShadow = 0;
    std::uint32_t sizeShadow = 0;
    std::uint32_t ofsAlpha = 0;
    std::uint32_t sizeAlpha = 0;
    if (tex) {
        // MCSH
        if (c.shadow) {
            ofsShadow = rel();
            sizeShadow = std::uint32_t(c.shadow->size());
            at = mW.beginChunk(chunk::MCSH);
            mW.bytes(std::span<const std::uint8_t>(*c.shadow));
            mW.endChunk(at);
            unknownAfter(chunk::MCSH);
        }
        // MCAL
        if (c.hasMcal || !mAlpha.empty()) {
            ofsAlpha = rel();
            at = mW.beginChunk(chunk::MCAL);
            mW.bytes(std::span<const std::uint8_t>(mAlpha));
            mW.endChunk(at);
            sizeAlpha = std::uint32_t(mAlpha.size() + 8);
            unknownAfter(chunk::MCAL);
        }
        if (!v18 && c.materialIds) {
            at = mW.beginChunk(chunk::MCMT);
            mW.bytes(std::span<const std::uint8_t>(*c.materialIds));
            mW.endChunk(at);
            unknownAfter(chunk::MCMT);
        }
    }
    std::uint32_t ofsLiquid = 0;
    std::uint32_t sizeLiquid = 0;
    std::uint32_t ofsSnd = 0;
    if (root) {
        // MCLQ
        if (c.mclq) {
            ofsLiquid = rel();
            at = mW.beginChunk(chunk::MCLQ);
            mW.bytes(std::span<const std::byte>(*c.mclq));
            // The header's sizeLiquid gives the true size either way. v18: Blizzard's files declare 0 in
            // the chunk itself. Split roots declare the true size, so that readers walking by declared
            // sizes stay aligned.
            if (v18) {
                mW.patchU32(at + 4, 0);
            } else {
                mW.endChunk(at);
            }
            sizeLiquid = std::uint32_t(c.mclq->size() + 8);
            unknownAfter(chunk::MCLQ);
        }
        // MCSE
        if (c.soundEmitters) {
            ofsSnd = rel();
            at = mW.beginChunk(chunk::MCSE);
            mW.bytes(std::span<const std::byte>(*c.soundEmitters));
            mW.endChunk(at);
            unknownAfter(chunk::MCSE);
        }
    }
    // Unknown chunks whose anchor is not written here, and those that came before every known chunk.
    for (const auto& u : c.unknown) {
        if (!mine(u)) {
            continue;
        }
        const FourCC a = u.after;
        const bool anchored =
            (root && (a == chunk::MCVT || a == chunk::MCNR || (a == chunk::MCCV && c.vertexColors) ||
                      (a == chunk::MCLV && c.vertexLighting) || (a == chunk::MCLQ && c.mclq) ||
                      (a == chunk::MCSE && c.soundEmitters))) ||
            (tex && (a == chunk::MCLY || (a == chunk::MCSH && c.shadow) ||
                     (a == chunk::MCAL && ofsAlpha != 0) || (!v18 && a == chunk::MCMT && c.materialIds))) ||
            (obj && a == chunk::MCRF);
        if (!anchored) {
            at = mW.beginChunk(u.id);
            mW.bytes(std::span<const std::byte>(u.data));
            mW.endChunk(at);
        }
    }

    if (root) {
        // Header. In a split root the tex and obj offsets are 0 (those sub-chunks live in other files);
        // the counts still tell what the set holds.
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
    }
    mW.endChunk(chunkAt);
}

} // namespace mapsmith::io
