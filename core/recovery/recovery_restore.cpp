#include "core/recovery/recovery_restore.h"

#include "core/document/chunk_dirty.h"
#include "core/document/map_document.h"
#include "core/edit/stroke_recorder.h"
#include "core/edit/wdt_state_command.h"

#include <QUndoStack>

namespace mapsmith::core {

RestoreReport restoreRecovery(MapDocument& doc, const RecoveredMap& recovered) {
    RestoreReport report;
    const QString text = QObject::tr("Restore recovered work");
    QUndoStack* stack = doc.undoStack();
    stack->beginMacro(text);
    if (recovered.wdt && !(io::writeWdt(*recovered.wdt) == io::writeWdt(doc.wdt()))) {
        // First: the recovered WDT may list tiles the files do not.
        stack->push(new WdtStateCommand(doc, text, doc.wdt(), *recovered.wdt));
        report.wdt = true;
    }
    StrokeRecorder recorder(doc, CommandId::RestoreRecovery, text);
    for (const auto& [t, adt] : recovered.tiles) {
        const auto loaded = doc.loadTile(t);
        if (!loaded) {
            report.problems.push_back(QObject::tr("Tile %1_%2: %3")
                                          .arg(t.x)
                                          .arg(t.y)
                                          .arg(QString::fromStdString(loaded.error().describe())));
            continue;
        }
        if (adt.chunks.size() != std::size_t(kChunksPerTile)) {
            report.problems.push_back(QObject::tr("Tile %1_%2: the recovered tile has %3 chunks, not 256")
                                          .arg(t.x)
                                          .arg(t.y)
                                          .arg(adt.chunks.size()));
            continue;
        }
        for (int i = 0; i < kChunksPerTile; ++i) {
            const ChunkCoord c{t, i / kChunksPerSide, i % kChunksPerSide};
            const io::MapChunk& chunk = adt.chunks[std::size_t(i)];
            const io::LiquidChunk liquid =
                adt.liquids ? adt.liquids->chunks[std::size_t(i)] : io::LiquidChunk{};
            const io::LiquidChunk* current = doc.liquid(c);
            const bool liquidDiffers = current ? !(*current == liquid) : !liquid.instances.empty();
            if (*doc.chunk(c) == chunk && !liquidDiffers) {
                continue;
            }
            if (auto e = recorder.edit(c, dirty::All)) {
                *e = chunk;
                if (liquidDiffers) {
                    e.liquid() = liquid;
                }
                ++report.chunks;
            }
        }
        const TileState state = TileState::of(adt);
        if (!(doc.tileState(t) == state)) {
            if (auto e = recorder.editTile(t)) {
                state.applyTo(*e);
            }
        }
        ++report.tiles;
    }
    recorder.finish();
    stack->endMacro();
    return report;
}

} // namespace mapsmith::core
