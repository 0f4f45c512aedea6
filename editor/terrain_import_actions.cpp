#include "editor/terrain_import_actions.h"

#include "editor/document_manager.h"
#include "editor/terrain_block_queries.h"

#include <QAction>
#include <QMenu>
#include <QWidget>

#include <algorithm>

namespace mapsmith::editor {

TerrainImportActions::TerrainImportActions(DocumentManager& docs, QMenu* importMenu, QWidget* window,
                                           std::function<std::optional<core::TileCoord>()> cameraTile)
    : QObject(window), mDocs(docs), mWindow(window),
      mQueries(new TerrainBlockQueries(docs, std::move(cameraTile), this)) {
    mHeightmapAction =
        importMenu->addAction(tr("&Heightmap Image..."), this, &TerrainImportActions::triggerHeightmap);
    mHeightmapAction->setObjectName(QStringLiteral("importHeightmapAction"));
    mHeightmapAction->setToolTip(tr("Sets the heights of a block of tiles from a grayscale image (as "
                                    "mapsmith-cli import-heightmap); one undo step"));
    mHmpAction =
        importMenu->addAction(tr("&Gamestudio Terrain (HMP)..."), this, &TerrainImportActions::triggerHmp);
    mHmpAction->setObjectName(QStringLiteral("importHmpAction"));
    mHmpAction->setToolTip(
        tr("Sets the heights of a block of tiles from a Gamestudio HMP terrain, optionally "
           "its skin as the vertex colours (as mapsmith-cli import-hmp); one undo step"));
    const auto enable = [this](core::MapDocument* doc) {
        mHeightmapAction->setEnabled(doc != nullptr);
        mHmpAction->setEnabled(doc != nullptr);
    };
    enable(mDocs.document());
    connect(&mDocs, &DocumentManager::documentChanged, this, enable);
}

core::TileBlock TerrainImportActions::startBlock(const std::optional<core::TileBlock>& last) const {
    // The tile under the camera; the size of the last import's block (its file is offered again), else one
    // tile until a file is chosen (the dialog sizes the block from it).
    core::TileBlock block = mQueries->startBlock();
    if (last) {
        block.tilesX = std::min(last->tilesX, core::kTilesPerSide - block.first.x);
        block.tilesY = std::min(last->tilesY, core::kTilesPerSide - block.first.y);
    }
    return block;
}

bool TerrainImportActions::dialogsAllowed() const {
    return mWindow && mWindow->isVisible() && !qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS");
}

std::unique_ptr<widgets::HeightmapImportDialog> TerrainImportActions::heightmapDialog() {
    auto dialog = std::make_unique<widgets::HeightmapImportDialog>(
        widgets::HeightmapImportDialog::MapQueries{
            [this](const core::TileBlock& b) { return mQueries->range(b); },
            [this](const core::TileBlock& b) { return mQueries->missingTiles(b); }},
        mWindow);
    widgets::HeightmapImportChoice start = mHeightmap;
    start.block = startBlock(mHeightmap.image.isEmpty() ? std::nullopt : std::optional(mHeightmap.block));
    start.min = start.max = 0.0; // the block's own range
    dialog->setChoice(start);
    return dialog;
}

std::unique_ptr<widgets::HmpImportDialog> TerrainImportActions::hmpDialog() {
    auto dialog = std::make_unique<widgets::HmpImportDialog>(
        [this](const core::TileBlock& b) { return mQueries->missingTiles(b); }, mWindow);
    widgets::HmpImportChoice start = mHmp;
    start.block = startBlock(mHmp.file.isEmpty() ? std::nullopt : std::optional(mHmp.block));
    dialog->setChoice(start);
    return dialog;
}

bool TerrainImportActions::importHeightmap(const widgets::HeightmapImportChoice& choice) {
    mHeightmap = choice;
    return mDocs.importHeightmap(choice.image, choice.block, choice.min, choice.max).has_value();
}

bool TerrainImportActions::importHmp(const widgets::HmpImportChoice& choice) {
    mHmp = choice;
    return mDocs.importHmp(choice.file, choice.block, choice.settings).has_value();
}

void TerrainImportActions::triggerHeightmap() {
    if (!mDocs.document()) {
        return;
    }
    if (!dialogsAllowed()) {
        importHeightmap(mHeightmap);
        return;
    }
    const auto dialog = heightmapDialog();
    if (dialog->exec() == QDialog::Accepted) {
        importHeightmap(dialog->choice());
    }
}

void TerrainImportActions::triggerHmp() {
    if (!mDocs.document()) {
        return;
    }
    if (!dialogsAllowed()) {
        importHmp(mHmp);
        return;
    }
    const auto dialog = hmpDialog();
    if (dialog->exec() == QDialog::Accepted) {
        importHmp(dialog->choice());
    }
}

} // namespace mapsmith::editor
