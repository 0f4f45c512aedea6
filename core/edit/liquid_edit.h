#pragma once
// A liquid brush stroke on a document: adds or removes liquid quads, sets heights (flat or an angled
// plane), depths or the liquid type of one layer (MH2O instance index) in every chunk under the brush,
// across chunk and tile borders. The whole stroke is one undo step.
//
// Rules:
// - Brushes are hard discs of brush.radius yards (hardness, falloff, strength, pressure and spacing
//   other than for dab placement are ignored): a quad is under the brush when its centre is strictly
//   inside; a vertex when it is.
// - Add covers the quads under the brush. A vertex that becomes used takes the height and depth it
//   already has in a neighbouring chunk's layer that uses it (so borders stay closed), else the
//   settings' surface height and depth. A chunk without the layer gets a new instance at the next free
//   index (index min(layer, count)) of settings.liquidType; an existing layer keeps its type.
// - SetHeight / SetDepth change the used vertices under the brush in every chunk storing them (a border
//   vertex gets one value in all of them: positions come from the global lattice). SetType changes the
//   type of the layer in every chunk with a covered quad under the brush.
// - Attributes (8x8 fishable / deep masks per chunk): quads added get their fishable bit set (Blizzard
//   sets fishable exactly on its liquid quads); quads that no layer covers any more get both bits
//   cleared; other quads keep theirs. A chunk left without instances and with all-zero masks drops its
//   attributes (the file's offset 0 means all zero), and a tile read without MH2O loses it again once
//   empty (the document's rule).
// - MCNK liquid flags (lq_river/ocean/magma/slime) are left alone: they describe MCLQ. Blizzard's
//   WotLK tiles with MH2O liquid do not set them (continent4229: ocean chunks have flags 0x8001), and
//   extractors read them only for MCLQ when a tile has no MH2O.

#include "core/edit/stroke_recorder.h"
#include "core/geometry/brush.h"
#include "core/kernels/liquid_raster.h"

#include <glm/vec2.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <utility>

namespace mapsmith::core {

class MapDocument;

enum class LiquidMode { Add, Remove, SetHeight, SetType, SetDepth };
enum class LiquidHeightMode {
    Flat,  // the surface is at `height`
    Plane, // rises `angle` degrees towards `orientation` through `height` at the plane origin
};
enum class LiquidDepthMode {
    FromTerrain, // depthBelow(liquid height, terrain height): 1 unit = 7/12 yd, clamped to 255
    Constant,    // `depth` units
};

struct LiquidSettings {
    BrushSettings brush; // radius (yards) and dab spacing only
    LiquidMode mode = LiquidMode::Add;
    std::uint16_t liquidType = liquid_type::Water; // LiquidType.dbc id: new layers (Add) and SetType
    std::size_t layer = 0;                         // instance index in the chunk (0 = first)
    // Surface for Add (new vertices) and SetHeight.
    LiquidHeightMode heightMode = LiquidHeightMode::Flat;
    double height = 0.0;                   // yards (Plane: at the plane origin)
    bool heightFromStart = false;          // height is relative to the terrain under the first dab
    double angle = 0.0;                    // Plane: degrees above horizontal, clamped to -89..89
    double orientation = 0.0;              // Plane: degrees, 0 = north (+x), 90 = west (+y)
    std::optional<glm::dvec2> planeOrigin; // Plane: world point; nullopt = the stroke's first dab
    // Depth for Add (new vertices) and SetDepth.
    LiquidDepthMode depthMode = LiquidDepthMode::FromTerrain;
    std::uint8_t depth = 0; // Constant: depth units
};

class LiquidStroke {
public:
    LiquidStroke(MapDocument& doc, const LiquidSettings& settings);

    // Moves the brush to `world` (yards), placing dabs at the configured spacing. The first call starts
    // the stroke (and fixes the plane origin when the settings give none).
    void moveTo(glm::dvec2 world);
    // One dab exactly at `world`, ignoring spacing.
    void dab(glm::dvec2 world);

    const ChunkStateCommand* finish() { return mRecorder.finish(); }
    void cancel() { mRecorder.cancel(); }
    std::size_t touchedChunks() const { return mRecorder.touchedCount(); }

private:
    // One chunk's layer during a dab.
    struct Work {
        ChunkCoord coord;
        bool loaded = false;
        bool hasLayer = false; // the raster holds the layer (read, or created by this dab)
        std::size_t layer = 0; // instance index (== count when the chunk has no such layer yet)
        LiquidRaster raster;
        QuadMask added = 0;
        QuadMask removed = 0;
        bool modified = false;
    };

    void start(glm::dvec2 world);
    // One chunk of a dab, by mode.
    void dabChunk(GlobalChunk g, glm::dvec2 world, double radius);
    void addIn(GlobalChunk g, QuadMask quads);
    void removeIn(GlobalChunk g, QuadMask quads);
    void setHeightsIn(GlobalChunk g, const VertexMask& vertices);
    void setDepthsIn(GlobalChunk g, const VertexMask& vertices);
    void setTypeIn(GlobalChunk g, QuadMask quads);
    // Terrain height (yards) under each of the chunk's `used` liquid vertices, NaN elsewhere.
    std::array<double, kLiquidVertexCount> terrainUnder(GlobalChunk g, const VertexMask& used) const;
    Work* work(GlobalChunk g); // nullptr when off the map or not loaded
    LiquidVertexValue freshVertex(int gx, int gy);
    std::uint8_t settingsDepth(float liquidHeight, int gx, int gy) const;
    void writeBack(Work& w);

    MapDocument& mDoc;
    LiquidSettings mSettings;
    StrokeRecorder mRecorder;
    DabSpacer mSpacer;
    bool mStarted = false;
    LiquidPlane mPlane;
    std::map<std::pair<int, int>, Work> mWork; // this dab's chunks, key (gy, gx)
};

} // namespace mapsmith::core
