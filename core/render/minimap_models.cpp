#include "core/render/minimap_models.h"

#include "core/geometry/object_model.h"
#include "core/render/terrain_samples.h"
#include "io/assets/texture_cache.h"

#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/mat3x3.hpp>

#include <algorithm>
#include <cmath>
#include <map>

namespace mapsmith::core {

namespace {

constexpr float kNegInf = -std::numeric_limits<float>::infinity();

// One material as the rasteriser needs it.
struct Surface {
    std::shared_ptr<const io::CachedTexture> texture; // null: neutral colour
    ModelBlend blend = ModelBlend::Opaque;
    bool twoSided = false;
    bool unlit = false;
};

// A vertex in sample space: col eastwards, row southwards (sample centres at whole numbers), z up (yd).
struct ScreenVertex {
    double col = 0.0;
    double row = 0.0;
    float z = 0.0f;
    glm::vec3 normal{0.0f, 0.0f, 1.0f}; // world
    glm::vec2 uv{0.0f};
    glm::vec3 colour{1.0f};
};

glm::vec4 sampleTexture(const io::CachedTexture* t, glm::vec2 uv) {
    if (!t || t->width == 0 || t->height == 0) {
        return {kModelNeutralColour[0] / 255.0f, kModelNeutralColour[1] / 255.0f,
                kModelNeutralColour[2] / 255.0f, 1.0f};
    }
    const auto wrap = [](float x, std::uint32_t n) {
        const auto i = std::int64_t(std::floor((x - std::floor(x)) * float(n)));
        return std::size_t(std::clamp<std::int64_t>(i, 0, std::int64_t(n) - 1));
    };
    const std::size_t p = (wrap(uv.y, t->height) * t->width + wrap(uv.x, t->width)) * 4;
    if (p + 3 >= t->rgba.size()) {
        return {1.0f, 1.0f, 1.0f, 1.0f};
    }
    return glm::vec4(t->rgba[p], t->rgba[p + 1], t->rgba[p + 2], t->rgba[p + 3]) / 255.0f;
}

glm::vec3 unpackBgra(std::uint32_t bgra) {
    return glm::vec3(float((bgra >> 16) & 0xFFu), float((bgra >> 8) & 0xFFu), float(bgra & 0xFFu)) / 255.0f;
}

class Rasteriser {
public:
    Rasteriser(TileCoord tile, std::span<const float> ground, const TerrainLook& look)
        : mGround(ground), mSun(glm::normalize(glm::vec3(look.lightDirection))), mAmbient(look.ambient) {
        const glm::dvec2 origin = tileOrigin(tile); // north-west corner: (world x, world y)
        mOriginX = origin.x;
        mOriginY = origin.y;
        const std::size_t n = std::size_t(kTileSamples) * kTileSamples;
        mLayer.top.assign(n, kNegInf);
        mLayer.colour.assign(n, glm::vec3(0.0f));
    }

    // Pass 0: opaque and alpha-keyed surfaces; pass 1: blended ones.
    void draw(const PlacedModel& model, const std::vector<Surface>& surfaces, int pass) {
        const ModelMesh& mesh = *model.mesh;
        const glm::dmat3 linear(model.toWorld);
        const glm::mat3 normalMatrix(linear);
        for (const ModelBatch& batch : mesh.batches) {
            static const Surface kNone;
            const Surface& surface = batch.material < surfaces.size() ? surfaces[batch.material] : kNone;
            const bool blended = surface.blend != ModelBlend::Opaque && surface.blend != ModelBlend::AlphaKey;
            if (blended != (pass == 1)) {
                continue;
            }
            const std::uint64_t end = std::min<std::uint64_t>(
                std::uint64_t(batch.firstIndex) + batch.indexCount, mesh.indices.size());
            for (std::uint64_t i = batch.firstIndex; i + 2 < end; i += 3) {
                ScreenVertex v[3];
                bool valid = true;
                for (int k = 0; k < 3; ++k) {
                    const std::uint32_t index = mesh.indices[std::size_t(i) + std::size_t(k)];
                    if (index >= mesh.positions.size()) {
                        valid = false;
                        break;
                    }
                    v[k] = vertex(mesh, index, model.toWorld, normalMatrix);
                }
                if (valid) {
                    triangle(v, surface);
                }
            }
        }
    }

    MinimapModelLayer take() { return std::move(mLayer); }

private:
    ScreenVertex vertex(const ModelMesh& mesh, std::uint32_t index, const glm::dmat4& toWorld,
                        const glm::mat3& normalMatrix) const {
        const glm::dvec4 w = toWorld * glm::dvec4(glm::dvec3(mesh.positions[index]), 1.0);
        ScreenVertex v;
        v.col = (mOriginY - w.y) / kSampleSpacing - 0.5;
        v.row = (mOriginX - w.x) / kSampleSpacing - 0.5;
        v.z = float(w.z);
        if (index < mesh.normals.size()) {
            v.normal = normalMatrix * mesh.normals[index];
        }
        if (index < mesh.uvs.size()) {
            v.uv = mesh.uvs[index];
        }
        if (index < mesh.colours.size()) {
            v.colour = unpackBgra(mesh.colours[index]);
        }
        return v;
    }

    void triangle(ScreenVertex v[3], const Surface& surface) {
        // Facing from the winding seen from above (world x north, y west: col = -y, row = -x, so the
        // screen is mirrored and a counter-clockwise face from above has a negative area here).
        double area =
            (v[1].col - v[0].col) * (v[2].row - v[0].row) - (v[1].row - v[0].row) * (v[2].col - v[0].col);
        if (!(std::abs(area) > 1e-12)) {
            return; // edge-on (a wall) or degenerate: nothing to see from above
        }
        const bool front = area < 0.0;
        if (!front && !surface.twoSided) {
            return; // culled as the viewport culls back faces
        }
        if (area < 0.0) {
            std::swap(v[1], v[2]); // positive area from here on
            area = -area;
        }
        const double minCol = std::min({v[0].col, v[1].col, v[2].col});
        const double maxCol = std::max({v[0].col, v[1].col, v[2].col});
        const double minRow = std::min({v[0].row, v[1].row, v[2].row});
        const double maxRow = std::max({v[0].row, v[1].row, v[2].row});
        const int c0 = std::max(0, int(std::ceil(minCol)));
        const int c1 = std::min(kTileSamples - 1, int(std::floor(maxCol)));
        const int r0 = std::max(0, int(std::ceil(minRow)));
        const int r1 = std::min(kTileSamples - 1, int(std::floor(maxRow)));
        if (c0 > c1 || r0 > r1) {
            return; // outside the tile's square
        }
        // Edge k is opposite vertex k. Top-left rule: a sample exactly on a shared edge belongs to one side.
        struct Edge {
            double a, b, c; // w = a * col + b * row + c, positive inside
            bool owns;
        } e[3];
        for (int k = 0; k < 3; ++k) {
            const ScreenVertex& p = v[(k + 1) % 3];
            const ScreenVertex& q = v[(k + 2) % 3];
            e[k].a = -(q.row - p.row);
            e[k].b = q.col - p.col;
            e[k].c = -(e[k].a * p.col + e[k].b * p.row);
            e[k].owns = e[k].a > 0.0 || (e[k].a == 0.0 && e[k].b < 0.0);
        }
        const glm::vec3 faceFlip = front ? glm::vec3(1.0f) : glm::vec3(-1.0f);
        for (int r = r0; r <= r1; ++r) {
            for (int c = c0; c <= c1; ++c) {
                double w[3];
                bool inside = true;
                for (int k = 0; k < 3 && inside; ++k) {
                    w[k] = e[k].a * c + e[k].b * r + e[k].c;
                    inside = w[k] > 0.0 || (w[k] == 0.0 && e[k].owns);
                }
                if (!inside) {
                    continue;
                }
                const float b0 = float(w[0] / area);
                const float b1 = float(w[1] / area);
                const float b2 = 1.0f - b0 - b1;
                const float z = b0 * v[0].z + b1 * v[1].z + b2 * v[2].z;
                const std::size_t s = std::size_t(r) * kTileSamples + std::size_t(c);
                const float floor = std::max(mGround[s], mLayer.top[s]);
                if (!(z > floor)) {
                    continue; // below the ground or under a model surface already drawn
                }
                const glm::vec2 uv = b0 * v[0].uv + b1 * v[1].uv + b2 * v[2].uv;
                const glm::vec4 texel = sampleTexture(surface.texture.get(), uv);
                if (surface.blend == ModelBlend::AlphaKey && texel.a < 0.5f) {
                    continue;
                }
                float light = 1.0f;
                if (!surface.unlit) {
                    const glm::vec3 n = (b0 * v[0].normal + b1 * v[1].normal + b2 * v[2].normal) * faceFlip;
                    const float len = glm::length(n);
                    const float lambert = len > 0.0f ? std::max(glm::dot(n / len, mSun), 0.0f) : 0.0f;
                    light = mAmbient + (1.0f - mAmbient) * lambert;
                }
                const glm::vec3 vc = b0 * v[0].colour + b1 * v[1].colour + b2 * v[2].colour;
                const glm::vec3 rgb = glm::clamp(glm::vec3(texel) * vc * light, 0.0f, 1.0f);
                shade(s, z, rgb, texel.a, surface.blend);
            }
        }
    }

    void shade(std::size_t s, float z, glm::vec3 rgb, float alpha, ModelBlend blend) {
        switch (blend) {
        case ModelBlend::Opaque:
        case ModelBlend::AlphaKey:
            mLayer.top[s] = z;
            mLayer.colour[s] = rgb;
            return;
        case ModelBlend::Alpha:
        case ModelBlend::Add:
        case ModelBlend::Modulate:
            break;
        }
        if (mLayer.add.empty()) {
            mLayer.add.assign(mLayer.top.size(), glm::vec3(0.0f));
            mLayer.mul.assign(mLayer.top.size(), glm::vec3(1.0f));
        }
        glm::vec3& add = mLayer.add[s];
        glm::vec3& mul = mLayer.mul[s];
        const float a = std::clamp(alpha, 0.0f, 1.0f);
        if (blend == ModelBlend::Alpha) { // source alpha, one minus source alpha
            add = rgb * a + add * (1.0f - a);
            mul *= 1.0f - a;
        } else if (blend == ModelBlend::Add) { // source alpha, one
            add += rgb * a;
        } else { // destination colour, zero
            add *= rgb;
            mul *= rgb;
        }
    }

    std::span<const float> mGround;
    glm::vec3 mSun;
    float mAmbient;
    double mOriginX = 0.0;
    double mOriginY = 0.0;
    MinimapModelLayer mLayer;
};

} // namespace

glm::dmat4 placementToWorldMatrix() {
    // world = (H - p.z, H - p.x, p.y) (core/geometry/coords.h), H = kMapHalfSize.
    glm::dmat4 m(0.0);
    m[0] = glm::dvec4(0.0, -1.0, 0.0, 0.0);
    m[1] = glm::dvec4(0.0, 0.0, 1.0, 0.0);
    m[2] = glm::dvec4(-1.0, 0.0, 0.0, 0.0);
    m[3] = glm::dvec4(kMapHalfSize, kMapHalfSize, 0.0, 1.0);
    return m;
}

glm::dmat4 doodadToWorld(const io::DoodadPlacement& d) {
    return placementToWorldMatrix() * placementMatrix(d.position, d.rotation, scaleFactor(d.scale));
}

glm::dmat4 wmoToWorld(const io::MapObjectPlacement& w) {
    return placementToWorldMatrix() * placementMatrix(w.position, w.rotation, 1.0);
}

glm::dmat4 wmoDoodadToWorld(const WmoDoodad& d, const glm::dmat4& wmoWorld) {
    glm::dmat4 local = glm::mat4_cast(d.rotation) * d.scale;
    local[3] = glm::dvec4(d.position, 1.0);
    return wmoWorld * local;
}

MinimapModelLayer rasterizeMinimapModels(TileCoord tile, std::span<const PlacedModel> models,
                                         std::span<const float> ground, const ModelTextureFn& textures,
                                         const TerrainLook& look) {
    const std::size_t n = std::size_t(kTileSamples) * kTileSamples;
    if (ground.size() != n || models.empty()) {
        return {};
    }
    // Each distinct mesh's materials resolved once.
    std::map<const ModelMesh*, std::vector<Surface>> surfaces;
    for (const PlacedModel& m : models) {
        if (!m.mesh || surfaces.contains(m.mesh.get())) {
            continue;
        }
        std::vector<Surface>& list = surfaces[m.mesh.get()];
        for (const ModelMaterial& material : m.mesh->materials) {
            Surface s;
            s.blend = material.blend;
            s.twoSided = material.twoSided;
            s.unlit = material.unlit;
            if (!material.texture.empty() && textures) {
                s.texture = textures(material.texture);
            }
            list.push_back(std::move(s));
        }
    }
    Rasteriser raster(tile, ground, look);
    for (int pass = 0; pass < 2; ++pass) {
        for (const PlacedModel& m : models) {
            if (m.mesh) {
                raster.draw(m, surfaces[m.mesh.get()], pass);
            }
        }
    }
    return raster.take();
}

} // namespace mapsmith::core
