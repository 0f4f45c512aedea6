#include "editor/model_previews.h"

#include "core/models/model_bounds.h"
#include "core/models/model_catalog.h"
#include "core/models/model_library.h"
#include "core/models/model_preview.h"
#include "io/assets/texture_cache.h"

#include <QCoreApplication>
#include <QLocale>

namespace mapsmith::editor {

namespace {

constexpr std::uint32_t kPreviewTextureSide = 256; // pixels: the mip level used for previews

QString tr(const char* text) {
    return QCoreApplication::translate("mapsmith::editor::ModelPreviews", text);
}

QString formatName(core::ModelFormat format) {
    const QString name = QString::fromLatin1(core::modelFormatName(format));
    return name.isEmpty() ? tr("Model") : name;
}

} // namespace

QStringList placeableModels(const io::AssetSource& source) {
    QStringList out;
    const std::vector<std::string> models = core::listPlaceableModels(source);
    out.reserve(qsizetype(models.size()));
    for (const std::string& m : models) {
        out.push_back(QString::fromStdString(m));
    }
    return out;
}

widgets::ModelBrowser::PreviewProvider modelPreviewsFrom(std::shared_ptr<core::ModelLibrary> models,
                                                         std::shared_ptr<io::TextureCache> textures) {
    return [models = std::move(models), textures = std::move(textures)](const QString& path) {
        widgets::ModelBrowser::Preview out;
        if (!models) {
            return out;
        }
        const std::string name = path.toStdString();
        const core::ObjectKind kind = core::kindOfModelName(name);
        const core::ModelGeometry geometry = models->geometry(kind, name);
        if (!geometry.mesh) {
            out.caption = QString::fromStdString(geometry.problem);
            return out;
        }
        core::ModelPreviewOptions options;
        options.size = widgets::ModelBrowser::kPreviewSize;
        out.image = core::renderModelPreview(
            *geometry.mesh, options,
            [&textures](const std::string& texture) -> std::shared_ptr<const io::CachedTexture> {
                if (!textures) {
                    return nullptr;
                }
                auto decoded = textures->get(texture, kPreviewTextureSide);
                return decoded ? *decoded : nullptr;
            });
        const QString format = formatName(models->info(kind, name).format);
        out.caption = tr("%1, %2 triangles")
                          .arg(format, QLocale().toString(qulonglong(geometry.mesh->triangleCount())));
        if (!geometry.problem.empty()) {
            out.caption += QLatin1String("; ") + QString::fromStdString(geometry.problem);
        }
        return out;
    };
}

} // namespace mapsmith::editor
