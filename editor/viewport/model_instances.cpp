#include "editor/viewport/model_instances.h"

#include "core/models/model_mesh.h"

#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <map>

namespace mapsmith::editor {

TilePlacements TilePlacements::of(const io::Adt& adt, core::TileCoord tile) {
    return {tile, adt.modelNames, adt.wmoNames, adt.doodads, adt.mapObjects};
}

std::size_t TileModels::instanceCount() const {
    std::size_t n = 0;
    for (const ModelGroup& g : groups) {
        n += g.instances.size();
    }
    return n;
}

glm::dmat4 placementToScene(const SceneFrame& frame) {
    // Both maps are affine (SceneFrame::toScene: scene = (-d.y, d.z, -d.x) for d = world - origin): the
    // images of the origin and of the unit axes give the matrix, in double.
    const auto scene = [](glm::dvec3 d) { return glm::dvec3(-d.y, d.z, -d.x); };
    const glm::dvec3 origin = core::placementToWorld(glm::dvec3(0.0));
    glm::dmat4 m(1.0);
    for (int a = 0; a < 3; ++a) {
        glm::dvec3 e(0.0);
        e[a] = 1.0;
        m[a] = glm::dvec4(scene(core::placementToWorld(e) - origin), 0.0);
    }
    m[3] = glm::dvec4(scene(origin - frame.origin), 1.0);
    return m;
}

InstanceMatrix toInstance(const glm::dmat4& m) {
    InstanceMatrix out;
    for (int c = 0; c < 4; ++c) {
        for (int r = 0; r < 4; ++r) {
            out.m[std::size_t(c * 4 + r)] = float(m[c][r]);
        }
    }
    return out;
}

glm::dmat4 doodadToScene(const io::DoodadPlacement& d, const glm::dmat4& placementScene) {
    return placementScene * core::placementMatrix(d.position, d.rotation, core::scaleFactor(d.scale));
}

glm::dmat4 wmoToScene(const io::MapObjectPlacement& w, const glm::dmat4& placementScene) {
    return placementScene * core::placementMatrix(w.position, w.rotation, 1.0);
}

glm::dmat4 wmoDoodadToScene(const core::WmoDoodad& d, const glm::dmat4& wmoScene) {
    glm::dmat4 local = glm::mat4_cast(d.rotation) * d.scale;
    local[3] = glm::dvec4(d.position, 1.0);
    return wmoScene * local;
}

bool drawsEntry(core::TileCoord tile, const io::Vec3f& position, const MapTiles& mapTiles) {
    const glm::dvec3 world = core::placementToWorld(core::toDvec(position));
    const core::TileCoord owner = core::tileAt(glm::dvec2(world));
    if (owner == tile) {
        return true;
    }
    return !owner.valid() || !mapTiles.test(std::size_t(owner.x + 64 * owner.y));
}

namespace {

// Groups by mesh, in the order meshes are first met.
class GroupIndex {
public:
    explicit GroupIndex(TileModels& out) : mOut(out) {}
    InstanceSlot add(const std::shared_ptr<const core::ModelMesh>& mesh, const glm::dmat4& m) {
        auto [it, added] = mIndex.emplace(mesh.get(), std::uint32_t(mOut.groups.size()));
        if (added) {
            mOut.groups.push_back({mesh, {}});
        }
        ModelGroup& g = mOut.groups[it->second];
        g.instances.push_back(toInstance(m));
        return {it->second, std::uint32_t(g.instances.size() - 1)};
    }

private:
    TileModels& mOut;
    std::map<const core::ModelMesh*, std::uint32_t> mIndex;
};

// One geometry lookup per distinct name of the tile.
class MeshLookup {
public:
    MeshLookup(const ModelGeometryFn& geometry, core::ObjectKind kind) : mGeometry(geometry), mKind(kind) {}
    const std::shared_ptr<const core::ModelMesh>& get(const std::string& name) {
        auto it = mMeshes.find(name);
        if (it == mMeshes.end()) {
            std::shared_ptr<const core::ModelMesh> mesh;
            if (mGeometry) {
                mesh = mGeometry(mKind, name).mesh;
            }
            // A mesh without triangles draws nothing: the box stands in.
            if (mesh && mesh->indices.empty()) {
                mesh.reset();
            }
            it = mMeshes.emplace(name, std::move(mesh)).first;
        }
        return it->second;
    }

private:
    const ModelGeometryFn& mGeometry;
    core::ObjectKind mKind;
    std::map<std::string, std::shared_ptr<const core::ModelMesh>> mMeshes;
};

const std::string& nameAt(const std::vector<std::string>& names, std::uint32_t i) {
    static const std::string none;
    return i < names.size() ? names[i] : none;
}

// Spreads the 16 low bits of v to the even bits (for a Morton code).
std::uint32_t spreadBits(std::uint32_t v) {
    v &= 0xFFFF;
    v = (v | (v << 8)) & 0x00FF00FF;
    v = (v | (v << 4)) & 0x0F0F0F0F;
    v = (v | (v << 2)) & 0x33333333;
    v = (v | (v << 1)) & 0x55555555;
    return v;
}

// Orders each group's instances along a Z-order curve of their ground position (2-yard cells), so the
// blocks the viewport cuts them into (tile_models_entity.h) each cover a compact area that frustum
// culling can drop; the slots follow.
void sortInstances(TileModels& out) {
    std::vector<std::vector<std::uint32_t>> newIndex(out.groups.size());
    for (std::size_t g = 0; g < out.groups.size(); ++g) {
        std::vector<InstanceMatrix>& instances = out.groups[g].instances;
        if (instances.size() < 2) {
            continue;
        }
        float minX = instances[0].m[12];
        float minZ = instances[0].m[14];
        for (const InstanceMatrix& m : instances) {
            minX = std::min(minX, m.m[12]);
            minZ = std::min(minZ, m.m[14]);
        }
        std::vector<std::pair<std::uint32_t, std::uint32_t>> keys; // Morton code, old index
        keys.reserve(instances.size());
        for (std::uint32_t i = 0; i < instances.size(); ++i) {
            const auto cx = std::uint32_t(std::clamp((instances[i].m[12] - minX) / 2.0f, 0.0f, 65535.0f));
            const auto cz = std::uint32_t(std::clamp((instances[i].m[14] - minZ) / 2.0f, 0.0f, 65535.0f));
            keys.emplace_back(spreadBits(cx) | (spreadBits(cz) << 1), i);
        }
        std::stable_sort(keys.begin(), keys.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
        std::vector<InstanceMatrix> sorted;
        sorted.reserve(instances.size());
        newIndex[g].resize(instances.size());
        for (std::uint32_t k = 0; k < keys.size(); ++k) {
            sorted.push_back(instances[keys[k].second]);
            newIndex[g][keys[k].second] = k;
        }
        instances = std::move(sorted);
    }
    const auto remap = [&](InstanceSlot& slot) {
        if (!newIndex[slot.group].empty()) {
            slot.index = newIndex[slot.group][slot.index];
        }
    };
    for (auto& slot : out.doodadSlots) {
        if (slot) {
            remap(*slot);
        }
    }
    for (auto& slot : out.wmoSlots) {
        if (slot) {
            remap(*slot);
        }
    }
    for (auto& doodads : out.wmoDoodadSlots) {
        for (WmoDoodadSlot& d : doodads) {
            remap(d.slot);
        }
    }
}

} // namespace

TileModels buildTileModels(const TilePlacements& p, const SceneFrame& frame, const MapTiles& mapTiles,
                           const ModelGeometryFn& geometry) {
    TileModels out;
    GroupIndex groups(out);
    MeshLookup doodadMeshes(geometry, core::ObjectKind::Doodad);
    MeshLookup wmoMeshes(geometry, core::ObjectKind::Wmo);
    const glm::dmat4 toScene = placementToScene(frame);

    out.doodadSlots.resize(p.doodads.size());
    out.doodadHasMesh.resize(p.doodads.size(), false);
    for (std::size_t i = 0; i < p.doodads.size(); ++i) {
        const io::DoodadPlacement& d = p.doodads[i];
        const auto& mesh = doodadMeshes.get(nameAt(p.modelNames, d.nameIndex));
        out.doodadHasMesh[i] = mesh != nullptr;
        if (mesh && drawsEntry(p.tile, d.position, mapTiles)) {
            out.doodadSlots[i] = groups.add(mesh, doodadToScene(d, toScene));
        }
    }
    out.wmoSlots.resize(p.mapObjects.size());
    out.wmoDoodadSlots.resize(p.mapObjects.size());
    out.wmoHasMesh.resize(p.mapObjects.size(), false);
    for (std::size_t i = 0; i < p.mapObjects.size(); ++i) {
        const io::MapObjectPlacement& w = p.mapObjects[i];
        const auto& mesh = wmoMeshes.get(nameAt(p.wmoNames, w.nameIndex));
        out.wmoHasMesh[i] = mesh != nullptr;
        if (!mesh || !drawsEntry(p.tile, w.position, mapTiles)) {
            continue;
        }
        const glm::dmat4 wmoScene = wmoToScene(w, toScene);
        out.wmoSlots[i] = groups.add(mesh, wmoScene);
        for (const std::uint32_t k : core::wmoDoodadsShown(*mesh, w.doodadSet)) {
            const core::WmoDoodad& doodad = mesh->doodads[k];
            const auto& doodadMesh = doodadMeshes.get(doodad.model);
            if (doodadMesh) {
                out.wmoDoodadSlots[i].push_back(
                    {k, groups.add(doodadMesh, wmoDoodadToScene(doodad, wmoScene))});
            }
        }
    }
    sortInstances(out);
    return out;
}

} // namespace mapsmith::editor
