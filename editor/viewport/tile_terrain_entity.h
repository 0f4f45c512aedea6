#pragma once
// The terrain of one tile on the GPU as one draw call: a vertex buffer of 256 x 145 vertices (chunk
// i at vertices [145 i, 145 i + 145)), one index buffer of every non-hole triangle, a 64x64 x 256
// layer blend texture array (layer i = chunk i, chunk_alpha.h) and the tile's texture array. Each
// vertex also carries its chunk index and the chunk's four layer slices and layer count, so one
// material serves the whole tile. Updates stay per chunk: a chunk's vertices (145 x 68 bytes) and
// blend layer are re-uploaded on their own (QBuffer::updateData, QAbstractTexture::updateData); only
// holes rebuild the tile's index buffer. One draw per tile instead of 256 keeps Qt 3D's per-draw cost
// (measured ~0.05 ms per chunk entity) out of every frame.

#include "editor/viewport/chunk_mesh.h"
#include "editor/viewport/scene_frame.h"
#include "io/adt/adt.h"

#include <Qt3DCore/QEntity>

#include <array>

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
class QTexture2DArray;
} // namespace Qt3DRender

namespace mapsmith::editor {

// ChunkVertex plus what the tile-wide material needs per chunk; 68 bytes.
struct TileVertex {
    ChunkVertex base;
    float chunk;      // 0..255: the blend-array layer
    float slices[4];  // texture-array slice of layers 0..3
    float layerCount; // 1..4
};
static_assert(sizeof(TileVertex) == 68);

inline constexpr int kTileChunks = 256;
inline constexpr int kTileVertexCount = kTileChunks * kChunkVertexCount;

class TileTerrainEntity final : public Qt3DCore::QEntity {
    Q_OBJECT
public:
    // Build detached and attach when filled (terrain_scene.h, "attach last").
    TileTerrainEntity(Qt3DRender::QEffect* terrainEffect, Qt3DRender::QAbstractTexture* layerTextures,
                      Qt3DCore::QNode* parent);

    // Chunk i's vertices: MCVT, MCNR, MCCV and its layer slices (MCLY texture ids clamped to
    // `textureCount` - 1).
    void uploadChunk(int i, const io::MapChunk& chunk, const SceneFrame& frame, int textureCount);
    // Every chunk at once (a new tile): one buffer upload.
    void uploadAll(const io::Adt& adt, const SceneFrame& frame, int textureCount);
    void uploadBlend(int i, const io::MapChunk& chunk); // alpha maps, MCSH
    void uploadIndices(const io::Adt& adt);             // holes of every chunk
    void setLayerTextures(Qt3DRender::QAbstractTexture* layerTextures);

    int triangleCount() const { return mIndexCount / 3; }

private:
    Qt3DCore::QBuffer* mVertices = nullptr;
    Qt3DCore::QBuffer* mIndices = nullptr;
    Qt3DCore::QAttribute* mIndexAttribute = nullptr;
    Qt3DRender::QGeometryRenderer* mRenderer = nullptr;
    Qt3DRender::QMaterial* mMaterial = nullptr;
    Qt3DRender::QTexture2DArray* mBlend = nullptr;
    Qt3DRender::QParameter* mLayerTextures = nullptr;
    int mIndexCount = 0;
};

} // namespace mapsmith::editor
