#pragma once
// Opening a map folder as a document for the commands that edit it through the document (place, import-wmb,
// bake-shadows), and learning its uniqueIds so the objects they add get fresh ones map-wide.

#include <QString>

#include <memory>

class QTextStream;

namespace mapsmith::core {
class FolderMapSource;
class MapDocument;
class UniqueIdAllocator;
} // namespace mapsmith::core

namespace mapsmith::cli {

struct MapFolder; // cli/map_block.h

struct OpenedMapDocument {
    std::unique_ptr<core::MapDocument> doc;
    core::FolderMapSource* source = nullptr; // owned by doc: its file paths for the report

    explicit operator bool() const { return doc != nullptr; }
};

// The folder's document over a FolderMapSource (tiles read on demand), or an empty result with
// "<command>: <reason>" printed to err.
OpenedMapDocument openMapDocument(const MapFolder& map, const QString& command, QTextStream& err);

// Attaches `ids` to the document and learns every tile's uniqueIds, one tile in memory at a time. False with
// "<command>: <reason> (its uniqueIds are needed to give fresh ones); nothing written" printed when a tile
// cannot be read.
bool learnUniqueIds(core::MapDocument& doc, core::UniqueIdAllocator& ids, const QString& command,
                    QTextStream& err);

} // namespace mapsmith::cli
