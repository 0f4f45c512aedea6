// info/validate of WotLK M2 models with their skin profiles, and of a skin profile alone.

#include "cli/model_files.h"
#include "cli/model_summary.h"
#include "core/document/tile_loader.h"
#include "io/model/m2.h"
#include "io/model/skin.h"

#include <string>

namespace mapsmith::cli {
namespace {

constexpr std::uint32_t kMaxSkinProfiles = 100; // io::m2SkinFileName numbers them 00..99
constexpr std::uint64_t kSkinCountAt = 0x44;    // header offset of the skin profile count (io/model/m2.h)

// The model's skin profiles as found beside it.
struct SkinScan {
    QString used; // file name of the profile the triangles come from; empty when none read
    std::uint32_t usedProfile = 0;
    std::size_t triangles = 0;
    std::uint32_t counted = 0; // profiles the header counts (capped at kMaxSkinProfiles)
    std::vector<std::string> missing;
};

// Reads every profile the header counts: the lowest-numbered one that reads gives the triangles. A missing
// profile is a warning (both modes); one that does not read, or names a vertex the model lacks, is a problem.
io::Expected<SkinScan> scanSkins(const ModelInput& in, const io::M2Model& m2, io::Diagnostics& diag) {
    io::ProblemReporter report(diag);
    const std::string file = in.path.toStdString();
    SkinScan scan;
    scan.counted = m2.skinProfileCount;
    if (scan.counted > kMaxSkinProfiles) {
        if (!report.problem(
                {io::ErrorCode::BadValue, io::FourCC("MD20"), kSkinCountAt,
                 "skin profile count " + std::to_string(scan.counted) + ", skin file names end at profile 99",
                 file})) {
            return report.error();
        }
        scan.counted = kMaxSkinProfiles;
    }
    const FilesBeside beside(in.path);
    const std::string modelName = fileNameOf(in.path).toStdString();
    for (std::uint32_t p = 0; p < scan.counted; ++p) {
        const std::string name = io::m2SkinFileName(modelName, int(p));
        const QString found = beside.find(QString::fromStdString(name));
        if (found.isEmpty()) {
            scan.missing.push_back(name);
            report.warn(
                {io::ErrorCode::FileIo, io::FourCC{}, 0,
                 "skin profile " + name + " is missing (the model has " + std::to_string(scan.counted) + ")",
                 file});
            continue;
        }
        const std::string foundPath = found.toStdString();
        const auto bytes = core::readWholeFile(found);
        auto skin = bytes ? io::readM2Skin(*bytes, diag, foundPath) : io::Expected<io::M2Skin>(bytes.error());
        if (!skin) {
            if (!report.problem(skin.error())) {
                return report.error();
            }
            continue;
        }
        if (auto triangles = io::m2TriangleIndices(*skin, m2.vertices.size(), foundPath); !triangles) {
            if (!report.problem(triangles.error())) {
                return report.error();
            }
        }
        if (scan.used.isEmpty()) {
            scan.used = fileNameOf(found);
            scan.usedProfile = p;
            scan.triangles = skin->triangleCount();
        }
    }
    return scan;
}

QString trianglesText(const SkinScan& scan) {
    if (!scan.used.isEmpty()) {
        return QStringLiteral("%1 (%2, profile %3 of %4)")
            .arg(scan.triangles)
            .arg(scan.used)
            .arg(scan.usedProfile)
            .arg(scan.counted);
    }
    return scan.counted == 0 ? QStringLiteral("0 (the model has no skin profile)")
                             : QStringLiteral("0 (no skin profile read beside the model)");
}

} // namespace

io::Expected<ModelSummary> summariseM2(const ModelInput& in, io::Diagnostics& diag) {
    auto m2 = io::readM2(in.bytes, diag, in.path.toStdString());
    if (!m2) {
        return m2.error();
    }
    auto scan = scanSkins(in, *m2, diag);
    if (!scan) {
        return scan.error();
    }
    std::vector<std::string> textures;
    Json types = Json::array();
    QStringList textureLines;
    for (const io::M2Texture& t : m2->textures) {
        const bool named = t.type == io::m2_texture_type::File;
        textures.push_back(named ? t.fileName : std::string()); // run-time textures have no name
        types.push_back(t.type);
        textureLines << (named ? QStringLiteral("%1: %2").arg(textureLines.size()).arg(inQuotes(t.fileName))
                               : QStringLiteral("%1: \"\" (type %2, set at run time)")
                                     .arg(textureLines.size())
                                     .arg(t.type));
    }
    ModelSummary s;
    s.json = Json{{"format", "m2"},
                  {"version", m2->version},
                  {"name", m2->name},
                  {"bounds", boundsJson(m2->bounds)},
                  {"boundingRadius", tidy(m2->bounds.radius)},
                  {"collisionBounds", boundsJson(m2->collisionBounds)},
                  {"collisionRadius", tidy(m2->collisionBounds.radius)},
                  {"vertices", m2->vertices.size()},
                  {"triangles", scan->triangles},
                  {"skin", scan->used.isEmpty() ? Json(nullptr) : Json(scan->used.toStdString())},
                  {"skinProfiles", m2->skinProfileCount},
                  {"textures", stringsJson(textures)},
                  {"textureTypes", types},
                  {"materials", m2->materials.size()},
                  {"sequences", m2->sequenceCount},
                  {"bones", m2->boneCount},
                  {"collisionTriangles", m2->collisionIndexCount / 3},
                  {"globalFlags", m2->globalFlags},
                  {"missing", stringsJson(scan->missing)}};
    s.lines = {
        {QStringLiteral("format"),
         QStringLiteral("M2 v%1 (WotLK), name %2").arg(m2->version).arg(inQuotes(m2->name))},
        {QStringLiteral("bounds"),
         boundsText(m2->bounds) + QStringLiteral(", radius %1").arg(double(m2->bounds.radius), 0, 'f', 3)},
        {QStringLiteral("collision"),
         boundsText(m2->collisionBounds) + QStringLiteral(", radius %1, %2 triangles")
                                               .arg(double(m2->collisionBounds.radius), 0, 'f', 3)
                                               .arg(m2->collisionIndexCount / 3)},
        {QStringLiteral("vertices"), QString::number(m2->vertices.size())},
        {QStringLiteral("triangles"), trianglesText(*scan)}};
    for (qsizetype i = 0; i < textureLines.size(); ++i) {
        s.lines.emplace_back(i == 0 ? QStringLiteral("textures") : QString(), textureLines[i]);
    }
    if (textureLines.isEmpty()) {
        s.lines.emplace_back(QStringLiteral("textures"), QStringLiteral("none"));
    }
    s.lines.emplace_back(QStringLiteral("counts"), QStringLiteral("%1 materials, %2 sequences, %3 bones")
                                                       .arg(m2->materials.size())
                                                       .arg(m2->sequenceCount)
                                                       .arg(m2->boneCount));
    if (!scan->missing.empty()) {
        s.lines.emplace_back(QStringLiteral("missing"), listText(scan->missing));
    }
    return s;
}

io::Expected<ModelSummary> summariseSkin(const ModelInput& in, io::Diagnostics& diag) {
    auto skin = io::readM2Skin(in.bytes, diag, in.path.toStdString());
    if (!skin) {
        return skin.error();
    }
    ModelSummary s;
    s.json = Json{{"format", "skin"},
                  {"vertices", skin->vertices.size()},
                  {"triangles", skin->triangleCount()},
                  {"indices", skin->indices.size()},
                  {"bones", skin->bones.size()},
                  {"submeshes", skin->submeshes.size()},
                  {"batches", skin->batches.size()},
                  {"boneCountMax", skin->boneCountMax}};
    s.lines = {{QStringLiteral("format"), QStringLiteral("M2 skin profile (WotLK)")},
               {QStringLiteral("vertices"),
                QStringLiteral("%1 (indices into the model's vertices)").arg(skin->vertices.size())},
               {QStringLiteral("triangles"), QString::number(skin->triangleCount())},
               {QStringLiteral("counts"), QStringLiteral("%1 submeshes, %2 batches, at most %3 bones")
                                              .arg(skin->submeshes.size())
                                              .arg(skin->batches.size())
                                              .arg(skin->boneCountMax)}};
    return s;
}

} // namespace mapsmith::cli
