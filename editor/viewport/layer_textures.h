#pragma once
// A tile's MTEX textures as one texture array (slice i = MTEX entry i), every image scaled to
// kLayerTextureSize square, mipmapped and repeating. A tile without textures gets one grey slice.

#include "editor/viewport/texture_source.h"

#include <string>
#include <vector>

namespace Qt3DCore {
class QNode;
}
namespace Qt3DRender {
class QTexture2DArray;
}

namespace mapsmith::editor {

inline constexpr int kLayerTextureSize = 256;

// The image of slice `name`: the source's image scaled to kLayerTextureSize, or mid grey when the
// source has none.
QImage layerImage(TextureSource& source, const std::string& name);

Qt3DRender::QTexture2DArray* makeLayerTextures(const std::vector<std::string>& names, TextureSource& source,
                                               Qt3DCore::QNode* parent);

} // namespace mapsmith::editor
