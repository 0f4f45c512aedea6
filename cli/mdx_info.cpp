// info/validate of 0.5.3 MDX models.

#include "cli/model_summary.h"
#include "io/model/mdx.h"

#include <string>

namespace mapsmith::cli {

io::Expected<ModelSummary> summariseMdx(const ModelInput& in, io::Diagnostics& diag) {
    auto mdx = io::readMdx(in.bytes, diag, in.path.toStdString());
    if (!mdx) {
        return mdx.error();
    }
    std::vector<std::string> textures;
    QStringList textureLines;
    for (const io::MdxTexture& t : mdx->textures) {
        const bool named = t.replaceableId == 0;
        textures.push_back(named ? t.fileName : std::string()); // replaceable textures are set at run time
        textureLines << (named ? QStringLiteral("%1: %2").arg(textureLines.size()).arg(inQuotes(t.fileName))
                               : QStringLiteral("%1: \"\" (replaceable id %2, set at run time)")
                                     .arg(textureLines.size())
                                     .arg(t.replaceableId));
    }
    std::vector<std::string> sequences;
    for (const auto& q : mdx->sequences) {
        sequences.push_back(q.name);
    }
    std::vector<std::string> skipped;
    for (const io::FourCC id : mdx->skippedChunks) {
        skipped.push_back(id.str());
    }
    ModelSummary s;
    s.json = Json{{"format", "mdx"},
                  {"version", mdx->version},
                  {"name", mdx->name},
                  {"bounds", boundsJson(mdx->bounds)},
                  {"boundingRadius", tidy(mdx->bounds.radius)},
                  {"vertices", mdx->vertexCount()},
                  {"triangles", mdx->triangleCount()},
                  {"geosets", mdx->geosets.size()},
                  {"textures", stringsJson(textures)},
                  {"materials", mdx->materials.size()},
                  {"sequences", sequences.size()},
                  {"sequenceNames", stringsJson(sequences)},
                  {"animationFile", mdx->animationFile},
                  {"skippedChunks", stringsJson(skipped)},
                  {"missing", Json::array()}}; // an MDX names no file beside it
    s.lines = {
        {QStringLiteral("format"),
         QStringLiteral("MDX v%1 (0.5.3), name %2").arg(mdx->version).arg(inQuotes(mdx->name))},
        {QStringLiteral("bounds"),
         boundsText(mdx->bounds) + QStringLiteral(", radius %1").arg(double(mdx->bounds.radius), 0, 'f', 3)},
        {QStringLiteral("vertices"),
         QStringLiteral("%1 in %2 geosets").arg(mdx->vertexCount()).arg(mdx->geosets.size())},
        {QStringLiteral("triangles"), QString::number(mdx->triangleCount())}};
    for (qsizetype i = 0; i < textureLines.size(); ++i) {
        s.lines.emplace_back(i == 0 ? QStringLiteral("textures") : QString(), textureLines[i]);
    }
    if (textureLines.isEmpty()) {
        s.lines.emplace_back(QStringLiteral("textures"), QStringLiteral("none"));
    }
    s.lines.emplace_back(QStringLiteral("sequences"),
                         QStringLiteral("%1%2%3")
                             .arg(sequences.size())
                             .arg(sequences.empty() ? QString() : QStringLiteral(": "))
                             .arg(listText(sequences)));
    s.lines.emplace_back(QStringLiteral("counts"),
                         QStringLiteral("%1 materials; chunks not read: %2")
                             .arg(mdx->materials.size())
                             .arg(skipped.empty() ? QStringLiteral("none") : listText(skipped)));
    return s;
}

} // namespace mapsmith::cli
