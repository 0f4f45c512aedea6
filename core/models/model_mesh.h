#pragma once
// A model's rest-pose geometry as the viewport draws it and picking tests it, in model coordinates (yards,
// x forward, y left, z up; the space of core/models/model_bounds.h):
//   M2:  the model's vertices as the skin profile lists them, its triangles, and one batch per skin batch
//        with the batch's texture (through the texture lookup; run-time textures have none) and material
//        (M2 blend mode, render flags 0x1 unlit, 0x4 two-sided);
//   WMO: every loaded group's vertices, normals, first UV and colour sets and triangles in one mesh, one
//        batch per MOBA batch with its MOMT material (texture 1, blend mode, flags 0x1 unlit, 0x4 two-sided),
//        and the doodads of every doodad set (MODS/MODD) in WMO space;
//   MDX: every geoset, one batch per geoset with its material's first layer texture.
// Ray picking against the triangles (rayHitMesh) is plain geometry.

#include "core/geometry/object_model.h"
#include "io/model/m2.h"
#include "io/model/mdx.h"
#include "io/model/skin.h"
#include "io/model/wmo_set.h"

#include <glm/gtc/quaternion.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mapsmith::core {

// How a surface mixes with what is behind it (M2 blend modes 0-7 and WMO blend modes mapped onto these).
enum class ModelBlend : std::uint8_t {
    Opaque,   // depth written, no blending
    AlphaKey, // opaque where the texture's alpha is at least 0.5 (M2 1, WMO 1)
    Alpha,    // blended by alpha (M2 2, WMO 2)
    Add,      // added (M2 3, 4, 7, WMO 3)
    Modulate, // multiplied (M2 5, 6, WMO 4, 5)
};

struct ModelMaterial {
    std::string texture; // game path of the first texture; empty: none, or set at run time (drawn neutral)
    ModelBlend blend = ModelBlend::Opaque;
    bool twoSided = false;
    bool unlit = false;
    bool operator==(const ModelMaterial&) const = default;
};

struct ModelBatch {
    std::uint32_t firstIndex = 0; // into ModelMesh::indices, a multiple of 3
    std::uint32_t indexCount = 0; // a multiple of 3
    std::uint32_t material = 0;   // into ModelMesh::materials
};

// A doodad a WMO places (MODD), in the WMO's model space.
struct WmoDoodad {
    std::string model; // as MODN names it
    glm::dvec3 position{0.0};
    glm::dquat rotation{1.0, 0.0, 0.0, 0.0}; // w, x, y, z
    double scale = 1.0;
    std::uint32_t colour = 0xFFFFFFFF; // BGRA
};

struct WmoDoodadSet {
    std::string name;
    std::uint32_t first = 0; // into ModelMesh::doodads
    std::uint32_t count = 0;
};

struct ModelMesh {
    std::vector<glm::vec3> positions;
    std::vector<glm::vec3> normals;     // one per position
    std::vector<glm::vec2> uvs;         // one per position
    std::vector<std::uint32_t> colours; // one per position (BGRA, WMO MOCV) or empty: white
    std::vector<std::uint32_t> indices; // into positions, 3 per triangle
    std::vector<ModelMaterial> materials;
    std::vector<ModelBatch> batches; // in file order; together they need not cover every triangle
    Box3 bounds;                     // of the positions (all zero when there are none)
    std::vector<WmoDoodadSet> doodadSets;
    std::vector<WmoDoodad> doodads;

    std::size_t triangleCount() const { return indices.size() / 3; }
};

// The box of `positions` (all zero when there are none).
Box3 boundsOfPositions(const std::vector<glm::vec3>& positions);

// The M2's mesh through one skin profile. The skin must have been read for this model: an error (naming the
// skin and the entry) when a skin vertex is not below the model's vertex count. A batch naming a texture
// lookup or material the model lacks gets no texture / an opaque material.
io::Expected<ModelMesh> m2Mesh(const io::M2Model& m2, const io::M2Skin& skin, std::string_view skinName = {});
// Every group that was read; missing groups add nothing.
ModelMesh wmoMesh(const io::WmoModel& wmo);
ModelMesh mdxMesh(const io::MdxModel& mdx);

// The doodads a WMO placement shows: the default set (index 0, "Set_$DefaultGlobal") and `doodadSet`
// (MODF) when that is another one. Indices into mesh.doodads.
std::vector<std::uint32_t> wmoDoodadsShown(const ModelMesh& mesh, std::uint16_t doodadSet);

// The model -> placement-coordinates transform of a placement: placementRotation with scale, then the
// position (column-major, for the viewport and picking).
glm::dmat4 placementMatrix(const io::Vec3f& position, const io::Vec3f& rotation, double scale);

// The nearest triangle the ray origin + t * dir (t >= 0) hits, both sides counted: its t, or nullopt. Model
// space; dir need not be unit length (t is in its units).
std::optional<double> rayHitMesh(const ModelMesh& mesh, glm::dvec3 origin, glm::dvec3 dir);

} // namespace mapsmith::core
