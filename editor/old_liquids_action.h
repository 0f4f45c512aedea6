#pragma once
// Map > Convert Old Liquids: MCLQ (pre-WotLK) liquid to MH2O, for the tile under the camera or for the
// whole map, through DocumentManager::convertOldLiquids (one undo step each). Also asked before the
// first liquid stroke on a tile with old liquids: "convert this map's old liquids to MH2O?", once per
// document; the answer holds until another map is opened. Without dialogs (MAPSMITH_NO_DIALOGS) the
// answer is yes: the liquid tools edit MH2O, which the client draws instead of a chunk's MCLQ, so an edit
// over unconverted MCLQ would hide the old water of those chunks.

#include "core/geometry/coords.h"

#include <glm/vec3.hpp>

#include <QObject>
#include <QString>

#include <functional>
#include <optional>
#include <set>

class QAction;
class QMenu;
class QWidget;

namespace mapsmith::core {
class MapDocument;
}

namespace mapsmith::editor {

class DocumentManager;

class OldLiquidsAction final : public QObject {
    Q_OBJECT
public:
    // `cameraTile`: the tile the camera is over (the tile action's target).
    OldLiquidsAction(DocumentManager& docs, QMenu* menu, QWidget* window,
                     std::function<core::TileCoord()> cameraTile);

    QAction* tileAction() const { return mTileAction; }
    QAction* mapAction() const { return mMapAction; }

    // What the menu entries do. Return whether an undo step was pushed.
    bool convertTile();
    bool convertMap();

    // Before a liquid stroke at `world` (yards) with a brush of `radius` yards: when a tile under it still
    // has old liquids, asks (once per document) and converts the map on yes. Returns whether the stroke
    // may start now: false when a question was shown (the press went to the dialog).
    bool beforeLiquidStroke(core::MapDocument& doc, glm::dvec3 world, double radius);

    enum class Answer { NotAsked, Convert, Keep };
    Answer answer() const { return mAnswer; }

private:
    void updateEnabled();

    DocumentManager& mDocs;
    QWidget* mWindow = nullptr;
    std::function<core::TileCoord()> mCameraTile;
    QAction* mTileAction = nullptr;
    QAction* mMapAction = nullptr;
    Answer mAnswer = Answer::NotAsked;
    std::set<core::TileCoord> mTried; // tiles converted (or tried) after a yes: not tried again
};

} // namespace mapsmith::editor
