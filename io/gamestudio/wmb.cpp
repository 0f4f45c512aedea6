// WMB7 reader (layout in wmb.h). Each list is read through a ByteReader over exactly its bytes, so no
// read leaves the list; counts and sizes are checked in 64 bits against the bytes left before anything is
// allocated (vectors are reserved for at most what the remaining bytes can hold).

#include "io/gamestudio/wmb.h"

#include "io/binary/byte_reader.h"
#include "io/binary/hex.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

namespace mapsmith::io {
namespace {

namespace ot = wmb_object_type;

static_assert(kWmbHeaderSize == 164, "WMB_HEADER: version and 20 LIST of 8 bytes");
static_assert(kWmbTextureHeaderSize == 16 + 3 * 4 + 3 * 4, "TEXTURE: name, w, h, type, legacy[3]");
static_assert(kWmbMaterialSize == 44 + 20, "MATERIAL_INFO: legacy[44], material[20]");
static_assert(kWmbBlockHeaderSize == 6 * 4 + 4 * 4, "BLOCK: mins, maxs, content, three counts");
static_assert(kWmbVertexSize == 7 * 4, "VERTEX: x, y, z, tu, tv, su, sv");
static_assert(kWmbTriangleSize == 4 * 2 + 4, "TRIANGLE: v1, v2, v3, skin, unused");
static_assert(kWmbSkinSize == 2 * 2 + 4 + 2 * 4 + 4,
              "SKIN: texture, lightmap, material, ambient, albedo, flags");
static_assert(kWmbPathEdgeSize == 6 * 4, "PATH_EDGE: six floats");
static_assert(kWmbTerrainLightmapHeaderSize == 3 * 4, "LIGHTMAP_TERRAIN: object, width, height");
static_assert(kWmbBspNodeSize == 2 * 4 + 6 * 2 + 4 + 2 * 4 + 2 * 4, "BSP_NODE");
static_assert(kWmbBspLeafSize == 2 * 4 + 6 * 2 + 2 * 4 + 2 * 4, "BSP_LEAF");
static_assert(kWmbBspBlockSize == 4, "BSP_BLOCK: nblock");
static_assert(kWmbPaletteSize == 784, "palettes as test.wmb holds them");

// Object record sizes: the fields, with the padding a C compiler puts between them (not after the last).
constexpr std::uint64_t kInfoSize = 4 + 12 + 4 * 4 + 4 + 6 * 4; // gamma, LMapSize, unused[2]: 4 bytes
constexpr std::uint64_t kPositionSize = 4 + 12 + 12 + 8 + 20;
constexpr std::uint64_t kLightSize = 4 + 12 + 12 + 4 + 4;
constexpr std::uint64_t kSoundSize = 4 + 12 + 4 + 8 + 4 + 4 + 33;
constexpr std::uint64_t kPathSize = 4 + 20 + 4 + 12 + 4;
constexpr std::uint64_t kEntitySize = 4 + 36 + 3 * 33 + 1 + 20 * 4 + 4 * 4 + 4 + 4 * 33;
constexpr std::uint64_t kOldEntitySize = 4 + 36 + 20 + 13 + 20 + 3 + 8 * 4 + 4 + 4;
static_assert(kInfoSize == 60 && kPositionSize == 56 && kLightSize == 36 && kSoundSize == 69 &&
              kPathSize == 44 && kEntitySize == 372 && kOldEntitySize == 136);

constexpr std::uint32_t kMaxTerrainLightmapSide = 16384;

FourCC listTag(WmbList l) {
    constexpr FourCC tags[kWmbListCount] = {FourCC("PALS"), FourCC("LEG1"), FourCC("TEXS"), FourCC("LEG2"),
                                            FourCC("PVS "), FourCC("BSPN"), FourCC("MATS"), FourCC("LEG3"),
                                            FourCC("LEG4"), FourCC("AABB"), FourCC("BSPL"), FourCC("BSPB"),
                                            FourCC("LEG5"), FourCC("LEG6"), FourCC("LEG7"), FourCC("OBJS"),
                                            FourCC("LMAP"), FourCC("BLKS"), FourCC("LEG8"), FourCC("LMTR")};
    return tags[std::size_t(l)];
}

// A char[n] field: up to its first NUL.
std::string fixedString(ByteReader& r, std::size_t n, const char* what) {
    const auto s = r.take(n, what);
    std::string out;
    for (const std::byte b : s) {
        if (b == std::byte{0}) {
            break;
        }
        out.push_back(char(b));
    }
    return out;
}

WmbVec3 vec3(ByteReader& r, const char* what) {
    WmbVec3 v{};
    for (float& c : v) {
        c = r.f32(what);
    }
    return v;
}

// "i32 count, i32 offset[count]" of the textures and objects lists.
std::vector<std::int32_t> offsetTable(ByteReader& r, const std::string& list) {
    const std::uint64_t at = r.position();
    const std::int32_t n = r.i32((list + " count").c_str());
    if (r.failed()) {
        return {};
    }
    if (n < 0 || std::uint64_t(n) * 4 > r.remaining()) {
        r.failAt(at, ErrorCode::CountOverflow,
                 list + " count " + std::to_string(n) + " does not fit: the offset table needs " +
                     std::to_string(std::int64_t(n) * 4) + " bytes, " + std::to_string(r.remaining()) +
                     " left in the list");
        return {};
    }
    std::vector<std::int32_t> offsets(std::size_t(n), 0);
    for (auto& o : offsets) {
        o = r.i32((list + " offset").c_str());
    }
    return offsets;
}

// One warning for every reference of a kind that points past its target: the first one and the count.
struct BadReferences {
    std::uint64_t count = 0;
    std::optional<Warning> first;
    void add(FourCC tag, std::uint64_t at, std::string message) {
        if (count++ == 0) {
            first = Warning{ErrorCode::BadValue, tag, at, std::move(message)};
        }
    }
    void flush(std::vector<Warning>& warnings) {
        if (first) {
            if (count > 1) {
                first->message += " (and " + std::to_string(count - 1) + " more like it)";
            }
            warnings.push_back(std::move(*first));
        }
    }
};

class WmbReader {
public:
    WmbReader(std::span<const std::byte> bytes, Wmb& wmb) : mFile(bytes), mWmb(wmb) {}

    Expected<void> read() {
        if (auto e = readHeader(); !e) {
            return e;
        }
        for (auto step : {&WmbReader::readPalettes, &WmbReader::readTextures, &WmbReader::readMaterials,
                          &WmbReader::readObjects, &WmbReader::readLightmaps, &WmbReader::readBlocks,
                          &WmbReader::readTerrainLightmaps, &WmbReader::readBsp}) {
            if (auto e = (this->*step)(); !e) {
                return e;
            }
        }
        checkReferences();
        return {};
    }

private:
    ByteReader list(WmbList l) {
        const WmbListEntry& e = mWmb.lists[std::size_t(l)];
        if (e.length == 0) {
            return ByteReader({}, 0, listTag(l));
        }
        return ByteReader(mFile.subspan(std::size_t(e.offset), std::size_t(e.length)),
                          std::uint64_t(e.offset), listTag(l));
    }
    std::uint64_t listOffset(WmbList l) const { return std::uint64_t(mWmb.lists[std::size_t(l)].offset); }

    Expected<void> readHeader() {
        ByteReader r(mFile, 0, FourCC("WMB7"));
        char magic[4] = {};
        r.bytes(std::as_writable_bytes(std::span(magic)), "WMB version");
        if (r.failed()) {
            return r.error();
        }
        if (std::memcmp(magic, "WMB7", 4) != 0) {
            return Error{ErrorCode::BadMagic, FourCC{}, 0,
                         "version \"" + gamestudioVersionText(magic) + "\", expected WMB7"};
        }
        for (std::size_t i = 0; i < kWmbListCount; ++i) {
            const std::string name = std::string(wmbListName(WmbList(i))) + " list";
            const std::uint64_t at = r.position();
            WmbListEntry& e = mWmb.lists[i];
            e.offset = r.i32((name + " offset").c_str());
            e.length = r.i32((name + " length").c_str());
            if (r.failed()) {
                return r.error();
            }
            if (e.length == 0) {
                continue;
            }
            if (e.offset < 0 || e.length < 0 ||
                std::uint64_t(e.offset) + std::uint64_t(e.length) > mFile.size()) {
                return Error{ErrorCode::SizeOutOfBounds, FourCC("WMB7"), at,
                             name + " (offset " + std::to_string(e.offset) + ", length " +
                                 std::to_string(e.length) + ") does not lie in the file of " +
                                 std::to_string(mFile.size()) + " bytes"};
            }
        }
        return {};
    }

    Expected<void> readPalettes() {
        ByteReader r = list(WmbList::Palettes);
        if (r.size() == 0) {
            return {};
        }
        if (r.size() % kWmbPaletteSize != 0) {
            mWmb.warnings.push_back(Warning{ErrorCode::BadValue, r.chunk(), r.absolute(),
                                            "palettes list of " + std::to_string(r.size()) +
                                                " bytes is not a whole number of 784-byte palettes (16 "
                                                "bytes and 256 RGB triples); kept unread, 8-bit "
                                                "textures decode grey"});
            return {};
        }
        mWmb.palettes.resize(std::size_t(r.size() / kWmbPaletteSize));
        for (WmbPalette& p : mWmb.palettes) {
            r.bytes(std::span(p.header), "palette header");
            r.bytes(std::span(p.colors), "palette colours");
        }
        return {};
    }

    Expected<void> readTextures() {
        ByteReader r = list(WmbList::Textures);
        if (r.size() == 0) {
            return {};
        }
        const std::vector<std::int32_t> offsets = offsetTable(r, "textures");
        if (r.failed()) {
            return r.error();
        }
        const GamestudioPalette& palette =
            mWmb.palettes.empty() ? gamestudioGreyPalette() : mWmb.palettes.front().colors;
        // Offsets may point at the same bytes; the textures' bytes together must fit in the list, so
        // repeated offsets cannot multiply what is copied and decoded.
        std::uint64_t used = 0;
        for (std::size_t k = 0; k < offsets.size(); ++k) {
            const std::string what = "texture " + std::to_string(k);
            const std::int64_t o = offsets[k];
            if (o < 0 || std::uint64_t(o) + kWmbTextureHeaderSize > r.size()) {
                return Error{ErrorCode::SizeOutOfBounds, r.chunk(), r.absoluteAt(4 + 4 * k),
                             "textures list: " + what + " offset " + std::to_string(o) +
                                 " leaves no room for its 40-byte TEXTURE in the list of " +
                                 std::to_string(r.size()) + " bytes"};
            }
            ByteReader t = r.sub(std::uint64_t(o), r.size() - std::uint64_t(o), r.chunk());
            WmbTexture tex;
            tex.offset = t.absolute();
            tex.name = fixedString(t, 16, (what + " name").c_str());
            const std::uint64_t sizeAt = t.position();
            const std::int32_t w = t.i32((what + " width").c_str());
            const std::int32_t h = t.i32((what + " height").c_str());
            const std::uint64_t typeAt = t.position();
            const std::uint32_t type = t.u32((what + " type").c_str());
            for (auto& l : tex.legacy) {
                l = t.i32((what + " legacy").c_str());
            }
            if (t.failed()) {
                return t.error();
            }
            if (!gamestudioSkinTypeKnown(type)) {
                return Error{ErrorCode::BadValue, r.chunk(), t.absoluteAt(typeAt),
                             "textures list: " + what + " \"" + tex.name + "\" type " + std::to_string(type) +
                                 " is not a texture type the spec lists (0, 2, 3, 4, 5, 6, +8 with mipmaps): "
                                 "the size of its pixels is unknown"};
            }
            const bool dds = gamestudioSkinIsDds(type);
            const bool sidesOk = dds ? w > 0
                                     : (w > 0 && h > 0 && std::uint32_t(w) <= kGamestudioSkinMaxSide &&
                                        std::uint32_t(h) <= kGamestudioSkinMaxSide);
            const std::uint64_t bytes =
                sidesOk ? gamestudioSkinStoredBytes(type, std::uint32_t(w), std::uint32_t(h)) : 0;
            if (bytes == 0) {
                return Error{ErrorCode::BadValue, r.chunk(), t.absoluteAt(sizeAt),
                             "textures list: " + what + " \"" + tex.name + "\" size " + std::to_string(w) +
                                 "x" + std::to_string(h) + " is not one type " + std::to_string(type) +
                                 (dds ? " can have (DDS: width is the byte count, at least 1)"
                                      : " can have (1.." + std::to_string(kGamestudioSkinMaxSide) +
                                            " a side, a multiple of 8 with mipmaps)")};
            }
            used += kWmbTextureHeaderSize + bytes;
            if (used > r.size()) {
                return Error{ErrorCode::SizeOutOfBounds, r.chunk(), r.absoluteAt(4 + 4 * k),
                             "textures list: " + what + " \"" + tex.name +
                                 "\" brings the textures' bytes to " + std::to_string(used) +
                                 ", more than the list's " + std::to_string(r.size()) +
                                 " (textures overlap)"};
            }
            const std::uint64_t pixelsAt = t.position();
            const auto pixels =
                t.take(bytes, (what + (dds ? " DDS image (width bytes)" : " pixels")).c_str());
            if (t.failed()) {
                return t.error();
            }
            tex.skin.type = type;
            tex.skin.width = std::uint32_t(w);
            tex.skin.height = std::uint32_t(h);
            tex.skin.stored.assign(pixels.begin(), pixels.end());
            GamestudioSkinProblem problem;
            if (!decodeGamestudioSkin(tex.skin, palette, &problem)) {
                mWmb.warnings.push_back(
                    Warning{ErrorCode::BadValue, r.chunk(), t.absoluteAt(pixelsAt + problem.at),
                            "textures list: " + what + " \"" + tex.name + "\" (type " + std::to_string(type) +
                                ") is kept undecoded: " + problem.message});
            }
            mWmb.textures.push_back(std::move(tex));
        }
        return {};
    }

    Expected<void> readMaterials() {
        ByteReader r = list(WmbList::Materials);
        if (r.size() % kWmbMaterialSize != 0) {
            return r.makeError(ErrorCode::SizeOutOfBounds,
                               "materials list of " + std::to_string(r.size()) +
                                   " bytes is not a whole number of 64-byte MATERIAL_INFO records");
        }
        mWmb.materials.resize(std::size_t(r.size() / kWmbMaterialSize));
        for (WmbMaterial& m : mWmb.materials) {
            r.bytes(std::span(m.legacy), "material legacy");
            m.name = fixedString(r, 20, "material name");
        }
        return r.failed() ? Expected<void>(r.error()) : Expected<void>();
    }

    Expected<void> readObjects() {
        ByteReader r = list(WmbList::Objects);
        if (r.size() == 0) {
            return {};
        }
        const std::vector<std::int32_t> offsets = offsetTable(r, "objects");
        if (r.failed()) {
            return r.error();
        }
        std::vector<std::int32_t> sorted = offsets;
        std::sort(sorted.begin(), sorted.end());
        mWmb.objects.reserve(offsets.size());
        // As for textures: the bytes the objects read together must fit in the list.
        std::uint64_t used = 0;
        for (std::size_t k = 0; k < offsets.size(); ++k) {
            const std::int64_t o = offsets[k];
            if (o < 0 || std::uint64_t(o) + 4 > r.size()) {
                return Error{ErrorCode::SizeOutOfBounds, r.chunk(), r.absoluteAt(4 + 4 * k),
                             "objects list: object " + std::to_string(k) + " offset " + std::to_string(o) +
                                 " leaves no room for its type in the list of " + std::to_string(r.size()) +
                                 " bytes"};
            }
            // The extent: up to the next larger offset, or the list end.
            const auto next = std::upper_bound(sorted.begin(), sorted.end(), std::int32_t(o));
            const std::uint64_t end = next == sorted.end() ? r.size() : std::uint64_t(*next);
            ByteReader obj = r.sub(std::uint64_t(o), end - std::uint64_t(o), r.chunk());
            if (auto e = readObject(obj, k); !e) {
                return e;
            }
            used += obj.position();
            if (used > r.size()) {
                return Error{ErrorCode::SizeOutOfBounds, r.chunk(), r.absoluteAt(4 + 4 * k),
                             "objects list: object " + std::to_string(k) + " brings the objects' bytes to " +
                                 std::to_string(used) + ", more than the list's " + std::to_string(r.size()) +
                                 " (objects overlap)"};
            }
        }
        return {};
    }

    // `r` covers exactly the object's extent.
    Expected<void> readObject(ByteReader& r, std::size_t index) {
        WmbObject object;
        object.offset = std::uint32_t(r.absolute());
        object.size = std::uint32_t(r.size());
        object.type = r.i32("object type");
        const std::string what = "object " + std::to_string(index);
        const auto need = [&](std::uint64_t n, const char* type) {
            r.seek(0);
            return r.ensure(n, (std::string("objects list: ") + what + " (" + type + ")").c_str());
        };
        switch (object.type) {
        case ot::Info: {
            if (!need(kInfoSize, "INFO")) {
                return r.error();
            }
            r.skip(4);
            WmbInfo i;
            i.origin = vec3(r, "origin");
            i.azimuth = r.f32();
            i.elevation = r.f32();
            i.flags = r.i32();
            i.version = r.f32();
            i.gamma = r.u8();
            i.lightmapSize = r.u8();
            i.unused = {r.u8(), r.u8()};
            i.sunColor = r.u32();
            i.ambientColor = r.u32();
            for (auto& c : i.fogColors) {
                c = r.u32();
            }
            object.index = std::uint32_t(mWmb.infos.size());
            mWmb.infos.push_back(i);
            break;
        }
        case ot::Position: {
            if (!need(kPositionSize, "POSITION")) {
                return r.error();
            }
            r.skip(4);
            WmbPosition p;
            p.origin = vec3(r, "origin");
            p.angle = vec3(r, "angle");
            p.unused = {r.i32(), r.i32()};
            p.name = fixedString(r, 20, "name");
            object.index = std::uint32_t(mWmb.positions.size());
            mWmb.positions.push_back(std::move(p));
            break;
        }
        case ot::Light: {
            if (!need(kLightSize, "LIGHT")) {
                return r.error();
            }
            r.skip(4);
            WmbLight l;
            l.origin = vec3(r, "origin");
            l.color = vec3(r, "colour");
            l.range = r.f32();
            l.flags = r.i32();
            object.index = std::uint32_t(mWmb.lights.size());
            mWmb.lights.push_back(l);
            break;
        }
        case ot::Sound: {
            if (!need(kSoundSize, "SOUND")) {
                return r.error();
            }
            r.skip(4);
            WmbSound s;
            s.origin = vec3(r, "origin");
            s.volume = r.f32();
            s.unused = {r.f32(), r.f32()};
            s.range = r.i32();
            s.flags = r.i32();
            s.fileName = fixedString(r, 33, "filename");
            object.index = std::uint32_t(mWmb.sounds.size());
            mWmb.sounds.push_back(std::move(s));
            break;
        }
        case ot::Path: {
            if (!need(kPathSize, "PATH")) {
                return r.error();
            }
            r.skip(4);
            WmbPath p;
            p.name = fixedString(r, 20, "name");
            const std::uint64_t pointsAt = r.position();
            p.numPoints = r.f32();
            for (auto& u : p.unused) {
                u = r.i32();
            }
            const std::uint64_t edgesAt = r.position();
            p.numEdges = r.i32();
            const std::uint64_t maxNodes = r.remaining() / kWmbPathNodeSize;
            // Written so that NaN fails too.
            if (!(p.numPoints >= 0.0f && double(p.numPoints) < double(maxNodes) + 1.0)) {
                return Error{ErrorCode::Truncated, r.chunk(), r.absoluteAt(pointsAt),
                             "objects list: " + what + " (PATH \"" + p.name + "\") fNumPoints " +
                                 std::to_string(p.numPoints) + " needs more than the " +
                                 std::to_string(r.remaining()) + " bytes left in the object (" +
                                 std::to_string(maxNodes) + " nodes of 36 bytes)"};
            }
            if (p.numEdges < 0) {
                return Error{ErrorCode::BadValue, r.chunk(), r.absoluteAt(edgesAt),
                             "objects list: " + what + " (PATH \"" + p.name + "\") num_edges " +
                                 std::to_string(p.numEdges) + " is negative"};
            }
            const std::size_t nodes = std::size_t(p.numPoints);
            p.points.resize(nodes);
            for (auto& pt : p.points) {
                pt = vec3(r, "path node");
            }
            p.skills.resize(nodes);
            for (auto& s : p.skills) {
                for (float& v : s) {
                    v = r.f32("path node skill");
                }
            }
            const std::uint64_t fit = r.remaining() / kWmbPathEdgeSize;
            std::uint64_t edges = std::uint64_t(p.numEdges);
            if (edges > fit) {
                mWmb.warnings.push_back(Warning{
                    ErrorCode::SizeOutOfBounds, r.chunk(), r.absoluteAt(edgesAt),
                    "objects list: " + what + " (PATH \"" + p.name + "\") num_edges " +
                        std::to_string(p.numEdges) + " needs " + std::to_string(edges * kWmbPathEdgeSize) +
                        " bytes; the object holds " + std::to_string(r.remaining()) + " after its nodes, " +
                        std::to_string(fit) + " edges, which are read"});
                edges = fit;
            }
            p.edges.resize(std::size_t(edges));
            for (auto& e : p.edges) {
                e.node1 = r.f32();
                e.node2 = r.f32();
                e.length = r.f32();
                e.bezier = r.f32();
                e.weight = r.f32();
                e.skill = r.f32();
            }
            object.index = std::uint32_t(mWmb.paths.size());
            mWmb.paths.push_back(std::move(p));
            break;
        }
        case ot::Entity:
        case ot::OldEntity: {
            const bool old = object.type == ot::OldEntity;
            if (!need(old ? kOldEntitySize : kEntitySize, old ? "OLD_ENTITY" : "ENTITY")) {
                return r.error();
            }
            r.skip(4);
            WmbEntity e;
            e.old = old;
            e.origin = vec3(r, "origin");
            e.angle = vec3(r, "angle");
            e.scale = vec3(r, "scale");
            e.name = fixedString(r, old ? 20 : 33, "name");
            e.fileName = fixedString(r, old ? 13 : 33, "filename");
            e.action = fixedString(r, old ? 20 : 33, "action");
            r.skip(old ? 3 : 1, "alignment");
            e.skills.resize(old ? 8 : 20);
            for (float& s : e.skills) {
                s = r.f32("skill");
            }
            e.flags = r.i32();
            e.ambient = r.f32();
            if (!old) {
                e.albedo = r.f32();
                e.path = r.i32();
                e.entity2 = r.i32();
                e.material = fixedString(r, 33, "material");
                e.string1 = fixedString(r, 33, "string1");
                e.string2 = fixedString(r, 33, "string2");
            }
            object.index = std::uint32_t(mWmb.entities.size());
            mWmb.entities.push_back(std::move(e));
            break;
        }
        default:
            if (r.failed()) {
                return r.error();
            }
            mWmb.warnings.push_back(
                Warning{ErrorCode::BadValue, r.chunk(), object.offset,
                        "objects list: " + what + " has type " + std::to_string(object.type) +
                            ", which the spec does not list (1 POSITION, 2 LIGHT, 3 OLD_ENTITY, 4 SOUND, "
                            "5 INFO, 6 PATH, 7 ENTITY); its " +
                            std::to_string(r.size()) + " bytes are skipped"});
            break;
        }
        if (r.failed()) {
            return r.error();
        }
        mWmb.objects.push_back(std::move(object));
        return {};
    }

    Expected<void> readLightmaps() {
        ByteReader r = list(WmbList::Lightmaps);
        if (r.size() == 0) {
            return {};
        }
        const WmbInfo* info = wmbInfo(mWmb);
        if (info == nullptr) {
            return r.makeError(ErrorCode::MissingChunk,
                               "lightmaps list: their size is the INFO object's LMapSize, and there is no "
                               "INFO object");
        }
        if (info->lightmapSize > 2) {
            const auto it = std::find_if(mWmb.objects.begin(), mWmb.objects.end(),
                                         [](const WmbObject& o) { return o.type == ot::Info; });
            return Error{ErrorCode::BadValue, listTag(WmbList::Objects), it->offset + 33,
                         "INFO object: LMapSize " + std::to_string(info->lightmapSize) +
                             ", expected 0, 1 or 2 (256, 512, 1024 pixels)"};
        }
        const std::uint32_t side = 256u << info->lightmapSize;
        const std::uint64_t each = std::uint64_t(side) * side * 3;
        if (r.size() % each != 0) {
            return r.makeError(ErrorCode::SizeOutOfBounds,
                               "lightmaps list of " + std::to_string(r.size()) +
                                   " bytes is not a whole number of " + std::to_string(side) + "x" +
                                   std::to_string(side) + " lightmaps (" + std::to_string(each) +
                                   " bytes each, from LMapSize " + std::to_string(info->lightmapSize) + ")");
        }
        mWmb.lightmaps.resize(std::size_t(r.size() / each));
        for (WmbLightmap& l : mWmb.lightmaps) {
            l.width = side;
            l.height = side;
            const auto px = r.take(each, "lightmap");
            l.bgr.resize(px.size());
            std::memcpy(l.bgr.data(), px.data(), px.size());
        }
        return r.failed() ? Expected<void>(r.error()) : Expected<void>();
    }

    Expected<void> readBlocks() {
        ByteReader r = list(WmbList::Blocks);
        if (r.size() == 0) {
            return {};
        }
        const std::uint64_t countAt = r.position();
        const std::int32_t n = r.i32("blocks count");
        if (r.failed()) {
            return r.error();
        }
        if (n < 0 || std::uint64_t(n) * kWmbBlockHeaderSize > r.remaining()) {
            return Error{ErrorCode::CountOverflow, r.chunk(), r.absoluteAt(countAt),
                         "blocks list: count " + std::to_string(n) + " needs at least " +
                             std::to_string(std::int64_t(n) * std::int64_t(kWmbBlockHeaderSize)) +
                             " bytes, " + std::to_string(r.remaining()) + " left in the list"};
        }
        mWmb.blocks.resize(std::size_t(n));
        for (std::size_t b = 0; b < mWmb.blocks.size(); ++b) {
            WmbBlock& block = mWmb.blocks[b];
            const std::string what = "blocks list: block " + std::to_string(b);
            if (!r.ensure(kWmbBlockHeaderSize, (what + " BLOCK").c_str())) {
                return r.error();
            }
            block.mins = vec3(r, "mins");
            block.maxs = vec3(r, "maxs");
            block.content = r.i32();
            const std::uint64_t countsAt = r.position();
            const std::int32_t nv = r.i32();
            const std::int32_t nt = r.i32();
            const std::int32_t ns = r.i32();
            if (nv < 0 || nt < 0 || ns < 0) {
                return Error{ErrorCode::BadValue, r.chunk(), r.absoluteAt(countsAt),
                             what + ": counts " + std::to_string(nv) + " vertices, " + std::to_string(nt) +
                                 " triangles, " + std::to_string(ns) + " skins; none may be negative"};
            }
            const std::uint64_t bytes = std::uint64_t(nv) * kWmbVertexSize +
                                        std::uint64_t(nt) * kWmbTriangleSize +
                                        std::uint64_t(ns) * kWmbSkinSize;
            if (bytes > r.remaining()) {
                return Error{ErrorCode::Truncated, r.chunk(), r.absoluteAt(countsAt),
                             what + ": " + std::to_string(nv) + " vertices, " + std::to_string(nt) +
                                 " triangles and " + std::to_string(ns) + " skins need " +
                                 std::to_string(bytes) + " bytes, " + std::to_string(r.remaining()) +
                                 " left in the list"};
            }
            block.vertices.resize(std::size_t(nv));
            for (WmbVertex& v : block.vertices) {
                v.position = vec3(r, "vertex");
                v.texture = {r.f32(), r.f32()};
                v.lightmap = {r.f32(), r.f32()};
            }
            block.triangles.resize(std::size_t(nt));
            for (WmbTriangle& t : block.triangles) {
                const std::uint64_t at = r.position();
                t.vertex = {r.i16(), r.i16(), r.i16()};
                t.skin = r.i16();
                t.unused = r.i32();
                for (std::size_t c = 0; c < 3; ++c) {
                    if (t.vertex[c] < 0 || t.vertex[c] >= nv) {
                        return Error{ErrorCode::BadValue, r.chunk(), r.absoluteAt(at + 2 * c),
                                     what + ": triangle " + std::to_string(&t - block.triangles.data()) +
                                         " vertex " + std::to_string(t.vertex[c]) + " is not one of its " +
                                         std::to_string(nv) + " vertices"};
                    }
                }
                if (t.skin < 0 || t.skin >= ns) {
                    return Error{ErrorCode::BadValue, r.chunk(), r.absoluteAt(at + 6),
                                 what + ": triangle " + std::to_string(&t - block.triangles.data()) +
                                     " skin " + std::to_string(t.skin) + " is not one of its " +
                                     std::to_string(ns) + " skins"};
                }
            }
            block.skins.resize(std::size_t(ns));
            for (WmbSkin& s : block.skins) {
                s.texture = r.i16();
                s.lightmap = r.i16();
                s.material = r.i32();
                s.ambient = r.f32();
                s.albedo = r.f32();
                s.flags = r.i32();
            }
        }
        return r.failed() ? Expected<void>(r.error()) : Expected<void>();
    }

    Expected<void> readTerrainLightmaps() {
        ByteReader r = list(WmbList::LightmapsTerrain);
        if (r.size() == 0) {
            return {};
        }
        const std::uint64_t countAt = r.position();
        const std::int32_t n = r.i32("lightmaps_terrain count");
        if (r.failed()) {
            return r.error();
        }
        if (n < 0 || std::uint64_t(n) * kWmbTerrainLightmapHeaderSize > r.remaining()) {
            return Error{ErrorCode::CountOverflow, r.chunk(), r.absoluteAt(countAt),
                         "lightmaps_terrain list: count " + std::to_string(n) + " needs at least " +
                             std::to_string(std::int64_t(n) * 12) + " bytes, " +
                             std::to_string(r.remaining()) + " left in the list"};
        }
        mWmb.terrainLightmaps.reserve(std::size_t(n));
        for (std::int32_t k = 0; k < n; ++k) {
            WmbLightmap l;
            const std::uint64_t at = r.position();
            l.object = r.i32("terrain lightmap object");
            const std::int32_t w = r.i32("terrain lightmap width");
            const std::int32_t h = r.i32("terrain lightmap height");
            if (r.failed()) {
                return r.error();
            }
            if (w < 1 || h < 1 || std::uint32_t(w) > kMaxTerrainLightmapSide ||
                std::uint32_t(h) > kMaxTerrainLightmapSide) {
                return Error{ErrorCode::BadValue, r.chunk(), r.absoluteAt(at + 4),
                             "lightmaps_terrain list: lightmap " + std::to_string(k) + " size " +
                                 std::to_string(w) + "x" + std::to_string(h) + ", expected 1.." +
                                 std::to_string(kMaxTerrainLightmapSide) + " a side"};
            }
            l.width = std::uint32_t(w);
            l.height = std::uint32_t(h);
            const auto px =
                r.take(std::uint64_t(l.width) * l.height * 3,
                       ("lightmaps_terrain list: lightmap " + std::to_string(k) + " pixels").c_str());
            if (r.failed()) {
                return r.error();
            }
            l.bgr.resize(px.size());
            std::memcpy(l.bgr.data(), px.data(), px.size());
            if (l.object < 0 || std::uint64_t(l.object) >= mWmb.objects.size()) {
                mWmb.warnings.push_back(Warning{ErrorCode::BadValue, r.chunk(), r.absoluteAt(at),
                                                "lightmaps_terrain list: lightmap " + std::to_string(k) +
                                                    " belongs to object " + std::to_string(l.object) +
                                                    " of " + std::to_string(mWmb.objects.size())});
            }
            mWmb.terrainLightmaps.push_back(std::move(l));
        }
        return {};
    }

    Expected<void> readBsp() {
        ByteReader nodes = list(WmbList::BspNodes);
        ByteReader leafs = list(WmbList::BspLeafs);
        ByteReader blocks = list(WmbList::BspBlocks);
        const struct {
            ByteReader* r;
            std::size_t size;
            const char* name;
        } lists[] = {{&nodes, kWmbBspNodeSize,
                      "bsp_nodes list of %1 bytes is not a whole number of 40-byte "
                      "BSP_NODE records"},
                     {&leafs, kWmbBspLeafSize,
                      "bsp_leafs list of %1 bytes is not a whole number of 36-byte "
                      "BSP_LEAF records"},
                     {&blocks, kWmbBspBlockSize,
                      "bsp_blocks list of %1 bytes is not a whole number of 4-byte "
                      "BSP_BLOCK records"}};
        for (const auto& l : lists) {
            if (l.r->size() % l.size != 0) {
                std::string text = l.name;
                text.replace(text.find("%1"), 2, std::to_string(l.r->size()));
                return l.r->makeError(ErrorCode::SizeOutOfBounds, text);
            }
        }
        mWmb.bspNodes.resize(std::size_t(nodes.size() / kWmbBspNodeSize));
        for (WmbBspNode& n : mWmb.bspNodes) {
            n.legacy1 = {nodes.i32(), nodes.i32()};
            n.mins = {nodes.i16(), nodes.i16(), nodes.i16()};
            n.maxs = {nodes.i16(), nodes.i16(), nodes.i16()};
            n.legacy2 = nodes.i32();
            n.children = {nodes.i32(), nodes.i32()};
            n.legacy3 = {nodes.i32(), nodes.i32()};
        }
        mWmb.bspLeafs.resize(std::size_t(leafs.size() / kWmbBspLeafSize));
        for (WmbBspLeaf& l : mWmb.bspLeafs) {
            l.flags = leafs.i32();
            l.pvs = leafs.i32();
            l.mins = {leafs.i16(), leafs.i16(), leafs.i16()};
            l.maxs = {leafs.i16(), leafs.i16(), leafs.i16()};
            l.legacy1 = {leafs.i32(), leafs.i32()};
            l.firstBspBlock = leafs.i32();
            l.numBspBlocks = leafs.i32();
        }
        mWmb.bspBlocks.resize(std::size_t(blocks.size() / kWmbBspBlockSize));
        for (std::int32_t& b : mWmb.bspBlocks) {
            b = blocks.i32();
        }
        return {};
    }

    // References between lists that the reader does not follow: one warning per kind.
    void checkReferences() {
        const FourCC blks = listTag(WmbList::Blocks);
        BadReferences tex, lmap, mat;
        // Absolute offset of each block's first skin, recomputed from the counts read.
        std::uint64_t at = listOffset(WmbList::Blocks) + 4;
        for (std::size_t b = 0; b < mWmb.blocks.size(); ++b) {
            const WmbBlock& block = mWmb.blocks[b];
            at += kWmbBlockHeaderSize + block.vertices.size() * kWmbVertexSize +
                  block.triangles.size() * kWmbTriangleSize;
            for (std::size_t s = 0; s < block.skins.size(); ++s, at += kWmbSkinSize) {
                const WmbSkin& k = block.skins[s];
                const std::string what = "block " + std::to_string(b) + " skin " + std::to_string(s);
                if (k.texture < 0 || std::size_t(k.texture) >= mWmb.textures.size()) {
                    tex.add(blks, at,
                            what + " uses texture " + std::to_string(k.texture) + " of " +
                                std::to_string(mWmb.textures.size()));
                }
                if (k.lightmap < 0 || std::size_t(k.lightmap) >= mWmb.lightmaps.size()) {
                    lmap.add(blks, at + 2,
                             what + " uses lightmap " + std::to_string(k.lightmap) + " of " +
                                 std::to_string(mWmb.lightmaps.size()));
                }
                if (k.material < 0 || std::size_t(k.material) >= mWmb.materials.size()) {
                    mat.add(blks, at + 4,
                            what + " uses material " + std::to_string(k.material) + " of " +
                                std::to_string(mWmb.materials.size()));
                }
            }
        }
        tex.flush(mWmb.warnings);
        lmap.flush(mWmb.warnings);
        mat.flush(mWmb.warnings);

        BadReferences child, leafRange, bspBlock;
        for (std::size_t k = 0; k < mWmb.bspNodes.size(); ++k) {
            for (std::size_t c = 0; c < 2; ++c) {
                const std::int64_t v = mWmb.bspNodes[k].children[c];
                const bool ok = v >= 0 ? std::uint64_t(v) < mWmb.bspNodes.size()
                                       : std::uint64_t(-(v + 1)) < mWmb.bspLeafs.size();
                if (!ok) {
                    child.add(listTag(WmbList::BspNodes),
                              listOffset(WmbList::BspNodes) + k * kWmbBspNodeSize + 24 + 4 * c,
                              "BSP node " + std::to_string(k) + " child " + std::to_string(v) +
                                  " is neither one of " + std::to_string(mWmb.bspNodes.size()) +
                                  " nodes nor one of " + std::to_string(mWmb.bspLeafs.size()) + " leafs");
                }
            }
        }
        for (std::size_t k = 0; k < mWmb.bspLeafs.size(); ++k) {
            const WmbBspLeaf& l = mWmb.bspLeafs[k];
            if (l.firstBspBlock < 0 || l.numBspBlocks < 0 ||
                std::uint64_t(l.firstBspBlock) + std::uint64_t(l.numBspBlocks) > mWmb.bspBlocks.size()) {
                leafRange.add(listTag(WmbList::BspLeafs),
                              listOffset(WmbList::BspLeafs) + k * kWmbBspLeafSize + 28,
                              "BSP leaf " + std::to_string(k) + " blocks " + std::to_string(l.firstBspBlock) +
                                  " + " + std::to_string(l.numBspBlocks) + " run past the " +
                                  std::to_string(mWmb.bspBlocks.size()) + " bsp_blocks entries");
            }
        }
        for (std::size_t k = 0; k < mWmb.bspBlocks.size(); ++k) {
            const std::int32_t b = mWmb.bspBlocks[k];
            if (b < 0 || std::size_t(b) >= mWmb.blocks.size()) {
                bspBlock.add(listTag(WmbList::BspBlocks), listOffset(WmbList::BspBlocks) + 4 * k,
                             "bsp_blocks entry " + std::to_string(k) + " is block " + std::to_string(b) +
                                 " of " + std::to_string(mWmb.blocks.size()));
            }
        }
        child.flush(mWmb.warnings);
        leafRange.flush(mWmb.warnings);
        bspBlock.flush(mWmb.warnings);
        if (wmbInfo(mWmb) == nullptr) {
            mWmb.warnings.push_back(Warning{ErrorCode::MissingChunk, listTag(WmbList::Objects),
                                            listOffset(WmbList::Objects),
                                            "no INFO object (the spec says it is required)"});
        }
    }

    std::span<const std::byte> mFile;
    Wmb& mWmb;
};

} // namespace

const char* wmbListName(WmbList list) {
    constexpr const char* names[kWmbListCount] = {
        "palettes", "legacy1", "textures",   "legacy2",   "pvs",        "bsp_nodes",        "materials",
        "legacy3",  "legacy4", "aabb_hulls", "bsp_leafs", "bsp_blocks", "legacy5",          "legacy6",
        "legacy7",  "objects", "lightmaps",  "blocks",    "legacy8",    "lightmaps_terrain"};
    const auto i = std::size_t(list);
    return i < kWmbListCount ? names[i] : "unknown";
}

Expected<Wmb> readWmb(std::span<const std::byte> bytes) {
    Wmb wmb;
    WmbReader reader(bytes, wmb);
    if (auto e = reader.read(); !e) {
        return e.error();
    }
    return wmb;
}

bool WmbObject::known() const {
    return type >= ot::Position && type <= ot::Entity;
}

namespace {
// The element of `list` that objects[k] names when it is of one of `types`.
template <class T>
const T* objectAt(const Wmb& wmb, std::size_t k, const std::vector<T>& list, std::int32_t t1,
                  std::int32_t t2) {
    if (k >= wmb.objects.size()) {
        return nullptr;
    }
    const WmbObject& o = wmb.objects[k];
    if ((o.type != t1 && o.type != t2) || o.index >= list.size()) {
        return nullptr;
    }
    return &list[o.index];
}
} // namespace

const WmbInfo* wmbInfoAt(const Wmb& wmb, std::size_t k) {
    return objectAt(wmb, k, wmb.infos, ot::Info, ot::Info);
}
const WmbPosition* wmbPositionAt(const Wmb& wmb, std::size_t k) {
    return objectAt(wmb, k, wmb.positions, ot::Position, ot::Position);
}
const WmbLight* wmbLightAt(const Wmb& wmb, std::size_t k) {
    return objectAt(wmb, k, wmb.lights, ot::Light, ot::Light);
}
const WmbSound* wmbSoundAt(const Wmb& wmb, std::size_t k) {
    return objectAt(wmb, k, wmb.sounds, ot::Sound, ot::Sound);
}
const WmbPath* wmbPathAt(const Wmb& wmb, std::size_t k) {
    return objectAt(wmb, k, wmb.paths, ot::Path, ot::Path);
}
const WmbEntity* wmbEntityAt(const Wmb& wmb, std::size_t k) {
    return objectAt(wmb, k, wmb.entities, ot::Entity, ot::OldEntity);
}

const WmbInfo* wmbInfo(const Wmb& wmb) {
    return wmb.infos.empty() ? nullptr : &wmb.infos.front();
}

WmbBounds wmbBlockBounds(const Wmb& wmb) {
    WmbBounds b;
    for (const WmbBlock& block : wmb.blocks) {
        for (const WmbVertex& v : block.vertices) {
            for (std::size_t c = 0; c < 3; ++c) {
                b.min[c] = b.empty ? v.position[c] : std::min(b.min[c], v.position[c]);
                b.max[c] = b.empty ? v.position[c] : std::max(b.max[c], v.position[c]);
            }
            b.empty = false;
        }
    }
    return b;
}

float wmbUnpackShort(std::int16_t v) {
    constexpr int kMin = 29000;   // PACKED_SHORTMIN
    constexpr int kFactor = 1024; // PACKED_SHORTFAC
    if (v > kMin) {
        return float(kMin + (v - kMin) * kFactor);
    }
    if (v < -kMin) {
        return float(-kMin + (v + kMin) * kFactor);
    }
    return float(v);
}

} // namespace mapsmith::io
