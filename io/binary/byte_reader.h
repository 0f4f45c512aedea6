#pragma once
// Bounds-checked little-endian reader over a byte span. Every read checks the bytes left; the first
// failure is kept (sticky) with the chunk and absolute file offset, later reads return zeros.
// Callers check failed() before trusting what they read.

#include "io/binary/error.h"
#include "io/binary/fourcc.h"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <type_traits>

namespace mapsmith::io {

static_assert(std::endian::native == std::endian::little,
              "Mapsmith reads files by memcpy on little-endian hosts");

class ByteReader {
public:
    ByteReader() = default;
    // baseOffset: absolute file offset of data[0]; chunk: the chunk named in errors.
    explicit ByteReader(std::span<const std::byte> data, std::uint64_t baseOffset = 0, FourCC chunk = {})
        : mData(data), mBase(baseOffset), mChunk(chunk) {}

    std::uint64_t size() const { return mData.size(); }
    std::uint64_t position() const { return mPos; }
    std::uint64_t absolute() const { return mBase + mPos; }
    std::uint64_t absoluteAt(std::uint64_t pos) const { return mBase + pos; }
    std::uint64_t remaining() const { return mData.size() - mPos; }
    bool atEnd() const { return mPos >= mData.size(); }
    FourCC chunk() const { return mChunk; }
    void setChunk(FourCC c) { mChunk = c; }
    std::span<const std::byte> data() const { return mData; }

    bool failed() const { return mError.has_value(); }
    const Error& error() const { return *mError; }
    const std::optional<Error>& maybeError() const { return mError; }

    // True when n more bytes can be read; otherwise records a Truncated error.
    bool ensure(std::uint64_t n, const char* what) {
        if (failed()) {
            return false;
        }
        if (n > remaining()) {
            fail(ErrorCode::Truncated, std::string(what) + " needs " + std::to_string(n) + " bytes, " +
                                           std::to_string(remaining()) + " left");
            return false;
        }
        return true;
    }

    template <class T>
    requires std::is_arithmetic_v<T> T read(const char* what = "value") {
        T v{};
        if (ensure(sizeof(T), what)) {
            std::memcpy(&v, mData.data() + mPos, sizeof(T));
            mPos += sizeof(T);
        }
        return v;
    }
    std::uint8_t u8(const char* what = "u8") { return read<std::uint8_t>(what); }
    std::uint16_t u16(const char* what = "u16") { return read<std::uint16_t>(what); }
    std::uint32_t u32(const char* what = "u32") { return read<std::uint32_t>(what); }
    std::uint64_t u64(const char* what = "u64") { return read<std::uint64_t>(what); }
    std::int8_t i8(const char* what = "i8") { return read<std::int8_t>(what); }
    std::int16_t i16(const char* what = "i16") { return read<std::int16_t>(what); }
    std::int32_t i32(const char* what = "i32") { return read<std::int32_t>(what); }
    float f32(const char* what = "f32") { return read<float>(what); }
    FourCC fourcc(const char* what = "chunk id") { return FourCC(u32(what)); }

    // Copies out.size() bytes; zero-fills on failure. Nothing to copy: no call (an empty span may have
    // no storage, and memcpy/memset with a null pointer is undefined even for 0 bytes).
    void bytes(std::span<std::byte> out, const char* what = "bytes") {
        if (out.empty()) {
            return;
        }
        if (ensure(out.size(), what)) {
            std::memcpy(out.data(), mData.data() + mPos, out.size());
            mPos += out.size();
        } else {
            std::memset(out.data(), 0, out.size());
        }
    }
    void bytes(std::span<std::uint8_t> out, const char* what = "bytes") {
        bytes(std::as_writable_bytes(out), what);
    }

    // A view of the next n bytes (empty on failure).
    std::span<const std::byte> take(std::uint64_t n, const char* what = "bytes") {
        if (!ensure(n, what)) {
            return {};
        }
        auto s = mData.subspan(std::size_t(mPos), std::size_t(n));
        mPos += n;
        return s;
    }

    bool skip(std::uint64_t n, const char* what = "bytes") {
        if (!ensure(n, what)) {
            return false;
        }
        mPos += n;
        return true;
    }

    bool seek(std::uint64_t pos) {
        if (failed()) {
            return false;
        }
        if (pos > mData.size()) {
            fail(ErrorCode::SizeOutOfBounds, "offset " + std::to_string(pos) + " is past the end (" +
                                                 std::to_string(mData.size()) + " bytes)");
            return false;
        }
        mPos = pos;
        return true;
    }

    // A reader over [offset, offset+size) of this one; records SizeOutOfBounds when it does not fit.
    ByteReader sub(std::uint64_t offset, std::uint64_t size, FourCC chunk) {
        if (failed()) {
            return {};
        }
        if (offset > mData.size() || size > mData.size() - offset) {
            fail(ErrorCode::SizeOutOfBounds, chunk.str() + " of " + std::to_string(size) + " bytes at +" +
                                                 std::to_string(offset) + " does not fit in " +
                                                 std::to_string(mData.size()) + " bytes");
            return {};
        }
        return ByteReader(mData.subspan(std::size_t(offset), std::size_t(size)), mBase + offset, chunk);
    }

    // Records an error at the current position (keeps the first one).
    void fail(ErrorCode code, std::string message) { failAt(mPos, code, std::move(message)); }
    void failAt(std::uint64_t pos, ErrorCode code, std::string message) {
        if (!mError) {
            mError = Error{code, mChunk, mBase + pos, std::move(message)};
        }
    }
    Error makeError(ErrorCode code, std::string message) const {
        return Error{code, mChunk, absolute(), std::move(message)};
    }

private:
    std::span<const std::byte> mData;
    std::uint64_t mPos = 0;
    std::uint64_t mBase = 0;
    FourCC mChunk;
    std::optional<Error> mError;
};

} // namespace mapsmith::io
