#include "core/recovery/recovery_codec.h"

#include "io/adt/adt_split.h"

#include <zlib.h>

#include <array>
#include <cstring>
#include <map>
#include <optional>

namespace mapsmith::core {
namespace {

constexpr std::array<char, 4> kFileMagic{'M', 'S', 'R', 'Z'};
constexpr std::array<char, 4> kContainerMagic{'M', 'S', 'R', 'C'};
constexpr std::uint32_t kFormat = 1;
constexpr std::size_t kFileHeader = 24; // magic, format, packed size, compressed size
// zlib level 1: autosave runs while the user edits; speed matters more than the last few percent.
constexpr int kLevel = 1;

enum class Tag : std::uint32_t { Adt = 1, Root, Tex0, Obj0, Obj1, Tex1, Lod, Wdt };

struct Part {
    Tag tag;
    std::span<const std::byte> bytes;
};

void putU32(std::vector<std::byte>& out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) {
        out.push_back(std::byte((v >> (8 * i)) & 0xFF));
    }
}

void putU64(std::vector<std::byte>& out, std::uint64_t v) {
    for (int i = 0; i < 8; ++i) {
        out.push_back(std::byte((v >> (8 * i)) & 0xFF));
    }
}

std::uint64_t getLE(std::span<const std::byte> in, std::size_t at, int bytes) {
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) {
        v |= std::uint64_t(in[at + std::size_t(i)]) << (8 * i);
    }
    return v;
}

void putMagic(std::vector<std::byte>& out, const std::array<char, 4>& magic) {
    for (const char c : magic) {
        out.push_back(std::byte(c));
    }
}

bool hasMagic(std::span<const std::byte> in, const std::array<char, 4>& magic) {
    return in.size() >= 4 && std::memcmp(in.data(), magic.data(), 4) == 0;
}

std::vector<std::byte> pack(RecoveredKind kind, const std::vector<Part>& parts) {
    std::vector<std::byte> raw;
    std::size_t total = 12;
    for (const Part& p : parts) {
        total += 12 + p.bytes.size();
    }
    raw.reserve(total);
    putMagic(raw, kContainerMagic);
    putU32(raw, std::uint32_t(kind));
    putU32(raw, std::uint32_t(parts.size()));
    for (const Part& p : parts) {
        putU32(raw, std::uint32_t(p.tag));
        putU64(raw, p.bytes.size());
        raw.insert(raw.end(), p.bytes.begin(), p.bytes.end());
    }
    uLongf bound = compressBound(uLong(raw.size()));
    std::vector<std::byte> file;
    file.reserve(kFileHeader + bound);
    putMagic(file, kFileMagic);
    putU32(file, kFormat);
    putU64(file, raw.size());
    putU64(file, 0); // the compressed size, once known
    file.resize(kFileHeader + bound);
    const int rc = compress2(reinterpret_cast<Bytef*>(file.data() + kFileHeader), &bound,
                             reinterpret_cast<const Bytef*>(raw.data()), uLong(raw.size()), kLevel);
    // compress2 cannot fail with a buffer of compressBound() bytes and memory to spare.
    Q_ASSERT(rc == Z_OK);
    (void)rc;
    file.resize(kFileHeader + bound);
    for (int i = 0; i < 8; ++i) {
        file[16 + std::size_t(i)] = std::byte((std::uint64_t(bound) >> (8 * i)) & 0xFF);
    }
    return file;
}

CoreError damaged(const std::string& why) {
    return CoreError(CoreError::Code::File, why);
}

struct Unpacked {
    RecoveredKind kind;
    std::map<Tag, std::vector<std::byte>> parts;
};

// The kind and parts of a recovery file, or why they cannot be had.
Expected<Unpacked> unpack(std::span<const std::byte> file) {
    if (!hasMagic(file, kFileMagic)) {
        return damaged("not a Mapsmith recovery file");
    }
    if (file.size() < kFileHeader) {
        return damaged("truncated (" + std::to_string(file.size()) + " bytes)");
    }
    if (getLE(file, 4, 4) != kFormat) {
        return damaged("recovery format " + std::to_string(getLE(file, 4, 4)) + " is not known");
    }
    const std::uint64_t rawSize = getLE(file, 8, 8);
    // A packed tile is a few MB; a size beyond 1 GiB is damage, not data.
    if (rawSize < 12 || rawSize > (std::uint64_t(1) << 30)) {
        return damaged("damaged header (packed size " + std::to_string(rawSize) + ")");
    }
    const std::uint64_t compressedSize = getLE(file, 16, 8);
    if (file.size() - kFileHeader < compressedSize) {
        return damaged("truncated: " + std::to_string(file.size()) + " of " +
                       std::to_string(kFileHeader + compressedSize) + " bytes");
    }
    std::vector<std::byte> raw(rawSize);
    uLongf size = uLongf(rawSize);
    const int rc =
        uncompress(reinterpret_cast<Bytef*>(raw.data()), &size,
                   reinterpret_cast<const Bytef*>(file.data() + kFileHeader), uLong(compressedSize));
    if (rc != Z_OK || size != rawSize) {
        return damaged("damaged compressed data (zlib: " + std::string(zError(rc)) + ")");
    }
    if (!hasMagic(raw, kContainerMagic)) {
        return damaged("damaged container (no MSRC)");
    }
    Unpacked out{RecoveredKind(getLE(raw, 4, 4)), {}};
    const std::uint64_t count = getLE(raw, 8, 4);
    auto& parts = out.parts;
    std::size_t at = 12;
    for (std::uint64_t i = 0; i < count; ++i) {
        if (raw.size() - at < 12) {
            return damaged("damaged container: part " + std::to_string(i) + " is cut");
        }
        const auto tag = Tag(getLE(raw, at, 4));
        const std::uint64_t n = getLE(raw, at + 4, 8);
        at += 12;
        if (raw.size() - at < n) {
            return damaged("damaged container: part " + std::to_string(i) + " is cut");
        }
        parts[tag].assign(raw.begin() + std::ptrdiff_t(at), raw.begin() + std::ptrdiff_t(at + n));
        at += n;
    }
    return out;
}

CoreError readerError(const io::Error& e) {
    return CoreError(e, "the recovered bytes do not read: " + e.describe());
}

} // namespace

std::vector<std::byte> packRecoveredTile(const io::Adt& adt, TileLayout layout) {
    // Each layer keeps its own alpha encoding (default options): the model reads back as it is held.
    if (layout == TileLayout::V18) {
        const std::vector<std::byte> bytes = io::writeAdt(adt);
        return pack(RecoveredKind::V18Tile, {{Tag::Adt, bytes}});
    }
    const io::SplitAdtFiles files = io::writeSplitAdt(adt);
    std::vector<Part> parts{{Tag::Root, files.root}, {Tag::Tex0, files.tex0}, {Tag::Obj0, files.obj0}};
    if (files.obj1) {
        parts.push_back({Tag::Obj1, *files.obj1});
    }
    if (files.tex1) {
        parts.push_back({Tag::Tex1, *files.tex1});
    }
    if (files.lod) {
        parts.push_back({Tag::Lod, *files.lod});
    }
    return pack(RecoveredKind::SplitTile, parts);
}

std::vector<std::byte> packRecoveredWdt(const io::Wdt& wdt) {
    const std::vector<std::byte> bytes = io::writeWdt(wdt);
    return pack(RecoveredKind::Wdt, {{Tag::Wdt, bytes}});
}

Expected<io::Adt> unpackRecoveredTile(std::span<const std::byte> file, bool bigAlpha) {
    io::AdtReadOptions options;
    options.bigAlpha = bigAlpha;
    auto unpacked = unpack(file);
    if (!unpacked) {
        return unpacked.error();
    }
    auto& p = unpacked->parts;
    if (unpacked->kind != RecoveredKind::V18Tile && unpacked->kind != RecoveredKind::SplitTile) {
        return damaged("holds no tile");
    }
    if (unpacked->kind == RecoveredKind::V18Tile) {
        if (!p.count(Tag::Adt)) {
            return damaged("damaged container: no tile in it");
        }
        auto read = io::readAdt(p[Tag::Adt], options);
        if (!read) {
            return readerError(read.error());
        }
        return std::move(read.value().adt);
    }
    if (!p.count(Tag::Root) || !p.count(Tag::Tex0) || !p.count(Tag::Obj0)) {
        return damaged("damaged container: a file of the split set is missing");
    }
    io::SplitAdtFiles files{
        std::move(p[Tag::Root]), std::move(p[Tag::Tex0]), std::move(p[Tag::Obj0]), {}, {}, {}};
    const auto optional = [&p](Tag tag) {
        return p.count(tag) ? std::optional(std::move(p[tag])) : std::nullopt;
    };
    files.obj1 = optional(Tag::Obj1);
    files.tex1 = optional(Tag::Tex1);
    files.lod = optional(Tag::Lod);
    auto read = io::readSplitAdt(files, options);
    if (!read) {
        return readerError(read.error());
    }
    return std::move(read.value().adt);
}

Expected<io::Wdt> unpackRecoveredWdt(std::span<const std::byte> file) {
    auto unpacked = unpack(file);
    if (!unpacked) {
        return unpacked.error();
    }
    if (unpacked->kind != RecoveredKind::Wdt || !unpacked->parts.count(Tag::Wdt)) {
        return damaged("holds no WDT");
    }
    auto read = io::readWdt(unpacked->parts[Tag::Wdt]);
    if (!read) {
        return readerError(read.error());
    }
    return std::move(read.value());
}

} // namespace mapsmith::core
