#pragma once
// A model mesh as the GPU takes it (plain data, made on any thread): interleaved vertices and an index
// buffer reordered so each material's triangles are one contiguous range (one draw per material).

#include "core/models/model_mesh.h"

#include <QByteArray>

#include <cstdint>
#include <memory>
#include <vector>

namespace mapsmith::editor {

struct ModelVertex {
    float position[3]; // model space, yards
    float normal[3];
    float uv[2];
    float colour[4]; // RGBA 0..1: WMO MOCV (alpha 1), white without colours
};
static_assert(sizeof(ModelVertex) == 48);

// The triangles of one material: indices [firstIndex, firstIndex + indexCount) of MeshUpload::indices.
struct MeshPart {
    std::uint32_t material = 0; // into ModelMesh::materials
    std::uint32_t firstIndex = 0;
    std::uint32_t indexCount = 0;
};

struct MeshUpload {
    std::shared_ptr<const core::ModelMesh> mesh;
    QByteArray vertices; // ModelVertex each
    QByteArray indices;  // uint32 each
    std::uint32_t vertexCount = 0;
    std::vector<MeshPart> parts; // in the order each material is first used by a batch
};

// Triangles naming a vertex the mesh lacks are dropped; a batch naming a material the mesh lacks, and
// every triangle of a mesh without batches, gets an opaque untextured material (partMaterial).
MeshUpload prepareMeshUpload(std::shared_ptr<const core::ModelMesh> mesh);

// The material of a part (the mesh's, or the default one).
const core::ModelMaterial& partMaterial(const core::ModelMesh& mesh, const MeshPart& part);

} // namespace mapsmith::editor
