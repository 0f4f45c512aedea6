#include "editor/autosave.h"

#include "core/document/map_document.h"
#include "core/recovery/recovery_sessions.h"
#include "core/recovery/recovery_store.h"
#include "editor/document_manager.h"
#include "io/wdt/wdt.h"

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QStandardPaths>
#include <QUndoStack>
#include <QtConcurrent>

#include <utility>

namespace mapsmith::editor {

Autosave::Autosave(DocumentManager& documents, QString root, QObject* parent)
    : QObject(parent), mDocs(documents), mRoot(std::move(root)) {
    connect(&mTimer, &QTimer::timeout, this, [this] { saveNow(); });
    connect(&mWatcher, &QFutureWatcher<Written>::finished, this, &Autosave::finished);
    connect(&documents, &DocumentManager::documentAboutToChange, this, &Autosave::detach);
    connect(&documents, &DocumentManager::documentChanged, this, &Autosave::attach);
    connect(&documents, &DocumentManager::saved, this, [this] {
        if (mDoc) {
            mSavedWdt = io::writeWdt(mDoc->wdt());
        }
        discard();
    });
    setInterval(mInterval);
    attach(documents.document());
}

Autosave::~Autosave() {
    detach();
}

QString Autosave::defaultRoot() {
    const QString overridden = qEnvironmentVariable("MAPSMITH_RECOVERY_DIR");
    if (!overridden.isEmpty()) {
        return overridden;
    }
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("recovery"));
}

void Autosave::setInterval(std::chrono::milliseconds interval) {
    mInterval = interval;
    if (interval.count() > 0) {
        mTimer.start(interval);
    } else {
        mTimer.stop();
    }
}

QString Autosave::folder() const {
    return mSession ? mSession->folder() : QString();
}

void Autosave::attach(core::MapDocument* doc) {
    detach();
    mDoc = doc;
    if (!doc) {
        return;
    }
    mSavedWdt = io::writeWdt(doc->wdt());
    connect(doc->undoStack(), &QUndoStack::indexChanged, this, &Autosave::undoIndexChanged);
    connect(doc, &core::MapDocument::chunksChanged, this, [this](const core::DirtyChunks& chunks) {
        for (auto it = chunks.begin(); it != chunks.end(); ++it) {
            mChanged.insert(core::MapDocument::chunkFromKey(it.key()).tile);
        }
        mDirty = true;
    });
    connect(doc, &core::MapDocument::tileStateChanged, this, [this](core::TileCoord t) {
        mChanged.insert(t);
        mDirty = true;
    });
    connect(doc, &core::MapDocument::modifiedChanged, this, [this](bool modified) {
        if (!modified) {
            discard(); // saved, or undone back to the files: nothing to recover
        }
    });
}

void Autosave::detach() {
    discard();
    if (mDoc) {
        disconnect(mDoc, nullptr, this, nullptr);
        disconnect(mDoc->undoStack(), nullptr, this, nullptr);
    }
    mDoc = nullptr;
}

void Autosave::undoIndexChanged() {
    mDirty = true;
    ++mStrokes;
    if (std::exchange(mDeferred, false) || (mStrokesPerSave > 0 && mStrokes >= mStrokesPerSave)) {
        // After the push that brought it here has returned.
        QMetaObject::invokeMethod(
            this, [this] { saveNow(); }, Qt::QueuedConnection);
    }
}

bool Autosave::saveNow() {
    if (!mDoc || !mDoc->isModified() || mRoot.isEmpty()) {
        return false;
    }
    if (mEditing && mEditing()) {
        mDeferred = true;
        return false;
    }
    if (mRunning) {
        mAgain = true;
        return true;
    }
    mDoc->flushChunkChanges(); // this turn's edits count too
    if (!mDirty) {
        return false;
    }
    if (!mSession) {
        QString error;
        mSession = core::RecoverySession::claim(mRoot, mDocs.path(), &error);
        if (!mSession) {
            emit failed(tr("Autosave of %1 failed: %2").arg(mDoc->mapName(), error));
            return false;
        }
        mWritten = {};
    }
    mClock.start();
    core::RecoverySnapshot snapshot;
    core::RecoveryManifest& m = snapshot.manifest;
    m.mapPath = mDocs.path();
    m.mapName = mDoc->mapName();
    m.savedAt = QDateTime::currentDateTimeUtc();
    m.layout = mDoc->source().layout();
    m.bigAlpha = mDoc->bigAlpha();
    m.undoIndex = mDoc->undoStack()->index();
    m.cleanIndex = mDoc->undoStack()->cleanIndex();
    m.generation = ++mGeneration;
    m.pid = QCoreApplication::applicationPid();
    mWriting.clear();
    for (const core::TileCoord t : mDoc->modifiedTiles()) {
        const auto it = mWritten.tiles.find(t);
        if (it != mWritten.tiles.end() && !mChanged.count(t)) {
            snapshot.kept[t] = it->second;
        } else {
            snapshot.changed.emplace(t, *mDoc->tile(t));
            mWriting.insert(t);
        }
    }
    if (io::writeWdt(mDoc->wdt()) != mSavedWdt) { // a few dozen KB: cheap next to a tile
        snapshot.wdt = mDoc->wdt();
    }
    mStats = {int(mWriting.size()), int(mWriting.size() + snapshot.kept.size()), mClock.elapsed(), 0};
    mChanged.clear();
    mDirty = false;
    mStrokes = 0;
    mRunning = true;
    mWatcher.setFuture(QtConcurrent::run(
        [folder = mSession->folder(), snapshot = std::move(snapshot), session = mSessionId]() mutable {
            Written out;
            out.session = session;
            auto written = core::writeRecovery(folder, std::move(snapshot));
            if (written) {
                out.manifest = std::move(written.value());
            } else {
                out.error = QString::fromStdString(written.error().describe());
            }
            return out;
        }));
    return true;
}

void Autosave::finished() {
    if (mWatcher.future().resultCount() == 0) {
        return;
    }
    const Written result = mWatcher.result();
    if (result.session != mSessionId || !mRunning) {
        return; // discarded while it ran: its folder is gone
    }
    mRunning = false;
    mStats.totalMs = mClock.elapsed();
    if (result.manifest) {
        mWritten = *result.manifest;
        emit autosaved(int(mWritten.tiles.size()));
    } else {
        mChanged.insert(mWriting.begin(), mWriting.end()); // written again next time
        mDirty = true;
        emit failed(tr("Autosave failed: %1").arg(result.error));
    }
    mWriting.clear();
    emit idle();
    if (std::exchange(mAgain, false)) {
        saveNow();
    }
}

void Autosave::waitIdle() {
    if (!mRunning) {
        return;
    }
    QEventLoop loop;
    connect(this, &Autosave::idle, &loop, &QEventLoop::quit);
    loop.exec();
}

void Autosave::discard() {
    if (mRunning) {
        mWatcher.waitForFinished(); // its files go with the folder below
        mRunning = false;
        mAgain = false;
    }
    ++mSessionId;
    mSession.reset(); // the data, the lock and the folder go
    mWritten = {};
    mWriting.clear();
    mChanged.clear();
    mStrokes = 0;
    // Changes after this point are new work (a discard while the map stays modified keeps it dirty).
    mDirty = mDoc && mDoc->isModified();
}

} // namespace mapsmith::editor
