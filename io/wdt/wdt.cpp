// WDT v18 reader and writer. The reader walks the top-level chunks once; every size is checked against
// the bytes left before anything is read, and every field is read through ByteReader (no casts of file
// memory into structs).

#include "io/wdt/wdt.h"

#include "io/binary/byte_reader.h"
#include "io/binary/byte_writer.h"
#include "io/binary/chunk_id.h"
#include "io/binary/hex.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>
#include <utility>

namespace mapsmith::io {
namespace {

constexpr std::size_t kChunkHeaderSize = 8;
constexpr std::size_t kMverSize = 4;
constexpr std::size_t kMphdWords = 8;
constexpr std::size_t kMphdSize = kMphdWords * 4;
constexpr std::size_t kMainEntrySize = 8;
constexpr std::size_t kMainSize = kMainEntrySize * std::size_t(kWdtTileCount);
constexpr std::size_t kModfEntrySize = 64;
// Blizzard's WDTs have none; more than this many unknown chunks is not a WDT.
constexpr std::size_t kMaxUnknownChunks = 1024;

static_assert(kMphdSize == 32, "MPHD is 8 u32");
static_assert(kMphdWords == 1 + std::tuple_size_v<decltype(Wdt::headerRest)>);
static_assert(kMainSize == 32768, "MAIN is 64 x 64 entries of 8 bytes");
static_assert(kMainEntrySize == 2 * sizeof(std::uint32_t));
// SMMapObjDef: nameId, uniqueId, position, rotation, extents (2 x 3 floats), four u16.
static_assert(kModfEntrySize == 2 * 4 + 12 * sizeof(float) + 4 * sizeof(std::uint16_t));
static_assert(sizeof(float) == 4 && std::numeric_limits<float>::is_iec559);

// Position of each known chunk in the canonical order; 0 = not a known chunk.
constexpr std::array<FourCC, 6> kKnownOrder = {FourCC{},    chunk::MVER, chunk::MPHD,
                                               chunk::MAIN, chunk::MWMO, chunk::MODF};

int knownRank(FourCC id) {
    for (std::size_t i = 1; i < kKnownOrder.size(); ++i) {
        if (kKnownOrder[i] == id) {
            return int(i);
        }
    }
    return 0;
}

class WdtReader {
public:
    WdtReader(std::span<const std::byte> file, Diagnostics& diag) : mFile(file), mReport(diag) {}

    Expected<Wdt> run();

private:
    // Each takes the chunk's data and the absolute offset of its header.
    bool readMver(ByteReader r, std::uint64_t at);
    bool readMphd(ByteReader r, std::uint64_t at);
    bool readMain(ByteReader r, std::uint64_t at);
    bool readMwmo(ByteReader r);
    bool readModf(ByteReader r, std::uint64_t at);

    std::span<const std::byte> mFile;
    ProblemReporter mReport;
    Wdt mWdt;
};

bool WdtReader::readMver(ByteReader r, std::uint64_t at) {
    if (r.size() != kMverSize && !mReport.problem(Error{ErrorCode::BadValue, chunk::MVER, at,
                                                        "size " + std::to_string(r.size()) + ", expected " +
                                                            std::to_string(kMverSize)})) {
        return false;
    }
    if (r.size() < kMverSize) {
        return true; // lenient: keep the default version
    }
    mWdt.version = r.u32("version");
    if (mWdt.version != kWdtVersion &&
        !mReport.problem(
            Error{ErrorCode::UnsupportedVersion, chunk::MVER, r.absoluteAt(0),
                  "version " + std::to_string(mWdt.version) + ", only 18 (WotLK) is supported"})) {
        return false;
    }
    return true;
}

bool WdtReader::readMphd(ByteReader r, std::uint64_t at) {
    if (r.size() != kMphdSize && !mReport.problem(Error{ErrorCode::BadValue, chunk::MPHD, at,
                                                        "size " + std::to_string(r.size()) + ", expected " +
                                                            std::to_string(kMphdSize)})) {
        return false;
    }
    // Lenient: the words present are read, the rest stay zero.
    const std::uint64_t words = std::min<std::uint64_t>(r.size() / 4, kMphdWords);
    for (std::uint64_t i = 0; i < words; ++i) {
        const std::uint32_t v = r.u32("MPHD word");
        if (i == 0) {
            mWdt.flags = v;
        } else {
            mWdt.headerRest[std::size_t(i - 1)] = v;
        }
    }
    return true;
}

bool WdtReader::readMain(ByteReader r, std::uint64_t at) {
    if (r.size() != kMainSize &&
        !mReport.problem(Error{ErrorCode::BadValue, chunk::MAIN, at,
                               "size " + std::to_string(r.size()) + ", expected " +
                                   std::to_string(kMainSize) + " (64 x 64 entries of 8 bytes)"})) {
        return false;
    }
    // Lenient: the whole entries present are read, the rest stay empty.
    const std::uint64_t count =
        std::min<std::uint64_t>(r.size() / kMainEntrySize, std::uint64_t(kWdtTileCount));
    // One bounds check for the block, then field-by-field copies (little-endian host, see byte_reader.h).
    const auto block = r.take(count * kMainEntrySize, "MAIN entries");
    for (std::size_t i = 0; i < block.size() / kMainEntrySize; ++i) {
        WdtTile& t = mWdt.tiles[i];
        std::memcpy(&t.flags, block.data() + i * kMainEntrySize, 4);
        std::memcpy(&t.asyncId, block.data() + i * kMainEntrySize + 4, 4);
    }
    return true;
}

bool WdtReader::readMwmo(ByteReader r) {
    const auto bytes = r.data();
    std::string name(bytes.size(), '\0');
    std::transform(bytes.begin(), bytes.end(), name.begin(), [](std::byte b) { return char(b); });
    mWdt.wmoName = std::move(name);
    return true;
}

bool WdtReader::readModf(ByteReader r, std::uint64_t at) {
    if (r.size() % kModfEntrySize != 0 &&
        !mReport.problem(Error{ErrorCode::BadValue, chunk::MODF, at,
                               "size " + std::to_string(r.size()) + " is not a multiple of " +
                                   std::to_string(kModfEntrySize)})) {
        return false;
    }
    // Lenient: a partial last entry is dropped.
    const std::uint64_t count = r.size() / kModfEntrySize;
    std::vector<WdtMapObject> entries;
    entries.reserve(std::size_t(count));
    auto vec3 = [&r](std::array<float, 3>& v) {
        for (float& f : v) {
            f = r.f32("MODF float");
        }
    };
    for (std::uint64_t i = 0; i < count; ++i) {
        WdtMapObject e;
        e.nameId = r.u32("nameId");
        e.uniqueId = r.u32("uniqueId");
        vec3(e.position);
        vec3(e.rotation);
        vec3(e.extentsMin);
        vec3(e.extentsMax);
        e.flags = r.u16("flags");
        e.doodadSet = r.u16("doodadSet");
        e.nameSet = r.u16("nameSet");
        e.scale = r.u16("scale");
        entries.push_back(e);
    }
    mWdt.mapObjects = std::move(entries);
    return true;
}

Expected<Wdt> WdtReader::run() {
    ByteReader file(mFile, 0, FourCC{});
    std::array<std::uint64_t, kKnownOrder.size()> seenAt{}; // header offset + 1; 0 = not seen
    int highestRank = 0;
    FourCC lastKnown;
    std::optional<Error> walkCut; // why the walk stopped before the end (lenient)

    while (!file.atEnd()) {
        const std::uint64_t at = file.position();
        if (file.remaining() < kChunkHeaderSize) {
            if (!mReport.problem(Error{ErrorCode::Truncated, FourCC{}, at,
                                       std::to_string(file.remaining()) +
                                           " bytes after the last chunk, too few for a chunk header"})) {
                return mReport.error();
            }
            break;
        }
        const FourCC id = file.fourcc();
        std::uint64_t size = file.u32("chunk size");
        if (!isPlausibleChunkId(id) || (knownRank(id) == 0 && mWdt.unknown.size() >= kMaxUnknownChunks)) {
            if (at == 0) {
                return *checkFirstChunk(mFile, chunk::MVER); // garbage from the first byte, in either mode
            }
            Error e = isPlausibleChunkId(id) ? Error{ErrorCode::BadValue, id, at,
                                                     "more than " + std::to_string(kMaxUnknownChunks) +
                                                         " unknown chunks: the rest of the file is not read"}
                                             : notAChunkId(id, at);
            if (!mReport.problem(e)) {
                return mReport.error();
            }
            walkCut = std::move(e);
            break;
        }
        if (size > file.remaining()) {
            if (!mReport.problem(Error{ErrorCode::SizeOutOfBounds, id, at,
                                       "chunk of " + std::to_string(size) + " bytes, only " +
                                           std::to_string(file.remaining()) + " left in the file"})) {
                return mReport.error();
            }
            size = file.remaining(); // lenient: keep what is there
        }
        ByteReader data = file.sub(file.position(), size, id);
        file.skip(size);

        const int rank = knownRank(id);
        if (rank == 0) {
            mWdt.unknown.push_back(WdtRawChunk{id, lastKnown, {data.data().begin(), data.data().end()}});
            continue;
        }
        if (seenAt[std::size_t(rank)] != 0) {
            if (!mReport.problem(Error{ErrorCode::BadValue, id, at,
                                       "a second " + id.str() + " chunk (the first, at " +
                                           hex(seenAt[std::size_t(rank)] - 1) + ", is kept)"})) {
                return mReport.error();
            }
            continue;
        }
        if (rank < highestRank &&
            !mReport.problem(Error{ErrorCode::BadValue, id, at,
                                   id.str() + " after " + kKnownOrder[std::size_t(highestRank)].str() +
                                       "; WDT chunks come in the order MVER MPHD MAIN MWMO MODF"})) {
            return mReport.error();
        }
        seenAt[std::size_t(rank)] = at + 1;
        highestRank = std::max(highestRank, rank);
        lastKnown = id;

        bool ok = true;
        switch (rank) {
        case 1:
            ok = readMver(data, at);
            break;
        case 2:
            ok = readMphd(data, at);
            break;
        case 3:
            ok = readMain(data, at);
            break;
        case 4:
            ok = readMwmo(data);
            break;
        default:
            ok = readModf(data, at);
            break;
        }
        if (!ok) {
            return mReport.error();
        }
    }

    // Canonical order of the unknown chunks by anchor (a no-op unless lenient mode accepted misplaced
    // known chunks), so what is read equals what its written form reads as.
    std::stable_sort(
        mWdt.unknown.begin(), mWdt.unknown.end(),
        [](const WdtRawChunk& a, const WdtRawChunk& b) { return knownRank(a.after) < knownRank(b.after); });

    const std::uint64_t end = file.position();
    if (seenAt[3] == 0) {
        // Without MAIN there is no map, lenient or not; a walk cut short names its cause.
        if (walkCut) {
            return *walkCut;
        }
        return Error{ErrorCode::MissingChunk, chunk::MAIN, end,
                     "no MAIN chunk in the file's " + std::to_string(mFile.size()) + " bytes"};
    }
    for (int rank : {1, 2}) {
        const FourCC id = kKnownOrder[std::size_t(rank)];
        if (seenAt[std::size_t(rank)] == 0 &&
            !mReport.problem(Error{ErrorCode::MissingChunk, id, end,
                                   "no " + id.str() + " chunk in the file's " + std::to_string(mFile.size()) +
                                       " bytes"})) {
            return mReport.error();
        }
    }
    return std::move(mWdt);
}

} // namespace

bool WdtMapObject::operator==(const WdtMapObject& other) const {
    auto same = [](const std::array<float, 3>& a, const std::array<float, 3>& b) {
        for (std::size_t i = 0; i < 3; ++i) {
            if (std::bit_cast<std::uint32_t>(a[i]) != std::bit_cast<std::uint32_t>(b[i])) {
                return false;
            }
        }
        return true;
    };
    return nameId == other.nameId && uniqueId == other.uniqueId && same(position, other.position) &&
           same(rotation, other.rotation) && same(extentsMin, other.extentsMin) &&
           same(extentsMax, other.extentsMax) && flags == other.flags && doodadSet == other.doodadSet &&
           nameSet == other.nameSet && scale == other.scale;
}

bool Wdt::hasTile(int x, int y) const {
    if (x < 0 || y < 0 || x >= kWdtTilesPerSide || y >= kWdtTilesPerSide) {
        return false;
    }
    return (tile(x, y).flags & main_flags::HasAdt) != 0;
}

void Wdt::setTile(int x, int y, bool present) {
    if (x < 0 || y < 0 || x >= kWdtTilesPerSide || y >= kWdtTilesPerSide) {
        return;
    }
    if (present) {
        tile(x, y).flags |= main_flags::HasAdt;
    } else {
        tile(x, y).flags &= ~main_flags::HasAdt;
    }
}

int Wdt::tileCount() const {
    return int(std::count_if(tiles.begin(), tiles.end(),
                             [](const WdtTile& t) { return (t.flags & main_flags::HasAdt) != 0; }));
}

std::string Wdt::wmoPath() const {
    if (!wmoName) {
        return {};
    }
    return wmoName->substr(0, wmoName->find('\0'));
}

void Wdt::setWmoPath(std::string_view path) {
    std::string stored(path);
    stored.push_back('\0');
    wmoName = std::move(stored);
}

const WdtMapObject* Wdt::mapObject() const {
    if (!mapObjects || mapObjects->empty()) {
        return nullptr;
    }
    return &mapObjects->front();
}

Expected<Wdt> readWdt(std::span<const std::byte> file, Diagnostics& diag) {
    return WdtReader(file, diag).run();
}

Expected<Wdt> readWdt(std::span<const std::byte> file) {
    Diagnostics strict;
    return readWdt(file, strict);
}

std::vector<std::byte> writeWdt(const Wdt& wdt) {
    std::size_t expected = kChunkHeaderSize * 3 + kMverSize + kMphdSize + kMainSize;
    if (wdt.wmoName) {
        expected += kChunkHeaderSize + wdt.wmoName->size();
    }
    if (wdt.mapObjects) {
        expected += kChunkHeaderSize + wdt.mapObjects->size() * kModfEntrySize;
    }
    for (const auto& u : wdt.unknown) {
        expected += kChunkHeaderSize + u.data.size();
    }
    ByteWriter w(expected);

    auto unknownAfter = [&](FourCC anchor) {
        for (const auto& u : wdt.unknown) {
            if (u.after == anchor) {
                const std::size_t at = w.beginChunk(u.id);
                w.bytes(u.data);
                w.endChunk(at);
            }
        }
    };
    auto vec3 = [&w](const std::array<float, 3>& v) {
        for (float f : v) {
            w.f32(f);
        }
    };

    unknownAfter(FourCC{});
    std::size_t at = w.beginChunk(chunk::MVER);
    w.u32(wdt.version);
    w.endChunk(at);
    unknownAfter(chunk::MVER);

    at = w.beginChunk(chunk::MPHD);
    w.u32(wdt.flags);
    for (std::uint32_t v : wdt.headerRest) {
        w.u32(v);
    }
    w.endChunk(at);
    unknownAfter(chunk::MPHD);

    // MAIN is written as one block and filled in place (one resize instead of 8192).
    at = w.beginChunk(chunk::MAIN);
    const std::size_t mainData = w.size();
    w.zeros(kMainSize);
    for (std::size_t i = 0; i < wdt.tiles.size(); ++i) {
        w.patchU32(mainData + i * kMainEntrySize, wdt.tiles[i].flags);
        w.patchU32(mainData + i * kMainEntrySize + 4, wdt.tiles[i].asyncId);
    }
    w.endChunk(at);
    unknownAfter(chunk::MAIN);

    if (wdt.wmoName) {
        at = w.beginChunk(chunk::MWMO);
        w.bytes(std::as_bytes(std::span(wdt.wmoName->data(), wdt.wmoName->size())));
        w.endChunk(at);
    }
    unknownAfter(chunk::MWMO);

    if (wdt.mapObjects) {
        at = w.beginChunk(chunk::MODF);
        for (const WdtMapObject& e : *wdt.mapObjects) {
            w.u32(e.nameId);
            w.u32(e.uniqueId);
            vec3(e.position);
            vec3(e.rotation);
            vec3(e.extentsMin);
            vec3(e.extentsMax);
            w.u16(e.flags);
            w.u16(e.doodadSet);
            w.u16(e.nameSet);
            w.u16(e.scale);
        }
        w.endChunk(at);
    }
    unknownAfter(chunk::MODF);

    // Anchors that name no known chunk go last, in order.
    for (const auto& u : wdt.unknown) {
        if (!u.after.isNull() && knownRank(u.after) == 0) {
            const std::size_t start = w.beginChunk(u.id);
            w.bytes(u.data);
            w.endChunk(start);
        }
    }
    return w.take();
}

} // namespace mapsmith::io
