#include "core/models/model_mesh.h"

#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace mapsmith::core {
namespace {

glm::vec3 vec(const io::ModelVec3& v) {
    return {v[0], v[1], v[2]};
}

ModelBlend m2Blend(std::uint16_t mode) {
    switch (mode) {
    case 0:
        return ModelBlend::Opaque;
    case 1:
        return ModelBlend::AlphaKey;
    case 2:
        return ModelBlend::Alpha;
    case 3:
    case 4:
    case 7:
        return ModelBlend::Add;
    case 5:
    case 6:
        return ModelBlend::Modulate;
    default:
        return ModelBlend::Opaque;
    }
}

ModelBlend wmoBlend(std::uint32_t mode) {
    switch (mode) {
    case 1:
        return ModelBlend::AlphaKey;
    case 2:
        return ModelBlend::Alpha;
    case 3:
        return ModelBlend::Add;
    case 4:
    case 5:
        return ModelBlend::Modulate;
    default:
        return ModelBlend::Opaque;
    }
}

// The material index of `m` in `mesh`, added when new.
std::uint32_t materialIndex(ModelMesh& mesh, const ModelMaterial& m) {
    const auto it = std::find(mesh.materials.begin(), mesh.materials.end(), m);
    if (it != mesh.materials.end()) {
        return std::uint32_t(it - mesh.materials.begin());
    }
    mesh.materials.push_back(m);
    return std::uint32_t(mesh.materials.size() - 1);
}

void finishBounds(ModelMesh& mesh) {
    mesh.bounds = boundsOfPositions(mesh.positions);
}

} // namespace

Box3 boundsOfPositions(const std::vector<glm::vec3>& positions) {
    if (positions.empty()) {
        return {};
    }
    glm::dvec3 lo(std::numeric_limits<double>::max());
    glm::dvec3 hi(std::numeric_limits<double>::lowest());
    for (const glm::vec3& p : positions) {
        lo = glm::min(lo, glm::dvec3(p));
        hi = glm::max(hi, glm::dvec3(p));
    }
    return {lo, hi};
}

io::Expected<ModelMesh> m2Mesh(const io::M2Model& m2, const io::M2Skin& skin, std::string_view skinName) {
    auto triangles = io::m2TriangleIndices(skin, m2.vertices.size(), skinName); // checks the indices used
    if (!triangles) {
        return triangles.error();
    }
    ModelMesh mesh;
    // The skin's vertex list, in its order: skin index i draws model vertex skin.vertices[i]; every entry
    // is checked, used by a triangle or not.
    mesh.positions.reserve(skin.vertices.size());
    for (std::size_t i = 0; i < skin.vertices.size(); ++i) {
        const std::uint16_t v = skin.vertices[i];
        if (v >= m2.vertices.size()) {
            return io::Error{io::ErrorCode::BadValue, io::FourCC("SKIN"),
                             skin.verticesAt + 2 * std::uint64_t(i),
                             "skin vertex " + std::to_string(i) + " names model vertex " + std::to_string(v) +
                                 ", the model has " + std::to_string(m2.vertices.size()),
                             std::string(skinName)};
        }
        const io::M2Vertex& mv = m2.vertices[v];
        mesh.positions.push_back(vec(mv.position));
        mesh.normals.push_back(vec(mv.normal));
        mesh.uvs.push_back({mv.uv[0][0], mv.uv[0][1]});
    }
    mesh.indices.assign(skin.indices.begin(), skin.indices.end());
    for (const io::M2Batch& b : skin.batches) {
        if (b.submeshIndex >= skin.submeshes.size()) {
            continue; // the reader dropped such batches; kept safe anyway
        }
        const io::M2Submesh& sub = skin.submeshes[b.submeshIndex];
        const std::uint64_t first = sub.firstIndex();
        const std::uint64_t count = sub.indexCount;
        if (first + count > mesh.indices.size()) {
            continue;
        }
        ModelMaterial material;
        if (b.textureComboIndex < m2.textureLookup.size()) {
            const std::uint16_t t = m2.textureLookup[b.textureComboIndex];
            if (t < m2.textures.size() && m2.textures[t].type == io::m2_texture_type::File) {
                material.texture = m2.textures[t].fileName;
            }
        }
        if (b.materialIndex < m2.materials.size()) {
            const io::M2Material& m = m2.materials[b.materialIndex];
            material.blend = m2Blend(m.blendMode);
            material.unlit = (m.flags & 0x1) != 0;
            material.twoSided = (m.flags & 0x4) != 0;
        }
        mesh.batches.push_back({std::uint32_t(first - first % 3), std::uint32_t(count - count % 3),
                                materialIndex(mesh, material)});
    }
    finishBounds(mesh);
    return mesh;
}

ModelMesh wmoMesh(const io::WmoModel& wmo) {
    ModelMesh mesh;
    const io::WmoRoot& root = wmo.root;
    for (const auto& group : wmo.groups) {
        if (!group) {
            continue;
        }
        const auto base = std::uint32_t(mesh.positions.size());
        const auto firstIndex = std::uint32_t(mesh.indices.size());
        const bool coloured =
            !group->colorSets.empty() && group->colorSets[0].size() == group->vertices.size();
        for (std::size_t v = 0; v < group->vertices.size(); ++v) {
            mesh.positions.push_back(vec(group->vertices[v]));
            mesh.normals.push_back(v < group->normals.size() ? vec(group->normals[v]) : glm::vec3(0, 0, 1));
            const bool uv = !group->uvSets.empty() && v < group->uvSets[0].size();
            mesh.uvs.push_back(uv ? glm::vec2(group->uvSets[0][v][0], group->uvSets[0][v][1])
                                  : glm::vec2(0.0f));
            if (coloured || !mesh.colours.empty()) {
                mesh.colours.resize(mesh.positions.size() - 1, 0xFFFFFFFF);
                mesh.colours.push_back(coloured ? group->colorSets[0][v] : 0xFFFFFFFF);
            }
        }
        for (const std::uint16_t i : group->indices) {
            mesh.indices.push_back(base + i);
        }
        for (const io::WmoBatch& b : group->batches) {
            if (std::uint64_t(b.firstIndex) + b.indexCount > group->indices.size()) {
                continue;
            }
            ModelMaterial material;
            if (b.material < root.materials.size()) {
                const io::WmoMaterial& m = root.materials[b.material];
                material.texture = root.textures.at(m.textures[0]);
                material.blend = wmoBlend(m.blendMode);
                material.unlit = (m.flags & 0x1) != 0;
                material.twoSided = (m.flags & 0x4) != 0;
            }
            const std::uint32_t count = b.indexCount - b.indexCount % 3;
            mesh.batches.push_back(
                {firstIndex + b.firstIndex - b.firstIndex % 3, count, materialIndex(mesh, material)});
        }
    }
    if (!mesh.colours.empty()) {
        mesh.colours.resize(mesh.positions.size(), 0xFFFFFFFF);
    }
    for (const io::WmoDoodad& d : root.doodads) {
        WmoDoodad out;
        out.model = root.doodadNames.at(d.nameOffset);
        out.position = glm::dvec3(d.position[0], d.position[1], d.position[2]);
        // Stored x, y, z, w; glm's constructor takes w first.
        glm::dquat q(d.rotation[3], d.rotation[0], d.rotation[1], d.rotation[2]);
        const double len = glm::length(q);
        out.rotation = len > 1e-12 && std::isfinite(len) ? q / len : glm::dquat(1.0, 0.0, 0.0, 0.0);
        out.scale = std::isfinite(d.scale) ? d.scale : 1.0;
        out.colour = d.color;
        mesh.doodads.push_back(std::move(out));
    }
    const auto doodadCount = std::uint32_t(mesh.doodads.size());
    for (const io::WmoDoodadSet& s : root.doodadSets) {
        const std::uint32_t first = std::min(s.firstDoodad, doodadCount);
        mesh.doodadSets.push_back({s.name, first, std::min(s.doodadCount, doodadCount - first)});
    }
    finishBounds(mesh);
    return mesh;
}

ModelMesh mdxMesh(const io::MdxModel& mdx) {
    ModelMesh mesh;
    for (const io::MdxGeoset& g : mdx.geosets) {
        const auto base = std::uint32_t(mesh.positions.size());
        const auto firstIndex = std::uint32_t(mesh.indices.size());
        for (std::size_t v = 0; v < g.vertices.size(); ++v) {
            mesh.positions.push_back(vec(g.vertices[v]));
            mesh.normals.push_back(v < g.normals.size() ? vec(g.normals[v]) : glm::vec3(0, 0, 1));
            const bool uv = !g.uvSets.empty() && v < g.uvSets[0].size();
            mesh.uvs.push_back(uv ? glm::vec2(g.uvSets[0][v][0], g.uvSets[0][v][1]) : glm::vec2(0.0f));
        }
        for (const std::uint16_t i : g.indices) {
            mesh.indices.push_back(base + i);
        }
        ModelMaterial material;
        if (g.materialId < mdx.materials.size() && !mdx.materials[g.materialId].layers.empty()) {
            const io::MdxLayer& layer = mdx.materials[g.materialId].layers.front();
            if (layer.textureId < mdx.textures.size() && mdx.textures[layer.textureId].replaceableId == 0) {
                material.texture = mdx.textures[layer.textureId].fileName;
            }
            // MDX filter modes: 0 none, 1 transparent (alpha key), 2 blend, 3 additive, 4 add alpha,
            // 5 modulate, 6 modulate 2x. Shading flags: 0x1 unshaded, 0x10 two-sided.
            static constexpr ModelBlend kFilter[] = {
                ModelBlend::Opaque, ModelBlend::AlphaKey, ModelBlend::Alpha,   ModelBlend::Add,
                ModelBlend::Add,    ModelBlend::Modulate, ModelBlend::Modulate};
            material.blend = layer.blendMode < 7 ? kFilter[layer.blendMode] : ModelBlend::Opaque;
            material.unlit = (layer.shadingFlags & 0x1) != 0;
            material.twoSided = (layer.shadingFlags & 0x10) != 0;
        }
        const auto count = std::uint32_t(g.indices.size() - g.indices.size() % 3);
        if (count > 0) {
            mesh.batches.push_back({firstIndex, count, materialIndex(mesh, material)});
        }
    }
    finishBounds(mesh);
    return mesh;
}

std::vector<std::uint32_t> wmoDoodadsShown(const ModelMesh& mesh, std::uint16_t doodadSet) {
    std::vector<std::uint32_t> out;
    auto add = [&](std::size_t set) {
        if (set >= mesh.doodadSets.size()) {
            return;
        }
        const WmoDoodadSet& s = mesh.doodadSets[set];
        for (std::uint32_t i = s.first; i < s.first + s.count; ++i) {
            out.push_back(i);
        }
    };
    add(0);
    if (doodadSet != 0) {
        add(doodadSet);
    }
    return out;
}

glm::dmat4 placementMatrix(const io::Vec3f& position, const io::Vec3f& rotation, double scale) {
    const glm::dmat3 r = placementRotation(rotation) * scale;
    glm::dmat4 m(r);
    m[3] = glm::dvec4(toDvec(position), 1.0);
    return m;
}

std::optional<double> rayHitMesh(const ModelMesh& mesh, glm::dvec3 origin, glm::dvec3 dir) {
    std::optional<double> best;
    const std::size_t n = mesh.indices.size() - mesh.indices.size() % 3;
    for (std::size_t t = 0; t < n; t += 3) {
        const std::uint32_t i0 = mesh.indices[t];
        const std::uint32_t i1 = mesh.indices[t + 1];
        const std::uint32_t i2 = mesh.indices[t + 2];
        if (i0 >= mesh.positions.size() || i1 >= mesh.positions.size() || i2 >= mesh.positions.size()) {
            continue;
        }
        // Moller-Trumbore, both faces.
        const glm::dvec3 a(mesh.positions[i0]);
        const glm::dvec3 e1 = glm::dvec3(mesh.positions[i1]) - a;
        const glm::dvec3 e2 = glm::dvec3(mesh.positions[i2]) - a;
        const glm::dvec3 p = glm::cross(dir, e2);
        const double det = glm::dot(e1, p);
        if (std::abs(det) < 1e-14) {
            continue;
        }
        const double inv = 1.0 / det;
        const glm::dvec3 s = origin - a;
        const double u = glm::dot(s, p) * inv;
        if (u < 0.0 || u > 1.0) {
            continue;
        }
        const glm::dvec3 q = glm::cross(s, e1);
        const double v = glm::dot(dir, q) * inv;
        if (v < 0.0 || u + v > 1.0) {
            continue;
        }
        const double hit = glm::dot(e2, q) * inv;
        if (hit >= 0.0 && (!best || hit < *best)) {
            best = hit;
        }
    }
    return best;
}

} // namespace mapsmith::core
