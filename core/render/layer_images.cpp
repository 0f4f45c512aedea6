#include "core/render/layer_images.h"

#include "core/kernels/procedural_textures.h"
#include "io/assets/texture_cache.h"

#include <QImage>

#include <algorithm>
#include <cctype>

namespace mapsmith::core {

namespace {

std::string normalised(const std::string& path) {
    std::string out = path;
    for (char& c : out) {
        c = c == '/' ? '\\' : char(std::tolower(static_cast<unsigned char>(c)));
    }
    return out;
}

// The image the viewport would upload for the path (RGBA8888; alpha is ignored).
QImage sourceImage(io::TextureCache* cache, const std::string& mtexPath) {
    if (cache) {
        if (const auto texture = cache->get(mtexPath, std::uint32_t(LayerImages::kSourceSide))) {
            const io::CachedTexture& t = **texture;
            QImage image(int(t.width), int(t.height), QImage::Format_RGBA8888);
            for (int y = 0; y < image.height(); ++y) {
                std::copy_n(t.rgba.data() + std::size_t(y) * t.width * 4, std::size_t(t.width) * 4,
                            image.scanLine(y));
            }
            return image;
        }
    }
    const QString path = QString::fromStdString(mtexPath);
    if (const auto kind = terrainTextureFromPath(path)) {
        return makeTerrainTexture(*kind, LayerImages::kSourceSide).convertToFormat(QImage::Format_RGBA8888);
    }
    return makePlaceholderTexture(path, LayerImages::kSourceSide).convertToFormat(QImage::Format_RGBA8888);
}

// Mean of each block of the image; block edges at floor(i * size / side) cover every source pixel once.
LayerTexels boxFilter(const QImage& image, int side) {
    LayerTexels out(std::size_t(side) * std::size_t(side), {0.5f, 0.5f, 0.5f});
    const int w = image.width();
    const int h = image.height();
    if (w <= 0 || h <= 0) {
        return out;
    }
    for (int ty = 0; ty < side; ++ty) {
        const int y0 = ty * h / side;
        const int y1 = std::max(y0 + 1, (ty + 1) * h / side);
        for (int tx = 0; tx < side; ++tx) {
            const int x0 = tx * w / side;
            const int x1 = std::max(x0 + 1, (tx + 1) * w / side);
            double sum[3] = {0.0, 0.0, 0.0};
            for (int y = y0; y < y1 && y < h; ++y) {
                const uchar* row = image.constScanLine(y);
                for (int x = x0; x < x1 && x < w; ++x) {
                    for (int c = 0; c < 3; ++c) {
                        sum[c] += row[x * 4 + c];
                    }
                }
            }
            const double n = double(std::min(y1, h) - y0) * double(std::min(x1, w) - x0) * 255.0;
            out[std::size_t(ty) * std::size_t(side) + std::size_t(tx)] = {
                float(sum[0] / n), float(sum[1] / n), float(sum[2] / n)};
        }
    }
    return out;
}

} // namespace

LayerImages::LayerImages(std::shared_ptr<io::TextureCache> cache, int side)
    : mCache(std::move(cache)), mSide(std::max(side, 1)),
      mGrey(std::make_shared<const LayerTexels>(std::size_t(mSide) * std::size_t(mSide),
                                                std::array<float, 3>{0.5f, 0.5f, 0.5f})) {}

std::shared_ptr<const LayerTexels> LayerImages::texels(const std::string& mtexPath) {
    const std::string key = normalised(mtexPath);
    {
        std::lock_guard lock(mMutex);
        if (const auto it = mTexels.find(key); it != mTexels.end()) {
            return it->second;
        }
    }
    // Prepared outside the lock; two threads may both prepare a path, the first one stored wins.
    auto made = std::make_shared<const LayerTexels>(boxFilter(sourceImage(mCache.get(), mtexPath), mSide));
    std::lock_guard lock(mMutex);
    return mTexels.emplace(key, std::move(made)).first->second;
}

} // namespace mapsmith::core
