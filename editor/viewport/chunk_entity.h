#pragma once
// One terrain chunk on the GPU: its vertex buffer (chunk_mesh.h layout), index buffer, blend texture
// (chunk_alpha.h) and a material naming the tile texture-array slices of its layers. Each part is
// re-uploaded on its own, so an edit touches only what its dirty bits name.

#include "editor/viewport/scene_frame.h"
#include "io/adt.h"

#include <Qt3DCore/QEntity>

namespace Qt3DCore {
class QAttribute;
class QBuffer;
} // namespace Qt3DCore
namespace Qt3DRender {
class QAbstractTexture;
class QEffect;
class QGeometryRenderer;
class QMaterial;
class QParameter;
class QTexture2D;
} // namespace Qt3DRender

namespace mapsmith::editor {

class ChunkEntity final : public Qt3DCore::QEntity {
    Q_OBJECT
public:
    ChunkEntity(Qt3DRender::QEffect* terrainEffect, Qt3DRender::QAbstractTexture* layerTextures,
                Qt3DCore::QNode* parent);

    void uploadVertices(const io::MapChunk& chunk, const SceneFrame& frame); // MCVT, MCNR, MCCV
    void uploadIndices(const io::MapChunk& chunk);                           // holes
    void uploadBlend(const io::MapChunk& chunk);                             // alpha maps, MCSH
    // Layer slices into the tile's texture array (MCLY texture ids, clamped to `textureCount` - 1).
    void updateLayers(const io::MapChunk& chunk, int textureCount);
    void setLayerTextures(Qt3DRender::QAbstractTexture* layerTextures);

    int triangleCount() const { return mIndexCount / 3; }

private:
    Qt3DCore::QBuffer* mVertices = nullptr;
    Qt3DCore::QBuffer* mIndices = nullptr;
    Qt3DCore::QAttribute* mIndexAttribute = nullptr;
    Qt3DRender::QGeometryRenderer* mRenderer = nullptr;
    Qt3DRender::QMaterial* mMaterial = nullptr;
    Qt3DRender::QTexture2D* mBlendTexture = nullptr;
    Qt3DRender::QParameter* mLayerTextures = nullptr;
    Qt3DRender::QParameter* mLayerSlices = nullptr;
    Qt3DRender::QParameter* mLayerCount = nullptr;
    int mIndexCount = 0;
};

} // namespace mapsmith::editor
