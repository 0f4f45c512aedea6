#include "widgets/placement_options_panel.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QRadioButton>
#include <QSignalBlocker>

namespace mapsmith::widgets {

namespace {
// MDDF scale is 1024 = 1.0 in 16 bits: 1/1024 .. 64.
constexpr double kScaleMin = 0.01;
constexpr double kScaleMax = 63.99;
} // namespace

PlacementOptionsPanel::PlacementOptionsPanel(QWidget* parent)
    : ModePanel(QStringLiteral("placementOptionsPanel"), parent) {
    mRandomHeading = new QCheckBox(tr("Random heading"), this);
    mRandomHeading->setObjectName(QStringLiteral("placeRandomHeading"));
    mRandomHeading->setToolTip(tr("Turn each new model to a random heading (otherwise it faces south)"));
    form()->addRow(tr("Heading:"), mRandomHeading);

    auto* scaleRow = new QWidget(this);
    auto* scaleLayout = new QHBoxLayout(scaleRow);
    scaleLayout->setContentsMargins(0, 0, 0, 0);
    mScaleMin = makeSpin(QStringLiteral("placeScaleMin"), kScaleMin, kScaleMax, 2, QString());
    mScaleMax = makeSpin(QStringLiteral("placeScaleMax"), kScaleMin, kScaleMax, 2, QString());
    mScaleMin->setSingleStep(0.05);
    mScaleMax->setSingleStep(0.05);
    mScaleMin->setToolTip(tr("Each new doodad gets a scale drawn between these (WMOs always have 1)"));
    mScaleMax->setToolTip(mScaleMin->toolTip());
    scaleLayout->addWidget(mScaleMin, 1);
    scaleLayout->addWidget(new QLabel(tr("to"), scaleRow));
    scaleLayout->addWidget(mScaleMax, 1);
    form()->addRow(tr("Scale:"), scaleRow);

    mTilt = makeSpin(QStringLiteral("placeMaxTilt"), 0.0, 90.0, 1, tr(" °"));
    mTilt->setToolTip(tr("Lean each new model by a random angle up to this, in any direction"));
    form()->addRow(tr("Random tilt:"), mTilt);

    mUpright = addRadioPair(tr("Up axis:"), QStringLiteral("placeUpright"), tr("Keep upright"),
                            QStringLiteral("placeFollowSlope"), tr("Follow slope"), [this](bool upright) {
                                mSettings.followSlope = !upright;
                                emit settingsChanged(mSettings);
                            });
    mUpright.second->setToolTip(tr("Stand new models on the terrain, their up axis along its normal"));

    mSnap = new QCheckBox(tr("Snap to ground"), this);
    mSnap->setObjectName(QStringLiteral("placeSnapToGround"));
    mSnap->setToolTip(tr("Put new models on the terrain under the cursor (otherwise at the clicked point)"));
    form()->addRow(tr("Height:"), mSnap);

    // Each control changes its own field only (the others keep their values exactly as set).
    const auto bindSpin = [this](QDoubleSpinBox* spin, double core::PlacementOptions::*field) {
        connect(spin, &QDoubleSpinBox::valueChanged, this, [this, field](double value) {
            mSettings.*field = value;
            emit settingsChanged(mSettings);
        });
    };
    bindSpin(mScaleMin, &core::PlacementOptions::scaleMin);
    bindSpin(mScaleMax, &core::PlacementOptions::scaleMax);
    bindSpin(mTilt, &core::PlacementOptions::maxTiltDegrees);
    const auto bindBox = [this](QCheckBox* box, bool core::PlacementOptions::*field) {
        connect(box, &QCheckBox::toggled, this, [this, field](bool on) {
            mSettings.*field = on;
            emit settingsChanged(mSettings);
        });
    };
    bindBox(mRandomHeading, &core::PlacementOptions::randomHeading);
    bindBox(mSnap, &core::PlacementOptions::snapToGround);
    showSettings();
}

void PlacementOptionsPanel::setSettings(const core::PlacementOptions& settings) {
    mSettings = settings;
    showSettings();
}

void PlacementOptionsPanel::showSettings() {
    const QSignalBlocker b1(mRandomHeading);
    const QSignalBlocker b2(mScaleMin);
    const QSignalBlocker b3(mScaleMax);
    const QSignalBlocker b4(mTilt);
    const QSignalBlocker b5(mSnap);
    mRandomHeading->setChecked(mSettings.randomHeading);
    mScaleMin->setValue(mSettings.scaleMin);
    mScaleMax->setValue(mSettings.scaleMax);
    mTilt->setValue(mSettings.maxTiltDegrees);
    mUpright.set(!mSettings.followSlope);
    mSnap->setChecked(mSettings.snapToGround);
}

} // namespace mapsmith::widgets
