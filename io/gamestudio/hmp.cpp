// HMP4/HMP5/HMP7 reader and HMP5 writer (layout and the HMP7 evidence in hmp.h). Every field is read
// through ByteReader; the bytes a frame list needs are checked against the file (64-bit arithmetic)
// before its vertices are allocated.

#include "io/gamestudio/hmp.h"

#include "io/binary/byte_reader.h"
#include "io/binary/byte_writer.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <string>

namespace mapsmith::io {
namespace {

constexpr FourCC kSkinTag{"SKIN"};
constexpr FourCC kFrameTag{"FRAM"};

// Field sizes of the on-disk records (the reader never casts file memory to these; the sizes document
// and check the layout in hmp.h).
static_assert(kHmpHeaderSize == 4 + 4 + 3 * 4 + 3 * 4 + 4 + 3 * 4 + 9 * 4, "HMP header is 84 bytes");
static_assert(kHmpFrameHeaderSize == 4 + 8 + 8 + 16, "HMP frame header: type, bboxmin, bboxmax, name");
static_assert(kHmpVertexSize == 2 + 1 + 1, "hmp_trivertx_t: u16 z, u8 normal index, u8 unused");
static_assert(sizeof(HmpFrame::bboxMin) == 8 && sizeof(HmpFrame::name) == 16);

FourCC versionTag(HmpVersion v) {
    switch (v) {
    case HmpVersion::Hmp4:
        return FourCC("HMP4");
    case HmpVersion::Hmp5:
        return FourCC("HMP5");
    case HmpVersion::Hmp7:
        return FourCC("HMP7");
    }
    return {};
}

// The HMP7 normal in the grid frame (hmp.h): (-a, b, sqrt(127^2 - a^2 - b^2)), normalised.
GsVec3 hmp7Normal(const HmpVertex& v) {
    const float a = float(std::int8_t(v.normal));
    const float b = float(std::int8_t(v.extra));
    const float z2 = 127.0f * 127.0f - a * a - b * b;
    const GsVec3 n{-a, b, z2 > 0.0f ? std::sqrt(z2) : 0.0f};
    const float len = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    return {n[0] / len, n[1] / len, n[2] / len}; // len >= 127: z makes up the rest of 127
}

Expected<Hmp> read(std::span<const std::byte> bytes, const GamestudioPalette& palette) {
    ByteReader r(bytes);
    char magic[4] = {};
    r.bytes(std::as_writable_bytes(std::span(magic)), "HMP version");
    if (r.failed()) {
        return r.error();
    }
    Hmp hmp;
    HmpHeader& h = hmp.header;
    if (std::memcmp(magic, "HMP4", 4) == 0) {
        h.version = HmpVersion::Hmp4;
    } else if (std::memcmp(magic, "HMP5", 4) == 0) {
        h.version = HmpVersion::Hmp5;
    } else if (std::memcmp(magic, "HMP7", 4) == 0) {
        h.version = HmpVersion::Hmp7;
    } else {
        return Error{ErrorCode::BadMagic, FourCC{}, 0,
                     "version \"" + gamestudioVersionText(magic) + "\", expected HMP4, HMP5 or HMP7"};
    }
    const bool hmp7 = h.version == HmpVersion::Hmp7;
    r.setChunk(versionTag(h.version));

    h.nu1 = r.i32("nu1");
    for (float& s : h.scale) {
        s = r.f32("scale");
    }
    for (float& o : h.offset) {
        o = r.f32("offset");
    }
    h.nu6 = r.i32("nu6");
    h.triSizeX = r.f32("ftrisize_x");
    h.triSizeY = r.f32("ftrisize_y");
    const std::uint64_t numVertsXAt = r.position();
    h.numVertsX = r.f32("fnumverts_x");
    const std::uint64_t numSkinsAt = r.position();
    const std::int32_t numSkins = r.i32("numskins");
    h.nu8 = r.i32("nu8");
    h.nu9 = r.i32("nu9");
    const std::uint64_t numVertsAt = r.position();
    const std::int32_t numVerts = r.i32("numverts");
    h.nu10 = r.i32("nu10");
    const std::uint64_t numFramesAt = r.position();
    const std::int32_t numFrames = r.i32("numframes");
    h.nu11 = r.i32("nu11");
    h.flags = r.i32("flags");
    h.nu12 = r.i32("nu12");
    if (r.failed()) {
        return r.error();
    }

    // The grid: nu = (int) fnumverts_x vertices per row, numverts / nu rows, nothing left over.
    if (numVerts <= 0) {
        r.failAt(numVertsAt, ErrorCode::BadValue,
                 "numverts " + std::to_string(numVerts) + ", expected at least 1");
        return r.error();
    }
    if (!std::isfinite(h.numVertsX) || h.numVertsX < 1.0f || h.numVertsX >= float(numVerts) + 1.0f) {
        r.failAt(numVertsXAt, ErrorCode::BadValue,
                 "fnumverts_x " + std::to_string(h.numVertsX) + ", expected 1.." + std::to_string(numVerts) +
                     " (numverts)");
        return r.error();
    }
    const std::uint32_t nu = std::uint32_t(h.numVertsX);
    if (std::uint32_t(numVerts) % nu != 0) {
        r.failAt(numVertsAt, ErrorCode::BadValue,
                 "numverts " + std::to_string(numVerts) + " is not a multiple of " + std::to_string(nu) +
                     " vertices per row (fnumverts_x)");
        return r.error();
    }
    if (numSkins < 0 || std::uint32_t(numSkins) > kHmpMaxSkins) {
        r.failAt(numSkinsAt, ErrorCode::BadValue,
                 "numskins " + std::to_string(numSkins) + ", expected 0.." + std::to_string(kHmpMaxSkins));
        return r.error();
    }
    if (numFrames < 1 || (hmp7 && numFrames != 1)) {
        r.failAt(numFramesAt, hmp7 && numFrames > 1 ? ErrorCode::UnsupportedVersion : ErrorCode::BadValue,
                 "numframes " + std::to_string(numFrames) +
                     (hmp7 ? ", HMP7 is read with exactly 1 frame (what the sample files prove)"
                           : ", expected at least 1 (the heights)"));
        return r.error();
    }

    r.setChunk(kSkinTag);
    hmp.skins.reserve(std::size_t(numSkins));
    // The frames follow the skins, so a skin whose size cannot be known stops the file (an error naming
    // it); one that only cannot be decoded costs a warning.
    for (std::int32_t k = 0; k < numSkins; ++k) {
        const std::string context = std::string(hmp7 ? "HMP7" : "HMP") + " skin " + std::to_string(k);
        auto skin = readGamestudioSkin(r, GamestudioSkinLayout{}, context, palette, hmp.warnings);
        if (!skin) {
            return r.error();
        }
        hmp.skins.push_back(std::move(*skin));
    }

    r.setChunk(kFrameTag);
    const std::uint64_t frameBytes = kHmpFrameHeaderSize + std::uint64_t(numVerts) * kHmpVertexSize;
    const std::uint64_t allFrames = frameBytes * std::uint64_t(numFrames); // < 2^31 * 2^35
    if (!r.ensure(allFrames, (std::to_string(numFrames) + " frame(s) of " + std::to_string(numVerts) +
                              " vertices (numframes, numverts)")
                                 .c_str())) {
        return r.error();
    }
    hmp.frames.resize(std::size_t(numFrames));
    for (HmpFrame& f : hmp.frames) {
        const std::uint64_t typeAt = r.position();
        f.type = r.i32("frame type");
        if (hmp7 && f.type != 2) {
            r.failAt(typeAt, ErrorCode::UnsupportedVersion,
                     "HMP7 frame type " + std::to_string(f.type) + ", only type 2 is proven by sample files");
            return r.error();
        }
        r.bytes(std::span(f.bboxMin), "frame bboxmin");
        r.bytes(std::span(f.bboxMax), "frame bboxmax");
        r.bytes(std::as_writable_bytes(std::span(f.name)), "frame name");
        const auto data = r.take(std::uint64_t(numVerts) * kHmpVertexSize, "frame vertices");
        if (r.failed()) {
            return r.error();
        }
        f.vertices.resize(std::size_t(numVerts));
        for (std::size_t k = 0; k < f.vertices.size(); ++k) {
            const std::byte* p = data.data() + kHmpVertexSize * k;
            HmpVertex& v = f.vertices[k];
            std::memcpy(&v.z, p, 2);
            v.normal = std::uint8_t(p[2]);
            v.extra = std::uint8_t(p[3]);
        }
    }
    const auto rest = r.take(r.remaining(), "trailing bytes");
    hmp.trailing.assign(rest.begin(), rest.end());
    return hmp;
}

const HmpVertex* vertexAt(const Hmp& hmp, std::uint32_t i, std::uint32_t j, std::size_t frame) {
    const HmpGridSize g = hmpGridSize(hmp);
    if (i >= g.nu || j >= g.nv || frame >= hmp.frames.size()) {
        return nullptr;
    }
    const auto& vs = hmp.frames[frame].vertices;
    const std::size_t k = std::size_t(j) * g.nu + i;
    return k < vs.size() ? &vs[k] : nullptr;
}

float worldHeight(const Hmp& hmp, std::uint16_t z) {
    return hmp.header.scale[2] * float(z) + hmp.header.offset[2];
}

} // namespace

Expected<Hmp> readHmp(std::span<const std::byte> bytes) {
    return read(bytes, gamestudioGreyPalette());
}

Expected<Hmp> readHmp(std::span<const std::byte> bytes, const GamestudioPalette& palette) {
    return read(bytes, palette);
}

std::vector<std::byte> writeHmp5(const Hmp& hmp) {
    const HmpHeader& h = hmp.header;
    if (hmp.frames.empty() || !std::isfinite(h.numVertsX) || h.numVertsX < 1.0f ||
        h.numVertsX >= float(std::numeric_limits<std::int32_t>::max())) {
        return {};
    }
    const std::uint64_t nu = std::uint64_t(h.numVertsX);
    const std::uint64_t numVerts = hmp.frames.front().vertices.size();
    if (numVerts == 0 || numVerts % nu != 0 ||
        numVerts > std::uint64_t(std::numeric_limits<std::int32_t>::max()) ||
        hmp.skins.size() > kHmpMaxSkins ||
        hmp.frames.size() > std::size_t(std::numeric_limits<std::int32_t>::max())) {
        return {};
    }
    std::uint64_t total = kHmpHeaderSize + hmp.trailing.size();
    for (const GamestudioSkin& s : hmp.skins) {
        const std::uint64_t n = gamestudioSkinStoredBytes(s.type, s.width, s.height);
        if (n == 0 || s.stored.size() != n) {
            return {};
        }
        total += kGamestudioSkinRecordHeaderSize + n;
    }
    for (const HmpFrame& f : hmp.frames) {
        if (f.vertices.size() != numVerts) {
            return {};
        }
        total += kHmpFrameHeaderSize + numVerts * kHmpVertexSize;
    }

    const bool fromHmp7 = h.version == HmpVersion::Hmp7;
    ByteWriter w{static_cast<std::size_t>(total)};
    w.bytes(std::as_bytes(std::span("HMP5", 4)));
    w.u32(std::uint32_t(fromHmp7 ? 2 : h.nu1));
    for (float s : h.scale) {
        w.f32(s);
    }
    for (float o : h.offset) {
        w.f32(o);
    }
    w.u32(std::uint32_t(h.nu6));
    w.f32(h.triSizeX);
    w.f32(h.triSizeY);
    w.f32(h.numVertsX);
    w.u32(std::uint32_t(hmp.skins.size()));
    w.u32(std::uint32_t(h.nu8));
    w.u32(std::uint32_t(h.nu9));
    w.u32(std::uint32_t(numVerts));
    w.u32(std::uint32_t(h.nu10));
    w.u32(std::uint32_t(hmp.frames.size()));
    w.u32(std::uint32_t(h.nu11));
    w.u32(std::uint32_t(h.flags));
    w.u32(std::uint32_t(h.nu12));
    for (const GamestudioSkin& s : hmp.skins) {
        writeGamestudioSkin(s, w);
    }
    for (const HmpFrame& f : hmp.frames) {
        w.u32(std::uint32_t(f.type));
        w.bytes(std::span<const std::uint8_t>(f.bboxMin));
        w.bytes(std::span<const std::uint8_t>(f.bboxMax));
        w.bytes(std::as_bytes(std::span(f.name)));
        // The vertices as one block: 4 bytes each, z little-endian.
        std::vector<std::byte> block(std::size_t(numVerts * kHmpVertexSize));
        for (std::size_t k = 0; k < f.vertices.size(); ++k) {
            const HmpVertex& v = f.vertices[k];
            std::byte* p = block.data() + kHmpVertexSize * k;
            std::memcpy(p, &v.z, 2);
            if (fromHmp7) {
                p[2] = std::byte{nearestGamestudioNormal(hmp7Normal(v))};
                p[3] = std::byte{0};
            } else {
                p[2] = std::byte{v.normal};
                p[3] = std::byte{v.extra};
            }
        }
        w.bytes(block);
    }
    w.bytes(hmp.trailing);
    return w.take();
}

HmpGridSize hmpGridSize(const Hmp& hmp) {
    const float fx = hmp.header.numVertsX;
    if (hmp.frames.empty() || !std::isfinite(fx) || fx < 1.0f || fx >= 4294967296.0f) {
        return {};
    }
    const std::uint64_t nu = std::uint64_t(fx);
    const std::uint64_t n = hmp.frames.front().vertices.size();
    if (n == 0 || n % nu != 0 || n / nu > std::numeric_limits<std::uint32_t>::max()) {
        return {};
    }
    return {std::uint32_t(nu), std::uint32_t(n / nu)};
}

HmpExtent hmpExtent(const Hmp& hmp) {
    const auto& s = hmp.header.scale;
    const auto& o = hmp.header.offset;
    return {o[0], s[0] * 65536.0f + o[0], o[1], s[1] * 65536.0f + o[1]};
}

std::optional<float> hmpHeight(const Hmp& hmp, std::uint32_t i, std::uint32_t j, std::size_t frame) {
    const HmpVertex* v = vertexAt(hmp, i, j, frame);
    if (v == nullptr) {
        return std::nullopt;
    }
    return worldHeight(hmp, v->z);
}

std::optional<GsVec3> hmpVertexPosition(const Hmp& hmp, std::uint32_t i, std::uint32_t j, std::size_t frame) {
    const HmpVertex* v = vertexAt(hmp, i, j, frame);
    if (v == nullptr) {
        return std::nullopt;
    }
    const HmpGridSize g = hmpGridSize(hmp);
    const HmpExtent e = hmpExtent(hmp);
    const float x = g.nu > 1 ? e.xMin + (e.xMax - e.xMin) * float(i) / float(g.nu - 1) : e.xMin;
    const float y = g.nv > 1 ? e.yMin + (e.yMax - e.yMin) * float(j) / float(g.nv - 1) : e.yMin;
    return GsVec3{x, y, worldHeight(hmp, v->z)};
}

std::optional<GsVec3> hmpNormal(const Hmp& hmp, std::uint32_t i, std::uint32_t j, std::size_t frame) {
    const HmpVertex* v = vertexAt(hmp, i, j, frame);
    if (v == nullptr) {
        return std::nullopt;
    }
    if (hmp.header.version == HmpVersion::Hmp7) {
        return hmp7Normal(*v);
    }
    return gamestudioNormal(v->normal);
}

std::vector<float> hmpHeights(const Hmp& hmp, std::size_t frame) {
    std::vector<float> out;
    if (frame >= hmp.frames.size()) {
        return out;
    }
    const auto& vs = hmp.frames[frame].vertices;
    out.resize(vs.size());
    for (std::size_t k = 0; k < vs.size(); ++k) {
        out[k] = worldHeight(hmp, vs[k].z);
    }
    return out;
}

std::uint16_t hmpPackHeight(const Hmp& hmp, float worldHeight) {
    const float s = hmp.header.scale[2];
    if (s == 0.0f || !std::isfinite(s) || !std::isfinite(worldHeight)) {
        return 0;
    }
    const double z = std::round((double(worldHeight) - double(hmp.header.offset[2])) / double(s));
    if (!(z > 0.0)) {
        return 0;
    }
    return z >= 65535.0 ? std::uint16_t(65535) : std::uint16_t(z);
}

} // namespace mapsmith::io
