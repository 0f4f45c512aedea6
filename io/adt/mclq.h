#pragma once
// MCLQ, the liquid of pre-WotLK tiles, kept inside each MCNK (adt-v18-current.txt "MCLQ sub-chunk"). The
// MCNK's liquid flags say how many layers the payload holds and of which kind: one 804-byte layer per
// flag set, in the order river (0x4), ocean (0x8), magma (0x10), slime (0x20). A layer is
//   +0    CRange height (min, max: f32 yards)
//   +8    9 x 9 vertices, row-major from the north-west, 8 bytes each: 4 data bytes, then f32 height.
//         River: depth, flow0Pct, flow1Pct, filler; ocean: depth, foam, wet, filler; magma and slime:
//         u16 s, u16 t (texture coordinates).
//   +656  8 x 8 cell flag bytes: low nibble 0x0F = the cell is not shown; 0x40 "not low depth"; 0x80
//         fatigue (the extractors' dark water).
//   +720  u32 flow count, then always 2 flows of 40 bytes (sphere centre xyz + radius, direction xyz,
//         velocity, amplitude, frequency).
// The 3.3.5 map extractors read only the first 720 bytes of the payload (the surface of the first
// layer) and take the kind from the MCNK flags (io/server_map).

#include "io/adt/adt.h"
#include "io/binary/error.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace mapsmith::io {

inline constexpr std::size_t kMclqVertexSize = 8;
inline constexpr std::size_t kMclqFlowSize = 40;
inline constexpr std::size_t kMclqCellFlagsAt = 8 + 81 * kMclqVertexSize;               // 656
inline constexpr std::size_t kMclqSurfaceSize = kMclqCellFlagsAt + 64;                  // 720
inline constexpr std::size_t kMclqLayerSize = kMclqSurfaceSize + 4 + 2 * kMclqFlowSize; // 804

enum class MclqKind : std::uint8_t { River, Ocean, Magma, Slime };

// The MCNK flag of each kind, in storage order.
inline constexpr std::array<std::uint32_t, 4> kMclqKindFlags = {
    mcnk_flags::LiquidRiver, mcnk_flags::LiquidOcean, mcnk_flags::LiquidMagma, mcnk_flags::LiquidSlime};
inline constexpr std::uint32_t kMclqLiquidFlagMask =
    mcnk_flags::LiquidRiver | mcnk_flags::LiquidOcean | mcnk_flags::LiquidMagma | mcnk_flags::LiquidSlime;

namespace mclq_cell {
inline constexpr std::uint8_t HiddenMask = 0x0F; // low nibble all set: not shown
inline constexpr std::uint8_t NotLowDepth = 0x40;
inline constexpr std::uint8_t Fatigue = 0x80;
} // namespace mclq_cell

// The 3.3.5 LiquidType id of each kind (io/adt/liquid_types_335.h): river 1 Water, ocean 2 Ocean,
// magma 3 Magma, slime 4 Slime, the ids whose Type column is that kind and which the extractors give
// MCLQ river, ocean and magma (liquid_entry 1, 2, 3).
std::uint16_t mclqLiquidType(MclqKind kind);
const char* mclqKindName(MclqKind kind); // "river", "ocean", "magma", "slime"

struct MclqVertex {
    std::array<std::uint8_t, 4> data{};                                       // by kind, see above
    float height = 0.0f;                                                      // yards
    std::uint8_t depth() const { return data[0]; }                            // river and ocean
    std::uint16_t s() const { return std::uint16_t(data[0] | data[1] << 8); } // magma and slime
    std::uint16_t t() const { return std::uint16_t(data[2] | data[3] << 8); }
    bool operator==(const MclqVertex&) const = default;
};

struct MclqFlow {
    Vec3f sphereCenter;
    float sphereRadius = 0.0f;
    Vec3f direction;
    float velocity = 0.0f;
    float amplitude = 0.0f;
    float frequency = 0.0f;
    bool operator==(const MclqFlow&) const = default;
};

struct MclqLayer {
    MclqKind kind = MclqKind::River;
    float minHeight = 0.0f; // the stored CRange, yards
    float maxHeight = 0.0f;
    std::array<MclqVertex, 81> vertices{}; // 9 x 9, row-major from the north-west
    std::array<std::uint8_t, 64> cells{};  // 8 x 8 flag bytes, row-major
    std::uint32_t flowCount = 0;           // as stored
    std::array<MclqFlow, 2> flows{};       // always two stored

    bool shown(int x, int y) const {
        return (cells[std::size_t(y * 8 + x)] & mclq_cell::HiddenMask) != mclq_cell::HiddenMask;
    }
    std::uint64_t shownMask() const; // bit y * 8 + x set for each shown cell
    bool operator==(const MclqLayer&) const = default;
};

struct MclqChunk {
    std::vector<MclqLayer> layers; // one per MCNK liquid flag set, in storage order
    std::size_t trailingBytes = 0; // payload bytes after the last layer (not interpreted)
    bool operator==(const MclqChunk&) const = default;
};

// Decodes a chunk's MCLQ payload (the bytes after the 8-byte sub-chunk header) with the layers its MCNK
// flags announce. An empty payload (a stub, sizeLiquid 8) or no liquid flag gives no layers. Errors name
// MCLQ, the map chunk (`chunkIndex`, row * 16 + column) and the absolute offset (`baseOffset` = where the
// payload starts in the file; 0 when not known, then offsets count from the payload).
Expected<MclqChunk> decodeMclq(std::span<const std::byte> payload, std::uint32_t mcnkFlags, int chunkIndex,
                               std::uint64_t baseOffset = 0);

// The surface of the first layer (range, vertices, cell flags: the 720 bytes the server extractors
// read) whatever the MCNK flags say; kind River, no flows.
Expected<MclqLayer> decodeMclqSurface(std::span<const std::byte> payload, int chunkIndex,
                                      std::uint64_t baseOffset = 0);

// The payload of `layers` (804 bytes each, in order) followed by `trailing`; decodeMclq reads it back.
std::vector<std::byte> encodeMclq(const MclqChunk& chunk, std::span<const std::byte> trailing = {});

// The MCNK flags that announce `layers` (their kinds' flags).
std::uint32_t mclqFlagsOf(const MclqChunk& chunk);

// Where each map chunk's MCLQ payload starts in a v18 file or split root (index = MCNK ordinal; 0 when
// the chunk has none), for decodeMclq's error offsets. Empty when the file's chunks cannot be listed.
std::vector<std::uint64_t> mclqPayloadOffsets(std::span<const std::byte> rootFile);

// True when the chunk carries MCLQ liquid the client draws: a non-empty payload and a liquid flag.
bool hasMclqLiquid(const MapChunk& chunk);

} // namespace mapsmith::io
