// BLP1/BLP2 reader and BLP2 writer (layout in blp.h). Every header field is read through ByteReader;
// every mip offset and size is checked against the file (64-bit arithmetic) before a byte of the level
// is touched or a pixel buffer is allocated. DXT blocks go through io/assets/dxt.h (libsquish).

#include "io/assets/blp.h"

#include "io/assets/dxt.h"
#include "io/binary/byte_reader.h"
#include "io/binary/byte_writer.h"

#include <array>
#include <cstring>
#include <optional>
#include <string>

namespace mapsmith::io {
namespace {

constexpr FourCC kBlp1{"BLP1"};
constexpr FourCC kBlp2{"BLP2"};

// The alpha depths both versions allow (bits per pixel of the alpha plane or DXT alpha).
std::optional<Error> checkAlphaDepth(std::uint32_t depth, FourCC magic, std::uint64_t at, const char* field) {
    if (depth == 0 || depth == 1 || depth == 4 || depth == 8) {
        return std::nullopt;
    }
    return Error{ErrorCode::BadValue, magic, at,
                 std::string(field) + " " + std::to_string(depth) + ", expected 0, 1, 4 or 8"};
}

std::optional<Error> checkSize(std::uint32_t width, std::uint32_t height, FourCC magic, std::uint64_t at,
                               const char* version) {
    if (width != 0 && height != 0 && width <= kBlpMaxSide && height <= kBlpMaxSide) {
        return std::nullopt;
    }
    return Error{ErrorCode::BadValue, magic, at,
                 std::string(version) + " size " + std::to_string(width) + "x" + std::to_string(height) +
                     ", expected 1.." + std::to_string(kBlpMaxSide) + " on each side"};
}

// Byte offsets of the mip tables.
constexpr std::size_t kBlp2MipOffsetsAt = 20;
constexpr std::size_t kBlp1MipOffsetsAt = 28;
constexpr std::size_t kMipTableSize = kBlpMipSlots * 4;

static_assert(kBlp2HeaderSize == 4 + 4 + 4 * 1 + 2 * 4 + 2 * kMipTableSize, "BLP2 header is 148 bytes");
static_assert(kBlp1HeaderSize == 4 + 6 * 4 + 2 * kMipTableSize, "BLP1 header is 156 bytes");
static_assert(kBlp2MipOffsetsAt + 2 * kMipTableSize == kBlp2HeaderSize);
static_assert(kBlp1MipOffsetsAt + 2 * kMipTableSize == kBlp1HeaderSize);
static_assert(kBlpPaletteSize == 1024);

// The shared DXT codec's format of a BLP DXT variant (None never reaches it: levelBytes and the encoder
// only see Dxt encodings).
DxtFormat dxtFormat(BlpDxt dxt) {
    return dxt == BlpDxt::Dxt5 ? DxtFormat::Dxt5 : dxt == BlpDxt::Dxt3 ? DxtFormat::Dxt3 : DxtFormat::Dxt1;
}

// Alpha plane bytes of a palettized level of n pixels.
std::uint64_t alphaPlaneBytes(std::uint64_t n, std::uint32_t depth) {
    switch (depth) {
    case 1:
        return (n + 7) / 8;
    case 4:
        return (n + 1) / 2;
    case 8:
        return n;
    default:
        return 0;
    }
}

struct Header {
    BlpImage image; // everything but the pixels
    std::array<std::uint32_t, kBlpMipSlots> offsets{};
    std::array<std::uint32_t, kBlpMipSlots> sizes{};
    std::uint64_t offsetsAt = 0;                         // file offset of the mip offset table
    std::array<std::uint8_t, kBlpPaletteSize> palette{}; // BGRA
};

// Bytes a level's data must hold.
std::uint64_t levelBytes(const BlpImage& im, std::uint32_t w, std::uint32_t h) {
    const std::uint64_t n = std::uint64_t(w) * h;
    switch (im.encoding) {
    case BlpEncoding::Palette:
        return n + alphaPlaneBytes(n, im.alphaDepth);
    case BlpEncoding::Dxt:
        return dxtLevelBytes(w, h, dxtFormat(im.dxt));
    case BlpEncoding::Uncompressed:
        return n * 4;
    case BlpEncoding::Jpeg:
        break;
    }
    return 0;
}

void decodePalette(const Header& hd, std::span<const std::byte> data, std::uint32_t w, std::uint32_t h,
                   std::vector<std::uint8_t>& out) {
    const std::uint64_t n = std::uint64_t(w) * h;
    const std::byte* idx = data.data();
    const std::byte* alpha = data.data() + n;
    const std::uint32_t depth = hd.image.alphaDepth;
    for (std::uint64_t i = 0; i < n; ++i) {
        const std::uint8_t* c = hd.palette.data() + 4 * std::size_t(idx[i]);
        std::uint8_t* o = out.data() + 4 * i;
        o[0] = c[2];
        o[1] = c[1];
        o[2] = c[0];
        std::uint8_t a = 255;
        if (depth == 8) {
            a = std::uint8_t(alpha[i]);
        } else if (depth == 4) {
            a = std::uint8_t(((std::uint8_t(alpha[i / 2]) >> (4 * (i % 2))) & 0xF) * 17);
        } else if (depth == 1) {
            a = ((std::uint8_t(alpha[i / 8]) >> (i % 8)) & 1) != 0 ? 255 : 0;
        }
        o[3] = a;
    }
}

void decodeLevel(const Header& hd, std::span<const std::byte> data, std::uint32_t w, std::uint32_t h,
                 std::vector<std::uint8_t>& out) {
    const BlpImage& im = hd.image;
    const std::uint64_t n = std::uint64_t(w) * h;
    out.resize(std::size_t(n * 4));
    switch (im.encoding) {
    case BlpEncoding::Palette:
        decodePalette(hd, data, w, h, out);
        return;
    case BlpEncoding::Dxt:
        decodeDxt(data, w, h, dxtFormat(im.dxt), out);
        break;
    case BlpEncoding::Uncompressed:
        for (std::uint64_t i = 0; i < n; ++i) {
            const std::byte* p = data.data() + 4 * i;
            std::uint8_t* o = out.data() + 4 * i;
            o[0] = std::uint8_t(p[2]);
            o[1] = std::uint8_t(p[1]);
            o[2] = std::uint8_t(p[0]);
            o[3] = std::uint8_t(p[3]);
        }
        break;
    case BlpEncoding::Jpeg:
        return;
    }
    if (im.alphaDepth == 0) {
        for (std::uint64_t i = 0; i < n; ++i) {
            out[std::size_t(4 * i + 3)] = 255;
        }
    }
}

std::string levelName(const char* table, std::size_t level) {
    return std::string("mip ") + table + " " + std::to_string(level);
}

// Reads the header and palette into hd; the first problem is returned.
std::optional<Error> readHeader(ByteReader& r, Header& hd) {
    BlpImage& im = hd.image;
    // The magic is stored in reading order ("BLP2"), unlike chunk ids.
    std::uint32_t magicValue = 0;
    for (int i = 0; i < 4; ++i) {
        magicValue = magicValue << 8 | r.u8("BLP magic");
    }
    const FourCC magic(magicValue);
    if (r.failed()) {
        return r.error();
    }
    if (magic != kBlp1 && magic != kBlp2) {
        return Error{ErrorCode::BadMagic, FourCC{}, 0,
                     "magic \"" + magic.str() + "\", expected BLP1 or BLP2"};
    }
    r.setChunk(magic);
    if (magic == kBlp2) {
        im.version = BlpVersion::Blp2;
        const std::uint64_t typeAt = r.absolute();
        const std::uint32_t type = r.u32("BLP2 type");
        const std::uint64_t encodingAt = r.absolute();
        const std::uint8_t encoding = r.u8("BLP2 encoding");
        const std::uint64_t depthAt = r.absolute();
        im.alphaDepth = r.u8("BLP2 alpha depth");
        const std::uint64_t alphaTypeAt = r.absolute();
        im.alphaType = r.u8("BLP2 alpha type");
        im.hasMips = r.u8("BLP2 has mips") != 0;
        const std::uint64_t widthAt = r.absolute();
        im.width = r.u32("BLP2 width");
        im.height = r.u32("BLP2 height");
        if (r.failed()) {
            return r.error();
        }
        if (type == 0) {
            return Error{ErrorCode::BadValue, kBlp2, typeAt, "BLP2 JPEG (type 0) is not supported"};
        }
        if (type != 1) {
            return Error{ErrorCode::BadValue, kBlp2, typeAt,
                         "BLP2 type " + std::to_string(type) + ", expected 0 or 1"};
        }
        if (encoding < 1 || encoding > 3) {
            return Error{ErrorCode::BadValue, kBlp2, encodingAt,
                         "BLP2 encoding " + std::to_string(encoding) + ", expected 1, 2 or 3"};
        }
        im.encoding = BlpEncoding(encoding);
        if (im.encoding == BlpEncoding::Dxt) {
            if (im.alphaType == blp_alpha_type::Dxt1) {
                im.dxt = BlpDxt::Dxt1;
            } else if (im.alphaType == blp_alpha_type::Dxt3) {
                im.dxt = BlpDxt::Dxt3;
            } else if (im.alphaType == blp_alpha_type::Dxt5) {
                im.dxt = BlpDxt::Dxt5;
            } else {
                return Error{ErrorCode::BadValue, kBlp2, alphaTypeAt,
                             "BLP2 alpha type " + std::to_string(im.alphaType) +
                                 " with DXT encoding, expected 0 (DXT1), 1 (DXT3) or 7 (DXT5)"};
            }
        }
        if (auto e = checkAlphaDepth(im.alphaDepth, kBlp2, depthAt, "BLP2 alpha depth")) {
            return *e;
        }
        if (auto e = checkSize(im.width, im.height, kBlp2, widthAt, "BLP2")) {
            return *e;
        }
        hd.offsetsAt = kBlp2MipOffsetsAt;
    } else {
        im.version = BlpVersion::Blp1;
        const std::uint64_t compressionAt = r.absolute();
        const std::uint32_t compression = r.u32("BLP1 compression");
        const std::uint64_t depthAt = r.absolute();
        const std::uint32_t alphaBits = r.u32("BLP1 alpha bits");
        const std::uint64_t widthAt = r.absolute();
        im.width = r.u32("BLP1 width");
        im.height = r.u32("BLP1 height");
        im.pictureType = r.u32("BLP1 picture type");
        im.hasMips = r.u32("BLP1 has mips") != 0;
        if (r.failed()) {
            return r.error();
        }
        if (compression == 0) {
            return Error{ErrorCode::BadValue, kBlp1, compressionAt, "BLP1 JPEG is not supported"};
        }
        if (compression != 1) {
            return Error{ErrorCode::BadValue, kBlp1, compressionAt,
                         "BLP1 compression " + std::to_string(compression) + ", expected 0 or 1"};
        }
        im.encoding = BlpEncoding::Palette;
        if (auto e = checkAlphaDepth(alphaBits, kBlp1, depthAt, "BLP1 alpha bits")) {
            return *e;
        }
        im.alphaDepth = std::uint8_t(alphaBits);
        if (auto e = checkSize(im.width, im.height, kBlp1, widthAt, "BLP1")) {
            return *e;
        }
        hd.offsetsAt = kBlp1MipOffsetsAt;
    }
    for (auto& v : hd.offsets) {
        v = r.u32("mip offset");
    }
    for (auto& v : hd.sizes) {
        v = r.u32("mip size");
    }
    // The palette follows the header in every BLP2 and in palettized BLP1 files.
    r.bytes(std::span<std::uint8_t>(hd.palette), "palette");
    if (r.failed()) {
        return r.error();
    }
    return std::nullopt;
}

} // namespace

std::size_t blpFullMipCount(std::uint32_t width, std::uint32_t height) {
    std::size_t n = 1;
    while (n < kBlpMipSlots && (blpMipSide(width, n - 1) > 1 || blpMipSide(height, n - 1) > 1)) {
        ++n;
    }
    return n;
}

namespace {

// Parses the header and checks every level the file holds against the bytes (nothing decoded yet).
std::optional<Error> readLevels(std::span<const std::byte> bytes, Header& hd) {
    ByteReader r(bytes);
    if (auto problem = readHeader(r, hd)) {
        return problem;
    }
    BlpImage& im = hd.image;
    const FourCC chunk = im.version == BlpVersion::Blp2 ? kBlp2 : kBlp1;
    const std::size_t wanted = im.hasMips ? blpFullMipCount(im.width, im.height) : 1;
    std::size_t levels = 0;
    for (std::size_t i = 0; i < wanted; ++i) {
        const std::uint64_t offsetAt = hd.offsetsAt + 4 * i;
        const std::uint64_t sizeAt = hd.offsetsAt + kMipTableSize + 4 * i;
        const std::uint64_t offset = hd.offsets[i];
        const std::uint64_t size = hd.sizes[i];
        if (i > 0 && (offset == 0 || size == 0)) {
            break; // the chain ends early
        }
        if (offset == 0 || size == 0) {
            return Error{ErrorCode::MissingChunk, chunk, offset == 0 ? offsetAt : sizeAt,
                         "mip level 0 has offset " + std::to_string(offset) + " and size " +
                             std::to_string(size)};
        }
        if (offset > bytes.size()) {
            return Error{ErrorCode::SizeOutOfBounds, chunk, offsetAt,
                         levelName("offset", i) + " is " + std::to_string(offset) + ", past the end (" +
                             std::to_string(bytes.size()) + " bytes)"};
        }
        if (size > bytes.size() - offset) {
            return Error{ErrorCode::SizeOutOfBounds, chunk, sizeAt,
                         levelName("size", i) + " is " + std::to_string(size) + " at offset " +
                             std::to_string(offset) + ", past the end (" + std::to_string(bytes.size()) +
                             " bytes)"};
        }
        const std::uint32_t w = blpMipSide(im.width, i);
        const std::uint32_t h = blpMipSide(im.height, i);
        const std::uint64_t need = levelBytes(im, w, h);
        if (size < need) {
            return Error{ErrorCode::Truncated, chunk, sizeAt,
                         levelName("size", i) + " is " + std::to_string(size) + ", a " + std::to_string(w) +
                             "x" + std::to_string(h) + " level needs " + std::to_string(need) + " bytes"};
        }
        ++levels;
    }
    im.mipLevelsInFile = std::uint32_t(levels);
    return std::nullopt;
}

void decodeLevelAt(std::span<const std::byte> bytes, const Header& hd, std::size_t level,
                   std::vector<std::uint8_t>& out) {
    const std::uint32_t w = blpMipSide(hd.image.width, level);
    const std::uint32_t h = blpMipSide(hd.image.height, level);
    const auto data = bytes.subspan(std::size_t(hd.offsets[level]), std::size_t(hd.sizes[level]));
    decodeLevel(hd, data, w, h, out);
}

} // namespace

Expected<BlpImage> readBlp(std::span<const std::byte> bytes, bool allMips) {
    Header hd;
    if (auto problem = readLevels(bytes, hd)) {
        return *std::move(problem);
    }
    BlpImage& im = hd.image;
    const std::size_t decode = allMips ? im.mipLevelsInFile : 1;
    im.mips.resize(decode);
    for (std::size_t i = 0; i < decode; ++i) {
        decodeLevelAt(bytes, hd, i, im.mips[i]);
    }
    return std::move(im);
}

Expected<BlpLevel> readBlpLevel(std::span<const std::byte> bytes, std::uint32_t maxSide) {
    Header hd;
    if (auto problem = readLevels(bytes, hd)) {
        return *std::move(problem);
    }
    const BlpImage& im = hd.image;
    std::size_t level = 0;
    while (maxSide > 0 && level + 1 < im.mipLevelsInFile &&
           std::max(blpMipSide(im.width, level), blpMipSide(im.height, level)) > maxSide) {
        ++level;
    }
    BlpLevel out;
    out.level = std::uint32_t(level);
    out.width = blpMipSide(im.width, level);
    out.height = blpMipSide(im.height, level);
    out.fullWidth = im.width;
    out.fullHeight = im.height;
    decodeLevelAt(bytes, hd, level, out.rgba);
    return out;
}

std::vector<std::vector<std::uint8_t>> blpBuildMips(std::span<const std::uint8_t> rgba, std::uint32_t width,
                                                    std::uint32_t height) {
    std::vector<std::vector<std::uint8_t>> mips;
    if (width == 0 || height == 0 || rgba.size() != std::uint64_t(width) * height * 4) {
        return mips;
    }
    mips.emplace_back(rgba.begin(), rgba.end());
    const std::size_t count = blpFullMipCount(width, height);
    for (std::size_t level = 1; level < count; ++level) {
        const std::vector<std::uint8_t>& src = mips.back();
        const std::uint32_t sw = blpMipSide(width, level - 1);
        const std::uint32_t sh = blpMipSide(height, level - 1);
        const std::uint32_t dw = blpMipSide(width, level);
        const std::uint32_t dh = blpMipSide(height, level);
        std::vector<std::uint8_t> dst(std::size_t(std::uint64_t(dw) * dh * 4));
        for (std::uint32_t y = 0; y < dh; ++y) {
            // Floor halving: an odd side drops its last row/column; a side of 1 averages itself.
            const std::uint64_t y0 = std::min<std::uint64_t>(2ull * y, sh - 1);
            const std::uint64_t y1 = std::min<std::uint64_t>(2ull * y + 1, sh - 1);
            for (std::uint32_t x = 0; x < dw; ++x) {
                const std::uint64_t x0 = std::min<std::uint64_t>(2ull * x, sw - 1);
                const std::uint64_t x1 = std::min<std::uint64_t>(2ull * x + 1, sw - 1);
                for (std::uint64_t c = 0; c < 4; ++c) {
                    const unsigned sum =
                        src[std::size_t((y0 * sw + x0) * 4 + c)] + src[std::size_t((y0 * sw + x1) * 4 + c)] +
                        src[std::size_t((y1 * sw + x0) * 4 + c)] + src[std::size_t((y1 * sw + x1) * 4 + c)];
                    dst[std::size_t((std::uint64_t(y) * dw + x) * 4 + c)] = std::uint8_t((sum + 2) / 4);
                }
            }
        }
        mips.push_back(std::move(dst));
    }
    return mips;
}

std::vector<std::byte> writeBlp2(const BlpImage& image, BlpWriteFormat format) {
    if (image.width == 0 || image.height == 0 || image.width > kBlpMaxSide || image.height > kBlpMaxSide ||
        image.mips.empty() || image.mips.size() > blpFullMipCount(image.width, image.height)) {
        return {};
    }
    for (std::size_t i = 0; i < image.mips.size(); ++i) {
        const std::uint64_t n = std::uint64_t(blpMipSide(image.width, i)) * blpMipSide(image.height, i);
        if (image.mips[i].size() != n * 4) {
            return {};
        }
    }
    std::vector<std::vector<std::uint8_t>> generated;
    const std::vector<std::vector<std::uint8_t>>* mips = &image.mips;
    if (image.mips.size() == 1 && blpFullMipCount(image.width, image.height) > 1) {
        generated = blpBuildMips(image.mips[0], image.width, image.height);
        mips = &generated;
    }

    BlpDxt dxt = BlpDxt::None;
    std::uint8_t encoding = std::uint8_t(BlpEncoding::Dxt);
    std::uint8_t alphaDepth = 8;
    std::uint8_t alphaType = blp_alpha_type::Argb8888;
    switch (format) {
    case BlpWriteFormat::Uncompressed:
        encoding = std::uint8_t(BlpEncoding::Uncompressed);
        break;
    case BlpWriteFormat::Dxt1: {
        dxt = BlpDxt::Dxt1;
        alphaType = blp_alpha_type::Dxt1;
        alphaDepth = 0;
        const auto& top = (*mips)[0];
        for (std::size_t i = 3; i < top.size(); i += 4) {
            if (top[i] != 255) {
                alphaDepth = 1;
                break;
            }
        }
        break;
    }
    case BlpWriteFormat::Dxt3:
        dxt = BlpDxt::Dxt3;
        alphaType = blp_alpha_type::Dxt3;
        break;
    case BlpWriteFormat::Dxt5:
        dxt = BlpDxt::Dxt5;
        alphaType = blp_alpha_type::Dxt5;
        break;
    }

    ByteWriter w(kBlp2HeaderSize + kBlpPaletteSize);
    for (const char c : {'B', 'L', 'P', '2'}) {
        w.u8(std::uint8_t(c));
    }
    w.u32(1);
    w.u8(encoding);
    w.u8(alphaDepth);
    w.u8(alphaType);
    w.u8(mips->size() > 1 ? 1 : 0);
    w.u32(image.width);
    w.u32(image.height);
    const std::size_t offsetsAt = w.size();
    w.zeros(2 * kMipTableSize);
    w.zeros(kBlpPaletteSize);

    const std::size_t count = mips->size();
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint32_t mw = blpMipSide(image.width, i);
        const std::uint32_t mh = blpMipSide(image.height, i);
        const std::vector<std::uint8_t>& px = (*mips)[i];
        const std::size_t at = w.size();
        if (dxt == BlpDxt::None) {
            std::vector<std::uint8_t> bgra(px.size());
            for (std::size_t p = 0; p < px.size(); p += 4) {
                bgra[p] = px[p + 2];
                bgra[p + 1] = px[p + 1];
                bgra[p + 2] = px[p];
                bgra[p + 3] = px[p + 3];
            }
            w.bytes(std::span<const std::uint8_t>(bgra));
        } else {
            const std::vector<std::uint8_t> blocks = encodeDxt(px, mw, mh, dxtFormat(dxt));
            w.bytes(std::span<const std::uint8_t>(blocks));
        }
        w.patchU32(offsetsAt + 4 * i, std::uint32_t(at));
        w.patchU32(offsetsAt + kMipTableSize + 4 * i, std::uint32_t(w.size() - at));
    }
    return w.take();
}

} // namespace mapsmith::io
