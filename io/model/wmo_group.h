#pragma once
// WMO v17 group files (Name_000.wmo ..): MVER, then one MOGP chunk holding a 68-byte header and sub-chunks.
//
//   MOGP header: u32 name offset (MOGN), u32 description offset, u32 flags, f32[6] box (min, max), u16 portal
//                start, u16 portal count, u16 transparent, interior and exterior batch counts, u16 padding,
//                u8[4] fog ids, u32 liquid type, u32 unique id, u32 flags 2, u32 unused
//   MOPY per triangle: u8 flags, u8 material (0xFF: none, collision only)
//   MOVI u16 vertex indices, 3 per triangle      MOVT f32[3] positions     MONR f32[3] normals
//   MOTV f32[2] UVs (a second and third MOTV are further UV sets)
//   MOBA batches, 24 bytes: i16[6] box, u32 first index, u16 index count, u16 first vertex, u16 last vertex
//        (inclusive), u8 flags, u8 material
//   MOCV u32 vertex colours (BGRA; a second MOCV is a second set)     MODR u16 doodad references (MODD)
//   MLIQ liquid: u32 vertices x, y, u32 tiles x, y, f32[3] corner, u16 material (30 bytes), then x * y
//        vertices of 8 bytes (4 bytes of flow or UV data, f32 height), then x * y tiles of u8 flags
// Any other sub-chunk (MOLR, MOBN, MOBR, MPB*, ...) is kept as read, and the ids of the top-level chunks and
// of MOGP's sub-chunks in file order (WmoGroup::chunkOrder, subChunkOrder) so that the writer (wmo_writer.h)
// puts each back in its place.

#include "io/binary/diagnostics.h"
#include "io/binary/error.h"
#include "io/model/model_types.h"
#include "io/model/wmo.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace mapsmith::io {

inline constexpr std::size_t kWmoGroupHeaderSize = 68;
inline constexpr std::size_t kWmoBatchSize = 24;
inline constexpr std::size_t kWmoLiquidHeaderSize = 30;
inline constexpr std::size_t kWmoLiquidVertexSize = 8;

struct WmoTriangleInfo { // MOPY
    std::uint8_t flags = 0;
    std::uint8_t material = 0; // into WmoRoot::materials; 0xFF: none

    bool operator==(const WmoTriangleInfo&) const = default;
};

struct WmoBatch {
    std::array<std::int16_t, 6> box{};
    std::uint32_t firstIndex = 0;
    std::uint16_t indexCount = 0;
    std::uint16_t firstVertex = 0;
    std::uint16_t lastVertex = 0; // inclusive
    std::uint8_t flags = 0;
    std::uint8_t material = 0;

    bool operator==(const WmoBatch&) const = default;
};

struct WmoLiquid {
    std::uint32_t xVertices = 0;
    std::uint32_t yVertices = 0;
    std::uint32_t xTiles = 0;
    std::uint32_t yTiles = 0;
    ModelVec3 corner{};
    std::uint16_t material = 0;
    std::vector<std::uint32_t> vertexData; // the first 4 bytes of each vertex (flow or UV), row-major
    std::vector<float> heights;            // row-major, x fastest
    std::vector<std::uint8_t> tileFlags;   // row-major

    bool operator==(const WmoLiquid&) const = default;
};

struct WmoGroup {
    std::uint32_t version = kWmoVersion;
    // MOGP header
    std::uint32_t nameOffset = 0;
    std::uint32_t descriptionOffset = 0;
    std::uint32_t flags = 0;
    ModelBounds bounds; // as stored, radius 0
    std::uint16_t portalStart = 0;
    std::uint16_t portalCount = 0;
    std::uint16_t transBatchCount = 0;
    std::uint16_t interiorBatchCount = 0;
    std::uint16_t exteriorBatchCount = 0;
    std::array<std::uint8_t, 4> fogIds{};
    std::uint32_t liquidType = 0;
    std::uint32_t uniqueId = 0;
    std::uint32_t flags2 = 0;

    std::vector<WmoTriangleInfo> triangles;            // MOPY
    std::vector<std::uint16_t> indices;                // MOVI
    std::vector<ModelVec3> vertices;                   // MOVT
    std::vector<ModelVec3> normals;                    // MONR
    std::vector<std::vector<ModelVec2>> uvSets;        // MOTV, in file order
    std::vector<WmoBatch> batches;                     // MOBA
    std::vector<std::vector<std::uint32_t>> colorSets; // MOCV, in file order
    std::optional<WmoLiquid> liquid;                   // MLIQ
    std::vector<std::uint16_t> doodadRefs;             // MODR
    std::vector<WmoRawChunk> otherChunks;              // top level and inside MOGP, in file order
    // The ids of the top-level chunks (MVER, MOGP, ...) and of MOGP's sub-chunks, each in file order
    // (repeats included), as read; the writer follows them. chunkOrder empty (a group built in memory): the
    // client's order for both levels, subChunkOrder is not looked at (wmo_writer.h).
    std::vector<FourCC> chunkOrder;
    std::vector<FourCC> subChunkOrder;

    std::size_t triangleCount() const { return indices.size() / 3; }

    bool operator==(const WmoGroup&) const = default;
};

// Reads a WMO group file held in memory. What reads satisfies: indices come in whole triangles below
// vertices.size(); normals, every UV set and every colour set have vertices.size() entries; each batch's
// index range lies inside indices; MLIQ's arrays have the sizes its header gives. Strict (diag.lenient
// false): any breach is the error. Lenient: a warning, and a triangle with a bad index becomes (0, 0, 0) (no
// indices at all when there are no vertices), a per-vertex list is cut or padded with zeros, a batch range
// is clipped, a liquid that does not fit is dropped. MVER and MOGP are required in both modes. Errors name
// `fileName`, the chunk and the byte offset.
Expected<WmoGroup> readWmoGroup(std::span<const std::byte> file, Diagnostics& diag,
                                std::string_view fileName = {});
Expected<WmoGroup> readWmoGroup(std::span<const std::byte> file);

} // namespace mapsmith::io
