#pragma once
// A Gamestudio level texture (io::WmbTexture) as a BLP2 file the 3.3.5 client draws on a WMO.
//
// The client wants power-of-two sides: a texture with another side is resampled (bilinear, wrapping, as
// level textures tile) to the nearest power of two per side (nearest on a log scale: 96 -> 128, 80 -> 64),
// at most kWmbTextureMaxSide, with a warning. Opaque textures (every level-0 alpha 255) are written as DXT1,
// the others as DXT5, with the full mip chain. A texture that was not decoded (a DDS kind the skin reader
// does not read) becomes a kWmbStandInSide square of mid grey, with a warning.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mapsmith::io {
struct WmbTexture;
}

namespace mapsmith::core {

inline constexpr std::uint32_t kWmbTextureMaxSide = 2048; // pixels; the largest side the client loads well
inline constexpr std::uint32_t kWmbStandInSide = 8;       // pixels
inline constexpr std::uint8_t kWmbStandInGrey = 128;

struct WmbTextureBlp {
    std::uint32_t width = 0; // of the BLP's level 0, pixels (powers of two)
    std::uint32_t height = 0;
    bool hasAlpha = false; // some level-0 pixel is not opaque (DXT5)
    bool standIn = false;  // the texture was not decoded
    std::vector<std::byte> bytes;
};

// The BLP of `texture` (its decoded level 0); problems are appended to `warnings` naming the texture.
WmbTextureBlp convertWmbTexture(const io::WmbTexture& texture, std::vector<std::string>& warnings);

// A texture name as a file stem: leading characters other than letters and digits dropped (Gamestudio's
// "*water3" -> "water3", as Quake's liquid prefix), then every character other than a letter, digit, '_'
// or '-' replaced by '_'; "texture" when nothing is left.
std::string wmbTextureStem(std::string_view name);

// The power of two nearest to `side` on a log scale (ties up), at most kWmbTextureMaxSide; 1 for 0.
std::uint32_t nearestPowerOfTwo(std::uint32_t side);

// `rgba` (width x height, RGBA8) resampled to newWidth x newHeight, bilinear with wrap-around.
std::vector<std::uint8_t> resampleRgbaWrapped(std::span<const std::uint8_t> rgba, std::uint32_t width,
                                              std::uint32_t height, std::uint32_t newWidth,
                                              std::uint32_t newHeight);

} // namespace mapsmith::core
