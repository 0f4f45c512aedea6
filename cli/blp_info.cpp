// info/validate of BLP textures. The reader has no lenient mode; info, when the whole chain does not
// decode, reads level 0 alone and lists why the rest did not as a warning.

#include "cli/model_summary.h"
#include "io/assets/blp.h"

namespace mapsmith::cli {
namespace {

const char* encodingName(io::BlpEncoding e) {
    switch (e) {
    case io::BlpEncoding::Jpeg:
        return "jpeg";
    case io::BlpEncoding::Palette:
        return "palette";
    case io::BlpEncoding::Dxt:
        return "dxt";
    case io::BlpEncoding::Uncompressed:
        return "uncompressed";
    }
    return "?";
}

const char* dxtName(io::BlpDxt d) {
    switch (d) {
    case io::BlpDxt::Dxt1:
        return "DXT1";
    case io::BlpDxt::Dxt3:
        return "DXT3";
    case io::BlpDxt::Dxt5:
        return "DXT5";
    case io::BlpDxt::None:
        break;
    }
    return nullptr;
}

} // namespace

io::Expected<ModelSummary> summariseBlp(const ModelInput& in, io::Diagnostics& diag) {
    auto blp = io::readBlp(in.bytes, true);
    if (!blp && diag.lenient) {
        auto first = io::readBlp(in.bytes, false); // level 0 alone
        if (first) {
            diag.warnings.push_back(blp.error());
            blp = std::move(first);
        }
    }
    if (!blp) {
        return blp.error();
    }
    const QString version =
        blp->version == io::BlpVersion::Blp1 ? QStringLiteral("BLP1") : QStringLiteral("BLP2");
    const char* dxt = blp->encoding == io::BlpEncoding::Dxt ? dxtName(blp->dxt) : nullptr;
    ModelSummary s;
    s.json = Json{{"format", "blp"},
                  {"version", version.toStdString()},
                  {"encoding", encodingName(blp->encoding)},
                  {"compression", dxt ? Json(dxt) : Json(nullptr)},
                  {"alphaDepth", blp->alphaDepth},
                  {"alphaType", blp->alphaType},
                  {"width", blp->width},
                  {"height", blp->height},
                  {"mips", blp->mipLevelsInFile},
                  {"hasMips", blp->hasMips}};
    if (blp->version == io::BlpVersion::Blp1) {
        s.json["pictureType"] = blp->pictureType;
    }
    s.lines = {{QStringLiteral("format"),
                QStringLiteral("%1, %2, alpha depth %3")
                    .arg(version)
                    .arg(dxt ? QLatin1String(dxt) : QLatin1String(encodingName(blp->encoding)))
                    .arg(blp->alphaDepth)},
               {QStringLiteral("size"), QStringLiteral("%1 x %2").arg(blp->width).arg(blp->height)},
               {QStringLiteral("mips"), QStringLiteral("%1 level(s)").arg(blp->mipLevelsInFile)}};
    return s;
}

} // namespace mapsmith::cli
