#include "editor/tile_streamer.h"

#include "core/document/map_document.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cstdlib>
#include <memory>

namespace mapsmith::editor {

namespace {

int chebyshev(core::TileCoord a, core::TileCoord b) {
    return std::max(std::abs(a.x - b.x), std::abs(a.y - b.y));
}

} // namespace

TileStreamer::TileStreamer(QObject* parent) : QObject(parent) {
    mPool.setMaxThreadCount(1);
}

TileStreamer::~TileStreamer() {
    ++mGeneration;
    mPool.waitForDone();
}

void TileStreamer::setDocument(core::MapDocument* doc) {
    ++mGeneration;
    mDoc = doc;
    mCentre.reset();
    mFailed.clear();
    if (!mInFlight.empty()) {
        mInFlight.clear();
        emit pendingChanged(0);
    }
}

void TileStreamer::setRadius(int tiles) {
    mRadius = std::max(tiles, 0);
    update();
}

void TileStreamer::setCentre(glm::dvec2 world) {
    const core::TileCoord t = core::tileAt(world);
    if (mCentre && *mCentre == t) {
        return;
    }
    mCentre = t;
    update();
}

void TileStreamer::update() {
    if (!mDoc || !mCentre) {
        return;
    }
    const core::TileCoord c = *mCentre;
    // Nearest first: the tile under the camera, then the rings around it.
    for (int ring = 0; ring <= mRadius; ++ring) {
        for (int y = c.y - ring; y <= c.y + ring; ++y) {
            for (int x = c.x - ring; x <= c.x + ring; ++x) {
                const core::TileCoord t{x, y};
                if (chebyshev(t, c) == ring && mDoc->tileExists(t) && !mDoc->tile(t) && !mInFlight.count(t) &&
                    !mFailed.count(t)) {
                    request(t);
                }
            }
        }
    }
    for (const core::TileCoord t : mDoc->loadedTiles()) {
        if (chebyshev(t, c) > mRadius + 1) {
            mDoc->unloadTile(t); // refused for edited tiles
        }
    }
}

void TileStreamer::request(core::TileCoord t) {
    mInFlight.insert(t);
    emit pendingChanged(int(mInFlight.size()));
    auto reader = mDoc->source().backgroundReader(mDoc->bigAlpha());
    auto* watcher = new QFutureWatcher<io::Expected<io::Adt>>(this);
    const std::uint64_t generation = mGeneration;
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, t, generation] {
        watcher->deleteLater();
        if (generation != mGeneration || !mDoc) {
            return;
        }
        mInFlight.erase(t);
        auto result = watcher->future().takeResult();
        if (result) {
            // Adopted only while still wanted: the camera may have moved on meanwhile.
            if (mCentre && chebyshev(t, *mCentre) <= mRadius + 1) {
                if (auto adopted = mDoc->adoptTile(t, std::move(result.value())); !adopted) {
                    mFailed.insert(t);
                    emit tileFailed(t, QString::fromStdString(adopted.error().describe()));
                }
            }
        } else {
            mFailed.insert(t);
            emit tileFailed(t, QString::fromStdString(result.error().describe()));
        }
        emit pendingChanged(int(mInFlight.size()));
    });
    watcher->setFuture(QtConcurrent::run(&mPool, [reader = std::move(reader), t] { return reader(t); }));
}

bool TileStreamer::waitIdle(int timeoutMs) {
    QDeadlineTimer deadline(timeoutMs);
    while (!mInFlight.empty() && !deadline.hasExpired()) {
        mPool.waitForDone(10);
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
    }
    return mInFlight.empty();
}

} // namespace mapsmith::editor
