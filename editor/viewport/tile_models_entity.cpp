#include "editor/viewport/tile_models_entity.h"

#include <Qt3DCore/QAttribute>
#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QGeometry>
#include <Qt3DRender/QGeometryRenderer>
#include <Qt3DRender/QMaterial>

#include <glm/common.hpp>

#include <algorithm>
#include <limits>
#include <map>

namespace mapsmith::editor {

using Qt3DCore::QAttribute;

namespace {

// The scene-space box of `box` under instance matrix `m`.
void growBounds(const core::Box3& box, const InstanceMatrix& m, glm::vec3& lo, glm::vec3& hi) {
    for (int i = 0; i < 8; ++i) {
        const float x = float((i & 1) ? box.max.x : box.min.x);
        const float y = float((i & 2) ? box.max.y : box.min.y);
        const float z = float((i & 4) ? box.max.z : box.min.z);
        const glm::vec3 p{m.m[0] * x + m.m[4] * y + m.m[8] * z + m.m[12],
                          m.m[1] * x + m.m[5] * y + m.m[9] * z + m.m[13],
                          m.m[2] * x + m.m[6] * y + m.m[10] * z + m.m[14]};
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
}

QByteArray boundsBytes(const glm::vec3& lo, const glm::vec3& hi) {
    const float v[6] = {lo.x, lo.y, lo.z, hi.x, hi.y, hi.z};
    return QByteArray(reinterpret_cast<const char*>(v), qsizetype(sizeof(v)));
}

void addVertexAttribute(Qt3DCore::QGeometry* g, Qt3DCore::QBuffer* buffer, const QString& name, uint size,
                        quint32 offset, uint count) {
    g->addAttribute(
        new QAttribute(buffer, name, QAttribute::Float, size, count, offset, sizeof(ModelVertex), g));
}

} // namespace

TileModelsEntity::TileModelsEntity(const TileModels& models, std::vector<MeshUpload>& uploads,
                                   ModelGpuCache& cache, Qt3DCore::QNode* parent)
    : Qt3DCore::QEntity(parent), mCache(cache) {
    std::map<const core::ModelMesh*, MeshUpload*> uploadOf;
    for (MeshUpload& u : uploads) {
        uploadOf[u.mesh.get()] = &u;
    }
    for (const ModelGroup& group : models.groups) {
        Group& out = mGroups.emplace_back();
        out.mesh = group.mesh.get();
        const ModelGpuCache::Model* model = nullptr;
        if (cache.contains(out.mesh)) {
            model = &cache.acquire(MeshUpload{group.mesh, {}, {}, 0, {}});
        } else if (const auto it = uploadOf.find(out.mesh); it != uploadOf.end()) {
            model = &cache.acquire(std::move(*it->second));
        } else {
            model = &cache.acquire(prepareMeshUpload(group.mesh));
        }
        const core::Box3& box = group.mesh->bounds;
        for (std::size_t first = 0; first < group.instances.size(); first += kInstancesPerBlock) {
            const auto count =
                std::uint32_t(std::min<std::size_t>(kInstancesPerBlock, group.instances.size() - first));
            Block block;
            block.lo = glm::vec3(std::numeric_limits<float>::max());
            block.hi = glm::vec3(std::numeric_limits<float>::lowest());
            for (std::uint32_t i = 0; i < count; ++i) {
                growBounds(box, group.instances[first + i], block.lo, block.hi);
            }
            auto* geometry = new Qt3DCore::QGeometry(this);
            const uint vertices = model->vertexCount;
            addVertexAttribute(geometry, model->vertices, QAttribute::defaultPositionAttributeName(), 3,
                               offsetof(ModelVertex, position), vertices);
            addVertexAttribute(geometry, model->vertices, QAttribute::defaultNormalAttributeName(), 3,
                               offsetof(ModelVertex, normal), vertices);
            addVertexAttribute(geometry, model->vertices, QAttribute::defaultTextureCoordinateAttributeName(),
                               2, offsetof(ModelVertex, uv), vertices);
            addVertexAttribute(geometry, model->vertices, QAttribute::defaultColorAttributeName(), 4,
                               offsetof(ModelVertex, colour), vertices);

            block.instances = new Qt3DCore::QBuffer(geometry);
            block.instances->setData(QByteArray(reinterpret_cast<const char*>(group.instances.data() + first),
                                                qsizetype(count * sizeof(InstanceMatrix))));
            auto* instance =
                new QAttribute(block.instances, QStringLiteral("instanceMatrix"), QAttribute::Float, 16,
                               count, 0, sizeof(InstanceMatrix), geometry);
            instance->setDivisor(1);
            geometry->addAttribute(instance);

            auto* index = new QAttribute(geometry);
            index->setAttributeType(QAttribute::IndexAttribute);
            index->setVertexBaseType(QAttribute::UnsignedInt);
            index->setBuffer(model->indices);
            geometry->addAttribute(index);

            // Two points spanning the block's instances: Qt 3D's bounding volume of this geometry.
            block.bounds = new Qt3DCore::QBuffer(geometry);
            block.bounds->setData(boundsBytes(block.lo, block.hi));
            auto* bounds = new QAttribute(block.bounds, QStringLiteral("instanceBounds"), QAttribute::Float,
                                          3, 2, 0, 3 * sizeof(float), geometry);
            geometry->addAttribute(bounds);
            geometry->setBoundingVolumePositionAttribute(bounds);

            for (const ModelGpuCache::Part& part : model->parts) {
                auto* entity = new Qt3DCore::QEntity(this);
                auto* renderer = new Qt3DRender::QGeometryRenderer(entity);
                renderer->setPrimitiveType(Qt3DRender::QGeometryRenderer::Triangles);
                renderer->setGeometry(geometry);
                renderer->setIndexBufferByteOffset(int(part.firstIndex * sizeof(std::uint32_t)));
                renderer->setVertexCount(int(part.indexCount));
                renderer->setInstanceCount(int(count));
                entity->addComponent(renderer);
                entity->addComponent(part.material);
                ++mDraws;
            }
            out.blocks.push_back(block);
            mInstances += count;
        }
    }
}

TileModelsEntity::~TileModelsEntity() {
    // The draws go first (children), then the models they used.
    const auto children = childNodes();
    for (Qt3DCore::QNode* child : children) {
        delete child;
    }
    for (const Group& g : mGroups) {
        mCache.release(g.mesh);
    }
}

void TileModelsEntity::setInstance(InstanceSlot slot, const InstanceMatrix& m) {
    if (slot.group >= mGroups.size()) {
        return;
    }
    Group& group = mGroups[slot.group];
    const std::uint32_t b = slot.index / kInstancesPerBlock;
    if (b >= group.blocks.size()) {
        return;
    }
    Block& block = group.blocks[b];
    block.instances->updateData(int((slot.index % kInstancesPerBlock) * sizeof(InstanceMatrix)),
                                QByteArray(reinterpret_cast<const char*>(&m), qsizetype(sizeof(m))));
    // The bounds only grow here (a full rebuild shrinks them): never smaller than what is drawn.
    const glm::vec3 lo = block.lo;
    const glm::vec3 hi = block.hi;
    growBounds(group.mesh->bounds, m, block.lo, block.hi);
    if (lo != block.lo || hi != block.hi) {
        block.bounds->setData(boundsBytes(block.lo, block.hi));
    }
}

} // namespace mapsmith::editor
