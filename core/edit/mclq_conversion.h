#pragma once
// Old liquids (MCLQ) to MH2O in the open map (core/convert/mclq_to_mh2o.h), as one undo step through
// the edit path: every changed chunk goes through a StrokeRecorder edit guard with the Liquid and Flags
// dirty bits, so the views redraw its liquid from MH2O and undo restores the MCLQ exactly.
//
// Tiles that are not loaded are read from the map's files; those with old liquids are taken into the
// document (they stay loaded: edited tiles never unload), the others are dropped again. A tile that
// cannot be read, or whose MCLQ does not decode, is named in the report and left as it is.

#include "core/convert/mclq_to_mh2o.h"
#include "core/document/core_error.h"
#include "core/geometry/coords.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <utility>
#include <vector>

namespace mapsmith::core {

class MapDocument;

struct DocumentMclqReport {
    std::vector<std::pair<TileCoord, MclqTileConversion>> tiles; // tiles changed, in the order given
    QStringList problems;                                        // tiles left as they are, and why
    bool pushed = false;                                         // an undo step was pushed
    int chunksConverted() const;
    int chunksChanged() const;
};

// Called with (tiles looked at, tiles to look at); false stops: nothing is changed then.
using MclqProgress = std::function<bool(int done, int total)>;

// Every tile the WDT lists, in row order.
std::vector<TileCoord> mapTiles(const MapDocument& doc);

// Converts the old liquids of `tiles` as one undo step ("Convert old liquids"); none is pushed when no
// tile has any. Fails only when stopped by `progress`.
Expected<DocumentMclqReport> convertDocumentMclq(MapDocument& doc, const std::vector<TileCoord>& tiles,
                                                 const MclqProgress& progress = {});

// Whether a loaded tile still has old liquids (false when it is not loaded).
bool loadedTileHasMclq(const MapDocument& doc, TileCoord t);

} // namespace mapsmith::core
