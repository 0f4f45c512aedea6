// The reusable dock panels (widgets/): settings round trips, typed signals from real user input on the
// named child controls, mode-dependent fields, QSettings persistence, the tile map's clicks and hover
// text, the info panel on a generated map, and the object panel's edit requests applied through core.
// Each panel is grabbed to MAPSMITH_SCREENSHOT_DIR.

#include "core/document/unique_ids.h"
#include "core/edit/object_edit.h"
#include "core/geometry/chunk_height.h"
#include "support/memory_map.h"
#include "widgets/attribute_mode_panels.h"
#include "widgets/brush_settings_panel.h"
#include "widgets/chunk_layers_panel.h"
#include "widgets/height_mode_panel.h"
#include "widgets/info_panel.h"
#include "widgets/object_properties_panel.h"
#include "widgets/texture_mode_panel.h"
#include "widgets/tile_map_widget.h"
#include "widgets/vertex_colour_panel.h"

#include <QAbstractButton>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTimer>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <QtTest>

#include <cmath>
#include <set>

using namespace mapsmith;
using widgets::BrushSettingsPanel;

namespace {

template <class T> T* find(QObject& parent, const char* name) {
    T* child = parent.findChild<T*>(QString::fromLatin1(name));
    if (!child) {
        qFatal("no child %s of type %s", name, T::staticMetaObject.className());
    }
    return child;
}

// Replaces a spin box's text the way a user does (select all, type, Enter).
void typeInto(QAbstractSpinBox* spin, const QString& text) {
    QTest::keyClick(spin, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(spin, text);
    QTest::keyClick(spin, Qt::Key_Return);
}

// Clicks the indicator of a check box or radio button (its centre may be right of its text).
void clickButton(QAbstractButton* button) {
    QTest::mouseClick(button, Qt::LeftButton, Qt::NoModifier,
                      QPoint(std::min(8, button->width() / 2), button->height() / 2));
}

// Selects a combo entry with the keyboard (Home, then Down).
void chooseWithKeys(QComboBox* combo, int index) {
    QTest::keyClick(combo, Qt::Key_Home);
    for (int i = 0; i < index; ++i) {
        QTest::keyClick(combo, Qt::Key_Down);
    }
}

int distinctColours(const QImage& image) {
    std::set<QRgb> colours;
    for (int y = 0; y < image.height(); y += 2) {
        for (int x = 0; x < image.width(); x += 2) {
            colours.insert(image.pixel(x, y));
        }
    }
    return int(colours.size());
}

QString screenshotPath(const QString& name) {
    QDir().mkpath(QStringLiteral(MAPSMITH_SCREENSHOT_DIR));
    return QStringLiteral(MAPSMITH_SCREENSHOT_DIR "/widgets_%1.png").arg(name);
}

// Collects every emission of a typed signal.
template <class T> struct Recorder {
    std::vector<T> values;
    template <class Sender, class Signal> Recorder(Sender* sender, Signal signal) {
        QObject::connect(sender, signal, sender, [this](const T& v) { values.push_back(v); });
    }
    const T& last() const { return values.back(); }
};

core::BrushSettings unusualBrush() {
    core::BrushSettings b;
    b.radius = 37.123;
    b.hardness = 0.333;
    b.strength = 0.4567;
    b.falloff = core::Falloff::Gaussian;
    b.pressure = 0.75;
    b.spacing = 0.123;
    return b;
}

std::unique_ptr<QSettings> iniIn(const QTemporaryDir& dir) {
    return std::make_unique<QSettings>(dir.filePath(QStringLiteral("mapsmith.ini")), QSettings::IniFormat);
}

// Overwrites every key saved under the current group (recursively) with text no reader accepts.
void spoilAllKeys(QSettings& s) {
    for (const QString& key : s.allKeys()) {
        s.setValue(key, QStringLiteral("not a value"));
    }
}

bool sameHeight(const core::HeightBrushSettings& a, const core::HeightBrushSettings& b) {
    return widgets::sameBrush(a.brush, b.brush) && a.mode == b.mode && a.lower == b.lower &&
           a.flattenTarget == b.flattenTarget && a.targetHeight == b.targetHeight &&
           a.rampAngle == b.rampAngle && a.rampOrientation == b.rampOrientation &&
           a.noiseSeed == b.noiseSeed && a.noiseScale == b.noiseScale;
}

core::HeightBrushSettings unusualHeight() {
    core::HeightBrushSettings s;
    s.brush = unusualBrush();
    s.mode = core::HeightMode::Flatten;
    s.lower = true;
    s.flattenTarget = core::FlattenTarget::Ramp;
    s.targetHeight = 123.456;
    s.rampAngle = 17.5;
    s.rampOrientation = 135.25;
    s.noiseSeed = 4000000000u;
    s.noiseScale = 33.3;
    return s;
}

bool shown(QWidget* w, QWidget* panel) {
    return w->isVisibleTo(panel);
}

} // namespace

class TestWidgets : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();

    void brushRoundTrip();
    void brushUserEditsEmitTypedSettings();
    void brushSliderAndSpinStayInSync();
    void brushVisibleFieldsAndStrengthRange();
    void brushQSettingsRoundTrip();

    void heightModeShowsOnlyUsedFields();
    void heightModeEditsEmitTypedSettings();
    void heightModeRoundTripAndQSettings();

    void holePanel();
    void vertexColourPanelUsesInjectedPicker();
    void vertexColourPanelOpensNoDialogInTests();
    void shadowAreaImpassablePanels();
    void texturePanel();
    void modePanelsKeepBrushAndIgnoreBadSettings();

    void tileMapClickAndHover();
    void tileMapWheelZoomAndMinimap();
    void tileMapFitsTheMapAtDockWidth();

    void infoPanelShowsChunkUnderCursor();
    void infoPanelOffTheMapAndMissingTiles();
    void chunkLayersActivationEmitsTexturePath();

    void objectPanelRequestsEditsAppliedThroughCore();
    void objectPanelWmoAndNothingSelected();

    void screenshots();
};

void TestWidgets::initTestCase() {
    // The dialog-free mode CTest sets; set it here too so a manual run can never block on a dialog.
    qputenv("MAPSMITH_NO_DIALOGS", "1");
}

// ---- BrushSettingsPanel ---------------------------------------------------------------------------------

void TestWidgets::brushRoundTrip() {
    BrushSettingsPanel panel;
    Recorder<core::BrushSettings> changes(&panel, &BrushSettingsPanel::settingsChanged);
    const core::BrushSettings b = unusualBrush();
    panel.setSettings(b);
    QVERIFY(widgets::sameBrush(panel.settings(), b)); // exact, although the controls round
    QVERIFY(changes.values.empty());                  // setSettings is silent
    QCOMPARE(find<QDoubleSpinBox>(panel, "radiusSpin")->value(), 37.1);
    QCOMPARE(find<QDoubleSpinBox>(panel, "hardnessSpin")->value(), 33.0);
    QCOMPARE(find<QDoubleSpinBox>(panel, "spacingSpin")->value(), 12.0);
    QCOMPARE(find<QComboBox>(panel, "falloffCombo")->currentText(), QStringLiteral("Gaussian"));
    QCOMPARE(find<QComboBox>(panel, "falloffCombo")->count(), 5);
    panel.setUseTabletPressure(false);
    QVERIFY(!find<QCheckBox>(panel, "tabletPressureCheck")->isChecked());
    QVERIFY(!panel.usesTabletPressure());
}

void TestWidgets::brushUserEditsEmitTypedSettings() {
    BrushSettingsPanel panel;
    panel.setSettings(unusualBrush());
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    Recorder<core::BrushSettings> changes(&panel, &BrushSettingsPanel::settingsChanged);

    typeInto(find<QDoubleSpinBox>(panel, "radiusSpin"), QStringLiteral("42.5"));
    QVERIFY(!changes.values.empty());
    QCOMPARE(changes.last().radius, 42.5);
    QCOMPARE(changes.last().hardness, 0.333); // untouched fields keep their exact values
    QCOMPARE(panel.settings().radius, 42.5);

    typeInto(find<QDoubleSpinBox>(panel, "hardnessSpin"), QStringLiteral("80"));
    QCOMPARE(changes.last().hardness, 0.8);

    typeInto(find<QDoubleSpinBox>(panel, "strengthSpin"), QStringLiteral("0.25"));
    QCOMPARE(changes.last().strength, 0.25);

    typeInto(find<QDoubleSpinBox>(panel, "spacingSpin"), QStringLiteral("50"));
    QCOMPARE(changes.last().spacing, 0.5);

    chooseWithKeys(find<QComboBox>(panel, "falloffCombo"), 4);
    QCOMPARE(changes.last().falloff, core::Falloff::Quadratic);
    chooseWithKeys(find<QComboBox>(panel, "falloffCombo"), 0);
    QCOMPARE(changes.last().falloff, core::Falloff::Flat);
    QCOMPARE(changes.last().pressure, 0.75); // the tablet value is carried, never edited

    QSignalSpy pressure(&panel, &BrushSettingsPanel::tabletPressureToggled);
    clickButton(find<QCheckBox>(panel, "tabletPressureCheck"));
    QCOMPARE(pressure.count(), 1);
    QCOMPARE(pressure.at(0).at(0).toBool(), false);
    QVERIFY(!panel.usesTabletPressure());
}

void TestWidgets::brushSliderAndSpinStayInSync() {
    BrushSettingsPanel panel;
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    Recorder<core::BrushSettings> changes(&panel, &BrushSettingsPanel::settingsChanged);
    auto* slider = find<QSlider>(panel, "radiusSlider");
    auto* spin = find<QDoubleSpinBox>(panel, "radiusSpin");
    QCOMPARE(slider->value(), 200); // 20 yd, one decimal

    QTest::keyClick(slider, Qt::Key_Right); // one slider step: 0.1 yd
    QCOMPARE(spin->value(), 20.1);
    QCOMPARE(changes.values.size(), std::size_t(1));
    QCOMPARE(changes.last().radius, 20.1);

    QTest::keyClick(slider, Qt::Key_PageUp);
    QCOMPARE(spin->value(), slider->value() / 10.0);
    QVERIFY(spin->value() > 40.0);
    QCOMPARE(changes.last().radius, spin->value());

    typeInto(spin, QStringLiteral("7.3"));
    QCOMPARE(slider->value(), 73);

    auto* hardnessSlider = find<QSlider>(panel, "hardnessSlider");
    QTest::keyClick(hardnessSlider, Qt::Key_End);
    QCOMPARE(find<QDoubleSpinBox>(panel, "hardnessSpin")->value(), 100.0);
    QCOMPARE(changes.last().hardness, 1.0);

    // Programmatic changes move both controls and emit nothing.
    const std::size_t before = changes.values.size();
    panel.setSettings(unusualBrush());
    QCOMPARE(slider->value(), 371);
    QCOMPARE(hardnessSlider->value(), 33);
    QCOMPARE(changes.values.size(), before);
}

void TestWidgets::brushVisibleFieldsAndStrengthRange() {
    BrushSettingsPanel panel;
    panel.setVisibleFields(BrushSettingsPanel::Field::Radius | BrushSettingsPanel::Field::Spacing);
    QVERIFY(shown(find<QDoubleSpinBox>(panel, "radiusSpin"), &panel));
    QVERIFY(shown(find<QDoubleSpinBox>(panel, "spacingSpin"), &panel));
    QVERIFY(!shown(find<QDoubleSpinBox>(panel, "hardnessSpin"), &panel));
    QVERIFY(!shown(find<QDoubleSpinBox>(panel, "strengthSpin"), &panel));
    QVERIFY(!shown(find<QComboBox>(panel, "falloffCombo"), &panel));
    QVERIFY(!shown(find<QCheckBox>(panel, "tabletPressureCheck"), &panel));
    panel.setVisibleFields(BrushSettingsPanel::Field::All);
    QVERIFY(shown(find<QComboBox>(panel, "falloffCombo"), &panel));

    // Raise/lower strength is in yards per dab.
    core::BrushSettings b;
    b.strength = 5.0;
    panel.setSettings(b);
    QCOMPARE(find<QDoubleSpinBox>(panel, "strengthSpin")->value(), 1.0); // shown clamped to 0..1
    QCOMPARE(panel.settings().strength, 5.0);                            // but kept
    panel.setStrengthRange(20.0, 1, QStringLiteral(" yd"));
    QCOMPARE(find<QDoubleSpinBox>(panel, "strengthSpin")->value(), 5.0);
    QCOMPARE(find<QDoubleSpinBox>(panel, "strengthSpin")->suffix(), QStringLiteral(" yd"));
    QCOMPARE(find<QDoubleSpinBox>(panel, "radiusSpin")->suffix(), QStringLiteral(" yd"));
    Recorder<core::BrushSettings> changes(&panel, &BrushSettingsPanel::settingsChanged);
    typeInto(find<QDoubleSpinBox>(panel, "strengthSpin"), QStringLiteral("12.5"));
    QCOMPARE(changes.last().strength, 12.5);
}

void TestWidgets::brushQSettingsRoundTrip() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    {
        BrushSettingsPanel panel;
        panel.setSettings(unusualBrush());
        panel.setUseTabletPressure(false);
        auto ini = iniIn(dir);
        ini->beginGroup(QStringLiteral("sculpt"));
        panel.saveTo(*ini);
        ini->endGroup();
        ini->sync();
        QCOMPARE(ini->status(), QSettings::NoError);
    }
    BrushSettingsPanel loaded;
    auto ini = iniIn(dir);
    ini->beginGroup(QStringLiteral("sculpt"));
    loaded.loadFrom(*ini);
    core::BrushSettings expected = unusualBrush();
    expected.pressure = core::BrushSettings{}.pressure; // runtime tablet value: not persisted
    QVERIFY(widgets::sameBrush(loaded.settings(), expected));
    QVERIFY(!loaded.usesTabletPressure());
    QCOMPARE(find<QDoubleSpinBox>(loaded, "radiusSpin")->value(), 37.1);
    ini->endGroup();

    // Another group (another tool) has nothing stored: everything stays as it was.
    BrushSettingsPanel fresh;
    ini->beginGroup(QStringLiteral("texture"));
    fresh.loadFrom(*ini);
    ini->endGroup();
    QVERIFY(widgets::sameBrush(fresh.settings(), core::BrushSettings{}));
    QVERIFY(fresh.usesTabletPressure());

    // Damaged values are ignored key by key; out-of-range numbers are clamped.
    ini->beginGroup(QStringLiteral("sculpt"));
    spoilAllKeys(*ini);
    BrushSettingsPanel spoiled;
    spoiled.setSettings(unusualBrush());
    spoiled.loadFrom(*ini);
    QVERIFY(widgets::sameBrush(spoiled.settings(), unusualBrush()));
    BrushSettingsPanel big;
    big.saveTo(*ini);
    ini->beginGroup(QStringLiteral("brush"));
    const QStringList keys = ini->childKeys();
    QVERIFY(keys.contains(QStringLiteral("radius"))); // the panel's own key, checked only to clamp it
    ini->setValue(QStringLiteral("radius"), 1e9);
    ini->endGroup();
    big.loadFrom(*ini);
    QCOMPARE(big.settings().radius, BrushSettingsPanel::kMaxRadius);
}

// ---- HeightModePanel ------------------------------------------------------------------------------------

void TestWidgets::heightModeShowsOnlyUsedFields() {
    widgets::HeightModePanel panel;
    auto* target = find<QComboBox>(panel, "flattenTargetCombo");
    auto* height = find<QDoubleSpinBox>(panel, "targetHeightSpin");
    auto* angle = find<QDoubleSpinBox>(panel, "rampAngleSpin");
    auto* orientation = find<QDoubleSpinBox>(panel, "rampOrientationSpin");
    auto* seed = find<QDoubleSpinBox>(panel, "noiseSeedSpin");
    auto* scale = find<QDoubleSpinBox>(panel, "noiseScaleSpin");
    const QList<QWidget*> all{target, height, angle, orientation, seed, scale};
    const auto expect = [&](const QList<QWidget*>& visible) {
        for (QWidget* w : all) {
            if (shown(w, &panel) != visible.contains(w)) {
                return false;
            }
        }
        return true;
    };
    core::HeightBrushSettings s;
    s.mode = core::HeightMode::RaiseLower;
    panel.setSettings(s);
    QVERIFY(expect({}));
    s.mode = core::HeightMode::Smooth;
    panel.setSettings(s);
    QVERIFY(expect({}));
    s.mode = core::HeightMode::Noise;
    panel.setSettings(s);
    QVERIFY(expect({seed, scale}));
    s.mode = core::HeightMode::Set;
    panel.setSettings(s);
    QVERIFY(expect({height}));
    s.mode = core::HeightMode::Flatten;
    s.flattenTarget = core::FlattenTarget::StrokeStart;
    panel.setSettings(s);
    QVERIFY(expect({target}));
    s.flattenTarget = core::FlattenTarget::Height;
    panel.setSettings(s);
    QVERIFY(expect({target, height}));
    s.flattenTarget = core::FlattenTarget::Ramp;
    panel.setSettings(s);
    QVERIFY(expect({target, angle, orientation}));
    QVERIFY(!find<QLabel>(panel, "heightModeHint")->text().isEmpty());

    // The same through the user's choices.
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    chooseWithKeys(find<QComboBox>(panel, "heightModeCombo"), 4); // Noise
    QVERIFY(expect({seed, scale}));
    chooseWithKeys(find<QComboBox>(panel, "heightModeCombo"), 2); // Flatten (target still Ramp)
    QVERIFY(expect({target, angle, orientation}));
    chooseWithKeys(target, 0); // Target height
    QVERIFY(expect({target, height}));
}

void TestWidgets::heightModeEditsEmitTypedSettings() {
    widgets::HeightModePanel panel;
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    Recorder<core::HeightBrushSettings> changes(&panel, &widgets::HeightModePanel::settingsChanged);
    auto* mode = find<QComboBox>(panel, "heightModeCombo");

    chooseWithKeys(mode, 1); // Lower
    QCOMPARE(changes.last().mode, core::HeightMode::RaiseLower);
    QVERIFY(changes.last().lower);
    chooseWithKeys(mode, 0); // Raise
    QVERIFY(!changes.last().lower);

    chooseWithKeys(mode, 5); // Set height
    QCOMPARE(changes.last().mode, core::HeightMode::Set);
    typeInto(find<QDoubleSpinBox>(panel, "targetHeightSpin"), QStringLiteral("-12.75"));
    QCOMPARE(changes.last().targetHeight, -12.75);
    QCOMPARE(find<QDoubleSpinBox>(panel, "targetHeightSpin")->suffix(), QStringLiteral(" yd"));

    chooseWithKeys(mode, 2); // Flatten
    chooseWithKeys(find<QComboBox>(panel, "flattenTargetCombo"), 2);
    QCOMPARE(changes.last().mode, core::HeightMode::Flatten);
    QCOMPARE(changes.last().flattenTarget, core::FlattenTarget::Ramp);
    typeInto(find<QDoubleSpinBox>(panel, "rampAngleSpin"), QStringLiteral("30"));
    QCOMPARE(changes.last().rampAngle, 30.0);
    auto* orientation = find<QDoubleSpinBox>(panel, "rampOrientationSpin");
    QCOMPARE(orientation->suffix(), QStringLiteral("°"));
    typeInto(orientation, QStringLiteral("90"));
    QCOMPARE(changes.last().rampOrientation, 90.0);
    QCOMPARE(find<QLabel>(panel, "rampCompassLabel")->text(), QStringLiteral("west"));
    typeInto(orientation, QStringLiteral("225"));
    QCOMPARE(find<QLabel>(panel, "rampCompassLabel")->text(), QStringLiteral("south-east"));

    chooseWithKeys(mode, 4); // Noise
    typeInto(find<QDoubleSpinBox>(panel, "noiseSeedSpin"), QStringLiteral("4294967295"));
    QCOMPARE(changes.last().noiseSeed, 4294967295u);
    typeInto(find<QDoubleSpinBox>(panel, "noiseScaleSpin"), QStringLiteral("64"));
    QCOMPARE(changes.last().noiseScale, 64.0);
    const std::uint32_t before = changes.last().noiseSeed;
    QTest::mouseClick(find<QPushButton>(panel, "newSeedButton"), Qt::LeftButton);
    QCOMPARE(changes.last().noiseSeed, std::uint32_t(find<QDoubleSpinBox>(panel, "noiseSeedSpin")->value()));
    QCOMPARE(panel.settings().noiseSeed, changes.last().noiseSeed);
    Q_UNUSED(before); // a random seed may repeat; the point is that the button emits the one shown
}

void TestWidgets::heightModeRoundTripAndQSettings() {
    widgets::HeightModePanel panel;
    const core::HeightBrushSettings s = unusualHeight();
    panel.setSettings(s);
    QVERIFY(sameHeight(panel.settings(), s));
    QCOMPARE(find<QComboBox>(panel, "heightModeCombo")->currentText(), QStringLiteral("Flatten"));
    QCOMPARE(find<QDoubleSpinBox>(panel, "noiseSeedSpin")->value(), 4000000000.0);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    {
        auto ini = iniIn(dir);
        panel.saveTo(*ini);
    }
    widgets::HeightModePanel loaded;
    auto ini = iniIn(dir);
    loaded.loadFrom(*ini);
    core::HeightBrushSettings expected = s;
    expected.brush = core::HeightBrushSettings{}.brush; // the brush belongs to BrushSettingsPanel
    QVERIFY(sameHeight(loaded.settings(), expected));
    QVERIFY(shown(find<QDoubleSpinBox>(loaded, "rampAngleSpin"), &loaded));

    spoilAllKeys(*ini);
    widgets::HeightModePanel spoiled;
    spoiled.setSettings(s);
    spoiled.loadFrom(*ini);
    QVERIFY(sameHeight(spoiled.settings(), s));
}

// ---- The other mode panels ------------------------------------------------------------------------------

void TestWidgets::holePanel() {
    widgets::HoleModePanel panel;
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    Recorder<core::HoleBrushSettings> changes(&panel, &widgets::HoleModePanel::settingsChanged);
    auto* add = find<QRadioButton>(panel, "holeAddRadio");
    auto* remove = find<QRadioButton>(panel, "holeRemoveRadio");
    auto* highRes = find<QCheckBox>(panel, "highResHolesCheck");
    QVERIFY(add->isChecked());
    QVERIFY(!highRes->isChecked()); // WotLK default

    clickButton(remove);
    QCOMPARE(changes.values.size(), std::size_t(1));
    QCOMPARE(changes.last().mode, core::HoleMode::Remove);
    clickButton(add);
    QCOMPARE(changes.last().mode, core::HoleMode::Cut);
    clickButton(highRes);
    QVERIFY(changes.last().highRes);
    QVERIFY(highRes->toolTip().contains(QStringLiteral("WotLK")));
    QVERIFY(highRes->toolTip().contains(QStringLiteral("not support")));

    core::HoleBrushSettings s;
    s.brush = unusualBrush();
    s.mode = core::HoleMode::Remove;
    s.highRes = true;
    const std::size_t before = changes.values.size();
    panel.setSettings(s);
    QCOMPARE(changes.values.size(), before);
    QVERIFY(remove->isChecked() && !add->isChecked() && highRes->isChecked());
    QVERIFY(widgets::sameBrush(panel.settings().brush, s.brush));
    QCOMPARE(panel.settings().mode, s.mode);

    QTemporaryDir dir;
    auto ini = iniIn(dir);
    panel.saveTo(*ini);
    widgets::HoleModePanel loaded;
    loaded.loadFrom(*ini);
    QCOMPARE(loaded.settings().mode, core::HoleMode::Remove);
    QVERIFY(loaded.settings().highRes);
}

void TestWidgets::vertexColourPanelUsesInjectedPicker() {
    widgets::VertexColourModePanel panel;
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    Recorder<core::VertexColourBrushSettings> changes(&panel,
                                                      &widgets::VertexColourModePanel::settingsChanged);
    core::VertexColourBrushSettings s;
    s.colour = core::packBgra(0x7F, 0x7F, 0x7F, 0x55);
    panel.setSettings(s);
    QColor offered;
    panel.setColourPicker([&](const QColor& current, QWidget*) -> std::optional<QColor> {
        offered = current;
        return QColor(10, 200, 30);
    });
    auto* button = find<QPushButton>(panel, "colourButton");
    QCOMPARE(button->text(), QStringLiteral("7F7F7F"));
    QTest::mouseClick(button, Qt::LeftButton);
    QCOMPARE(offered, QColor(0x7F, 0x7F, 0x7F));
    QCOMPARE(changes.values.size(), std::size_t(1));
    QCOMPARE(changes.last().colour, core::packBgra(10, 200, 30, 0x55)); // alpha byte kept
    QCOMPARE(button->text(), QStringLiteral("0AC81E"));

    // Cancelling changes nothing.
    panel.setColourPicker([](const QColor&, QWidget*) -> std::optional<QColor> { return std::nullopt; });
    QTest::mouseClick(button, Qt::LeftButton);
    QCOMPARE(changes.values.size(), std::size_t(1));

    auto* erase = find<QCheckBox>(panel, "colourEraseCheck");
    clickButton(erase);
    QCOMPARE(changes.last().mode, core::ColourMode::Erase);
    QVERIFY(!button->isEnabled()); // nothing to pick while erasing
    clickButton(find<QCheckBox>(panel, "dropNeutralCheck"));
    QVERIFY(!changes.last().dropNeutral);

    QTemporaryDir dir;
    auto ini = iniIn(dir);
    panel.saveTo(*ini);
    widgets::VertexColourModePanel loaded;
    loaded.loadFrom(*ini);
    QCOMPARE(loaded.settings().colour, core::packBgra(10, 200, 30, 0x55));
    QCOMPARE(loaded.settings().mode, core::ColourMode::Erase);
    QVERIFY(!loaded.settings().dropNeutral);
}

void TestWidgets::vertexColourPanelOpensNoDialogInTests() {
    QVERIFY(qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS"));
    widgets::VertexColourModePanel panel;
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    Recorder<core::VertexColourBrushSettings> changes(&panel,
                                                      &widgets::VertexColourModePanel::settingsChanged);
    // Were a modal dialog opened, this timer would record and close it so the test fails instead of hanging.
    bool sawDialog = false;
    QTimer watchdog;
    QObject::connect(&watchdog, &QTimer::timeout, [&] {
        if (QWidget* modal = QApplication::activeModalWidget()) {
            sawDialog = true;
            modal->close();
        }
    });
    watchdog.start(100);
    QTest::mouseClick(find<QPushButton>(panel, "colourButton"), Qt::LeftButton);
    QTest::qWait(250);
    QVERIFY(!sawDialog);
    QVERIFY(changes.values.empty());
    QCOMPARE(widgets::VertexColourModePanel::dialogPicker(Qt::red, &panel), std::optional<QColor>());
}

void TestWidgets::shadowAreaImpassablePanels() {
    QTemporaryDir dir;
    auto ini = iniIn(dir);
    {
        widgets::ShadowModePanel panel;
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        Recorder<core::ShadowBrushSettings> changes(&panel, &widgets::ShadowModePanel::settingsChanged);
        QVERIFY(find<QRadioButton>(panel, "shadowPaintRadio")->isChecked());
        clickButton(find<QRadioButton>(panel, "shadowClearRadio"));
        QCOMPARE(changes.values.size(), std::size_t(1));
        QVERIFY(!changes.last().shadowed);
        panel.saveTo(*ini);
        widgets::ShadowModePanel loaded;
        loaded.loadFrom(*ini);
        QVERIFY(!loaded.settings().shadowed);
        QVERIFY(find<QRadioButton>(loaded, "shadowClearRadio")->isChecked());
        core::ShadowBrushSettings s;
        s.shadowed = true;
        loaded.setSettings(s);
        QVERIFY(find<QRadioButton>(loaded, "shadowPaintRadio")->isChecked());
    }
    {
        widgets::AreaIdModePanel panel;
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        Recorder<core::AreaIdBrushSettings> changes(&panel, &widgets::AreaIdModePanel::settingsChanged);
        typeInto(find<QSpinBox>(panel, "areaIdSpin"), QStringLiteral("1519"));
        QCOMPARE(changes.last().areaId, 1519u);
        chooseWithKeys(find<QComboBox>(panel, "areaPickCombo"), 1);
        QCOMPARE(changes.last().pick, core::ChunkPick::Centre);
        panel.saveTo(*ini);
        widgets::AreaIdModePanel loaded;
        loaded.loadFrom(*ini);
        QCOMPARE(loaded.settings().areaId, 1519u);
        QCOMPARE(loaded.settings().pick, core::ChunkPick::Centre);
        QCOMPARE(find<QSpinBox>(loaded, "areaIdSpin")->value(), 1519);
    }
    {
        widgets::ImpassableModePanel panel;
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        Recorder<core::ImpassableBrushSettings> changes(&panel,
                                                        &widgets::ImpassableModePanel::settingsChanged);
        clickButton(find<QRadioButton>(panel, "impassableClearRadio"));
        QVERIFY(!changes.last().impassable);
        clickButton(find<QRadioButton>(panel, "impassableSetRadio"));
        QVERIFY(changes.last().impassable);
        chooseWithKeys(find<QComboBox>(panel, "impassablePickCombo"), 1);
        QCOMPARE(changes.last().pick, core::ChunkPick::Centre);
        QCOMPARE(changes.values.size(), std::size_t(3));
        core::ImpassableBrushSettings s;
        s.impassable = false;
        panel.setSettings(s);
        panel.saveTo(*ini);
        widgets::ImpassableModePanel loaded;
        loaded.loadFrom(*ini);
        QVERIFY(!loaded.settings().impassable);
        QCOMPARE(loaded.settings().pick, core::ChunkPick::Overlap);
        QVERIFY(find<QRadioButton>(loaded, "impassableClearRadio")->isChecked());
    }
}

void TestWidgets::texturePanel() {
    widgets::TextureModePanel panel;
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    core::TexturePaintSettings s;
    s.brush = unusualBrush();
    s.texture = "Tileset\\Elwynn\\ElwynnRockBase.blp";
    panel.setSettings(s);
    QCOMPARE(find<QLabel>(panel, "textureNameLabel")->text(), QStringLiteral("ElwynnRockBase.blp"));
    QCOMPARE(find<QLabel>(panel, "textureFolderLabel")->text(), QStringLiteral("Tileset\\Elwynn"));
    QCOMPARE(find<QLabel>(panel, "textureNameLabel")->toolTip(), QString::fromStdString(s.texture));

    Recorder<core::TexturePaintSettings> changes(&panel, &widgets::TextureModePanel::settingsChanged);
    clickButton(find<QCheckBox>(panel, "textureEraseCheck"));
    QCOMPARE(changes.values.size(), std::size_t(1));
    QVERIFY(changes.last().erase);
    QCOMPARE(changes.last().texture, s.texture);
    QVERIFY(widgets::sameBrush(changes.last().brush, s.brush));

    QTemporaryDir dir;
    auto ini = iniIn(dir);
    panel.saveTo(*ini);
    widgets::TextureModePanel loaded;
    loaded.loadFrom(*ini);
    QCOMPARE(loaded.settings().texture, s.texture);
    QVERIFY(loaded.settings().erase);

    panel.setSettings(core::TexturePaintSettings{});
    QVERIFY(find<QLabel>(panel, "textureNameLabel")->text().contains(QStringLiteral("none")));
}

void TestWidgets::modePanelsKeepBrushAndIgnoreBadSettings() {
    // Every section carries the brush through its own edits and ignores damaged stored values.
    QTemporaryDir dir;
    auto ini = iniIn(dir);
    core::AreaIdBrushSettings area;
    area.brush = unusualBrush();
    area.areaId = 12;
    widgets::AreaIdModePanel areaPanel;
    areaPanel.setSettings(area);
    areaPanel.saveTo(*ini);
    core::VertexColourBrushSettings colour;
    colour.brush = unusualBrush();
    colour.colour = 0x12345678u;
    widgets::VertexColourModePanel colourPanel;
    colourPanel.setSettings(colour);
    colourPanel.saveTo(*ini);
    spoilAllKeys(*ini);
    areaPanel.loadFrom(*ini);
    colourPanel.loadFrom(*ini);
    QCOMPARE(areaPanel.settings().areaId, 12u);
    QVERIFY(widgets::sameBrush(areaPanel.settings().brush, area.brush));
    QCOMPARE(colourPanel.settings().colour, 0x12345678u);
    QVERIFY(widgets::sameBrush(colourPanel.settings().brush, colour.brush));
}

// ---- TileMapWidget --------------------------------------------------------------------------------------

void TestWidgets::tileMapClickAndHover() {
    io::Wdt wdt;
    for (const auto t : {core::TileCoord{32, 32}, core::TileCoord{33, 32}, core::TileCoord{31, 33},
                         core::TileCoord{10, 50}}) {
        wdt.setTile(t.x, t.y, true);
    }
    widgets::TileMapWidget map;
    map.setWdt(wdt);
    map.setLoadedTiles({{32, 32}, {33, 32}});
    map.setModifiedTiles({{33, 32}});
    map.setCameraTile(core::TileCoord{32, 32});
    map.resize(420, 460);
    map.show();
    QVERIFY(QTest::qWaitForWindowExposed(&map));
    QVERIFY(map.tilePresent({10, 50}));
    QVERIFY(!map.tilePresent({11, 50}));

    std::vector<core::TileCoord> activated;
    connect(&map, &widgets::TileMapWidget::tileActivated, &map,
            [&](core::TileCoord t) { activated.push_back(t); });
    const auto centre = [&](core::TileCoord t) { return map.tileRect(t).center().toPoint(); };
    QCOMPARE(map.tileAt(centre({33, 32})), std::optional<core::TileCoord>(core::TileCoord{33, 32}));

    QTest::mouseClick(&map, Qt::LeftButton, Qt::NoModifier, centre({33, 32}));
    QCOMPARE(activated.size(), std::size_t(1));
    QCOMPARE(activated.back(), (core::TileCoord{33, 32}));
    QTest::mouseClick(&map, Qt::LeftButton, Qt::NoModifier, centre({10, 50}));
    QCOMPARE(activated.back(), (core::TileCoord{10, 50}));
    QTest::mouseClick(&map, Qt::LeftButton, Qt::NoModifier, centre({34, 32})); // absent
    QTest::mouseClick(&map, Qt::LeftButton, Qt::NoModifier, centre({0, 0}));   // absent
    QTest::mouseClick(&map, Qt::LeftButton, Qt::NoModifier, QPoint(2, 2));     // outside the grid
    QCOMPARE(activated.size(), std::size_t(2));

    QSignalSpy hoverChanged(&map, &widgets::TileMapWidget::hoverTextChanged);
    // Without a button held, QTest moves the real (Xvfb) pointer: the move arrives asynchronously.
    QTest::mouseMove(&map, centre({31, 33}));
    QTRY_COMPARE(map.hoverText(), QStringLiteral("Tile 31_33"));
    QTest::mouseMove(&map, centre({32, 32}));
    QTRY_COMPARE(map.hoverText(), QStringLiteral("Tile 32_32 · loaded"));
    QTest::mouseMove(&map, centre({33, 32}));
    QTRY_COMPARE(map.hoverText(), QStringLiteral("Tile 33_32 · loaded · modified"));
    QTest::mouseMove(&map, centre({20, 40}));
    QTRY_COMPARE(map.hoverText(), QStringLiteral("Tile 20_40 · no ADT"));
    QVERIFY(hoverChanged.count() >= 4);
    QCOMPARE(hoverChanged.last().at(0).toString(), QStringLiteral("Tile 20_40 · no ADT"));

    // Present, loaded, modified, camera and absent tiles are drawn differently.
    const QImage shot = map.grab().toImage();
    const auto colourAt = [&](core::TileCoord t) {
        return shot.pixelColor(map.tileRect(t).center().toPoint());
    };
    const QColor present = colourAt({31, 33});
    const QColor modified = colourAt({33, 32});
    const QColor absent = colourAt({20, 40});
    QVERIFY(present != absent);
    QVERIFY(modified != present && modified != absent);
    QVERIFY(colourAt({32, 32}) != present); // loaded (the camera's frame is outside the tile)
    QCOMPARE(map.cameraTile(), std::optional<core::TileCoord>(core::TileCoord{32, 32}));
    map.grab().save(screenshotPath(QStringLiteral("tile_map")));
}

void TestWidgets::tileMapWheelZoomAndMinimap() {
    io::Wdt wdt;
    wdt.setTile(20, 20, true);
    wdt.setTile(21, 20, true);
    widgets::TileMapWidget map;
    map.setWdt(wdt);
    map.resize(420, 460);
    map.show();
    QVERIFY(QTest::qWaitForWindowExposed(&map));
    const QPointF cursor = map.tileRect({20, 20}).center();
    const double before = map.tileRect({20, 20}).width();

    QWheelEvent wheel(cursor, map.mapToGlobal(cursor), QPoint(), QPoint(0, 240), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(&map, &wheel);
    QVERIFY(map.zoom() > 1.4);
    QVERIFY(map.tileRect({20, 20}).width() > before * 1.4);
    QCOMPARE(map.tileAt(cursor),
             std::optional<core::TileCoord>(core::TileCoord{20, 20})); // zoom about the cursor

    std::vector<core::TileCoord> activated;
    connect(&map, &widgets::TileMapWidget::tileActivated, &map,
            [&](core::TileCoord t) { activated.push_back(t); });
    QTest::mouseClick(&map, Qt::LeftButton, Qt::NoModifier, map.tileRect({21, 20}).center().toPoint());
    QCOMPARE(activated, (std::vector<core::TileCoord>{{21, 20}}));

    map.setZoom(1.0, cursor);
    QImage minimap(64, 64, QImage::Format_RGB32);
    minimap.fill(QColor(250, 0, 0));
    const QColor withoutMinimap = map.grab().toImage().pixelColor(map.tileRect({50, 50}).center().toPoint());
    map.setMinimap(minimap);
    const QColor absent = map.grab().toImage().pixelColor(map.tileRect({50, 50}).center().toPoint());
    QVERIFY(withoutMinimap.red() < 60);
    QVERIFY2(absent.red() > 100 && absent.green() < 40, qPrintable(absent.name()));
    map.setMinimap(QImage());
    QVERIFY(map.minimap().isNull());
}

void TestWidgets::tileMapFitsTheMapAtDockWidth() {
    // Issue 19 item 7, at the right dock's default width (300 px less its frame): a 2-tile map fills
    // the view instead of being a 3 px speck, the camera marker leaves the tile's "modified" colour
    // visible, and the legend is whole.
    constexpr QSize kDockSize(296, 300);
    io::Wdt two;
    two.setTile(30, 30, true);
    two.setTile(31, 30, true);
    widgets::TileMapWidget map;
    map.resize(kDockSize);
    map.setWdt(two);
    map.setLoadedTiles({{30, 30}, {31, 30}});
    map.setModifiedTiles({{31, 30}});
    map.setCameraTile(core::TileCoord{31, 30});
    map.show();
    QVERIFY(QTest::qWaitForWindowExposed(&map));
    const QRectF both = map.tileRect({30, 30}).united(map.tileRect({31, 30}));
    const QRectF view = map.viewRect();
    QVERIFY(view.width() > 0.6 * map.width());
    QVERIFY2(view.contains(both) && both.width() > 0.85 * view.width(),
             qPrintable(QStringLiteral("tiles drawn %1 px wide").arg(both.width())));

    for (const auto& item : map.legendLayout()) {
        QVERIFY2(map.rect().contains(item.swatch) && map.rect().contains(item.text),
                 qPrintable(item.label + QStringLiteral(" is cut off")));
        QVERIFY(item.text.width() >= map.fontMetrics().horizontalAdvance(item.label));
    }
    map.grab().save(screenshotPath(QStringLiteral("tile_map_two_tiles")));

    // The camera's tile shows its own colour: nearly all of it when big, its centre when tiny.
    const auto centreColour = [&map](core::TileCoord t) {
        return map.grab().toImage().pixelColor(map.tileRect(t).center().toPoint());
    };
    map.setCameraTile(std::nullopt);
    const QColor modified = centreColour({31, 30});
    QVERIFY(modified != centreColour({30, 30})); // modified, loaded
    map.setCameraTile(core::TileCoord{31, 30});
    const auto modifiedShare = [&map, &modified]() {
        const QImage shot = map.grab().toImage();
        const QRect inside = map.tileRect({31, 30}).toAlignedRect().adjusted(2, 2, -3, -3);
        int same = 0;
        int total = 0;
        for (int y = inside.top(); y <= inside.bottom(); ++y) {
            for (int x = inside.left(); x <= inside.right(); ++x) {
                ++total;
                same += shot.pixelColor(x, y) == modified ? 1 : 0;
            }
        }
        return total > 0 ? double(same) / total : 0.0;
    };
    QVERIFY2(modifiedShare() > 0.9, qPrintable(QString::number(modifiedShare())));
    map.setZoom(16.0, map.tileRect({31, 30}).center());
    QVERIFY2(modifiedShare() > 0.9, qPrintable(QString::number(modifiedShare())));
    map.setZoom(1.0, map.tileRect({31, 30}).center());
    QVERIFY(map.tileRect({31, 30}).width() < 6.0);
    QCOMPARE(centreColour({31, 30}), modified);
    map.grab().save(screenshotPath(QStringLiteral("tile_map_two_tiles_whole_grid")));

    // A double click fits the tiles again; a full map is shown whole.
    QTest::mouseDClick(&map, Qt::LeftButton, Qt::NoModifier, map.rect().center());
    QVERIFY(both == map.tileRect({30, 30}).united(map.tileRect({31, 30})));
    io::Wdt full;
    for (int y = 0; y < 64; ++y) {
        for (int x = 0; x < 64; ++x) {
            full.setTile(x, y, true);
        }
    }
    map.setWdt(full);
    QCOMPARE(map.zoom(), 1.0);
    QCOMPARE(map.tileRect({0, 0}).united(map.tileRect({63, 63})), map.viewRect());
}

// ---- InfoPanel / ChunkLayersPanel -----------------------------------------------------------------------

void TestWidgets::infoPanelShowsChunkUnderCursor() {
    auto doc = tests::hillsMap({{32, 32}});
    QVERIFY(doc);
    const core::ChunkCoord c{{32, 32}, 5, 3};
    const glm::dvec2 xy =
        core::chunkOrigin(c) - glm::dvec2(10.0, 12.0); // 10 yd south, 12 yd east of its corner
    QCOMPARE(core::chunkAt(xy), c);
    const double height = *doc->heightAt(xy);
    widgets::InfoPanel panel;
    panel.showPosition(*doc, glm::dvec3(xy, height + 1.5));

    QCOMPARE(panel.status(), QString());
    QCOMPARE(find<QLabel>(panel, "positionXValue")->text(), widgets::yardsText(xy.x));
    QCOMPARE(find<QLabel>(panel, "positionYValue")->text(), widgets::yardsText(xy.y));
    QCOMPARE(find<QLabel>(panel, "positionZValue")->text(), widgets::yardsText(height + 1.5));
    QVERIFY(find<QLabel>(panel, "positionXValue")->text().endsWith(QStringLiteral(" yd")));
    QCOMPARE(find<QLabel>(panel, "tileValue")->text(), QStringLiteral("32_32"));
    QCOMPARE(find<QLabel>(panel, "chunkValue")->text(), QStringLiteral("col 3, row 5 · index 83"));
    const io::MapChunk& chunk = *doc->chunk(c);
    QCOMPARE(find<QLabel>(panel, "areaIdValue")->text(), QString::number(chunk.areaId));
    QCOMPARE(find<QLabel>(panel, "heightValue")->text(), widgets::yardsText(height));

    // Layers: names from the tile's MTEX, usage adding up to 100 %, layer 1 = its mean alpha.
    const io::Adt& adt = *doc->tile({32, 32});
    auto* layers = panel.layers();
    QVERIFY(chunk.layers.size() >= 2);
    QCOMPARE(layers->topLevelItemCount(), int(chunk.layers.size()));
    double total = 0.0;
    for (int i = 0; i < layers->topLevelItemCount(); ++i) {
        const QTreeWidgetItem* item = layers->topLevelItem(i);
        const QString path = QString::fromStdString(adt.textures[chunk.layers[std::size_t(i)].textureIndex]);
        QCOMPARE(item->data(widgets::ChunkLayersPanel::TextureColumn, widgets::ChunkLayersPanel::kPathRole)
                     .toString(),
                 path);
        QCOMPARE(item->text(widgets::ChunkLayersPanel::TextureColumn), widgets::splitTexturePath(path).first);
        QVERIFY(item->text(widgets::ChunkLayersPanel::UsageColumn).endsWith(QStringLiteral(" %")));
        total += item->text(widgets::ChunkLayersPanel::UsageColumn).chopped(2).toDouble();
    }
    QVERIFY2(std::abs(total - 100.0) < 0.25, qPrintable(QString::number(total)));
    // Expected usage, computed here from the weight model (alpha_kernels.h): layer i >= 1 weighs alpha / 255,
    // the base what is left; pixels over 1 are normalised. The generated maps have such pixels.
    std::vector<double> expected(chunk.layers.size(), 0.0);
    int overFull = 0;
    for (std::size_t p = 0; p < io::kAlphaPixels; ++p) {
        std::vector<double> w(chunk.layers.size(), 0.0);
        double sum = 0.0;
        for (std::size_t l = 1; l < chunk.layers.size(); ++l) {
            w[l] = chunk.layers[l].alpha[p] / 255.0;
            sum += w[l];
        }
        w[0] = std::max(0.0, 1.0 - sum);
        const double total = std::max(1.0, sum + w[0]);
        overFull += sum > 1.0 ? 1 : 0;
        for (std::size_t l = 0; l < w.size(); ++l) {
            expected[l] += w[l] / total / double(io::kAlphaPixels);
        }
    }
    for (std::size_t l = 0; l < expected.size(); ++l) {
        const double shownPercent =
            layers->topLevelItem(int(l))->text(widgets::ChunkLayersPanel::UsageColumn).chopped(2).toDouble();
        QVERIFY2(std::abs(shownPercent - expected[l] * 100.0) <= 0.051,
                 qPrintable(QStringLiteral("layer %1: %2 vs %3 (%4 over-full pixels)")
                                .arg(l)
                                .arg(shownPercent)
                                .arg(expected[l] * 100.0)
                                .arg(overFull)));
        QVERIFY(std::abs(widgets::chunkLayerUsage(chunk)[l] - expected[l]) < 1e-5);
    }
}

void TestWidgets::infoPanelOffTheMapAndMissingTiles() {
    auto doc = tests::hillsMap({{32, 32}});
    QVERIFY(doc);
    widgets::InfoPanel panel;
    const glm::dvec2 inside = core::tileOrigin({32, 32}) - glm::dvec2(100.0, 100.0);
    panel.showPosition(*doc, glm::dvec3(inside, *doc->heightAt(inside)));
    QVERIFY(panel.layers()->topLevelItemCount() > 0);

    panel.showPosition(*doc, std::nullopt);
    QCOMPARE(panel.status(), QStringLiteral("Off the map"));
    QCOMPARE(find<QLabel>(panel, "tileValue")->text(), QStringLiteral("—"));
    QCOMPARE(find<QLabel>(panel, "positionXValue")->text(), QStringLiteral("—"));
    QCOMPARE(panel.layers()->topLevelItemCount(), 0);

    panel.showPosition(*doc, glm::dvec3(core::kMapHalfSize + 10.0, 0.0, 0.0)); // north of the map
    QCOMPARE(panel.status(), QStringLiteral("Off the map"));

    const glm::dvec2 elsewhere = core::tileOrigin({40, 41}) - glm::dvec2(1.0, 1.0);
    panel.showPosition(*doc, glm::dvec3(elsewhere, 0.0));
    QCOMPARE(panel.status(), QStringLiteral("No tile here"));
    QCOMPARE(find<QLabel>(panel, "tileValue")->text(), QStringLiteral("40_41"));
    QCOMPARE(find<QLabel>(panel, "heightValue")->text(), QStringLiteral("—"));

    // A tile the WDT lists but that was never loaded.
    io::Wdt wdt;
    wdt.setTile(12, 13, true);
    auto opened = core::MapDocument::open(
        std::make_unique<core::MemoryMapSource>(QStringLiteral("Lazy"), io::writeWdt(wdt)));
    QVERIFY(opened);
    const glm::dvec2 lazy = core::tileOrigin({12, 13}) - glm::dvec2(1.0, 1.0);
    panel.showPosition(*opened.value(), glm::dvec3(lazy, 0.0));
    QCOMPARE(panel.status(), QStringLiteral("Tile not loaded"));
    QCOMPARE(find<QLabel>(panel, "tileValue")->text(), QStringLiteral("12_13"));
    QCOMPARE(find<QLabel>(panel, "chunkValue")->text(), QStringLiteral("col 0, row 0 · index 0"));
}

void TestWidgets::chunkLayersActivationEmitsTexturePath() {
    auto doc = tests::hillsMap({{32, 32}});
    QVERIFY(doc);
    const io::Adt& adt = *doc->tile({32, 32});
    const io::MapChunk& chunk = *doc->chunk({{32, 32}, 2, 2});
    widgets::ChunkLayersPanel panel;
    panel.resize(400, 160);
    panel.showChunk(adt, chunk);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QSignalSpy spy(&panel, &widgets::ChunkLayersPanel::textureActivated);
    QTreeWidgetItem* last = panel.topLevelItem(panel.topLevelItemCount() - 1);
    const QRect r = panel.visualItemRect(last);
    QTest::mouseClick(panel.viewport(), Qt::LeftButton, Qt::NoModifier,
                      r.center()); // a double click starts with a press
    QTest::mouseDClick(panel.viewport(), Qt::LeftButton, Qt::NoModifier, r.center());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toString(),
             QString::fromStdString(adt.textures[chunk.layers.back().textureIndex]));
    QCOMPARE(last->text(widgets::ChunkLayersPanel::FlagsColumn),
             widgets::layerFlagsText(chunk.layers.back().flags));
    QCOMPARE(widgets::layerFlagsText(0), QStringLiteral("none"));
    QCOMPARE(widgets::layerFlagsText(io::mcly_flags::UseAlphaMap | io::mcly_flags::Overbright),
             QStringLiteral("alpha, overbright"));
}

// ---- ObjectPropertiesPanel ------------------------------------------------------------------------------

void TestWidgets::objectPanelRequestsEditsAppliedThroughCore() {
    auto doc = tests::hillsMap({{32, 32}});
    QVERIFY(doc);
    core::UniqueIdAllocator ids;
    ids.attach(*doc);
    core::ObjectEditor editor(*doc, ids);
    const glm::dvec2 xy = core::tileOrigin({32, 32}) - glm::dvec2(250.0, 260.0);
    const glm::dvec3 at(xy, *doc->heightAt(xy));
    auto ref =
        editor.addDoodad("World\\Generic\\Trees\\OakTree01.m2", at, io::Vec3f{0.0f, 45.0f, 0.0f}, 2048);
    QVERIFY(ref);

    widgets::ObjectPropertiesPanel panel;
    panel.showObject(*doc, ref);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QCOMPARE(find<QLabel>(panel, "objectHeading")->text(), QStringLiteral("OakTree01.m2"));
    QCOMPARE(find<QLineEdit>(panel, "modelNameEdit")->text(),
             QStringLiteral("World\\Generic\\Trees\\OakTree01.m2"));
    QCOMPARE(find<QLabel>(panel, "uniqueIdValue")->text(), QString::number(ref->uniqueId));
    QCOMPARE(find<QLabel>(panel, "objectTileValue")->text(), QStringLiteral("32_32"));
    auto* x = find<QDoubleSpinBox>(panel, "positionXSpin");
    auto* z = find<QDoubleSpinBox>(panel, "positionZSpin");
    QVERIFY(std::abs(x->value() - at.x) < 0.01);
    QVERIFY(std::abs(find<QDoubleSpinBox>(panel, "positionYSpin")->value() - at.y) < 0.01);
    QVERIFY(std::abs(z->value() - at.z) < 0.01);
    QCOMPARE(x->suffix(), QStringLiteral(" yd"));
    QCOMPARE(find<QDoubleSpinBox>(panel, "rotationYSpin")->value(), 45.0);
    QCOMPARE(find<QDoubleSpinBox>(panel, "rotationYSpin")->suffix(), QStringLiteral("°"));
    QCOMPARE(find<QDoubleSpinBox>(panel, "scaleSpin")->value(), 2.0);
    QVERIFY(shown(find<QDoubleSpinBox>(panel, "scaleSpin"), &panel));

    // The main window's part: turn requests into core edits, then show the object again.
    Recorder<glm::dvec3> moves(&panel, &widgets::ObjectPropertiesPanel::moveRequested);
    Recorder<glm::dvec3> turns(&panel, &widgets::ObjectPropertiesPanel::rotateRequested);
    std::vector<double> scales;
    connect(&panel, &widgets::ObjectPropertiesPanel::scaleRequested, &panel,
            [&](double f) { scales.push_back(f); });
    connect(&panel, &widgets::ObjectPropertiesPanel::moveRequested, &panel, [&](const glm::dvec3& d) {
        ref = editor.move({*ref}, d).front();
        panel.showObject(*doc, ref);
    });
    connect(&panel, &widgets::ObjectPropertiesPanel::rotateRequested, &panel, [&](const glm::dvec3& d) {
        ref = editor.rotate({*ref}, d).front();
        panel.showObject(*doc, ref);
    });
    connect(&panel, &widgets::ObjectPropertiesPanel::scaleRequested, &panel, [&](double f) {
        ref = editor.scale({*ref}, f).front();
        panel.showObject(*doc, ref);
    });

    const double targetX = std::round((at.x + 10.5) * 100.0) / 100.0;
    typeInto(x, QString::number(targetX, 'f', 2));
    QCOMPARE(moves.values.size(), std::size_t(1));
    QCOMPARE(moves.last().y, 0.0);
    QCOMPARE(moves.last().z, 0.0);
    QVERIFY(std::abs(moves.last().x - (targetX - at.x)) < 1e-3);
    auto state = core::findObject(*doc, *ref);
    QVERIFY(state);
    QVERIFY(std::abs(core::placementToWorld(state->position()).x - targetX) < 1e-3);
    QCOMPARE(x->value(), targetX);

    QTest::keyClick(find<QDoubleSpinBox>(panel, "rotationYSpin"), Qt::Key_Up); // one 5° step
    QCOMPARE(turns.values.size(), std::size_t(1));
    QCOMPARE(turns.last(), glm::dvec3(0.0, 5.0, 0.0));
    QCOMPARE(core::findObject(*doc, *ref)->doodad.rotation.y, 50.0f);

    typeInto(find<QDoubleSpinBox>(panel, "scaleSpin"), QStringLiteral("3"));
    QCOMPARE(scales.size(), std::size_t(1));
    QCOMPARE(scales.back(), 1.5);
    QCOMPARE(core::findObject(*doc, *ref)->doodad.scale, std::uint16_t(3072));
    QCOMPARE(doc->undoStack()->count(), 4); // add, move, rotate, scale

    // Committing an unchanged value requests nothing.
    typeInto(x, QString::number(targetX, 'f', 2));
    QCOMPARE(moves.values.size(), std::size_t(1));
}

void TestWidgets::objectPanelWmoAndNothingSelected() {
    auto doc = tests::hillsMap({{32, 32}});
    QVERIFY(doc);
    core::UniqueIdAllocator ids;
    ids.attach(*doc);
    core::ObjectEditor editor(*doc, ids);
    const glm::dvec2 xy = core::tileOrigin({32, 32}) - glm::dvec2(200.0, 200.0);
    const auto ref = editor.addWmo("World\\wmo\\Azeroth\\Buildings\\Inn\\Inn.wmo", glm::dvec3(xy, 50.0));
    QVERIFY(ref);
    widgets::ObjectPropertiesPanel panel;
    panel.showObject(*doc, ref);
    QVERIFY(find<QLabel>(panel, "objectKindValue")->text().contains(QStringLiteral("WMO")));
    QVERIFY(!shown(find<QDoubleSpinBox>(panel, "scaleSpin"), &panel));
    QVERIFY(shown(find<QLabel>(panel, "noScaleLabel"), &panel));
    QVERIFY(find<QDoubleSpinBox>(panel, "positionXSpin")->isEnabled());
    QCOMPARE(panel.object(), ref);

    panel.showObject(*doc, std::nullopt);
    QCOMPARE(find<QLabel>(panel, "objectHeading")->text(), QStringLiteral("No object selected"));
    QVERIFY(!find<QDoubleSpinBox>(panel, "positionXSpin")->isEnabled());
    QVERIFY(!find<QDoubleSpinBox>(panel, "scaleSpin")->isEnabled());
    QVERIFY(!panel.object());
    core::ObjectRef gone = *ref;
    gone.uniqueId += 1000;
    panel.showObject(*doc, gone);
    QCOMPARE(find<QLabel>(panel, "objectHeading")->text(), QStringLiteral("Object not found"));
}

// ---- Screenshots ----------------------------------------------------------------------------------------

void TestWidgets::screenshots() {
    auto doc = tests::hillsMap({{32, 32}});
    QVERIFY(doc);
    const auto grabShown = [](QWidget& w, const QString& name, int width) {
        w.resize(width, w.sizeHint().height());
        w.show();
        if (!QTest::qWaitForWindowExposed(&w)) {
            return false;
        }
        const QImage shot = w.grab().toImage();
        shot.save(screenshotPath(name));
        return distinctColours(shot) > 20;
    };

    // A sculpt tool dock: brush + height section.
    QWidget sculpt;
    auto* layout = new QVBoxLayout(&sculpt);
    auto* brush = new BrushSettingsPanel(&sculpt);
    brush->setStrengthRange(20.0, 1, QStringLiteral(" yd"));
    auto* height = new widgets::HeightModePanel(&sculpt);
    core::HeightBrushSettings hs;
    hs.mode = core::HeightMode::Flatten;
    hs.flattenTarget = core::FlattenTarget::Ramp;
    hs.rampOrientation = 45.0;
    height->setSettings(hs);
    layout->addWidget(brush);
    layout->addWidget(height);
    layout->addStretch(1);
    QVERIFY(grabShown(sculpt, QStringLiteral("sculpt_dock"), 340));

    QWidget attributes;
    auto* attributesLayout = new QVBoxLayout(&attributes);
    attributesLayout->addWidget(new widgets::HoleModePanel(&attributes));
    attributesLayout->addWidget(new widgets::VertexColourModePanel(&attributes));
    attributesLayout->addWidget(new widgets::AreaIdModePanel(&attributes));
    attributesLayout->addWidget(new widgets::ImpassableModePanel(&attributes));
    attributesLayout->addWidget(new widgets::ShadowModePanel(&attributes));
    auto* texture = new widgets::TextureModePanel(&attributes);
    core::TexturePaintSettings ts;
    ts.texture = "Tileset\\Elwynn\\ElwynnRockBase.blp";
    texture->setSettings(ts);
    attributesLayout->addWidget(texture);
    QVERIFY(grabShown(attributes, QStringLiteral("mode_panels"), 340));

    widgets::InfoPanel info;
    const glm::dvec2 xy = core::chunkOrigin({{32, 32}, 5, 3}) - glm::dvec2(10.0, 12.0);
    info.showPosition(*doc, glm::dvec3(xy, *doc->heightAt(xy)));
    QVERIFY(grabShown(info, QStringLiteral("info_panel"), 360));

    core::UniqueIdAllocator ids;
    ids.attach(*doc);
    core::ObjectEditor editor(*doc, ids);
    const auto ref = editor.addDoodad("World\\Generic\\Trees\\OakTree01.m2",
                                      glm::dvec3(xy, *doc->heightAt(xy)), io::Vec3f{0.0f, 30.0f, 0.0f}, 1536);
    widgets::ObjectPropertiesPanel object;
    object.showObject(*doc, ref);
    QVERIFY(grabShown(object, QStringLiteral("object_properties"), 340));

    io::Wdt wdt;
    for (int y = 24; y < 40; ++y) {
        for (int x = 26 + (y % 3); x < 38 - (y % 4); ++x) {
            wdt.setTile(x, y, true);
        }
    }
    widgets::TileMapWidget map;
    map.setWdt(wdt);
    map.setLoadedTiles({{30, 30}, {31, 30}, {30, 31}, {31, 31}});
    map.setModifiedTiles({{31, 31}});
    map.setCameraTile(core::TileCoord{30, 31});
    map.resize(420, 460);
    map.show();
    QVERIFY(QTest::qWaitForWindowExposed(&map));
    QTest::mouseMove(&map, map.tileRect({31, 31}).center().toPoint());
    map.grab().save(screenshotPath(QStringLiteral("tile_map_overview")));
    QVERIFY(distinctColours(map.grab().toImage()) > 5);
    map.setZoom(4.0, map.tileRect({31, 31}).center());
    QTest::mouseMove(&map, map.tileRect({32, 30}).center().toPoint());
    QTRY_COMPARE(map.hoveredTile(), std::optional<core::TileCoord>(core::TileCoord{32, 30}));
    map.grab().save(screenshotPath(QStringLiteral("tile_map_zoomed")));
}

QTEST_MAIN(TestWidgets)
#include "test_widgets.moc"
