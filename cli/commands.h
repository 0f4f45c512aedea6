#pragma once
// The mapsmith-cli commands. Each takes its own arguments (after the command name) and returns the
// process exit code: 0 success, 1 the file is invalid / differs, 2 usage error, 3 read or write failure.

#include <QStringList>

namespace mapsmith::cli {

enum ExitCode : int { Ok = 0, Invalid = 1, Usage = 2, Failure = 3 };

int runInfo(const QStringList& args);
int runValidate(const QStringList& args);
int runDump(const QStringList& args);
int runRoundtrip(const QStringList& args);
int runNew(const QStringList& args);
int runExportPatch(const QStringList& args);

} // namespace mapsmith::cli
