#include "widgets/tile_block_fields.h"

#include "core/convert/terrain_block.h"

#include <QGridLayout>
#include <QLabel>
#include <QSpinBox>

#include <algorithm>

namespace mapsmith::widgets {

TileBlockFields::TileBlockFields(QWidget* parent) : QWidget(parent) {
    const auto spin = [this](const char* name, int min, int max, const QString& tip) {
        auto* s = new QSpinBox(this);
        s->setObjectName(QLatin1String(name));
        s->setRange(min, max);
        s->setToolTip(tip);
        connect(s, &QSpinBox::valueChanged, this, &TileBlockFields::update);
        return s;
    };
    mFirstX = spin("blockFirstX", 0, core::kTilesPerSide - 1,
                   tr("The block's west column of tiles (X grows east)"));
    mFirstY =
        spin("blockFirstY", 0, core::kTilesPerSide - 1, tr("The block's north row of tiles (Y grows south)"));
    mTilesX = spin("blockTilesX", 1, core::kTilesPerSide, tr("Tiles from west to east"));
    mTilesY = spin("blockTilesY", 1, core::kTilesPerSide, tr("Tiles from north to south"));
    mSummary = new QLabel(this);
    mSummary->setObjectName(QStringLiteral("blockSummary"));

    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(new QLabel(tr("North-west tile X"), this), 0, 0);
    grid->addWidget(mFirstX, 0, 1);
    grid->addWidget(new QLabel(tr("Y"), this), 0, 2);
    grid->addWidget(mFirstY, 0, 3);
    grid->addWidget(new QLabel(tr("Tiles across"), this), 1, 0);
    grid->addWidget(mTilesX, 1, 1);
    grid->addWidget(new QLabel(tr("down"), this), 1, 2);
    grid->addWidget(mTilesY, 1, 3);
    grid->addWidget(mSummary, 2, 0, 1, 4);
    update();
}

core::TileBlock TileBlockFields::block() const {
    core::TileBlock b;
    b.first = {mFirstX->value(), mFirstY->value()};
    b.tilesX = std::min(mTilesX->value(), core::kTilesPerSide - b.first.x);
    b.tilesY = std::min(mTilesY->value(), core::kTilesPerSide - b.first.y);
    return b;
}

void TileBlockFields::setBlock(const core::TileBlock& block) {
    mSetting = true;
    mTilesX->setMaximum(core::kTilesPerSide);
    mTilesY->setMaximum(core::kTilesPerSide);
    mFirstX->setValue(block.first.x);
    mFirstY->setValue(block.first.y);
    mTilesX->setValue(block.tilesX);
    mTilesY->setValue(block.tilesY);
    mSetting = false;
    update();
}

void TileBlockFields::update() {
    if (mSetting) {
        return;
    }
    // The size stops at the map's edge.
    mTilesX->setMaximum(core::kTilesPerSide - mFirstX->value());
    mTilesY->setMaximum(core::kTilesPerSide - mFirstY->value());
    const core::TileBlock b = block();
    mSummary->setText(tr("Tiles %1: %2 x %3 vertices")
                          .arg(core::tileBlockText(b))
                          .arg(b.latticeWidth())
                          .arg(b.latticeHeight()));
    emit blockChanged(b);
}

} // namespace mapsmith::widgets
