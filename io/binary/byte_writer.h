#pragma once
// Little-endian writer appending to a growable buffer; chunks are written as id + size + data with the
// size patched when the chunk ends.

#include "io/binary/fourcc.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

namespace mapsmith::io {

class ByteWriter {
public:
    ByteWriter() = default;
    explicit ByteWriter(std::size_t reserve) { mBuf.reserve(reserve); }

    std::size_t size() const { return mBuf.size(); }
    const std::vector<std::byte>& buffer() const { return mBuf; }
    std::vector<std::byte> take() { return std::move(mBuf); }
    void reserve(std::size_t n) { mBuf.reserve(n); }

    template <class T>
    requires std::is_arithmetic_v<T>
    void put(T v) {
        const std::size_t at = mBuf.size();
        mBuf.resize(at + sizeof(T));
        std::memcpy(mBuf.data() + at, &v, sizeof(T));
    }
    void u8(std::uint8_t v) { put(v); }
    void u16(std::uint16_t v) { put(v); }
    void u32(std::uint32_t v) { put(v); }
    void u64(std::uint64_t v) { put(v); }
    void i16(std::int16_t v) { put(v); }
    void f32(float v) { put(v); }
    void fourcc(FourCC id) { put(id.value); }

    void bytes(std::span<const std::byte> data) { mBuf.insert(mBuf.end(), data.begin(), data.end()); }
    void bytes(std::span<const std::uint8_t> data) { bytes(std::as_bytes(data)); }
    void zeros(std::size_t n) { mBuf.resize(mBuf.size() + n, std::byte{0}); }
    // Writes the characters and a terminating NUL.
    void cstring(std::string_view s) {
        bytes(std::as_bytes(std::span(s.data(), s.size())));
        u8(0);
    }

    void patchU32(std::size_t at, std::uint32_t v) { std::memcpy(mBuf.data() + at, &v, sizeof v); }
    void patchBytes(std::size_t at, std::span<const std::uint8_t> data) {
        if (!data.empty()) { // an empty span may have no storage: memcpy(null) is undefined
            std::memcpy(mBuf.data() + at, data.data(), data.size());
        }
    }

    // Writes the chunk header; returns its position for endChunk().
    std::size_t beginChunk(FourCC id) {
        const std::size_t at = mBuf.size();
        fourcc(id);
        u32(0);
        return at;
    }
    // Patches the size to everything written since beginChunk, minus extraOutside bytes that follow the
    // chunk on disk but are not counted in its size (MCNR's 13 padding bytes).
    void endChunk(std::size_t at, std::size_t extraOutside = 0) {
        patchU32(at + 4, std::uint32_t(mBuf.size() - at - 8 - extraOutside));
    }

private:
    std::vector<std::byte> mBuf;
};

} // namespace mapsmith::io
