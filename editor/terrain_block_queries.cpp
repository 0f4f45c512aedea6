#include "editor/terrain_block_queries.h"

#include "core/convert/terrain_block.h"
#include "core/document/block_heights.h"
#include "editor/document_manager.h"

namespace mapsmith::editor {

namespace {

bool sameBlock(const core::TileBlock& a, const core::TileBlock& b) {
    return a.first == b.first && a.tilesX == b.tilesX && a.tilesY == b.tilesY;
}

} // namespace

TerrainBlockQueries::TerrainBlockQueries(DocumentManager& docs,
                                         std::function<std::optional<core::TileCoord>()> cameraTile,
                                         QObject* parent)
    : QObject(parent), mDocs(docs), mCameraTile(std::move(cameraTile)) {
    connect(&mDocs, &DocumentManager::documentChanged, this, [this](core::MapDocument* doc) {
        mLast.reset();
        if (doc) {
            connect(doc, &core::MapDocument::chunksChanged, this, [this] { mLast.reset(); });
        }
    });
}

std::optional<core::HeightRange> TerrainBlockQueries::range(const core::TileBlock& block) {
    if (mLast && sameBlock(mLast->first, block)) {
        return mLast->second;
    }
    const auto grid = mDocs.blockHeights(block);
    std::optional<core::HeightRange> r;
    if (grid) {
        r = core::heightmapExportRange(*grid, {});
    }
    mLast.emplace(block, r);
    return r;
}

QString TerrainBlockQueries::missingTiles(const core::TileBlock& block) const {
    const core::MapDocument* doc = mDocs.document();
    return doc ? QString::fromStdString(core::tileFileNames(*doc, core::tilesNotInMap(*doc, block)))
               : QString();
}

int TerrainBlockQueries::missingCount(const core::TileBlock& block) const {
    const core::MapDocument* doc = mDocs.document();
    return doc ? int(core::tilesNotInMap(*doc, block).size()) : block.tilesX * block.tilesY;
}

core::TileBlock TerrainBlockQueries::startBlock() const {
    core::TileBlock block;
    block.first = {32, 32};
    const core::MapDocument* doc = mDocs.document();
    const auto camera = mCameraTile ? mCameraTile() : std::nullopt;
    if (camera && camera->valid() && doc && doc->tileExists(*camera)) {
        block.first = *camera;
    } else if (mDocs.startTile()) {
        block.first = *mDocs.startTile();
    }
    return block;
}

} // namespace mapsmith::editor
