#pragma once
// Height brush kernels: pure functions over plain arrays of vertex positions and absolute heights
// (yards). The caller gathers the vertices under the dab (from any number of chunks and tiles),
// runs a kernel and writes the heights back; kernels never see chunks, tiles or Qt.

#include "core/geometry/brush.h"

#include <glm/vec2.hpp>

#include <cstdint>
#include <functional>
#include <span>

namespace mapsmith::core {

// "strength" below is brush.strength * brush.pressure; "weight" is brushWeight() at the vertex.
enum class HeightMode {
    RaiseLower, // + strength * weight yards per dab (lower: negative)
    Flatten,    // towards a target plane, by min(1, strength * weight) of the distance per dab
    Smooth,     // towards the 3x3 box average (taps kUnitSize apart) of heightBefore, by
                // min(1, strength * weight) per dab; a linear field is unchanged
    Noise,      // + valueNoise(seed, p / noiseScale) * strength * weight yards per dab
    Set,        // lerp(h, targetHeight, weight): exact inside the inner radius, blends at the rim;
                // strength and pressure are ignored
};

enum class FlattenTarget {
    Height,      // the settings' targetHeight
    StrokeStart, // the height under the stroke's first dab (DabContext::strokeStartHeight)
    Ramp,        // a plane through the stroke start, rising rampAngle degrees towards rampOrientation
};

struct HeightBrushSettings {
    BrushSettings brush;
    HeightMode mode = HeightMode::RaiseLower;
    bool lower = false; // RaiseLower: lower instead of raise
    FlattenTarget flattenTarget = FlattenTarget::StrokeStart;
    double targetHeight = 0.0;    // yards (Set, Flatten to Height)
    double rampAngle = 10.0;      // degrees above horizontal (Ramp), clamped to -89..89
    double rampOrientation = 0.0; // degrees, 0 = north (+x), 90 = west (+y)
    std::uint32_t noiseSeed = 1;  // Noise: same seed, same terrain
    double noiseScale = 20.0;     // Noise: feature size in yards (lattice spacing; >= 0.01)
};

struct DabContext {
    glm::dvec2 centre{0.0};         // world (x north, y west)
    glm::dvec2 strokeStart{0.0};    // world position of the stroke's first dab
    double strokeStartHeight = 0.0; // terrain height there when the stroke began
    // Smooth: terrain height at any point before this dab (the caller samples a snapshot); when
    // empty, Smooth does nothing.
    std::function<double(glm::dvec2)> heightBefore;
};

// Applies one dab to the vertices at `positions` (world), updating `heights` in place (absolute,
// same length; extra entries of the longer span are ignored). Vertices with weight 0 (at or outside
// the radius) are left untouched bit for bit. Computed in double, stored rounded to float.
void applyHeightDab(const HeightBrushSettings& settings, const DabContext& dab,
                    std::span<const glm::dvec2> positions, std::span<float> heights);

// Deterministic 2D value noise in [-1, 1] (smooth, period-free), for the Noise mode: hashed values
// on the integer lattice, quintic-interpolated (C2). Feature size 1 in p's units; non-finite p gives 0.
double valueNoise(std::uint32_t seed, glm::dvec2 p);

} // namespace mapsmith::core
