#include "core/convert/wmb_wmo_groups.h"

#include "core/convert/wmb_wmo.h"
#include "core/convert/wmo_bsp.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <unordered_map>

namespace mapsmith::core {

namespace {

// MOCV colours: the light as the surface shows it, alpha 0. Gamestudio lightmaps are overbright by 2 (the
// texture times twice the lightmap: test.wmb's fully lit faces sit at 0x7D, 0x7F being the texture as it
// is, only light hot spots go above): the colour is twice the lightmap, clamped to 255. The 3.3.5 client
// halves the colours of interior and exterior batch vertices and adds alpha * colour / 64 to them
// (CMapObjGroup::FixColorVertexAlpha, run when MOHD flag 0x8 is clear), and its WMO pixel shaders double the
// colour (fallenoak, "WMO: Vertex Colors", 2018): with alpha 0 a stored colour shows as it is, as Mapsmith's
// viewport draws it (white: the texture unchanged).
constexpr std::uint32_t kWhite = 0x00FFFFFF; // BGRA

glm::dvec3 levelPoint(const io::WmbVec3& p) {
    return {double(p[0]), double(p[1]), double(p[2])};
}

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

// The vertex colour of the lightmap under (su, sv): bilinear over texel centres, clamped at the edges,
// doubled.
std::uint32_t sampleLightmap(const io::WmbLightmap& lm, float su, float sv) {
    if (lm.width == 0 || lm.height == 0 || lm.bgr.size() < std::size_t(lm.width) * lm.height * 3 ||
        !std::isfinite(su) || !std::isfinite(sv)) {
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
    std::uint32_t out = 0;                // alpha 0 (kWhite)
    for (std::size_t c = 0; c < 3; ++c) { // blue, green, red: BGRA's order
        const auto at = [&](std::size_t x, std::size_t y) {
            return double(lm.bgr[(y * lm.width + x) * 3 + c]);
        };
        const double v = (at(x0, y0) * (1 - tx) + at(x1, y0) * tx) * (1 - ty) +
                         (at(x0, y1) * (1 - tx) + at(x1, y1) * tx) * ty;
        out |= std::uint32_t(std::clamp(std::lround(2.0 * v), 0L, 255L)) << (8 * c);
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

// Per block, the area-weighted normal sum at each position of its smooth triangles (level frame: a scale of
// the WMO's, so the directions are the same).
using PositionKey = std::array<float, 3>;
struct PositionHash {
    std::size_t operator()(const PositionKey& k) const {
        std::size_t h = 0;
        for (const float f : k) {
            std::uint32_t bits = 0;
            const float g = f == 0.0f ? 0.0f : f; // -0 and +0 are one position
            std::memcpy(&bits, &g, sizeof bits);
            h = h * 1000003u ^ bits;
        }
        return h;
    }
};
using SmoothNormals = std::unordered_map<PositionKey, glm::dvec3, PositionHash>;

// The smooth normal sums of every block (empty maps for blocks without smooth triangles).
std::vector<SmoothNormals> smoothNormals(const io::Wmb& level, std::span<const WmbSourceTriangle> triangles) {
    std::vector<SmoothNormals> out(level.blocks.size());
    for (const WmbSourceTriangle& t : triangles) {
        const io::WmbBlock& block = level.blocks[t.block];
        if ((block.skins[t.skin].flags & kWmbSkinSmooth) == 0) {
            continue;
        }
        std::array<glm::dvec3, 3> p{};
        for (std::size_t k = 0; k < 3; ++k) {
            p[k] = levelPoint(block.vertices[t.vertex[k]].position);
        }
        const glm::dvec3 n = faceNormal(p[0], p[1], p[2]); // area-weighted
        for (std::size_t k = 0; k < 3; ++k) {
            out[t.block][block.vertices[t.vertex[k]].position] += n;
        }
    }
    return out;
}

// Builds the groups from the sorted triangles.
class GroupBuilder {
public:
    GroupBuilder(const io::Wmb& level, double yardsPerQuant, const std::vector<SmoothNormals>& smooth)
        : mLevel(level), mYardsPerQuant(yardsPerQuant), mSmooth(smooth), mColors(!level.lightmaps.empty()) {}

    void add(const WmbSourceTriangle& t) {
        const io::WmbBlock& block = mLevel.blocks[t.block];
        const io::WmbSkin& skin = block.skins[t.skin];
        const bool smooth = (skin.flags & kWmbSkinSmooth) != 0;
        const std::uint32_t key = std::uint32_t(t.material) << 1 | (smooth ? 1u : 0u);
        if (!mOpen || mGroup.triangles.size() + 1 > kWmoMaxGroupTriangles ||
            mGroup.vertices.size() + 3 > kWmoMaxGroupVertices) {
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
            mGroup.vertices.push_back(toModel(wmbToWmoLocal(src.position, mYardsPerQuant)));
            mGroup.normals.push_back(toModel(normal));
            mGroup.uvSets[0].push_back(src.texture); // tu, tv: in texture repeats already
            if (mColors) {
                const bool lit = (skin.flags & kWmbSkinFlat) == 0 && skin.lightmap >= 0 &&
                                 std::size_t(skin.lightmap) < mLevel.lightmaps.size();
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
        while (t < g.triangles.size() && g.triangles[t].material != kWmoNoMaterial) {
            const std::uint8_t material = g.triangles[t].material;
            std::size_t end = t;
            while (end < g.triangles.size() && g.triangles[end].material == material &&
                   end - t < kWmoMaxBatchTriangles) {
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
        g.flags = wmo_group_flags::HasBsp | wmo_group_flags::Exterior |
                  (g.colorSets.empty() ? 0u : wmo_group_flags::HasVertexColors);
        const WmoBsp bsp = buildWmoBsp(g.vertices, g.indices);
        g.otherChunks.push_back(io::WmoRawChunk{io::FourCC("MOBN"), 0, wmoBspNodeBytes(bsp)});
        g.otherChunks.push_back(io::WmoRawChunk{io::FourCC("MOBR"), 0, wmoBspFaceBytes(bsp)});
    }

    const io::Wmb& mLevel;
    double mYardsPerQuant = 1.0;
    const std::vector<SmoothNormals>& mSmooth;
    bool mColors = false;
    bool mOpen = false;
    io::WmoGroup mGroup;
    std::uint32_t mKey = std::numeric_limits<std::uint32_t>::max();
    std::unordered_map<std::uint64_t, std::uint16_t> mShared; // (block, vertex) -> index, this batch
    std::vector<io::WmoGroup> mGroups;
};

} // namespace

std::vector<io::WmoGroup> buildWmbGroups(const io::Wmb& level, std::span<const WmbSourceTriangle> triangles,
                                         double yardsPerQuant) {
    const std::vector<SmoothNormals> smooth = smoothNormals(level, triangles);
    GroupBuilder builder(level, yardsPerQuant, smooth);
    for (const WmbSourceTriangle& t : triangles) {
        builder.add(t);
    }
    return builder.take();
}

} // namespace mapsmith::core
