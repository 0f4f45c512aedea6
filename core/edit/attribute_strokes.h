#pragma once
// Strokes of the chunk-attribute brushes on a document: holes, vertex colours (MCCV), shadow bits
// (MCSH), area id and the impassable flag. Each dab runs the pure kernels of chunk_brushes.h on every
// loaded chunk the brush reaches, across chunk and tile borders; the whole stroke is one undo step.
// Chunks are placed on the map grid (coords.h chunkOrigin), not by their float header positions.

#include "core/edit/stroke_recorder.h"
#include "core/geometry/brush_vertices.h"
#include "core/kernels/chunk_brushes.h"
#include "io/adt/adt.h"

#include <glm/vec2.hpp>

#include <set>
#include <vector>

namespace mapsmith::core {

class MapDocument;

// Dab placement, recording and the chunk search shared by the attribute strokes.
class AttributeStroke {
public:
    AttributeStroke(const AttributeStroke&) = delete;
    AttributeStroke& operator=(const AttributeStroke&) = delete;
    virtual ~AttributeStroke() = default;

    // Moves the brush to `world` (yards), placing dabs at the configured spacing.
    void moveTo(glm::dvec2 world, double pressure = 1.0);
    // One dab exactly at `world`, ignoring spacing. `pressure` (0..1) multiplies the settings'
    // pressure; the binary brushes ignore it.
    void dab(glm::dvec2 world, double pressure = 1.0);

    // Pushes the stroke as one undo step (nullptr when nothing changed); later calls do nothing.
    const ChunkStateCommand* finish();
    // Restores every chunk the stroke changed and pushes nothing.
    void cancel();
    std::size_t touchedChunks() const { return mRecorder.touchedCount(); }

protected:
    AttributeStroke(MapDocument& doc, const BrushSettings& brush, CommandId id, const QString& text);

    virtual void applyDab(glm::dvec2 world, double pressure) = 0;
    // Runs once, at finish(), before the command is pushed (not on cancel()).
    virtual void beforeFinish() {}
    // Loaded chunks whose square the disc (world, radius) reaches (ChunkPick::Overlap), in map order.
    const std::vector<ChunkCoord>& chunksNear(glm::dvec2 world, double radius);

    MapDocument& mDoc;
    StrokeRecorder mRecorder;

private:
    DabSpacer mSpacer;
    std::vector<ChunkCoord> mNear;
    bool mDone = false;
};

// ---- Holes -----------------------------------------------------------------------------------------

struct HoleBrushSettings {
    BrushSettings brush; // radius only
    HoleMode mode = HoleMode::Cut;
    // false (default, the WotLK format): chunks with low-res holes are edited by 2x2-quad cells. true:
    // such chunks are converted to high-res holes (flag 0x10000, their cells translated to quads) the
    // first time a dab changes them, and edited by single quads. Not readable by a 3.3.5 client (see
    // chunk_brushes.h). Chunks that already have high-res holes stay high-res and are edited by cells
    // (false) or quads (true).
    bool highRes = false;
};

// Cuts or fills holes: a low-res cell / quad changes when its centre is strictly inside the radius.
// A high-res chunk's low-res mask is kept as highToLowResHoles() of its high-res mask.
class HoleStroke : public AttributeStroke {
public:
    HoleStroke(MapDocument& doc, const HoleBrushSettings& settings);

private:
    void applyDab(glm::dvec2 world, double pressure) override;
    HoleBrushSettings mSettings;
};

// ---- Vertex colours ----------------------------------------------------------------------------------

// Paints MCCV. A vertex stored by several chunks (outer vertices on chunk and tile borders) is read
// from the first of them (south-east first) that has MCCV, neutral when none has, blended once and
// written to every loaded chunk that stores it. A chunk gets MCCV (all kNeutralColour) when a dab first
// gives one of its vertices a non-neutral colour. With dropNeutral, finish() removes the MCCV of every
// chunk whose colours the stroke changed and that are all exactly kNeutralColour.
class VertexColourStroke : public AttributeStroke {
public:
    VertexColourStroke(MapDocument& doc, const VertexColourBrushSettings& settings);
    ~VertexColourStroke() override; // finishes (dropping neutral MCCV) when finish() was not called

private:
    void applyDab(glm::dvec2 world, double pressure) override;
    void beforeFinish() override;
    // The chunks around one dab, looked up once per dab.
    struct GridCell {
        ChunkCoord coord;
        const io::MapChunk* chunk = nullptr; // nullptr: tile not loaded
        ChunkEdit edit;                      // open once this dab changed the chunk
    };
    struct ChunkGrid {
        int x0 = 0; // global chunk of cells[0]
        int y0 = 0;
        int width = 0;
        std::vector<GridCell> cells;
    };
    void loadChunks(int gx0, int gy0, int gx1, int gy1);
    GridCell* cellOf(const ChunkCoord& c); // nullptr outside the grid or when not loaded
    void writeColour(GridCell& cell, int vertex, std::uint32_t colour);

    VertexColourBrushSettings mSettings;
    ChunkGrid mGrid;
    std::set<ChunkCoord> mChangedChunks;
    std::vector<BrushVertex> mTargets;
    std::vector<glm::dvec2> mPositions;
    std::vector<std::uint32_t> mColours;
    std::vector<std::uint32_t> mBefore;
};

// ---- Shadow map ----------------------------------------------------------------------------------------

struct ShadowBrushSettings {
    BrushSettings brush;  // radius only
    bool shadowed = true; // true paints shadow bits, false clears them
};

// Paints MCSH bits (cell centre strictly inside the radius). A chunk without MCSH gets a zeroed
// 512-byte map when a painting dab first reaches it; clearing never creates nor removes MCSH (a
// cleared map stays, all zero). MCSH of another size than 512 bytes is left alone.
class ShadowStroke : public AttributeStroke {
public:
    ShadowStroke(MapDocument& doc, const ShadowBrushSettings& settings);

private:
    void applyDab(glm::dvec2 world, double pressure) override;
    ShadowBrushSettings mSettings;
};

// ---- Area id / impassable ------------------------------------------------------------------------------

struct AreaIdBrushSettings {
    BrushSettings brush;      // radius only
    std::uint32_t areaId = 0; // AreaTable.dbc id
    ChunkPick pick = ChunkPick::Overlap;
};

// Sets MCNK areaId of every chunk picked by a dab.
class AreaIdStroke : public AttributeStroke {
public:
    AreaIdStroke(MapDocument& doc, const AreaIdBrushSettings& settings);

private:
    void applyDab(glm::dvec2 world, double pressure) override;
    AreaIdBrushSettings mSettings;
};

struct ImpassableBrushSettings {
    BrushSettings brush;    // radius only
    bool impassable = true; // set (true) or clear mcnk_flags::Impassable
    ChunkPick pick = ChunkPick::Overlap;
};

// Sets or clears MCNK flag Impassable (0x2) of every chunk picked by a dab.
class ImpassableStroke : public AttributeStroke {
public:
    ImpassableStroke(MapDocument& doc, const ImpassableBrushSettings& settings);

private:
    void applyDab(glm::dvec2 world, double pressure) override;
    ImpassableBrushSettings mSettings;
};

} // namespace mapsmith::core
