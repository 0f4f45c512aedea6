#pragma once
// An entity drawing a ColouredMesh (liquids, object boxes, the brush cursor) with a shared material;
// setMesh() re-uploads its two buffers. An empty mesh disables the entity.

#include "editor/viewport/coloured_mesh.h"

#include <Qt3DCore/QEntity>
#include <Qt3DRender/QGeometryRenderer>

namespace Qt3DCore {
class QBuffer;
}
namespace Qt3DRender {
class QMaterial;
}

namespace mapsmith::editor {

class ColouredMeshEntity final : public Qt3DCore::QEntity {
    Q_OBJECT
public:
    ColouredMeshEntity(Qt3DRender::QGeometryRenderer::PrimitiveType primitive,
                       Qt3DRender::QMaterial* material, Qt3DCore::QNode* parent);
    void setMesh(const ColouredMesh& mesh);
    int indexCount() const { return mIndexCount; }

private:
    Qt3DCore::QBuffer* mVertices = nullptr;
    Qt3DCore::QBuffer* mIndices = nullptr;
    Qt3DCore::QAttribute* mPositionAttribute = nullptr;
    Qt3DCore::QAttribute* mColourAttribute = nullptr;
    Qt3DCore::QAttribute* mIndexAttribute = nullptr;
    Qt3DRender::QGeometryRenderer* mRenderer = nullptr;
    int mIndexCount = 0;
};

} // namespace mapsmith::editor
