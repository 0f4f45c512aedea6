#pragma once
// The Mapsmith main window: opens a tile, shows its terrain and what it holds, saves it back.

#include "core/tile_loader.h"

#include <QMainWindow>

#include <optional>

class QLabel;

namespace mapsmith::widgets {
class TilePreview;
class TileSummaryPanel;
} // namespace mapsmith::widgets

namespace mapsmith::editor {

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);

    // Loads a tile; on failure shows the error and keeps the current tile. Returns success.
    bool openTile(const QString& path);
    // Writes the current tile to `path` (atomic, keeps a .bak). Returns success.
    bool saveTileAs(const QString& path);

    const std::optional<core::LoadedTile>& tile() const { return mTile; }
    QString currentPath() const { return mPath; }
    widgets::TilePreview* preview() const { return mPreview; }
    widgets::TileSummaryPanel* summaryPanel() const { return mSummary; }
    // The last error shown to the user (also in the status bar); empty after a success.
    QString lastError() const { return mLastError; }

private slots:
    void chooseAndOpen();
    void chooseAndSaveAs();
    void showChunkInfo(int chunkX, int chunkY);
    void showAbout();

private:
    void createMenus();
    void reportError(const QString& message);
    void updateTitle();

    widgets::TilePreview* mPreview = nullptr;
    widgets::TileSummaryPanel* mSummary = nullptr;
    QLabel* mChunkLabel = nullptr;
    QAction* mSaveAsAction = nullptr;
    std::optional<core::LoadedTile> mTile;
    QString mPath;
    QString mLastError;
};

} // namespace mapsmith::editor
