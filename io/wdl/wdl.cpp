// WDL v18 reader and writer. The reader walks the top-level chunks once (every size checked against the
// bytes left), then resolves MAOF's offsets against the chunk headers it found; every field is read
// through ByteReader (no casts of file memory into structs).

#include "io/wdl/wdl.h"

#include "io/binary/byte_reader.h"
#include "io/binary/byte_writer.h"
#include "io/binary/chunk_id.h"
#include "io/binary/hex.h"

#include <algorithm>
#include <limits>
#include <string>

namespace mapsmith::io {
namespace {

constexpr std::size_t kChunkHeaderSize = 8;
constexpr std::size_t kMverSize = 4;
constexpr int kTileCount = kWdlTilesPerSide * kWdlTilesPerSide;
constexpr std::size_t kMaofSize = std::size_t(kTileCount) * sizeof(std::uint32_t);
constexpr std::size_t kMareSize = std::size_t(kWdlOuterCount + kWdlInnerCount) * sizeof(std::int16_t);
constexpr std::size_t kMahoSize = std::size_t(kWdlHoleRows) * sizeof(std::uint16_t);

static_assert(kMaofSize == 16384, "MAOF is 64 x 64 u32 offsets");
static_assert(kMareSize == 0x442, "MARE is 17 x 17 + 16 x 16 int16 heights (1090 bytes)");
static_assert(kMahoSize == 0x20, "MAHO is 16 u16 hole masks (32 bytes)");
static_assert(std::tuple_size_v<decltype(WdlTile::outer)> * 2 +
                  std::tuple_size_v<decltype(WdlTile::inner)> * 2 ==
              kMareSize);

// A top-level chunk as found by the walk.
struct FoundChunk {
    FourCC id;
    std::uint64_t at = 0; // offset of its header
    std::span<const std::byte> data;
};

std::string tileName(int index) {
    return std::to_string(index % kWdlTilesPerSide) + "_" + std::to_string(index / kWdlTilesPerSide);
}

// A WDL holds MVER, MAOF, an MARE and an MAHO per tile and a few model chunks: more chunks than this are
// not a WDL.
constexpr std::size_t kMaxWdlChunks = 2 * std::size_t(kTileCount) + 64;

Expected<std::vector<FoundChunk>> walkChunks(std::span<const std::byte> file) {
    std::vector<FoundChunk> out;
    ByteReader r(file);
    while (!r.atEnd()) {
        const std::uint64_t at = r.position();
        if (r.remaining() < kChunkHeaderSize) {
            return Error{ErrorCode::Truncated, FourCC{}, at,
                         std::to_string(r.remaining()) +
                             " bytes after the last chunk, too few for a chunk header"};
        }
        const FourCC id = r.fourcc();
        const std::uint64_t size = r.u32("chunk size");
        if (!isPlausibleChunkId(id)) {
            return notAChunkId(id, at);
        }
        if (out.size() >= kMaxWdlChunks) {
            return Error{ErrorCode::BadValue, id, at,
                         "more than " + std::to_string(kMaxWdlChunks) + " chunks, which no WDL has"};
        }
        if (size > r.remaining()) {
            return Error{ErrorCode::SizeOutOfBounds, id, at,
                         "chunk of " + std::to_string(size) + " bytes, only " +
                             std::to_string(r.remaining()) + " left in the file"};
        }
        out.push_back(FoundChunk{id, at, r.take(size, "chunk data")});
    }
    return out;
}

Expected<WdlTile> readEntry(const FoundChunk& mare, const FoundChunk* maho) {
    if (mare.data.size() != kMareSize) {
        return Error{ErrorCode::BadValue, chunk::MARE, mare.at,
                     "size " + std::to_string(mare.data.size()) + ", expected " + std::to_string(kMareSize) +
                         " (17 x 17 + 16 x 16 heights)"};
    }
    WdlTile t;
    ByteReader r(mare.data, mare.at + kChunkHeaderSize, chunk::MARE);
    for (std::int16_t& h : t.outer) {
        h = r.i16("outer height");
    }
    for (std::int16_t& h : t.inner) {
        h = r.i16("inner height");
    }
    if (maho) {
        if (maho->data.size() != kMahoSize) {
            return Error{ErrorCode::BadValue, chunk::MAHO, maho->at,
                         "size " + std::to_string(maho->data.size()) + ", expected " +
                             std::to_string(kMahoSize) + " (16 hole masks)"};
        }
        ByteReader h(maho->data, maho->at + kChunkHeaderSize, chunk::MAHO);
        std::array<std::uint16_t, kWdlHoleRows> holes{};
        for (std::uint16_t& w : holes) {
            w = h.u16("hole mask");
        }
        t.holes = holes;
    }
    return t;
}

void writeChunk(ByteWriter& w, const WdlChunk& c) {
    const std::size_t at = w.beginChunk(c.id);
    w.bytes(c.data);
    w.endChunk(at);
}

} // namespace

std::int16_t WdlTile::minHeight() const {
    return std::min(*std::min_element(outer.begin(), outer.end()),
                    *std::min_element(inner.begin(), inner.end()));
}

std::int16_t WdlTile::maxHeight() const {
    return std::max(*std::max_element(outer.begin(), outer.end()),
                    *std::max_element(inner.begin(), inner.end()));
}

const WdlTile* Wdl::tile(int x, int y) const {
    if (x < 0 || y < 0 || x >= kWdlTilesPerSide || y >= kWdlTilesPerSide) {
        return nullptr;
    }
    const auto it = tiles.find(y * kWdlTilesPerSide + x);
    return it == tiles.end() ? nullptr : &it->second;
}

void Wdl::setTile(int x, int y, WdlTile entry) {
    tiles[y * kWdlTilesPerSide + x] = std::move(entry);
}

bool Wdl::removeTile(int x, int y) {
    return tiles.erase(y * kWdlTilesPerSide + x) != 0;
}

Expected<Wdl> readWdl(std::span<const std::byte> file) {
    // The first chunk decides before any walk: garbage costs nothing.
    if (auto bad = checkFirstChunk(file, chunk::MVER)) {
        const FourCC first = ByteReader(file).fourcc();
        return isPlausibleChunkId(first) ? Error{ErrorCode::BadMagic, first, 0, "a WDL starts with MVER"}
                                         : *bad;
    }
    auto walked = walkChunks(file);
    if (!walked) {
        return walked.error();
    }
    const std::vector<FoundChunk>& chunks = walked.value();
    if (chunks.empty() || chunks.front().id != chunk::MVER) {
        return Error{ErrorCode::BadMagic, chunks.empty() ? FourCC{} : chunks.front().id, 0,
                     "a WDL starts with MVER"};
    }
    Wdl wdl;
    const FoundChunk& mver = chunks.front();
    if (mver.data.size() != kMverSize) {
        return Error{ErrorCode::BadValue, chunk::MVER, mver.at,
                     "size " + std::to_string(mver.data.size()) + ", expected 4"};
    }
    ByteReader version(mver.data, mver.at + kChunkHeaderSize, chunk::MVER);
    wdl.version = version.u32("version");
    if (wdl.version != kWdlVersion) {
        return Error{ErrorCode::UnsupportedVersion, chunk::MVER, mver.at + kChunkHeaderSize,
                     "version " + std::to_string(wdl.version) + ", only 18 is supported"};
    }

    std::size_t maofIndex = 0;
    for (std::size_t i = 1; i < chunks.size(); ++i) {
        if (chunks[i].id != chunk::MAOF) {
            continue;
        }
        if (maofIndex != 0) {
            return Error{ErrorCode::BadValue, chunk::MAOF, chunks[i].at,
                         "a second MAOF chunk (the first is at " + hex(chunks[maofIndex].at) + ")"};
        }
        maofIndex = i;
    }
    if (maofIndex == 0) {
        return Error{ErrorCode::MissingChunk, chunk::MAOF, file.size(),
                     "no MAOF chunk in the file's " + std::to_string(file.size()) + " bytes"};
    }
    const FoundChunk& maof = chunks[maofIndex];
    if (maof.data.size() != kMaofSize) {
        return Error{ErrorCode::BadValue, chunk::MAOF, maof.at,
                     "size " + std::to_string(maof.data.size()) + ", expected " + std::to_string(kMaofSize) +
                         " (64 x 64 offsets)"};
    }

    // Entries: each MAOF offset must be the header of a MARE chunk; a MAHO right after it is its holes.
    std::vector<bool> consumed(chunks.size(), false);
    std::vector<int> entryOf(chunks.size(), -1); // the (highest) tile index whose entry holds the chunk
    ByteReader offsets(maof.data, maof.at + kChunkHeaderSize, chunk::MAOF);
    for (int i = 0; i < kTileCount; ++i) {
        const std::uint64_t entryAt = offsets.absolute();
        const std::uint32_t target = offsets.u32("MAOF offset");
        if (target == 0) {
            continue;
        }
        const auto it = std::lower_bound(chunks.begin(), chunks.end(), std::uint64_t(target),
                                         [](const FoundChunk& c, std::uint64_t at) { return c.at < at; });
        if (it == chunks.end() || it->at != target || it->id != chunk::MARE) {
            return Error{ErrorCode::SizeOutOfBounds, chunk::MAOF, entryAt,
                         "tile " + tileName(i) + ": offset " + hex(target) +
                             " is not the start of a MARE chunk"};
        }
        const std::size_t k = std::size_t(it - chunks.begin());
        const FoundChunk* maho =
            (k + 1 < chunks.size() && chunks[k + 1].id == chunk::MAHO) ? &chunks[k + 1] : nullptr;
        auto entry = readEntry(*it, maho);
        if (!entry) {
            return entry.error();
        }
        wdl.tiles.emplace(i, std::move(entry.value()));
        consumed[k] = true;
        entryOf[k] = i;
        if (maho) {
            consumed[k + 1] = true;
            entryOf[k + 1] = i;
        }
    }

    // Everything else is kept as stored.
    int lastEntry = -1;
    for (std::size_t i = 1; i < chunks.size(); ++i) {
        if (i == maofIndex) {
            continue;
        }
        if (consumed[i]) {
            // The entry right before a chunk in the file, so that a stray MAHO never lands right after a
            // MARE without its own MAHO when written back (it would be read as that entry's holes).
            lastEntry = entryOf[i];
            continue;
        }
        WdlChunk raw{chunks[i].id, {chunks[i].data.begin(), chunks[i].data.end()}, -1};
        if (i < maofIndex) {
            wdl.beforeMaof.push_back(std::move(raw));
        } else {
            raw.afterTile = lastEntry;
            wdl.afterMaof.push_back(std::move(raw));
        }
    }
    // Canonical order (a no-op for files in the canonical layout), so a model reads back as itself.
    std::stable_sort(wdl.afterMaof.begin(), wdl.afterMaof.end(),
                     [](const WdlChunk& a, const WdlChunk& b) { return a.afterTile < b.afterTile; });
    return wdl;
}

std::vector<std::byte> writeWdl(const Wdl& wdl) {
    ByteWriter w(kChunkHeaderSize * 2 + kMverSize + kMaofSize +
                 wdl.tiles.size() * (2 * kChunkHeaderSize + kMareSize + kMahoSize));
    std::size_t at = w.beginChunk(chunk::MVER);
    w.u32(wdl.version);
    w.endChunk(at);
    for (const WdlChunk& c : wdl.beforeMaof) {
        writeChunk(w, c);
    }
    const std::size_t maofAt = w.beginChunk(chunk::MAOF);
    const std::size_t maofData = w.size();
    w.zeros(kMaofSize);
    w.endChunk(maofAt);

    std::vector<WdlChunk> rest = wdl.afterMaof;
    std::stable_sort(rest.begin(), rest.end(),
                     [](const WdlChunk& a, const WdlChunk& b) { return a.afterTile < b.afterTile; });
    auto next = rest.begin();
    for (const auto& [index, entry] : wdl.tiles) {
        for (; next != rest.end() && next->afterTile < index; ++next) {
            writeChunk(w, *next);
        }
        w.patchU32(maofData + std::size_t(index) * sizeof(std::uint32_t), std::uint32_t(w.size()));
        at = w.beginChunk(chunk::MARE);
        for (const std::int16_t h : entry.outer) {
            w.i16(h);
        }
        for (const std::int16_t h : entry.inner) {
            w.i16(h);
        }
        w.endChunk(at);
        if (entry.holes) {
            at = w.beginChunk(chunk::MAHO);
            for (const std::uint16_t m : *entry.holes) {
                w.u16(m);
            }
            w.endChunk(at);
        }
    }
    for (; next != rest.end(); ++next) {
        writeChunk(w, *next);
    }
    return w.take();
}

} // namespace mapsmith::io
