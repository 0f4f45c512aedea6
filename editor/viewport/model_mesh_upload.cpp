#include "editor/viewport/model_mesh_upload.h"

#include <algorithm>
#include <map>

namespace mapsmith::editor {

namespace {

void unpackBgra(std::uint32_t bgra, float out[4]) {
    out[0] = float((bgra >> 16) & 0xFF) / 255.0f;
    out[1] = float((bgra >> 8) & 0xFF) / 255.0f;
    out[2] = float(bgra & 0xFF) / 255.0f;
    out[3] = 1.0f; // MOCV alpha blends interior and exterior light, not coverage
}

} // namespace

const core::ModelMaterial& partMaterial(const core::ModelMesh& mesh, const MeshPart& part) {
    static const core::ModelMaterial none;
    return part.material < mesh.materials.size() ? mesh.materials[part.material] : none;
}

MeshUpload prepareMeshUpload(std::shared_ptr<const core::ModelMesh> meshPtr) {
    MeshUpload out;
    out.mesh = std::move(meshPtr);
    if (!out.mesh) {
        return out;
    }
    const core::ModelMesh& mesh = *out.mesh;
    const std::size_t n = mesh.positions.size();
    out.vertexCount = std::uint32_t(n);
    out.vertices.resize(qsizetype(n * sizeof(ModelVertex)));
    auto* v = reinterpret_cast<ModelVertex*>(out.vertices.data());
    for (std::size_t i = 0; i < n; ++i) {
        ModelVertex& o = v[i];
        const glm::vec3 p = mesh.positions[i];
        const glm::vec3 nn = i < mesh.normals.size() ? mesh.normals[i] : glm::vec3(0.0f, 0.0f, 1.0f);
        const glm::vec2 t = i < mesh.uvs.size() ? mesh.uvs[i] : glm::vec2(0.0f);
        o.position[0] = p.x;
        o.position[1] = p.y;
        o.position[2] = p.z;
        o.normal[0] = nn.x;
        o.normal[1] = nn.y;
        o.normal[2] = nn.z;
        o.uv[0] = t.x;
        o.uv[1] = t.y;
        if (i < mesh.colours.size()) {
            unpackBgra(mesh.colours[i], o.colour);
        } else {
            std::fill(std::begin(o.colour), std::end(o.colour), 1.0f);
        }
    }

    // Batches by material, in the order materials are first used.
    std::vector<std::uint32_t> order;
    std::map<std::uint32_t, std::vector<const core::ModelBatch*>> byMaterial;
    const core::ModelBatch whole{0, std::uint32_t(mesh.indices.size() - mesh.indices.size() % 3),
                                 std::uint32_t(mesh.materials.size())};
    std::vector<const core::ModelBatch*> batches;
    for (const core::ModelBatch& b : mesh.batches) {
        batches.push_back(&b);
    }
    if (batches.empty()) {
        batches.push_back(&whole);
    }
    for (const core::ModelBatch* b : batches) {
        auto [it, added] = byMaterial.try_emplace(b->material);
        if (added) {
            order.push_back(b->material);
        }
        it->second.push_back(b);
    }
    std::vector<std::uint32_t> indices;
    indices.reserve(mesh.indices.size());
    for (const std::uint32_t material : order) {
        MeshPart part;
        part.material = material;
        part.firstIndex = std::uint32_t(indices.size());
        for (const core::ModelBatch* b : byMaterial[material]) {
            const std::size_t end = std::min<std::size_t>(std::size_t(b->firstIndex) + b->indexCount,
                                                          mesh.indices.size() - mesh.indices.size() % 3);
            for (std::size_t t = b->firstIndex; t + 3 <= end; t += 3) {
                const std::uint32_t a = mesh.indices[t];
                const std::uint32_t bb = mesh.indices[t + 1];
                const std::uint32_t c = mesh.indices[t + 2];
                if (a < n && bb < n && c < n) {
                    indices.insert(indices.end(), {a, bb, c});
                }
            }
        }
        part.indexCount = std::uint32_t(indices.size()) - part.firstIndex;
        if (part.indexCount > 0) {
            out.parts.push_back(part);
        }
    }
    out.indices = QByteArray(reinterpret_cast<const char*>(indices.data()),
                             qsizetype(indices.size() * sizeof(std::uint32_t)));
    return out;
}

} // namespace mapsmith::editor
