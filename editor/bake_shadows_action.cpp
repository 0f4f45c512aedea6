#include "editor/bake_shadows_action.h"

#include "editor/document_manager.h"

#include <QAction>
#include <QMenu>
#include <QSettings>
#include <QWidget>

namespace mapsmith::editor {

BakeShadowsAction::BakeShadowsAction(DocumentManager& docs, QMenu* menu, QWidget* window,
                                     std::function<std::optional<core::TileCoord>()> cameraTile,
                                     std::function<ModelSource()> models)
    : QObject(window), mDocs(docs), mWindow(window), mCameraTile(std::move(cameraTile)),
      mModels(std::move(models)) {
    mAction = menu->addAction(tr("Bake &Shadows..."), this, &BakeShadowsAction::trigger);
    mAction->setObjectName(QStringLiteral("bakeShadowsAction"));
    mAction->setToolTip(tr("Bakes the terrain's shadows for a sun into the tiles' shadow maps (MCSH), "
                           "neighbouring tiles and, with game data, placed models casting into them; one "
                           "undo step"));
    mAction->setEnabled(mDocs.document() != nullptr);
    const QSettings settings; // the last choice, from any earlier session
    mChoice.sun.azimuth =
        settings.value(QStringLiteral("bakeShadows/azimuth"), mChoice.sun.azimuth).toDouble();
    const double elevation =
        settings.value(QStringLiteral("bakeShadows/elevation"), mChoice.sun.elevation).toDouble();
    if (core::validSun({mChoice.sun.azimuth, elevation})) {
        mChoice.sun.elevation = elevation;
    }
    const int scope = settings.value(QStringLiteral("bakeShadows/scope"), int(mChoice.scope)).toInt();
    if (scope >= int(widgets::BakeScope::WholeMap) && scope <= int(widgets::BakeScope::CameraTile)) {
        mChoice.scope = widgets::BakeScope(scope);
    }
    mChoice.models = settings.value(QStringLiteral("bakeShadows/models"), mChoice.models).toBool();
    connect(&mDocs, &DocumentManager::documentChanged, this,
            [this](core::MapDocument* doc) { mAction->setEnabled(doc != nullptr); });
}

std::optional<std::vector<core::TileCoord>> BakeShadowsAction::tilesFor(widgets::BakeScope scope) const {
    const core::MapDocument* doc = mDocs.document();
    if (!doc) {
        return std::nullopt;
    }
    switch (scope) {
    case widgets::BakeScope::WholeMap:
        return std::vector<core::TileCoord>{};
    case widgets::BakeScope::LoadedTiles: {
        auto loaded = doc->loadedTiles();
        return loaded.empty() ? std::nullopt : std::optional(std::move(loaded));
    }
    case widgets::BakeScope::CameraTile: {
        const auto t = mCameraTile ? mCameraTile() : std::nullopt;
        if (!t || !t->valid() || !doc->tileExists(*t)) {
            return std::nullopt;
        }
        return std::vector<core::TileCoord>{*t};
    }
    }
    return std::nullopt;
}

std::optional<core::BakeShadowsReport> BakeShadowsAction::bake(const widgets::BakeShadowsChoice& choice) {
    mChoice = choice;
    QSettings remembered;
    remembered.setValue(QStringLiteral("bakeShadows/azimuth"), choice.sun.azimuth);
    remembered.setValue(QStringLiteral("bakeShadows/elevation"), choice.sun.elevation);
    remembered.setValue(QStringLiteral("bakeShadows/scope"), int(choice.scope));
    remembered.setValue(QStringLiteral("bakeShadows/models"), choice.models);
    const auto tiles = tilesFor(choice.scope);
    if (!tiles) {
        return std::nullopt;
    }
    core::BakeShadowsSettings settings;
    settings.sun = choice.sun;
    settings.tiles = *tiles;
    if (choice.models && mModels) {
        ModelSource source = mModels();
        settings.models = std::move(source.library);
        settings.modelTextures = std::move(source.textures);
    }
    return mDocs.bakeShadows(settings);
}

void BakeShadowsAction::trigger() {
    const core::MapDocument* doc = mDocs.document();
    if (!doc) {
        return;
    }
    if (mWindow && mWindow->isVisible() && !qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS")) {
        widgets::BakeShadowsDialog dialog(mWindow);
        const auto camera = tilesFor(widgets::BakeScope::CameraTile);
        dialog.setScopes(doc->wdt().tileCount(), int(doc->loadedTiles().size()),
                         camera ? std::optional(camera->front()) : std::nullopt);
        dialog.setModelsAvailable(mModels && mModels().library);
        dialog.setChoice(mChoice);
        if (dialog.exec() != QDialog::Accepted) {
            return;
        }
        bake(dialog.choice());
        return;
    }
    bake(mChoice);
}

} // namespace mapsmith::editor
