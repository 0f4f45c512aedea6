// Skin profile reader (layout in skin.h). Every M2Array is checked against the file before it is read
// (detail/m2_array.h); fields are copied one by one from checked blocks.

#include "io/model/skin.h"

#include "io/binary/byte_reader.h"
#include "io/model/detail/chunk_walk.h"
#include "io/model/detail/list_checks.h"
#include "io/model/detail/m2_array.h"
#include "io/model/detail/model_report.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <utility>

namespace mapsmith::io {
namespace {

using detail::ArrayStep;
using detail::M2ArrayRef;

constexpr FourCC kSkin{"SKIN"};

static_assert(kM2SkinHeaderSize == 4 + 5 * 8 + 4, "SKIN, five M2Arrays, u32 bone count");
static_assert(kM2SubmeshSize == 10 * 2 + 3 * 4 + 3 * 4 + 4, "M2SkinSection (WotLK)");
static_assert(kM2BatchSize == 1 + 1 + 11 * 2, "M2Batch");

class SkinReader {
public:
    SkinReader(std::span<const std::byte> file, Diagnostics& diag, std::string_view fileName)
        : mFile(file), mReport(diag, fileName) {}

    Expected<M2Skin> run();

private:
    bool array(const M2ArrayRef& ref, std::uint64_t elemSize, const char* field, ByteReader& r) {
        return detail::arrayBytes(mFile, ref, elemSize, kSkin, field, mReport, r) != ArrayStep::Stop;
    }
    bool readU16s(const M2ArrayRef& ref, const char* field, std::vector<std::uint16_t>& out);
    bool readSubmeshes(const M2ArrayRef& ref);
    bool readBatches(const M2ArrayRef& ref);
    bool checkSubmeshes(const M2ArrayRef& ref);

    std::span<const std::byte> mFile;
    detail::ModelReport mReport; // the one strict/lenient helper
    M2Skin mSkin;
};

bool SkinReader::readU16s(const M2ArrayRef& ref, const char* field, std::vector<std::uint16_t>& out) {
    ByteReader r;
    if (!array(ref, 2, field, r)) {
        return false;
    }
    out.resize(std::size_t(r.size() / 2));
    if (!out.empty()) {
        std::memcpy(out.data(), r.data().data(), out.size() * 2);
    }
    return true;
}

bool SkinReader::readSubmeshes(const M2ArrayRef& ref) {
    ByteReader r;
    if (!array(ref, kM2SubmeshSize, "submeshes", r)) {
        return false;
    }
    mSkin.submeshes.resize(std::size_t(r.size() / kM2SubmeshSize));
    for (M2Submesh& s : mSkin.submeshes) {
        for (std::uint16_t* f :
             {&s.id, &s.level, &s.vertexStart, &s.vertexCount, &s.indexStart, &s.indexCount, &s.boneCount,
              &s.boneComboIndex, &s.boneInfluences, &s.centerBoneIndex}) {
            *f = r.u16("submesh field");
        }
        for (ModelVec3* v : {&s.center, &s.sortCenter}) {
            for (float& c : *v) {
                c = r.f32("submesh center");
            }
        }
        s.sortRadius = r.f32("sort radius");
    }
    return true;
}

bool SkinReader::readBatches(const M2ArrayRef& ref) {
    ByteReader r;
    if (!array(ref, kM2BatchSize, "batches", r)) {
        return false;
    }
    const std::uint64_t count = r.size() / kM2BatchSize;
    mSkin.batches.reserve(std::size_t(count));
    for (std::uint64_t i = 0; i < count; ++i) {
        M2Batch b;
        b.flags = r.u8("batch flags");
        b.priorityPlane = r.i8("priority plane");
        for (std::uint16_t* f :
             {&b.shaderId, &b.submeshIndex, &b.geosetIndex, &b.colorIndex, &b.materialIndex, &b.materialLayer,
              &b.textureCount, &b.textureComboIndex, &b.textureCoordComboIndex, &b.textureWeightComboIndex,
              &b.textureTransformComboIndex}) {
            *f = r.u16("batch field");
        }
        if (b.submeshIndex >= mSkin.submeshes.size()) {
            if (!mReport.problem(ErrorCode::BadValue, kSkin, ref.offset + i * kM2BatchSize + 4,
                                 "batch " + std::to_string(i) + " names submesh " +
                                     std::to_string(b.submeshIndex) + ", the skin has " +
                                     std::to_string(mSkin.submeshes.size()))) {
                return false;
            }
            continue; // lenient: dropped
        }
        mSkin.batches.push_back(b);
    }
    return true;
}

// Index and vertex ranges inside their lists; lenient reading clips them.
bool SkinReader::checkSubmeshes(const M2ArrayRef& ref) {
    for (std::size_t i = 0; i < mSkin.submeshes.size(); ++i) {
        M2Submesh& s = mSkin.submeshes[i];
        const std::uint64_t at = ref.offset + i * kM2SubmeshSize;
        const std::uint64_t indexEnd = std::uint64_t(s.firstIndex()) + s.indexCount;
        const std::uint64_t vertexEnd = std::uint64_t(s.firstVertex()) + s.vertexCount;
        if (indexEnd > mSkin.indices.size() || vertexEnd > mSkin.vertices.size()) {
            const bool indices = indexEnd > mSkin.indices.size();
            if (!mReport.problem(
                    ErrorCode::SizeOutOfBounds, kSkin, at + (indices ? 8 : 4),
                    "submesh " + std::to_string(i) + (indices ? " indices end at " : " vertices end at ") +
                        std::to_string(indices ? indexEnd : vertexEnd) + ", the list has " +
                        std::to_string(indices ? mSkin.indices.size() : mSkin.vertices.size()))) {
                return false;
            }
            auto clip = [](std::uint16_t& count, std::uint64_t first, std::uint64_t size) {
                count = std::uint16_t(first >= size ? 0 : std::min<std::uint64_t>(count, size - first));
            };
            clip(s.indexCount, s.firstIndex(), mSkin.indices.size());
            clip(s.vertexCount, s.firstVertex(), mSkin.vertices.size());
        }
    }
    return true;
}

Expected<M2Skin> SkinReader::run() {
    ByteReader r(mFile, 0, kSkin);
    const FourCC magic = detail::tagFromU32(r.u32("magic"), detail::TagOrder::AsRead);
    if (r.failed()) {
        return mReport.make(ErrorCode::Truncated, kSkin, 0,
                            "the file's " + std::to_string(mFile.size()) +
                                " bytes are too few for the magic");
    }
    if (magic != kSkin) {
        return mReport.make(ErrorCode::BadMagic, FourCC{}, 0, "magic \"" + magic.str() + "\", expected SKIN");
    }
    if (mFile.size() < kM2SkinHeaderSize) {
        return mReport.make(ErrorCode::Truncated, kSkin, 4,
                            "the header needs " + std::to_string(kM2SkinHeaderSize) +
                                " bytes, the file has " + std::to_string(mFile.size()));
    }
    const M2ArrayRef vertices = detail::readArrayRef(r);
    const M2ArrayRef indices = detail::readArrayRef(r);
    const M2ArrayRef bones = detail::readArrayRef(r);
    const M2ArrayRef submeshes = detail::readArrayRef(r);
    const M2ArrayRef batches = detail::readArrayRef(r);
    mSkin.boneCountMax = r.u32("bone count");
    mSkin.verticesAt = vertices.offset;

    ByteReader boneBytes;
    if (!readU16s(vertices, "vertices", mSkin.vertices) || !readU16s(indices, "indices", mSkin.indices) ||
        !array(bones, 4, "bones", boneBytes) ||
        !detail::checkTriangleList(mSkin.indices, mSkin.vertices.size(), kSkin, indices.at, indices.offset,
                                   mReport) ||
        !readSubmeshes(submeshes) || !checkSubmeshes(submeshes) || !readBatches(batches)) {
        return mReport.error();
    }
    mSkin.bones.resize(std::size_t(boneBytes.size() / 4));
    if (!mSkin.bones.empty()) {
        std::memcpy(mSkin.bones.data(), boneBytes.data().data(), mSkin.bones.size() * 4);
    }
    return std::move(mSkin);
}

} // namespace

Expected<M2Skin> readM2Skin(std::span<const std::byte> file, Diagnostics& diag, std::string_view fileName) {
    return SkinReader(file, diag, fileName).run();
}

Expected<M2Skin> readM2Skin(std::span<const std::byte> file) {
    Diagnostics strict;
    return readM2Skin(file, strict);
}

Expected<std::vector<std::uint16_t>> m2TriangleIndices(const M2Skin& skin, std::size_t modelVertexCount,
                                                       std::string_view skinFileName) {
    std::vector<std::uint16_t> out;
    out.reserve(skin.indices.size());
    for (std::uint16_t i : skin.indices) {
        if (i >= skin.vertices.size() || skin.vertices[i] >= modelVertexCount) {
            const bool local = i >= skin.vertices.size(); // only for skins built in memory
            return Error{ErrorCode::BadValue, kSkin, local ? 0 : skin.verticesAt + 2 * std::uint64_t(i),
                         local ? "index " + std::to_string(i) + " past the skin's " +
                                     std::to_string(skin.vertices.size()) + " vertices"
                               : "skin vertex " + std::to_string(i) + " names model vertex " +
                                     std::to_string(skin.vertices[i]) + ", the model has " +
                                     std::to_string(modelVertexCount),
                         std::string(skinFileName)};
        }
        out.push_back(skin.vertices[i]);
    }
    return out;
}

std::string m2SkinFileName(std::string_view m2Path, int profile) {
    const std::size_t slash = m2Path.find_last_of("/\\");
    const std::size_t dot = m2Path.find_last_of('.');
    const bool hasExtension =
        dot != std::string_view::npos && (slash == std::string_view::npos || dot > slash);
    char suffix[16];
    std::snprintf(suffix, sizeof suffix, "%02d.skin", profile < 0 ? 0 : profile % 100);
    return std::string(hasExtension ? m2Path.substr(0, dot) : m2Path) + suffix;
}

} // namespace mapsmith::io
