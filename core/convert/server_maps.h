#pragma once
// "Server maps": the .map files a 3.3.5 world server reads (heights, holes, liquids, areas), written from
// a saved map folder as the AzerothCore or TrinityCore map extractor would write them from the same
// tiles in the client (io/server_map/server_map.h), so a server can take edited tiles without running
// the extractor over the whole client. Used by `mapsmith-cli server-maps` and File > Export Server Maps.

#include "core/document/core_error.h"
#include "core/geometry/coords.h"
#include "core/geometry/height_grid.h"
#include "io/server_map/server_map.h"

#include <QString>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace mapsmith::core {

struct ServerMapsRequest {
    std::uint32_t mapId = 0; // Map.dbc id: 0 Eastern Kingdoms, 1 Kalimdor, 530 Outland, 571 Northrend, ...
    io::ServerCore core = io::ServerCore::AzerothCore;
    QString outDir;                 // the server's maps folder; created when missing
    std::optional<TileBlock> block; // only these tiles; nullopt: every tile of the map
};

struct ServerMapsPlan {
    QString wdtPath;
    QString mapName;
    bool bigAlpha = false;
    // The tiles the extractor converts (MAIN flags not 0) that the folder has, within the block, in the
    // extractor's order: rows north to south, each west to east.
    std::vector<TileCoord> tiles;
    // Tiles of the block MAIN lists that have no file in the folder (the extractor skips them too).
    std::vector<TileCoord> missing;
    // "<file>: <why>" for each tile file of the block MAIN does not list (the extractor never reads it).
    std::vector<std::string> skipped;
    // Things to know that do not stop the export (a map saved as split files, which the 3.3.5 client
    // does not read).
    std::vector<std::string> notes;
};

// Plans the export of the map whose WDT is `wdtPath`. Errors: the WDT cannot be read (File), or the
// chosen core's extractor would skip the whole map (Refused: io::serverExtractorSkipsWdt names why).
Expected<ServerMapsPlan> planServerMaps(const QString& wdtPath, const ServerMapsRequest& request);

struct WrittenServerMap {
    TileCoord tile;
    QString path;
    std::size_t bytes = 0;
};

struct ServerMapsResult {
    std::vector<WrittenServerMap> written; // the .map files written, in plan order
    std::uint64_t bytes = 0;               // their total size
    std::vector<CoreError> failed; // tiles not written, each naming its tile: unreadable (File), or data
                                   // the extractors cannot take (Refused, io::ServerMapRefusal's sentence)
};

// Called after each tile with done = 1..total; returning false cancels.
using ServerMapsProgress = std::function<bool(std::size_t done, std::size_t total)>;

// Reads the plan's tiles one at a time and writes each one's <MMM><YY><XX>.map into request.outDir, all
// in one FileTransaction (every file or none), the previous file kept as .bak. A tile that fails to read
// is recorded and the others go on. Errors: the folder cannot be created, a file cannot be written
// (File, naming the file and the system's reason), or cancellation (Cancelled); nothing is written then.
// Touches no shared state: may run on a worker thread.
Expected<ServerMapsResult> exportServerMaps(const ServerMapsPlan& plan, const ServerMapsRequest& request,
                                            const ServerMapsProgress& progress = {});

// The file a tile becomes: <outDir>/<MMM><YY><XX>.map.
QString serverMapPath(const ServerMapsRequest& request, TileCoord tile);

} // namespace mapsmith::core
