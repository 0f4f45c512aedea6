#pragma once
// MDDF/MODF uniqueIds: one id space for doodads and WMOs across the whole map (the client draws each
// id once, so two objects sharing one id hide each other).
//
// UniqueIdAllocator hands out ids above the highest one seen in any tile scanned so far (every loaded
// tile, and each tile loaded later when attached to the document). An id handed out is never handed
// out again in the session, even when the add that used it is undone (undo restores the tile, not the
// allocator), so redo can never collide with a later add. Only when ids above the maximum run out
// (a tile holds 0xFFFFFFFF) does it fall back to the lowest id neither seen nor handed out.

#include "core/geometry/coords.h"
#include "core/geometry/object_model.h"
#include "io/adt/adt.h"

#include <QMetaObject>

#include <atomic>
#include <cstdint>
#include <future>
#include <memory>
#include <optional>
#include <vector>

namespace mapsmith::core {

class MapDocument;

class UniqueIdAllocator {
public:
    UniqueIdAllocator() = default;
    ~UniqueIdAllocator();
    UniqueIdAllocator(const UniqueIdAllocator&) = delete;
    UniqueIdAllocator& operator=(const UniqueIdAllocator&) = delete;

    // Learns the ids of a tile (scanning a tile again is harmless).
    void scanTile(const io::Adt& adt);
    // Scans every loaded tile and, until destroyed, every tile the document loads later.
    void attach(MapDocument& doc);
    // Reads every tile of the document's map on a worker thread (MapSource::backgroundReader) for its ids;
    // allocate() waits for that scan first, so the ids it hands out are fresh map-wide, not only among the
    // loaded tiles. A tile that cannot be read is skipped (its ids stay unknown until it loads).
    void scanMapInBackground(const MapDocument& doc);
    // True while a map scan runs.
    bool scanning() const;

    // A fresh id, or nullopt when all 2^32 - 1 ids are taken. 0 is never handed out.
    std::optional<std::uint32_t> allocate();

    std::uint32_t maxSeen() const { return mMax; } // highest id seen or handed out

private:
    void takeScan(); // waits for a pending map scan and learns its ids

    std::uint32_t mMax = 0;
    std::vector<std::uint32_t> mSeen; // ids seen or handed out; kept only for the exhausted fallback
    bool mSeenSorted = true;
    QMetaObject::Connection mConnection;
    std::future<std::vector<std::uint32_t>> mScan; // the map's ids, read on a worker thread
    std::shared_ptr<std::atomic<bool>> mStopScan;  // set to end a scan early (destruction)
};

// One use of a uniqueId: entry `index` of the tile's MDDF (Doodad) or MODF (Wmo).
struct ObjectLocation {
    TileCoord tile;
    ObjectKind kind = ObjectKind::Doodad;
    std::uint32_t index = 0;
    bool operator==(const ObjectLocation&) const = default;
};

struct DuplicateId {
    std::uint32_t uniqueId = 0;
    std::vector<ObjectLocation> uses; // every use of the id, in tile order
};

// Whether two uses are copies of one object: in different tiles, of the same kind, with the same model
// name and equal placements apart from nameIndex (one object across tile borders keeps one id).
bool sameObject(const io::Adt& a, const ObjectLocation& la, const io::Adt& b, const ObjectLocation& lb);

// Ids used by more than one object in the given tiles. Copies of one object in several tiles (same
// kind, same model name, equal placement apart from nameIndex) are one object; two entries with the
// id in one tile, a doodad and a WMO sharing it, or copies that differ are duplicates.
std::vector<DuplicateId> findDuplicateIds(const std::vector<std::pair<TileCoord, const io::Adt*>>& tiles);
std::vector<DuplicateId> findDuplicateIds(const MapDocument& doc); // every loaded tile

} // namespace mapsmith::core
