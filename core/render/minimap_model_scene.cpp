#include "core/render/minimap_model_scene.h"

#include "core/geometry/object_model.h"
#include "core/models/model_library.h"
#include "io/assets/texture_cache.h"

#include <set>
#include <utility>

namespace mapsmith::core {

namespace {

constexpr std::uint32_t kModelTextureSide = 256; // the level the viewport uploads

class Collector {
public:
    Collector(ModelLibrary& library, MinimapModelScene& out) : mLibrary(library), mOut(out) {}

    std::shared_ptr<const ModelMesh> mesh(ObjectKind kind, const std::string& name) {
        ModelGeometry g = mLibrary.geometry(kind, name);
        if (!g.mesh && mMissing.insert(name).second) {
            mOut.missing.push_back({name, g.problem});
        }
        return g.mesh;
    }

private:
    ModelLibrary& mLibrary;
    MinimapModelScene& mOut;
    std::set<std::string> mMissing;
};

const std::string& nameAt(const std::vector<std::string>& names, std::uint32_t index) {
    static const std::string none;
    return index < names.size() ? names[index] : none;
}

} // namespace

MinimapModelScene minimapModelScene(const io::Adt& tile, ModelLibrary& library, PlacementIds* seenBefore) {
    MinimapModelScene out;
    Collector collect(library, out);
    PlacementIds own;
    PlacementIds& ids = seenBefore ? *seenBefore : own;
    for (const io::DoodadPlacement& d : tile.doodads) {
        const std::string& name = nameAt(tile.modelNames, d.nameIndex);
        if (name.empty() || !ids.doodads.insert(d.uniqueId).second) {
            continue;
        }
        if (auto mesh = collect.mesh(ObjectKind::Doodad, name)) {
            out.models.push_back({std::move(mesh), doodadToWorld(d)});
            ++out.placementsDrawn;
        }
    }
    for (const io::MapObjectPlacement& w : tile.mapObjects) {
        const std::string& name = nameAt(tile.wmoNames, w.nameIndex);
        if (name.empty() || !ids.wmos.insert(w.uniqueId).second) {
            continue;
        }
        auto mesh = collect.mesh(ObjectKind::Wmo, name);
        if (!mesh) {
            continue;
        }
        const glm::dmat4 world = wmoToWorld(w);
        out.models.push_back({mesh, world});
        ++out.placementsDrawn;
        for (const std::uint32_t k : wmoDoodadsShown(*mesh, w.doodadSet)) {
            if (k >= mesh->doodads.size()) {
                continue;
            }
            const WmoDoodad& doodad = mesh->doodads[k];
            if (auto doodadMesh = collect.mesh(ObjectKind::Doodad, doodad.model)) {
                out.models.push_back({std::move(doodadMesh), wmoDoodadToWorld(doodad, world)});
            }
        }
    }
    return out;
}

ModelTextureFn minimapModelTextures(std::shared_ptr<io::TextureCache> cache) {
    if (!cache) {
        return {};
    }
    return [cache = std::move(cache)](const std::string& path) -> std::shared_ptr<const io::CachedTexture> {
        auto texture = cache->get(path, kModelTextureSide);
        return texture ? *texture : nullptr;
    };
}

} // namespace mapsmith::core
