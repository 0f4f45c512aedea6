#pragma once
// What the v18 writer and the split writer share (internal to io/): top-level chunk bodies and the MCNK
// writer. MCNK, v18: header and every sub-chunk. Split root: header, MCVT, MCCV, MCLV, MCNR, MCLQ, MCSE; tex:
// no header, MCLY, MCSH, MCAL, MCMT; obj: no header, MCRD, MCRW. Offsets, sizes and counts are rebuilt;
// unknown sub-chunks go after the chunk they followed, into the file their part (or anchor) belongs to.
// Sizes per layout: MCNR declares 435 + 13 bytes after it in v18 (448 when the v18 source did), 448 in
// split roots; MCLQ declares 0 in v18, its true size in split roots (see adt_split.h).

#include "adt.h"
#include "byte_writer.h"

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
