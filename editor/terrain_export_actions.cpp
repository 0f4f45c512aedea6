#include "editor/terrain_export_actions.h"

#include "core/convert/terrain_block.h"
#include "editor/document_manager.h"
#include "editor/terrain_block_queries.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QWidget>

namespace mapsmith::editor {

using widgets::TerrainExportFormat;

TerrainExportActions::TerrainExportActions(DocumentManager& docs, QMenu* exportMenu, QWidget* window,
                                           std::function<std::optional<core::TileCoord>()> cameraTile)
    : QObject(window), mDocs(docs), mWindow(window),
      mQueries(new TerrainBlockQueries(docs, std::move(cameraTile), this)) {
    mPng.format = TerrainExportFormat::HeightmapPng;
    mHmp.format = TerrainExportFormat::Hmp5;
    mHeightmapAction = exportMenu->addAction(tr("&Heightmap PNG..."), this,
                                             [this] { trigger(TerrainExportFormat::HeightmapPng); });
    mHeightmapAction->setObjectName(QStringLiteral("exportHeightmapAction"));
    mHeightmapAction->setToolTip(tr("Writes the heights of a block of tiles as a 16-bit grayscale PNG (as "
                                    "mapsmith-cli export-heightmap)"));
    mHmpAction = exportMenu->addAction(tr("&Gamestudio Terrain (HMP5)..."), this,
                                       [this] { trigger(TerrainExportFormat::Hmp5); });
    mHmpAction->setObjectName(QStringLiteral("exportHmpAction"));
    mHmpAction->setToolTip(tr("Writes the heights of a block of tiles as a Gamestudio HMP5 terrain (as "
                              "mapsmith-cli export-hmp)"));
    const auto enable = [this](core::MapDocument* doc) {
        mHeightmapAction->setEnabled(doc != nullptr);
        mHmpAction->setEnabled(doc != nullptr);
    };
    enable(mDocs.document());
    connect(&mDocs, &DocumentManager::documentChanged, this, enable);
}

const widgets::TerrainExportChoice& TerrainExportActions::choice(TerrainExportFormat format) const {
    return format == TerrainExportFormat::HeightmapPng ? mPng : mHmp;
}

void TerrainExportActions::setChoice(const widgets::TerrainExportChoice& choice) {
    (choice.format == TerrainExportFormat::HeightmapPng ? mPng : mHmp) = choice;
}

std::unique_ptr<widgets::TerrainExportDialog> TerrainExportActions::dialog(TerrainExportFormat format) {
    auto d = std::make_unique<widgets::TerrainExportDialog>(
        format,
        widgets::TerrainExportDialog::MapQueries{
            [this](const core::TileBlock& b) { return mQueries->range(b); },
            [this](const core::TileBlock& b) { return mQueries->missingTiles(b); },
            [this](const core::TileBlock& b) { return mQueries->missingCount(b); }},
        mWindow);
    widgets::TerrainExportChoice start = choice(format);
    if (start.file.isEmpty() && mDocs.document() && !mDocs.isBundled()) {
        // Beside the map: <folder>/<Map>_<x>_<y>.png or .hmp.
        const core::TileBlock b = mQueries->startBlock();
        start.file =
            QFileInfo(mDocs.path())
                .dir()
                .filePath(QStringLiteral("%1_%2_%3.%4")
                              .arg(mDocs.document()->mapName())
                              .arg(b.first.x)
                              .arg(b.first.y)
                              .arg(format == TerrainExportFormat::HeightmapPng ? QStringLiteral("png")
                                                                               : QStringLiteral("hmp")));
    }
    start.block = mQueries->startBlock();
    d->setChoice(start);
    return d;
}

bool TerrainExportActions::exportBlock(const widgets::TerrainExportChoice& choice) {
    setChoice(choice);
    if (choice.format == TerrainExportFormat::HeightmapPng) {
        return mDocs.exportHeightmap(choice.file, choice.block, choice.heights, choice.allowMissing)
            .has_value();
    }
    return mDocs.exportHmp5(choice.file, choice.block);
}

void TerrainExportActions::trigger(TerrainExportFormat format) {
    if (!mDocs.document()) {
        return;
    }
    if (!mWindow || !mWindow->isVisible() || qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS")) {
        exportBlock(choice(format));
        return;
    }
    const auto d = dialog(format);
    if (d->exec() == QDialog::Accepted) {
        exportBlock(d->choice());
    }
}

} // namespace mapsmith::editor
