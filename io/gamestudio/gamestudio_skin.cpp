// Gamestudio skin records, pixel formats and DDS images (layout in gamestudio_skin.h). Sizes are computed
// in 64 bits from sides of at most kGamestudioSkinMaxSide, and checked against the bytes left before the
// pixels are copied or decoded; a DDS image's fields are read through ByteReader over its stored bytes.

#include "io/gamestudio/gamestudio_skin.h"

#include "io/assets/dxt.h"

#include <bit>
#include <cstdio>
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

// DDS_HEADER field offsets from the start of the DDS image (after the 4-byte magic "DDS ").
constexpr std::size_t kDdsSizeAt = 4;        // u32, 124
constexpr std::size_t kDdsHeightAt = 12;     // u32 pixels
constexpr std::size_t kDdsWidthAt = 16;      // u32 pixels
constexpr std::size_t kDdsPixelFlagsAt = 80; // DDS_PIXELFORMAT.dwFlags
constexpr std::size_t kDdsFourCCAt = 84;     // DDS_PIXELFORMAT.dwFourCC
constexpr std::size_t kDdsBitCountAt = 88;   // DDS_PIXELFORMAT.dwRGBBitCount
constexpr std::size_t kDdsMasksAt = 92;      // R, G, B, A masks (u32 each)
constexpr std::uint32_t kDdsHeaderFieldSize = 124;
constexpr std::uint32_t kDdpfAlphaPixels = 0x1;
constexpr std::uint32_t kDdpfFourCC = 0x4;
constexpr std::uint32_t kDdpfRgb = 0x40;
static_assert(kDdsHeaderSize == 4 + kDdsHeaderFieldSize, "DDS magic and DDS_HEADER");
static_assert(kDdsMasksAt + 4 * 4 + 5 * 4 == kDdsHeaderSize, "masks, then caps 1-4 and a reserved word");

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

// A FourCC for messages: its four characters when printable, else its value in hex.
std::string fourccText(std::uint32_t v) {
    std::string s;
    for (int k = 0; k < 4; ++k) {
        const char c = char((v >> (8 * k)) & 0xFF);
        if (c < 0x20 || c > 0x7E) {
            char hex[16];
            std::snprintf(hex, sizeof hex, "0x%08X", v);
            return hex;
        }
        s += c;
    }
    return "\"" + s + "\"";
}

constexpr std::uint32_t fourcc(const char (&s)[5]) {
    return std::uint32_t(std::uint8_t(s[0])) | std::uint32_t(std::uint8_t(s[1])) << 8 |
           std::uint32_t(std::uint8_t(s[2])) << 16 | std::uint32_t(std::uint8_t(s[3])) << 24;
}

// One channel of uncompressed DDS pixels through its mask, scaled to 0..255 (0 for an empty mask): the
// masked bits are shifted down, cut to their top 8 bits, and looked up (x * 255 / max, rounded).
class MaskedChannel {
public:
    explicit MaskedChannel(std::uint32_t mask) : mMask(mask) {
        if (mask == 0) {
            return;
        }
        mShift = std::countr_zero(mask);
        const std::uint32_t max = mask >> mShift;
        const int bits = std::bit_width(max);
        mDrop = bits > 8 ? bits - 8 : 0;
        const std::uint32_t top = max >> mDrop; // 1..255
        for (std::uint32_t x = 0; x <= top; ++x) {
            mTable[x] = std::uint8_t((x * 255 + top / 2) / top);
        }
    }
    std::uint8_t operator()(std::uint32_t v) const { return mTable[((v & mMask) >> mShift) >> mDrop]; }

private:
    std::uint32_t mMask = 0;
    int mShift = 0;
    int mDrop = 0;
    std::array<std::uint8_t, 256> mTable{};
};

// n uncompressed pixels of Bpp bytes (little-endian values) to RGBA8 through the channels (R, G, B, A);
// opaque without alpha.
template <std::size_t Bpp>
void decodeMasked(const std::byte* in, std::uint64_t n, const std::array<MaskedChannel, 4>& c, bool alpha,
                  std::uint8_t* out) {
    for (std::uint64_t i = 0; i < n; ++i, in += Bpp, out += 4) {
        std::uint32_t v = 0;
        std::memcpy(&v, in, Bpp); // little-endian host (byte_reader.h)
        out[0] = c[0](v);
        out[1] = c[1](v);
        out[2] = c[2](v);
        out[3] = alpha ? c[3](v) : 255;
    }
}

// Level 0 of a DDS image (layout in gamestudio_skin.h) into `out`; false with `problem` set otherwise.
bool decodeDds(std::span<const std::byte> dds, std::vector<std::uint8_t>& out, std::uint32_t& width,
               std::uint32_t& height, GamestudioSkinProblem& problem) {
    const auto fail = [&](std::uint64_t at, std::string message) {
        problem = {at, std::move(message)};
        return false;
    };
    if (dds.size() < kDdsHeaderSize) {
        return fail(0, "a DDS image of " + std::to_string(dds.size()) + " bytes is shorter than its " +
                           std::to_string(kDdsHeaderSize) + "-byte header");
    }
    if (std::memcmp(dds.data(), "DDS ", 4) != 0) {
        return fail(0, "the image does not start with the DDS magic \"DDS \"");
    }
    ByteReader r(dds);
    r.seek(kDdsSizeAt);
    const std::uint32_t headerSize = r.u32();
    r.seek(kDdsHeightAt);
    const std::uint32_t h = r.u32();
    r.seek(kDdsWidthAt);
    const std::uint32_t w = r.u32();
    r.seek(kDdsPixelFlagsAt);
    const std::uint32_t flags = r.u32();
    const std::uint32_t code = r.u32();
    const std::uint32_t bitCount = r.u32();
    std::array<std::uint32_t, 4> masks{};
    for (std::uint32_t& m : masks) {
        m = r.u32();
    }
    if (r.failed()) { // cannot happen: the header's 128 bytes are there
        return fail(0, "the DDS header cannot be read");
    }
    if (headerSize != kDdsHeaderFieldSize) {
        return fail(kDdsSizeAt, "DDS header size " + std::to_string(headerSize) + ", expected 124");
    }
    if (w == 0 || h == 0 || w > kGamestudioSkinMaxSide || h > kGamestudioSkinMaxSide) {
        return fail(kDdsHeightAt, "DDS image size " + std::to_string(w) + "x" + std::to_string(h) +
                                      ", expected 1.." + std::to_string(kGamestudioSkinMaxSide) +
                                      " on each side");
    }
    const std::span<const std::byte> data = dds.subspan(kDdsHeaderSize);
    const std::uint64_t pixels = std::uint64_t(w) * h;
    const auto needs = [&](std::uint64_t bytes) {
        if (data.size() >= bytes) {
            return true;
        }
        problem = {kDdsHeaderSize, "DDS level 0 of " + std::to_string(w) + "x" + std::to_string(h) +
                                       " needs " + std::to_string(bytes) + " bytes, " +
                                       std::to_string(data.size()) + " follow the header"};
        return false;
    };
    if ((flags & kDdpfFourCC) != 0) {
        DxtFormat format = DxtFormat::Dxt1;
        if (code == fourcc("DXT1")) {
            format = DxtFormat::Dxt1;
        } else if (code == fourcc("DXT3")) {
            format = DxtFormat::Dxt3;
        } else if (code == fourcc("DXT5")) {
            format = DxtFormat::Dxt5;
        } else {
            return fail(kDdsFourCCAt,
                        "DDS FourCC " + fourccText(code) + " is not read (DXT1, DXT3 and DXT5 are)");
        }
        if (!needs(dxtLevelBytes(w, h, format))) {
            return false;
        }
        decodeDxt(data, w, h, format, out);
    } else if ((flags & kDdpfRgb) != 0) {
        if (bitCount != 16 && bitCount != 24 && bitCount != 32) {
            return fail(kDdsBitCountAt, "uncompressed DDS of " + std::to_string(bitCount) +
                                            " bits per pixel is not read (16, 24 and 32 are)");
        }
        if ((masks[0] | masks[1] | masks[2]) == 0) {
            return fail(kDdsMasksAt, "uncompressed DDS without red, green or blue mask");
        }
        const std::uint32_t bpp = bitCount / 8;
        if (!needs(pixels * bpp)) {
            return false;
        }
        const bool alpha = (flags & kDdpfAlphaPixels) != 0 && masks[3] != 0;
        const std::array<MaskedChannel, 4> channels = {MaskedChannel(masks[0]), MaskedChannel(masks[1]),
                                                       MaskedChannel(masks[2]),
                                                       MaskedChannel(alpha ? masks[3] : 0)};
        out.resize(std::size_t(pixels * 4));
        switch (bpp) {
        case 2:
            decodeMasked<2>(data.data(), pixels, channels, alpha, out.data());
            break;
        case 3:
            decodeMasked<3>(data.data(), pixels, channels, alpha, out.data());
            break;
        default:
            decodeMasked<4>(data.data(), pixels, channels, alpha, out.data());
            break;
        }
    } else {
        char hex[16];
        std::snprintf(hex, sizeof hex, "0x%X", flags);
        return fail(kDdsPixelFlagsAt, std::string("DDS pixel format flags ") + hex +
                                          " name neither a FourCC nor RGB masks (not read)");
    }
    width = w;
    height = h;
    return true;
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
    switch (type) {
    case st::Palette8:
    case st::Rgb565:
    case st::Argb4444:
    case st::Rgb888:
    case st::Argb8888:
    case st::Dds:
    case st::Rgb565Mips:
    case st::Argb4444Mips:
    case st::Rgb888Mips:
    case st::Argb8888Mips:
    case st::DdsMips:
        return true;
    default:
        return false;
    }
}

bool gamestudioSkinIsDds(std::uint32_t type) {
    return type == st::Dds || type == st::DdsMips;
}

bool gamestudioSkinHasMipmaps(std::uint32_t type) {
    return gamestudioSkinTypeKnown(type) && !gamestudioSkinIsDds(type) && (type & st::MipmapFlag) != 0;
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
    default: // DDS
        return 0;
    }
}

std::size_t gamestudioSkinLevelCount(std::uint32_t type) {
    return gamestudioSkinHasMipmaps(type) ? kMipLevels : 1;
}

std::uint64_t gamestudioSkinStoredBytes(std::uint32_t type, std::uint32_t width, std::uint32_t height) {
    if (gamestudioSkinIsDds(type)) {
        return width <= std::uint32_t(std::numeric_limits<std::int32_t>::max()) ? width : 0;
    }
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

bool decodeGamestudioSkin(GamestudioSkin& skin, const GamestudioPalette& palette,
                          GamestudioSkinProblem* problem) {
    skin.rgba.clear();
    skin.imageWidth = 0;
    skin.imageHeight = 0;
    GamestudioSkinProblem why;
    const std::uint64_t need = gamestudioSkinStoredBytes(skin.type, skin.width, skin.height);
    if (!gamestudioSkinTypeKnown(skin.type)) {
        why = {0, "type " + std::to_string(skin.type) + " is not a skin type"};
    } else if ((need == 0 && !gamestudioSkinIsDds(skin.type)) || skin.stored.size() != need) {
        why = {0, std::to_string(skin.stored.size()) + " stored bytes, the type and size need " +
                      std::to_string(need)};
    } else if (gamestudioSkinIsDds(skin.type)) {
        std::vector<std::uint8_t> level;
        std::uint32_t w = 0;
        std::uint32_t h = 0;
        if (decodeDds(skin.stored, level, w, h, why)) {
            skin.rgba.push_back(std::move(level));
            skin.imageWidth = w;
            skin.imageHeight = h;
            return true;
        }
    } else {
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
        skin.imageWidth = skin.width;
        skin.imageHeight = skin.height;
        return true;
    }
    if (problem != nullptr) {
        *problem = std::move(why);
    }
    return false;
}

std::optional<GamestudioSkin> encodeGamestudioSkin(std::uint32_t type, std::uint32_t width,
                                                   std::uint32_t height, std::span<const std::uint8_t> rgba,
                                                   const GamestudioPalette& palette) {
    const std::uint64_t bytes = gamestudioSkinStoredBytes(type, width, height);
    if (gamestudioSkinIsDds(type) || bytes == 0 || rgba.size() != std::uint64_t(width) * height * 4) {
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
                                                 const std::string& context, const GamestudioPalette& palette,
                                                 std::vector<Warning>& warnings) {
    const std::uint64_t typeAt = r.position();
    const std::uint32_t type = r.u32((context + " type").c_str());
    if (r.failed()) {
        return std::nullopt;
    }
    if (!gamestudioSkinTypeKnown(type)) {
        r.failAt(typeAt, ErrorCode::BadValue,
                 context + " type " + std::to_string(type) +
                     " is not a skin type the spec lists (0, 2, 3, 4, 5, 6, 10, 11, 12, 13, 14): the size of "
                     "its data is unknown, so it and everything after it cannot be located");
        return std::nullopt;
    }
    const bool dds = gamestudioSkinIsDds(type);
    if (dds && !layout.sizeInRecord) {
        r.failAt(typeAt, ErrorCode::BadValue,
                 context + " type " + std::to_string(type) +
                     " (DDS): its size is a byte count this skin record does not hold (MDL3/MDL4 records "
                     "are a type and the header's skin size), so it and everything after it cannot be "
                     "located");
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
    if (dds) {
        // width = the DDS image's byte count; height is not a size (kept as stored).
        if (w <= 0) {
            r.failAt(sizeAt, ErrorCode::BadValue,
                     context + " type " + std::to_string(type) + " (DDS) byte count (width) " +
                         std::to_string(w) + ", expected at least 1");
            return std::nullopt;
        }
        skin.width = std::uint32_t(w);
        skin.height = std::uint32_t(std::int32_t(h));
    } else {
        if (w <= 0 || h <= 0 || w > kGamestudioSkinMaxSide || h > kGamestudioSkinMaxSide) {
            r.failAt(sideAt, ErrorCode::BadValue,
                     context + " size " + std::to_string(w) + "x" + std::to_string(h) + ", expected 1.." +
                         std::to_string(kGamestudioSkinMaxSide) + " on each side");
            return std::nullopt;
        }
        skin.width = std::uint32_t(w);
        skin.height = std::uint32_t(h);
    }
    const std::uint64_t bytes = gamestudioSkinStoredBytes(type, skin.width, skin.height);
    if (bytes == 0) {
        // Only a mipmapped size that is not a multiple of 8 gets here (type and sides were checked).
        r.failAt(sideAt, ErrorCode::BadValue,
                 context + " size " + std::to_string(skin.width) + "x" + std::to_string(skin.height) +
                     " of mipmapped type " + std::to_string(type) + " is not a multiple of 8");
        return std::nullopt;
    }
    const std::uint64_t pixelsAt = r.position();
    const auto pixels = r.take(bytes, (context + (dds ? " DDS image (width bytes)" : " pixels")).c_str());
    if (r.failed()) {
        return std::nullopt;
    }
    skin.stored.assign(pixels.begin(), pixels.end());
    GamestudioSkinProblem problem;
    if (!decodeGamestudioSkin(skin, palette, &problem)) {
        warnings.push_back(Warning{ErrorCode::BadValue, r.chunk(), r.absoluteAt(pixelsAt + problem.at),
                                   context + " (type " + std::to_string(type) + ", " + std::to_string(bytes) +
                                       " bytes) is kept undecoded: " + problem.message});
    }
    return skin;
}

void writeGamestudioSkin(const GamestudioSkin& skin, ByteWriter& out) {
    out.u32(skin.type);
    out.u32(skin.width);
    out.u32(skin.height);
    out.bytes(skin.stored);
}

} // namespace mapsmith::io
