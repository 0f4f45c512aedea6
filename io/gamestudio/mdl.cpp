// MDL3/MDL4/MDL5 reader (layout in mdl.h). Every field is read through ByteReader; each list's bytes are
// checked against what is left of the file (64-bit arithmetic) before it is allocated, and every triangle
// index is checked against its list.

#include "io/gamestudio/mdl.h"

#include "io/binary/byte_reader.h"

#include <cstring>
#include <string>

namespace mapsmith::io {
namespace {

constexpr FourCC kSkinTag{"SKIN"};
constexpr FourCC kSkinVertexTag{"SKVT"};
constexpr FourCC kTriangleTag{"TRIS"};
constexpr FourCC kFrameTag{"FRAM"};

static_assert(kMdlHeaderSize == 4 + 4 + 3 * 4 + 3 * 4 + 4 + 3 * 4 + 9 * 4, "mdl_header is 0x54 bytes");
static_assert(kMdlSkinVertexSize == 2 * 2, "mdl_uvvert_t: i16 u, v");
static_assert(kMdlTriangleSize == 6 * 2, "mdl_triangle_t: i16[3] xyz, i16[3] uv");
static_assert(kMdlByteVertexSize == 3 + 1, "mdl_trivertxb_t: u8[3], u8 normal");
static_assert(kMdlWordVertexSize == 3 * 2 + 1 + 1, "mdl_trivertxs_t: u16[3], u8 normal, u8 unused");

// Reads a count field and checks it is 0..max.
std::int32_t readCount(ByteReader& r, const char* what, std::int64_t max) {
    const std::uint64_t at = r.position();
    const std::int32_t n = r.i32(what);
    if (!r.failed() && (n < 0 || n > max)) {
        r.failAt(at, ErrorCode::BadValue,
                 std::string(what) + " " + std::to_string(n) + ", expected 0.." + std::to_string(max));
    }
    return n;
}

MdlFrameVertex decodeVertex(const std::byte* p, bool word) {
    MdlFrameVertex v;
    if (word) {
        std::memcpy(v.raw.data(), p, 6);
        v.normal = std::uint8_t(p[6]);
        v.unused = std::uint8_t(p[7]);
    } else {
        v.raw = {std::uint8_t(p[0]), std::uint8_t(p[1]), std::uint8_t(p[2])};
        v.normal = std::uint8_t(p[3]);
    }
    return v;
}

Expected<Mdl> read(std::span<const std::byte> bytes, const GamestudioPalette& palette) {
    ByteReader r(bytes);
    char magic[4] = {};
    r.bytes(std::as_writable_bytes(std::span(magic)), "MDL version");
    if (r.failed()) {
        return r.error();
    }
    Mdl mdl;
    MdlHeader& h = mdl.header;
    if (std::memcmp(magic, "MDL3", 4) == 0) {
        h.version = MdlVersion::Mdl3;
        r.setChunk(FourCC("MDL3"));
    } else if (std::memcmp(magic, "MDL4", 4) == 0) {
        h.version = MdlVersion::Mdl4;
        r.setChunk(FourCC("MDL4"));
    } else if (std::memcmp(magic, "MDL5", 4) == 0) {
        h.version = MdlVersion::Mdl5;
        r.setChunk(FourCC("MDL5"));
    } else {
        return Error{ErrorCode::BadMagic, FourCC{}, 0,
                     "version \"" + gamestudioVersionText(magic) + "\", expected MDL3, MDL4 or MDL5"};
    }
    const bool mdl5 = h.version == MdlVersion::Mdl5;

    h.unused1 = r.i32("unused1");
    for (float& s : h.scale) {
        s = r.f32("scale");
    }
    for (float& o : h.offset) {
        o = r.f32("offset");
    }
    h.unused2 = r.i32("unused2");
    for (std::uint32_t& u : h.unused3) {
        u = r.u32("unused3");
    }
    const std::int32_t numSkins = readCount(r, "numskins", kMdlMaxSkins);
    const std::uint64_t skinSizeAt = r.position();
    h.skinWidth = r.i32("skinwidth");
    h.skinHeight = r.i32("skinheight");
    // Vertex indices are 16-bit, so a frame cannot usefully hold more than 65536 vertices.
    h.numVerts = readCount(r, "numverts", 65536);
    const std::int32_t numTris = readCount(r, "numtris", 0x7FFFFFFF);
    const std::int32_t numFrames = readCount(r, "numframes", 0x7FFFFFFF);
    const std::int32_t numSkinVerts = readCount(r, "numskinverts", 65536);
    h.flags = r.i32("flags");
    h.unused4 = r.i32("unused4");
    if (r.failed()) {
        return r.error();
    }

    r.setChunk(kSkinTag);
    GamestudioSkinLayout layout;
    if (!mdl5) {
        layout.sizeInRecord = false;
        layout.width = h.skinWidth;
        layout.height = h.skinHeight;
        if (numSkins > 0 &&
            (h.skinWidth <= 0 || h.skinHeight <= 0 || std::uint32_t(h.skinWidth) > kGamestudioSkinMaxSide ||
             std::uint32_t(h.skinHeight) > kGamestudioSkinMaxSide)) {
            return Error{ErrorCode::BadValue, r.chunk(), skinSizeAt,
                         "skin size " + std::to_string(h.skinWidth) + "x" + std::to_string(h.skinHeight) +
                             ", expected 1.." + std::to_string(kGamestudioSkinMaxSide) + " on each side"};
        }
    }
    mdl.skins.reserve(std::size_t(numSkins));
    for (std::int32_t k = 0; k < numSkins; ++k) {
        auto skin = readGamestudioSkin(r, layout, "skin " + std::to_string(k), palette, mdl.warnings);
        if (!skin) {
            return r.error();
        }
        mdl.skins.push_back(std::move(*skin));
    }

    r.setChunk(kSkinVertexTag);
    const auto uvData =
        r.take(std::uint64_t(numSkinVerts) * kMdlSkinVertexSize, "skin vertices (numskinverts)");
    if (r.failed()) {
        return r.error();
    }
    mdl.skinVertices.resize(std::size_t(numSkinVerts));
    for (std::size_t k = 0; k < mdl.skinVertices.size(); ++k) {
        std::memcpy(&mdl.skinVertices[k].u, uvData.data() + kMdlSkinVertexSize * k, 2);
        std::memcpy(&mdl.skinVertices[k].v, uvData.data() + kMdlSkinVertexSize * k + 2, 2);
    }

    r.setChunk(kTriangleTag);
    const std::uint64_t trianglesAt = r.position();
    const auto triData = r.take(std::uint64_t(numTris) * kMdlTriangleSize, "triangles (numtris)");
    if (r.failed()) {
        return r.error();
    }
    mdl.triangles.resize(std::size_t(numTris));
    for (std::size_t k = 0; k < mdl.triangles.size(); ++k) {
        const std::byte* p = triData.data() + kMdlTriangleSize * k;
        MdlTriangle& t = mdl.triangles[k];
        std::memcpy(t.vertex.data(), p, 6);
        std::memcpy(t.skinVertex.data(), p + 6, 6);
        for (std::size_t c = 0; c < 3; ++c) {
            if (t.vertex[c] >= std::uint32_t(h.numVerts) || t.skinVertex[c] >= std::uint32_t(numSkinVerts)) {
                const bool xyz = t.vertex[c] >= std::uint32_t(h.numVerts);
                r.failAt(trianglesAt + kMdlTriangleSize * k + (xyz ? 0 : 6) + 2 * c, ErrorCode::BadValue,
                         "triangle " + std::to_string(k) + (xyz ? " vertex index " : " skin vertex index ") +
                             std::to_string(xyz ? t.vertex[c] : t.skinVertex[c]) + ", expected below " +
                             std::to_string(xyz ? h.numVerts : numSkinVerts));
                return r.error();
            }
        }
    }

    r.setChunk(kFrameTag);
    // Every frame needs at least the byte-packed size; check the whole list before reserving it.
    const std::uint64_t minFrame = 4 + 2 * kMdlByteVertexSize + kMdlFrameNameSize +
                                   std::uint64_t(h.numVerts) * kMdlByteVertexSize; // < 2^19
    if (!r.ensure(minFrame * std::uint64_t(numFrames),
                  (std::to_string(numFrames) + " frames of " + std::to_string(h.numVerts) +
                   " vertices (numframes, numverts)")
                      .c_str())) {
        return r.error();
    }
    mdl.frames.resize(std::size_t(numFrames));
    for (MdlFrame& f : mdl.frames) {
        const std::uint64_t typeAt = r.position();
        f.type = r.i32("frame type");
        if (r.failed()) {
            return r.error();
        }
        if (f.type != mdl_frame_type::Byte &&
            (f.type != mdl_frame_type::Word || h.version == MdlVersion::Mdl3)) {
            r.failAt(typeAt, ErrorCode::BadValue,
                     "frame type " + std::to_string(f.type) +
                         (h.version == MdlVersion::Mdl3 ? ", MDL3 frames are 0 (byte-packed)"
                                                        : ", expected 0 (byte-packed) or 2 (word-packed)"));
            return r.error();
        }
        const bool word = f.type == mdl_frame_type::Word;
        const std::size_t vs = word ? kMdlWordVertexSize : kMdlByteVertexSize;
        const auto box = r.take(2 * vs, "frame bounding box");
        r.bytes(std::as_writable_bytes(std::span(f.name)), "frame name");
        const auto data = r.take(std::uint64_t(h.numVerts) * vs, "frame vertices");
        if (r.failed()) {
            return r.error();
        }
        f.bboxMin = decodeVertex(box.data(), word);
        f.bboxMax = decodeVertex(box.data() + vs, word);
        f.vertices.resize(std::size_t(h.numVerts));
        for (std::size_t k = 0; k < f.vertices.size(); ++k) {
            f.vertices[k] = decodeVertex(data.data() + vs * k, word);
        }
    }
    const auto rest = r.take(r.remaining(), "trailing bytes");
    mdl.trailing.assign(rest.begin(), rest.end());
    return mdl;
}

} // namespace

Expected<Mdl> readMdl(std::span<const std::byte> bytes) {
    return read(bytes, gamestudioGreyPalette());
}

Expected<Mdl> readMdl(std::span<const std::byte> bytes, const GamestudioPalette& palette) {
    return read(bytes, palette);
}

GsVec3 mdlPosition(const Mdl& mdl, const MdlFrameVertex& v) {
    const auto& s = mdl.header.scale;
    const auto& o = mdl.header.offset;
    return {s[0] * float(v.raw[0]) + o[0], s[1] * float(v.raw[1]) + o[1], s[2] * float(v.raw[2]) + o[2]};
}

std::vector<GsVec3> mdlFramePositions(const Mdl& mdl, std::size_t frame) {
    std::vector<GsVec3> out;
    if (frame >= mdl.frames.size()) {
        return out;
    }
    const auto& vs = mdl.frames[frame].vertices;
    out.reserve(vs.size());
    for (const MdlFrameVertex& v : vs) {
        out.push_back(mdlPosition(mdl, v));
    }
    return out;
}

std::array<std::uint32_t, 2> mdlSkinSize(const Mdl& mdl) {
    if (mdl.header.version == MdlVersion::Mdl5 && !mdl.skins.empty() && mdl.skins.front().decoded()) {
        return {mdl.skins.front().imageWidth, mdl.skins.front().imageHeight};
    }
    if (mdl.header.skinWidth > 0 && mdl.header.skinHeight > 0) {
        return {std::uint32_t(mdl.header.skinWidth), std::uint32_t(mdl.header.skinHeight)};
    }
    return {0, 0};
}

MdlTriangleList mdlFrameTriangles(const Mdl& mdl, std::size_t frame) {
    MdlTriangleList out;
    if (frame >= mdl.frames.size()) {
        return out;
    }
    const auto& vs = mdl.frames[frame].vertices;
    const auto size = mdlSkinSize(mdl);
    const float su = size[0] > 0 ? 1.0f / float(size[0]) : 1.0f;
    const float sv = size[1] > 0 ? 1.0f / float(size[1]) : 1.0f;
    out.positions.reserve(mdl.triangles.size() * 3);
    out.uvs.reserve(mdl.triangles.size() * 3);
    out.normals.reserve(mdl.triangles.size() * 3);
    for (const MdlTriangle& t : mdl.triangles) {
        for (std::size_t c = 0; c < 3; ++c) {
            // Indices were checked by the reader; a model built in memory may not have been.
            if (t.vertex[c] >= vs.size() || t.skinVertex[c] >= mdl.skinVertices.size()) {
                return {};
            }
            const MdlFrameVertex& v = vs[t.vertex[c]];
            const MdlSkinVertex& uv = mdl.skinVertices[t.skinVertex[c]];
            out.positions.push_back(mdlPosition(mdl, v));
            out.uvs.push_back({float(uv.u) * su, float(uv.v) * sv});
            out.normals.push_back(gamestudioNormal(v.normal));
        }
    }
    return out;
}

} // namespace mapsmith::io
