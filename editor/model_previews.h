#pragma once
// The model browser's data from the game data: the placeable models' names (core/models/model_catalog.h)
// and their preview pictures (core/models/model_preview.h) drawn from the model library's meshes with
// the textures of the shared texture cache.

#include "widgets/model_browser.h"

#include <QStringList>

#include <memory>

namespace mapsmith::core {
class ModelLibrary;
}

namespace mapsmith::io {
class AssetSource;
class TextureCache;
} // namespace mapsmith::io

namespace mapsmith::editor {

// Every M2 and WMO root the source lists.
QStringList placeableModels(const io::AssetSource& source);

// Thread-safe (the library and the cache are): a picture of the model and a caption with its format and
// triangle count; without a mesh, no picture and the library's reason.
widgets::ModelBrowser::PreviewProvider modelPreviewsFrom(std::shared_ptr<core::ModelLibrary> models,
                                                         std::shared_ptr<io::TextureCache> textures);

} // namespace mapsmith::editor
