#include "tile_summary_panel.h"

#include <QHeaderView>

namespace mapsmith::widgets {

TileSummaryPanel::TileSummaryPanel(QWidget* parent) : QTreeWidget(parent) {
    setColumnCount(2);
    setHeaderLabels({tr("Property"), tr("Value")});
    setRootIsDecorated(true);
    setAlternatingRowColors(true);
    header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    setObjectName(QStringLiteral("tileSummaryPanel"));
}

void TileSummaryPanel::clearSummary() {
    clear();
}

void TileSummaryPanel::showSummary(const core::TileSummary& s, bool bigAlpha, const QString& alphaSource,
                                   const QStringList& warnings) {
    clear();
    auto group = [this](const QString& title) {
        auto* item = new QTreeWidgetItem(this, {title});
        QFont f = item->font(0);
        f.setBold(true);
        item->setFont(0, f);
        item->setExpanded(true);
        return item;
    };
    auto row = [](QTreeWidgetItem* parent, const QString& label, const QString& value) {
        new QTreeWidgetItem(parent, {label, value});
    };
    auto* terrain = group(tr("Terrain"));
    row(terrain, tr("Height range"),
        tr("%1 .. %2 yd").arg(double(s.minHeight), 0, 'f', 2).arg(double(s.maxHeight), 0, 'f', 2));
    row(terrain, tr("Chunks with holes"), QString::number(s.chunksWithHoles));
    row(terrain, tr("Impassable chunks"), QString::number(s.impassableChunks));
    QStringList areas;
    for (auto a : s.areaIds) {
        areas << QString::number(a);
    }
    row(terrain, tr("Area ids"), areas.join(QStringLiteral(", ")));

    auto* textures = group(tr("Textures"));
    row(textures, tr("Textures"), QString::number(s.textures));
    row(textures, tr("Layers"), QString::number(s.layers));
    row(textures, tr("Most layers in a chunk"), QString::number(s.maxLayersPerChunk));
    row(textures, tr("Alpha maps"), QString::number(s.alphaMaps));
    row(textures, tr("Alpha depth"), tr("%1 (%2)").arg(bigAlpha ? tr("8-bit") : tr("4-bit"), alphaSource));
    row(textures, tr("Alpha encodings"),
        tr("%1 4-bit, %2 8-bit, %3 compressed").arg(s.alphaFourBit).arg(s.alphaEightBit).arg(s.alphaRle));
    // Present with the MCNK flag clear: kept, ignored by the game (and the viewport).
    const auto withDisabled = [this](int inUse, int disabled) {
        return disabled == 0 ? QString::number(inUse) : tr("%1 (+%2 disabled)").arg(inUse).arg(disabled);
    };
    row(textures, tr("Chunks with shadows"), withDisabled(s.chunksWithShadow, s.chunksWithShadowDisabled));
    row(textures, tr("Chunks with vertex colours"),
        withDisabled(s.chunksWithVertexColors, s.chunksWithVertexColorsDisabled));

    auto* objects = group(tr("Objects"));
    row(objects, tr("Doodads"), QString::number(s.doodads));
    row(objects, tr("Map objects"), QString::number(s.mapObjects));
    row(objects, tr("Model names"), QString::number(s.modelNames));
    row(objects, tr("WMO names"), QString::number(s.wmoNames));

    auto* liquid = group(tr("Liquid"));
    row(liquid, tr("Chunks with liquid"), QString::number(s.liquidChunks));
    row(liquid, tr("Liquid instances"), QString::number(s.liquidInstances));
    row(liquid, tr("Chunks with MCLQ data"), QString::number(s.mclqChunks));

    if (!warnings.isEmpty()) {
        auto* w = group(tr("Warnings (%1)").arg(warnings.size()));
        for (const auto& text : warnings) {
            row(w, tr("Warning"), text);
        }
    }
}

QString TileSummaryPanel::valueOf(const QString& label) const {
    // Rows only: a group title ("Textures") can share its text with one of its rows.
    for (const QTreeWidgetItem* item : findItems(label, Qt::MatchExactly | Qt::MatchRecursive, 0)) {
        if (item->parent() != nullptr) {
            return item->text(1);
        }
    }
    return {};
}

} // namespace mapsmith::widgets
