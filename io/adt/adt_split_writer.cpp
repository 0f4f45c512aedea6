// Split ADT writer: the same model as writeAdt, in three files (layout in adt_split.h).

#include "io/adt/adt_split.h"
#include "io/adt/detail/adt_write_common.h"

#include <algorithm>

namespace mapsmith::io {

namespace {

constexpr std::size_t kMhdrMfboSlot = 0x24; // offsets of MFBO and MH2O within the MHDR data
constexpr std::size_t kMhdrMh2oSlot = 0x28;

// The file a top-level unknown chunk goes into: its own part when it came from a tex or obj file,
// otherwise the file of the chunk it followed.
AdtPart topLevelPart(const RawChunk& u) {
    using namespace chunk;
    if (u.part != AdtPart::Root) {
        return u.part;
    }
    const FourCC a = u.after;
    if (a == MTEX || a == MTXF || a == MAMP || a == MDID || a == MHID || a == MTXP) {
        return AdtPart::Tex;
    }
    if (a == MMDX || a == MMID || a == MWMO || a == MWID || a == MDDF || a == MODF) {
        return AdtPart::Obj;
    }
    return AdtPart::Root;
}

// Writes one file: `body` writes the known chunks, calling anchor(id) after each; unknown chunks of this
// part whose anchor was not written end the file. A v18 anchor of the file's head (none, MVER, MHDR,
// MCIN) counts as `head`.
class PartWriter {
public:
    PartWriter(const Adt& adt, AdtPart part, FourCC head) : mAdt(adt), mPart(part), mHead(head) {}

    ByteWriter& out() { return mW; }

    void anchor(FourCC id) {
        mWritten.push_back(id);
        for (const auto& u : mAdt.unknown) {
            if (topLevelPart(u) == mPart && anchorOf(u) == id) {
                const std::size_t at = mW.beginChunk(u.id);
                mW.bytes(std::span<const std::byte>(u.data));
                mW.endChunk(at);
            }
        }
    }

    std::vector<std::byte> finish() {
        for (const auto& u : mAdt.unknown) {
            if (topLevelPart(u) == mPart &&
                std::find(mWritten.begin(), mWritten.end(), anchorOf(u)) == mWritten.end()) {
                const std::size_t at = mW.beginChunk(u.id);
                mW.bytes(std::span<const std::byte>(u.data));
                mW.endChunk(at);
            }
        }
        return mW.take();
    }

private:
    FourCC anchorOf(const RawChunk& u) const {
        const FourCC a = u.after;
        if (a.isNull() || a == chunk::MVER || a == chunk::MHDR || a == chunk::MCIN) {
            return mHead;
        }
        return a;
    }

    const Adt& mAdt;
    AdtPart mPart;
    FourCC mHead;
    ByteWriter mW{std::size_t(1) << 20};
    std::vector<FourCC> mWritten;
};

std::vector<std::byte> writeRoot(const Adt& adt, const AdtWriteOptions& options) {
    PartWriter part(adt, AdtPart::Root, chunk::MHDR);
    ByteWriter& w = part.out();
    writeVersion(w, adt);
    const std::size_t mhdrData = writeHeaderChunk(w, adt);
    part.anchor(chunk::MHDR);
    if (adt.liquids) {
        w.patchU32(mhdrData + kMhdrMh2oSlot, std::uint32_t(w.size() - mhdrData));
        const std::size_t at = w.beginChunk(chunk::MH2O);
        writeMh2o(*adt.liquids, w);
        w.endChunk(at);
        part.anchor(chunk::MH2O);
    }
    McnkWriter mcnk(w, options);
    for (const MapChunk& c : adt.chunks) {
        mcnk.write(c, McnkLayout::SplitRoot);
    }
    part.anchor(chunk::MCNK);
    if (adt.flightBounds) {
        w.patchU32(mhdrData + kMhdrMfboSlot, std::uint32_t(w.size() - mhdrData));
        writeFlightBounds(w, *adt.flightBounds);
        part.anchor(chunk::MFBO);
    }
    return part.finish();
}

std::vector<std::byte> writeTex(const Adt& adt, const AdtWriteOptions& options) {
    PartWriter part(adt, AdtPart::Tex, chunk::MVER);
    ByteWriter& w = part.out();
    writeVersion(w, adt);
    part.anchor(chunk::MVER);
    if (adt.mamp) {
        const std::size_t at = w.beginChunk(chunk::MAMP);
        w.u8(*adt.mamp);
        w.zeros(3);
        w.endChunk(at);
        part.anchor(chunk::MAMP);
    }
    // MTEX always, unless the tile names its textures by file data id only.
    if (!adt.textures.empty() || adt.diffuseTextureIds.empty()) {
        writeNames(w, chunk::MTEX, adt.textures);
        part.anchor(chunk::MTEX);
    }
    if (!adt.diffuseTextureIds.empty()) {
        writeU32Chunk(w, chunk::MDID, adt.diffuseTextureIds);
        part.anchor(chunk::MDID);
    }
    if (!adt.heightTextureIds.empty()) {
        writeU32Chunk(w, chunk::MHID, adt.heightTextureIds);
        part.anchor(chunk::MHID);
    }
    if (adt.textureFlags) {
        writeU32Chunk(w, chunk::MTXF, *adt.textureFlags);
        part.anchor(chunk::MTXF);
    }
    if (adt.textureParams) {
        const std::size_t at = w.beginChunk(chunk::MTXP);
        for (const TextureParams& t : *adt.textureParams) {
            w.u32(t.flags);
            w.f32(t.heightScale);
            w.f32(t.heightOffset);
            w.u32(t.padding);
        }
        w.endChunk(at);
        part.anchor(chunk::MTXP);
    }
    McnkWriter mcnk(w, options);
    for (const MapChunk& c : adt.chunks) {
        mcnk.write(c, McnkLayout::SplitTex);
    }
    part.anchor(chunk::MCNK);
    return part.finish();
}

std::vector<std::byte> writeObj(const Adt& adt, const AdtWriteOptions& options) {
    PartWriter part(adt, AdtPart::Obj, chunk::MVER);
    ByteWriter& w = part.out();
    writeVersion(w, adt);
    part.anchor(chunk::MVER);
    const auto mmid = writeNames(w, chunk::MMDX, adt.modelNames);
    part.anchor(chunk::MMDX);
    writeU32Chunk(w, chunk::MMID, mmid);
    part.anchor(chunk::MMID);
    const auto mwid = writeNames(w, chunk::MWMO, adt.wmoNames);
    part.anchor(chunk::MWMO);
    writeU32Chunk(w, chunk::MWID, mwid);
    part.anchor(chunk::MWID);
    writeDoodads(w, adt.doodads);
    part.anchor(chunk::MDDF);
    writeMapObjects(w, adt.mapObjects);
    part.anchor(chunk::MODF);
    McnkWriter mcnk(w, options);
    for (const MapChunk& c : adt.chunks) {
        mcnk.write(c, McnkLayout::SplitObj);
    }
    part.anchor(chunk::MCNK);
    return part.finish();
}

} // namespace

SplitAdtFiles writeSplitAdt(const Adt& adt, const AdtWriteOptions& options) {
    SplitAdtFiles out;
    out.root = writeRoot(adt, options);
    out.tex0 = writeTex(adt, options);
    out.obj0 = writeObj(adt, options);
    out.obj1 = adt.obj1File;
    out.tex1 = adt.tex1File;
    out.lod = adt.lodFile;
    return out;
}

} // namespace mapsmith::io
