#pragma once
// Building and patching little-endian test files byte by byte (what the reader tests craft from the
// specs), and error text for test messages.

#include "io/error.h"

#include <QByteArray>
#include <QString>

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
// The error of a failed read, empty for a value (QVERIFY2 builds its message before testing).
template <class T> QString why(const io::Expected<T>& r) {
    return r ? QString() : describe(r.error());
}

} // namespace mapsmith::tests
