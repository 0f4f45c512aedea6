#pragma once
// The texture layers of one chunk as a list: slot, texture (file name; full path in the tooltip), how
// much of the chunk it covers and its MCLY flags. Activating a row (double-click, Enter) emits the
// texture's path, so the texture tool can pick it up.

#include "core/kernels/alpha_kernels.h"
#include "io/adt/adt.h"

#include <QTreeWidget>

#include <array>
#include <memory>

namespace mapsmith::widgets {

// Fraction (0..1) of the chunk each layer covers (core::layerUsage of its alpha maps; a layer after
// the first without an alpha map covers nothing). Unused slots are 0.
std::array<double, core::kMaxTextureLayers> chunkLayerUsage(const io::MapChunk& chunk);
// "alpha, compressed, overbright, animated, reflection" for the set MCLY flags; "none" when 0.
QString layerFlagsText(std::uint32_t flags);

class ChunkLayersPanel : public QTreeWidget {
    Q_OBJECT
public:
    enum Column { SlotColumn, TextureColumn, UsageColumn, FlagsColumn };
    static constexpr int kPathRole = Qt::UserRole; // TextureColumn: the full MTEX path

    explicit ChunkLayersPanel(QWidget* parent = nullptr);

    void showChunk(const io::Adt& tile, const io::MapChunk& chunk);
    void clearChunk();

    QSize sizeHint() const override { return {320, 120}; }

signals:
    void textureActivated(const QString& path);
};

} // namespace mapsmith::widgets
