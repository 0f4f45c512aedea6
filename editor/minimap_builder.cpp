#include "editor/minimap_builder.h"

#include "editor/viewport/texture_source.h"
#include "io/assets/minimap.h"
#include "io/assets/texture_cache.h"

#include <QPainter>
#include <QtConcurrent/QtConcurrentRun>

namespace mapsmith::editor {

namespace {

QImage assemble(io::TextureCache& cache, const std::string& mapName,
                const std::vector<core::TileCoord>& tiles, const std::atomic<bool>& cancel, int& found) {
    found = 0;
    const auto source = cache.source();
    if (!source) {
        return {};
    }
    io::MinimapIndex index;
    if (auto trs = source->read(io::kMd5TranslatePath)) {
        index =
            io::parseMd5Translate(std::string_view(reinterpret_cast<const char*>(trs->data()), trs->size()));
    }
    constexpr int s = MinimapBuilder::kTilePixels;
    QImage image(64 * s, 64 * s, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::SmoothPixmapTransform);
    for (const core::TileCoord& t : tiles) {
        if (cancel.load()) {
            return {};
        }
        const std::string path = io::minimapPath(*source, index, mapName, t.x, t.y);
        if (path.empty()) {
            continue;
        }
        const auto texture = cache.get(path, std::uint32_t(s));
        if (!texture) {
            continue;
        }
        painter.drawImage(QRect(t.x * s, t.y * s, s, s), imageFromTexture(**texture, true));
        ++found;
    }
    painter.end();
    return found > 0 ? image : QImage();
}

} // namespace

MinimapBuilder::MinimapBuilder(QObject* parent) : QObject(parent) {}

MinimapBuilder::~MinimapBuilder() {
    cancel();
}

void MinimapBuilder::cancel() {
    if (mCancel) {
        mCancel->store(true);
    }
    mJob.waitForFinished();
    mCancel.reset();
    ++mGeneration;
}

void MinimapBuilder::start(std::shared_ptr<io::TextureCache> cache, const QString& mapName,
                           std::vector<core::TileCoord> tiles) {
    cancel();
    auto flag = std::make_shared<std::atomic<bool>>(false);
    mCancel = flag;
    const quint64 generation = mGeneration;
    mJob = QtConcurrent::run([this, cache = std::move(cache), name = mapName.toStdString(),
                              tiles = std::move(tiles), flag, generation] {
        int found = 0;
        const QImage image = assemble(*cache, name, tiles, *flag, found);
        if (flag->load()) {
            return;
        }
        QMetaObject::invokeMethod(
            this,
            [this, image, found, generation] {
                if (generation == mGeneration) {
                    emit finished(image, found);
                }
            },
            Qt::QueuedConnection);
    });
}

} // namespace mapsmith::editor
