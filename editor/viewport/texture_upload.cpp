#include "editor/viewport/texture_upload.h"

#include <Qt3DRender/QAbstractTexture>
#include <Qt3DRender/QTextureDataUpdate>
#include <Qt3DRender/QTextureImageData>

#include <algorithm>

namespace mapsmith::editor {

void uploadImage(Qt3DRender::QAbstractTexture* texture, const QImage& image, int layer, int mipLevel) {
    auto data = Qt3DRender::QTextureImageDataPtr::create();
    data->setImage(image.convertToFormat(QImage::Format_RGBA8888));
    Qt3DRender::QTextureDataUpdate update;
    update.setX(0);
    update.setY(0);
    update.setZ(0);
    update.setLayer(layer);
    update.setMipLevel(mipLevel);
    update.setData(data);
    texture->updateData(update);
}

int mipLevelCount(int size) {
    int levels = 1;
    while (size > 1) {
        size /= 2;
        ++levels;
    }
    return levels;
}

QImage halfSize(const QImage& rgba) {
    const int w = std::max(rgba.width() / 2, 1);
    const int h = std::max(rgba.height() / 2, 1);
    QImage out(w, h, QImage::Format_RGBA8888);
    for (int y = 0; y < h; ++y) {
        const uchar* r0 = rgba.constScanLine(std::min(2 * y, rgba.height() - 1));
        const uchar* r1 = rgba.constScanLine(std::min(2 * y + 1, rgba.height() - 1));
        uchar* o = out.scanLine(y);
        for (int x = 0; x < w; ++x) {
            const int x0 = std::min(2 * x, rgba.width() - 1) * 4;
            const int x1 = std::min(2 * x + 1, rgba.width() - 1) * 4;
            for (int c = 0; c < 4; ++c) {
                o[x * 4 + c] = uchar((r0[x0 + c] + r0[x1 + c] + r1[x0 + c] + r1[x1 + c] + 2) / 4);
            }
        }
    }
    return out;
}

void uploadWithMipLevels(Qt3DRender::QAbstractTexture* texture, const QImage& image, int layer) {
    QImage level = image.convertToFormat(QImage::Format_RGBA8888);
    const int levels = mipLevelCount(std::max(image.width(), image.height()));
    for (int i = 0; i < levels; ++i) {
        uploadImage(texture, level, layer, i);
        if (i + 1 < levels) {
            level = halfSize(level);
        }
    }
}

} // namespace mapsmith::editor
