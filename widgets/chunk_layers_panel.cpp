#include "widgets/chunk_layers_panel.h"

#include "widgets/texture_mode_panel.h"

#include <QHeaderView>
#include <QStringList>

namespace mapsmith::widgets {

std::array<double, core::kMaxTextureLayers> chunkLayerUsage(const io::MapChunk& chunk) {
    static const io::AlphaMap kEmpty{};
    std::array<double, core::kMaxTextureLayers> usage{};
    const int count = std::min<int>(int(chunk.layers.size()), core::kMaxTextureLayers);
    if (count == 0) {
        return usage;
    }
    std::array<const io::AlphaMap*, core::kMaxTextureLayers - 1> alphas{};
    for (int i = 1; i < count; ++i) {
        const auto& layer = chunk.layers[std::size_t(i)];
        alphas[std::size_t(i - 1)] = layer.hasAlpha ? &layer.alpha : &kEmpty;
    }
    auto weights = std::make_unique<core::ChunkWeights>();
    core::weightsFromAlpha(std::span<const io::AlphaMap* const>(alphas.data(), std::size_t(count - 1)),
                           *weights);
    return core::layerUsage(*weights);
}

QString layerFlagsText(std::uint32_t flags) {
    QStringList names;
    if (flags & io::mcly_flags::UseAlphaMap) {
        names << QObject::tr("alpha");
    }
    if (flags & io::mcly_flags::AlphaCompressed) {
        names << QObject::tr("compressed");
    }
    if (flags & io::mcly_flags::Overbright) {
        names << QObject::tr("overbright");
    }
    if (flags & 0x40u) { // animation enabled
        names << QObject::tr("animated");
    }
    if (flags & io::mcly_flags::UseCubeMapReflection) {
        names << QObject::tr("reflection");
    }
    return names.isEmpty() ? QObject::tr("none") : names.join(QStringLiteral(", "));
}

ChunkLayersPanel::ChunkLayersPanel(QWidget* parent) : QTreeWidget(parent) {
    setObjectName(QStringLiteral("chunkLayers"));
    setColumnCount(4);
    setHeaderLabels({tr("#"), tr("Texture"), tr("Usage"), tr("Flags")});
    setRootIsDecorated(false);
    setUniformRowHeights(true);
    setAlternatingRowColors(true);
    setSelectionMode(QAbstractItemView::SingleSelection);
    header()->setStretchLastSection(false);
    header()->setSectionResizeMode(SlotColumn, QHeaderView::ResizeToContents);
    header()->setSectionResizeMode(TextureColumn, QHeaderView::Stretch);
    header()->setSectionResizeMode(UsageColumn, QHeaderView::ResizeToContents);
    header()->setSectionResizeMode(FlagsColumn, QHeaderView::ResizeToContents);
    headerItem()->setTextAlignment(UsageColumn, Qt::AlignRight | Qt::AlignVCenter);
    connect(this, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        const QString path = item->data(TextureColumn, kPathRole).toString();
        if (!path.isEmpty()) {
            emit textureActivated(path);
        }
    });
}

void ChunkLayersPanel::clearChunk() {
    clear();
}

void ChunkLayersPanel::showChunk(const io::Adt& tile, const io::MapChunk& chunk) {
    clear();
    const auto usage = chunkLayerUsage(chunk);
    for (std::size_t i = 0; i < chunk.layers.size(); ++i) {
        const auto& layer = chunk.layers[i];
        auto* item = new QTreeWidgetItem(this);
        item->setText(SlotColumn, QString::number(i));
        if (layer.textureIndex < tile.textures.size()) {
            const QString path = QString::fromStdString(tile.textures[layer.textureIndex]);
            item->setText(TextureColumn, splitTexturePath(path).first);
            item->setToolTip(TextureColumn, path);
            item->setData(TextureColumn, kPathRole, path);
        } else {
            item->setText(TextureColumn, tr("(missing texture %1)").arg(layer.textureIndex));
        }
        const double percent = i < usage.size() ? usage[i] * 100.0 : 0.0;
        item->setText(UsageColumn, QStringLiteral("%1 %").arg(percent, 0, 'f', 1));
        item->setTextAlignment(UsageColumn, Qt::AlignRight | Qt::AlignVCenter);
        // The flags a save writes (the alpha bits follow the layer's map at once, not only after a save).
        const std::uint32_t flags = io::writtenLayerFlags(layer);
        item->setText(FlagsColumn, layerFlagsText(flags));
        item->setToolTip(FlagsColumn, QStringLiteral("0x%1").arg(flags, 3, 16, QLatin1Char('0')));
    }
}

} // namespace mapsmith::widgets
