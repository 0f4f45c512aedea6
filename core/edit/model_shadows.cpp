#include "core/edit/model_shadows.h"

#include "core/kernels/model_shadow.h"
#include "core/models/model_library.h"
#include "core/render/minimap_model_scene.h"
#include "core/render/terrain_samples.h"
#include "io/assets/texture_cache.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace mapsmith::core {

namespace {

// The alpha of each alpha-keyed texture, made once per bake.
class Masks {
public:
    explicit Masks(const ModelTextureFn& textures) : mTextures(textures) {}

    std::shared_ptr<const AlphaMask> of(const std::string& path) {
        if (!mTextures || path.empty()) {
            return nullptr;
        }
        if (const auto it = mMasks.find(path); it != mMasks.end()) {
            return it->second;
        }
        std::shared_ptr<AlphaMask> mask;
        if (const auto t = mTextures(path); t && t->width > 0 && t->height > 0) {
            mask = std::make_shared<AlphaMask>();
            mask->width = int(t->width);
            mask->height = int(t->height);
            mask->alpha.resize(std::size_t(t->width) * t->height);
            for (std::size_t i = 0; i < mask->alpha.size() && i * 4 + 3 < t->rgba.size(); ++i) {
                mask->alpha[i] = t->rgba[i * 4 + 3];
            }
        }
        return mMasks.emplace(path, std::move(mask)).first->second;
    }

private:
    const ModelTextureFn& mTextures;
    std::map<std::string, std::shared_ptr<const AlphaMask>> mMasks;
};

void addModel(ModelShadowCaster& caster, const PlacedModel& model, Masks& masks) {
    const ModelMesh& mesh = *model.mesh;
    for (const ModelBatch& batch : mesh.batches) {
        if (batch.material >= mesh.materials.size()) {
            continue;
        }
        const ModelMaterial& material = mesh.materials[batch.material];
        if (material.blend != ModelBlend::Opaque && material.blend != ModelBlend::AlphaKey) {
            continue; // blended surfaces cast nothing
        }
        CasterTriangle t;
        t.mask = material.blend == ModelBlend::AlphaKey ? masks.of(material.texture) : nullptr;
        const std::uint64_t end =
            std::min<std::uint64_t>(std::uint64_t(batch.firstIndex) + batch.indexCount, mesh.indices.size());
        for (std::uint64_t i = batch.firstIndex; i + 2 < end; i += 3) {
            bool valid = true;
            for (int k = 0; k < 3 && valid; ++k) {
                const std::uint32_t index = mesh.indices[std::size_t(i) + std::size_t(k)];
                valid = index < mesh.positions.size();
                if (valid) {
                    t.v[k] = glm::dvec3(model.toWorld * glm::dvec4(glm::dvec3(mesh.positions[index]), 1.0));
                    t.uv[k] = index < mesh.uvs.size() ? mesh.uvs[index] : glm::vec2(0.0f);
                }
            }
            if (valid) {
                caster.add(t);
            }
        }
    }
}

} // namespace

int bakeModelShadows(std::span<ShadowMap> maps, TileCoord tile,
                     const std::map<TileCoord, const io::Adt*>& around, ModelLibrary& library,
                     const ModelTextureFn& textures, const SunDirection& sun) {
    const auto self = around.find(tile);
    if (self == around.end() || !self->second) {
        return 0;
    }
    const std::vector<float> ground = terrainSampleHeights(*self->second);
    double lo = std::numeric_limits<double>::max();
    double hi = std::numeric_limits<double>::lowest();
    for (const float z : ground) {
        if (std::isfinite(z)) {
            lo = std::min(lo, double(z));
            hi = std::max(hi, double(z));
        }
    }
    if (lo > hi) {
        return 0; // nothing but holes
    }
    ModelShadowCaster caster(sun, tile, lo, hi);
    Masks masks(textures);
    PlacementIds seen;
    for (const auto& [t, adt] : around) {
        if (!adt) {
            continue;
        }
        for (const PlacedModel& model : minimapModelScene(*adt, library, &seen).models) {
            addModel(caster, model, masks);
        }
    }
    caster.finish();
    return markModelShadows(maps, tile, ground, caster);
}

} // namespace mapsmith::core
