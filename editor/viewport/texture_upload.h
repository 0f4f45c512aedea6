#pragma once
// Texture contents go to the GPU through QAbstractTexture::updateData: the viewport's textures carry
// no QAbstractTextureImage. Size, format, layers and mip levels are set up front; pixels arrive as
// data updates, which is also the cheap path for edits (one 64x64 upload per touched chunk).

#include <QImage>

namespace Qt3DRender {
class QAbstractTexture;
}

namespace mapsmith::editor {

// Uploads `image` (converted to RGBA8, row 0 at t = 0) into `layer` / `mipLevel` at offset 0, 0.
void uploadImage(Qt3DRender::QAbstractTexture* texture, const QImage& image, int layer = 0, int mipLevel = 0);

// Uploads `image` as level 0 of `layer` and every smaller level down to 1x1 (halfSize), so
// mipmapping does not depend on the driver generating levels.
void uploadWithMipLevels(Qt3DRender::QAbstractTexture* texture, const QImage& image, int layer);

// The next mip level of an RGBA8888 image: each pixel the rounded mean of a 2x2 block (edges clamp).
QImage halfSize(const QImage& rgba);

// Number of mip levels of a square texture of side `size` (256 -> 9).
int mipLevelCount(int size);

} // namespace mapsmith::editor
