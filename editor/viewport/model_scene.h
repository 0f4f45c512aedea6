#pragma once
// The viewport's models: every loaded tile's doodads and WMOs drawn with their meshes (tile_models_entity.h)
// when a model library is set (game data present). A tile that loads gets its models worked out on a
// worker thread (model_instances.h: geometry lookups, which read and parse the files once per model, the
// instance matrices, the interleaved buffers of new meshes, and its textures decoded into the shared
// cache) and attached on the UI thread. Edits are applied on the UI thread at once: a placement that only
// moved, turned or scaled rewrites its instances (one small buffer update each); anything else (an object
// added or deleted, a name changed) rebuilds that tile's models. Tiles farther than the view distance
// are not drawn. Entries whose model has no mesh are the object boxes' business: boxStyle() says how.

#include "core/document/map_document.h"
#include "core/geometry/coords.h"
#include "core/models/model_library.h"
#include "editor/viewport/model_instances.h"
#include "editor/viewport/model_mesh_upload.h"
#include "editor/viewport/object_boxes.h"
#include "editor/viewport/scene_frame.h"

#include <QObject>
#include <QPointer>
#include <QThreadPool>

#include <glm/vec3.hpp>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

namespace Qt3DCore {
class QEntity;
}

namespace mapsmith::editor {

class ModelGpuCache;
class SceneEffects;
class TextureSource;
class TileModelsEntity;

// A tile's models worked out off the UI thread (what ModelScene's worker does for a tile that loads):
// the instances, the GPU buffers of the meshes not in `known`, and the materials' textures warmed in
// `textures` (may be null).
struct PreparedTile {
    TilePlacements placements;
    TileModels models;
    std::vector<MeshUpload> uploads;
};
PreparedTile prepareTileModels(TilePlacements placements, const SceneFrame& frame, const MapTiles& mapTiles,
                               const ModelGeometryFn& geometry, const std::set<const core::ModelMesh*>& known,
                               TextureSource* textures);

struct ModelSceneStats {
    int tileBuilds = 0;      // tiles whose models were (re)built
    int instanceUpdates = 0; // instances rewritten in place
};

class ModelScene final : public QObject {
    Q_OBJECT
public:
    ModelScene(SceneEffects& effects, std::shared_ptr<TextureSource> textures, Qt3DCore::QEntity* parent,
               QObject* owner);
    ~ModelScene() override;

    // The models to draw; null draws none (every object keeps its box). Rebuilds every tile.
    void setLibrary(std::shared_ptr<core::ModelLibrary> library);
    bool active() const { return mLibrary != nullptr; }
    // Follows `doc` (nullptr clears) in `frame`; every loaded tile is requested.
    void setDocument(const core::MapDocument* doc, const SceneFrame& frame);

    void tileLoaded(core::TileCoord tile);
    void tileUnloaded(core::TileCoord tile);
    // The tile's placements changed: true when its object boxes must be rebuilt too.
    bool tileChanged(core::TileCoord tile);

    // Normal without a library or before the tile's models are known; Hidden for entries with a mesh;
    // Warning for the others.
    BoxStyle boxStyle(core::TileCoord tile, core::ObjectKind kind, std::size_t index) const;
    // Tiles whose nearest point is farther than `distance` yards (horizontally) from `camera` are hidden.
    void setViewRange(glm::dvec3 camera, double distance);

    // Waits (processing events) until no tile is being worked out; false on timeout.
    bool waitIdle(int timeoutMs);
    int pending() const { return mPending; }
    // Models drawn: tiles with models, draws, instances.
    int tilesDrawn() const;
    int drawCount() const;
    std::size_t instanceCount() const;
    std::size_t gpuModelCount() const;
    const ModelSceneStats& stats() const { return mStats; }
    void resetStats() { mStats = {}; }

signals:
    // A tile's models were (re)built: its object boxes follow boxStyle() again.
    void tileModelsChanged(mapsmith::core::TileCoord tile);

private:
    struct Tile {
        TileModelsEntity* entity = nullptr;
        TilePlacements shown; // the placements `models` was built from
        TileModels models;
        bool built = false;
        std::uint64_t revision = 0; // bumped per request: older results are dropped
        bool visible = true;
    };
    void clearTiles();
    void request(core::TileCoord tile);
    void apply(core::TileCoord tile, PreparedTile&& prepared);
    void rebuildNow(core::TileCoord tile);
    // Rewrites the instances of entries that only moved, turned or scaled: whether boxes changed too, or
    // nullopt (nothing applied) when the tile must be rebuilt.
    std::optional<bool> updateInPlace(Tile& tile, const io::Adt& now);
    void updateVisibility(core::TileCoord coord, Tile& tile);

    SceneEffects& mEffects;
    std::shared_ptr<TextureSource> mTextures;
    Qt3DCore::QEntity* mRoot = nullptr;
    std::unique_ptr<ModelGpuCache> mCache;
    std::shared_ptr<core::ModelLibrary> mLibrary;
    QPointer<const core::MapDocument> mDoc;
    SceneFrame mFrame;
    MapTiles mMapTiles; // of mDoc's WDT
    std::map<core::TileCoord, Tile> mTiles;
    QThreadPool mPool;
    std::uint64_t mGeneration = 0; // bumped per document or library: late results are dropped
    int mPending = 0;
    glm::dvec3 mCamera{0.0};
    double mViewDistance = -1.0; // negative: every tile drawn
    ModelSceneStats mStats;
};

} // namespace mapsmith::editor
