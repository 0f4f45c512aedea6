#include "texture_source.h"

#include "core/procedural_textures.h"

namespace mapsmith::editor {

namespace {

QString normalised(const QString& path) {
    return path.toLower().replace(QLatin1Char('/'), QLatin1Char('\\'));
}

} // namespace

QImage ProceduralTextureSource::image(const QString& mtexPath) {
    const QString key = normalised(mtexPath);
    if (const auto it = mCache.constFind(key); it != mCache.constEnd()) {
        return *it;
    }
    QImage out;
    if (const auto kind = core::terrainTextureFromPath(mtexPath)) {
        out = core::makeTerrainTexture(*kind, mSize);
    } else {
        out = core::makePlaceholderTexture(mtexPath, mSize);
    }
    mCache.insert(key, out);
    return out;
}

} // namespace mapsmith::editor
