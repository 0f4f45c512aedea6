#include "editor/viewport/model_scene.h"

#include "editor/viewport/model_gpu_cache.h"
#include "editor/viewport/texture_source.h"
#include "editor/viewport/tile_models_entity.h"

#include <Qt3DCore/QEntity>

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

#include <glm/geometric.hpp>

#include <algorithm>
#include <cstring>
#include <set>
#include <type_traits>

namespace mapsmith::editor {

namespace {

ModelGeometryFn geometryOf(std::shared_ptr<core::ModelLibrary> library) {
    return [library = std::move(library)](core::ObjectKind kind, const std::string& name) {
        return library->geometry(kind, name);
    };
}

// Placement records without padding, so equal bytes mean equal fields (a float's -0 and +0 differ in
// bytes: such an entry is merely rewritten).
static_assert(sizeof(io::DoodadPlacement) == 36 && std::is_trivially_copyable_v<io::DoodadPlacement>);
static_assert(sizeof(io::MapObjectPlacement) == 64 && std::is_trivially_copyable_v<io::MapObjectPlacement>);

// Indices where `a` and `b` (same size) differ, found by comparing runs of 32 entries as bytes first: a
// drag step changes one entry of thousands.
template <class T>
std::vector<std::size_t> differingEntries(const std::vector<T>& a, const std::vector<T>& b) {
    constexpr std::size_t kRun = 32;
    std::vector<std::size_t> out;
    for (std::size_t first = 0; first < a.size(); first += kRun) {
        const std::size_t n = std::min(kRun, a.size() - first);
        if (std::memcmp(a.data() + first, b.data() + first, n * sizeof(T)) == 0) {
            continue;
        }
        for (std::size_t i = first; i < first + n; ++i) {
            if (std::memcmp(&a[i], &b[i], sizeof(T)) != 0) {
                out.push_back(i);
            }
        }
    }
    return out;
}

bool sameTransform(const io::DoodadPlacement& a, const io::DoodadPlacement& b) {
    return a.position == b.position && a.rotation == b.rotation && a.scale == b.scale;
}

bool sameTransform(const io::MapObjectPlacement& a, const io::MapObjectPlacement& b) {
    return a.position == b.position && a.rotation == b.rotation;
}

} // namespace

PreparedTile prepareTileModels(TilePlacements placements, const SceneFrame& frame, const MapTiles& mapTiles,
                               const ModelGeometryFn& geometry, const std::set<const core::ModelMesh*>& known,
                               TextureSource* textures) {
    PreparedTile out;
    out.models = buildTileModels(placements, frame, mapTiles, geometry);
    out.placements = std::move(placements);
    for (const ModelGroup& g : out.models.groups) {
        if (known.count(g.mesh.get())) {
            continue;
        }
        out.uploads.push_back(prepareMeshUpload(g.mesh));
        if (!textures) {
            continue;
        }
        for (const core::ModelMaterial& m : g.mesh->materials) {
            if (!m.texture.empty()) {
                textures->warm(QString::fromStdString(m.texture));
            }
        }
    }
    return out;
}

ModelScene::ModelScene(SceneEffects& effects, std::shared_ptr<TextureSource> textures,
                       Qt3DCore::QEntity* parent, QObject* owner)
    : QObject(owner), mEffects(effects), mTextures(std::move(textures)) {
    mPool.setMaxThreadCount(1); // the UI thread and the renderer keep the other core
    mRoot = new Qt3DCore::QEntity(parent);
    mRoot->setObjectName(QStringLiteral("models"));
    mCache = std::make_unique<ModelGpuCache>(mEffects, *mTextures, mRoot);
}

ModelScene::~ModelScene() {
    ++mGeneration;
    mPool.waitForDone();
    clearTiles();
    mCache.reset();
    delete mRoot;
}

void ModelScene::clearTiles() {
    for (auto& [coord, tile] : mTiles) {
        delete tile.entity;
    }
    mTiles.clear();
}

void ModelScene::setLibrary(std::shared_ptr<core::ModelLibrary> library) {
    mLibrary = std::move(library);
    ++mGeneration;
    clearTiles();
    mCache = std::make_unique<ModelGpuCache>(mEffects, *mTextures, mRoot); // textures may have changed too
    if (mDoc) {
        for (const core::TileCoord t : mDoc->loadedTiles()) {
            tileLoaded(t);
        }
    }
}

void ModelScene::setDocument(const core::MapDocument* doc, const SceneFrame& frame) {
    ++mGeneration;
    clearTiles();
    mDoc = doc;
    mFrame = frame;
    mMapTiles.reset();
    if (doc) {
        for (int y = 0; y < core::kTilesPerSide; ++y) {
            for (int x = 0; x < core::kTilesPerSide; ++x) {
                mMapTiles.set(std::size_t(x + 64 * y), doc->tileExists({x, y}));
            }
        }
        for (const core::TileCoord t : doc->loadedTiles()) {
            tileLoaded(t);
        }
    }
}

void ModelScene::tileLoaded(core::TileCoord t) {
    mTiles[t]; // known, nothing drawn yet
    if (mLibrary && mDoc) {
        request(t);
    }
}

void ModelScene::tileUnloaded(core::TileCoord t) {
    if (auto it = mTiles.find(t); it != mTiles.end()) {
        delete it->second.entity;
        mTiles.erase(it);
    }
}

void ModelScene::request(core::TileCoord t) {
    const io::Adt* adt = mDoc ? mDoc->tile(t) : nullptr;
    if (!adt) {
        return;
    }
    Tile& tile = mTiles[t];
    const std::uint64_t revision = ++tile.revision;
    const std::uint64_t generation = mGeneration;
    // Meshes on the GPU now: the worker prepares no buffers for them (one released meanwhile is prepared
    // on the UI thread when the result is applied).
    std::set<const core::ModelMesh*> known;
    for (const auto& [coord, other] : mTiles) {
        for (const ModelGroup& g : other.models.groups) {
            known.insert(g.mesh.get());
        }
    }
    auto work = [library = mLibrary, textures = mTextures, placements = TilePlacements::of(*adt, t),
                 frame = mFrame, tiles = mMapTiles, known = std::move(known)]() mutable {
        return prepareTileModels(std::move(placements), frame, tiles, geometryOf(library), known,
                                 textures.get());
    };
    ++mPending;
    auto* watcher = new QFutureWatcher<PreparedTile>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, t, revision, generation] {
        watcher->deleteLater();
        --mPending;
        if (generation != mGeneration) {
            return;
        }
        const auto it = mTiles.find(t);
        if (it == mTiles.end() || it->second.revision != revision) {
            return; // unloaded, or a newer request or edit came after this one
        }
        apply(t, watcher->future().takeResult());
    });
    watcher->setFuture(QtConcurrent::run(&mPool, std::move(work)));
}

void ModelScene::apply(core::TileCoord t, PreparedTile&& result) {
    Tile& tile = mTiles[t];
    auto* entity = new TileModelsEntity(result.models, result.uploads, *mCache); // detached until filled
    delete tile.entity;
    tile.entity = entity;
    tile.shown = std::move(result.placements);
    tile.models = std::move(result.models);
    for (ModelGroup& g : tile.models.groups) {
        g.instances = {}; // on the GPU now; edits recompute what they change
    }
    tile.built = true;
    updateVisibility(t, tile);
    entity->setParent(mRoot);
    ++mStats.tileBuilds;
    emit tileModelsChanged(t);
}

void ModelScene::rebuildNow(core::TileCoord t) {
    const io::Adt* adt = mDoc ? mDoc->tile(t) : nullptr;
    if (!adt || !mLibrary) {
        return;
    }
    Tile& tile = mTiles[t];
    ++tile.revision; // a result still on its way is older than this
    PreparedTile r;
    r.placements = TilePlacements::of(*adt, t);
    r.models = buildTileModels(r.placements, mFrame, mMapTiles, geometryOf(mLibrary));
    apply(t, std::move(r)); // new meshes get their buffers from the GPU cache
}

bool ModelScene::tileChanged(core::TileCoord t) {
    if (!mLibrary || !mDoc) {
        return true;
    }
    const io::Adt* adt = mDoc->tile(t);
    const auto it = mTiles.find(t);
    if (!adt || it == mTiles.end()) {
        return true;
    }
    Tile& tile = it->second;
    if (!tile.built) {
        request(t); // the work under way started from older placements
        return true;
    }
    const std::optional<bool> boxes = updateInPlace(tile, *adt);
    if (!boxes) {
        rebuildNow(t);
        return true;
    }
    return *boxes;
}

std::optional<bool> ModelScene::updateInPlace(Tile& tile, const io::Adt& now) {
    // Compared in place (no copy of the tile's lists): this runs for every step of a drag.
    TilePlacements& shown = tile.shown;
    if (now.modelNames != shown.modelNames || now.wmoNames != shown.wmoNames ||
        now.doodads.size() != shown.doodads.size() || now.mapObjects.size() != shown.mapObjects.size()) {
        return std::nullopt;
    }
    const MapTiles& tiles = mMapTiles;
    // First the entries that differ, checked, so nothing is half applied when a rebuild is needed.
    const std::vector<std::size_t> doodads = differingEntries(shown.doodads, now.doodads);
    for (const std::size_t i : doodads) {
        const io::DoodadPlacement& a = shown.doodads[i];
        const io::DoodadPlacement& b = now.doodads[i];
        if (a.nameIndex != b.nameIndex) {
            return std::nullopt;
        }
        if (!sameTransform(a, b) && tile.models.doodadHasMesh[i] &&
            tile.models.doodadSlots[i].has_value() != drawsEntry(shown.tile, b.position, tiles)) {
            return std::nullopt; // it moved into or out of this tile: another tile draws it now, or this one
        }
    }
    const std::vector<std::size_t> wmos = differingEntries(shown.mapObjects, now.mapObjects);
    for (const std::size_t i : wmos) {
        const io::MapObjectPlacement& a = shown.mapObjects[i];
        const io::MapObjectPlacement& b = now.mapObjects[i];
        if (a.nameIndex != b.nameIndex || a.doodadSet != b.doodadSet) {
            return std::nullopt;
        }
        if (!sameTransform(a, b) && tile.models.wmoHasMesh[i] &&
            tile.models.wmoSlots[i].has_value() != drawsEntry(shown.tile, b.position, tiles)) {
            return std::nullopt;
        }
    }
    const glm::dmat4 toScene = placementToScene(mFrame);
    bool boxes = false;
    for (const std::size_t i : doodads) {
        const io::DoodadPlacement& b = now.doodads[i];
        const bool moved = !sameTransform(shown.doodads[i], b);
        shown.doodads[i] = b;
        if (!moved) {
            continue; // flags or id: nothing drawn changes
        }
        if (!tile.models.doodadHasMesh[i]) {
            boxes = true;
        } else if (const auto& slot = tile.models.doodadSlots[i]) {
            tile.entity->setInstance(*slot, toInstance(doodadToScene(b, toScene)));
            ++mStats.instanceUpdates;
        }
    }
    for (const std::size_t i : wmos) {
        const io::MapObjectPlacement& b = now.mapObjects[i];
        const bool moved = !sameTransform(shown.mapObjects[i], b);
        shown.mapObjects[i] = b;
        if (!tile.models.wmoHasMesh[i]) {
            boxes = true; // the extents may have changed too
        } else if (const auto& slot = tile.models.wmoSlots[i]; slot && moved) {
            const glm::dmat4 wmoScene = wmoToScene(b, toScene);
            tile.entity->setInstance(*slot, toInstance(wmoScene));
            ++mStats.instanceUpdates;
            const auto& group = tile.models.groups[slot->group];
            for (const WmoDoodadSlot& d : tile.models.wmoDoodadSlots[i]) {
                tile.entity->setInstance(
                    d.slot, toInstance(wmoDoodadToScene(group.mesh->doodads[d.doodad], wmoScene)));
                ++mStats.instanceUpdates;
            }
        }
    }
    return boxes;
}

BoxStyle ModelScene::boxStyle(core::TileCoord t, core::ObjectKind kind, std::size_t index) const {
    if (!mLibrary) {
        return BoxStyle::Normal;
    }
    const auto it = mTiles.find(t);
    if (it == mTiles.end() || !it->second.built) {
        return BoxStyle::Normal;
    }
    const TileModels& m = it->second.models;
    const std::vector<bool>& hasMesh = kind == core::ObjectKind::Doodad ? m.doodadHasMesh : m.wmoHasMesh;
    if (index >= hasMesh.size()) {
        return BoxStyle::Normal; // newer than the models: they are being rebuilt
    }
    return hasMesh[index] ? BoxStyle::Hidden : BoxStyle::Warning;
}

void ModelScene::updateVisibility(core::TileCoord coord, Tile& tile) {
    const glm::dvec2 origin = core::tileOrigin(coord); // north-west corner: x and y fall from it
    const glm::dvec2 nearest{std::clamp(mCamera.x, origin.x - core::kTileSize, origin.x),
                             std::clamp(mCamera.y, origin.y - core::kTileSize, origin.y)};
    tile.visible = mViewDistance < 0.0 || glm::length(nearest - glm::dvec2(mCamera)) <= mViewDistance;
    if (tile.entity) {
        tile.entity->setEnabled(tile.visible);
    }
}

void ModelScene::setViewRange(glm::dvec3 camera, double distance) {
    mCamera = camera;
    mViewDistance = distance;
    for (auto& [coord, tile] : mTiles) {
        updateVisibility(coord, tile);
    }
}

bool ModelScene::waitIdle(int timeoutMs) {
    QDeadlineTimer deadline(timeoutMs);
    while (mPending > 0 && !deadline.hasExpired()) {
        mPool.waitForDone(10);
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
    }
    return mPending == 0;
}

int ModelScene::tilesDrawn() const {
    return int(std::count_if(mTiles.begin(), mTiles.end(),
                             [](const auto& t) { return t.second.entity && t.second.visible; }));
}

int ModelScene::drawCount() const {
    int n = 0;
    for (const auto& [coord, tile] : mTiles) {
        n += tile.entity && tile.visible ? tile.entity->drawCount() : 0;
    }
    return n;
}

std::size_t ModelScene::instanceCount() const {
    std::size_t n = 0;
    for (const auto& [coord, tile] : mTiles) {
        n += tile.entity ? tile.entity->instanceCount() : 0;
    }
    return n;
}

std::size_t ModelScene::gpuModelCount() const {
    return mCache ? mCache->modelCount() : 0;
}

} // namespace mapsmith::editor
