#include "core/check/save_check.h"

#include "core/check/file_findings.h"
#include "core/document/map_document.h"
#include "core/document/unique_ids.h"
#include "io/check/adt_model_checks.h"
#include "io/check/wdt_checks.h"

#include <QStringList>

#include <algorithm>
#include <map>
#include <set>
#include <string>

namespace mapsmith::core {
namespace {

QString tileName(const MapDocument& doc, TileCoord t) {
    return QStringLiteral("%1_%2_%3.adt").arg(doc.mapName()).arg(t.x).arg(t.y);
}

} // namespace

std::vector<SaveProblem> checkBeforeSave(const MapDocument& doc, bool saveAs) {
    std::vector<TileCoord> tiles = saveAs ? doc.loadedTiles() : doc.modifiedTiles();
    std::sort(tiles.begin(), tiles.end());
    std::map<TileCoord, io::FindingList> lists;
    for (const TileCoord t : tiles) {
        if (const io::Adt* adt = doc.tile(t)) {
            io::checkAdtModel(*adt, lists[t]);
        }
    }
    // An id shared with an object of another loaded tile (copies of one object are no duplicate).
    const std::set<TileCoord> saving(tiles.begin(), tiles.end());
    for (const DuplicateId& dup : findDuplicateIds(doc)) {
        for (const ObjectLocation& use : dup.uses) {
            if (!saving.count(use.tile)) {
                continue;
            }
            lists[use.tile].add(
                "unique-ids", io::Severity::Error,
                io::bit(io::Consumer::Client) | io::bit(io::Consumer::Noggit),
                use.kind == ObjectKind::Doodad ? io::chunk::MDDF : io::chunk::MODF, 0,
                "uniqueId " + std::to_string(dup.uniqueId) +
                    " is used by another object: the client and Noggit show only one of them");
        }
    }
    std::vector<SaveProblem> out;
    for (auto& [t, list] : lists) {
        auto errors = errorsOf(list.take());
        if (!errors.empty()) {
            out.push_back({tileName(doc, t), std::move(errors)});
        }
    }
    if (saveAs) {
        io::FindingList wdt;
        io::checkWdtModel(doc.wdt(), wdt);
        auto errors = errorsOf(wdt.take());
        if (!errors.empty()) {
            out.push_back({doc.mapName() + QStringLiteral(".wdt"), std::move(errors)});
        }
    }
    return out;
}

QString describeSaveProblems(const std::vector<SaveProblem>& problems) {
    QStringList lines;
    for (const SaveProblem& p : problems) {
        for (const QString& line :
             QString::fromStdString(describeFindings(p.errors)).split(QLatin1Char('\n'))) {
            lines << p.file + QStringLiteral(": ") + line;
        }
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace mapsmith::core
