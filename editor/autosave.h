#pragma once
// Autosave of the open map: every few minutes and after every few strokes (undo-stack steps), while the
// map has unsaved changes, its modified tiles (and the WDT when it changed) go into the session's
// recovery folder (core/recovery: <root>/<key of the map>, zlib-compressed, atomically, never beside the
// map's own files). Tiles are copied on the UI thread; encoding, compressing and writing run on a worker.
// Only tiles changed since the previous autosave are written again. A save, a discard (the map closed or
// replaced) or undoing back to the saved state removes the recovery data; so does a clean exit.

#include "core/geometry/coords.h"
#include "core/recovery/recovery_manifest.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <vector>

namespace mapsmith::core {
class MapDocument;
class RecoverySession;
} // namespace mapsmith::core

namespace mapsmith::editor {

class DocumentManager;

class Autosave final : public QObject {
    Q_OBJECT
public:
    // Recovery folders go under `root` (recoveryRoot() in the app).
    Autosave(DocumentManager& documents, QString root, QObject* parent = nullptr);
    ~Autosave() override; // a clean end: this session's recovery data goes

    // MAPSMITH_RECOVERY_DIR when set, else <AppDataLocation>/recovery.
    static QString defaultRoot();
    QString root() const { return mRoot; }

    // Every `interval` of editing time (0: no timer) and after every `strokes` undo-stack steps (0: not
    // by strokes). Defaults: 5 minutes, 20 strokes (Edit > Preferences).
    void setInterval(std::chrono::milliseconds interval);
    std::chrono::milliseconds interval() const { return mInterval; }
    void setStrokesPerSave(int strokes) { mStrokesPerSave = strokes; }
    int strokesPerSave() const { return mStrokesPerSave; }

    // While `editing` answers true (a tool's stroke or drag is open), autosaves wait for its end (the
    // undo-stack step it pushes, else the next timer tick): a half-done stroke is never written.
    void setEditingInProgress(std::function<bool()> editing) { mEditing = std::move(editing); }

    // Starts an autosave now when the map has changes not autosaved yet (one runs at a time: asked
    // during one, another follows it). False when there is nothing to write or it cannot start.
    bool saveNow();
    // Runs the event loop until the running autosave (if any) has reported (tests, benchmarks).
    void waitIdle();
    bool busy() const { return mRunning; }
    // The folder this session writes (empty before its first autosave and after its data went).
    QString folder() const;
    // The last autosave written: tiles written anew, tiles in all, and how long it took (copy on the UI
    // thread, then encoding, compressing and writing on the worker).
    struct Stats {
        int written = 0;
        int tiles = 0;
        qint64 copyMs = 0;  // UI thread
        qint64 totalMs = 0; // from the start to the manifest on disk
    };
    Stats lastStats() const { return mStats; }
    // Removes this session's recovery data (after a save or a discard; the map stays open).
    void discard();

signals:
    void autosaved(int tiles);           // the recovery folder holds the map's changes as of now
    void failed(const QString& message); // names the file and the reason; autosave goes on trying
    void idle();                         // the running autosave reported

private:
    struct Written {                                    // what the worker reports
        std::optional<core::RecoveryManifest> manifest; // as written; nullopt on failure
        QString error;
        int session = 0; // mSessionId when started: a report of a discarded session is dropped
    };
    void attach(core::MapDocument* doc);
    void detach();
    void undoIndexChanged();
    void finished();

    DocumentManager& mDocs;
    QString mRoot;
    QPointer<core::MapDocument> mDoc;
    std::unique_ptr<core::RecoverySession> mSession;
    QTimer mTimer;
    std::chrono::milliseconds mInterval{5 * 60 * 1000};
    int mStrokesPerSave = 20;
    int mStrokes = 0;                   // undo-stack steps since the last autosave
    bool mDirty = false;                // changes not in the recovery folder yet
    bool mAgain = false;                // asked while one ran
    bool mDeferred = false;             // asked while a stroke was open: runs at its end
    std::function<bool()> mEditing;     // true while a stroke is open
    bool mRunning = false;              // an autosave runs on the worker (until finished() ran)
    int mSessionId = 0;                 // counts discards
    std::set<core::TileCoord> mChanged; // tiles changed since the last autosave started
    std::set<core::TileCoord> mWriting; // tiles the running autosave writes anew
    core::RecoveryManifest mWritten;    // the recovery folder's manifest (tiles: their files)
    std::vector<std::byte> mSavedWdt;   // the WDT as the map's files hold it (at open, at each save)
    int mGeneration = 0;
    QElapsedTimer mClock;
    Stats mStats;
    QFutureWatcher<Written> mWatcher;
};

} // namespace mapsmith::editor
