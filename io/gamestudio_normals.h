#pragma once
// The 162 vertex normals of Gamestudio MDL and HMP files. A vertex stores a byte index into this table
// ("lightnormalindex"); the spec calls 0..161 the ordinary values. The vectors are unit length (within
// 1e-5) in model/terrain space (x, y, z with z up for terrain).

#include <array>
#include <cstddef>
#include <cstdint>

namespace mapsmith::io {

inline constexpr std::size_t kGamestudioNormalCount = 162;

using Vec3f = std::array<float, 3>;

// The table as the spec lists it (MDL5 section, "lightnormals[162][3]"), in the spec's order.
const std::array<Vec3f, kGamestudioNormalCount>& gamestudioNormals();

// Table entry `index`; (0, 0, 1) (entry 5) for an index outside the table.
Vec3f gamestudioNormal(std::uint8_t index);

// The index whose vector is closest in angle to n (largest dot product; the first on a tie). n need not
// be unit length; a zero or non-finite vector gives the straight-up entry 5.
std::uint8_t nearestGamestudioNormal(const Vec3f& n);

inline constexpr std::uint8_t kGamestudioNormalUp = 5; // (0, 0, 1)

} // namespace mapsmith::io
