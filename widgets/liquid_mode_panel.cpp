#include "widgets/liquid_mode_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QSettings>
#include <QSignalBlocker>

namespace mapsmith::widgets {

LiquidModePanel::LiquidModePanel(QWidget* parent) : ModePanel(QStringLiteral("liquidModePanel"), parent) {
    mSettings.heightFromStart = true;
    mSettings.height = 1.0;
    mMode = new QComboBox(this);
    mMode->setObjectName(QStringLiteral("liquidModeCombo"));
    mMode->addItem(tr("Add liquid"), int(core::LiquidMode::Add));
    mMode->addItem(tr("Remove liquid"), int(core::LiquidMode::Remove));
    mMode->addItem(tr("Set height"), int(core::LiquidMode::SetHeight));
    mMode->addItem(tr("Set type"), int(core::LiquidMode::SetType));
    mMode->addItem(tr("Set depth from terrain"), int(core::LiquidMode::SetDepth));
    form()->addRow(tr("Brush:"), mMode);
    mType = new QComboBox(this);
    mType->setObjectName(QStringLiteral("liquidTypeCombo"));
    mType->addItem(tr("Water"), int(core::liquid_type::Water));
    mType->addItem(tr("Ocean"), int(core::liquid_type::Ocean));
    mType->addItem(tr("Magma"), int(core::liquid_type::Magma));
    mType->addItem(tr("Slime"), int(core::liquid_type::Slime));
    form()->addRow(tr("Type:"), mType);
    mHeight = makeSpin(QStringLiteral("liquidHeightSpin"), -5000.0, 5000.0, 2, tr(" yd"));
    form()->addRow(tr("Surface:"), mHeight);
    mFromStart = new QCheckBox(tr("above the terrain where the stroke starts"), this);
    mFromStart->setObjectName(QStringLiteral("liquidFromStartCheck"));
    form()->addRow(QString(), mFromStart);
    mAngle = makeSpin(QStringLiteral("liquidAngleSpin"), -89.0, 89.0, 1, QStringLiteral("°"));
    mAngle->setToolTip(tr("0° gives a flat surface; otherwise it rises towards the orientation (rivers)"));
    form()->addRow(tr("Slope:"), mAngle);
    mOrientation = makeSpin(QStringLiteral("liquidOrientationSpin"), 0.0, 360.0, 0, QStringLiteral("°"));
    mOrientation->setToolTip(tr("Direction the surface rises: 0° north, 90° west"));
    form()->addRow(tr("Towards:"), mOrientation);

    auto emitChange = [this] { emit settingsChanged(mSettings); };
    connect(mMode, &QComboBox::activated, this, [this, emitChange](int i) {
        mSettings.mode = core::LiquidMode(mMode->itemData(i).toInt());
        emitChange();
    });
    connect(mType, &QComboBox::activated, this, [this, emitChange](int i) {
        mSettings.liquidType = std::uint16_t(mType->itemData(i).toInt());
        emitChange();
    });
    connect(mHeight, &QDoubleSpinBox::valueChanged, this, [this, emitChange](double v) {
        mSettings.height = v;
        emitChange();
    });
    connect(mFromStart, &QCheckBox::toggled, this, [this, emitChange](bool on) {
        mSettings.heightFromStart = on;
        emitChange();
    });
    connect(mAngle, &QDoubleSpinBox::valueChanged, this, [this, emitChange](double v) {
        mSettings.angle = v;
        mSettings.heightMode = v == 0.0 ? core::LiquidHeightMode::Flat : core::LiquidHeightMode::Plane;
        emitChange();
    });
    connect(mOrientation, &QDoubleSpinBox::valueChanged, this, [this, emitChange](double v) {
        mSettings.orientation = v;
        emitChange();
    });
    showSettings();
}

void LiquidModePanel::setSettings(const core::LiquidSettings& settings) {
    mSettings = settings;
    showSettings();
}

void LiquidModePanel::showSettings() {
    const QSignalBlocker b1(mMode), b2(mType), b3(mHeight), b4(mFromStart), b5(mAngle), b6(mOrientation);
    mMode->setCurrentIndex(std::max(0, mMode->findData(int(mSettings.mode))));
    mType->setCurrentIndex(std::max(0, mType->findData(int(mSettings.liquidType))));
    mHeight->setValue(mSettings.height);
    mFromStart->setChecked(mSettings.heightFromStart);
    mAngle->setValue(mSettings.heightMode == core::LiquidHeightMode::Plane ? mSettings.angle : 0.0);
    mOrientation->setValue(mSettings.orientation);
}

void LiquidModePanel::saveTo(QSettings& store) const {
    store.beginGroup(QStringLiteral("liquidMode"));
    store.setValue(QStringLiteral("mode"), int(mSettings.mode));
    store.setValue(QStringLiteral("type"), int(mSettings.liquidType));
    store.setValue(QStringLiteral("height"), mSettings.height);
    store.setValue(QStringLiteral("fromStart"), mSettings.heightFromStart);
    store.setValue(QStringLiteral("angle"),
                   mSettings.heightMode == core::LiquidHeightMode::Plane ? mSettings.angle : 0.0);
    store.setValue(QStringLiteral("orientation"), mSettings.orientation);
    store.endGroup();
}

void LiquidModePanel::loadFrom(QSettings& store) {
    store.beginGroup(QStringLiteral("liquidMode"));
    const int mode = store.value(QStringLiteral("mode"), int(mSettings.mode)).toInt();
    if (mode >= int(core::LiquidMode::Add) && mode <= int(core::LiquidMode::SetDepth)) {
        mSettings.mode = core::LiquidMode(mode);
    }
    mSettings.liquidType =
        std::uint16_t(store.value(QStringLiteral("type"), int(mSettings.liquidType)).toInt());
    mSettings.height = store.value(QStringLiteral("height"), mSettings.height).toDouble();
    mSettings.heightFromStart = store.value(QStringLiteral("fromStart"), mSettings.heightFromStart).toBool();
    mSettings.angle = std::clamp(store.value(QStringLiteral("angle"), 0.0).toDouble(), -89.0, 89.0);
    mSettings.heightMode =
        mSettings.angle == 0.0 ? core::LiquidHeightMode::Flat : core::LiquidHeightMode::Plane;
    mSettings.orientation = store.value(QStringLiteral("orientation"), mSettings.orientation).toDouble();
    store.endGroup();
    showSettings();
}

} // namespace mapsmith::widgets
