// Gamestudio skin records and pixel formats (layout in gamestudio_skin.h). Sizes are computed in 64 bits
// from sides of at most kGamestudioSkinMaxSide, and checked against the bytes left before the pixels are
// copied or decoded.

#include "io/gamestudio_skin.h"

#include <cstring>
#include <limits>

namespace mapsmith::io {
namespace {

namespace st = gamestudio_skin_type;

static_assert(kGamestudioSkinRecordHeaderSize == 3 * sizeof(std::uint32_t),
              "MDL5/HMP skin record: type, w, h");
static_assert(kGamestudioOldSkinRecordHeaderSize == sizeof(std::uint32_t), "MDL3/MDL4 skin record: type");
// All levels of the largest skin (at most 4/3 of level 0) in 8888 fit in 32 bits.
static_assert(std::uint64_t(kGamestudioSkinMaxSide) * kGamestudioSkinMaxSide * 4 * 2 <
              (std::uint64_t(1) << 32));

constexpr std::size_t kMipLevels = 4; // level 0 and the three mipmaps

GamestudioPalette makeGreyPalette() {
    GamestudioPalette p{};
    for (std::size_t i = 0; i < 256; ++i) {
        p[3 * i] = p[3 * i + 1] = p[3 * i + 2] = std::uint8_t(i);
    }
    return p;
}

std::uint8_t widen5(std::uint32_t v) {
    return std::uint8_t(v << 3 | v >> 2);
}
std::uint8_t widen6(std::uint32_t v) {
    return std::uint8_t(v << 2 | v >> 4);
}
// Nearest of `steps` + 1 evenly spaced levels for an 8-bit value (exact inverse of the widening above).
std::uint32_t narrow(std::uint8_t v, std::uint32_t steps) {
    return (std::uint32_t(v) * steps + 127) / 255;
}

std::uint16_t loadU16(const std::byte* p) {
    std::uint16_t v = 0;
    std::memcpy(&v, p, 2);
    return v;
}

// Decodes n pixels of `format` from `in` (n * bpp bytes) to RGBA8 `out` (n * 4 bytes).
void decodePixels(std::uint32_t format, const std::byte* in, std::uint64_t n,
                  const GamestudioPalette& palette, std::uint8_t* out) {
    for (std::uint64_t i = 0; i < n; ++i, out += 4) {
        switch (format) {
        case st::Palette8: {
            const std::uint8_t* c = palette.data() + 3 * std::size_t(in[i]);
            out[0] = c[0];
            out[1] = c[1];
            out[2] = c[2];
            out[3] = 255;
            break;
        }
        case st::Rgb565: {
            const std::uint16_t v = loadU16(in + 2 * i);
            out[0] = widen5(v >> 11);
            out[1] = widen6((v >> 5) & 0x3F);
            out[2] = widen5(v & 0x1F);
            out[3] = 255;
            break;
        }
        case st::Argb4444: {
            const std::uint16_t v = loadU16(in + 2 * i);
            out[0] = std::uint8_t(((v >> 8) & 0xF) * 17);
            out[1] = std::uint8_t(((v >> 4) & 0xF) * 17);
            out[2] = std::uint8_t((v & 0xF) * 17);
            out[3] = std::uint8_t((v >> 12) * 17);
            break;
        }
        case st::Rgb888: {
            const std::byte* p = in + 3 * i;
            out[0] = std::uint8_t(p[2]);
            out[1] = std::uint8_t(p[1]);
            out[2] = std::uint8_t(p[0]);
            out[3] = 255;
            break;
        }
        case st::Argb8888: {
            const std::byte* p = in + 4 * i;
            out[0] = std::uint8_t(p[2]);
            out[1] = std::uint8_t(p[1]);
            out[2] = std::uint8_t(p[0]);
            out[3] = std::uint8_t(p[3]);
            break;
        }
        default:
            break;
        }
    }
}

std::uint8_t nearestPaletteIndex(const std::uint8_t* px, const GamestudioPalette& palette) {
    std::uint32_t best = 0;
    std::uint32_t bestDist = std::numeric_limits<std::uint32_t>::max();
    for (std::uint32_t k = 0; k < 256 && bestDist != 0; ++k) {
        std::uint32_t d = 0;
        for (std::uint32_t c = 0; c < 3; ++c) {
            const int diff = int(px[c]) - int(palette[3 * k + c]);
            d += std::uint32_t(diff * diff);
        }
        if (d < bestDist) {
            bestDist = d;
            best = k;
        }
    }
    return std::uint8_t(best);
}

// Encodes n RGBA8 pixels to `format` (n * bpp bytes appended to out).
void encodePixels(std::uint32_t format, const std::uint8_t* px, std::uint64_t n,
                  const GamestudioPalette& palette, std::vector<std::byte>& out) {
    for (std::uint64_t i = 0; i < n; ++i, px += 4) {
        switch (format) {
        case st::Palette8:
            out.push_back(std::byte{nearestPaletteIndex(px, palette)});
            break;
        case st::Rgb565:
        case st::Argb4444: {
            const std::uint16_t v =
                format == st::Rgb565
                    ? std::uint16_t(narrow(px[0], 31) << 11 | narrow(px[1], 63) << 5 | narrow(px[2], 31))
                    : std::uint16_t(narrow(px[3], 15) << 12 | narrow(px[0], 15) << 8 |
                                    narrow(px[1], 15) << 4 | narrow(px[2], 15));
            out.push_back(std::byte(v & 0xFF));
            out.push_back(std::byte(v >> 8));
            break;
        }
        case st::Rgb888:
        case st::Argb8888:
            out.push_back(std::byte{px[2]});
            out.push_back(std::byte{px[1]});
            out.push_back(std::byte{px[0]});
            if (format == st::Argb8888) {
                out.push_back(std::byte{px[3]});
            }
            break;
        default:
            break;
        }
    }
}

// Level `level + 1` of an RGBA8 level of w x h (both even): 2x2 box filter, rounded.
std::vector<std::uint8_t> halve(const std::vector<std::uint8_t>& px, std::uint32_t w, std::uint32_t h) {
    const std::uint32_t hw = w / 2;
    const std::uint32_t hh = h / 2;
    std::vector<std::uint8_t> out(std::size_t(hw) * hh * 4);
    for (std::uint32_t y = 0; y < hh; ++y) {
        for (std::uint32_t x = 0; x < hw; ++x) {
            for (std::uint32_t c = 0; c < 4; ++c) {
                const auto at = [&](std::uint32_t xx, std::uint32_t yy) {
                    return std::uint32_t(px[(std::size_t(yy) * w + xx) * 4 + c]);
                };
                const std::uint32_t sum =
                    at(2 * x, 2 * y) + at(2 * x + 1, 2 * y) + at(2 * x, 2 * y + 1) + at(2 * x + 1, 2 * y + 1);
                out[(std::size_t(y) * hw + x) * 4 + c] = std::uint8_t((sum + 2) / 4);
            }
        }
    }
    return out;
}

std::string typeList(GamestudioSkinTypeSet allowed) {
    std::string s;
    for (std::uint32_t t = 0; t < 32; ++t) {
        if ((allowed & gamestudioSkinTypeBit(t)) != 0) {
            s += (s.empty() ? "" : ", ") + std::to_string(t);
        }
    }
    return s;
}

} // namespace

const GamestudioPalette& gamestudioGreyPalette() {
    static const GamestudioPalette palette = makeGreyPalette();
    return palette;
}

std::string gamestudioVersionText(const char (&magic)[4]) {
    std::string out(magic, 4);
    for (char& c : out) {
        if (c < 0x20 || c > 0x7E) {
            c = '?';
        }
    }
    return out;
}

bool gamestudioSkinTypeKnown(std::uint32_t type) {
    return (kGamestudioAllSkinTypes & gamestudioSkinTypeBit(type)) != 0;
}

bool gamestudioSkinHasMipmaps(std::uint32_t type) {
    return gamestudioSkinTypeKnown(type) && (type & st::MipmapFlag) != 0;
}

std::uint32_t gamestudioSkinBytesPerPixel(std::uint32_t type) {
    if (!gamestudioSkinTypeKnown(type)) {
        return 0;
    }
    switch (type & ~st::MipmapFlag) {
    case st::Palette8:
        return 1;
    case st::Rgb565:
    case st::Argb4444:
        return 2;
    case st::Rgb888:
        return 3;
    case st::Argb8888:
        return 4;
    default:
        return 0;
    }
}

std::size_t gamestudioSkinLevelCount(std::uint32_t type) {
    return gamestudioSkinHasMipmaps(type) ? kMipLevels : 1;
}

std::uint64_t gamestudioSkinStoredBytes(std::uint32_t type, std::uint32_t width, std::uint32_t height) {
    const std::uint64_t bpp = gamestudioSkinBytesPerPixel(type);
    if (bpp == 0 || width == 0 || height == 0 || width > kGamestudioSkinMaxSide ||
        height > kGamestudioSkinMaxSide) {
        return 0;
    }
    const bool mips = gamestudioSkinHasMipmaps(type);
    if (mips && (width % 8 != 0 || height % 8 != 0)) {
        return 0;
    }
    std::uint64_t total = 0;
    for (std::size_t k = 0; k < gamestudioSkinLevelCount(type); ++k) {
        total += bpp * (std::uint64_t(width) >> k) * (std::uint64_t(height) >> k);
    }
    return total;
}

bool decodeGamestudioSkin(GamestudioSkin& skin, const GamestudioPalette& palette) {
    skin.rgba.clear();
    const std::uint64_t need = gamestudioSkinStoredBytes(skin.type, skin.width, skin.height);
    if (need == 0 || skin.stored.size() != need) {
        return false;
    }
    const std::uint32_t format = skin.type & ~st::MipmapFlag;
    const std::uint64_t bpp = gamestudioSkinBytesPerPixel(skin.type);
    const std::size_t levels = gamestudioSkinLevelCount(skin.type);
    skin.rgba.resize(levels);
    std::uint64_t at = 0;
    for (std::size_t k = 0; k < levels; ++k) {
        const std::uint64_t n = (std::uint64_t(skin.width) >> k) * (std::uint64_t(skin.height) >> k);
        skin.rgba[k].resize(std::size_t(n * 4));
        decodePixels(format, skin.stored.data() + at, n, palette, skin.rgba[k].data());
        at += n * bpp;
    }
    return true;
}

std::optional<GamestudioSkin> encodeGamestudioSkin(std::uint32_t type, std::uint32_t width,
                                                   std::uint32_t height, std::span<const std::uint8_t> rgba,
                                                   const GamestudioPalette& palette) {
    const std::uint64_t bytes = gamestudioSkinStoredBytes(type, width, height);
    if (bytes == 0 || rgba.size() != std::uint64_t(width) * height * 4) {
        return std::nullopt;
    }
    GamestudioSkin skin;
    skin.type = type;
    skin.width = width;
    skin.height = height;
    skin.stored.reserve(std::size_t(bytes));
    const std::uint32_t format = type & ~st::MipmapFlag;
    std::vector<std::uint8_t> level(rgba.begin(), rgba.end());
    for (std::size_t k = 0; k < gamestudioSkinLevelCount(type); ++k) {
        const std::uint32_t w = width >> k;
        const std::uint32_t h = height >> k;
        if (k > 0) {
            level = halve(level, w * 2, h * 2);
        }
        encodePixels(format, level.data(), std::uint64_t(w) * h, palette, skin.stored);
    }
    decodeGamestudioSkin(skin, palette);
    return skin;
}

std::optional<GamestudioSkin> readGamestudioSkin(ByteReader& r, const GamestudioSkinLayout& layout,
                                                 GamestudioSkinTypeSet allowed, const std::string& context,
                                                 const GamestudioPalette& palette) {
    const std::uint64_t typeAt = r.position();
    const std::uint32_t type = r.u32((context + " type").c_str());
    if (r.failed()) {
        return std::nullopt;
    }
    if ((allowed & gamestudioSkinTypeBit(type)) == 0) {
        r.failAt(typeAt, ErrorCode::BadValue,
                 context + " type " + std::to_string(type) +
                     " is not supported here (allowed: " + typeList(allowed) + ")");
        return std::nullopt;
    }
    GamestudioSkin skin;
    skin.type = type;
    const std::uint64_t sizeAt = r.position();
    // Sides as signed longs (the spec's type), so a negative one is named as such.
    std::int64_t w = layout.width;
    std::int64_t h = layout.height;
    if (layout.sizeInRecord) {
        w = r.i32((context + " width").c_str());
        h = r.i32((context + " height").c_str());
        if (r.failed()) {
            return std::nullopt;
        }
    }
    const std::uint64_t sideAt = layout.sizeInRecord ? sizeAt : typeAt;
    if (w <= 0 || h <= 0 || w > kGamestudioSkinMaxSide || h > kGamestudioSkinMaxSide) {
        r.failAt(sideAt, ErrorCode::BadValue,
                 context + " size " + std::to_string(w) + "x" + std::to_string(h) + ", expected 1.." +
                     std::to_string(kGamestudioSkinMaxSide) + " on each side");
        return std::nullopt;
    }
    skin.width = std::uint32_t(w);
    skin.height = std::uint32_t(h);
    const std::uint64_t bytes = gamestudioSkinStoredBytes(type, skin.width, skin.height);
    if (bytes == 0) {
        // Only a mipmapped size that is not a multiple of 8 gets here (type and sides were checked).
        r.failAt(sideAt, ErrorCode::BadValue,
                 context + " size " + std::to_string(skin.width) + "x" + std::to_string(skin.height) +
                     " of mipmapped type " + std::to_string(type) + " is not a multiple of 8");
        return std::nullopt;
    }
    const auto pixels = r.take(bytes, (context + " pixels").c_str());
    if (r.failed()) {
        return std::nullopt;
    }
    skin.stored.assign(pixels.begin(), pixels.end());
    decodeGamestudioSkin(skin, palette);
    return skin;
}

void writeGamestudioSkin(const GamestudioSkin& skin, ByteWriter& out) {
    out.u32(skin.type);
    out.u32(skin.width);
    out.u32(skin.height);
    out.bytes(skin.stored);
}

} // namespace mapsmith::io
