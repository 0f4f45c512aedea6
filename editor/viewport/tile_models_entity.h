#pragma once
// The models one tile places (model_instances.h), drawn instanced: per model, its instances in blocks of
// at most kInstancesPerBlock, each block one per-instance buffer of model -> scene matrices, and per
// material of the model one draw of every instance of the block. A block's geometry also carries a
// two-point bounds attribute spanning its instances, so Qt 3D's frustum culling and back-to-front sort
// see where the instances are (the mesh's own bounds at the entity's origin would cull them wrongly).
// Moving one instance rewrites its 64 bytes (and the block's bounds when it grew): QBuffer::updateData
// copies the whole buffer it changes, so blocks stay small.

#include "editor/viewport/model_gpu_cache.h"
#include "editor/viewport/model_instances.h"

#include <Qt3DCore/QEntity>

#include <glm/vec3.hpp>

#include <vector>

namespace Qt3DCore {
class QBuffer;
}

namespace mapsmith::editor {

inline constexpr std::uint32_t kInstancesPerBlock = 128;

class TileModelsEntity final : public Qt3DCore::QEntity {
    Q_OBJECT
public:
    // Acquires every group's model from `cache` (made from `uploads` when new); build detached and attach.
    TileModelsEntity(const TileModels& models, std::vector<MeshUpload>& uploads, ModelGpuCache& cache,
                     Qt3DCore::QNode* parent = nullptr);
    ~TileModelsEntity() override; // releases the models

    void setInstance(InstanceSlot slot, const InstanceMatrix& m);
    int drawCount() const { return mDraws; }
    std::size_t instanceCount() const { return mInstances; }

private:
    struct Block {
        Qt3DCore::QBuffer* instances = nullptr;
        Qt3DCore::QBuffer* bounds = nullptr;
        glm::vec3 lo{0.0f};
        glm::vec3 hi{0.0f};
    };
    struct Group {
        const core::ModelMesh* mesh = nullptr;
        std::vector<Block> blocks;
    };

    ModelGpuCache& mCache;
    std::vector<Group> mGroups;
    int mDraws = 0;
    std::size_t mInstances = 0;
};

} // namespace mapsmith::editor
