#include "core/repair/document_repair.h"

#include "core/check/file_findings.h"
#include "core/document/chunk_dirty.h"
#include "core/document/map_document.h"
#include "core/edit/chunk_state_command.h"
#include "core/edit/wdt_state_command.h"
#include "core/repair/rewrite_changes.h"
#include "core/repair/tile_rules.h"
#include "core/repair/unique_id_plan.h"
#include "core/repair/wdt_rules.h"
#include "io/check/adt_file_checks.h"
#include "io/check/adt_model_checks.h"
#include "io/check/wdt_checks.h"

#include <QCoreApplication>
#include <QStringList>
#include <QUndoStack>

#include <map>
#include <optional>

namespace mapsmith::core {
namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("mapsmith::core::DocumentRepair", text);
}

// What the first pass found out about one tile.
struct TileWork {
    TileCoord t;
    std::optional<io::Adt> model;          // not loaded: the tile as read (kept while it needs a change)
    bool adopt = false;                    // the document cannot load it: repaired and taken in
    std::vector<io::Finding> layoutBefore; // the findings of its v18 file's layout
    std::vector<io::Finding> unreadable;   // a read no rule answers: left as it is
    bool needsChange = false;              // content rules or layout
};

io::LiquidChunk liquidOf(const io::Adt& adt, std::size_t i) {
    return adt.liquids ? adt.liquids->chunks[i] : io::LiquidChunk{};
}

std::vector<io::Finding> layoutFindings(std::span<const std::byte> file) {
    io::FindingList list;
    io::checkAdtFileLayout(file, list);
    return list.take();
}

} // namespace

std::size_t DocumentRepairReport::changeCount() const {
    std::size_t n = 0;
    for (const auto& f : files) {
        n += f.changes.size();
    }
    return n;
}

std::size_t DocumentRepairReport::errorsLeft() const {
    std::size_t n = 0;
    for (const auto& f : files) {
        n += f.left.size();
    }
    return n;
}

QString DocumentRepairReport::text() const {
    QStringList lines;
    for (const FileRepairReport& f : files) {
        lines << f.file;
        for (const RepairChange& c : f.changes) {
            lines << QStringLiteral("  %1 %2 x%3: %4")
                         .arg(QString::fromStdString(c.rule), QString::fromStdString(c.chunk.str()))
                         .arg(c.count)
                         .arg(QString::fromStdString(c.message));
        }
        for (const QString& left :
             QString::fromStdString(describeFindings(f.left)).split(QLatin1Char('\n'))) {
            if (!left.isEmpty()) {
                lines << QStringLiteral("  left: ") + left;
            }
        }
    }
    if (lines.isEmpty()) {
        lines << tr("Nothing to repair: every consumer accepts the map as it is.");
    }
    return lines.join(QLatin1Char('\n'));
}

Expected<DocumentRepairReport> repairDocument(MapDocument& doc, const RepairProgress& progress) {
    const bool v18 = doc.source().layout() == TileLayout::V18;
    std::vector<TileCoord> coords;
    for (int y = 0; y < kTilesPerSide; ++y) {
        for (int x = 0; x < kTilesPerSide; ++x) {
            if (doc.tileExists({x, y})) {
                coords.push_back({x, y});
            }
        }
    }
    // Pass 1: every tile, its placements for the uniqueId plan.
    std::vector<TileWork> work;
    std::vector<std::pair<TileCoord, io::Adt>> placements;
    for (const TileCoord t : coords) {
        TileWork w;
        w.t = t;
        const auto bytes = doc.source().readV18TileFile(t);
        if (bytes) {
            w.layoutBefore = layoutFindings(*bytes);
        }
        const io::Adt* current = doc.tile(t);
        if (!current) {
            auto read = doc.source().readTile(t, doc.bigAlpha());
            if (read) {
                w.model = std::move(read.value());
            } else if (bytes) {
                // Read the way `repair` does; what a rule answers becomes a warning of this read.
                io::AdtReadOptions options;
                options.lenient = true;
                options.bigAlpha = doc.bigAlpha();
                options.keepLiquidOutsideChunk = true;
                auto lenient = io::readAdt(*bytes, options);
                std::vector<io::Finding> findings =
                    lenient ? tileFindings(lenient->adt, lenient->warnings, *bytes, true)
                            : std::vector<io::Finding>{};
                for (const io::Finding& f : findings) {
                    if (f.rule == "read") {
                        w.unreadable.push_back(f);
                    }
                }
                if (!lenient) {
                    io::FindingList list;
                    io::addReadProblems({lenient.error()}, list);
                    w.unreadable = list.take();
                } else if (w.unreadable.empty() &&
                           lenient->adt.chunks.size() == std::size_t(io::kChunksPerTile)) {
                    w.model = std::move(lenient->adt);
                    w.adopt = true;
                }
            } else {
                io::FindingList list;
                io::addReadProblems({read.error()}, list);
                w.unreadable = list.take();
            }
            current = w.model ? &*w.model : nullptr;
        }
        if (current) {
            placements.emplace_back(t, placementsOf(*current));
            io::Adt copy = *current;
            w.needsChange = w.adopt || !w.layoutBefore.empty() || !repairTileContent(copy, v18).empty();
            if (!w.needsChange && !w.adopt) {
                w.model.reset(); // re-read if its uniqueIds need a change
            }
        }
        work.push_back(std::move(w));
        if (progress && !progress(int(work.size()), int(coords.size()))) {
            return CoreError(CoreError::Code::Cancelled,
                             tr("Repair cancelled; nothing was changed").toStdString());
        }
    }
    std::vector<std::pair<TileCoord, const io::Adt*>> view;
    for (const auto& [t, adt] : placements) {
        view.emplace_back(t, &adt);
    }
    const std::vector<IdChange> plan = planUniqueIdRenumbering(view);

    // Pass 2: the tiles with something to change, into the undo step.
    DocumentRepairReport report;
    std::map<ChunkCoord, ChunkStateCommand::Entry> entries;
    std::map<TileCoord, ChunkStateCommand::TileEntry> tileEntries;
    for (TileWork& w : work) {
        FileRepairReport file{
            QStringLiteral("%1_%2_%3.adt").arg(doc.mapName()).arg(w.t.x).arg(w.t.y), {}, {}};
        file.left = errorsOf(w.unreadable);
        const bool renumbered =
            std::any_of(plan.begin(), plan.end(), [&](const IdChange& c) { return c.where.tile == w.t; });
        if (file.left.empty() && (w.needsChange || renumbered)) {
            if (!doc.tile(w.t)) {
                if (!w.model) {
                    auto read = doc.source().readTile(w.t, doc.bigAlpha());
                    if (read) {
                        w.model = std::move(read.value());
                    }
                }
                if (w.model && w.adopt) {
                    // Repaired before it is taken in: the document never holds what breaks its invariants.
                    file.changes = repairTileContent(*w.model, v18);
                }
                if (w.model) {
                    (void)doc.adoptTile(w.t, std::move(*w.model)); // the tile is part of the map: it loads
                }
            }
            if (const io::Adt* current = doc.tile(w.t)) {
                io::Adt fixed = *current;
                for (auto& c : repairTileContent(fixed, v18)) {
                    file.changes.push_back(std::move(c));
                }
                for (auto& c : applyUniqueIdChanges(fixed, w.t, plan)) {
                    file.changes.push_back(std::move(c));
                }
                for (std::size_t i = 0; i < fixed.chunks.size(); ++i) {
                    const ChunkState before{current->chunks[i], liquidOf(*current, i)};
                    const ChunkState after{fixed.chunks[i], liquidOf(fixed, i)};
                    if (!(before == after)) {
                        entries.emplace(ChunkCoord{w.t, int(i / 16), int(i % 16)},
                                        ChunkStateCommand::Entry{
                                            ChunkSnapshot::capture(before.chunk, before.liquid),
                                            ChunkSnapshot::capture(after.chunk, after.liquid), dirty::All});
                    }
                }
                TileState before = TileState::of(*current);
                TileState after = TileState::of(fixed);
                const bool chunksChanged = !file.changes.empty();
                if (before != after || chunksChanged || !w.layoutBefore.empty() || w.adopt) {
                    // Equal states still mark the tile, so that the save rewrites its file.
                    tileEntries.emplace(w.t,
                                        ChunkStateCommand::TileEntry{std::move(before), std::move(after)});
                }
                if (!w.layoutBefore.empty()) {
                    const auto written = io::writeAdt(fixed);
                    for (auto& c : fixedByRewriting(w.layoutBefore, layoutFindings(written), file.changes)) {
                        file.changes.push_back(std::move(c));
                    }
                }
                io::FindingList content;
                io::checkAdtModel(fixed, content);
                file.left = errorsOf(content.take());
            }
        } else if (file.left.empty() && doc.tile(w.t)) {
            io::FindingList content;
            io::checkAdtModel(*doc.tile(w.t), content);
            file.left = errorsOf(content.take());
        }
        if (!file.changes.empty() || !file.left.empty()) {
            report.files.push_back(std::move(file));
        }
    }
    io::Wdt wdt = doc.wdt();
    FileRepairReport wdtFile{doc.mapName() + QStringLiteral(".wdt"), repairWdt(wdt), {}};
    io::FindingList wdtLeft;
    io::checkWdtModel(wdt, wdtLeft);
    wdtFile.left = errorsOf(wdtLeft.take());
    const bool wdtChanged = !wdtFile.changes.empty();
    if (wdtChanged || !wdtFile.left.empty()) {
        report.files.push_back(std::move(wdtFile));
    }

    if (entries.empty() && tileEntries.empty() && !wdtChanged) {
        return report;
    }
    QUndoStack* stack = doc.undoStack();
    stack->beginMacro(tr("Repair map"));
    if (!entries.empty() || !tileEntries.empty()) {
        stack->push(new ChunkStateCommand(doc, CommandId::Repair, tr("Repair map"), std::move(entries),
                                          std::move(tileEntries), false));
    }
    if (wdtChanged) {
        stack->push(new WdtStateCommand(doc, tr("Repair the WDT"), doc.wdt(), std::move(wdt)));
    }
    stack->endMacro();
    report.pushed = true;
    return report;
}

} // namespace mapsmith::core
