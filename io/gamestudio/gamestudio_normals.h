#pragma once
// The 162 vertex normals of Gamestudio MDL and HMP files. A vertex stores a byte index into this table
// ("lightnormalindex"); the spec calls 0..161 the ordinary values. The vectors are unit length (within
// 1e-5) in model/terrain space (x, y, z with z up for terrain).

#include <array>
#include <cstddef>
#include <cstdint>

namespace mapsmith::io {

inline constexpr std::size_t kGamestudioNormalCount = 162;

// A Gamestudio vector (x, y, z); not io::Vec3f (adt.h), which is a struct of the ADT model.
using GsVec3 = std::array<float, 3>;

// The table as the spec lists it (MDL5 section, "lightnormals[162][3]"), in the spec's order.
const std::array<GsVec3, kGamestudioNormalCount>& gamestudioNormals();

// Table entry `index`; (0, 0, 1) (entry 5) for an index outside the table.
GsVec3 gamestudioNormal(std::uint8_t index);

// The index whose vector is closest in angle to n (largest dot product; the first on a tie). n need not
// be unit length; a zero or non-finite vector gives the straight-up entry 5.
std::uint8_t nearestGamestudioNormal(const GsVec3& n);

inline constexpr std::uint8_t kGamestudioNormalUp = 5; // (0, 0, 1)

} // namespace mapsmith::io
