#pragma once
// Map > Bake Shadows...: asks for the sun, the tiles and whether placed models cast
// (widgets::BakeShadowsDialog) and runs DocumentManager::bakeShadows (one undo step, progress with Cancel);
// the viewport redraws the changed chunks' shadows from their dirty flags. Without dialogs
// (MAPSMITH_NO_DIALOGS, or a hidden window) the entry bakes with the last choice (remembered in the user's
// settings under bakeShadows/; default: sun at azimuth 135, elevation 35; the loaded tiles). Enabled while a
// map is open.

#include "core/edit/bake_shadows.h"
#include "core/geometry/coords.h"
#include "widgets/bake_shadows_dialog.h"

#include <QObject>

#include <functional>
#include <memory>
#include <optional>

class QAction;
class QMenu;
class QWidget;

namespace mapsmith::editor {

class DocumentManager;

class BakeShadowsAction final : public QObject {
    Q_OBJECT
public:
    // What placed models cast with: the game data's models and their textures' alpha; null library: no
    // game data (models cast nothing).
    struct ModelSource {
        std::shared_ptr<core::ModelLibrary> library;
        core::ModelTextureFn textures;
    };

    // `cameraTile` says which tile the camera is over (nullopt: none); `models` gives the game data's
    // models at the time of a bake (may be empty).
    BakeShadowsAction(DocumentManager& docs, QMenu* menu, QWidget* window,
                      std::function<std::optional<core::TileCoord>()> cameraTile,
                      std::function<ModelSource()> models = {});

    QAction* action() const { return mAction; }
    const widgets::BakeShadowsChoice& choice() const { return mChoice; }
    void setChoice(const widgets::BakeShadowsChoice& choice) { mChoice = choice; }
    // The tiles a scope stands for in the open map (empty for the whole map); nullopt when the scope has
    // none (no tile under the camera, no tile loaded).
    std::optional<std::vector<core::TileCoord>> tilesFor(widgets::BakeScope scope) const;
    // Bakes with `choice` now (what the dialog's Bake button does) and remembers it.
    std::optional<core::BakeShadowsReport> bake(const widgets::BakeShadowsChoice& choice);
    // The menu entry: the dialog where dialogs are allowed, then bake().
    void trigger();

private:
    DocumentManager& mDocs;
    QWidget* mWindow = nullptr;
    QAction* mAction = nullptr;
    std::function<std::optional<core::TileCoord>()> mCameraTile;
    std::function<ModelSource()> mModels;
    widgets::BakeShadowsChoice mChoice;
};

} // namespace mapsmith::editor
