// Mapsmith editor entry point.
//   mapsmith [MAP]                      opens MAP (.wdt or one of its .adt tiles); default: the demo map
//   mapsmith [MAP] --screenshot PNG [--camera x,y,z,yaw,pitch] [--size WxH] [--whole-window]
//                                       renders one frame of the viewport to PNG and exits (0 = written;
//                                       3 = not written, or a tile of the map could not be loaded: the
//                                       frame is still written and each such tile named on stderr)
//   Work a session that did not end cleanly left (autosave, editor/autosave.h) is offered first; a
//   restored map is opened instead of MAP.
//   --data DIR (repeatable)             game data for this run on top of the saved folders: a client or
//                                       Data folder, an .mpq, or a folder of loose files (never saved)

#include "editor/document_manager.h"
#include "editor/main_window.h"
#include "editor/recovery_offer.h"
#include "editor/tile_streamer.h"
#include "editor/viewport/terrain_viewport.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTextStream>

#include <malloc.h>

#include <optional>

namespace {

// "x,y,z,yaw,pitch" in world yards and degrees.
std::optional<std::array<double, 5>> parseCamera(const QString& text) {
    const QStringList parts = text.split(QLatin1Char(','));
    if (parts.size() != 5) {
        return std::nullopt;
    }
    std::array<double, 5> v{};
    for (int i = 0; i < 5; ++i) {
        bool ok = false;
        v[std::size_t(i)] = parts[i].trimmed().toDouble(&ok);
        if (!ok) {
            return std::nullopt;
        }
    }
    return v;
}

} // namespace

int main(int argc, char** argv) {
    // Large frames allocate and free big blocks every frame (Mesa's llvmpipe, Qt 3D's render views): with
    // glibc's defaults the heap is trimmed and grown again each time, and instanced frames spent ~30% in
    // page faults (measured in ../shared/notes/qt3d-on-debian12.md: 81 ms -> 13 ms for 2,000 instances).
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    // Qt 3D 6.4's RHI renderer draws texture arrays black: the OpenGL one must be chosen before start.
    if (qEnvironmentVariableIsEmpty("QT3D_RENDERER")) {
        qputenv("QT3D_RENDERER", "opengl");
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Mapsmith"));
    QApplication::setApplicationVersion(QStringLiteral("0.1.0"));
    QApplication::setOrganizationName(QStringLiteral("Mapsmith"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Mapsmith terrain editor"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("map"),
        QStringLiteral("A map's .wdt or one of its .adt tiles (default: the demo map)."));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QStringLiteral("Render one frame of the viewport to PNG and exit."),
                                        QStringLiteral("PNG"));
    const QCommandLineOption camera(
        QStringLiteral("camera"),
        QStringLiteral("Camera for --screenshot: x,y,z,yaw,pitch (yards, degrees)."), QStringLiteral("POSE"));
    const QCommandLineOption size(QStringLiteral("size"),
                                  QStringLiteral("Window size for --screenshot, e.g. 1280x800."),
                                  QStringLiteral("WxH"), QStringLiteral("1280x800"));
    const QCommandLineOption wholeWindow(
        QStringLiteral("whole-window"),
        QStringLiteral("With --screenshot: the whole main window, docks included."));
    const QCommandLineOption data(
        QStringLiteral("data"),
        QStringLiteral("Game data for this run, on top of the saved folders (repeatable): a client or Data "
                       "folder, an .mpq archive, or a folder of loose files."),
        QStringLiteral("DIR"));
    parser.addOptions({screenshot, camera, size, wholeWindow, data});
    parser.process(app);
    QTextStream err(stderr);

    mapsmith::editor::MainWindow window;
    if (parser.isSet(data) && !window.setExtraDataPaths(parser.values(data))) {
        err << "mapsmith: " << window.lastError() << "\n"; // the usable paths are used
        err.flush();
    }
    const QStringList args = parser.positionalArguments();
    const QString map = args.isEmpty() ? QStringLiteral(":/demo/Mapsmith.wdt") : args.first();
    if (!parser.isSet(screenshot)) {
        window.show();
        if (!window.recovery()->offerAtStart()) {
            window.documents()->open(map);
        }
        return QApplication::exec();
    }

    // Automation: one frame, no dialogs.
    qputenv("MAPSMITH_NO_DIALOGS", "1");
    const QStringList wh = parser.value(size).split(QLatin1Char('x'));
    if (wh.size() != 2 || wh[0].toInt() < 64 || wh[1].toInt() < 64) {
        err << "mapsmith: --size must be WxH (at least 64x64)\n";
        return 2;
    }
    std::optional<std::array<double, 5>> pose;
    if (parser.isSet(camera)) {
        pose = parseCamera(parser.value(camera));
        if (!pose) {
            err << "mapsmith: --camera must be x,y,z,yaw,pitch\n";
            return 2;
        }
    }
    window.resize(wh[0].toInt(), wh[1].toInt());
    window.show();
    if (!window.documents()->open(map)) {
        err << "mapsmith: " << window.lastError() << "\n";
        return 3;
    }
    if (pose) {
        const auto& p = *pose;
        window.viewport()->setCamera({p[0], p[1], p[2]}, p[3], p[4]);
    }
    const QImage frame =
        parser.isSet(wholeWindow) ? window.grabWithViewport() : window.viewport()->grabFrame();
    if (frame.isNull() || !frame.save(parser.value(screenshot))) {
        err << "mapsmith: could not capture or write " << parser.value(screenshot) << "\n";
        return 3;
    }
    // A tile that did not load leaves a gap (or an empty sky): the frame is not what was asked for.
    window.streamer()->waitIdle(30000);
    const auto& failed = window.documents()->failedTiles();
    for (const auto& [tile, message] : failed) {
        err << "mapsmith: tile " << tile.x << "_" << tile.y << " not loaded: " << message << "\n";
    }
    return failed.empty() ? 0 : 3;
}
