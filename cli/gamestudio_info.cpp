// info/validate of Gamestudio MDL models and HMP terrains. Their readers have no lenient mode: a file reads
// or is an error; a skin kept undecoded (a DDS kind not read) is a note.

#include "cli/model_summary.h"
#include "io/gamestudio/hmp.h"
#include "io/gamestudio/mdl.h"

#include <algorithm>
#include <string>

namespace mapsmith::cli {
namespace {

QString skinTypeName(std::uint32_t type) {
    namespace t = io::gamestudio_skin_type;
    const std::uint32_t format = io::gamestudioSkinHasMipmaps(type) ? type - t::MipmapFlag : type;
    QString name;
    switch (format) {
    case t::Palette8:
        name = QStringLiteral("8-bit palette");
        break;
    case t::Rgb565:
        name = QStringLiteral("565 RGB");
        break;
    case t::Argb4444:
        name = QStringLiteral("4444 ARGB");
        break;
    case t::Rgb888:
        name = QStringLiteral("888 RGB");
        break;
    case t::Argb8888:
        name = QStringLiteral("8888 ARGB");
        break;
    case t::Dds:
    case t::DdsMips:
        name = QStringLiteral("DDS");
        break;
    default:
        name = QStringLiteral("unknown");
        break;
    }
    return io::gamestudioSkinHasMipmaps(type) ? name + QStringLiteral(" with mipmaps") : name;
}

// Pixel formats: the stored size; DDS: the decoded image's size (0 x 0 when kept undecoded).
std::array<std::uint32_t, 2> skinSize(const io::GamestudioSkin& k) {
    if (io::gamestudioSkinIsDds(k.type)) {
        return {k.imageWidth, k.imageHeight};
    }
    return {k.width, k.height};
}

Json skinsJson(const std::vector<io::GamestudioSkin>& skins) {
    Json list = Json::array();
    for (const auto& k : skins) {
        const auto [w, h] = skinSize(k);
        list.push_back(Json{{"type", k.type},
                            {"format", skinTypeName(k.type).toStdString()},
                            {"width", w},
                            {"height", h},
                            {"decoded", k.decoded()}});
    }
    return list;
}

void addSkinLines(ModelSummary& s, const std::vector<io::GamestudioSkin>& skins) {
    for (std::size_t i = 0; i < skins.size(); ++i) {
        const auto [w, h] = skinSize(skins[i]);
        s.lines.emplace_back(i == 0 ? QStringLiteral("skins") : QString(),
                             QStringLiteral("%1: type %2 (%3), %4 x %5%6")
                                 .arg(i)
                                 .arg(skins[i].type)
                                 .arg(skinTypeName(skins[i].type))
                                 .arg(w)
                                 .arg(h)
                                 .arg(skins[i].decoded() ? QString() : QStringLiteral(", not decoded")));
    }
    if (skins.empty()) {
        s.lines.emplace_back(QStringLiteral("skins"), QStringLiteral("none"));
    }
}

Json floatsJson(const std::array<float, 3>& v) {
    return vecJson(v);
}

io::ModelBounds boundsOf(const io::GsVec3& min, const io::GsVec3& max) {
    io::ModelBounds b;
    b.min = min;
    b.max = max;
    return b;
}

} // namespace

io::Expected<ModelSummary> summariseMdl(const ModelInput& in, io::Diagnostics& /*diag: strict only*/) {
    auto mdl = io::readMdl(in.bytes);
    if (!mdl) {
        return mdl.error();
    }
    const QString version = QStringLiteral("MDL%1").arg(int(mdl->header.version));
    ModelSummary s;
    s.notes = mdl->warnings;
    s.json = Json{{"format", "mdl"},
                  {"version", version.toStdString()},
                  {"vertices", mdl->header.numVerts},
                  {"triangles", mdl->triangles.size()},
                  {"frames", mdl->frames.size()},
                  {"skins", skinsJson(mdl->skins)},
                  {"skinVertices", mdl->skinVertices.size()},
                  {"bounds", nullptr},
                  {"scale", floatsJson(mdl->header.scale)},
                  {"offset", floatsJson(mdl->header.offset)},
                  {"flags", mdl->header.flags}};
    s.lines = {{QStringLiteral("format"), version + QStringLiteral(" (Gamestudio model)")}};
    if (!mdl->frames.empty()) { // frame 0's box as stored, in model units
        const auto& f = mdl->frames.front();
        const io::ModelBounds b =
            boundsOf(io::mdlPosition(*mdl, f.bboxMin), io::mdlPosition(*mdl, f.bboxMax));
        s.json["bounds"] = boundsJson(b);
        s.lines.emplace_back(QStringLiteral("bounds"), boundsText(b) + QStringLiteral(" (frame 0)"));
    }
    s.lines.emplace_back(QStringLiteral("vertices"),
                         QStringLiteral("%1 per frame").arg(mdl->header.numVerts));
    s.lines.emplace_back(QStringLiteral("triangles"), QString::number(mdl->triangles.size()));
    s.lines.emplace_back(QStringLiteral("frames"), QString::number(mdl->frames.size()));
    addSkinLines(s, mdl->skins);
    s.lines.emplace_back(QStringLiteral("skin verts"), QString::number(mdl->skinVertices.size()));
    return s;
}

io::Expected<ModelSummary> summariseHmp(const ModelInput& in, io::Diagnostics& /*diag: strict only*/) {
    auto hmp = io::readHmp(in.bytes);
    if (!hmp) {
        return hmp.error();
    }
    const QString version = QStringLiteral("HMP%1").arg(int(hmp->header.version));
    const io::HmpGridSize grid = io::hmpGridSize(*hmp);
    const io::HmpExtent extent = io::hmpExtent(*hmp);
    const std::vector<float> heights = io::hmpHeights(*hmp, 0);
    const auto [low, high] = std::minmax_element(heights.begin(), heights.end());
    const float minHeight = heights.empty() ? 0.0f : *low;
    const float maxHeight = heights.empty() ? 0.0f : *high;
    // The extent the header gives (x, y) and the first frame's heights (z), in world units.
    const io::ModelBounds b =
        boundsOf({extent.xMin, extent.yMin, minHeight}, {extent.xMax, extent.yMax, maxHeight});
    const std::size_t vertices = hmp->frames.empty() ? 0 : hmp->frames.front().vertices.size();
    ModelSummary s;
    s.notes = hmp->warnings;
    s.json = Json{{"format", "hmp"},
                  {"version", version.toStdString()},
                  {"grid", Json::array({grid.nu, grid.nv})},
                  {"vertices", vertices},
                  {"frames", hmp->frames.size()},
                  {"skins", skinsJson(hmp->skins)},
                  {"bounds", boundsJson(b)},
                  {"scale", floatsJson(hmp->header.scale)},
                  {"offset", floatsJson(hmp->header.offset)},
                  {"triSize", Json::array({tidy(hmp->header.triSizeX), tidy(hmp->header.triSizeY)})}};
    s.lines = {{QStringLiteral("format"), version + QStringLiteral(" (Gamestudio terrain)")},
               {QStringLiteral("grid"), QStringLiteral("%1 x %2 vertices, %3 x %4 units apart")
                                            .arg(grid.nu)
                                            .arg(grid.nv)
                                            .arg(double(hmp->header.triSizeX))
                                            .arg(double(hmp->header.triSizeY))},
               {QStringLiteral("vertices"), QStringLiteral("%1 per frame").arg(vertices)},
               {QStringLiteral("bounds"), boundsText(b) + QStringLiteral(" (extent, frame 0 heights)")},
               {QStringLiteral("frames"), QString::number(hmp->frames.size())}};
    addSkinLines(s, hmp->skins);
    return s;
}

} // namespace mapsmith::cli
