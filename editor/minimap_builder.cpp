#include "editor/minimap_builder.h"

#include "editor/viewport/texture_source.h"
#include "io/assets/blp.h"
#include "io/assets/minimap.h"
#include "io/assets/texture_cache.h"

#include <QFile>
#include <QFileInfo>

#include <QPainter>
#include <QtConcurrent/QtConcurrentRun>

namespace mapsmith::editor {

namespace {

io::MinimapIndex translateOf(const io::AssetSource& source) {
    if (auto trs = source.read(io::kMd5TranslatePath)) {
        return io::parseMd5Translate(
            std::string_view(reinterpret_cast<const char*>(trs->data()), trs->size()));
    }
    return {};
}

// The map's own rendered minimap of a tile at `side` pixels; null when it has none or it cannot be read.
QImage ownMinimap(const io::AssetSource& own, const io::MinimapIndex& index, const std::string& mapName,
                  core::TileCoord t, int side) {
    const std::string path = io::minimapPath(own, index, mapName, t.x, t.y);
    if (path.empty()) {
        return {};
    }
    const auto bytes = own.read(path);
    if (!bytes) {
        return {};
    }
    const auto level = io::readBlpLevel(*bytes, std::uint32_t(side));
    if (!level) {
        return {};
    }
    io::CachedTexture texture;
    texture.width = level->width;
    texture.height = level->height;
    texture.rgba = level->rgba;
    return imageFromTexture(texture, true);
}

QImage assemble(io::TextureCache& cache, const std::string& mapName,
                const std::vector<core::TileCoord>& tiles, const QString& ownFolder,
                const std::atomic<bool>& cancel, int& found) {
    found = 0;
    std::unique_ptr<io::AssetSource> own;
    if (!ownFolder.isEmpty() && QFileInfo(ownFolder).isDir()) {
        if (auto opened = io::FolderAssetSource::open(QFile::encodeName(ownFolder).toStdString())) {
            own = std::move(*opened);
        }
    }
    const auto source = cache.source();
    if (!source && !own) {
        return {};
    }
    const io::MinimapIndex index = source ? translateOf(*source) : io::MinimapIndex();
    const io::MinimapIndex ownIndex = own ? translateOf(*own) : io::MinimapIndex();
    constexpr int s = MinimapBuilder::kTilePixels;
    QImage image(64 * s, 64 * s, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::SmoothPixmapTransform);
    for (const core::TileCoord& t : tiles) {
        if (cancel.load()) {
            return {};
        }
        if (own) {
            if (const QImage mine = ownMinimap(*own, ownIndex, mapName, t, s); !mine.isNull()) {
                painter.drawImage(QRect(t.x * s, t.y * s, s, s), mine);
                ++found;
                continue;
            }
        }
        if (!source) {
            continue;
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
                           std::vector<core::TileCoord> tiles, const QString& ownFolder) {
    cancel();
    auto flag = std::make_shared<std::atomic<bool>>(false);
    mCancel = flag;
    const quint64 generation = mGeneration;
    mJob = QtConcurrent::run([this, cache = std::move(cache), name = mapName.toStdString(),
                              tiles = std::move(tiles), ownFolder, flag, generation] {
        int found = 0;
        const QImage image = assemble(*cache, name, tiles, ownFolder, *flag, found);
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
