// WotLK M2 reader (layout in m2.h). The header is read field by field through ByteReader; every M2Array is
// checked against the file before it is read (detail/m2_array.h), and vertices are copied field by field
// from one checked block (no casts of file memory into structs).

#include "io/model/m2.h"

#include "io/binary/byte_reader.h"
#include "io/model/detail/chunk_walk.h"
#include "io/model/detail/m2_array.h"
#include "io/model/detail/model_report.h"
#include "io/model/detail/model_text.h"

#include <cstring>
#include <limits>
#include <utility>

namespace mapsmith::io {
namespace {

using detail::ArrayStep;
using detail::M2ArrayRef;

constexpr FourCC kMd20{"MD20"};
constexpr std::size_t kArrayRefSize = 8;
constexpr std::size_t kBoxSize = 6 * sizeof(float);

// magic, version, name, global flags; 6 arrays (loops .. vertices); skin profile count; 11 arrays (colors ..
// UV animation lookup); two boxes with radius; 11 arrays (collision indices .. particle emitters).
static_assert(kM2HeaderSize == 4 + 4 + kArrayRefSize + 4 + 6 * kArrayRefSize + 4 + 11 * kArrayRefSize +
                                   2 * (kBoxSize + 4) + 11 * kArrayRefSize);
static_assert(kM2VertexSize == 3 * 4 + 4 + 4 + 3 * 4 + 2 * 2 * 4, "M2Vertex");
static_assert(kM2TextureSize == 4 + 4 + kArrayRefSize, "M2Texture: type, flags, M2Array<char> file name");
static_assert(kM2MaterialSize == 2 + 2, "M2Material: u16 flags, u16 blend mode");
// M2Sequence (WotLK): u16 id, u16 variation, u32 duration, f32 speed, u32 flags, i16 frequency, u16 pad,
// u32[2] replay, u32 blend time, box + radius, i16 next variation, u16 alias.
static_assert(kM2SequenceSize == 2 + 2 + 4 + 4 + 4 + 2 + 2 + 8 + 4 + kBoxSize + 4 + 2 + 2, "M2Sequence");
static_assert(sizeof(float) == 4 && std::numeric_limits<float>::is_iec559);

// The header fields this reader uses, in file order.
struct M2Header {
    std::uint32_t version = 0;
    M2ArrayRef name;
    std::uint32_t globalFlags = 0;
    M2ArrayRef sequences;
    M2ArrayRef bones;
    M2ArrayRef vertices;
    std::uint32_t skinProfiles = 0;
    M2ArrayRef textures;
    M2ArrayRef materials;
    M2ArrayRef textureLookup;
    ModelBounds bounds;
    ModelBounds collision;
    M2ArrayRef collisionIndices;
};

void readBoxRadius(ByteReader& r, ModelBounds& b) {
    detail::readBox(r, b);
    b.radius = r.f32("radius");
}

M2Header readHeader(ByteReader& r) {
    M2Header h;
    h.version = r.u32("version");
    h.name = detail::readArrayRef(r);
    h.globalFlags = r.u32("global flags");
    detail::readArrayRef(r); // global loops
    h.sequences = detail::readArrayRef(r);
    detail::readArrayRef(r); // sequence lookup
    h.bones = detail::readArrayRef(r);
    detail::readArrayRef(r); // key bone lookup
    h.vertices = detail::readArrayRef(r);
    h.skinProfiles = r.u32("skin profile count");
    detail::readArrayRef(r); // colors
    h.textures = detail::readArrayRef(r);
    detail::readArrayRef(r); // texture weights
    detail::readArrayRef(r); // texture transforms
    detail::readArrayRef(r); // replaceable texture lookup
    h.materials = detail::readArrayRef(r);
    detail::readArrayRef(r); // bone lookup
    h.textureLookup = detail::readArrayRef(r);
    r.skip(3 * kArrayRefSize, "lookup tables"); // texture unit, transparency and UV animation lookups
    readBoxRadius(r, h.bounds);
    readBoxRadius(r, h.collision);
    h.collisionIndices = detail::readArrayRef(r);
    return h;
}

class M2Reader {
public:
    M2Reader(std::span<const std::byte> file, Diagnostics& diag, std::string_view fileName)
        : mFile(file), mReport(diag, fileName) {}

    Expected<M2Model> run();

private:
    // Bytes of one header array; false when a strict read must stop (an empty r: skip it).
    bool array(const M2ArrayRef& ref, std::uint64_t elemSize, const char* field, ByteReader& r) {
        return detail::arrayBytes(mFile, ref, elemSize, kMd20, field, mReport, r) != ArrayStep::Stop;
    }
    bool readVertices(const M2ArrayRef& ref);
    bool readTextures(const M2ArrayRef& ref);

    std::span<const std::byte> mFile;
    detail::ModelReport mReport; // the one strict/lenient helper
    M2Model mModel;
};

bool M2Reader::readVertices(const M2ArrayRef& ref) {
    ByteReader r;
    if (!array(ref, kM2VertexSize, "vertices", r)) {
        return false;
    }
    const auto block = r.take(r.size(), "vertices");
    mModel.vertices.resize(block.size() / kM2VertexSize);
    for (std::size_t i = 0; i < mModel.vertices.size(); ++i) {
        const std::byte* p = block.data() + i * kM2VertexSize;
        M2Vertex& v = mModel.vertices[i];
        std::memcpy(v.position.data(), p, 12);
        std::memcpy(v.boneWeights.data(), p + 12, 4);
        std::memcpy(v.boneIndices.data(), p + 16, 4);
        std::memcpy(v.normal.data(), p + 20, 12);
        std::memcpy(v.uv[0].data(), p + 32, 8);
        std::memcpy(v.uv[1].data(), p + 40, 8);
    }
    return true;
}

bool M2Reader::readTextures(const M2ArrayRef& ref) {
    ByteReader r;
    if (!array(ref, kM2TextureSize, "textures", r)) {
        return false;
    }
    const std::uint64_t count = r.size() / kM2TextureSize;
    mModel.textures.reserve(std::size_t(count));
    for (std::uint64_t i = 0; i < count; ++i) {
        M2Texture t;
        t.type = r.u32("texture type");
        t.flags = r.u32("texture flags");
        const M2ArrayRef name = detail::readArrayRef(r);
        if (t.type == m2_texture_type::File) {
            ByteReader chars;
            const std::string field = "texture " + std::to_string(i) + " file name";
            if (!array(name, 1, field.c_str(), chars)) {
                return false;
            }
            t.fileName = detail::textUpToNul(chars.data());
        }
        mModel.textures.push_back(std::move(t));
    }
    return true;
}

Expected<M2Model> M2Reader::run() {
    ByteReader r(mFile, 0, kMd20);
    const FourCC magic = detail::tagFromU32(r.u32("magic"), detail::TagOrder::AsRead);
    if (r.failed()) {
        return mReport.make(ErrorCode::Truncated, kMd20, 0,
                            "the file's " + std::to_string(mFile.size()) +
                                " bytes are too few for the M2 magic");
    }
    if (magic != kMd20) {
        return mReport.make(ErrorCode::BadMagic, FourCC{}, 0,
                            "magic \"" + magic.str() + "\", expected MD20" +
                                (magic == FourCC("MD21") ? " (chunked Legion+ M2 files are not read)" : ""));
    }
    if (mFile.size() < kM2HeaderSize) {
        return mReport.make(ErrorCode::Truncated, kMd20, 4,
                            "the header needs " + std::to_string(kM2HeaderSize) + " bytes, the file has " +
                                std::to_string(mFile.size()));
    }
    const M2Header h = readHeader(r);
    mModel.version = h.version;
    if (h.version != kM2VersionWotlk) {
        const bool bc = h.version >= 260 && h.version <= 263;
        return mReport.make(
            ErrorCode::UnsupportedVersion, kMd20, 4,
            "version " + std::to_string(h.version) +
                (bc ? " (Burning Crusade: skin profiles inside the file, a longer header)" : "") +
                ", only 264 (WotLK) is read");
    }
    mModel.globalFlags = h.globalFlags;
    mModel.skinProfileCount = h.skinProfiles;
    mModel.bounds = h.bounds;
    mModel.collisionBounds = h.collision;

    ByteReader a;
    if (!array(h.name, 1, "name", a)) {
        return mReport.error();
    }
    mModel.name = detail::textUpToNul(a.data());
    // Only counted, but a count whose records do not fit is as broken as any other array.
    if (!array(h.sequences, kM2SequenceSize, "sequences", a)) {
        return mReport.error();
    }
    mModel.sequenceCount = std::uint32_t(a.size() / kM2SequenceSize);
    if (!array(h.bones, kM2BoneSize, "bones", a)) {
        return mReport.error();
    }
    mModel.boneCount = std::uint32_t(a.size() / kM2BoneSize);
    if (!array(h.collisionIndices, 2, "collision indices", a)) {
        return mReport.error();
    }
    mModel.collisionIndexCount = std::uint32_t(a.size() / 2);

    if (!readVertices(h.vertices) || !readTextures(h.textures)) {
        return mReport.error();
    }
    if (!array(h.textureLookup, 2, "texture lookup", a)) {
        return mReport.error();
    }
    mModel.textureLookup.resize(std::size_t(a.size() / 2));
    for (std::uint16_t& t : mModel.textureLookup) {
        t = a.u16("texture lookup");
        if (t >= mModel.textures.size() &&
            !mReport.problem(ErrorCode::BadValue, kMd20, a.absolute() - 2,
                             "texture lookup entry " + std::to_string(t) + ", the model has " +
                                 std::to_string(mModel.textures.size()) + " textures")) {
            return mReport.error();
        }
    }
    if (!array(h.materials, kM2MaterialSize, "materials", a)) {
        return mReport.error();
    }
    mModel.materials.resize(std::size_t(a.size() / kM2MaterialSize));
    for (M2Material& m : mModel.materials) {
        m.flags = a.u16("material flags");
        m.blendMode = a.u16("blend mode");
    }
    return std::move(mModel);
}

} // namespace

Expected<M2Model> readM2(std::span<const std::byte> file, Diagnostics& diag, std::string_view fileName) {
    return M2Reader(file, diag, fileName).run();
}

Expected<M2Model> readM2(std::span<const std::byte> file) {
    Diagnostics strict;
    return readM2(file, strict);
}

} // namespace mapsmith::io
