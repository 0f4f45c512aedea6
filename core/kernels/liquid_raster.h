#pragma once
// The working form of one liquid layer (one MH2O instance) of one chunk, and the pure liquid brush
// kernels on it. No Qt, no document: the liquid stroke gathers rasters from chunks, runs kernels and
// converts back.
//
// A chunk's liquid grid is the terrain's outer vertex grid: 8x8 quads (kUnitSize = 4.1667 yd) and 9x9
// vertices. Quad (qx, qy): qx east, qy south, bit qy * 8 + qx of a QuadMask (the MH2O attribute
// layout). Vertex (vx, vy): bit / index vy * 9 + vx. Global lattice coordinates (gx, gy) are the
// terrain's: gx = global chunk gx * 8 + vx (west to east), gy = global chunk gy * 8 + vy (north to south),
// so a vertex on a chunk border has one position shared by every chunk storing it.
//
// File rules the conversions follow (ADT v18 spec, MH2O; corpus continent4229 and WotLK extractors):
// - Exists bitmap: bit i (LSB first) = quad (i % width, i / width) of the instance rectangle; absent =
//   every quad exists. Written only when a quad of the rectangle is missing, exactly (w*h+7)/8 bytes,
//   padding bits after w*h set to 1 (as Blizzard's files have them).
// - Formats without heights (no vertex data, LVF 2 depth-only): every vertex is at minHeight (WotLK
//   clients and extractors use min_height_level; the spec's "always 0.0" is WoD+, and Blizzard's ocean
//   has minHeight 0 anyway). Formats without depths (no vertex data, LVF 1): kImplicitDepth.
// - LVF values: 0 HeightDepth (new rivers, lakes, magma, slime), 2 DepthOnly (new ocean at height 0,
//   what Blizzard uses). An edit the instance's format cannot hold widens it: no vertex data or
//   DepthOnly with heights off the base height -> HeightDepth; no vertex data or HeightUv with depths
//   other than kImplicitDepth -> HeightDepth / HeightUvDepth. The LVF field follows the format (when it
//   holds an LVF, i.e. <= 3).

#include "core/geometry/coords.h"
#include "io/adt/mh2o.h"

#include <glm/vec2.hpp>

#include <array>
#include <bitset>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>

namespace mapsmith::core {

inline constexpr int kLiquidQuadsPerSide = 8;
inline constexpr int kLiquidVerticesPerSide = 9;
inline constexpr int kLiquidVertexCount = 81;

using QuadMask = std::uint64_t;     // bit qy * 8 + qx
using VertexMask = std::bitset<81>; // bit vy * 9 + vx

constexpr int liquidVertexIndex(int vx, int vy) {
    return vy * kLiquidVerticesPerSide + vx;
}
constexpr QuadMask quadBit(int qx, int qy) {
    return QuadMask(1) << (qy * kLiquidQuadsPerSide + qx);
}

// LiquidType.dbc ids of the WotLK basic liquids.
namespace liquid_type {
inline constexpr std::uint16_t Water = 1;
inline constexpr std::uint16_t Ocean = 2;
inline constexpr std::uint16_t Magma = 3;
inline constexpr std::uint16_t Slime = 4;
} // namespace liquid_type

// Depth of formats that store none (the spec gives no value; extractors treat an ocean without a depth
// map as dark, i.e. deep, water).
inline constexpr std::uint8_t kImplicitDepth = 255;
// Depth map units: 1 unit = 7/12 yd. Blizzard's ocean depths are exactly
// ceil(max(0, liquid height - terrain height) * 12 / 7) clamped to 255 (all 417 depth vertices of
// continent4229 match), so 255 units = 148.75 yd.
inline constexpr double kDepthUnitsPerYard = 12.0 / 7.0;

struct LiquidRaster {
    QuadMask coverage = 0;                                 // quads with liquid
    std::array<float, kLiquidVertexCount> heights{};       // absolute heights, yards
    std::array<std::uint8_t, kLiquidVertexCount> depths{}; // depth units (see kDepthUnitsPerYard)
    std::array<io::LiquidUv, kLiquidVertexCount> uvs{};
    std::uint16_t liquidType = 0;                 // LiquidType.dbc id
    std::uint16_t liquidObjectOrLvf = 0;          // as stored (the LVF in WotLK)
    std::optional<io::LiquidVertexFormat> format; // nullopt: no vertex data
    float baseHeight = 0.0f; // height of formats without heights (the source minHeight), yards
    bool operator==(const LiquidRaster&) const = default;
};

// An empty raster for new liquid of `liquidType`: ocean DepthOnly at base height 0, anything else
// HeightDepth; heights at 0, depths kImplicitDepth.
LiquidRaster newLiquidRaster(std::uint16_t liquidType);

// Instance -> raster. Vertices outside the rectangle get the base height, kImplicitDepth and uv 0;
// missing exists-bitmap bytes or vertex entries read as absent quads / implicit values. Attributes
// (per chunk) are not part of a layer.
LiquidRaster toRaster(const io::LiquidInstance& instance);

// Raster -> the minimal instance (nullopt when no quad is covered): rectangle = bounding box of the
// covered quads, bitmap as above, vertex data of the rectangle in the raster's format (widened when
// needed), min/maxHeight over the vertices of covered quads. A minimal instance converts back to
// itself exactly.
std::optional<io::LiquidInstance> toInstance(const LiquidRaster& raster);

// Covered quads of an instance (without building a raster).
QuadMask instanceCoverage(const io::LiquidInstance& instance);

// Corners of the covered quads; whether vertex (vx, vy) is one.
VertexMask usedVertices(QuadMask coverage);
bool vertexUsed(QuadMask coverage, int vx, int vy);

// World position (x north, y west, yards) of global lattice vertex (gx, gy), and of the centre of
// global quad (qx, qy) (its north-west corner is vertex (qx, qy)). One formula for every chunk, so a
// shared vertex gets bit-identical positions (and plane heights) in each chunk storing it.
glm::dvec2 liquidVertexWorld(int gx, int gy);
glm::dvec2 liquidQuadCentreWorld(int qx, int qy);

// Quads of global chunk `chunk` whose centres are strictly inside the disc, and its vertices strictly
// inside the disc. Liquid brushes are hard: no falloff, strength or pressure.
QuadMask quadsInDisc(GlobalChunk chunk, glm::dvec2 centre, double radius);
VertexMask verticesInDisc(GlobalChunk chunk, glm::dvec2 centre, double radius);

// A liquid surface: height + tan(angle) * (distance from origin along orientation). Flat = angle 0.
struct LiquidPlane {
    double height = 0.0;      // yards at `origin`
    double angle = 0.0;       // degrees above horizontal, clamped to -89..89
    double orientation = 0.0; // degrees the surface rises towards: 0 = north (+x), 90 = west (+y)
    glm::dvec2 origin{0.0};   // world (x north, y west)
    double heightAt(glm::dvec2 world) const;
};

// Depth units for liquid at `liquidHeight` over terrain at `terrainHeight` (yards):
// ceil(max(0, difference) * kDepthUnitsPerYard) clamped to 0..255; non-finite input gives 0.
std::uint8_t depthBelow(double liquidHeight, double terrainHeight);

struct LiquidVertexValue {
    float height = 0.0f;    // yards
    std::uint8_t depth = 0; // depth units
};

// Adds `quads` to the coverage and returns the quads that were not covered before. Each vertex that
// becomes used (a corner of an added quad and of no quad covered before) takes fresh(vx, vy): the
// height always, the depth only when the format stores depths (else it stays kImplicitDepth); its uv
// becomes 0. Vertices already used keep their values.
QuadMask addQuads(LiquidRaster& raster, QuadMask quads,
                  const std::function<LiquidVertexValue(int vx, int vy)>& fresh);

// Removes `quads` from the coverage and returns the quads that were covered. Vertex data is kept
// (unused vertices are dropped by toInstance() when they leave the rectangle).
QuadMask removeQuads(LiquidRaster& raster, QuadMask quads);

// Sets the height of every used vertex in `vertices` of global chunk `chunk` to the plane's height at
// its lattice position (rounded to float). Returns the number of vertices whose value changed.
int setHeights(LiquidRaster& raster, GlobalChunk chunk, const VertexMask& vertices, const LiquidPlane& plane);

// Sets the depth of every used vertex in `vertices`: `constant` when it has a value, else
// depthBelow(vertex height, terrain[i]) (terrain: absolute heights per vertex index; a non-finite
// entry leaves that vertex alone). Returns the number of vertices whose value changed.
int setDepths(LiquidRaster& raster, const VertexMask& vertices, std::optional<std::uint8_t> constant,
              std::span<const double, kLiquidVertexCount> terrain);

// Sets the layer's liquid type; returns whether it changed. The format is kept.
bool setLiquidType(LiquidRaster& raster, std::uint16_t liquidType);

} // namespace mapsmith::core
