#include "core/edit/terrain_import.h"

#include "core/document/chunk_dirty.h"
#include "core/document/map_document.h"
#include "core/edit/stroke_recorder.h"

namespace mapsmith::core {

Expected<TerrainImportReport> importTerrain(MapDocument& doc, const TileBlock& block,
                                            const TerrainImport& import, const QString& undoText,
                                            const BlockProgress& progress) {
    if (const auto missing = tilesNotInMap(doc, block); !missing.empty()) {
        return CoreError(CoreError::Code::NotInMap,
                         doc.mapName().toStdString() + " has no " + tileFileNames(doc, missing),
                         missing.front());
    }
    std::vector<TileCoord> tiles;
    for (int y = 0; y < block.tilesY; ++y) {
        for (int x = 0; x < block.tilesX; ++x) {
            tiles.push_back({block.first.x + x, block.first.y + y});
        }
    }
    for (const TileCoord t : tiles) {
        if (auto loaded = doc.loadTile(t); !loaded) {
            return loaded.error();
        }
    }

    TerrainImportReport report;
    report.tiles = int(tiles.size());
    const std::uint32_t bits =
        dirty::Vertices | dirty::Normals | (import.tint ? dirty::Colour | dirty::Flags : 0u);
    StrokeRecorder recorder(doc, CommandId::ImportTerrain, undoText);
    int done = 0;
    for (const TileCoord t : tiles) {
        io::Adt copy = *doc.tile(t);
        applyTerrainImport(block, import, [&](TileCoord c) { return c == t ? &copy : nullptr; });
        for (int i = 0; i < kChunksPerTile; ++i) {
            const ChunkCoord c{t, i / kChunksPerSide, i % kChunksPerSide};
            const io::MapChunk& after = copy.chunks[std::size_t(i)];
            const io::MapChunk& before = *doc.chunk(c);
            if (before == after) {
                continue;
            }
            if (auto e = recorder.edit(c, bits)) {
                *e = after; // the copy differs only where applyTerrainImport set it
            }
            ++report.chunksChanged;
        }
        if (progress && !progress(++done, report.tiles)) {
            recorder.cancel();
            return CoreError(CoreError::Code::Cancelled, "import cancelled");
        }
    }
    report.pushed = recorder.finish() != nullptr;
    return report;
}

} // namespace mapsmith::core
