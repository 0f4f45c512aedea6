#pragma once
// A height brush stroke on a document: dabs along the mouse path, each one gathering the vertices
// under the brush from every loaded chunk and tile, running the pure kernel once per distinct
// vertex (shared border vertices stay identical in every chunk that stores them) and recomputing
// the normals around the change. The whole stroke is one undo step.

#include "core/edit/stroke_recorder.h"
#include "core/geometry/brush_vertices.h"
#include "core/kernels/height_kernels.h"

#include <glm/vec2.hpp>

#include <vector>

namespace mapsmith::core {

class MapDocument;

class HeightStroke {
public:
    HeightStroke(MapDocument& doc, const HeightBrushSettings& settings);

    // Moves the brush to `world` (yards), placing dabs at the configured spacing. The first call
    // starts the stroke (and fixes the stroke-start height used by flatten and ramps).
    void moveTo(glm::dvec2 world, double pressure = 1.0);
    // One dab exactly at `world`, ignoring spacing.
    void dab(glm::dvec2 world, double pressure = 1.0);

    const ChunkStateCommand* finish() { return mRecorder.finish(); }
    void cancel() { mRecorder.cancel(); }
    std::size_t touchedChunks() const { return mRecorder.touchedCount(); }

private:
    void start(glm::dvec2 world);

    MapDocument& mDoc;
    HeightBrushSettings mSettings;
    StrokeRecorder mRecorder;
    DabSpacer mSpacer;
    bool mStarted = false;
    DabContext mContext;

    // Scratch buffers reused across dabs.
    std::vector<BrushVertex> mTargets;
    std::vector<glm::dvec2> mPositions;
    std::vector<float> mHeights;
    std::vector<float> mBefore;
};

// Recomputes MCNR of every vertex whose world position lies in [min, max] (x and y) in the recorder's
// document, editing through `recorder`. Neighbour heights come from any loaded tile; at the edge of the
// loaded area the vertex's own height stands in for the missing neighbour.
void recomputeNormals(StrokeRecorder& recorder, glm::dvec2 min, glm::dvec2 max);

} // namespace mapsmith::core
