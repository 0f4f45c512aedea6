#pragma once
// Map > Repair: the repair rules (tile_rules.h, unique_id_plan.h, wdt_rules.h) applied to the open map as
// one undo step. Every tile the WDT lists is looked at: loaded tiles as the document holds them, the others
// as their files hold them. Tiles with something to change are loaded and changed through the undo command
// (ChunkStateCommand, WdtStateCommand in one macro); a tile whose only fault is its file's layout is marked
// so that the next save rewrites it canonically; a tile that does not load because of what a rule answers
// (an MH2O instance outside its chunk) is read the way `repair` reads it, repaired and taken into the
// document. What no rule answers is reported, not changed.

#include "core/document/core_error.h"
#include "core/repair/repair_change.h"
#include "io/check/finding.h"

#include <QString>

#include <functional>
#include <vector>

namespace mapsmith::core {

class MapDocument;

struct FileRepairReport {
    QString file;                      // "<Map>_<x>_<y>.adt" or "<Map>.wdt"
    std::vector<RepairChange> changes; // what the undo step changes (or the next save rewrites)
    std::vector<io::Finding> left;     // errors no rule answers
};

struct DocumentRepairReport {
    std::vector<FileRepairReport> files; // files with a change or an error left, in tile order, WDT last
    bool pushed = false;                 // an undo step was pushed
    std::size_t changeCount() const;
    std::size_t errorsLeft() const;
    // The report for people: one line per change and per error left, under each file's name.
    QString text() const;
};

// Called with (tiles looked at, tiles in the map); false stops before anything is changed.
using RepairProgress = std::function<bool(int done, int total)>;

// Repairs the document's map as one undo step (none when nothing needs a change). Fails only when stopped
// by `progress` (nothing is changed then).
Expected<DocumentRepairReport> repairDocument(MapDocument& doc, const RepairProgress& progress = {});

} // namespace mapsmith::core
