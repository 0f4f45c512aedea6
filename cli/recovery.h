#pragma once
// Before a command works on files, the saves a killed mapsmith left in their folders are finished or
// undone (core/document/folder_recovery.h): the folder of every argument that names an existing file or
// folder (or a file to be created in an existing folder), option values included.

#include <QStringList>

class QTextStream;

namespace mapsmith::cli {

// The folders `args` (the command's arguments, without the command) name, each once.
QStringList argumentFolders(const QStringList& args);
// Recovers them, printing what was done ("mapsmith-cli: finished an interrupted save in DIR (N files)")
// on `err`. Returns false when a folder could not be recovered (the message printed names the reason).
bool recoverArgumentFolders(const QStringList& args, QTextStream& err);

} // namespace mapsmith::cli
