#pragma once
// Building and patching little-endian test files byte by byte (what the reader tests craft from the
// specs): integers, DDS headers and DXT blocks; and error text for test messages.

#include "io/binary/error.h"

#include <QByteArray>
#include <QString>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace mapsmith::tests {

using Bytes = std::vector<std::byte>;

inline void putU32(Bytes& b, std::size_t at, std::uint32_t v) {
    std::memcpy(b.data() + at, &v, 4);
}
inline void putU16(Bytes& b, std::size_t at, std::uint16_t v) {
    std::memcpy(b.data() + at, &v, 2);
}
inline void putF32(Bytes& b, std::size_t at, float v) {
    std::memcpy(b.data() + at, &v, 4);
}
inline std::uint32_t getU32(const Bytes& b, std::size_t at) {
    std::uint32_t v = 0;
    std::memcpy(&v, b.data() + at, 4);
    return v;
}
inline void appendU32(Bytes& b, std::uint32_t v) {
    b.resize(b.size() + 4);
    putU32(b, b.size() - 4, v);
}
inline void appendU16(Bytes& b, std::uint16_t v) {
    b.resize(b.size() + 2);
    putU16(b, b.size() - 2, v);
}
inline void appendF32(Bytes& b, float v) {
    b.resize(b.size() + 4);
    putF32(b, b.size() - 4, v);
}
inline void appendU8(Bytes& b, std::uint8_t v) {
    b.push_back(std::byte{v});
}
inline void appendText(Bytes& b, const char* s, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
        b.push_back(std::byte(std::uint8_t(s[i])));
    }
}

// --- DDS images (DirectDraw Surface: "DDS ", DDS_HEADER, levels) and DXT blocks, from Microsoft's
// documentation of the format and of BC1-BC3 ---------------------------------------------------------------

inline constexpr std::uint32_t kDdpfAlphaPixels = 0x1;
inline constexpr std::uint32_t kDdpfFourCC = 0x4;
inline constexpr std::uint32_t kDdpfRgb = 0x40;
inline constexpr std::uint32_t kDdpfLuminance = 0x20000;

// DDS_PIXELFORMAT: flags, FourCC (4 characters, or none), RGB bit count and R, G, B, A masks.
struct DdsPixelFormat {
    std::uint32_t flags = kDdpfFourCC;
    const char* fourcc = "DXT1";
    std::uint32_t bitCount = 0;
    std::array<std::uint32_t, 4> masks{};
};

// "DDS " and a 124-byte DDS_HEADER (128 bytes): height at +12, width at +16, mip count at +28, pixel
// format at +76 (flags +80, FourCC +84, bit count +88, masks +92). headerSize is dwSize (124 when valid).
inline Bytes ddsHeader(std::uint32_t w, std::uint32_t h, std::uint32_t mips, const DdsPixelFormat& pf,
                       std::uint32_t headerSize = 124) {
    Bytes b;
    b.reserve(128);
    appendText(b, "DDS ", 4);
    appendU32(b, headerSize);
    appendU32(b, 0x1 | 0x2 | 0x4 | 0x1000 | (mips > 1 ? 0x20000 : 0)); // caps, height, width, format, mips
    appendU32(b, h);
    appendU32(b, w);
    appendU32(b, 0); // pitch or linear size
    appendU32(b, 0); // depth
    appendU32(b, mips);
    for (int k = 0; k < 11; ++k) {
        appendU32(b, 0); // reserved
    }
    appendU32(b, 32); // DDS_PIXELFORMAT size
    appendU32(b, pf.flags);
    if (pf.fourcc != nullptr) {
        appendText(b, pf.fourcc, 4);
    } else {
        appendU32(b, 0);
    }
    appendU32(b, pf.bitCount);
    for (std::uint32_t m : pf.masks) {
        appendU32(b, m);
    }
    appendU32(b, 0x1000 | (mips > 1 ? 0x400008 : 0)); // caps: texture (+ complex, mipmap)
    for (int k = 0; k < 4; ++k) {
        appendU32(b, 0); // caps2, caps3, caps4, reserved
    }
    return b;
}

// The 2-bit colour indices of a DXT block's 16 pixels (row-major; pixel 0 in the lowest bits).
inline std::uint32_t dxtIndices(const std::array<std::uint8_t, 16>& index) {
    std::uint32_t bits = 0;
    for (std::size_t p = 0; p < 16; ++p) {
        bits |= std::uint32_t(index[p] & 3) << (2 * p);
    }
    return bits;
}
// A DXT colour block (all of DXT1, the second half of DXT3/DXT5): 565 endpoints c0, c1, then the indices.
inline void appendDxtColourBlock(Bytes& b, std::uint16_t c0, std::uint16_t c1, std::uint32_t indices) {
    appendU16(b, c0);
    appendU16(b, c1);
    appendU32(b, indices);
}
// A DXT3 alpha block: 4 bits per pixel, pixel 0 in the low nibble of the first byte.
inline void appendDxt3AlphaBlock(Bytes& b, const std::array<std::uint8_t, 16>& alpha4) {
    for (std::size_t p = 0; p < 16; p += 2) {
        appendU8(b, std::uint8_t((alpha4[p] & 0xF) | (alpha4[p + 1] & 0xF) << 4));
    }
}
// A DXT5 alpha block: endpoints a0, a1, then 3-bit codes per pixel (48 bits, pixel 0 lowest).
inline void appendDxt5AlphaBlock(Bytes& b, std::uint8_t a0, std::uint8_t a1,
                                 const std::array<std::uint8_t, 16>& code) {
    appendU8(b, a0);
    appendU8(b, a1);
    std::uint64_t bits = 0;
    for (std::size_t p = 0; p < 16; ++p) {
        bits |= std::uint64_t(code[p] & 7) << (3 * p);
    }
    for (int k = 0; k < 6; ++k) {
        appendU8(b, std::uint8_t(bits >> (8 * k)));
    }
}

inline QByteArray toQt(const Bytes& b) {
    return QByteArray(reinterpret_cast<const char*>(b.data()), qsizetype(b.size()));
}
inline Bytes fromQt(const QByteArray& a) {
    const auto* p = reinterpret_cast<const std::byte*>(a.constData());
    return Bytes(p, p + a.size());
}

inline QString describe(const io::Error& e) {
    return QString::fromStdString(e.describe());
}
// Every warning, one a line (empty for none).
inline QString describe(const std::vector<io::Warning>& warnings) {
    QString s;
    for (const io::Warning& w : warnings) {
        s += describe(w) + QLatin1Char('\n');
    }
    return s;
}
// The error of a failed read, empty for a value (QVERIFY2 builds its message before testing).
template <class T> QString why(const io::Expected<T>& r) {
    return r ? QString() : describe(r.error());
}

} // namespace mapsmith::tests
