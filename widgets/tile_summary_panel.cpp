#include "widgets/tile_summary_panel.h"

#include <QHeaderView>
#include <QResizeEvent>
#include <QStyledItemDelegate>

#include <algorithm>

namespace mapsmith::widgets {

namespace {

int depthOf(const QModelIndex& index) {
    int depth = 0;
    for (QModelIndex p = index.parent(); p.isValid(); p = p.parent()) {
        ++depth;
    }
    return depth;
}

// Wraps a cell's text to its column's width: the row's height hint is the wrapped text's height. (The
// tree asks for row heights with no width, which would keep every row one line high.)
class WrappingDelegate final : public QStyledItemDelegate {
public:
    explicit WrappingDelegate(QTreeView* view) : QStyledItemDelegate(view), mView(view) {}

    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override {
        QStyleOptionViewItem wrapped(option);
        int width = mView->columnWidth(index.column());
        if (index.column() == 0) {
            // The branch area left of the text: one indentation per level, plus the root decoration.
            width -= mView->indentation() * (depthOf(index) + (mView->rootIsDecorated() ? 1 : 0));
        }
        // Any height: the style wraps only within a valid (non-empty) rectangle.
        wrapped.rect = QRect(0, 0, std::max(width, 1), 1 << 16);
        wrapped.features |= QStyleOptionViewItem::WrapText;
        return QStyledItemDelegate::sizeHint(wrapped, index);
    }

private:
    QTreeView* mView;
};

} // namespace

TileSummaryPanel::TileSummaryPanel(QWidget* parent) : QTreeWidget(parent) {
    setColumnCount(2);
    setHeaderLabels({tr("Property"), tr("Value")});
    setRootIsDecorated(true);
    setIndentation(12);
    setAlternatingRowColors(true);
    setWordWrap(true);
    setTextElideMode(Qt::ElideNone);
    setUniformRowHeights(false);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // text wraps instead
    setItemDelegate(new WrappingDelegate(this));
    header()->setStretchLastSection(true);
    header()->setSectionResizeMode(0, QHeaderView::Interactive);
    // Row heights depend on the column widths: lay the rows out again when a column changes.
    connect(header(), &QHeaderView::sectionResized, this, [this] { scheduleDelayedItemsLayout(); });
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
        item->setFirstColumnSpanned(true);
        return item;
    };
    auto row = [](QTreeWidgetItem* parent, const QString& label, const QString& value) {
        auto* item = new QTreeWidgetItem(parent, {label, value});
        item->setToolTip(0, label);
        item->setToolTip(1, value);
    };
    const auto chunks = [](int n) { return n == 1 ? tr("1 chunk") : tr("%1 chunks").arg(n); };
    // Present with the MCNK flag clear: kept, ignored by the game (and the viewport).
    const auto withDisabled = [&chunks](int inUse, int disabled) {
        return disabled == 0 ? chunks(inUse) : tr("%1 (+%2 disabled)").arg(chunks(inUse)).arg(disabled);
    };

    auto* terrain = group(tr("Terrain"));
    // U+2013 EN DASH between the lowest and highest point.
    row(terrain, tr("Height range"),
        tr("%1 \u2013 %2 yd").arg(double(s.minHeight), 0, 'f', 2).arg(double(s.maxHeight), 0, 'f', 2));
    row(terrain, tr("Holes"), chunks(s.chunksWithHoles));
    row(terrain, tr("Impassable"), chunks(s.impassableChunks));
    QStringList areas;
    for (auto a : s.areaIds) {
        areas << QString::number(a);
    }
    row(terrain, tr("Area ids"), areas.join(QStringLiteral(", ")));

    auto* textures = group(tr("Textures"));
    row(textures, tr("Textures"), QString::number(s.textures));
    row(textures, tr("Layers"), QString::number(s.layers));
    row(textures, tr("Most per chunk"),
        s.maxLayersPerChunk == 1 ? tr("1 layer") : tr("%1 layers").arg(s.maxLayersPerChunk));
    row(textures, tr("Alpha maps"), QString::number(s.alphaMaps));
    row(textures, tr("Alpha depth"), bigAlpha ? tr("8-bit") : tr("4-bit"));
    row(textures, tr("Depth from"), alphaSource);
    // Only the encodings present: most tiles use one.
    QStringList encodings;
    if (s.alphaFourBit > 0) {
        encodings << tr("%1 4-bit").arg(s.alphaFourBit);
    }
    if (s.alphaEightBit > 0) {
        encodings << tr("%1 8-bit").arg(s.alphaEightBit);
    }
    if (s.alphaRle > 0) {
        encodings << tr("%1 compressed").arg(s.alphaRle);
    }
    row(textures, tr("Encodings"), encodings.isEmpty() ? tr("none") : encodings.join(QStringLiteral(", ")));
    row(textures, tr("Shadows"), withDisabled(s.chunksWithShadow, s.chunksWithShadowDisabled));
    row(textures, tr("Vertex colours"),
        withDisabled(s.chunksWithVertexColors, s.chunksWithVertexColorsDisabled));

    auto* objects = group(tr("Objects"));
    row(objects, tr("Doodads"), QString::number(s.doodads));
    row(objects, tr("Map objects"), QString::number(s.mapObjects));
    row(objects, tr("Model names"), QString::number(s.modelNames));
    row(objects, tr("WMO names"), QString::number(s.wmoNames));

    auto* liquid = group(tr("Liquid"));
    row(liquid, tr("With liquid"), chunks(s.liquidChunks));
    row(liquid, tr("Instances"), QString::number(s.liquidInstances));
    row(liquid, tr("MCLQ data"), chunks(s.mclqChunks));

    if (!warnings.isEmpty()) {
        auto* w = group(tr("Warnings (%1)").arg(warnings.size()));
        for (const auto& text : warnings) {
            row(w, tr("Warning"), text);
        }
    }
    fitColumns();
}

void TileSummaryPanel::resizeEvent(QResizeEvent* event) {
    QTreeWidget::resizeEvent(event);
    fitColumns();
}

void TileSummaryPanel::fitColumns() {
    const int margin = 2 * (style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, this) + 1);
    int labels = 0;
    for (QTreeWidgetItemIterator it(this); *it; ++it) {
        const QTreeWidgetItem* item = *it;
        if (item->isFirstColumnSpanned()) {
            continue; // group titles span both columns
        }
        int depth = 0;
        for (const QTreeWidgetItem* p = item->parent(); p; p = p->parent()) {
            ++depth;
        }
        const int indent = indentation() * (depth + (rootIsDecorated() ? 1 : 0));
        labels =
            std::max(labels, QFontMetrics(item->font(0)).horizontalAdvance(item->text(0)) + indent + margin);
    }
    const int view = viewport()->width();
    setColumnWidth(0, std::max(1, std::min(labels + 4, view / 2)));
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
