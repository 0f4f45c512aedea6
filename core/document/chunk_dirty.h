#pragma once
// What changed in a chunk, so views rebuild only that (vertex buffers, alpha textures, ...).

#include <cstdint>

namespace mapsmith::core::dirty {

inline constexpr std::uint32_t Vertices = 1u << 0; // MCVT heights
inline constexpr std::uint32_t Normals = 1u << 1;  // MCNR
inline constexpr std::uint32_t Alpha = 1u << 2;    // layers, alpha maps, MCLY
inline constexpr std::uint32_t Holes = 1u << 3;
inline constexpr std::uint32_t Liquid = 1u << 4;  // MH2O entry
inline constexpr std::uint32_t Colour = 1u << 5;  // MCCV
inline constexpr std::uint32_t Shadow = 1u << 6;  // MCSH
inline constexpr std::uint32_t Objects = 1u << 7; // MCRF, placements
inline constexpr std::uint32_t Flags = 1u << 8;   // area id, impassable, other header fields
inline constexpr std::uint32_t All = 0x1FF;

} // namespace mapsmith::core::dirty
