#pragma once
// The Qt 3D scene of one document: per loaded tile, one TileTerrainEntity (all 256 chunks, one draw),
// one liquid entity per chunk with liquid, one entity with the tile's object boxes (with models drawn, only
// those whose model has no mesh: setBoxStyle, model_scene.h) and the tile's texture array. Updates go
// through the document's dirty bits and touch only the parts they name:
//   Vertices | Normals | Colour -> the chunk's vertices           Holes -> the tile's index buffer
//   Alpha -> its blend layer and layer slices (in its vertices)   Shadow -> its blend layer
//   Liquid -> its liquid mesh                                     Objects | Flags -> nothing drawn
// Tile state (MTEX, placements) -> updateTileState(): the texture array when MTEX changed (and every
// chunk's layer slices), the object boxes unless told they are unchanged.
//
// Attach last: every new subtree (a tile, a texture array, a liquid entity) is built without a parent
// and attached to the live scene once its textures and buffers hold their data. Measured with Qt 3D
// 6.4's OpenGL renderer: a texture created directly under a live node was never created on the GPU
// (no status or handle change; draws sampled nothing, or were dropped). Updates to live nodes
// (updateData, QBuffer::setData, parameter values) are fine.

#include "core/document/map_document.h"
#include "core/geometry/coords.h"
#include "core/geometry/object_model.h"
#include "editor/viewport/object_boxes.h"
#include "editor/viewport/scene_frame.h"

#include <Qt3DCore/QEntity>

#include <QHash>

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace Qt3DRender {
class QTexture2DArray;
}
namespace mapsmith::core {
class MapDocument;
}

namespace mapsmith::editor {

class TileTerrainEntity;
class ColouredMeshEntity;
class SceneEffects;
class TextureSource;

// What the scene uploaded since the last reset (tests and measurements read it).
struct SceneStats {
    int vertexUploads = 0;                    // chunk vertex buffers
    int indexUploads = 0;                     // chunk index buffers
    int blendUploads = 0;                     // chunk blend textures
    int layerUpdates = 0;                     // chunk layer-slice parameters
    int liquidRebuilds = 0;                   // chunk liquid meshes
    int objectRebuilds = 0;                   // tile object-box meshes
    int textureArrays = 0;                    // tile texture arrays built
    std::set<core::ChunkCoord> touchedChunks; // chunks with any chunk-level upload
};

class TerrainScene final : public Qt3DCore::QEntity {
    Q_OBJECT
public:
    TerrainScene(SceneEffects* effects, TextureSource& textures, const SceneFrame& frame,
                 Qt3DCore::QNode* parent);
    ~TerrainScene() override;

    // Builds (or rebuilds) everything of a loaded tile.
    void addTile(const core::MapDocument& doc, core::TileCoord tile);
    void removeTile(core::TileCoord tile); // the tile was unloaded
    bool hasTile(core::TileCoord tile) const { return mTiles.count(tile) != 0; }
    int tileCount() const { return int(mTiles.size()); }

    // Chunk key (MapDocument::chunkKey) -> dirty bits (core/document/chunk_dirty.h). Chunks of tiles the
    // scene does not hold are skipped.
    void applyDirty(const core::MapDocument& doc, const core::DirtyChunks& dirty);
    // boxes false: the placements changed only where no box is drawn (models moved), keep the boxes.
    void updateTileState(const core::MapDocument& doc, core::TileCoord tile, bool boxes = true);
    // Rebuilds every tile's texture array from the texture source (after the game data changed).
    void reloadTextures(const core::MapDocument& doc);

    const SceneStats& stats() const { return mStats; }
    void resetStats() { mStats = {}; }
    const core::ObjectBoundsSettings& objectBounds() const { return mObjectBounds; }
    void setObjectBounds(const core::ObjectBoundsSettings& settings) { mObjectBounds = settings; }
    // Rebuilds every tile's object mesh (after the object bounds or proxies changed).
    void rebuildObjects(const core::MapDocument& doc);
    void rebuildObjects(const core::MapDocument& doc, core::TileCoord tile);
    // How each tile's entries are boxed (models drawn instead, or a warning); empty: every entry Normal.
    using TileBoxStyleFn = std::function<BoxStyle(core::TileCoord, core::ObjectKind, std::size_t)>;
    void setBoxStyle(TileBoxStyleFn style) { mBoxStyle = std::move(style); }

private:
    struct Tile {
        Qt3DCore::QEntity* root = nullptr;
        Qt3DRender::QTexture2DArray* textures = nullptr;
        std::vector<std::string> textureNames;
        TileTerrainEntity* terrain = nullptr;
        bool indicesDirty = false; // holes changed: rebuild the tile's index buffer
        std::array<ColouredMeshEntity*, 256> liquids{};
        ColouredMeshEntity* objects = nullptr;
    };

    void updateChunk(const core::MapDocument& doc, Tile& tile, const core::ChunkCoord& c, std::uint32_t bits);
    void rebuildLiquid(const core::MapDocument& doc, Tile& tile, const core::ChunkCoord& c);
    void rebuildTextures(Tile& tile, const io::Adt& adt);
    ColouredMesh objectBoxes(const io::Adt& adt, core::TileCoord tile) const;

    SceneEffects* mEffects;
    TextureSource& mTextureSource;
    SceneFrame mFrame;
    core::ObjectBoundsSettings mObjectBounds;
    TileBoxStyleFn mBoxStyle;
    std::map<core::TileCoord, Tile> mTiles;
    SceneStats mStats;
};

} // namespace mapsmith::editor
