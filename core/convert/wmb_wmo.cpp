#include "core/convert/wmb_wmo.h"

#include "core/convert/wmb_textures.h"
#include "core/convert/wmo_bsp.h"
#include "io/binary/byte_writer.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <map>
#include <unordered_map>
#include <unordered_set>

namespace mapsmith::core {

namespace {

// SKIN flags. The spec: "bit 1 = flat (no lightmap), bit 2 = sky, bit 14 = smooth", counting from 1:
// test.wmb's water skin (no lightmap, every su/sv equal) has flags 0x49, so "bit 1" is 0x1.
constexpr std::int32_t kSkinSky = 0x2;
constexpr std::int32_t kSkinSmooth = 0x2000;

// MOPY triangle flags as the client reads them: a face is collidable when it has Collision, or Render
// without Detail; faces are drawn through the batches (MOBA), not through these flags. Blizzard's
// trolltent_000.wmo draws its faces with Render | Detail (0x24, no collision) and collides with
// material-0xFF faces flagged Collision (0x08).
namespace mopy {
constexpr std::uint8_t Detail = 0x04;
constexpr std::uint8_t Collision = 0x08;
constexpr std::uint8_t Render = 0x20;
} // namespace mopy
constexpr std::uint8_t kNoMaterial = 0xFF;

// MOGP / MOGI flags.
namespace group_flags {
constexpr std::uint32_t HasBsp = 0x1;
constexpr std::uint32_t HasVertexColors = 0x4;
constexpr std::uint32_t Exterior = 0x8;
} // namespace group_flags

constexpr std::size_t kMaxGroupVertices = 65535;      // MOVI holds u16 indices
constexpr std::size_t kMaxGroupTriangles = 65535;     // MOBR holds u16 face indices
constexpr std::size_t kMaxBatchTriangles = 65535 / 3; // MOBA's index count is a u16
constexpr std::size_t kMaxMaterials = 255;            // MOPY's u8 material, 0xFF meaning none

constexpr std::uint32_t kDefaultAmbient = 0xFF7F7F7F; // BGRA, without an INFO object
constexpr std::uint32_t kWhite = 0xFFFFFFFF;

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

struct SourceTriangle {
    std::uint32_t block = 0;
    std::array<std::uint16_t, 3> vertex{}; // block vertex indices, in the WMO's winding
    std::uint16_t skin = 0;
    std::uint8_t material = kNoMaterial; // kNoMaterial: collision only
    std::uint8_t flags = 0;
};

glm::dvec3 faceNormal(const glm::dvec3& a, const glm::dvec3& b, const glm::dvec3& c) {
    return glm::cross(b - a, c - a); // counter-clockwise front; length = twice the area
}

glm::dvec3 unitOr(const glm::dvec3& v, const glm::dvec3& fallback) {
    const double len = glm::length(v);
    return len > 0.0 && std::isfinite(len) ? v / len : fallback;
}

io::ModelVec3 toModel(const glm::dvec3& v) {
    return {float(v.x), float(v.y), float(v.z)};
}

bool finite(const io::WmbVec3& v) {
    return std::isfinite(v[0]) && std::isfinite(v[1]) && std::isfinite(v[2]);
}

// The vertex colour of a lightmap texel under (su, sv): bilinear over texel centres, clamped at the edges.
std::uint32_t sampleLightmap(const io::WmbLightmap& lm, float su, float sv) {
    if (lm.width == 0 || lm.height == 0 || lm.bgr.size() < std::size_t(lm.width) * lm.height * 3) {
        return kWhite;
    }
    const double fx = std::clamp(double(su) * lm.width - 0.5, 0.0, double(lm.width - 1));
    const double fy = std::clamp(double(sv) * lm.height - 0.5, 0.0, double(lm.height - 1));
    const auto x0 = std::size_t(fx);
    const auto y0 = std::size_t(fy);
    const std::size_t x1 = std::min<std::size_t>(x0 + 1, lm.width - 1);
    const std::size_t y1 = std::min<std::size_t>(y0 + 1, lm.height - 1);
    const double tx = fx - double(x0);
    const double ty = fy - double(y0);
    std::uint32_t out = 0xFF000000;
    for (std::size_t c = 0; c < 3; ++c) { // blue, green, red: BGRA's order
        const auto at = [&](std::size_t x, std::size_t y) {
            return double(lm.bgr[(y * lm.width + x) * 3 + c]);
        };
        const double v = (at(x0, y0) * (1 - tx) + at(x1, y0) * tx) * (1 - ty) +
                         (at(x0, y1) * (1 - tx) + at(x1, y1) * tx) * ty;
        out |= std::uint32_t(std::clamp(std::lround(v), 0L, 255L)) << (8 * c);
    }
    return out;
}

void growBounds(io::ModelBounds& b, const io::ModelVec3& p, bool first) {
    for (int a = 0; a < 3; ++a) {
        b.min[a] = first ? p[a] : std::min(b.min[a], p[a]);
        b.max[a] = first ? p[a] : std::max(b.max[a], p[a]);
    }
}

std::int16_t boxShort(double v) {
    return std::int16_t(std::clamp(v, double(std::numeric_limits<std::int16_t>::min()),
                                   double(std::numeric_limits<std::int16_t>::max())));
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

// Per block, the area-weighted normal sum at each position of its smooth triangles (level frame: a scale of
// the WMO's, so the directions are the same).
using PositionKey = std::array<float, 3>;
struct PositionHash {
    std::size_t operator()(const PositionKey& k) const {
        std::size_t h = 0;
        for (const float f : k) {
            std::uint32_t bits = 0;
            std::memcpy(&bits, &f, sizeof bits);
            h = h * 1000003u ^ bits;
        }
        return h;
    }
};
using SmoothNormals = std::unordered_map<PositionKey, glm::dvec3, PositionHash>;

glm::dvec3 levelPoint(const io::WmbVec3& p) {
    return {double(p[0]), double(p[1]), double(p[2])};
}

// Builds the groups from the sorted triangles.
class GroupBuilder {
public:
    GroupBuilder(const io::Wmb& level, const WmbWmoOptions& options, const std::vector<SmoothNormals>& smooth)
        : mLevel(level), mOptions(options), mSmooth(smooth), mColors(!level.lightmaps.empty()) {}

    void add(const SourceTriangle& t) {
        const io::WmbBlock& block = mLevel.blocks[t.block];
        const io::WmbSkin& skin = block.skins[t.skin];
        const bool smooth = (skin.flags & kSkinSmooth) != 0;
        const std::uint32_t key = std::uint32_t(t.material) << 1 | (smooth ? 1u : 0u);
        if (!mOpen || mGroup.triangles.size() + 1 > kMaxGroupTriangles ||
            mGroup.vertices.size() + 3 > kMaxGroupVertices) {
            finishGroup();
            mOpen = true;
        }
        if (key != mKey) {
            mShared.clear(); // vertices are not shared across materials: batch vertex ranges stay apart
            mKey = key;
        }
        std::array<glm::dvec3, 3> p{};
        for (std::size_t k = 0; k < 3; ++k) {
            p[k] = levelPoint(block.vertices[t.vertex[k]].position);
        }
        const glm::dvec3 flat = unitOr(faceNormal(p[0], p[1], p[2]), glm::dvec3(0, 0, 1));
        for (std::size_t k = 0; k < 3; ++k) {
            const std::uint16_t v = t.vertex[k];
            if (smooth) {
                const std::uint64_t shareKey = std::uint64_t(t.block) << 16 | v;
                if (const auto it = mShared.find(shareKey); it != mShared.end()) {
                    mGroup.indices.push_back(it->second);
                    continue;
                }
            }
            const io::WmbVertex& src = block.vertices[v];
            glm::dvec3 normal = flat;
            if (smooth) {
                const auto it = mSmooth[t.block].find(src.position);
                normal = it != mSmooth[t.block].end() ? unitOr(it->second, flat) : flat;
            }
            const auto index = std::uint16_t(mGroup.vertices.size());
            mGroup.vertices.push_back(toModel(wmbToWmoLocal(src.position, mOptions.yardsPerQuant)));
            mGroup.normals.push_back(toModel(normal));
            mGroup.uvSets[0].push_back(
                src.texture); // tu, tv: already in texture repeats (see buildWmoFromWmb)
            if (mColors) {
                const bool lit = skin.lightmap >= 0 && std::size_t(skin.lightmap) < mLevel.lightmaps.size();
                mGroup.colorSets[0].push_back(
                    lit ? sampleLightmap(mLevel.lightmaps[std::size_t(skin.lightmap)], src.lightmap[0],
                                         src.lightmap[1])
                        : kWhite);
            }
            if (smooth) {
                mShared.emplace(std::uint64_t(t.block) << 16 | v, index);
            }
            mGroup.indices.push_back(index);
        }
        mGroup.triangles.push_back(io::WmoTriangleInfo{t.flags, t.material});
    }

    std::vector<io::WmoGroup> take() {
        finishGroup();
        return std::move(mGroups);
    }

private:
    void startGroup() {
        mGroup = io::WmoGroup{};
        mGroup.uvSets.resize(1);
        if (mColors) {
            mGroup.colorSets.resize(1);
        }
        mShared.clear();
        mKey = std::numeric_limits<std::uint32_t>::max();
    }

    void finishGroup() {
        if (mOpen && !mGroup.triangles.empty()) {
            completeGroup(mGroup);
            mGroups.push_back(std::move(mGroup));
        }
        mOpen = false;
        startGroup();
    }

    static void completeGroup(io::WmoGroup& g) {
        for (std::size_t i = 0; i < g.vertices.size(); ++i) {
            growBounds(g.bounds, g.vertices[i], i == 0);
        }
        // Batches: runs of one material (collision-only faces, sorted last, are in none).
        std::size_t t = 0;
        while (t < g.triangles.size() && g.triangles[t].material != kNoMaterial) {
            const std::uint8_t material = g.triangles[t].material;
            std::size_t end = t;
            while (end < g.triangles.size() && g.triangles[end].material == material &&
                   end - t < kMaxBatchTriangles) {
                ++end;
            }
            io::WmoBatch b;
            b.firstIndex = std::uint32_t(t * 3);
            b.indexCount = std::uint16_t((end - t) * 3);
            b.material = material;
            std::uint16_t lo = std::numeric_limits<std::uint16_t>::max();
            std::uint16_t hi = 0;
            io::ModelBounds box;
            for (std::size_t i = t * 3; i < end * 3; ++i) {
                const std::uint16_t v = g.indices[i];
                lo = std::min(lo, v);
                hi = std::max(hi, v);
                growBounds(box, g.vertices[v], i == t * 3);
            }
            b.firstVertex = lo;
            b.lastVertex = hi;
            for (int a = 0; a < 3; ++a) {
                b.box[std::size_t(a)] = boxShort(std::floor(box.min[a]));
                b.box[std::size_t(a) + 3] = boxShort(std::ceil(box.max[a]));
            }
            g.batches.push_back(b);
            t = end;
        }
        g.exteriorBatchCount = std::uint16_t(g.batches.size());
        g.flags = group_flags::HasBsp | group_flags::Exterior |
                  (g.colorSets.empty() ? 0u : group_flags::HasVertexColors);
        const WmoBsp bsp = buildWmoBsp(g.vertices, g.indices);
        g.otherChunks.push_back(io::WmoRawChunk{io::FourCC("MOBN"), 0, wmoBspNodeBytes(bsp)});
        g.otherChunks.push_back(io::WmoRawChunk{io::FourCC("MOBR"), 0, wmoBspFaceBytes(bsp)});
    }

    const io::Wmb& mLevel;
    const WmbWmoOptions& mOptions;
    const std::vector<SmoothNormals>& mSmooth;
    bool mColors = false;
    bool mOpen = false;
    io::WmoGroup mGroup;
    std::uint32_t mKey = std::numeric_limits<std::uint32_t>::max();
    std::unordered_map<std::uint64_t, std::uint16_t> mShared; // (block, vertex) -> index, this batch
    std::vector<io::WmoGroup> mGroups;
};

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
    return levelPoint(quants) * yardsPerQuant;
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
    std::vector<SourceTriangle> triangles;
    std::vector<SmoothNormals> smooth(level.blocks.size());
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
            if ((skin.flags & kSkinSky) != 0) {
                ++skyTriangles;
                continue;
            }
            SourceTriangle t;
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
                t.flags = mopy::Collision;
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
                t.flags =
                    surface == Surface::Passable ? std::uint8_t(mopy::Render | mopy::Detail) : mopy::Render;
                ++out.renderedTriangles;
            }
            if ((skin.flags & kSkinSmooth) != 0) {
                std::array<glm::dvec3, 3> p{};
                for (std::size_t k = 0; k < 3; ++k) {
                    p[k] = levelPoint(block.vertices[t.vertex[k]].position);
                }
                const glm::dvec3 n = faceNormal(p[0], p[1], p[2]); // area-weighted
                for (std::size_t k = 0; k < 3; ++k) {
                    smooth[b][block.vertices[t.vertex[k]].position] += n;
                }
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
        [](const SourceTriangle& a, const SourceTriangle& b) { return a.material < b.material; });

    // Vertices: positions through wmbToWmoLocal; MOTV from tu, tv as stored: they are in texture repeats
    // already (test.wmb's 768-quant floor runs tu -1.5..1.5 under a 256-pixel texture, one texel a quant),
    // and both put v = 0 on the image's first row. Normals: flat (each triangle its own vertices) unless
    // the skin is smooth (vertices shared within a block and batch, the area-weighted normal of every
    // smooth triangle of the block at that position). MOCV: each vertex's lightmap texel when the level has
    // lightmaps (white for a skin without one); none otherwise.
    GroupBuilder builder(level, options, smooth);
    for (const SourceTriangle& t : triangles) {
        builder.add(t);
    }
    out.groups = builder.take();

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
            io::WmoGroupInfo{g.flags & ~group_flags::HasBsp, g.bounds, std::int32_t(g.nameOffset)});
        growBounds(root.bounds, g.bounds.min, k == 0);
        growBounds(root.bounds, g.bounds.max, false);
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
