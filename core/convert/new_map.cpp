#include "core/convert/new_map.h"

#include "core/convert/demo_map.h"
#include "core/convert/terrain_presets.h"
#include "core/convert/tile_factory.h"
#include "core/document/file_transaction.h"
#include "core/document/map_document.h"
#include "core/document/map_source.h"
#include "core/document/wdl_update.h"
#include "io/adt/adt.h"
#include "io/wdl/wdl.h"
#include "io/wdt/wdt.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include <memory>
#include <set>

namespace mapsmith::core {
namespace {

QString tileName(TileCoord t) {
    return QStringLiteral("%1_%2").arg(t.x).arg(t.y);
}

QString wdtPathOf(const NewMapSpec& spec) {
    return QDir(spec.directory).filePath(spec.name + QStringLiteral(".wdt"));
}

QString tilePathOf(const NewMapSpec& spec, TileCoord t) {
    return QDir(spec.directory).filePath(QStringLiteral("%1_%2.adt").arg(spec.name, tileName(t)));
}

TileSpec tileSpecFor(const NewMapSpec& spec, TileCoord t) {
    switch (spec.terrain) {
    case NewMapSpec::Terrain::Flat:
        return presetTileSpec(TerrainPreset::Flat, t.x, t.y, spec.baseHeight);
    case NewMapSpec::Terrain::Hills:
        return presetTileSpec(TerrainPreset::Hills, t.x, t.y, spec.baseHeight);
    case NewMapSpec::Terrain::Demo:
        return demoTileSpec(t.x, t.y, spec.baseHeight);
    }
    return presetTileSpec(TerrainPreset::Flat, t.x, t.y, spec.baseHeight);
}

} // namespace

QStringList validateNewMap(const NewMapSpec& spec) {
    QStringList problems;
    static const QRegularExpression validName(QStringLiteral("^[A-Za-z0-9_]+$"));
    const bool nameOk = validName.match(spec.name).hasMatch();
    if (spec.name.isEmpty()) {
        problems << QStringLiteral("The map needs a name.");
    } else if (!nameOk) {
        problems << QStringLiteral("The name may hold only letters, digits and '_'.");
    }
    const QFileInfo dir(spec.directory);
    if (spec.directory.trimmed().isEmpty()) {
        problems << QStringLiteral("Choose a folder to create the map in.");
    } else if (dir.exists() && !dir.isDir()) {
        problems
            << QStringLiteral("%1 is a file, not a folder.").arg(QDir::toNativeSeparators(spec.directory));
    }
    if (spec.tiles.empty()) {
        problems << QStringLiteral("The map needs at least one tile.");
    } else if (spec.tiles.size() > std::size_t(kMaxNewMapTiles)) {
        problems << QStringLiteral("A new map may have at most %1 tiles, not %2.")
                        .arg(kMaxNewMapTiles)
                        .arg(spec.tiles.size());
    }
    std::set<TileCoord> seen;
    std::set<TileCoord> reported;
    for (const TileCoord t : spec.tiles) {
        if (!t.valid()) {
            problems << QStringLiteral("Tile %1 is off the map (X and Y must be 0..63).").arg(tileName(t));
        } else if (!seen.insert(t).second && reported.insert(t).second) {
            problems << QStringLiteral("Tile %1 is listed more than once.").arg(tileName(t));
        }
    }
    if (nameOk && !spec.directory.trimmed().isEmpty() && !spec.overwrite &&
        QFileInfo::exists(wdtPathOf(spec))) {
        problems << QStringLiteral("A map named %1 already exists in %2.")
                        .arg(spec.name, QDir::toNativeSeparators(spec.directory));
    }
    return problems;
}

Expected<NewMapResult> createMap(const NewMapSpec& spec,
                                 const std::function<bool(int done, int total)>& progress) {
    if (const QStringList problems = validateNewMap(spec); !problems.isEmpty()) {
        return CoreError(CoreError::Code::Refused, problems.join(QLatin1Char(' ')).toStdString());
    }
    if (!QDir().mkpath(spec.directory)) {
        return CoreError(CoreError::Code::File, "cannot create " + spec.directory.toStdString());
    }
    io::Wdt wdt;
    wdt.flags = io::mphd_flags::BigAlpha;
    wdt.wmoName = std::string(); // terrain maps carry an empty MWMO
    for (const TileCoord t : spec.tiles) {
        wdt.setTile(t.x, t.y, true);
    }
    const std::vector<std::byte> wdtBytes = io::writeWdt(wdt);

    // Demo tiles are dressed (lake, markers) through a document over the tiles in memory, one tile at a
    // time: each tile's edits stay inside it, and the id allocator sees the tiles dressed before.
    const bool demo = spec.terrain == NewMapSpec::Terrain::Demo;
    MemoryMapSource* memory = nullptr;
    std::unique_ptr<MapDocument> doc;
    if (demo) {
        auto source = std::make_unique<MemoryMapSource>(spec.name, wdtBytes);
        memory = source.get();
        // The document's own .wdl (never written to disk) starts empty: its saves add one tile at a time.
        if (auto w = memory->writeWdl(io::writeWdl(io::Wdl{})); !w) {
            return CoreError(w.error());
        }
        auto opened = MapDocument::open(std::move(source));
        if (!opened) {
            return opened.error();
        }
        doc = std::move(opened.value());
    }

    NewMapResult result;
    // One transaction: the tiles, the .wdl and the WDT appear together, or (cancelled, failed, killed)
    // none of them.
    FileTransaction transaction(spec.directory);
    QStringList staged;
    const int total = int(spec.tiles.size());
    int done = 0;
    WdlUpdate wdl; // the map's .wdl: an entry per tile, from the tile as written
    for (const TileCoord t : spec.tiles) {
        const io::Adt created = createTile(tileSpecFor(spec, t));
        std::vector<std::byte> bytes = io::writeAdt(created);
        if (!demo) {
            wdl.setTile(t, created);
        } else {
            memory->setTile(t, std::move(bytes));
            if (auto loaded = doc->loadTile(t); !loaded) {
                return loaded.error();
            }
            result.objectsPlaced += dressDemoTiles(*doc, {t}, spec.baseHeight);
            ++result.lakes;
            if (const auto report = doc->save(); !report.ok) {
                return CoreError(CoreError::Code::File, report.error.toStdString());
            }
            bytes = *memory->tileBytes(t);
            wdl.setTile(t, *doc->tile(t));
        }
        const QString path = tilePathOf(spec, t);
        if (QString e = transaction.stage(path, bytes, BackupPolicy::KeepBackup); !e.isEmpty()) {
            return CoreError(CoreError::Code::File, e.toStdString());
        }
        staged << path;
        ++done;
        if (progress && !progress(done, total)) {
            return CoreError(
                CoreError::Code::Cancelled,
                QStringLiteral("Creating map %1 was cancelled after %2 of %3 tiles; nothing was written.")
                    .arg(spec.name)
                    .arg(done)
                    .arg(total)
                    .toStdString());
        }
    }
    const QString wdlPath = QDir(spec.directory).filePath(spec.name + QStringLiteral(".wdl"));
    if (QString e = transaction.stage(wdlPath, wdl.bytes(), BackupPolicy::KeepBackup); !e.isEmpty()) {
        return CoreError(CoreError::Code::File, e.toStdString());
    }
    staged << wdlPath;
    result.wdtPath = wdtPathOf(spec);
    if (QString e = transaction.stage(result.wdtPath, wdtBytes, BackupPolicy::KeepBackup); !e.isEmpty()) {
        return CoreError(CoreError::Code::File, e.toStdString());
    }
    staged << result.wdtPath;
    if (QString e = transaction.commit(); !e.isEmpty()) {
        return CoreError(CoreError::Code::File, e.toStdString());
    }
    result.writtenPaths = staged;
    return result;
}

} // namespace mapsmith::core
