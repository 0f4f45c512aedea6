#include "io/adt/mclq.h"

#include "io/adt/adt_layout.h"
#include "io/adt/detail/placement_records.h"
#include "io/binary/byte_reader.h"
#include "io/binary/byte_writer.h"

#include <string>

namespace mapsmith::io {
namespace {

static_assert(kMclqCellFlagsAt == 656 && kMclqSurfaceSize == 720 && kMclqLayerSize == 804,
              "MCLQ layer layout (adt-v18-current.txt SLVert, SLTiles, SWFlowv)");

std::string where(int chunkIndex) {
    return "map chunk " + std::to_string(chunkIndex) + ": ";
}

void readSurface(ByteReader& r, MclqLayer& l) {
    l.minHeight = r.f32();
    l.maxHeight = r.f32();
    for (MclqVertex& v : l.vertices) {
        r.bytes(std::span<std::uint8_t>(v.data), "MCLQ vertex");
        v.height = r.f32();
    }
    r.bytes(std::span<std::uint8_t>(l.cells), "MCLQ cell flags");
}

void readFlows(ByteReader& r, MclqLayer& l) {
    l.flowCount = r.u32();
    for (MclqFlow& f : l.flows) {
        f.sphereCenter = readVec3(r);
        f.sphereRadius = r.f32();
        f.direction = readVec3(r);
        f.velocity = r.f32();
        f.amplitude = r.f32();
        f.frequency = r.f32();
    }
}

Error located(const Error& e, int chunkIndex) {
    Error out = e;
    out.chunk = chunk::MCLQ;
    out.message = where(chunkIndex) + e.message;
    return out;
}

void writeVec3(ByteWriter& w, const Vec3f& v) {
    w.f32(v.x);
    w.f32(v.y);
    w.f32(v.z);
}

} // namespace

std::uint16_t mclqLiquidType(MclqKind kind) {
    switch (kind) {
    case MclqKind::River:
        return 1;
    case MclqKind::Ocean:
        return 2;
    case MclqKind::Magma:
        return 3;
    case MclqKind::Slime:
        return 4;
    }
    return 1;
}

const char* mclqKindName(MclqKind kind) {
    switch (kind) {
    case MclqKind::River:
        return "river";
    case MclqKind::Ocean:
        return "ocean";
    case MclqKind::Magma:
        return "magma";
    case MclqKind::Slime:
        return "slime";
    }
    return "river";
}

std::uint64_t MclqLayer::shownMask() const {
    std::uint64_t mask = 0;
    for (int i = 0; i < 64; ++i) {
        if (shown(i % 8, i / 8)) {
            mask |= std::uint64_t(1) << i;
        }
    }
    return mask;
}

Expected<MclqChunk> decodeMclq(std::span<const std::byte> payload, std::uint32_t mcnkFlags, int chunkIndex,
                               std::uint64_t baseOffset) {
    MclqChunk out;
    if (payload.empty()) {
        return out;
    }
    std::vector<MclqKind> kinds;
    for (std::size_t k = 0; k < kMclqKindFlags.size(); ++k) {
        if (mcnkFlags & kMclqKindFlags[k]) {
            kinds.push_back(MclqKind(k));
        }
    }
    // 64-bit: at most 4 layers of 804 bytes, compared with a payload size that may be anything.
    const std::uint64_t needed = std::uint64_t(kinds.size()) * kMclqLayerSize;
    if (needed > payload.size()) {
        return Error{ErrorCode::Truncated, chunk::MCLQ, baseOffset,
                     where(chunkIndex) + "the MCNK flags announce " + std::to_string(kinds.size()) +
                         " liquid layer(s) of 804 bytes, the payload holds " +
                         std::to_string(payload.size())};
    }
    ByteReader r(payload, baseOffset, chunk::MCLQ);
    for (MclqKind kind : kinds) {
        MclqLayer& l = out.layers.emplace_back();
        l.kind = kind;
        readSurface(r, l);
        readFlows(r, l);
    }
    if (r.failed()) {
        return located(r.error(), chunkIndex);
    }
    out.trailingBytes = std::size_t(r.remaining());
    return out;
}

Expected<MclqLayer> decodeMclqSurface(std::span<const std::byte> payload, int chunkIndex,
                                      std::uint64_t baseOffset) {
    ByteReader r(payload, baseOffset, chunk::MCLQ);
    MclqLayer l;
    readSurface(r, l);
    if (r.failed()) {
        return located(r.error(), chunkIndex);
    }
    return l;
}

std::vector<std::byte> encodeMclq(const MclqChunk& chunk, std::span<const std::byte> trailing) {
    ByteWriter w(chunk.layers.size() * kMclqLayerSize + trailing.size());
    for (const MclqLayer& l : chunk.layers) {
        w.f32(l.minHeight);
        w.f32(l.maxHeight);
        for (const MclqVertex& v : l.vertices) {
            w.bytes(std::span<const std::uint8_t>(v.data));
            w.f32(v.height);
        }
        w.bytes(std::span<const std::uint8_t>(l.cells));
        w.u32(l.flowCount);
        for (const MclqFlow& f : l.flows) {
            writeVec3(w, f.sphereCenter);
            w.f32(f.sphereRadius);
            writeVec3(w, f.direction);
            w.f32(f.velocity);
            w.f32(f.amplitude);
            w.f32(f.frequency);
        }
    }
    w.bytes(trailing);
    return w.take();
}

std::uint32_t mclqFlagsOf(const MclqChunk& chunk) {
    std::uint32_t flags = 0;
    for (const MclqLayer& l : chunk.layers) {
        flags |= kMclqKindFlags[std::size_t(l.kind)];
    }
    return flags;
}

std::vector<std::uint64_t> mclqPayloadOffsets(std::span<const std::byte> rootFile) {
    Diagnostics diag;
    std::vector<std::uint64_t> out(kChunksPerTile, 0);
    for (const ChunkEntry& e : listAdtChunks(rootFile, diag)) {
        if (e.id == chunk::MCLQ && e.mcnkIndex >= 0 && e.mcnkIndex < kChunksPerTile) {
            out[std::size_t(e.mcnkIndex)] = e.offset + 8;
        }
    }
    return out;
}

bool hasMclqLiquid(const MapChunk& chunk) {
    return chunk.mclq && !chunk.mclq->empty() && (chunk.flags & kMclqLiquidFlagMask) != 0;
}

} // namespace mapsmith::io
