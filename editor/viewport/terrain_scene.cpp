#include "terrain_scene.h"

#include "core/chunk_dirty.h"
#include "core/map_document.h"
#include "editor/viewport/chunk_entity.h"
#include "editor/viewport/coloured_mesh_entity.h"
#include "editor/viewport/layer_textures.h"
#include "editor/viewport/liquid_mesh.h"
#include "editor/viewport/object_boxes.h"
#include "editor/viewport/scene_effects.h"

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
    for (int i = 0; i < core::kChunksPerTile; ++i) {
        tile.chunks[std::size_t(i)] = new ChunkEntity(mEffects->terrainEffect(), tile.textures, tile.root);
        updateChunk(doc, tile, {t, i / core::kChunksPerSide, i % core::kChunksPerSide}, dirty::All);
    }
    tile.objects =
        new ColouredMeshEntity(Qt3DRender::QGeometryRenderer::Lines, mEffects->lineMaterial(), tile.root);
    tile.objects->setMesh(buildObjectBoxes(*adt, mFrame, mObjectBounds));
    ++mStats.objectRebuilds;
    tile.root->setParent(this);
}

void TerrainScene::removeTile(TileCoord t) {
    if (auto it = mTiles.find(t); it != mTiles.end()) {
        delete it->second.root;
        mTiles.erase(it);
    }
}

void TerrainScene::rebuildTextures(Tile& tile, const io::Adt& adt) {
    auto* old = tile.textures;
    tile.textureNames = adt.textures;
    tile.textures = makeLayerTextures(adt.textures, mTextureSource, nullptr);
    tile.textures->setParent(tile.root);
    ++mStats.textureArrays;
    for (auto* chunk : tile.chunks) {
        if (chunk) {
            chunk->setLayerTextures(tile.textures);
        }
    }
    delete old;
}

void TerrainScene::updateChunk(const core::MapDocument& doc, Tile& tile, const ChunkCoord& c,
                               std::uint32_t bits) {
    const io::MapChunk* chunk = doc.chunk(c);
    ChunkEntity* entity = tile.chunks[std::size_t(c.index())];
    if (!chunk || !entity) {
        return;
    }
    bool touched = false;
    if (bits & (dirty::Vertices | dirty::Normals | dirty::Colour)) {
        entity->uploadVertices(*chunk, mFrame);
        ++mStats.vertexUploads;
        touched = true;
    }
    if (bits & dirty::Holes) {
        entity->uploadIndices(*chunk);
        ++mStats.indexUploads;
        touched = true;
    }
    if (bits & (dirty::Alpha | dirty::Shadow)) {
        entity->uploadBlend(*chunk);
        ++mStats.blendUploads;
        touched = true;
    }
    if (bits & dirty::Alpha) {
        entity->updateLayers(*chunk, int(tile.textureNames.size()));
        ++mStats.layerUpdates;
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

void TerrainScene::applyDirty(const core::MapDocument& doc,
                              const QHash<std::uint64_t, std::uint32_t>& dirty) {
    for (auto it = dirty.constBegin(); it != dirty.constEnd(); ++it) {
        const ChunkCoord c = core::MapDocument::chunkFromKey(it.key());
        if (auto t = mTiles.find(c.tile); t != mTiles.end()) {
            updateChunk(doc, t->second, c, it.value());
        }
    }
}

void TerrainScene::updateTileState(const core::MapDocument& doc, TileCoord t) {
    const io::Adt* adt = doc.tile(t);
    auto it = mTiles.find(t);
    if (!adt || it == mTiles.end()) {
        return;
    }
    Tile& tile = it->second;
    if (adt->textures != tile.textureNames) {
        rebuildTextures(tile, *adt);
        for (int i = 0; i < core::kChunksPerTile; ++i) {
            if (const io::MapChunk* chunk =
                    doc.chunk({t, i / core::kChunksPerSide, i % core::kChunksPerSide})) {
                tile.chunks[std::size_t(i)]->updateLayers(*chunk, int(tile.textureNames.size()));
                ++mStats.layerUpdates;
            }
        }
    }
    tile.objects->setMesh(buildObjectBoxes(*adt, mFrame, mObjectBounds));
    ++mStats.objectRebuilds;
}

} // namespace mapsmith::editor
