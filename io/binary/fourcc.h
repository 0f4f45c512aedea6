#pragma once
// Chunk identifiers. Files store them byte-reversed ("REVM" for MVER); FourCC holds the readable order.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace mapsmith::io {

struct FourCC {
    std::uint32_t value =
        0; // 'M'<<24 | 'V'<<16 | 'E'<<8 | 'R' for "MVER"; equals the little-endian u32 on disk

    constexpr FourCC() = default;
    constexpr explicit FourCC(std::uint32_t v) : value(v) {}
    constexpr FourCC(const char (&s)[5])
        : value(std::uint32_t(std::uint8_t(s[0])) << 24 | std::uint32_t(std::uint8_t(s[1])) << 16 |
                std::uint32_t(std::uint8_t(s[2])) << 8 | std::uint32_t(std::uint8_t(s[3]))) {}

    constexpr bool isNull() const { return value == 0; }
    constexpr bool operator==(const FourCC&) const = default;
    constexpr auto operator<=>(const FourCC&) const = default;

    // Readable name; bytes outside printable ASCII become '?'.
    std::string str() const {
        std::string out(4, '?');
        for (int i = 0; i < 4; ++i) {
            const char c = char((value >> (24 - 8 * i)) & 0xFF);
            out[std::size_t(i)] = (c >= 0x20 && c < 0x7F) ? c : '?';
        }
        return out;
    }
};

namespace chunk {
inline constexpr FourCC MVER{"MVER"}, MHDR{"MHDR"}, MCIN{"MCIN"}, MTEX{"MTEX"}, MMDX{"MMDX"}, MMID{"MMID"},
    MWMO{"MWMO"}, MWID{"MWID"}, MDDF{"MDDF"}, MODF{"MODF"}, MH2O{"MH2O"}, MFBO{"MFBO"}, MTXF{"MTXF"},
    MCNK{"MCNK"}, MCVT{"MCVT"}, MCCV{"MCCV"}, MCNR{"MCNR"}, MCLY{"MCLY"}, MCRF{"MCRF"}, MCSH{"MCSH"},
    MCAL{"MCAL"}, MCLQ{"MCLQ"}, MCSE{"MCSE"}, MCLV{"MCLV"}, MPHD{"MPHD"}, MAIN{"MAIN"},
    // Split (Cata+) files.
    MAMP{"MAMP"}, MDID{"MDID"}, MHID{"MHID"}, MTXP{"MTXP"}, MCRD{"MCRD"}, MCRW{"MCRW"}, MCMT{"MCMT"};
} // namespace chunk

} // namespace mapsmith::io
