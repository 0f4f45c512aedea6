// WMO v17 root reader (layout in wmo.h). Walks the chunks once; every record chunk is read field by field
// through ByteReader after its size was checked (detail/chunk_walk.h).

#include "io/model/wmo.h"

#include "io/binary/byte_reader.h"
#include "io/model/detail/chunk_walk.h"
#include "io/model/detail/model_report.h"
#include "io/model/detail/model_text.h"
#include "io/model/detail/wmo_common.h"

#include <limits>
#include <utility>

namespace mapsmith::io {
namespace {

using detail::RawChunk;

constexpr FourCC kMohd{"MOHD"}, kMotx{"MOTX"}, kMomt{"MOMT"}, kMogn{"MOGN"}, kMogi{"MOGI"}, kMosb{"MOSB"},
    kMods{"MODS"}, kModn{"MODN"}, kModd{"MODD"};

static_assert(kWmoHeaderSize == 7 * 4 + 4 + 4 + 6 * 4 + 2 + 2, "SMOHeader");
static_assert(kWmoMaterialSize == 16 * 4, "SMOMaterial: 12 u32 and 4 run-time u32");
static_assert(kWmoGroupInfoSize == 4 + 6 * 4 + 4, "SMOGroupInfo");
static_assert(kWmoDoodadSetSize == kWmoDoodadSetNameSize + 3 * 4, "SMODoodadSet");
static_assert(kWmoDoodadSize == 4 + 3 * 4 + 4 * 4 + 4 + 4, "SMODoodadDef");
static_assert(sizeof(float) == 4 && std::numeric_limits<float>::is_iec559);

WmoStringBlock stringBlock(const RawChunk& c) {
    const auto bytes = c.data.data();
    return WmoStringBlock{std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size())};
}

class WmoRootReader {
public:
    WmoRootReader(std::span<const std::byte> file, Diagnostics& diag, std::string_view fileName)
        : mFile(file), mReport(diag, fileName) {}

    Expected<WmoRoot> run();

private:
    bool readHeader(RawChunk& c);
    bool readMaterials(RawChunk& c);
    bool readGroupInfos(RawChunk& c);
    bool readDoodadSets(RawChunk& c);
    bool readDoodads(RawChunk& c);
    bool read(RawChunk& c);

    std::span<const std::byte> mFile;
    detail::ModelReport mReport; // the one strict/lenient helper
    WmoRoot mRoot;
    bool mHasVersion = false;
    bool mHasHeader = false;
};

bool WmoRootReader::readHeader(RawChunk& c) {
    if (c.data.size() < kWmoHeaderSize) {
        return mReport.problem(ErrorCode::Truncated, c.id, c.at,
                               "size " + std::to_string(c.data.size()) + ", the header needs " +
                                   std::to_string(kWmoHeaderSize));
    }
    ByteReader& r = c.data;
    mRoot.headerAt = r.absoluteAt(0);
    for (std::uint32_t* f : {&mRoot.textureCount, &mRoot.groupCount, &mRoot.portalCount, &mRoot.lightCount,
                             &mRoot.doodadNameCount, &mRoot.doodadDefCount, &mRoot.doodadSetCount,
                             &mRoot.ambientColor, &mRoot.wmoId}) {
        *f = r.u32("MOHD field");
    }
    detail::readBox(r, mRoot.bounds);
    mRoot.flags = r.u16("flags");
    mRoot.lodCount = r.u16("LOD count");
    mHasHeader = true;
    return true;
}

bool WmoRootReader::readMaterials(RawChunk& c) {
    std::uint64_t n = 0;
    if (!detail::recordCount(c, kWmoMaterialSize, mReport, n)) {
        return false;
    }
    ByteReader& r = c.data;
    mRoot.materials.resize(std::size_t(n));
    for (WmoMaterial& m : mRoot.materials) {
        for (std::uint32_t* f :
             {&m.flags, &m.shader, &m.blendMode, &m.textures[0], &m.sidnColor, &m.frameSidnColor,
              &m.textures[1], &m.diffuseColor, &m.groundType, &m.textures[2], &m.color2, &m.flags2}) {
            *f = r.u32("MOMT field");
        }
        r.skip(16, "run-time data");
    }
    return true;
}

bool WmoRootReader::readGroupInfos(RawChunk& c) {
    std::uint64_t n = 0;
    if (!detail::recordCount(c, kWmoGroupInfoSize, mReport, n)) {
        return false;
    }
    ByteReader& r = c.data;
    mRoot.groupInfos.resize(std::size_t(n));
    for (WmoGroupInfo& g : mRoot.groupInfos) {
        g.flags = r.u32("group flags");
        detail::readBox(r, g.bounds);
        g.nameOffset = r.i32("name offset");
    }
    return true;
}

bool WmoRootReader::readDoodadSets(RawChunk& c) {
    std::uint64_t n = 0;
    if (!detail::recordCount(c, kWmoDoodadSetSize, mReport, n)) {
        return false;
    }
    ByteReader& r = c.data;
    mRoot.doodadSets.resize(std::size_t(n));
    for (WmoDoodadSet& s : mRoot.doodadSets) {
        s.name = detail::textUpToNul(r.take(kWmoDoodadSetNameSize, "set name"));
        s.firstDoodad = r.u32("first doodad");
        s.doodadCount = r.u32("doodad count");
        r.skip(4, "unused");
    }
    return true;
}

bool WmoRootReader::readDoodads(RawChunk& c) {
    std::uint64_t n = 0;
    if (!detail::recordCount(c, kWmoDoodadSize, mReport, n)) {
        return false;
    }
    ByteReader& r = c.data;
    mRoot.doodads.resize(std::size_t(n));
    for (WmoDoodad& d : mRoot.doodads) {
        const std::uint32_t nameAndFlags = r.u32("name offset and flags");
        d.nameOffset = nameAndFlags & 0xFFFFFF;
        d.flags = std::uint8_t(nameAndFlags >> 24);
        for (float& f : d.position) {
            f = r.f32("position");
        }
        for (float& f : d.rotation) {
            f = r.f32("rotation");
        }
        d.scale = r.f32("scale");
        d.color = r.u32("color");
    }
    return true;
}

bool WmoRootReader::read(RawChunk& c) {
    mRoot.chunkOrder.push_back(c.id);
    if (c.id == detail::kMver) {
        mHasVersion = true;
        return detail::readWmoVersion(c, mReport, mRoot.version);
    }
    if (c.id == kMohd) {
        return readHeader(c);
    }
    if (c.id == kMotx || c.id == kMogn || c.id == kModn) {
        (c.id == kMotx   ? mRoot.textures
         : c.id == kMogn ? mRoot.groupNames
                         : mRoot.doodadNames) = stringBlock(c);
        return true;
    }
    if (c.id == kMosb) {
        mRoot.skybox = detail::textUpToNul(c.data.data());
        mRoot.skyboxSize = std::uint32_t(c.data.size()); // a chunk's size is a u32
        return true;
    }
    if (c.id == kMomt) {
        return readMaterials(c);
    }
    if (c.id == kMogi) {
        return readGroupInfos(c);
    }
    if (c.id == kMods) {
        return readDoodadSets(c);
    }
    if (c.id == kModd) {
        return readDoodads(c);
    }
    const auto bytes = c.data.data();
    mRoot.otherChunks.push_back(WmoRawChunk{c.id, c.at, {bytes.begin(), bytes.end()}});
    return true;
}

Expected<WmoRoot> WmoRootReader::run() {
    ByteReader file(mFile, 0, FourCC{});
    if (!detail::forEachChunk(file, mReport, detail::TagOrder::Reversed,
                              [this](RawChunk& c) { return read(c); })) {
        return mReport.error();
    }
    if (!mHasVersion || !mHasHeader) {
        return detail::missingChunk(mReport, mHasVersion ? kMohd : detail::kMver, mFile.size(),
                                    "is this a WMO root?");
    }
    return std::move(mRoot);
}

} // namespace

std::string WmoStringBlock::at(std::uint32_t offset) const {
    if (offset >= bytes.size()) {
        return {};
    }
    const std::size_t end = bytes.find('\0', offset);
    return bytes.substr(offset, end == std::string::npos ? std::string::npos : end - offset);
}

std::vector<std::string> WmoStringBlock::names() const {
    std::vector<std::string> out;
    std::size_t pos = 0;
    while (pos < bytes.size()) {
        std::size_t end = bytes.find('\0', pos);
        if (end == std::string::npos) {
            end = bytes.size();
        }
        if (end > pos) {
            out.push_back(bytes.substr(pos, end - pos));
        }
        pos = end + 1;
    }
    return out;
}

Expected<WmoRoot> readWmoRoot(std::span<const std::byte> file, Diagnostics& diag, std::string_view fileName) {
    return WmoRootReader(file, diag, fileName).run();
}

Expected<WmoRoot> readWmoRoot(std::span<const std::byte> file) {
    Diagnostics strict;
    return readWmoRoot(file, strict);
}

} // namespace mapsmith::io
