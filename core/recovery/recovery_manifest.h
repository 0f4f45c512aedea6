#pragma once
// What a recovery folder holds (manifest.json): which map, when, in which layout, and the file of each
// modified tile (and of the WDT when it changed). Written last and atomically by every autosave: the files
// it names are complete; files it does not name are leftovers of an autosave that did not finish.

#include "core/document/core_error.h"
#include "core/document/map_source.h"
#include "core/geometry/coords.h"

#include <QByteArray>
#include <QDateTime>
#include <QString>

#include <map>

namespace mapsmith::core {

struct RecoveryManifest {
    QString mapPath;   // the map's .wdt (":/..." for the bundled demo)
    QString mapName;   // as the WDT's file names it
    QDateTime savedAt; // when the autosave was taken (UTC)
    TileLayout layout = TileLayout::V18;
    bool bigAlpha = false;              // the WDT's alpha depth: the tiles are read with it
    std::map<TileCoord, QString> tiles; // modified tile -> its file in the folder
    QString wdtFile;                    // empty: the WDT was not modified
    int undoIndex = 0;                  // the undo stack's index when taken
    int cleanIndex = 0;                 // its clean index (the state on disk; -1: not reachable)
    int generation = 0;                 // counts the autosaves of the session (file names carry it)
    qint64 pid = 0;                     // the process that wrote it (for messages; the lock decides)

    QByteArray toJson() const;
    // `path` names the manifest in errors.
    static Expected<RecoveryManifest> fromJson(const QByteArray& json, const QString& path);
    bool operator==(const RecoveryManifest&) const = default;
};

} // namespace mapsmith::core
