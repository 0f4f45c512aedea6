#include "core/edit/mclq_conversion.h"

#include "core/document/chunk_dirty.h"
#include "core/document/map_document.h"
#include "core/edit/stroke_recorder.h"

#include <QCoreApplication>

#include <memory>
#include <optional>

namespace mapsmith::core {
namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("mapsmith::core::MclqConversion", text);
}

QString tileName(const MapDocument& doc, TileCoord t) {
    return QStringLiteral("%1_%2_%3.adt").arg(doc.mapName()).arg(t.x).arg(t.y);
}

} // namespace

int DocumentMclqReport::chunksConverted() const {
    int n = 0;
    for (const auto& [t, c] : tiles) {
        n += c.converted;
    }
    return n;
}

int DocumentMclqReport::chunksChanged() const {
    int n = 0;
    for (const auto& [t, c] : tiles) {
        n += c.changed();
    }
    return n;
}

std::vector<TileCoord> mapTiles(const MapDocument& doc) {
    std::vector<TileCoord> out;
    for (int y = 0; y < kTilesPerSide; ++y) {
        for (int x = 0; x < kTilesPerSide; ++x) {
            if (doc.tileExists({x, y})) {
                out.push_back({x, y});
            }
        }
    }
    return out;
}

bool loadedTileHasMclq(const MapDocument& doc, TileCoord t) {
    const io::Adt* adt = doc.tile(t);
    return adt && tileNeedsMclqConversion(*adt);
}

Expected<DocumentMclqReport> convertDocumentMclq(MapDocument& doc, const std::vector<TileCoord>& tiles,
                                                 const MclqProgress& progress) {
    DocumentMclqReport report;
    std::unique_ptr<StrokeRecorder> recorder; // made at the first tile with old liquids
    int done = 0;
    for (const TileCoord t : tiles) {
        std::optional<io::Adt> read;
        const io::Adt* current = doc.tile(t);
        if (!current) {
            auto r = doc.source().readTile(t, doc.bigAlpha());
            if (!r) {
                report.problems << tileName(doc, t) + QStringLiteral(": ") +
                                       QString::fromStdString(r.error().describe());
            } else {
                read = std::move(r.value());
                current = &*read;
            }
        }
        if (current && tileNeedsMclqConversion(*current)) {
            io::Adt converted = *current;
            auto result = convertMclqTile(converted);
            if (!result) {
                report.problems << tileName(doc, t) + QStringLiteral(": ") +
                                       QString::fromStdString(result.error().describe());
            } else {
                if (read) {
                    (void)doc.adoptTile(t, std::move(*read));
                }
                if (!recorder) {
                    recorder = std::make_unique<StrokeRecorder>(doc, CommandId::ConvertOldLiquids,
                                                                tr("Convert old liquids to MH2O"));
                }
                const io::Adt* loaded = doc.tile(t);
                for (int i = 0; loaded && i < io::kChunksPerTile; ++i) {
                    const auto index = std::size_t(i);
                    const io::LiquidChunk after =
                        converted.liquids ? converted.liquids->chunks[index] : io::LiquidChunk{};
                    const io::LiquidChunk* before = doc.liquid(ChunkCoord{t, i / 16, i % 16});
                    if (loaded->chunks[index] == converted.chunks[index] &&
                        (before ? *before : io::LiquidChunk{}) == after) {
                        continue;
                    }
                    ChunkEdit edit =
                        recorder->edit(ChunkCoord{t, i / 16, i % 16}, dirty::Liquid | dirty::Flags);
                    if (edit) {
                        *edit = converted.chunks[index];
                        edit.liquid() = after;
                    }
                }
                report.tiles.emplace_back(t, *result);
            }
        }
        if (progress && !progress(++done, int(tiles.size()))) {
            if (recorder) {
                recorder->cancel();
            }
            return CoreError(CoreError::Code::Cancelled,
                             tr("Converting old liquids cancelled; nothing was changed").toStdString());
        }
    }
    if (recorder) {
        report.pushed = recorder->finish() != nullptr;
    }
    return report;
}

} // namespace mapsmith::core
