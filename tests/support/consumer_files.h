#pragma once
// Map files on disk turned into another editor's convention (tests/support/consumer_conventions.h does the
// bytes), for tests that open a map folder: the GUI and document manager tests of saves and Map > Repair.

#include "io/binary/file_io.h"
#include "support/consumer_conventions.h"
#include "support/write_file.h"

#include <QFile>
#include <QString>

namespace mapsmith::tests {

// Rewrites the WDT at `path` without its `id` chunk (MWMO: as some editors write it, and TrinityCore's
// extractor then skips the map). False when the file cannot be read, has no such chunk or cannot be written.
inline bool dropWdtChunk(const QString& path, io::FourCC id) {
    const auto bytes = io::readFileBytes(QFile::encodeName(path).toStdString());
    if (!bytes) {
        return false;
    }
    const Bytes out = wdtWithout(*bytes, id);
    return out.size() != bytes->size() && test::writeFile(path, out);
}

} // namespace mapsmith::tests
