#pragma once
// Undo snapshots: the complete editable state of one map chunk (its MCNK and its MH2O entry),
// packed field by field and zlib-compressed. Unpacking restores a state equal to the one packed,
// so undo and redo give back the exact bytes the tile would have been written with.

#include "core/edit/snapshot_spill.h"
#include "io/adt/adt.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mapsmith::core {

struct ChunkState {
    io::MapChunk chunk;
    io::LiquidChunk liquid;
    bool operator==(const ChunkState&) const = default;
};

// Tile-level state edits can change besides chunks: texture, model and WMO name tables and the
// object placements. Held as a plain copy (small next to chunk snapshots).
struct TileState {
    std::vector<std::string> textures;
    std::optional<std::vector<std::uint32_t>> textureFlags;
    std::vector<std::string> modelNames;
    std::vector<std::string> wmoNames;
    std::vector<io::DoodadPlacement> doodads;
    std::vector<io::MapObjectPlacement> mapObjects;
    bool operator==(const TileState&) const = default;

    static TileState of(const io::Adt& adt);
    void applyTo(io::Adt& adt) const;
};

class ChunkSnapshot {
public:
    ChunkSnapshot() = default;
    static ChunkSnapshot capture(const io::MapChunk& chunk, const io::LiquidChunk& liquid);

    // Restores the captured state. Returns false only when the snapshot is corrupt (never for a
    // snapshot made by capture()).
    bool restore(ChunkState& out) const;

    // Moves the compressed bytes to the spill file (no-op when already there or when writing
    // fails); restore() reads them back. The spill must outlive the snapshot.
    void spillTo(SnapshotSpill& spill);
    bool spilled() const { return mSpill != nullptr; }

    std::size_t compressedSize() const { return mSpill ? std::size_t(mWhere.size) : mPacked.size(); }
    std::size_t residentSize() const { return mPacked.size(); } // bytes held in memory
    std::size_t rawSize() const { return mRawSize; }
    bool empty() const { return mPacked.empty() && !mSpill; }

private:
    std::vector<std::byte> mPacked; // zlib stream of the packed fields (empty once spilled)
    std::size_t mRawSize = 0;
    SnapshotSpill* mSpill = nullptr;
    SnapshotSpill::Location mWhere;
};

// The uncompressed field-by-field encoding (exposed for tests and benchmarks).
std::vector<std::byte> packChunkState(const io::MapChunk& chunk, const io::LiquidChunk& liquid);
bool unpackChunkState(std::span<const std::byte> packed, ChunkState& out);

} // namespace mapsmith::core
