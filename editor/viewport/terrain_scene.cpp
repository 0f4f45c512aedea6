#include "editor/viewport/terrain_scene.h"

#include "core/document/chunk_dirty.h"
#include "core/document/map_document.h"
#include "editor/viewport/coloured_mesh_entity.h"
#include "editor/viewport/layer_textures.h"
#include "editor/viewport/liquid_mesh.h"
#include "editor/viewport/object_boxes.h"
#include "editor/viewport/scene_effects.h"
#include "editor/viewport/tile_terrain_entity.h"

#include <Qt3DRender/QGeometryRenderer>
#include <Qt3DRender/QTexture>

namespace mapsmith::editor {

using core::ChunkCoord;
using core::TileCoord;
namespace dirty = core::dirty;

TerrainScene::TerrainScene(SceneEffects* effects, TextureSource& textures, const SceneFrame& frame,
                           Qt3DCore::QNode* parent)
    : Qt3DCore::QEntity(parent), mEffects(effects), mTextureSource(textures), mFrame(frame) {}

TerrainScene::~TerrainScene() = default;

void TerrainScene::addTile(const core::MapDocument& doc, TileCoord t) {
    const io::Adt* adt = doc.tile(t);
    if (!adt) {
        return;
    }
    if (auto it = mTiles.find(t); it != mTiles.end()) {
        delete it->second.root;
        mTiles.erase(it);
    }
    Tile& tile = mTiles[t];
    // Built detached and attached at the end ("attach last", terrain_scene.h).
    tile.root = new Qt3DCore::QEntity();
    rebuildTextures(tile, *adt);
    tile.terrain = new TileTerrainEntity(mEffects->terrainEffect(), tile.textures, tile.root);
    tile.terrain->uploadAll(*adt, mFrame, int(tile.textureNames.size()));
    tile.terrain->uploadIndices(*adt);
    mStats.vertexUploads += core::kChunksPerTile;
    mStats.layerUpdates += core::kChunksPerTile;
    mStats.indexUploads += core::kChunksPerTile;
    for (int i = 0; i < core::kChunksPerTile; ++i) {
        updateChunk(doc, tile, {t, i / core::kChunksPerSide, i % core::kChunksPerSide},
                    dirty::Shadow | dirty::Liquid); // blend layer and liquid; vertices went up above
    }
    tile.objects =
        new ColouredMeshEntity(Qt3DRender::QGeometryRenderer::Lines, mEffects->lineMaterial(), tile.root);
    tile.objects->setMesh(objectBoxes(*adt, t));
    ++mStats.objectRebuilds;
    tile.root->setParent(this);
}

void TerrainScene::removeTile(TileCoord t) {
    if (auto it = mTiles.find(t); it != mTiles.end()) {
        delete it->second.root;
        mTiles.erase(it);
    }
}

ColouredMesh TerrainScene::objectBoxes(const io::Adt& adt, TileCoord t) const {
    BoxStyleFn style;
    if (mBoxStyle) {
        style = [this, t](core::ObjectKind kind, std::size_t i) { return mBoxStyle(t, kind, i); };
    }
    return buildObjectBoxes(adt, mFrame, mObjectBounds, style);
}

void TerrainScene::rebuildObjects(const core::MapDocument& doc) {
    for (const auto& [coord, tile] : mTiles) {
        rebuildObjects(doc, coord);
    }
}

void TerrainScene::rebuildObjects(const core::MapDocument& doc, TileCoord t) {
    const auto it = mTiles.find(t);
    const io::Adt* adt = doc.tile(t);
    if (it != mTiles.end() && adt && it->second.objects) {
        it->second.objects->setMesh(objectBoxes(*adt, t));
        ++mStats.objectRebuilds;
    }
}

void TerrainScene::reloadTextures(const core::MapDocument& doc) {
    for (auto& [coord, tile] : mTiles) {
        if (const io::Adt* adt = doc.tile(coord)) {
            rebuildTextures(tile, *adt);
        }
    }
}

void TerrainScene::rebuildTextures(Tile& tile, const io::Adt& adt) {
    auto* old = tile.textures;
    tile.textureNames = adt.textures;
    tile.textures = makeLayerTextures(adt.textures, mTextureSource, nullptr);
    tile.textures->setParent(tile.root);
    ++mStats.textureArrays;
    if (tile.terrain) {
        tile.terrain->setLayerTextures(tile.textures);
    }
    delete old;
}

void TerrainScene::updateChunk(const core::MapDocument& doc, Tile& tile, const ChunkCoord& c,
                               std::uint32_t bits) {
    const io::MapChunk* chunk = doc.chunk(c);
    if (!chunk || !tile.terrain) {
        return;
    }
    const int i = c.index();
    bool touched = false;
    // Vertices carry the layer slices too: an alpha edit that changed MCLY rewrites them.
    if (bits & (dirty::Vertices | dirty::Normals | dirty::Colour | dirty::Alpha)) {
        tile.terrain->uploadChunk(i, *chunk, mFrame, int(tile.textureNames.size()));
        if (bits & (dirty::Vertices | dirty::Normals | dirty::Colour)) {
            ++mStats.vertexUploads;
        }
        if (bits & dirty::Alpha) {
            ++mStats.layerUpdates;
        }
        touched = true;
    }
    if (bits & dirty::Holes) {
        tile.indicesDirty = true; // the tile's index buffer, once per applyDirty()
        ++mStats.indexUploads;
        touched = true;
    }
    if (bits & (dirty::Alpha | dirty::Shadow)) {
        tile.terrain->uploadBlend(i, *chunk);
        ++mStats.blendUploads;
        touched = true;
    }
    if (bits & dirty::Liquid) {
        rebuildLiquid(doc, tile, c);
        touched = true;
    }
    if (touched) {
        mStats.touchedChunks.insert(c);
    }
}

void TerrainScene::rebuildLiquid(const core::MapDocument& doc, Tile& tile, const ChunkCoord& c) {
    const io::LiquidChunk* liquid = doc.liquid(c);
    auto& entity = tile.liquids[std::size_t(c.index())];
    if (!liquid || liquid->instances.empty()) {
        if (entity) {
            entity->setMesh({});
            ++mStats.liquidRebuilds;
        }
        return;
    }
    if (!entity) {
        entity = new ColouredMeshEntity(Qt3DRender::QGeometryRenderer::Triangles, mEffects->liquidMaterial(),
                                        nullptr);
        entity->setMesh(buildLiquidMesh(*liquid, c, mFrame));
        entity->setParent(tile.root);
    } else {
        entity->setMesh(buildLiquidMesh(*liquid, c, mFrame));
    }
    ++mStats.liquidRebuilds;
}

void TerrainScene::applyDirty(const core::MapDocument& doc, const core::DirtyChunks& dirty) {
    for (auto it = dirty.constBegin(); it != dirty.constEnd(); ++it) {
        const ChunkCoord c = core::MapDocument::chunkFromKey(it.key());
        if (auto t = mTiles.find(c.tile); t != mTiles.end()) {
            updateChunk(doc, t->second, c, it.value());
        }
    }
    for (auto& [coord, tile] : mTiles) {
        if (tile.indicesDirty) {
            tile.indicesDirty = false;
            if (const io::Adt* adt = doc.tile(coord)) {
                tile.terrain->uploadIndices(*adt);
            }
        }
    }
}

void TerrainScene::updateTileState(const core::MapDocument& doc, TileCoord t, bool boxes) {
    const io::Adt* adt = doc.tile(t);
    auto it = mTiles.find(t);
    if (!adt || it == mTiles.end()) {
        return;
    }
    Tile& tile = it->second;
    if (adt->textures != tile.textureNames) {
        rebuildTextures(tile, *adt);
        tile.terrain->uploadAll(*adt, mFrame, int(tile.textureNames.size())); // new slice numbers
        mStats.layerUpdates += core::kChunksPerTile;
    }
    if (boxes) {
        tile.objects->setMesh(objectBoxes(*adt, t));
        ++mStats.objectRebuilds;
    }
}

} // namespace mapsmith::editor
