#pragma once
// Assembles a map's minimap for the tile map dock on a worker thread: each present tile's minimap BLP
// (io/assets/minimap.h: md5translate.trs or the unhashed custom layout) at kTilePixels, from the map's own
// rendered minimaps (<map folder>/minimaps, core/render/minimap_export.h) first, else from the game data,
// placed at (x, y) * kTilePixels in one 64 x kTilePixels square image, north up. Starting a new build
// cancels the running one; only the latest build reports.

#include "core/geometry/coords.h"

#include <QFuture>
#include <QImage>
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <vector>

namespace mapsmith::io {
class TextureCache;
}

namespace mapsmith::editor {

class MinimapBuilder final : public QObject {
    Q_OBJECT
public:
    static constexpr int kTilePixels = 32;

    explicit MinimapBuilder(QObject* parent = nullptr);
    ~MinimapBuilder() override;

    // ownFolder: the map's rendered minimaps (a tree of game paths; empty or missing: none).
    void start(std::shared_ptr<io::TextureCache> cache, const QString& mapName,
               std::vector<core::TileCoord> tiles, const QString& ownFolder = {});
    void cancel();
    bool isRunning() const { return mJob.isRunning(); }

signals:
    // image is null when no tile has a minimap (rendered or in the game data); tilesFound counts both.
    void finished(const QImage& image, int tilesFound);

private:
    QFuture<void> mJob;
    std::shared_ptr<std::atomic<bool>> mCancel;
    quint64 mGeneration = 0;
};

} // namespace mapsmith::editor
