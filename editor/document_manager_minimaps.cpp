// DocumentManager's minimap rendering (Map > Render Minimaps): the saved map's tiles drawn top-down into
// the map folder's minimaps/ tree on a worker thread, with progress per tile and Cancel.

#include "editor/document_manager.h"

#include "core/models/model_library.h"
#include "core/render/minimap_export.h"
#include "io/assets/texture_cache.h"

#include <QEventLoop>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>

namespace mapsmith::editor {

namespace {

// The window's source is an empty stack without game data folders: no models to look for then.
bool hasGameData(const io::AssetSource& source) {
    const auto* stack = dynamic_cast<const io::StackAssetSource*>(&source);
    return !stack || stack->size() > 0;
}

} // namespace

QString DocumentManager::minimapFolder() const {
    if (!mDoc || isBundled()) {
        return {};
    }
    return core::minimapFolder(QFileInfo(mPath).absolutePath());
}

bool DocumentManager::renderMinimaps(std::shared_ptr<io::TextureCache> gameData, int size, bool drawModels) {
    if (!mDoc) {
        return false;
    }
    if (isBundled()) {
        emit errorOccurred(
            tr("Minimaps are rendered from the saved map files into the map's folder: save the "
               "map to a folder first (File > Save As)"));
        return false;
    }
    if (mDoc->isModified()) {
        emit errorOccurred(tr("%1 has unsaved changes: save before rendering minimaps").arg(mDoc->mapName()));
        return false;
    }
    core::MinimapRenderRequest request;
    request.wdtPath = mPath;
    request.settings.size = size;
    request.textures = gameData && gameData->source() ? std::move(gameData) : nullptr;
    if (drawModels && request.textures && hasGameData(*request.textures->source())) {
        // A library of its own: the window's reports problems to the status bar as they are met.
        request.models = std::make_shared<core::ModelLibrary>(request.textures->source());
    }
    const auto tiles = core::minimapTiles(request);
    if (!tiles) {
        emit errorOccurred(tr("Rendering failed: %1").arg(QString::fromStdString(tiles.error().describe())));
        return false;
    }
    const int total = int(tiles->size());
    mCancelled = false;
    emit progressStarted(tr("Rendering %n minimap(s)...", nullptr, total), total);
    // The worker reports each tile to this thread, which forwards it to the progress dialog and hands
    // Cancel (mCancelled, set on this thread) back through `stop`.
    // `this` outlives the worker (waited for below); progress still queued after that is dropped through
    // `stop`, and Qt drops it anyway once this object is gone.
    auto stop = std::make_shared<std::atomic<bool>>(false);
    QFutureWatcher<core::Expected<core::MinimapRenderResult>> watcher;
    QEventLoop loop;
    connect(&watcher, &QFutureWatcherBase::finished, &loop, &QEventLoop::quit);
    watcher.setFuture(QtConcurrent::run([this, request, stop] {
        return core::renderMinimaps(request, [this, stop](std::size_t done, std::size_t all) {
            QMetaObject::invokeMethod(
                this,
                [this, stop, done, all] {
                    if (!stop->load()) {
                        emit progressed(int(done), int(all));
                        stop->store(mCancelled);
                    }
                },
                Qt::QueuedConnection);
            return !stop->load();
        });
    }));
    if (!watcher.isFinished()) {
        loop.exec();
    }
    stop->store(true); // progress still queued is dropped
    emit progressFinished();
    const auto result = watcher.result();
    if (!result) {
        emit errorOccurred(tr("Rendering failed: %1").arg(QString::fromStdString(result.error().describe())));
        return false;
    }
    QString summary =
        tr("Rendered %1 of %2 minimap(s) (%3 px, %4) into %5")
            .arg(result->written.size())
            .arg(total)
            .arg(size)
            .arg(result->hashed ? tr("hashed names with md5translate.trs") : tr("unhashed names"))
            .arg(minimapFolder());
    if (request.models) {
        summary += tr("; %n placed model(s) drawn", nullptr, int(result->modelsDrawn));
        if (!result->missingModels.empty()) {
            QStringList names;
            for (const core::MissingModel& m : result->missingModels) {
                names << QString::fromStdString(m.name);
            }
            constexpr int kNamed = 5;
            const qsizetype more = names.size() - kNamed;
            names = names.mid(0, kNamed);
            summary += tr("; not found or unreadable, left out: %1").arg(names.join(QStringLiteral(", ")));
            if (more > 0) {
                summary += tr(" and %n more", nullptr, int(more));
            }
        }
    }
    if (!result->failed.empty()) {
        QStringList problems;
        for (const core::CoreError& e : result->failed) {
            problems << QString::fromStdString(e.describe());
        }
        emit errorOccurred(summary + tr("; not rendered:\n") + problems.join(QLatin1Char('\n')));
        return false;
    }
    emit succeeded(summary, 10000);
    return true;
}

} // namespace mapsmith::editor
