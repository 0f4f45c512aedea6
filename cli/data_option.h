#pragma once
// What the commands that take --data (game data) print about it.

#include "core/document/asset_folders.h"

#include <QString>
#include <QTextStream>

namespace mapsmith::cli {

// Prints the notes ("<command>: --data: <note>") and problems ("<command>: --data <problem>") of the
// opened game data to err. True when there is a problem: the command stops.
bool printDataProblems(const core::OpenedAssets& assets, const QString& command, QTextStream& err);

} // namespace mapsmith::cli
