#include "editor/viewport/texture_source.h"

#include "core/kernels/procedural_textures.h"
#include "io/assets/texture_cache.h"

#include <cstring>

namespace mapsmith::editor {

namespace {

QString normalised(const QString& path) {
    return path.toLower().replace(QLatin1Char('/'), QLatin1Char('\\'));
}

// Mapsmith's own texture for its demo paths, else the hashed placeholder pattern.
QImage standIn(const QString& mtexPath, int size) {
    if (const auto kind = core::terrainTextureFromPath(mtexPath)) {
        return core::makeTerrainTexture(*kind, size);
    }
    return core::makePlaceholderTexture(mtexPath, size);
}

} // namespace

QImage ProceduralTextureSource::image(const QString& mtexPath) {
    const QString key = normalised(mtexPath);
    if (const auto it = mCache.constFind(key); it != mCache.constEnd()) {
        return *it;
    }
    const QImage out = standIn(mtexPath, mSize);
    mCache.insert(key, out);
    return out;
}

QImage imageFromTexture(const io::CachedTexture& texture, bool opaque) {
    QImage out(int(texture.width), int(texture.height), QImage::Format_RGBA8888);
    const std::size_t rowBytes = std::size_t(texture.width) * 4;
    for (int y = 0; y < out.height(); ++y) {
        std::uint8_t* row = out.scanLine(y);
        std::memcpy(row, texture.rgba.data() + std::size_t(y) * rowBytes, rowBytes);
        if (opaque) {
            for (std::size_t a = 3; a < rowBytes; a += 4) {
                row[a] = 255;
            }
        }
    }
    return out;
}

AssetTextureSource::AssetTextureSource(std::shared_ptr<io::TextureCache> cache, int size)
    : mCache(std::move(cache)), mSize(size), mFallback(size) {}

QImage AssetTextureSource::image(const QString& mtexPath) {
    if (const auto texture = mCache->get(mtexPath.toStdString(), std::uint32_t(mSize))) {
        return imageFromTexture(**texture, false);
    }
    return mFallback.image(mtexPath);
}

void AssetTextureSource::warm(const QString& mtexPath) {
    (void)mCache->get(mtexPath.toStdString(), std::uint32_t(mSize));
}

bool AssetTextureSource::inGameData(const QString& mtexPath) const {
    return mCache->exists(mtexPath.toStdString());
}

QImage AssetTextureSource::thumbnail(io::TextureCache& cache, const QString& mtexPath, int side) {
    if (const auto texture = cache.get(mtexPath.toStdString(), std::uint32_t(side))) {
        return imageFromTexture(**texture, true);
    }
    return standIn(mtexPath, side);
}

} // namespace mapsmith::editor
