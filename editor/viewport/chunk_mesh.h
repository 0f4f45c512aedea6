#pragma once
// The render mesh of one MCNK, built from the model alone (no GL): 145 vertices in the chunk's own
// order and 4 triangles per quad fanning from the inner vertex (as core/geometry/chunk_height.h
// triangulates), minus the triangles of hole quads. Positions are scene coordinates (scene_frame.h).

#include "editor/viewport/scene_frame.h"
#include "io/adt/adt.h"

#include <cstdint>
#include <span>
#include <vector>

namespace mapsmith::editor {

// Interleaved vertex, 44 bytes; the attribute offsets below are what the terrain geometry declares.
struct ChunkVertex {
    float position[3]; // scene, yards
    float normal[3];   // scene, unit length up to MCNR rounding
    float colour[3];   // MCCV multiplier: 2 * byte / 255 (0x7F ~ 1.0); 1.0 without MCCV
    float uv[2];       // 0..1 across the chunk: u eastwards, v southwards (alpha map rows run north->south)
};
static_assert(sizeof(ChunkVertex) == 44);

inline constexpr int kChunkVertexCount = 145;
inline constexpr int kChunkMaxTriangles = 256;

// Fills the 145 vertices of `chunk` (header position + MCVT/MCNR/MCCV).
void buildChunkVertices(const io::MapChunk& chunk, const SceneFrame& frame,
                        std::span<ChunkVertex, kChunkVertexCount> out);

// Triangle list (3 indices per triangle) of the chunk's non-hole quads, counter-clockwise seen from
// above: per quad (NW, C, NE), (NE, C, SE), (SE, C, SW), (SW, C, NW).
std::vector<std::uint16_t> buildChunkIndices(const io::MapChunk& chunk);

// MCCV entry (BGRA bytes in a little-endian uint32) -> RGB multiplier 2 * byte / 255.
void vertexColourFactor(std::uint32_t bgra, float out[3]);

} // namespace mapsmith::editor
