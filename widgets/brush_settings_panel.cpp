#include "widgets/brush_settings_panel.h"

#include "widgets/mode_panel.h"
#include "widgets/settings_io.h"
#include "widgets/slider_spin_box.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QPainter>
#include <QPainterPath>
#include <QSettings>
#include <QSignalBlocker>

namespace mapsmith::widgets {
namespace {

constexpr settings_io::EnumNames<core::Falloff, 5> kFalloffNames{{
    {core::Falloff::Flat, "flat"},
    {core::Falloff::Linear, "linear"},
    {core::Falloff::Smooth, "smooth"},
    {core::Falloff::Gaussian, "gaussian"},
    {core::Falloff::Quadratic, "quadratic"},
}};

// The falloff's profile from the centre (left) to the rim (right) at hardness 0.3.
QIcon falloffIcon(core::Falloff falloff, const QColor& colour) {
    constexpr int w = 32;
    constexpr int h = 16;
    QPixmap pixmap(w, h);
    pixmap.fill(Qt::transparent);
    core::BrushSettings brush;
    brush.radius = 1.0;
    brush.hardness = 0.3;
    brush.falloff = falloff;
    QPainterPath path({0.0, double(h)});
    for (int i = 0; i <= w; ++i) {
        path.lineTo(i, (h - 2) * (1.0 - core::brushWeight(brush, i / double(w) * 0.999)) + 1.0);
    }
    path.lineTo(w, h);
    path.closeSubpath();
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    QColor fill = colour;
    fill.setAlpha(120);
    p.fillPath(path, fill);
    p.setPen(QPen(colour, 1.2));
    p.drawPath(path);
    return QIcon(pixmap);
}

} // namespace

bool sameBrush(const core::BrushSettings& a, const core::BrushSettings& b) {
    return a.radius == b.radius && a.hardness == b.hardness && a.strength == b.strength &&
           a.falloff == b.falloff && a.pressure == b.pressure && a.spacing == b.spacing;
}

BrushSettingsPanel::BrushSettingsPanel(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("brushSettingsPanel"));
    mForm = new QFormLayout(this);
    mForm->setLabelAlignment(Qt::AlignRight | Qt::AlignVCenter);
    mForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);

    mRadius = new SliderSpinBox(QStringLiteral("radius"), kMinRadius, kMaxRadius, 1, tr(" yd"), this);
    mRadius->setSingleStep(1.0);
    mRadius->setToolTip(tr("Brush radius in yards (a chunk is 33.3 yd, a tile 533.3 yd)"));
    mHardness = new SliderSpinBox(QStringLiteral("hardness"), 0.0, 100.0, 0, tr(" %"), this);
    mHardness->setToolTip(tr("Part of the radius painted at full strength; the falloff covers the rest"));
    mStrength = new SliderSpinBox(QStringLiteral("strength"), 0.0, 1.0, 2, QString(), this);
    mStrength->setSingleStep(0.05);
    mStrength->setToolTip(tr("Effect of one dab"));
    mFalloff = new QComboBox(this);
    mFalloff->setObjectName(QStringLiteral("falloffCombo"));
    mFalloff->setToolTip(tr("How the effect fades from the hard centre to the rim"));
    const QColor iconColour = palette().color(QPalette::Highlight);
    const std::pair<core::Falloff, QString> falloffs[] = {
        {core::Falloff::Flat, tr("Flat")},           {core::Falloff::Linear, tr("Linear")},
        {core::Falloff::Smooth, tr("Smooth")},       {core::Falloff::Gaussian, tr("Gaussian")},
        {core::Falloff::Quadratic, tr("Quadratic")},
    };
    for (const auto& [falloff, name] : falloffs) {
        mFalloff->addItem(falloffIcon(falloff, iconColour), name, int(falloff));
    }
    mFalloff->setIconSize({32, 16});
    mSpacing = new SliderSpinBox(QStringLiteral("spacing"), kMinSpacing * 100.0, kMaxSpacing * 100.0, 0,
                                 tr(" % of radius"), this);
    mSpacing->setToolTip(tr("Distance between dabs along a stroke"));
    mPressure = new QCheckBox(tr("Use tablet pressure"), this);
    mPressure->setObjectName(QStringLiteral("tabletPressureCheck"));
    mPressure->setToolTip(tr("Scale the strength by the pen pressure of a graphics tablet"));

    mForm->addRow(tr("Radius:"), mRadius);
    mForm->addRow(tr("Hardness:"), mHardness);
    mForm->addRow(tr("Strength:"), mStrength);
    mForm->addRow(tr("Falloff:"), mFalloff);
    mForm->addRow(tr("Spacing:"), mSpacing);
    mForm->addRow(QString(), mPressure);

    connect(mRadius, &SliderSpinBox::valueChanged, this, [this](double v) {
        mSettings.radius = v;
        edited();
    });
    connect(mHardness, &SliderSpinBox::valueChanged, this, [this](double v) {
        mSettings.hardness = v / 100.0;
        edited();
    });
    connect(mStrength, &SliderSpinBox::valueChanged, this, [this](double v) {
        mSettings.strength = v;
        edited();
    });
    connect(mFalloff, &QComboBox::activated, this, [this](int index) {
        mSettings.falloff = core::Falloff(mFalloff->itemData(index).toInt());
        edited();
    });
    connect(mSpacing, &SliderSpinBox::valueChanged, this, [this](double v) {
        mSettings.spacing = v / 100.0;
        edited();
    });
    connect(mPressure, &QCheckBox::toggled, this, [this](bool on) {
        mUseTabletPressure = on;
        emit tabletPressureToggled(on);
    });
    showSettings();
}

void BrushSettingsPanel::setSettings(const core::BrushSettings& settings) {
    mSettings = settings;
    showSettings();
}

void BrushSettingsPanel::setUseTabletPressure(bool use) {
    mUseTabletPressure = use;
    const QSignalBlocker block(mPressure);
    mPressure->setChecked(use);
}

void BrushSettingsPanel::setStrengthRange(double maximum, int decimals, const QString& suffix) {
    mStrength->setRange(0.0, maximum, decimals, suffix);
    mStrength->setSingleStep(maximum >= 5.0 ? 0.5 : 0.05);
    mStrength->setValue(mSettings.strength);
    equaliseSpinWidths();
}

void BrushSettingsPanel::showEvent(QShowEvent* event) {
    alignFormLabels(mForm);
    equaliseSpinWidths();
    QWidget::showEvent(event);
}

// The same spin box width on every row, so the sliders line up too.
void BrushSettingsPanel::equaliseSpinWidths() {
    int width = 0;
    for (SliderSpinBox* s : {mRadius, mHardness, mStrength, mSpacing}) {
        s->spinBox()->setMinimumWidth(0);
        width = std::max(width, s->spinBox()->sizeHint().width());
    }
    for (SliderSpinBox* s : {mRadius, mHardness, mStrength, mSpacing}) {
        s->spinBox()->setMinimumWidth(width);
    }
}

void BrushSettingsPanel::setVisibleFields(Fields fields) {
    mVisible = fields;
    mForm->setRowVisible(mRadius, fields.testFlag(Field::Radius));
    mForm->setRowVisible(mHardness, fields.testFlag(Field::Hardness));
    mForm->setRowVisible(mStrength, fields.testFlag(Field::Strength));
    mForm->setRowVisible(mFalloff, fields.testFlag(Field::Falloff));
    mForm->setRowVisible(mSpacing, fields.testFlag(Field::Spacing));
    mForm->setRowVisible(mPressure, fields.testFlag(Field::TabletPressure));
}

void BrushSettingsPanel::showSettings() {
    mRadius->setValue(mSettings.radius);
    mHardness->setValue(mSettings.hardness * 100.0);
    mStrength->setValue(mSettings.strength);
    mSpacing->setValue(mSettings.spacing * 100.0);
    {
        const QSignalBlocker block(mFalloff);
        mFalloff->setCurrentIndex(mFalloff->findData(int(mSettings.falloff)));
    }
    const QSignalBlocker block(mPressure);
    mPressure->setChecked(mUseTabletPressure);
}

void BrushSettingsPanel::edited() {
    emit settingsChanged(mSettings);
}

void BrushSettingsPanel::saveTo(QSettings& store) const {
    store.beginGroup(QStringLiteral("brush"));
    store.setValue(QStringLiteral("radius"), mSettings.radius);
    store.setValue(QStringLiteral("hardness"), mSettings.hardness);
    store.setValue(QStringLiteral("strength"), mSettings.strength);
    store.setValue(QStringLiteral("falloff"),
                   QString::fromLatin1(settings_io::enumName(kFalloffNames, mSettings.falloff)));
    store.setValue(QStringLiteral("spacing"), mSettings.spacing);
    store.setValue(QStringLiteral("tabletPressure"), mUseTabletPressure);
    store.endGroup();
}

void BrushSettingsPanel::loadFrom(QSettings& store) {
    using namespace settings_io;
    store.beginGroup(QStringLiteral("brush"));
    readDouble(store, QStringLiteral("radius"), kMinRadius, kMaxRadius, mSettings.radius);
    readDouble(store, QStringLiteral("hardness"), 0.0, 1.0, mSettings.hardness);
    readDouble(store, QStringLiteral("strength"), 0.0, 1e6, mSettings.strength);
    readEnum(store, QStringLiteral("falloff"), kFalloffNames, mSettings.falloff);
    readDouble(store, QStringLiteral("spacing"), kMinSpacing, kMaxSpacing, mSettings.spacing);
    readBool(store, QStringLiteral("tabletPressure"), mUseTabletPressure);
    store.endGroup();
    showSettings();
}

} // namespace mapsmith::widgets
