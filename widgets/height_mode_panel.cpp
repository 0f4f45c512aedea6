#include "widgets/height_mode_panel.h"

#include "widgets/settings_io.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QRandomGenerator>
#include <QSettings>
#include <QSignalBlocker>

#include <cmath>

namespace mapsmith::widgets {
namespace {

constexpr settings_io::EnumNames<core::HeightMode, 5> kModeNames{{
    {core::HeightMode::RaiseLower, "raiseLower"},
    {core::HeightMode::Flatten, "flatten"},
    {core::HeightMode::Smooth, "smooth"},
    {core::HeightMode::Noise, "noise"},
    {core::HeightMode::Set, "set"},
}};
constexpr settings_io::EnumNames<core::FlattenTarget, 3> kTargetNames{{
    {core::FlattenTarget::Height, "height"},
    {core::FlattenTarget::StrokeStart, "strokeStart"},
    {core::FlattenTarget::Ramp, "ramp"},
}};

constexpr double kMaxHeight = 20000.0;    // yd, either way
constexpr double kMaxSeed = 4294967295.0; // uint32
constexpr double kMinNoiseScale = 0.01;   // yd (the kernel's minimum)
constexpr double kMaxNoiseScale = 2000.0; // yd

HeightModePanel::Entry entryOf(const core::HeightBrushSettings& s) {
    switch (s.mode) {
    case core::HeightMode::RaiseLower:
        return s.lower ? HeightModePanel::Entry::Lower : HeightModePanel::Entry::Raise;
    case core::HeightMode::Flatten:
        return HeightModePanel::Entry::Flatten;
    case core::HeightMode::Smooth:
        return HeightModePanel::Entry::Smooth;
    case core::HeightMode::Noise:
        return HeightModePanel::Entry::Noise;
    case core::HeightMode::Set:
        return HeightModePanel::Entry::Set;
    }
    return HeightModePanel::Entry::Raise;
}

// Orientation 0 = north, 90 = west (counter-clockwise seen from above), in [0, 360).
double wrapDegrees(double degrees) {
    const double d = std::fmod(degrees, 360.0);
    return d < 0.0 ? d + 360.0 : d;
}

} // namespace

HeightModePanel::HeightModePanel(QWidget* parent) : ModePanel(QStringLiteral("heightModePanel"), parent) {
    mMode = new QComboBox(this);
    mMode->setObjectName(QStringLiteral("heightModeCombo"));
    mMode->addItem(tr("Raise"), int(Entry::Raise));
    mMode->addItem(tr("Lower"), int(Entry::Lower));
    mMode->addItem(tr("Flatten"), int(Entry::Flatten));
    mMode->addItem(tr("Smooth"), int(Entry::Smooth));
    mMode->addItem(tr("Noise"), int(Entry::Noise));
    mMode->addItem(tr("Set height"), int(Entry::Set));
    mMode->setToolTip(tr("Shift while painting inverts raise and lower"));
    form()->addRow(tr("Mode:"), mMode);

    mFlattenTarget = new QComboBox(this);
    mFlattenTarget->setObjectName(QStringLiteral("flattenTargetCombo"));
    mFlattenTarget->addItem(tr("Target height"), int(core::FlattenTarget::Height));
    mFlattenTarget->addItem(tr("Stroke start"), int(core::FlattenTarget::StrokeStart));
    mFlattenTarget->addItem(tr("Ramp"), int(core::FlattenTarget::Ramp));
    mFlattenTarget->setToolTip(tr("The plane flatten pulls towards: a fixed height, the height where the "
                                  "stroke began, or a slope rising from there"));
    form()->addRow(tr("Flatten to:"), mFlattenTarget);

    mTargetHeight = makeSpin(QStringLiteral("targetHeightSpin"), -kMaxHeight, kMaxHeight, 2, tr(" yd"));
    mTargetHeight->setToolTip(tr("Absolute terrain height in yards"));
    form()->addRow(tr("Target height:"), mTargetHeight);

    mRampAngle = makeSpin(QStringLiteral("rampAngleSpin"), -89.0, 89.0, 1, tr("°"));
    mRampAngle->setToolTip(tr("Slope of the ramp above horizontal"));
    form()->addRow(tr("Ramp angle:"), mRampAngle);

    mRampDirectionRow = new QWidget(this);
    mRampDirectionRow->setObjectName(QStringLiteral("rampDirectionRow"));
    auto* directionLayout = new QHBoxLayout(mRampDirectionRow);
    directionLayout->setContentsMargins(0, 0, 0, 0);
    mRampDirection = makeSpin(QStringLiteral("rampOrientationSpin"), 0.0, 360.0, 1, tr("°"));
    mRampDirection->setWrapping(true);
    mRampDirection->setSingleStep(15.0);
    mRampDirection->setToolTip(
        tr("Direction the ramp rises towards: 0° north, 90° west, 180° south, 270° east"));
    mCompass = new QLabel(mRampDirectionRow);
    mCompass->setObjectName(QStringLiteral("rampCompassLabel"));
    mCompass->setMinimumWidth(mCompass->fontMetrics().horizontalAdvance(QStringLiteral("north-west")));
    directionLayout->addWidget(mRampDirection, 1);
    directionLayout->addWidget(mCompass);
    form()->addRow(tr("Rises towards:"), mRampDirectionRow);

    mSeedRow = new QWidget(this);
    mSeedRow->setObjectName(QStringLiteral("noiseSeedRow"));
    auto* seedLayout = new QHBoxLayout(mSeedRow);
    seedLayout->setContentsMargins(0, 0, 0, 0);
    mSeed = makeSpin(QStringLiteral("noiseSeedSpin"), 0.0, kMaxSeed, 0, QString());
    mSeed->setToolTip(tr("The same seed always gives the same terrain"));
    mNewSeed = new QPushButton(tr("New"), mSeedRow);
    mNewSeed->setObjectName(QStringLiteral("newSeedButton"));
    mNewSeed->setToolTip(tr("Pick a random seed"));
    seedLayout->addWidget(mSeed, 1);
    seedLayout->addWidget(mNewSeed);
    form()->addRow(tr("Noise seed:"), mSeedRow);

    mNoiseScale = makeSpin(QStringLiteral("noiseScaleSpin"), kMinNoiseScale, kMaxNoiseScale, 2, tr(" yd"));
    mNoiseScale->setSingleStep(1.0);
    mNoiseScale->setToolTip(tr("Feature size of the noise in yards"));
    form()->addRow(tr("Noise scale:"), mNoiseScale);

    mHint = addHint(QStringLiteral("heightModeHint"), QString());

    connect(mMode, &QComboBox::activated, this, [this](int index) {
        switch (Entry(mMode->itemData(index).toInt())) {
        case Entry::Raise:
            mSettings.mode = core::HeightMode::RaiseLower;
            mSettings.lower = false;
            break;
        case Entry::Lower:
            mSettings.mode = core::HeightMode::RaiseLower;
            mSettings.lower = true;
            break;
        case Entry::Flatten:
            mSettings.mode = core::HeightMode::Flatten;
            break;
        case Entry::Smooth:
            mSettings.mode = core::HeightMode::Smooth;
            break;
        case Entry::Noise:
            mSettings.mode = core::HeightMode::Noise;
            break;
        case Entry::Set:
            mSettings.mode = core::HeightMode::Set;
            break;
        }
        updateVisibility();
        edited();
    });
    connect(mFlattenTarget, &QComboBox::activated, this, [this](int index) {
        mSettings.flattenTarget = core::FlattenTarget(mFlattenTarget->itemData(index).toInt());
        updateVisibility();
        edited();
    });
    connect(mTargetHeight, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        mSettings.targetHeight = v;
        edited();
    });
    connect(mRampAngle, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        mSettings.rampAngle = v;
        edited();
    });
    connect(mRampDirection, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        mSettings.rampOrientation = v;
        updateCompass();
        edited();
    });
    connect(mSeed, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        mSettings.noiseSeed = std::uint32_t(v);
        edited();
    });
    connect(mNewSeed, &QPushButton::clicked, this, [this] {
        mSeed->setValue(double(QRandomGenerator::global()->generate())); // emits through valueChanged
    });
    connect(mNoiseScale, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        mSettings.noiseScale = v;
        edited();
    });
    showSettings();
}

void HeightModePanel::setSettings(const core::HeightBrushSettings& settings) {
    mSettings = settings;
    showSettings();
}

void HeightModePanel::showSettings() {
    const QSignalBlocker b1(mMode);
    const QSignalBlocker b2(mFlattenTarget);
    const QSignalBlocker b3(mTargetHeight);
    const QSignalBlocker b4(mRampAngle);
    const QSignalBlocker b5(mRampDirection);
    const QSignalBlocker b6(mSeed);
    const QSignalBlocker b7(mNoiseScale);
    mMode->setCurrentIndex(mMode->findData(int(entryOf(mSettings))));
    mFlattenTarget->setCurrentIndex(mFlattenTarget->findData(int(mSettings.flattenTarget)));
    mTargetHeight->setValue(mSettings.targetHeight);
    mRampAngle->setValue(mSettings.rampAngle);
    mRampDirection->setValue(wrapDegrees(mSettings.rampOrientation));
    mSeed->setValue(double(mSettings.noiseSeed));
    mNoiseScale->setValue(mSettings.noiseScale);
    updateCompass();
    updateVisibility();
}

void HeightModePanel::updateVisibility() {
    const auto mode = mSettings.mode;
    const bool flatten = mode == core::HeightMode::Flatten;
    const bool ramp = flatten && mSettings.flattenTarget == core::FlattenTarget::Ramp;
    form()->setRowVisible(mFlattenTarget, flatten);
    form()->setRowVisible(mTargetHeight,
                          mode == core::HeightMode::Set ||
                              (flatten && mSettings.flattenTarget == core::FlattenTarget::Height));
    form()->setRowVisible(mRampAngle, ramp);
    form()->setRowVisible(mRampDirectionRow, ramp);
    form()->setRowVisible(mSeedRow, mode == core::HeightMode::Noise);
    form()->setRowVisible(mNoiseScale, mode == core::HeightMode::Noise);

    switch (entryOf(mSettings)) {
    case Entry::Raise:
        mHint->setText(tr("Raises the terrain by up to the strength, in yards, per dab."));
        break;
    case Entry::Lower:
        mHint->setText(tr("Lowers the terrain by up to the strength, in yards, per dab."));
        break;
    case Entry::Flatten:
        mHint->setText(tr("Pulls the terrain towards the target plane; the strength (0..1) is the part of "
                          "the way covered per dab."));
        break;
    case Entry::Smooth:
        mHint->setText(tr("Evens out bumps towards the local average; the strength (0..1) is the part of "
                          "the way covered per dab."));
        break;
    case Entry::Noise:
        mHint->setText(tr("Adds smooth random bumps of the noise scale; the strength is their height in "
                          "yards per dab."));
        break;
    case Entry::Set:
        mHint->setText(tr("Sets the terrain to the target height inside the hard centre and blends it at "
                          "the rim; the strength is ignored."));
        break;
    }
}

void HeightModePanel::updateCompass() {
    static const char* const kNames[] = {
        QT_TR_NOOP("north"), QT_TR_NOOP("north-west"), QT_TR_NOOP("west"), QT_TR_NOOP("south-west"),
        QT_TR_NOOP("south"), QT_TR_NOOP("south-east"), QT_TR_NOOP("east"), QT_TR_NOOP("north-east"),
    };
    const int sector = int(std::floor(wrapDegrees(mSettings.rampOrientation + 22.5) / 45.0)) % 8;
    mCompass->setText(tr(kNames[sector]));
}

void HeightModePanel::edited() {
    emit settingsChanged(mSettings);
}

void HeightModePanel::saveTo(QSettings& store) const {
    using settings_io::enumName;
    store.beginGroup(QStringLiteral("heightMode"));
    store.setValue(QStringLiteral("mode"), QString::fromLatin1(enumName(kModeNames, mSettings.mode)));
    store.setValue(QStringLiteral("lower"), mSettings.lower);
    store.setValue(QStringLiteral("flattenTarget"),
                   QString::fromLatin1(enumName(kTargetNames, mSettings.flattenTarget)));
    store.setValue(QStringLiteral("targetHeight"), mSettings.targetHeight);
    store.setValue(QStringLiteral("rampAngle"), mSettings.rampAngle);
    store.setValue(QStringLiteral("rampOrientation"), mSettings.rampOrientation);
    store.setValue(QStringLiteral("noiseSeed"), qulonglong(mSettings.noiseSeed));
    store.setValue(QStringLiteral("noiseScale"), mSettings.noiseScale);
    store.endGroup();
}

void HeightModePanel::loadFrom(QSettings& store) {
    using namespace settings_io;
    store.beginGroup(QStringLiteral("heightMode"));
    readEnum(store, QStringLiteral("mode"), kModeNames, mSettings.mode);
    readBool(store, QStringLiteral("lower"), mSettings.lower);
    readEnum(store, QStringLiteral("flattenTarget"), kTargetNames, mSettings.flattenTarget);
    readDouble(store, QStringLiteral("targetHeight"), -kMaxHeight, kMaxHeight, mSettings.targetHeight);
    readDouble(store, QStringLiteral("rampAngle"), -89.0, 89.0, mSettings.rampAngle);
    readDouble(store, QStringLiteral("rampOrientation"), -360.0, 360.0, mSettings.rampOrientation);
    readUInt32(store, QStringLiteral("noiseSeed"), mSettings.noiseSeed);
    readDouble(store, QStringLiteral("noiseScale"), kMinNoiseScale, kMaxNoiseScale, mSettings.noiseScale);
    store.endGroup();
    showSettings();
}

} // namespace mapsmith::widgets
