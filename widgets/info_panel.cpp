#include "widgets/info_panel.h"

#include "widgets/chunk_layers_panel.h"
#include "widgets/selection_text.h"

#include "core/document/map_document.h"
#include "core/geometry/chunk_height.h"

#include <QFormLayout>
#include <QLabel>
#include <QStringList>
#include <QVBoxLayout>

namespace mapsmith::widgets {
namespace {

const QString kNone = QStringLiteral("—");

QLabel* valueLabel(const QString& objectName, QWidget* parent) {
    auto* label = new QLabel(kNone, parent);
    label->setObjectName(objectName);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QString chunkFlagsText(const io::MapChunk& chunk) {
    QStringList names;
    if (chunk.flags & io::mcnk_flags::Impassable) {
        names << QObject::tr("impassable");
    }
    if (chunk.holesLowRes != 0 || ((chunk.flags & io::mcnk_flags::HighResHoles) && chunk.holesHighRes != 0)) {
        names << ((chunk.flags & io::mcnk_flags::HighResHoles) ? QObject::tr("high-res holes")
                                                               : QObject::tr("holes"));
    }
    if (io::shadowInUse(chunk)) {
        names << QObject::tr("shadow map");
    } else if (chunk.shadow) {
        names << QObject::tr("shadow map (disabled)");
    }
    if (io::vertexColoursInUse(chunk)) {
        names << QObject::tr("vertex colours");
    } else if (chunk.vertexColors) {
        names << QObject::tr("vertex colours (disabled)");
    }
    return names.isEmpty() ? QObject::tr("none") : names.join(QStringLiteral(", "));
}

} // namespace

QString yardsText(double yards) {
    return QStringLiteral("%1 yd").arg(yards, 0, 'f', 2);
}

InfoPanel::InfoPanel(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("infoPanel"));
    auto* layout = new QVBoxLayout(this);
    mStatus = new QLabel(this);
    mStatus->setObjectName(QStringLiteral("statusLabel"));
    QFont bold = mStatus->font();
    bold.setBold(true);
    mStatus->setFont(bold);
    layout->addWidget(mStatus);

    auto* form = new QFormLayout;
    form->setLabelAlignment(Qt::AlignRight | Qt::AlignVCenter);
    form->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint); // numbers in one right-aligned column
    mX = valueLabel(QStringLiteral("positionXValue"), this);
    mY = valueLabel(QStringLiteral("positionYValue"), this);
    mZ = valueLabel(QStringLiteral("positionZValue"), this);
    mTile = valueLabel(QStringLiteral("tileValue"), this);
    mChunk = valueLabel(QStringLiteral("chunkValue"), this);
    mArea = valueLabel(QStringLiteral("areaIdValue"), this);
    mHeight = valueLabel(QStringLiteral("heightValue"), this);
    mFlags = valueLabel(QStringLiteral("chunkFlagsValue"), this);
    mFlags->setWordWrap(true);
    mStatus->hide();
    for (QLabel* l : {mX, mY, mZ, mHeight}) {
        l->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        l->setMinimumWidth(l->fontMetrics().horizontalAdvance(QStringLiteral("-17066.67 yd")));
    }
    auto* xLabel = new QLabel(tr("X (north):"), this);
    xLabel->setToolTip(tr("World coordinates in yards: x points north, y west, z up"));
    form->addRow(xLabel, mX);
    form->addRow(tr("Y (west):"), mY);
    form->addRow(tr("Z (up):"), mZ);
    form->addRow(tr("Terrain height:"), mHeight);
    form->addRow(tr("Tile:"), mTile);
    form->addRow(tr("Chunk:"), mChunk);
    form->addRow(tr("Area id:"), mArea);
    form->addRow(tr("Chunk flags:"), mFlags);
    layout->addLayout(form);

    auto* layersTitle = new QLabel(tr("Texture layers"), this);
    layersTitle->setFont(bold);
    layout->addWidget(layersTitle);
    mLayers = new ChunkLayersPanel(this);
    layout->addWidget(mLayers, 1);

    mSelection = new QWidget(this);
    mSelection->setObjectName(QStringLiteral("selectionSection"));
    auto* selectionForm = new QFormLayout(mSelection);
    selectionForm->setContentsMargins(0, 0, 0, 0);
    selectionForm->setLabelAlignment(Qt::AlignRight | Qt::AlignVCenter);
    mSelectionHeading = valueLabel(QStringLiteral("selectionHeading"), mSelection);
    mSelectionHeading->setFont(bold);
    selectionForm->addRow(mSelectionHeading);
    mSelectionModel = valueLabel(QStringLiteral("selectionModelValue"), mSelection);
    mSelectionFile = valueLabel(QStringLiteral("selectionFileValue"), mSelection);
    mSelectionTriangles = valueLabel(QStringLiteral("selectionTrianglesValue"), mSelection);
    mSelectionIds = valueLabel(QStringLiteral("selectionUniqueIdValue"), mSelection);
    mSelectionDoodadSet = valueLabel(QStringLiteral("selectionDoodadSetValue"), mSelection);
    for (QLabel* l : {mSelectionModel, mSelectionFile}) {
        l->setWordWrap(true);
    }
    selectionForm->addRow(tr("Model:"), mSelectionModel);
    selectionForm->addRow(tr("File:"), mSelectionFile);
    selectionForm->addRow(tr("Triangles:"), mSelectionTriangles);
    selectionForm->addRow(tr("Unique id:"), mSelectionIds);
    selectionForm->addRow(tr("Doodad set:"), mSelectionDoodadSet);
    layout->addWidget(mSelection);
    mSelection->hide();
    clearValues(false);
    setStatus(tr("Off the map"));
}

void InfoPanel::setStatus(const QString& text) {
    mStatus->setText(text);
    mStatus->setVisible(!text.isEmpty());
}

void InfoPanel::showSelection(const core::SelectionInfo& info) {
    mSelection->setVisible(!info.objects.empty());
    mSelectionHeading->setText(info.objects.size() == 1 ? tr("Selected: %1").arg(selectionHeading(info))
                                                        : selectionHeading(info));
    mSelectionModel->setText(selectionModelText(info));
    mSelectionFile->setText(selectionFileText(info));
    mSelectionTriangles->setText(trianglesText(info));
    mSelectionIds->setText(uniqueIdsText(info));
    mSelectionDoodadSet->setText(selectionDoodadSetText(info));
}

bool InfoPanel::selectionShown() const {
    return !mSelection->isHidden();
}

QString InfoPanel::status() const {
    return mStatus->text();
}

void InfoPanel::clearValues(bool keepTile) {
    for (QLabel* l : {mX, mY, mZ, mChunk, mArea, mHeight, mFlags}) {
        l->setText(kNone);
    }
    if (!keepTile) {
        mTile->setText(kNone);
    }
    mLayers->clearChunk();
}

void InfoPanel::showPosition(const core::MapDocument& doc, std::optional<glm::dvec3> world) {
    const glm::dvec2 xy = world ? glm::dvec2(world->x, world->y) : glm::dvec2(0.0);
    const core::TileCoord tile = core::tileAt(xy);
    if (!world || !tile.valid()) {
        clearValues(false);
        setStatus(tr("Off the map"));
        return;
    }
    clearValues(true);
    mX->setText(yardsText(world->x));
    mY->setText(yardsText(world->y));
    mZ->setText(yardsText(world->z));
    const core::ChunkCoord c = core::chunkAt(xy);
    mTile->setText(QStringLiteral("%1_%2").arg(tile.x).arg(tile.y));
    mChunk->setText(tr("col %1, row %2 · index %3").arg(c.col).arg(c.row).arg(c.index()));
    const io::Adt* adt = doc.tile(tile);
    if (!adt) {
        setStatus(doc.tileExists(tile) ? tr("Tile not loaded") : tr("No tile here"));
        return;
    }
    setStatus(QString());
    const io::MapChunk* chunk = doc.chunk(c);
    if (!chunk) {
        return;
    }
    mArea->setText(QString::number(chunk->areaId));
    mFlags->setText(chunkFlagsText(*chunk));
    if (const auto h = doc.heightAt(xy)) {
        mHeight->setText(core::chunkHoleAt(*chunk, xy) ? tr("%1 (hole)").arg(yardsText(*h)) : yardsText(*h));
    }
    mLayers->showChunk(*adt, *chunk);
}

} // namespace mapsmith::widgets
