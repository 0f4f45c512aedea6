#include "core/document/unique_ids.h"

#include "core/document/map_document.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <map>
#include <string>
#include <unordered_map>

namespace mapsmith::core {
namespace {

const std::string& nameOf(const std::vector<std::string>& names, std::uint32_t index) {
    static const std::string kNone;
    return index < names.size() ? names[index] : kNone;
}

} // namespace

UniqueIdAllocator::~UniqueIdAllocator() {
    QObject::disconnect(mConnection);
    if (mStopScan) {
        mStopScan->store(true);
    }
    if (mScan.valid()) {
        mScan.wait(); // ends at the next tile
    }
}

void UniqueIdAllocator::scanMapInBackground(const MapDocument& doc) {
    takeScan();
    std::vector<TileCoord> tiles;
    for (int y = 0; y < kTilesPerSide; ++y) {
        for (int x = 0; x < kTilesPerSide; ++x) {
            if (doc.tileExists({x, y})) {
                tiles.push_back({x, y});
            }
        }
    }
    auto stop = std::make_shared<std::atomic<bool>>(false);
    mStopScan = stop;
    mScan = std::async(std::launch::async, [reader = doc.source().backgroundReader(doc.bigAlpha()),
                                            tiles = std::move(tiles), stop] {
        std::vector<std::uint32_t> ids;
        for (const TileCoord t : tiles) {
            if (stop->load()) {
                break;
            }
            auto adt = reader(t);
            if (!adt) {
                continue;
            }
            for (const auto& d : adt->doodads) {
                ids.push_back(d.uniqueId);
            }
            for (const auto& w : adt->mapObjects) {
                ids.push_back(w.uniqueId);
            }
        }
        return ids;
    });
}

bool UniqueIdAllocator::scanning() const {
    return mScan.valid() && mScan.wait_for(std::chrono::seconds(0)) != std::future_status::ready;
}

void UniqueIdAllocator::takeScan() {
    if (!mScan.valid()) {
        return;
    }
    const std::vector<std::uint32_t> ids = mScan.get();
    for (const std::uint32_t id : ids) {
        mSeen.push_back(id);
        mMax = std::max(mMax, id);
    }
    mSeenSorted = false;
    mStopScan.reset();
}

void UniqueIdAllocator::scanTile(const io::Adt& adt) {
    for (const auto& d : adt.doodads) {
        mSeen.push_back(d.uniqueId);
    }
    for (const auto& w : adt.mapObjects) {
        mSeen.push_back(w.uniqueId);
    }
    mSeenSorted = false;
    mMax = std::max(mMax, maxUniqueId(adt));
}

void UniqueIdAllocator::attach(MapDocument& doc) {
    QObject::disconnect(mConnection);
    for (const TileCoord t : doc.loadedTiles()) {
        scanTile(*doc.tile(t));
    }
    MapDocument* d = &doc;
    mConnection = QObject::connect(&doc, &MapDocument::tileLoaded, [this, d](TileCoord t) {
        if (const auto* adt = d->tile(t)) {
            scanTile(*adt);
        }
    });
}

std::optional<std::uint32_t> UniqueIdAllocator::allocate() {
    takeScan();
    if (mMax < std::numeric_limits<std::uint32_t>::max()) {
        ++mMax;
        mSeen.push_back(mMax);
        return mMax; // ids above every one seen stay sorted at the end
    }
    if (!mSeenSorted) {
        std::sort(mSeen.begin(), mSeen.end());
        mSeen.erase(std::unique(mSeen.begin(), mSeen.end()), mSeen.end());
        mSeenSorted = true;
    }
    // The lowest gap from 1 up.
    std::uint32_t candidate = 1;
    auto it = std::lower_bound(mSeen.begin(), mSeen.end(), candidate);
    for (; it != mSeen.end() && *it == candidate; ++it) {
        if (candidate == std::numeric_limits<std::uint32_t>::max()) {
            return std::nullopt;
        }
        ++candidate;
    }
    mSeen.insert(it, candidate);
    return candidate;
}

bool sameObject(const io::Adt& a, const ObjectLocation& la, const io::Adt& b, const ObjectLocation& lb) {
    if (la.kind != lb.kind || la.tile == lb.tile) {
        return false;
    }
    if (la.kind == ObjectKind::Doodad) {
        io::DoodadPlacement da = a.doodads[la.index];
        io::DoodadPlacement db = b.doodads[lb.index];
        if (!sameModelName(nameOf(a.modelNames, da.nameIndex), nameOf(b.modelNames, db.nameIndex))) {
            return false;
        }
        da.nameIndex = db.nameIndex = 0;
        return da == db;
    }
    io::MapObjectPlacement wa = a.mapObjects[la.index];
    io::MapObjectPlacement wb = b.mapObjects[lb.index];
    if (!sameModelName(nameOf(a.wmoNames, wa.nameIndex), nameOf(b.wmoNames, wb.nameIndex))) {
        return false;
    }
    wa.nameIndex = wb.nameIndex = 0;
    return wa == wb;
}

std::vector<DuplicateId> findDuplicateIds(const std::vector<std::pair<TileCoord, const io::Adt*>>& tiles) {
    std::unordered_map<std::uint32_t, std::vector<ObjectLocation>> uses;
    std::map<TileCoord, const io::Adt*> byTile;
    for (const auto& [t, adt] : tiles) {
        byTile[t] = adt;
        for (std::size_t i = 0; i < adt->doodads.size(); ++i) {
            uses[adt->doodads[i].uniqueId].push_back({t, ObjectKind::Doodad, std::uint32_t(i)});
        }
        for (std::size_t i = 0; i < adt->mapObjects.size(); ++i) {
            uses[adt->mapObjects[i].uniqueId].push_back({t, ObjectKind::Wmo, std::uint32_t(i)});
        }
    }
    std::vector<DuplicateId> out;
    for (auto& [id, list] : uses) {
        if (list.size() < 2) {
            continue;
        }
        const ObjectLocation& first = list.front();
        bool duplicate = false;
        std::vector<TileCoord> seenTiles;
        for (const auto& use : list) {
            if (std::find(seenTiles.begin(), seenTiles.end(), use.tile) != seenTiles.end()) {
                duplicate = true; // twice in one tile
                break;
            }
            seenTiles.push_back(use.tile);
            if (&use != &first && !sameObject(*byTile[first.tile], first, *byTile[use.tile], use)) {
                duplicate = true;
                break;
            }
        }
        if (duplicate) {
            out.push_back({id, std::move(list)});
        }
    }
    std::sort(out.begin(), out.end(),
              [](const DuplicateId& a, const DuplicateId& b) { return a.uniqueId < b.uniqueId; });
    return out;
}

std::vector<DuplicateId> findDuplicateIds(const MapDocument& doc) {
    std::vector<std::pair<TileCoord, const io::Adt*>> tiles;
    for (const TileCoord t : doc.loadedTiles()) {
        tiles.emplace_back(t, doc.tile(t));
    }
    return findDuplicateIds(tiles);
}

} // namespace mapsmith::core
