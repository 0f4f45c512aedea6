#include "core/convert/wmb_wmo.h"

#include "core/convert/wmb_textures.h"
#include "core/convert/wmb_wmo_groups.h"
#include "io/binary/byte_writer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <unordered_set>

namespace mapsmith::core {

namespace {

constexpr std::size_t kMaxMaterials = 255; // MOPY's u8 material, 0xFF meaning none

constexpr std::uint32_t kDefaultAmbient = 0xFF7F7F7F; // BGRA, without an INFO object

// How a triangle of the level ends up in the WMO. What WMB7 says about a surface (the spec): the SKIN
// flags flat, sky and smooth, and the texture. Chosen here:
//   - sky skins: left out (the client draws its own sky), counted in a warning;
//   - a skin whose texture index is outside the level's textures has nothing to draw: collision only
//     (MOPY material 0xFF, Collision, in no batch), as the spec has no invisible flag of its own;
//   - a texture named "*..." (the Quake liquid prefix Gamestudio's compiler keeps, test.wmb's "*water3")
//     is a passable liquid surface: drawn, not collidable (Render | Detail);
//   - everything else drawn and collidable (Render).
// test.wmb's water block has BLOCK lContent -126 where every other block has -128 (the spec: "always
// 0"); with no layout for it this is not used.
enum class Surface : std::uint8_t { Drawn, Passable, CollisionOnly };

bool finite(const io::WmbVec3& v) {
    return std::isfinite(v[0]) && std::isfinite(v[1]) && std::isfinite(v[2]);
}

// Appends a NUL-terminated string padded with NULs to a multiple of 4 bytes; returns its offset.
std::uint32_t appendPadded(std::string& block, const std::string& s) {
    const auto at = std::uint32_t(block.size());
    block += s;
    block.push_back('\0');
    while (block.size() % 4 != 0) {
        block.push_back('\0');
    }
    return at;
}

std::string joinGamePath(const std::string& folder, const std::string& file) {
    if (folder.empty()) {
        return file;
    }
    return folder.back() == '\\' ? folder + file : folder + "\\" + file;
}

std::string lower(std::string s) {
    for (char& c : s) {
        if (c >= 'A' && c <= 'Z') {
            c = char(c - 'A' + 'a');
        }
    }
    return s;
}

constexpr std::size_t kWmoFogSize = 48;

// MFOG's one default entry, 48 bytes: u32 flags, f32[3] position, f32 smaller and larger radius (0: the
// whole WMO), then fog end (yards), start as a fraction of the end, colour (BGRA), and the same three for
// under water.
std::vector<std::byte> defaultFog() {
    io::ByteWriter w;
    w.reserve(kWmoFogSize);
    w.u32(0);
    w.f32(0.0f);
    w.f32(0.0f);
    w.f32(0.0f);
    w.f32(0.0f);
    w.f32(0.0f);
    w.f32(444.4445f);
    w.f32(0.25f);
    w.u32(0xFFFFFFFF);
    w.f32(222.2222f);
    w.f32(-0.5f);
    w.u32(0xFF0000FF);
    return w.take();
}

} // namespace

glm::dvec3 wmbToWmoLocal(const io::WmbVec3& quants, double yardsPerQuant) {
    // Both frames right-handed, z up (wmb_wmo.h): a uniform scale.
    return glm::dvec3(double(quants[0]), double(quants[1]), double(quants[2])) * yardsPerQuant;
}

Expected<WmbWmo> buildWmoFromWmb(const io::Wmb& level, const WmbWmoOptions& options) {
    if (!(options.yardsPerQuant > 0.0) || !std::isfinite(options.yardsPerQuant)) {
        return CoreError(CoreError::Code::Refused, "the scale (yards per quant) must be positive and finite");
    }
    if (options.name.empty()) {
        return CoreError(CoreError::Code::Refused, "the WMO needs a file name");
    }
    WmbWmo out;
    out.rootPath = joinGamePath(options.gameFolder, options.name + ".wmo");
    std::size_t skyTriangles = 0;

    // Triangles, in the WMO's winding: WMB7 stores front faces clockwise seen from the front (Direct3D's
    // default, which the engine renders with; test.wmb's floor block 12 has its top face at z = -128 wound
    // clockwise seen from above), a WMO counter-clockwise (trolltent_000.wmo: every MONR normal agrees with
    // its triangle's counter-clockwise normal). The frames themselves need no mirror, so v2 and v3 swap.
    std::map<std::int32_t, std::uint8_t> materialOfTexture; // level texture index -> MOMT index
    std::vector<std::int32_t> textureOfMaterial;
    std::vector<WmbSourceTriangle> triangles;
    for (std::size_t b = 0; b < level.blocks.size(); ++b) {
        const io::WmbBlock& block = level.blocks[b];
        for (std::size_t v = 0; v < block.vertices.size(); ++v) {
            if (!finite(block.vertices[v].position)) {
                return CoreError(CoreError::Code::Refused, "block " + std::to_string(b) + " vertex " +
                                                               std::to_string(v) +
                                                               " has a non-finite position");
            }
        }
        for (const io::WmbTriangle& tri : block.triangles) {
            // readWmb checks the vertex and skin indices; a hand-built level may not.
            if (tri.skin < 0 || std::size_t(tri.skin) >= block.skins.size() ||
                std::any_of(tri.vertex.begin(), tri.vertex.end(), [&](std::int16_t v) {
                    return v < 0 || std::size_t(v) >= block.vertices.size();
                })) {
                return CoreError(CoreError::Code::Refused,
                                 "block " + std::to_string(b) +
                                     " has a triangle with an index outside the block");
            }
            const io::WmbSkin& skin = block.skins[std::size_t(tri.skin)];
            if ((skin.flags & kWmbSkinSky) != 0) {
                ++skyTriangles;
                continue;
            }
            WmbSourceTriangle t;
            t.block = std::uint32_t(b);
            t.vertex = {std::uint16_t(tri.vertex[0]), std::uint16_t(tri.vertex[2]),
                        std::uint16_t(tri.vertex[1])};
            t.skin = std::uint16_t(tri.skin);
            const bool textured = skin.texture >= 0 && std::size_t(skin.texture) < level.textures.size();
            const Surface surface = !textured ? Surface::CollisionOnly
                                    : level.textures[std::size_t(skin.texture)].name.starts_with('*')
                                        ? Surface::Passable
                                        : Surface::Drawn;
            if (surface == Surface::CollisionOnly) {
                t.flags = wmo_triangle_flags::Collision;
                ++out.collisionOnlyTriangles;
            } else {
                auto it = materialOfTexture.find(skin.texture);
                if (it == materialOfTexture.end()) {
                    if (textureOfMaterial.size() >= kMaxMaterials) {
                        return CoreError(CoreError::Code::Refused,
                                         "the level uses more than " + std::to_string(kMaxMaterials) +
                                             " textures, more than a WMO's materials can name");
                    }
                    it =
                        materialOfTexture.emplace(skin.texture, std::uint8_t(textureOfMaterial.size())).first;
                    textureOfMaterial.push_back(skin.texture);
                }
                t.material = it->second;
                t.flags = surface == Surface::Passable
                              ? std::uint8_t(wmo_triangle_flags::Render | wmo_triangle_flags::Detail)
                              : wmo_triangle_flags::Render;
                ++out.renderedTriangles;
            }
            triangles.push_back(t);
        }
    }
    if (skyTriangles > 0) {
        out.warnings.push_back(std::to_string(skyTriangles) +
                               " sky triangles left out (the client draws its own sky)");
    }
    // Materials in first-use order, collision-only (0xFF) last; stable, so each block's order is kept.
    std::stable_sort(
        triangles.begin(), triangles.end(),
        [](const WmbSourceTriangle& a, const WmbSourceTriangle& b) { return a.material < b.material; });

    out.groups = buildWmbGroups(level, triangles, options.yardsPerQuant);

    // Textures and materials. MOTX names are case-insensitive in the game: stems are made unique so.
    io::WmoRoot& root = out.root;
    std::unordered_set<std::string> stems;
    for (const std::int32_t tex : textureOfMaterial) {
        const io::WmbTexture& texture = level.textures[std::size_t(tex)];
        const std::string base = wmbTextureStem(texture.name);
        std::string stem = base;
        for (int n = 2; stems.count(lower(stem)) != 0; ++n) {
            stem = base + "_" + std::to_string(n);
        }
        stems.insert(lower(stem));
        WmbTextureBlp blp = convertWmbTexture(texture, out.warnings);
        const std::string path = joinGamePath(options.gameFolder, stem + ".blp");
        io::WmoMaterial m;
        m.blendMode = blp.hasAlpha ? 1u : 0u; // 1: alpha-tested (cut-out), 0: opaque
        m.textures[0] = appendPadded(root.textures.bytes, path);
        m.sidnColor = 0xFF000000;    // no self-illumination
        m.diffuseColor = 0xFF7F7F7F; // BGRA
        root.materials.push_back(m);
        out.textures.push_back(WmoOutputFile{path, std::move(blp.bytes)});
    }

    // Groups: names, infos, bounds.
    root.groupNames.bytes.push_back('\0'); // offset 0: the empty description every group points at
    while (root.groupNames.bytes.size() % 4 != 0) {
        root.groupNames.bytes.push_back('\0');
    }
    for (std::size_t k = 0; k < out.groups.size(); ++k) {
        io::WmoGroup& g = out.groups[k];
        char number[32];
        std::snprintf(number, sizeof number, "_%03zu", k);
        g.nameOffset = appendPadded(root.groupNames.bytes, options.name + number);
        g.descriptionOffset = 0;
        root.groupInfos.push_back(
            io::WmoGroupInfo{g.flags & ~wmo_group_flags::HasBsp, g.bounds, std::int32_t(g.nameOffset)});
        for (int a = 0; a < 3; ++a) {
            root.bounds.min[a] = k == 0 ? g.bounds.min[a] : std::min(root.bounds.min[a], g.bounds.min[a]);
            root.bounds.max[a] = k == 0 ? g.bounds.max[a] : std::max(root.bounds.max[a], g.bounds.max[a]);
        }
    }

    const io::WmbInfo* info = io::wmbInfo(level);
    root.textureCount = std::uint32_t(out.textures.size());
    root.groupCount = std::uint32_t(out.groups.size());
    root.doodadSetCount = 1;
    // INFO's ambient is ARGB in a u32; MOHD's is BGRA bytes, the same u32 read little-endian.
    root.ambientColor = info != nullptr ? (info->ambientColor | 0xFF000000u) : kDefaultAmbient;
    root.doodadSets.push_back(io::WmoDoodadSet{"Set_$DefaultGlobal", 0, 0});
    // The chunks the client expects even when empty (portals, visibility, lights), and one default fog.
    for (const io::FourCC id : {io::FourCC("MOPV"), io::FourCC("MOPT"), io::FourCC("MOPR"),
                                io::FourCC("MOVV"), io::FourCC("MOVB"), io::FourCC("MOLT")}) {
        root.otherChunks.push_back(io::WmoRawChunk{id, 0, {}});
    }
    root.otherChunks.push_back(io::WmoRawChunk{io::FourCC("MFOG"), 0, defaultFog()});
    return out;
}

} // namespace mapsmith::core
