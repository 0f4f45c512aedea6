#pragma once
// The mapsmith-cli commands. Each takes its own arguments (after the command name) and returns the
// process exit code (cli/exit_code.h).

#include "cli/exit_code.h"

#include <QCommandLineOption>
#include <QStringList>

#include <optional>

class QCommandLineParser;

namespace mapsmith::cli {

// Adds -h/--help and parses a command's arguments (args.first() is the command's name). Returns the exit
// code when the command should stop here: help shown (Ok), or a usage error (Usage) for an unknown
// option, a positional count outside [minPositional, maxPositional] or a `required` option unset or empty,
// printed with the help text.
std::optional<int> parseCommand(QCommandLineParser& parser, const QStringList& args, int minPositional,
                                int maxPositional, const QList<QCommandLineOption>& required = {});

// --wdt WDT: the map's WDT, which sets a tile's alpha map depth.
QCommandLineOption wdtOption();

int runInfo(const QStringList& args);
int runValidate(const QStringList& args); // cli/validate.cpp
int runDump(const QStringList& args);
int runRoundtrip(const QStringList& args);
int runNew(const QStringList& args);
int runExportPatch(const QStringList& args);
int runConvert(const QStringList& args);
int runExportHeightmap(const QStringList& args); // cli/heightmap.cpp
int runImportHeightmap(const QStringList& args);
int runExportHmp(const QStringList& args); // cli/hmp_terrain.cpp
int runImportHmp(const QStringList& args);
int runPlace(const QStringList& args);       // cli/place.cpp
int runImportWmb(const QStringList& args);   // cli/import_wmb.cpp
int runServerMaps(const QStringList& args);  // cli/server_maps.cpp
int runRepair(const QStringList& args);      // cli/repair.cpp
int runBakeShadows(const QStringList& args); // cli/bake_shadows.cpp
int runWdl(const QStringList& args);         // cli/wdl.cpp
int runMinimap(const QStringList& args);     // cli/minimap.cpp

} // namespace mapsmith::cli
