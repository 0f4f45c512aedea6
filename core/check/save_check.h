#pragma once
// What a save is about to write that some consumer would reject or misread, so the editor can say so (and
// name the consumers) before writing. Mapsmith's writer always writes the canonical layout, so the tiles'
// content rules and the WDT are what can still be wrong: a tile read from another editor with a liquid
// type 3.3.5 lacks, MCNK indices off their place, more than 4 layers, flags without their sub-chunk,
// uniqueIds shared with another object; a WDT without MWMO.

#include "core/geometry/coords.h"
#include "io/check/finding.h"

#include <QString>

#include <vector>

namespace mapsmith::core {

class MapDocument;

struct SaveProblem {
    QString file; // "<Map>_<x>_<y>.adt" or "<Map>.wdt"
    std::vector<io::Finding> errors;
};

// The errors of what save() writes (the modified tiles) or, with saveAs, of every loaded tile and the WDT
// (tiles Save As copies without loading them are written as they were read and not checked here).
// UniqueIds are compared across every loaded tile.
std::vector<SaveProblem> checkBeforeSave(const MapDocument& doc, bool saveAs);

// One line per error: "<file>: <chunk>: <message> (<consumers>)".
QString describeSaveProblems(const std::vector<SaveProblem>& problems);

} // namespace mapsmith::core
