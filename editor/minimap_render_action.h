#pragma once
// Map > Render Minimaps: runs DocumentManager::renderMinimaps on the saved map (off the UI thread, with
// progress and Cancel) with the window's game data, then tells the window to show the new images in the
// Tile Map (rendered()). Enabled while a map is open.

#include <QObject>

#include <memory>

class QAction;
class QMenu;
class QWidget;

namespace mapsmith::io {
class TextureCache;
}

namespace mapsmith::editor {

class DocumentManager;

class MinimapRenderAction final : public QObject {
    Q_OBJECT
public:
    // gameData: the window's texture cache (its source may be empty: Mapsmith's textures, unhashed names).
    MinimapRenderAction(DocumentManager& docs, std::shared_ptr<io::TextureCache> gameData, QMenu* menu,
                        QWidget* window);

    QAction* action() const { return mAction; }
    // Renders now (what the menu entry does); true when every tile was written.
    bool render();

signals:
    void rendered(); // minimaps were written (all or some)

private:
    DocumentManager& mDocs;
    std::shared_ptr<io::TextureCache> mGameData;
    QAction* mAction = nullptr;
};

} // namespace mapsmith::editor
