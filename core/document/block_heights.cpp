#include "core/document/block_heights.h"

#include "core/document/map_document.h"

#include <optional>

namespace mapsmith::core {

std::vector<TileCoord> tilesNotInMap(const MapDocument& doc, const TileBlock& block) {
    std::vector<TileCoord> out;
    for (int y = 0; y < block.tilesY; ++y) {
        for (int x = 0; x < block.tilesX; ++x) {
            const TileCoord t{block.first.x + x, block.first.y + y};
            if (!t.valid() || !doc.tileExists(t)) {
                out.push_back(t);
            }
        }
    }
    return out;
}

std::string tileFileNames(const MapDocument& doc, const std::vector<TileCoord>& tiles) {
    std::string out;
    for (const TileCoord t : tiles) {
        out += (out.empty() ? "" : ", ") + doc.mapName().toStdString() + "_" + std::to_string(t.x) + "_" +
               std::to_string(t.y) + ".adt";
    }
    return out;
}

Expected<HeightGrid> sampleDocumentBlock(MapDocument& doc, const TileBlock& block,
                                         const BlockProgress& progress) {
    const int total = block.tilesX * block.tilesY;
    int done = 0;
    std::optional<io::Adt> current; // the tile read through the source, while it is sampled
    std::optional<CoreError> failure;
    bool stopped = false;
    HeightGrid grid = sampleBlock(block, [&](TileCoord t) -> const io::Adt* {
        current.reset();
        if (failure || stopped) {
            return nullptr;
        }
        if (progress && !progress(done++, total)) {
            stopped = true;
            return nullptr;
        }
        if (const io::Adt* loaded = doc.tile(t)) {
            return loaded;
        }
        if (!t.valid() || !doc.tileExists(t)) {
            return nullptr;
        }
        auto read = doc.source().readTile(t, doc.bigAlpha());
        if (!read) {
            failure = CoreError(read.error(), {}, t);
            return nullptr;
        }
        current = std::move(read.value());
        return &*current;
    });
    if (failure) {
        return *failure;
    }
    if (stopped) {
        return CoreError(CoreError::Code::Cancelled, "export cancelled");
    }
    if (progress) {
        progress(total, total);
    }
    return grid;
}

} // namespace mapsmith::core
