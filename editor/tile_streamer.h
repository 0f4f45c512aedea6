#pragma once
// Keeps the tiles around the camera loaded: tiles within `radius` tiles (Chebyshev distance) of the
// camera's tile are read and parsed on a worker thread (QtConcurrent on a one-thread pool, so the
// UI thread and the renderer keep the other core) and adopted by the document on the UI thread;
// tiles farther than radius + 1 are unloaded when the document allows it (never-edited tiles only,
// MapDocument::canUnloadTile). The one-tile gap between the two rings keeps a camera that hovers on
// a border from loading and unloading the same tiles over and over.

#include "core/geometry/coords.h"

#include <QObject>
#include <QThreadPool>

#include <glm/vec2.hpp>

#include <cstdint>
#include <optional>
#include <set>

namespace mapsmith::core {
class MapDocument;
}

namespace mapsmith::editor {

class TileStreamer final : public QObject {
    Q_OBJECT
public:
    explicit TileStreamer(QObject* parent = nullptr);
    ~TileStreamer() override;

    // Reads in flight for a previous document finish on the pool and are dropped.
    void setDocument(core::MapDocument* doc);
    void setRadius(int tiles); // >= 0; 1 = the 3x3 tiles around the camera
    int radius() const { return mRadius; }

    // The camera's ground position (world yards, x north, y west): requests and unloads tiles.
    void setCentre(glm::dvec2 world);
    int pending() const { return int(mInFlight.size()); }
    // Waits (processing events) until no read is in flight; false on timeout. For tests and tools.
    bool waitIdle(int timeoutMs);

signals:
    void tileFailed(mapsmith::core::TileCoord tile, const QString& message);
    void pendingChanged(int reads);

private:
    void update();
    void request(core::TileCoord t);

    core::MapDocument* mDoc = nullptr;
    QThreadPool mPool;
    int mRadius = 1;
    std::optional<core::TileCoord> mCentre;
    std::set<core::TileCoord> mInFlight;
    std::set<core::TileCoord> mFailed; // not retried for this document
    std::uint64_t mGeneration = 0;     // bumped per document: late results of an old one are dropped
};

} // namespace mapsmith::editor
