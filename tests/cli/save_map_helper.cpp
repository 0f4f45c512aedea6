// The editor's save path for the kill harness (test_cli_kill.cpp): opens a map folder through
// core::FolderMapSource, raises the terrain in the middle of every tile the WDT lists (core::HeightStroke,
// as the height brush does) and saves with core::MapDocument::save(). Exit 0 saved, 3 failed.

#include "core/document/folder_recovery.h"
#include "core/document/map_document.h"
#include "core/document/map_source.h"
#include "core/edit/height_stroke.h"

#include <QCoreApplication>
#include <QTextStream>

using namespace mapsmith;

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    QTextStream err(stderr);
    if (argc != 2) {
        err << "usage: save_map_helper MAP.wdt\n";
        return 2;
    }
    const QString wdt = QString::fromLocal8Bit(argv[1]);
    // As the editor does on opening a map.
    if (const auto recovered = core::recoverFolder(QFileInfo(wdt).absolutePath());
        !recovered.error.isEmpty()) {
        err << recovered.describe() << "\n";
        return 3;
    }
    auto doc = core::MapDocument::open(std::make_unique<core::FolderMapSource>(wdt));
    if (!doc) {
        err << QString::fromStdString(doc.error().describe()) << "\n";
        return 3;
    }
    core::HeightBrushSettings raise;
    raise.brush.radius = 60.0;
    raise.brush.strength = 8.0;
    raise.mode = core::HeightMode::RaiseLower;
    for (int y = 0; y < 64; ++y) {
        for (int x = 0; x < 64; ++x) {
            const core::TileCoord t{x, y};
            if (!(*doc)->tileExists(t)) {
                continue;
            }
            if (auto loaded = (*doc)->loadTile(t); !loaded) {
                err << QString::fromStdString(loaded.error().describe()) << "\n";
                return 3;
            }
            core::HeightStroke stroke(**doc, raise);
            stroke.moveTo(core::tileOrigin(t) + glm::dvec2(-266.0));
            stroke.finish();
        }
    }
    const auto report = (*doc)->save();
    if (!report.ok) {
        err << report.error << "\n";
        return 3;
    }
    return 0;
}
