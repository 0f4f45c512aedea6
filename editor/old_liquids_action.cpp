#include "editor/old_liquids_action.h"

#include "core/document/map_document.h"
#include "core/edit/mclq_conversion.h"
#include "editor/document_manager.h"

#include <QAction>
#include <QMenu>
#include <QMessageBox>
#include <QWidget>

#include <vector>

namespace mapsmith::editor {
namespace {

bool dialogsAllowed(const QWidget* window) {
    return window && window->isVisible() && !qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS");
}

} // namespace

OldLiquidsAction::OldLiquidsAction(DocumentManager& docs, QMenu* menu, QWidget* window,
                                   std::function<core::TileCoord()> cameraTile)
    : QObject(window), mDocs(docs), mWindow(window), mCameraTile(std::move(cameraTile)) {
    QMenu* sub = menu->addMenu(tr("Convert &Old Liquids (MCLQ to MH2O)"));
    sub->setObjectName(QStringLiteral("oldLiquidsMenu"));
    mTileAction = sub->addAction(tr("In the &Tile Under the Camera"), this, &OldLiquidsAction::convertTile);
    mTileAction->setObjectName(QStringLiteral("convertOldLiquidsTileAction"));
    mMapAction = sub->addAction(tr("In the Whole &Map"), this, &OldLiquidsAction::convertMap);
    mMapAction->setObjectName(QStringLiteral("convertOldLiquidsMapAction"));
    const QString tip = tr("Pre-WotLK liquid (MCLQ) becomes MH2O, which the liquid tools edit: river to "
                           "Water, ocean to Ocean, magma to Magma, slime to Slime; one undo step");
    mTileAction->setToolTip(tip);
    mMapAction->setToolTip(tip);
    updateEnabled();
    connect(&mDocs, &DocumentManager::documentChanged, this, [this] {
        mAnswer = Answer::NotAsked; // asked once per document
        mTried.clear();
        updateEnabled();
    });
}

void OldLiquidsAction::updateEnabled() {
    const bool open = mDocs.document() != nullptr;
    mTileAction->setEnabled(open);
    mMapAction->setEnabled(open);
}

bool OldLiquidsAction::convertTile() {
    core::MapDocument* doc = mDocs.document();
    if (!doc) {
        return false;
    }
    const core::TileCoord t = mCameraTile();
    if (!doc->tileExists(t)) {
        emit mDocs.errorOccurred(tr("The camera is over no tile of %1").arg(doc->mapName()));
        return false;
    }
    const auto report = mDocs.convertOldLiquids({t});
    return report && report->pushed;
}

bool OldLiquidsAction::convertMap() {
    const auto report = mDocs.convertOldLiquids();
    return report && report->pushed;
}

bool OldLiquidsAction::beforeLiquidStroke(core::MapDocument& doc, glm::dvec3 world, double radius) {
    if (mAnswer == Answer::Keep) {
        return true;
    }
    std::vector<core::TileCoord> withMclq;
    for (const double dx : {-radius, radius}) {
        for (const double dy : {-radius, radius}) {
            const core::TileCoord t = core::tileAt({world.x + dx, world.y + dy});
            if (core::loadedTileHasMclq(doc, t) && !mTried.count(t) &&
                std::find(withMclq.begin(), withMclq.end(), t) == withMclq.end()) {
                withMclq.push_back(t);
            }
        }
    }
    if (withMclq.empty()) {
        return true;
    }
    bool asked = false;
    if (mAnswer == Answer::NotAsked) {
        mAnswer = Answer::Convert; // the answer without dialogs
        if (dialogsAllowed(mWindow)) {
            asked = true;
            const auto choice = QMessageBox::question(
                mWindow, tr("Old Liquids"),
                tr("This tile has old liquids (MCLQ, from before WotLK). The liquid tools edit MH2O, which "
                   "the game draws instead of a chunk's MCLQ.\n\nConvert this map's old liquids to MH2O "
                   "now? (One undo step; asked once for this map.)"),
                QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes);
            mAnswer = choice == QMessageBox::Yes ? Answer::Convert : Answer::Keep;
        }
        if (mAnswer == Answer::Convert) {
            for (const core::TileCoord t : core::mapTiles(doc)) {
                mTried.insert(t);
            }
            mDocs.convertOldLiquids();
        }
    } else {
        // Yes was given before: tiles with old liquids that the map conversion did not reach (loaded
        // or read since) are converted as they come, each once.
        for (const core::TileCoord t : withMclq) {
            mTried.insert(t);
        }
        mDocs.convertOldLiquids(withMclq);
    }
    return !asked;
}

} // namespace mapsmith::editor
