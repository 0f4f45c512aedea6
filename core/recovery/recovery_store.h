#pragma once
// A recovery folder's files: one autosave written (tile files, then the manifest, each through a
// temporary file renamed into place), read back, and removed. The folder is the caller's (see
// recovery_sessions.h for which folder a session uses); the user's map files are never touched.

#include "core/document/core_error.h"
#include "core/recovery/recovery_manifest.h"
#include "io/adt/adt.h"
#include "io/wdt/wdt.h"

#include <QString>
#include <QStringList>

#include <map>
#include <optional>

namespace mapsmith::core {

inline constexpr const char* kRecoveryManifestName = "manifest.json";

// What one autosave writes. `manifest` gives everything but the file names (written by writeRecovery).
struct RecoverySnapshot {
    RecoveryManifest manifest;
    std::map<TileCoord, io::Adt> changed; // tiles to write anew (copies taken on the UI thread)
    std::map<TileCoord, QString> kept;    // tiles whose file of an earlier autosave still holds them
    std::optional<io::Wdt> wdt;           // the WDT when it was modified
};

// Writes the changed tiles (and the WDT) as files of generation manifest.generation, then the manifest,
// then removes the files the manifest no longer names. A failure leaves the previous autosave as it was.
// Thread-safe for different folders. Returns the manifest written; errors name the file and the reason.
Expected<RecoveryManifest> writeRecovery(const QString& folder, RecoverySnapshot snapshot);

struct RecoveredMap {
    RecoveryManifest manifest;
    std::map<TileCoord, io::Adt> tiles;
    std::optional<io::Wdt> wdt;
    QStringList problems; // files that could not be read, each named with the reason: skipped
};

// The folder's manifest; an error when there is none or it is damaged (naming the file).
Expected<RecoveryManifest> readRecoveryManifest(const QString& folder);
// The manifest and every file it names that reads; the others are listed in problems.
Expected<RecoveredMap> readRecovery(const QString& folder);

// Removes the manifest first (a half-removed folder is no recovery data), then the other files but the
// lock file of the session (recovery_sessions.h). False, with the file and reason, when one stays.
bool clearRecovery(const QString& folder, QString* error = nullptr);

} // namespace mapsmith::core
