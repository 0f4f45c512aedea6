#include "editor/minimap_render_action.h"

#include "editor/document_manager.h"

#include <QAction>
#include <QDir>
#include <QMenu>

namespace mapsmith::editor {

MinimapRenderAction::MinimapRenderAction(DocumentManager& docs, std::shared_ptr<io::TextureCache> gameData,
                                         QMenu* menu, QWidget* window)
    : QObject(window), mDocs(docs), mGameData(std::move(gameData)) {
    mAction = menu->addAction(tr("Render &Minimaps"), this, &MinimapRenderAction::render);
    mAction->setObjectName(QStringLiteral("renderMinimapsAction"));
    mAction->setToolTip(
        tr("Draws every tile of the saved map top-down into the minimap images the client "
           "shows (map folder/minimaps, DXT1 BLPs at the game's paths), with the placed "
           "models when game data is set; Export Patch ships them and the Tile Map shows them"));
    mAction->setEnabled(mDocs.document() != nullptr);
    connect(&mDocs, &DocumentManager::documentChanged, this,
            [this](core::MapDocument* doc) { mAction->setEnabled(doc != nullptr); });
}

bool MinimapRenderAction::render() {
    const bool ok = mDocs.renderMinimaps(mGameData);
    // Some tiles may be written even when others failed.
    const QString folder = mDocs.minimapFolder();
    if (!folder.isEmpty() && QDir(folder).exists()) {
        emit rendered();
    }
    return ok;
}

} // namespace mapsmith::editor
