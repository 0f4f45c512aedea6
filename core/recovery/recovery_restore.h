#pragma once
// Recovered work back into the open map: every recovered tile's chunks and tile-level state (name
// tables, placements) and the recovered WDT, as one undo step ("Restore recovered work") whose undo goes
// back to what the map's files hold. The document is then modified; the user saves as usual.

#include "core/recovery/recovery_store.h"

#include <QStringList>

namespace mapsmith::core {

class MapDocument;

struct RestoreReport {
    int tiles = 0;        // tiles put back
    int chunks = 0;       // their chunks that differ from the files
    bool wdt = false;     // the WDT was put back
    QStringList problems; // tiles that could not be (not in the map, the file does not load), named
};

RestoreReport restoreRecovery(MapDocument& doc, const RecoveredMap& recovered);

} // namespace mapsmith::core
