#include "editor/viewport/layer_textures.h"

#include "editor/viewport/texture_upload.h"

#include <Qt3DRender/QTexture>

namespace mapsmith::editor {

namespace {

QImage greyImage() {
    QImage image(kLayerTextureSize, kLayerTextureSize, QImage::Format_RGBA8888);
    image.fill(QColor(128, 128, 128));
    return image;
}

} // namespace

QImage layerImage(TextureSource& source, const std::string& name) {
    QImage image = source.image(QString::fromStdString(name));
    if (image.isNull()) {
        return greyImage();
    }
    if (image.width() != kLayerTextureSize || image.height() != kLayerTextureSize) {
        image = image.scaled(kLayerTextureSize, kLayerTextureSize, Qt::IgnoreAspectRatio,
                             Qt::SmoothTransformation);
    }
    return image.convertToFormat(QImage::Format_RGBA8888);
}

Qt3DRender::QTexture2DArray* makeLayerTextures(const std::vector<std::string>& names, TextureSource& source,
                                               Qt3DCore::QNode* parent) {
    using Qt3DRender::QAbstractTexture;
    auto* texture = new Qt3DRender::QTexture2DArray(parent);
    const int layers = std::max<int>(int(names.size()), 1);
    texture->setFormat(QAbstractTexture::RGBA8_UNorm);
    texture->setSize(kLayerTextureSize, kLayerTextureSize);
    texture->setLayers(layers);
    // Levels are uploaded, not generated (texture_upload.h); generateMipMaps only sizes the chain.
    texture->setGenerateMipMaps(true);
    texture->setMipLevels(mipLevelCount(kLayerTextureSize));
    texture->setMinificationFilter(QAbstractTexture::LinearMipMapLinear);
    texture->setMagnificationFilter(QAbstractTexture::Linear);
    // No anisotropic filtering: under Mesa llvmpipe it made an oblique 1280x800 frame take ~8 s.
    texture->wrapMode()->setX(Qt3DRender::QTextureWrapMode::Repeat);
    texture->wrapMode()->setY(Qt3DRender::QTextureWrapMode::Repeat);
    for (int i = 0; i < layers; ++i) {
        const QImage pixels = i < int(names.size()) ? layerImage(source, names[std::size_t(i)]) : greyImage();
        uploadWithMipLevels(texture, pixels, i);
    }
    return texture;
}

} // namespace mapsmith::editor
