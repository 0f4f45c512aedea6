#pragma once
// DDS images built by hand (test_bytes.h) with the RGBA8 their level 0 must decode to, for the Gamestudio
// skin tests (DDS skins, types 6 and 14), and DDS images the skin reader cannot decode with where and why.
// Expected pixels follow from the DXT (BC1-BC3) definitions: 565 endpoints widened by bit replication,
// colour 2 = (2 c0 + c1) / 3 and colour 3 = (c0 + 2 c1) / 3 (DXT1 with c0 <= c1: (c0 + c1) / 2 and
// transparent black), DXT3 alpha = 4-bit value * 17, DXT5 alpha codes 2..7 interpolated between a0 and a1
// (a0 > a1: sevenths; else fifths, 6 = 0, 7 = 255). Endpoints are chosen so every interpolation is exact.

#include "support/test_bytes.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace mapsmith::tests {

struct DdsCase {
    std::string name;
    Bytes dds; // the whole image: "DDS ", header, levels
    std::uint32_t w = 0;
    std::uint32_t h = 0;
    std::vector<std::uint8_t> rgba; // level 0, row-major
};

using DdsRgba = std::array<std::uint8_t, 4>;

// 565 colours that widen exactly, and what they widen to.
inline constexpr std::uint16_t kRed565 = 0xF800;
inline constexpr std::uint16_t kGreen565 = 0x07E0;
inline constexpr std::uint16_t kBlue565 = 0x001F;
inline constexpr std::uint16_t kGrey565 = 0x8410; // 16, 32, 16 -> 132, 130, 132
inline constexpr DdsRgba kRed{255, 0, 0, 255};
inline constexpr DdsRgba kGreen{0, 255, 0, 255};
inline constexpr DdsRgba kBlue{0, 0, 255, 255};
inline constexpr DdsRgba kGrey{132, 130, 132, 255};

// A w x h image whose pixel (x, y) is colourAt(x, y).
template <class F> std::vector<std::uint8_t> ddsPixels(std::uint32_t w, std::uint32_t h, F colourAt) {
    std::vector<std::uint8_t> px;
    for (std::uint32_t y = 0; y < h; ++y) {
        for (std::uint32_t x = 0; x < w; ++x) {
            const DdsRgba c = colourAt(x, y);
            px.insert(px.end(), c.begin(), c.end());
        }
    }
    return px;
}

inline std::array<std::uint8_t, 16> ddsSame(std::uint8_t v) {
    std::array<std::uint8_t, 16> a{};
    a.fill(v);
    return a;
}
inline std::array<std::uint8_t, 16> ddsCycle(std::uint8_t period) {
    std::array<std::uint8_t, 16> a{};
    for (std::size_t p = 0; p < 16; ++p) {
        a[p] = std::uint8_t(p % period);
    }
    return a;
}

// Blocks of the quadrant image: top-left red, top-right green, bottom-left blue, bottom-right grey, one
// solid block each (c1 = 0, every index 0: colour c0), in block order (rows of blocks top to bottom).
inline constexpr std::uint16_t kQuadrant565[4] = {kRed565, kGreen565, kBlue565, kGrey565};
inline DdsRgba quadrantColour(std::uint32_t x, std::uint32_t y, std::uint32_t w, std::uint32_t h) {
    const DdsRgba colours[4] = {kRed, kGreen, kBlue, kGrey};
    return colours[(y >= h / 2 ? 2 : 0) + (x >= w / 2 ? 1 : 0)];
}

// DXT1 8x8 of four solid quadrants, with `mips` levels (4x4, 2x2 and 1x1 are one block each).
inline DdsCase ddsDxt1Quadrants(std::uint32_t mips = 1) {
    DdsCase c{mips > 1 ? "DXT1 8x8 quadrants, 4 mipmaps" : "DXT1 8x8 quadrants", {}, 8, 8, {}};
    c.dds = ddsHeader(8, 8, mips, {kDdpfFourCC, "DXT1", 0, {}});
    for (std::uint16_t colour : kQuadrant565) {
        appendDxtColourBlock(c.dds, colour, 0, 0);
    }
    for (std::uint32_t k = 1; k < mips; ++k) {
        appendDxtColourBlock(c.dds, kGrey565, 0, 0);
    }
    c.rgba = ddsPixels(8, 8, [](std::uint32_t x, std::uint32_t y) { return quadrantColour(x, y, 8, 8); });
    return c;
}

// Every DDS kind the skin reader decodes.
inline std::vector<DdsCase> decodableDdsCases() {
    std::vector<DdsCase> cases;
    cases.push_back(ddsDxt1Quadrants());
    cases.push_back(ddsDxt1Quadrants(4));
    {
        // Indices 0, 1, 2, 3 repeating: red, blue, 2/3 red, 1/3 red.
        DdsCase c{"DXT1 4x4 four-colour interpolation", ddsHeader(4, 4, 1, {}), 4, 4, {}};
        appendDxtColourBlock(c.dds, kRed565, kBlue565, dxtIndices(ddsCycle(4)));
        const DdsRgba codes[4] = {kRed, kBlue, {170, 0, 85, 255}, {85, 0, 170, 255}};
        c.rgba = ddsPixels(4, 4, [&](std::uint32_t x, std::uint32_t y) { return codes[(y * 4 + x) % 4]; });
        cases.push_back(std::move(c));
    }
    {
        // c0 <= c1: three colours and transparent black.
        DdsCase c{"DXT1 4x4 three colours and transparent", ddsHeader(4, 4, 1, {}), 4, 4, {}};
        appendDxtColourBlock(c.dds, kBlue565, kRed565, dxtIndices(ddsCycle(4)));
        const DdsRgba codes[4] = {kBlue, kRed, {127, 0, 127, 255}, {0, 0, 0, 0}};
        c.rgba = ddsPixels(4, 4, [&](std::uint32_t x, std::uint32_t y) { return codes[(y * 4 + x) % 4]; });
        cases.push_back(std::move(c));
    }
    {
        // 6x5: partial edge blocks, cut to the image.
        DdsCase c{"DXT1 6x5 partial blocks", ddsHeader(6, 5, 1, {}), 6, 5, {}};
        for (std::uint16_t colour : kQuadrant565) {
            appendDxtColourBlock(c.dds, colour, 0, 0);
        }
        c.rgba = ddsPixels(6, 5, [](std::uint32_t x, std::uint32_t y) { return quadrantColour(x, y, 8, 8); });
        cases.push_back(std::move(c));
    }
    {
        // Quadrant colours, explicit alpha: block b's pixel p has alpha ((p + 4b) % 16) * 17.
        DdsCase c{
            "DXT3 8x8 quadrants, explicit alpha", ddsHeader(8, 8, 1, {kDdpfFourCC, "DXT3", 0, {}}), 8, 8, {}};
        for (std::uint8_t b = 0; b < 4; ++b) {
            std::array<std::uint8_t, 16> alpha{};
            for (std::size_t p = 0; p < 16; ++p) {
                alpha[p] = std::uint8_t((p + 4 * b) % 16);
            }
            appendDxt3AlphaBlock(c.dds, alpha);
            appendDxtColourBlock(c.dds, kQuadrant565[b], 0, 0);
        }
        c.rgba = ddsPixels(8, 8, [](std::uint32_t x, std::uint32_t y) {
            DdsRgba q = quadrantColour(x, y, 8, 8);
            const std::uint32_t block = (y / 4) * 2 + x / 4;
            const std::uint32_t p = (y % 4) * 4 + x % 4;
            q[3] = std::uint8_t(((p + 4 * block) % 16) * 17);
            return q;
        });
        cases.push_back(std::move(c));
    }
    {
        // a0 224 > a1 0: codes 0..7 are 224, 0, 192, 160, 128, 96, 64, 32; green.
        DdsCase c{"DXT5 4x4 eight alphas", ddsHeader(4, 4, 1, {kDdpfFourCC, "DXT5", 0, {}}), 4, 4, {}};
        appendDxt5AlphaBlock(c.dds, 224, 0, ddsCycle(8));
        appendDxtColourBlock(c.dds, kGreen565, 0, 0);
        const std::uint8_t alpha[8] = {224, 0, 192, 160, 128, 96, 64, 32};
        c.rgba = ddsPixels(4, 4, [&](std::uint32_t x, std::uint32_t y) {
            return DdsRgba{0, 255, 0, alpha[(y * 4 + x) % 8]};
        });
        cases.push_back(std::move(c));
    }
    {
        // a0 0 <= a1 250: codes 0..7 are 0, 250, 50, 100, 150, 200, 0, 255; white.
        DdsCase c{"DXT5 4x4 six alphas", ddsHeader(4, 4, 1, {kDdpfFourCC, "DXT5", 0, {}}), 4, 4, {}};
        appendDxt5AlphaBlock(c.dds, 0, 250, ddsCycle(8));
        appendDxtColourBlock(c.dds, 0xFFFF, 0, 0);
        const std::uint8_t alpha[8] = {0, 250, 50, 100, 150, 200, 0, 255};
        c.rgba = ddsPixels(4, 4, [&](std::uint32_t x, std::uint32_t y) {
            return DdsRgba{255, 255, 255, alpha[(y * 4 + x) % 8]};
        });
        cases.push_back(std::move(c));
    }
    {
        // DXT5 quadrants with 4 mipmaps (types 14 hold whole mip chains).
        DdsCase c{
            "DXT5 8x8 quadrants, 4 mipmaps", ddsHeader(8, 8, 4, {kDdpfFourCC, "DXT5", 0, {}}), 8, 8, {}};
        for (std::size_t b = 0; b < 4 + 3; ++b) {
            appendDxt5AlphaBlock(c.dds, 255, 0, ddsSame(0));
            appendDxtColourBlock(c.dds, kQuadrant565[b % 4], 0, 0);
        }
        c.rgba = ddsPixels(8, 8, [](std::uint32_t x, std::uint32_t y) { return quadrantColour(x, y, 8, 8); });
        cases.push_back(std::move(c));
    }
    {
        // A8R8G8B8: u32 0xAARRGGBB, stored little-endian (B, G, R, A).
        DdsCase c{
            "A8R8G8B8 2x2",
            ddsHeader(
                2, 2, 1,
                {kDdpfRgb | kDdpfAlphaPixels, nullptr, 32, {0x00FF0000, 0x0000FF00, 0x000000FF, 0xFF000000}}),
            2,
            2,
            {}};
        const DdsRgba px[4] = {{1, 2, 3, 4}, {250, 128, 0, 255}, {0, 0, 0, 0}, {9, 99, 199, 128}};
        for (const DdsRgba& p : px) {
            appendU32(c.dds, std::uint32_t(p[3]) << 24 | std::uint32_t(p[0]) << 16 |
                                 std::uint32_t(p[1]) << 8 | p[2]);
            c.rgba.insert(c.rgba.end(), p.begin(), p.end());
        }
        cases.push_back(std::move(c));
    }
    {
        // X8R8G8B8 (no alpha pixels flag): opaque whatever the fourth byte holds.
        DdsCase c{
            "X8R8G8B8 2x1",
            ddsHeader(2, 1, 1, {kDdpfRgb, nullptr, 32, {0x00FF0000, 0x0000FF00, 0x000000FF, 0xFF000000}}),
            2,
            1,
            {10, 20, 30, 255, 200, 100, 50, 255}};
        appendU32(c.dds, 0x000A141E);
        appendU32(c.dds, 0x7FC86432);
        cases.push_back(std::move(c));
    }
    {
        // R8G8B8 24-bit: bytes B, G, R.
        DdsCase c{"R8G8B8 3x1",
                  ddsHeader(3, 1, 1, {kDdpfRgb, nullptr, 24, {0xFF0000, 0x00FF00, 0x0000FF, 0}}),
                  3,
                  1,
                  {0x30, 0x20, 0x10, 255, 255, 0, 0, 255, 0, 0, 255, 255}};
        for (std::uint8_t v : {0x10, 0x20, 0x30, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00}) {
            appendU8(c.dds, v);
        }
        cases.push_back(std::move(c));
    }
    {
        // R5G6B5 16-bit: full channels widen to 255.
        DdsCase c{"R5G6B5 2x1",
                  ddsHeader(2, 1, 1, {kDdpfRgb, nullptr, 16, {0xF800, 0x07E0, 0x001F, 0}}),
                  2,
                  1,
                  {255, 0, 0, 255, 0, 255, 255, 255}};
        appendU16(c.dds, 0xF800);
        appendU16(c.dds, 0x07FF);
        cases.push_back(std::move(c));
    }
    return cases;
}

// A DDS image the skin reader cannot decode: the byte offset of the problem inside the image and a phrase
// of the warning.
struct DdsBadCase {
    std::string name;
    Bytes dds;
    std::uint64_t at = 0;
    std::string says;
};

inline std::vector<DdsBadCase> undecodableDdsCases() {
    std::vector<DdsBadCase> cases;
    const auto withBlocks = [](Bytes b, std::size_t blocks) {
        for (std::size_t k = 0; k < blocks; ++k) {
            appendDxtColourBlock(b, kRed565, 0, 0);
        }
        return b;
    };
    cases.push_back({"FourCC ATI2", withBlocks(ddsHeader(4, 4, 1, {kDdpfFourCC, "ATI2", 0, {}}), 2), 84,
                     "FourCC \"ATI2\" is not read"});
    cases.push_back({"DX10 header", withBlocks(ddsHeader(4, 4, 1, {kDdpfFourCC, "DX10", 0, {}}), 4), 84,
                     "FourCC \"DX10\""});
    cases.push_back({"FourCC DXT2 (premultiplied)",
                     withBlocks(ddsHeader(4, 4, 1, {kDdpfFourCC, "DXT2", 0, {}}), 2), 84, "\"DXT2\""});
    Bytes noMagic = withBlocks(ddsHeader(4, 4, 1, {}), 1);
    noMagic[0] = std::byte{'X'};
    cases.push_back({"no DDS magic", noMagic, 0, "DDS magic"});
    Bytes tiny;
    appendText(tiny, "DDS ", 4);
    appendU32(tiny, 124);
    cases.push_back({"shorter than its header", tiny, 0, "8 bytes is shorter than its 128-byte header"});
    cases.push_back({"header size 100", withBlocks(ddsHeader(4, 4, 1, {}, 100), 1), 4,
                     "DDS header size 100, expected 124"});
    cases.push_back({"height 0", withBlocks(ddsHeader(8, 0, 1, {}), 1), 12, "DDS image size 8x0"});
    cases.push_back({"width 20000", withBlocks(ddsHeader(20000, 4, 1, {}), 1), 12, "DDS image size 20000x4"});
    cases.push_back({"DXT1 level 0 cut", withBlocks(ddsHeader(8, 8, 1, {}), 3), 128,
                     "DDS level 0 of 8x8 needs 32 bytes, 24 follow"});
    cases.push_back({"luminance",
                     withBlocks(ddsHeader(4, 4, 1, {kDdpfLuminance, nullptr, 8, {0xFF, 0, 0, 0}}), 2), 80,
                     "flags 0x20000"});
    cases.push_back({"RGB 8-bit",
                     withBlocks(ddsHeader(4, 4, 1, {kDdpfRgb, nullptr, 8, {0xE0, 0x1C, 0x3, 0}}), 2), 88,
                     "8 bits per pixel"});
    cases.push_back({"RGB without masks", withBlocks(ddsHeader(2, 2, 1, {kDdpfRgb, nullptr, 32, {}}), 2), 92,
                     "without red, green or blue mask"});
    cases.push_back({"RGB level 0 cut",
                     withBlocks(ddsHeader(4, 4, 1, {kDdpfRgb, nullptr, 32, {0xFF0000, 0xFF00, 0xFF, 0}}), 1),
                     128, "needs 64 bytes, 8 follow"});
    return cases;
}

} // namespace mapsmith::tests
