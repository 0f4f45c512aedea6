#pragma once
// Undo snapshots: the complete editable state of one map chunk (its MCNK and its MH2O entry),
// packed field by field and zlib-compressed. Unpacking restores a state equal to the one packed,
// so undo and redo give back the exact bytes the tile would have been written with.

#include "io/adt.h"

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

    std::size_t compressedSize() const { return mPacked.size(); }
    std::size_t rawSize() const { return mRawSize; }
    bool empty() const { return mPacked.empty(); }

private:
    std::vector<std::byte> mPacked; // zlib stream of the packed fields
    std::size_t mRawSize = 0;
};

// The uncompressed field-by-field encoding (exposed for tests and benchmarks).
std::vector<std::byte> packChunkState(const io::MapChunk& chunk, const io::LiquidChunk& liquid);
bool unpackChunkState(std::span<const std::byte> packed, ChunkState& out);

} // namespace mapsmith::core
