#pragma once
// What the v18 writer and the split writer share (internal to io/): top-level chunk bodies and the MCNK
// writer. MCNK, v18: header and every sub-chunk. Split root: header, MCVT, MCCV, MCLV, MCNR, MCLQ, MCSE; tex:
// no header, MCLY, MCSH, MCAL, MCMT; obj: no header, MCRD, MCRW. Offsets, sizes and counts are rebuilt;
// unknown sub-chunks go after the chunk they followed, into the file their part (or anchor) belongs to.
//
// What the writers derive instead of writing as read, and why. Everything else - every flag word (MHDR
// flags, MCNK flags, MCLY flags but the two below, MCIN aside), area ids, holes, sound emitter counts,
// MH2O instance fields, padding and unused words - is written as stored in the model.
// - MHDR offsets (v18: every slot; split root: MFBO and MH2O): where the chunks land in this file.
// - MCIN (v18): offset and size of each MCNK as written; its flags and asyncId words are 0 (the client
//   fills them at run time; Blizzard's files store 0).
// - MMID / MWID: the offsets of the names in MMDX / MWMO as written.
// - MCNK header: nLayers, nDoodadRefs, nMapObjRefs (the MCLY/MCRF contents written), ofsHeight, ofsNormal
//   (unless high_res_holes stores the hole map there), ofsLayer, ofsRefs, ofsAlpha, sizeAlpha, ofsShadow,
//   sizeShadow, ofsSndEmitters, ofsLiquid, sizeLiquid, ofsMCCV, ofsMCLV: the sub-chunks as written (0 for
//   one that is absent, and in a split root for those living in _tex0/_obj0).
// - MCLY: offsetInMCAL (the alpha maps as written); use_alpha_map (0x100) = the layer has an alpha map
//   written; alpha_map_compressed (0x200) = that map is written RLE-compressed. A layer without an alpha
//   map keeps its 0x200 bit as read (it describes no data).
// - MCLQ's own size field: 0 in v18 (Blizzard's files; the client and the extractors use sizeLiquid),
//   its true size in split roots (readers walk split MCNKs by declared sizes; see adt_split.h).
// - MCNR's declared size: 435 with the 13 padding bytes after it in v18 (448 when the v18 source declared
//   448: MapChunk::v18McnrDeclares448), 448 with the padding inside in split roots.
// - MH2O header entries (ofsInstances, layerCount, ofsAttributes) and each instance's ofsExistsBitmap and
//   ofsVertexData: where those parts land; exists bitmaps are exactly (width*height+7)/8 bytes.
// Not derived, though related to presence: MCNK has_mcsh / has_mccv and MHDR mhdr_MFBO are written as
// stored. A sub-chunk whose flag is clear is written (kept) but stays disabled; edits that add colours or
// shadows set the flag (core/kernels/chunk_brushes.h).

#include "io/adt/adt.h"
#include "io/binary/byte_writer.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace mapsmith::io {

// A NUL-separated name table chunk; returns each name's offset (for MMID/MWID).
std::vector<std::uint32_t> writeNames(ByteWriter& w, FourCC id, const std::vector<std::string>& names);
// A chunk of u32 values (MMID, MWID, MTXF, MDID, MHID).
void writeU32Chunk(ByteWriter& w, FourCC id, const std::vector<std::uint32_t>& values);
void writeDoodads(ByteWriter& w, const std::vector<DoodadPlacement>& doodads);       // MDDF
void writeMapObjects(ByteWriter& w, const std::vector<MapObjectPlacement>& objects); // MODF
void writeFlightBounds(ByteWriter& w, const std::array<std::int16_t, 18>& bounds);   // MFBO

// MVER with the model's version.
void writeVersion(ByteWriter& w, const Adt& adt);
// MHDR with every offset 0, the flags (bit 0 set when the tile has MFBO) and the kept tail (mamp value,
// padding). Returns where its data starts: the offsets the caller patches count from there.
std::size_t writeHeaderChunk(ByteWriter& w, const Adt& adt);

enum class McnkLayout : std::uint8_t { V18, SplitRoot, SplitTex, SplitObj };

// Writes every chunk of `unknown` anchored after `after` (and accepted by `take`).
template <class Take>
void writeUnknownAfter(ByteWriter& w, const std::vector<RawChunk>& unknown, FourCC after, Take take) {
    for (const auto& u : unknown) {
        if (u.after == after && take(u)) {
            const std::size_t at = w.beginChunk(u.id);
            w.bytes(std::span<const std::byte>(u.data));
            w.endChunk(at);
        }
    }
}
inline void writeUnknownAfter(ByteWriter& w, const std::vector<RawChunk>& unknown, FourCC after) {
    writeUnknownAfter(w, unknown, after, [](const RawChunk&) { return true; });
}

// The split file an unknown MCNK sub-chunk belongs in: its own part when it came from a tex or obj file,
// otherwise the file of the chunk it followed.
AdtPart subchunkPart(const RawChunk& u);

class McnkWriter {
public:
    McnkWriter(ByteWriter& w, const AdtWriteOptions& options) : mW(w), mOptions(options) {}
    void write(const MapChunk& c, McnkLayout layout = McnkLayout::V18);

private:
    void encodeAlpha(const MapChunk& c, bool doNotFix);

    ByteWriter& mW;
    const AdtWriteOptions& mOptions;
    std::vector<std::uint8_t> mAlpha;
    std::vector<std::uint32_t> mLayerOffsets;
    std::vector<AlphaEncoding> mLayerEncodings;
};

} // namespace mapsmith::io
