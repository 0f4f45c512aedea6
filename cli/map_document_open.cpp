#include "cli/map_document_open.h"

#include "cli/map_block.h"
#include "core/document/map_document.h"
#include "core/document/map_source.h"
#include "core/document/unique_ids.h"

#include <QTextStream>

namespace mapsmith::cli {

OpenedMapDocument openMapDocument(const MapFolder& map, const QString& command, QTextStream& err) {
    auto owned = std::make_unique<core::FolderMapSource>(map.wdtPath);
    core::FolderMapSource* source = owned.get();
    auto doc = core::MapDocument::open(std::move(owned));
    if (!doc) {
        err << command << ": " << QString::fromStdString(doc.error().describe()) << "\n";
        return {};
    }
    return {std::move(*doc), source};
}

bool learnUniqueIds(core::MapDocument& doc, core::UniqueIdAllocator& ids, const QString& command,
                    QTextStream& err) {
    ids.attach(doc);
    for (int y = 0; y < core::kTilesPerSide; ++y) {
        for (int x = 0; x < core::kTilesPerSide; ++x) {
            if (!doc.tileExists({x, y})) {
                continue;
            }
            auto tile = doc.source().readTile({x, y}, doc.bigAlpha());
            if (!tile) {
                err << command << ": " << QString::fromStdString(tile.error().describe())
                    << " (its uniqueIds are needed to give fresh ones); nothing written\n";
                return false;
            }
            ids.scanTile(*tile);
        }
    }
    return true;
}

} // namespace mapsmith::cli
