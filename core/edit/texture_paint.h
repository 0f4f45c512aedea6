#pragma once
// A texture painting stroke on a document: dabs along the mouse path paint (or erase) one MTEX texture
// in every loaded chunk under the brush, across chunk and tile borders (pixel centres come from the
// exact chunk grid, so both sides of a border see the same brush). The whole stroke is one undo step.
//
// Per chunk under a paint dab:
//  1. a layer already using the texture is reused;
//  2. else, with fewer than 4 layers, a layer is appended (the texture is appended to the tile's MTEX
//     first when the tile lacks it);
//  3. else a layer is evicted to make room: the highest alpha layer (1..3) whose alpha map is entirely
//     0 (it contributes nothing), else layer 0 when its derived weight is 0 everywhere (alpha sums
//     exactly 255 at every pixel: layer 1 becomes the base and drops its alpha map; weights are
//     unchanged either way); later layers shift down and the new layer is appended;
//  4. else the chunk is refused and listed in refusedChunks().
// Erase dabs only change chunks that have the texture; the removed weight goes to layer 0 (see
// applyAlphaDab). When the stroke finishes, layers of the stroke's texture left with an all-zero alpha
// map (added but never visibly painted, or erased away) are removed. Unused MTEX entries stay.
// New layers: flags 0, effectId 0xFFFFFFFF (0 when the chunk's layers use 0 for "none"), encoding
// FourBit on 4-bit maps, else the chunk's other alpha layers' 8-bit encoding (RLE when none).
// During a stroke the weights of each painted chunk are kept as floats, so dabs far below one alpha
// step still accumulate; the alpha maps are rewritten from them after every dab (4-bit maps in steps
// of 17, the 63x63 4-bit maps of chunks without flag 0x8000 with row/column 63 repeating 62, exactly as
// they will be saved) and the chunk's low-quality texture map is rebuilt.

#include "core/edit/stroke_recorder.h"
#include "core/kernels/alpha_kernels.h"

#include <QString>

#include <glm/vec2.hpp>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace mapsmith::core {

class MapDocument;

struct TexturePaintSettings {
    BrushSettings brush; // strength: opacity per dab, 0..1
    std::string texture; // MTEX path, e.g. "Tileset\\Elwynn\\ElwynnRockBase.blp"
    bool erase = false;
};

// A chunk the stroke could not paint: it already has 4 layers of other textures, none evictable.
struct RefusedChunk {
    ChunkCoord chunk;
    std::string texture;
    // "chunk 3,5 of 32_32 already has 4 textures" (chunk column,row = MCNK indexX,indexY; tile X_Y).
    QString message() const;
    bool operator==(const RefusedChunk&) const = default;
};

// Index of `path` in the tile's MTEX: case-insensitive, '/' and '\\' equal (the game's file names).
std::optional<std::uint32_t> findTexture(const io::Adt& adt, std::string_view path);

class TexturePaintStroke {
public:
    TexturePaintStroke(MapDocument& doc, const TexturePaintSettings& settings);
    ~TexturePaintStroke(); // an unfinished stroke is finished (see finish())
    TexturePaintStroke(const TexturePaintStroke&) = delete;
    TexturePaintStroke& operator=(const TexturePaintStroke&) = delete;

    // Moves the brush to `world` (yards), placing dabs at the configured spacing.
    void moveTo(glm::dvec2 world, double pressure = 1.0);
    // One dab exactly at `world`, ignoring spacing.
    void dab(glm::dvec2 world, double pressure = 1.0);

    // Removes the stroke texture's empty layers and pushes the stroke as one undo step (nullptr when
    // nothing changed).
    const ChunkStateCommand* finish();
    void cancel();

    std::size_t touchedChunks() const { return mRecorder.touchedCount(); }
    // Chunks refused so far, each once, in the order met.
    const std::vector<RefusedChunk>& refusedChunks() const { return mRefused; }

private:
    struct Cached {
        std::unique_ptr<ChunkWeights> weights;
        std::uint64_t lastDab = 0;
    };
    // Where the stroke texture goes in a chunk: an existing layer (slot), a new one (add, after evicting
    // layer `evict` when >= 0), or nowhere (refused, or nothing to erase).
    struct LayerPlan {
        std::optional<std::uint32_t> texture; // its index in the tile's MTEX, when there
        int slot = -1;
        bool add = false;
        int evict = -1;
    };
    void paintChunk(const ChunkCoord& c, const BrushSettings& brush, glm::dvec2 centre);
    // Changes nothing but the refused list (a chunk without room is refused here).
    LayerPlan planLayer(const ChunkCoord& c, const io::MapChunk& chunk);
    // Adds the planned layer (and the texture to the tile's MTEX when missing); returns its slot.
    int addLayer(const ChunkCoord& c, io::MapChunk& chunk, const LayerPlan& plan);
    ChunkWeights& weightsFor(const ChunkCoord& c, const io::MapChunk& chunk);
    // Rewrites the alpha maps inside `rect` from the weights, then the low-quality map. Returns false
    // when nothing visible changed (no alpha value moved and the layers were not restructured).
    bool writeBack(const ChunkCoord& c, io::MapChunk& chunk, const ChunkWeights& w, PixelRect rect,
                   bool restructured);
    void rebuildLowQuality(io::MapChunk& chunk);
    void trimCache();

    MapDocument& mDoc;
    TexturePaintSettings mSettings;
    StrokeRecorder mRecorder;
    DabSpacer mSpacer;
    std::uint64_t mDabs = 0;
    bool mDone = false;
    std::map<ChunkCoord, Cached> mCache; // float weights of the chunks painted so far
    std::set<ChunkCoord> mPainted;       // chunks whose layers or alpha maps the stroke changed
    std::set<ChunkCoord> mRefusedSet;
    std::vector<RefusedChunk> mRefused;
};

} // namespace mapsmith::core
