#include "io/binary/chunk_id.h"

#include "io/binary/byte_reader.h"

namespace mapsmith::io {
namespace {

bool isIdByte(std::uint8_t c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

// The id's bytes in file order (byte-reversed on disk: "MVER" is stored "REVM"), "00 00 00 00".
std::string storedHex(FourCC id) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out;
    out.reserve(11);
    for (int i = 0; i < 4; ++i) {
        const unsigned b = (id.value >> (8 * i)) & 0xFFu;
        if (i != 0) {
            out.push_back(' ');
        }
        out.push_back(kDigits[b >> 4]);
        out.push_back(kDigits[b & 0xFu]);
    }
    return out;
}

} // namespace

bool isPlausibleChunkId(FourCC id) {
    for (int i = 0; i < 4; ++i) {
        if (!isIdByte(std::uint8_t((id.value >> (8 * i)) & 0xFF))) {
            return false;
        }
    }
    return true;
}

std::string chunkIdText(FourCC id) {
    return isPlausibleChunkId(id) ? id.str() : storedHex(id);
}

Error notAChunkId(FourCC id, std::uint64_t at, FourCC container) {
    return Error{ErrorCode::BadMagic, container, at,
                 "bytes " + storedHex(id) + " are not a chunk id: what follows is not a chunk stream"};
}

std::optional<Error> checkFirstChunk(std::span<const std::byte> file, FourCC first) {
    if (file.size() < 4) {
        return std::nullopt; // too short to tell: the reader names what is missing
    }
    ByteReader r(file);
    const FourCC id = r.fourcc();
    if (id == first) {
        return std::nullopt;
    }
    return Error{ErrorCode::BadMagic, first, 0,
                 "the file starts with " + chunkIdText(id) + ", not " + first.str() +
                     " (not a chunk file of this kind)"};
}

std::optional<Error> checkChunkStream(std::span<const std::byte> file, FourCC first) {
    if (auto bad = checkFirstChunk(file, first)) {
        return bad;
    }
    ByteReader r(file);
    while (r.remaining() >= 8) {
        const std::uint64_t at = r.position();
        const FourCC id = r.fourcc();
        const std::uint32_t size = r.u32();
        if (!isPlausibleChunkId(id)) {
            return notAChunkId(id, at);
        }
        if (!r.skip(size)) {
            break;
        }
    }
    return std::nullopt;
}

} // namespace mapsmith::io
