#include "widgets/bake_shadows_dialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

#include <cmath>

namespace mapsmith::widgets {

BakeShadowsDialog::BakeShadowsDialog(QWidget* parent) : QDialog(parent) {
    setObjectName(QStringLiteral("bakeShadowsDialog"));
    setWindowTitle(tr("Bake Shadows"));

    mAzimuth = new QDoubleSpinBox(this);
    mAzimuth->setObjectName(QStringLiteral("azimuthSpin"));
    mAzimuth->setRange(0.0, 360.0);
    mAzimuth->setWrapping(true);
    mAzimuth->setDecimals(1);
    mAzimuth->setSuffix(QStringLiteral("°"));
    mAzimuth->setToolTip(tr("Where the sun stands, clockwise from north seen from above: 0 north, 90 east, "
                            "180 south, 270 west"));
    mElevation = new QDoubleSpinBox(this);
    mElevation->setObjectName(QStringLiteral("elevationSpin"));
    mElevation->setRange(0.5, 90.0);
    mElevation->setDecimals(1);
    mElevation->setSuffix(QStringLiteral("°"));
    mElevation->setToolTip(tr("The sun's height above the horizon: low suns cast long shadows, 90 none"));

    auto* scope = new QGroupBox(tr("Tiles"), this);
    mWholeMap = new QRadioButton(scope);
    mWholeMap->setObjectName(QStringLiteral("wholeMapRadio"));
    mLoaded = new QRadioButton(scope);
    mLoaded->setObjectName(QStringLiteral("loadedTilesRadio"));
    mCamera = new QRadioButton(scope);
    mCamera->setObjectName(QStringLiteral("cameraTileRadio"));
    auto* scopeLayout = new QVBoxLayout(scope);
    scopeLayout->addWidget(mWholeMap);
    scopeLayout->addWidget(mLoaded);
    scopeLayout->addWidget(mCamera);

    mModels = new QCheckBox(tr("Placed models cast shadows"), this);
    mModels->setObjectName(QStringLiteral("modelShadowsCheck"));
    mModels->setToolTip(tr("Doodads and WMOs (their opaque and alpha-keyed faces, both sides) of the baked "
                           "tiles and their neighbours cast too; needs game data to read the models from"));

    auto* note = new QLabel(tr("Terrain of the neighbouring tiles casts into the baked ones. One undo step; "
                               "save to write it."),
                            this);
    note->setWordWrap(true);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Bake"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* form = new QFormLayout;
    form->addRow(tr("Sun azimuth"), mAzimuth);
    form->addRow(tr("Sun elevation"), mElevation);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(scope);
    layout->addWidget(mModels);
    layout->addWidget(note);
    layout->addWidget(buttons);
    setScopes(0, 0, std::nullopt);
    setChoice({});
}

void BakeShadowsDialog::setScopes(int mapTiles, int loadedTiles, std::optional<core::TileCoord> cameraTile) {
    mWholeMap->setText(tr("Whole map (%n tile(s))", nullptr, mapTiles));
    mLoaded->setText(tr("Loaded tiles (%n)", nullptr, loadedTiles));
    mLoaded->setEnabled(loadedTiles > 0);
    mCamera->setText(cameraTile ? tr("Tile under the camera (%1_%2)").arg(cameraTile->x).arg(cameraTile->y)
                                : tr("Tile under the camera (none)"));
    mCamera->setEnabled(cameraTile.has_value());
    if (!mCamera->isEnabled() && mCamera->isChecked()) {
        mLoaded->setChecked(true);
    }
    if (!mLoaded->isEnabled() && mLoaded->isChecked()) {
        mWholeMap->setChecked(true);
    }
}

void BakeShadowsDialog::setModelsAvailable(bool available) {
    mModels->setEnabled(available);
    mModels->setText(available
                         ? tr("Placed models cast shadows")
                         : tr("Placed models cast shadows (needs game data: Edit > Game Data Folders)"));
}

void BakeShadowsDialog::setChoice(const BakeShadowsChoice& choice) {
    mModels->setChecked(choice.models);
    mAzimuth->setValue(std::fmod(std::fmod(choice.sun.azimuth, 360.0) + 360.0, 360.0));
    mElevation->setValue(choice.sun.elevation);
    QRadioButton* wanted = choice.scope == BakeScope::WholeMap     ? mWholeMap
                           : choice.scope == BakeScope::CameraTile ? mCamera
                                                                   : mLoaded;
    (wanted->isEnabled() ? wanted : mWholeMap)->setChecked(true);
}

BakeShadowsChoice BakeShadowsDialog::choice() const {
    BakeShadowsChoice c;
    c.sun = {mAzimuth->value(), mElevation->value()};
    c.scope = mWholeMap->isChecked() ? BakeScope::WholeMap
              : mCamera->isChecked() ? BakeScope::CameraTile
                                     : BakeScope::LoadedTiles;
    c.models = mModels->isChecked() && mModels->isEnabled();
    return c;
}

} // namespace mapsmith::widgets
