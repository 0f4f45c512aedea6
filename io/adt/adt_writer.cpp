// ADT v18 writer: Blizzard's chunk order with every offset, size and count rebuilt from the model.

#include "io/adt/adt.h"
#include "io/adt/detail/adt_write_common.h"
#include "io/binary/byte_writer.h"

#include <algorithm>
#include <cstring>

namespace mapsmith::io {
namespace {

constexpr std::size_t kMcinSize = 16 * 256;

// MHDR offset slots (index into the 16 words after flags), relative to the MHDR data start.
enum class MhdrSlot : std::size_t { Mcin = 0, Mtex, Mmdx, Mmid, Mwmo, Mwid, Mddf, Modf, Mfbo, Mh2o, Mtxf };

} // namespace

std::vector<std::byte> writeAdt(const Adt& adt, const AdtWriteOptions& options) {
    ByteWriter w(std::size_t(2) * 1024 * 1024);
    const auto& unknown = adt.unknown;
    // MVER at 0, MHDR at 0xC and MCIN at 0x54 are what the map extractors require: unknown chunks
    // that stood before MCIN in the source move to just after it.

    writeVersion(w, adt);
    const std::size_t mhdrData = writeHeaderChunk(w, adt);
    std::size_t at = 0;
    auto slot = [&](MhdrSlot s) {
        w.patchU32(mhdrData + 4 + 4 * std::size_t(s), std::uint32_t(w.size() - mhdrData));
    };

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
    writeU32Chunk(w, chunk::MMID, mmid);
    writeUnknownAfter(w, unknown, chunk::MMID);
    slot(MhdrSlot::Mwmo);
    const auto mwid = writeNames(w, chunk::MWMO, adt.wmoNames);
    writeUnknownAfter(w, unknown, chunk::MWMO);
    slot(MhdrSlot::Mwid);
    writeU32Chunk(w, chunk::MWID, mwid);
    writeUnknownAfter(w, unknown, chunk::MWID);

    slot(MhdrSlot::Mddf);
    writeDoodads(w, adt.doodads);
    writeUnknownAfter(w, unknown, chunk::MDDF);

    slot(MhdrSlot::Modf);
    writeMapObjects(w, adt.mapObjects);
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
        writeFlightBounds(w, *adt.flightBounds);
        writeUnknownAfter(w, unknown, chunk::MFBO);
    }
    if (adt.textureFlags) {
        slot(MhdrSlot::Mtxf);
        writeU32Chunk(w, chunk::MTXF, *adt.textureFlags);
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
