#pragma once
// WMO v17 (WotLK) world map objects: the root file (this header) and its group files (wmo_group.h); a root
// read with all its groups is in wmo_set.h.
//
// The root is a chunk stream (tags stored byte-reversed, u32 size, data), read in any order:
//   MVER u32 version (17)
//   MOHD 64 bytes: u32 texture, group, portal, light, doodad name, doodad def and doodad set counts,
//        u32 ambient colour (BGRA), u32 WMOAreaTable id, f32[6] bounding box (min, max), u16 flags, u16 LOD
//        count
//   MOTX texture file names, MOGN group names, MODN doodad file names: NUL-terminated strings (padded)
//        addressed by their byte offset in the chunk
//   MOMT materials, 64 bytes: u32 flags, shader, blend mode, texture 1 (MOTX offset), sidn colour, frame
//        sidn colour, texture 2, diffuse colour, ground type, texture 3, colour 2, flags 2, u32[4] run time
//   MOGI group infos, 32 bytes: u32 flags, f32[6] box, i32 name offset in MOGN (-1: none)
//   MOSB skybox file name
//   MODS doodad sets, 32 bytes: char[20] name, u32 first doodad, u32 doodad count, u32 unused
//   MODD doodad placements, 40 bytes: u32 (bits 0-23 MODN offset, 24-31 flags), f32[3] position,
//        f32[4] rotation quaternion (x, y, z, w), f32 scale, u32 colour (BGRA)
// Any other chunk (MOPV, MOPT, MOPR, MOVV, MOVB, MOLT, MFOG, MCVP, ...) is kept as read, and the ids of all
// chunks in file order (WmoRoot::chunkOrder) so that the writer (wmo_writer.h) puts each back in its place.

#include "io/binary/diagnostics.h"
#include "io/binary/error.h"
#include "io/binary/fourcc.h"
#include "io/model/model_types.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mapsmith::io {

inline constexpr std::uint32_t kWmoVersion = 17;
inline constexpr std::size_t kWmoHeaderSize = 64;
inline constexpr std::size_t kWmoMaterialSize = 64;
inline constexpr std::size_t kWmoGroupInfoSize = 32;
inline constexpr std::size_t kWmoDoodadSetSize = 32;
inline constexpr std::size_t kWmoDoodadSetNameSize = 20;
inline constexpr std::size_t kWmoDoodadSize = 40;
inline constexpr std::uint32_t kWmoMaxGroups = 512; // the client's limit on group files per root

// A block of NUL-terminated strings addressed by byte offset (MOTX, MOGN, MODN), kept as stored.
struct WmoStringBlock {
    std::string bytes;

    // The string starting at offset (up to the next NUL or the end); "" past the end.
    std::string at(std::uint32_t offset) const;
    // Every non-empty string, in order.
    std::vector<std::string> names() const;

    bool operator==(const WmoStringBlock&) const = default;
};

struct WmoMaterial {
    std::uint32_t flags = 0;
    std::uint32_t shader = 0;
    std::uint32_t blendMode = 0;
    std::array<std::uint32_t, 3> textures{}; // MOTX offsets of textures 1..3
    std::uint32_t sidnColor = 0;
    std::uint32_t frameSidnColor = 0;
    std::uint32_t diffuseColor = 0;
    std::uint32_t groundType = 0;
    std::uint32_t color2 = 0;
    std::uint32_t flags2 = 0;

    bool operator==(const WmoMaterial&) const = default;
};

struct WmoGroupInfo {
    std::uint32_t flags = 0;
    ModelBounds bounds; // radius 0
    std::int32_t nameOffset = -1;

    bool operator==(const WmoGroupInfo&) const = default;
};

struct WmoDoodadSet {
    std::string name; // up to the first NUL of the 20 stored bytes
    std::uint32_t firstDoodad = 0;
    std::uint32_t doodadCount = 0;

    bool operator==(const WmoDoodadSet&) const = default;
};

struct WmoDoodad {
    std::uint32_t nameOffset = 0; // into doodadNames (24 bits)
    std::uint8_t flags = 0;
    ModelVec3 position{};
    std::array<float, 4> rotation{}; // quaternion x, y, z, w
    float scale = 1.0f;
    std::uint32_t color = 0; // BGRA

    bool operator==(const WmoDoodad&) const = default;
};

// A chunk the reader keeps without interpreting it.
struct WmoRawChunk {
    FourCC id;
    std::uint64_t at = 0; // offset of its header in the file
    std::vector<std::byte> data;

    bool operator==(const WmoRawChunk&) const = default;
};

struct WmoRoot {
    std::uint32_t version = kWmoVersion;
    // MOHD
    std::uint32_t textureCount = 0;
    std::uint32_t groupCount = 0;
    std::uint32_t portalCount = 0;
    std::uint32_t lightCount = 0;
    std::uint32_t doodadNameCount = 0;
    std::uint32_t doodadDefCount = 0;
    std::uint32_t doodadSetCount = 0;
    std::uint32_t ambientColor = 0; // BGRA
    std::uint32_t wmoId = 0;
    ModelBounds bounds; // as stored, radius 0
    std::uint16_t flags = 0;
    std::uint16_t lodCount = 0;
    std::uint64_t headerAt = 0; // file offset of MOHD's data (for errors about its fields)

    WmoStringBlock textures; // MOTX
    std::vector<WmoMaterial> materials;
    WmoStringBlock groupNames; // MOGN
    std::vector<WmoGroupInfo> groupInfos;
    std::string skybox; // MOSB up to its first NUL
    // MOSB's size as stored (the name, its NUL and padding); nullopt: the name, a NUL, zeros up to a multiple
    // of 4 bytes.
    std::optional<std::uint32_t> skyboxSize;
    std::vector<WmoDoodadSet> doodadSets;
    WmoStringBlock doodadNames; // MODN
    std::vector<WmoDoodad> doodads;
    std::vector<WmoRawChunk> otherChunks; // in file order
    // The ids of every chunk in file order, interpreted and raw (repeats included), as read; the writer
    // follows it. Empty (a WMO built in memory): the client's order (wmo_writer.h).
    std::vector<FourCC> chunkOrder;

    bool operator==(const WmoRoot&) const = default;
};

// Reads a WMO root held in memory. MVER and MOHD are required (an error in both modes without them). Strict
// (diag.lenient false): the first problem is the error. Lenient: problems become diag.warnings; a version
// other than 17 is read on, a partial last record is dropped, a chunk larger than the file keeps the bytes
// there. Errors name `fileName` (Error::file), the chunk and the byte offset.
Expected<WmoRoot> readWmoRoot(std::span<const std::byte> file, Diagnostics& diag,
                              std::string_view fileName = {});
Expected<WmoRoot> readWmoRoot(std::span<const std::byte> file);

} // namespace mapsmith::io
