#pragma once
// Gamestudio WMB7 levels (../shared/specs/gamestudio-wmb-mdl-hmp.txt, "The WMB7 Simple Level format" and
// "The WMB7 BSP Level format"). All integers little-endian; "long" is 32-bit, "short" 16-bit.
//
// Header, 164 bytes: char[4] "WMB7", then 20 lists of {i32 offset from the file start, i32 length in
// bytes}, in this order: palettes, legacy1, textures, legacy2, pvs, bsp_nodes, materials, legacy3, legacy4,
// aabb_hulls, bsp_leafs, bsp_blocks, legacy5, legacy6, legacy7, objects, lightmaps, blocks, legacy8,
// lightmaps_terrain. A list of length 0 is empty (its offset is not used); every other list must lie in
// the file. Lists read:
//   textures: i32 count, i32 offset[count] from the list start, each to a 40-byte TEXTURE (char[16] name,
//     i32 width, i32 height, i32 type, i32 legacy[3]) followed by its pixels. Types and pixel layouts are
//     the Gamestudio skin types (gamestudio_skin.h: 0 8-bit through the level palette, 2 565, 3 4444,
//     4 888, 5 8888, 6 DDS whose width is its byte count, +8 three mipmaps), decoded by the skin code.
//   materials: 64-byte MATERIAL_INFO records (char[44] legacy, char[20] name); length a multiple of 64.
//   objects: i32 count, i32 offset[count] from the list start; each object begins with an i32 type.
//     An object's extent runs to the next larger offset in the table (or the list end); its fields must
//     fit in it, and the bytes all textures (objects) read must together fit in their list, so offsets
//     that repeat cannot multiply what is read. Record sizes (fields; with the alignment padding a C compiler
//     adds, as the file has): INFO (5) 60, POSITION (1) 56, LIGHT (2) 36, SOUND (4) 69 (+3), PATH (6) 44 +
//     nodes and edges, ENTITY (7) 372 (a pad byte after action[33]), OLD_ENTITY (3) 136 (3 pad bytes after
//     action[20]). A PATH is followed by float points[n][3], float skills[n][6] (n = (int) fNumPoints) and
//     num_edges 24-byte PATH_EDGE records (f32 node1, node2 (1-based), length, bezier, weight, skill).
//   lightmaps: square 3-byte (blue, green, red) lightmaps of 256 << LMapSize pixels a side (LMapSize from
//     the INFO object, 0..2); the length must be a whole number of them.
//   blocks: i32 count, then per block a 40-byte BLOCK (f32 mins[3], maxs[3], i32 content, numVerts,
//     numTris, numSkins), 28-byte VERTEX (f32 x, y, z, tu, tv, su, sv), 12-byte TRIANGLE (i16 v1, v2, v3,
//     skin, i32 unused), 20-byte SKIN (i16 texture, lightmap, i32 material, f32 ambient, albedo, i32
//     flags). Triangle vertex and skin indices must lie in their block.
//   lightmaps_terrain: i32 count, then per lightmap i32 object, width, height and 3 * w * h bytes (BGR).
//   bsp_nodes (40-byte BSP_NODE), bsp_leafs (36-byte BSP_LEAF), bsp_blocks (i32 block index): arrays; the
//     length a multiple of the record size. Bounding boxes are kept as the packed shorts stored.
//   palettes: "WMB1..6 only" in the spec, which gives no layout. What test.wmb holds (784 bytes at
//     0x6D568): 16 zero bytes, then 256 RGB triples (00 00 00, 0f 0f 0f, 1f 1f 1f ...). Read as palettes
//     of 16 + 768 bytes (header kept, not interpreted); 8-bit textures decode through the first one (grey
//     without). Any other length is kept unread with a warning.
//   legacy1..8, pvs, aabb_hulls: no layout in the spec; only their place in the header is kept.
//
// What the spec says and test.wmb does not (all read as they are): TEXTURE legacy[3] "always 0" holds the
// offsets of the three mipmap levels from the TEXTURE start (32808, 41000, 43048 for 128x128 565); BLOCK
// lContent "always 0" is -126 or -128; INFO flags "always 127" is 39; MATERIAL_INFO legacy "always 0"
// holds floats (1.0 ...) and every material name is empty; legacy1 (1380 bytes), legacy7 (160) and
// bsp_leafs (one leaf, flags -128, no blocks) are not empty in this simple level; the PATH's num_edges is 43
// where its object holds 8 edges (its nodes 1..9 joined in a row), see below; object type 8 is not in the
// spec (56 bytes, a box and a name "reg_000").
//
// Warnings (Wmb::warnings; the read goes on): an object type the spec does not list (skipped; the
// warning names type and offset); a PATH whose num_edges does not fit in its extent (the edges that fit
// are read); a texture kept undecoded (a DDS kind not read); a palettes list of another length; a skin,
// terrain lightmap or BSP record that refers past its target list; no INFO object.
// Errors (the read stops): anything that leaves a structure unlocatable: a bad magic, a list outside the
// file, counts or offsets pointing past their list, a record that does not fit, a texture type outside
// the skin types, a lightmap size without INFO or with LMapSize above 2, a triangle index outside its
// block. Each names the list (a 4-character tag, and its name in the message) and the absolute offset.

#include "io/binary/error.h"
#include "io/gamestudio/gamestudio_skin.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace mapsmith::io {

inline constexpr std::size_t kWmbListCount = 20;
inline constexpr std::size_t kWmbHeaderSize = 4 + kWmbListCount * 8;
inline constexpr std::size_t kWmbTextureHeaderSize = 40;
inline constexpr std::size_t kWmbMaterialSize = 64;
inline constexpr std::size_t kWmbBlockHeaderSize = 40;
inline constexpr std::size_t kWmbVertexSize = 28;
inline constexpr std::size_t kWmbTriangleSize = 12;
inline constexpr std::size_t kWmbSkinSize = 20;
inline constexpr std::size_t kWmbPathEdgeSize = 24;
inline constexpr std::size_t kWmbPathNodeSize = (3 + 6) * 4; // position and six skills
inline constexpr std::size_t kWmbTerrainLightmapHeaderSize = 12;
inline constexpr std::size_t kWmbBspNodeSize = 40;
inline constexpr std::size_t kWmbBspLeafSize = 36;
inline constexpr std::size_t kWmbBspBlockSize = 4;
inline constexpr std::size_t kWmbPaletteSize = 16 + 768; // as test.wmb holds it (see above)

// The header's lists, in file order.
enum class WmbList : std::uint8_t {
    Palettes,
    Legacy1,
    Textures,
    Legacy2,
    Pvs,
    BspNodes,
    Materials,
    Legacy3,
    Legacy4,
    AabbHulls,
    BspLeafs,
    BspBlocks,
    Legacy5,
    Legacy6,
    Legacy7,
    Objects,
    Lightmaps,
    Blocks,
    Legacy8,
    LightmapsTerrain,
};
// The spec's field name: "palettes", "bsp_nodes", "lightmaps_terrain", ...
const char* wmbListName(WmbList list);

struct WmbListEntry {
    std::int32_t offset = 0; // bytes from the file start
    std::int32_t length = 0; // bytes; 0 = empty
    bool operator==(const WmbListEntry&) const = default;
};

using WmbVec3 = std::array<float, 3>;

struct WmbPalette {
    std::array<std::uint8_t, 16> header{}; // as stored, not interpreted
    GamestudioPalette colors{};            // RGB per index
    bool operator==(const WmbPalette&) const = default;
};

struct WmbTexture {
    std::string name;                     // up to 16 characters
    std::array<std::int32_t, 3> legacy{}; // as stored (test.wmb: the mipmap levels' offsets)
    std::uint64_t offset = 0;             // absolute offset of the TEXTURE record
    GamestudioSkin skin;                  // type, width, height as stored; pixels and decoded levels
    bool operator==(const WmbTexture&) const = default;
};

struct WmbMaterial {
    std::array<std::uint8_t, 44> legacy{}; // as stored ("always 0" in the spec; not in test.wmb)
    std::string name;                      // up to 20 characters
    bool operator==(const WmbMaterial&) const = default;
};

struct WmbVertex {
    WmbVec3 position{};
    std::array<float, 2> texture{};  // tu, tv
    std::array<float, 2> lightmap{}; // su, sv
    bool operator==(const WmbVertex&) const = default;
};

struct WmbTriangle {
    std::array<std::int16_t, 3> vertex{}; // indices into the block's vertices (checked)
    std::int16_t skin = 0;                // index into the block's skins (checked)
    std::int32_t unused = 0;
    bool operator==(const WmbTriangle&) const = default;
};

struct WmbSkin {
    std::int16_t texture = 0;  // into Wmb::textures
    std::int16_t lightmap = 0; // into Wmb::lightmaps
    std::int32_t material = 0; // into Wmb::materials
    float ambient = 0.0f;
    float albedo = 0.0f;
    std::int32_t flags = 0; // bit 1 flat, bit 2 sky, bit 14 smooth (spec's numbering)
    bool operator==(const WmbSkin&) const = default;
};

struct WmbBlock {
    WmbVec3 mins{};
    WmbVec3 maxs{};
    std::int32_t content = 0;
    std::vector<WmbVertex> vertices;
    std::vector<WmbTriangle> triangles;
    std::vector<WmbSkin> skins;
    bool operator==(const WmbBlock&) const = default;
};

namespace wmb_object_type {
inline constexpr std::int32_t Position = 1;
inline constexpr std::int32_t Light = 2;
inline constexpr std::int32_t OldEntity = 3;
inline constexpr std::int32_t Sound = 4;
inline constexpr std::int32_t Info = 5;
inline constexpr std::int32_t Path = 6;
inline constexpr std::int32_t Entity = 7;
} // namespace wmb_object_type

struct WmbInfo {
    WmbVec3 origin{};
    float azimuth = 0.0f;   // sun, degrees
    float elevation = 0.0f; // sun, degrees
    std::int32_t flags = 0;
    float version = 0.0f; // compiler version
    std::uint8_t gamma = 0;
    std::uint8_t lightmapSize = 0; // 0, 1, 2: 256, 512, 1024 pixels a side
    std::array<std::uint8_t, 2> unused{};
    std::uint32_t sunColor = 0; // ARGB
    std::uint32_t ambientColor = 0;
    std::array<std::uint32_t, 4> fogColors{};
    bool operator==(const WmbInfo&) const = default;
};

struct WmbPosition {
    WmbVec3 origin{};
    WmbVec3 angle{};
    std::array<std::int32_t, 2> unused{};
    std::string name;
    bool operator==(const WmbPosition&) const = default;
};

struct WmbLight {
    WmbVec3 origin{};
    WmbVec3 color{}; // red, green, blue in percent
    float range = 0.0f;
    std::int32_t flags = 0; // 0 static, 2 dynamic
    bool operator==(const WmbLight&) const = default;
};

struct WmbSound {
    WmbVec3 origin{};
    float volume = 0.0f;
    std::array<float, 2> unused{};
    std::int32_t range = 0;
    std::int32_t flags = 0;
    std::string fileName; // up to 33 characters
    bool operator==(const WmbSound&) const = default;
};

struct WmbPathEdge {
    float node1 = 0.0f; // 1-based node numbers, as stored
    float node2 = 0.0f;
    float length = 0.0f;
    float bezier = 0.0f;
    float weight = 0.0f;
    float skill = 0.0f;
    bool operator==(const WmbPathEdge&) const = default;
};

struct WmbPath {
    std::string name;
    float numPoints = 0.0f; // as stored; the node count is (int) numPoints
    std::array<std::int32_t, 3> unused{};
    std::int32_t numEdges = 0; // as stored; edges.size() may be smaller (warning)
    std::vector<WmbVec3> points;
    std::vector<std::array<float, 6>> skills;
    std::vector<WmbPathEdge> edges;
    bool operator==(const WmbPath&) const = default;
};

// ENTITY (type 7) and OLD_ENTITY (type 3): one struct; OLD_ENTITY has 8 skills and no albedo, path,
// entity2, material, string1, string2.
struct WmbEntity {
    bool old = false;
    WmbVec3 origin{};
    WmbVec3 angle{};
    WmbVec3 scale{};
    std::string name;
    std::string fileName;
    std::string action;
    std::vector<float> skills; // 20 (ENTITY) or 8 (OLD_ENTITY)
    std::int32_t flags = 0;
    float ambient = 0.0f;
    float albedo = 0.0f;
    std::int32_t path = 0;    // 1-based path index, 0 none
    std::int32_t entity2 = 0; // 1-based entity index, 0 none
    std::string material;
    std::string string1;
    std::string string2;
    bool operator==(const WmbEntity&) const = default;
};

// One entry of the objects list. Its fields are in the Wmb vector of its kind (so an object costs memory
// in proportion to its bytes in the file): infos, positions, lights, sounds, paths, or entities (ENTITY and
// OLD_ENTITY). An object of a type the spec does not list is skipped: it has only this entry.
struct WmbObject {
    // 16 bytes: the entries cost at most 4 times their offset table. 32 bits hold any offset, as every
    // list lies within the 2^31 + 2^31 bytes its i32 offset and length can reach.
    std::int32_t type = 0;
    std::uint32_t offset = 0; // absolute offset of the object
    std::uint32_t size = 0;   // bytes of its extent (to the next object or the list end)
    std::uint32_t index = 0;  // into the vector of its kind; 0 for a skipped type
    bool known() const;       // one of the spec's seven types (read), not skipped
    bool operator==(const WmbObject&) const = default;
};

struct WmbLightmap {
    std::uint32_t width = 0; // pixels
    std::uint32_t height = 0;
    std::int32_t object = -1;      // terrain lightmaps: index into Wmb::objects; -1 for block lightmaps
    std::vector<std::uint8_t> bgr; // 3 * width * height bytes: blue, green, red
    bool operator==(const WmbLightmap&) const = default;
};

struct WmbBspNode {
    std::array<std::int32_t, 2> legacy1{};
    std::array<std::int16_t, 3> mins{}; // packed shorts (wmbUnpackShort)
    std::array<std::int16_t, 3> maxs{};
    std::int32_t legacy2 = 0;
    std::array<std::int32_t, 2> children{}; // node index when >= 0, -(leaf index + 1) when < 0
    std::array<std::int32_t, 2> legacy3{};
    bool operator==(const WmbBspNode&) const = default;
};

struct WmbBspLeaf {
    std::int32_t flags = 0;
    std::int32_t pvs = 0;
    std::array<std::int16_t, 3> mins{};
    std::array<std::int16_t, 3> maxs{};
    std::array<std::int32_t, 2> legacy1{};
    std::int32_t firstBspBlock = 0; // into bsp_blocks
    std::int32_t numBspBlocks = 0;
    bool operator==(const WmbBspLeaf&) const = default;
};

static_assert(sizeof(WmbObject) == 16, "an object table entry costs 4 bytes of table");

struct Wmb {
    std::array<WmbListEntry, kWmbListCount> lists{};
    std::vector<WmbPalette> palettes;
    std::vector<WmbTexture> textures;
    std::vector<WmbMaterial> materials;
    std::vector<WmbObject> objects; // in table order
    std::vector<WmbInfo> infos;     // the objects' fields by kind, in table order
    std::vector<WmbPosition> positions;
    std::vector<WmbLight> lights;
    std::vector<WmbSound> sounds;
    std::vector<WmbPath> paths;
    std::vector<WmbEntity> entities; // ENTITY and OLD_ENTITY
    std::vector<WmbLightmap> lightmaps;
    std::vector<WmbBlock> blocks;
    std::vector<WmbLightmap> terrainLightmaps;
    std::vector<WmbBspNode> bspNodes;
    std::vector<WmbBspLeaf> bspLeafs;
    std::vector<std::int32_t> bspBlocks;
    std::vector<Warning> warnings;

    const WmbListEntry& list(WmbList l) const { return lists[std::size_t(l)]; }
    bool operator==(const Wmb&) const = default;
};

// Reads a WMB7 file (layout above). Errors name the list and the absolute offset.
Expected<Wmb> readWmb(std::span<const std::byte> bytes);

// The fields of objects[k] when it is of that kind, else nullptr.
const WmbInfo* wmbInfoAt(const Wmb& wmb, std::size_t k);
const WmbPosition* wmbPositionAt(const Wmb& wmb, std::size_t k);
const WmbLight* wmbLightAt(const Wmb& wmb, std::size_t k);
const WmbSound* wmbSoundAt(const Wmb& wmb, std::size_t k);
const WmbPath* wmbPathAt(const Wmb& wmb, std::size_t k);
const WmbEntity* wmbEntityAt(const Wmb& wmb, std::size_t k); // ENTITY or OLD_ENTITY

// The (first) INFO object, nullptr when there is none.
const WmbInfo* wmbInfo(const Wmb& wmb);

struct WmbBounds {
    WmbVec3 min{};
    WmbVec3 max{};
    bool empty = true; // no vertex
};
// The box of every block vertex.
WmbBounds wmbBlockBounds(const Wmb& wmb);

// The spec's short_unpack of BSP bounding boxes.
float wmbUnpackShort(std::int16_t v);

} // namespace mapsmith::io
