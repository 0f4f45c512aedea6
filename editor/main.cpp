// Mapsmith editor entry point: `mapsmith [TILE.adt]`; without an argument it opens the bundled demo map.

#include "main_window.h"

#include <QApplication>
#include <QCommandLineParser>

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Mapsmith"));
    QApplication::setApplicationVersion(QStringLiteral("0.1.0"));
    QApplication::setOrganizationName(QStringLiteral("Mapsmith"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Mapsmith terrain editor"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("tile"), QStringLiteral("An .adt tile to open (default: the demo map)."));
    parser.process(app);

    mapsmith::editor::MainWindow window;
    const QStringList args = parser.positionalArguments();
    window.openTile(args.isEmpty() ? QStringLiteral(":/demo/Mapsmith_32_32.adt") : args.first());
    window.show();
    return QApplication::exec();
}
