// File > New map's dialog (widgets/new_map_dialog): fields set through the controls as a user does
// give the typed spec (row-major tile block, terrain, base height), the name validator drops what a
// map name cannot hold, the block is clamped inside the 64x64 grid, and OK follows core's validation
// (empty or missing name, missing folder, an existing map unless replacing is ticked).

#include "widgets/new_map_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

#include <vector>

using namespace mapsmith;
using core::NewMapSpec;
using core::TileCoord;
using widgets::NewMapDialog;

namespace {

template <class T> T* find(QObject& parent, const char* name) {
    T* child = parent.findChild<T*>(QString::fromLatin1(name));
    if (!child) {
        qFatal("no child %s of type %s", name, T::staticMetaObject.className());
    }
    return child;
}

QPushButton* okButton(NewMapDialog& dialog) {
    return find<QDialogButtonBox>(dialog, "buttonBox")->button(QDialogButtonBox::Ok);
}

// Replaces a field's text the way a user does (select all, type).
void typeInto(QWidget* field, const QString& text) {
    QTest::keyClick(field, Qt::Key_A, Qt::ControlModifier);
    if (text.isEmpty()) {
        QTest::keyClick(field, Qt::Key_Backspace);
    } else {
        QTest::keyClicks(field, text);
    }
}

void typeIntoSpin(QAbstractSpinBox* spin, const QString& text) {
    typeInto(spin, text);
    QTest::keyClick(spin, Qt::Key_Return);
}

QString screenshotPath(const QString& name) {
    QDir().mkpath(QStringLiteral(MAPSMITH_SCREENSHOT_DIR));
    return QStringLiteral(MAPSMITH_SCREENSHOT_DIR "/new_map_dialog_%1.png").arg(name);
}

} // namespace

class TestNewMapDialog : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void defaults();
    void fieldsGiveSpec();
    void okFollowsName();
    void blockStaysOnTheGrid();
    void existingMapNeedsReplace();
    void okAccepts();
};

void TestNewMapDialog::initTestCase() {
    // Browse must never block a test run on a native dialog.
    qputenv("MAPSMITH_NO_DIALOGS", "1");
}

void TestNewMapDialog::defaults() {
    NewMapDialog dialog;
    const NewMapSpec spec = dialog.spec();
    QVERIFY(spec.name.isEmpty());
    QVERIFY(spec.directory.isEmpty());
    QCOMPARE(spec.tiles, (std::vector<TileCoord>{{32, 32}, {33, 32}, {32, 33}, {33, 33}}));
    QCOMPARE(spec.terrain, NewMapSpec::Terrain::Flat);
    QCOMPARE(spec.baseHeight, 50.0f);
    QVERIFY(!spec.overwrite);
    QVERIFY(!okButton(dialog)->isEnabled());
    QCOMPARE(dialog.problems().size(), 2); // no name, no folder
    QCOMPARE(find<QLabel>(dialog, "problemsLabel")->text(), dialog.problems().join('\n'));
}

void TestNewMapDialog::fieldsGiveSpec() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    NewMapDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));

    QTest::keyClicks(find<QLineEdit>(dialog, "mapNameEdit"), QStringLiteral("Isle of_7"));
    QTest::keyClicks(find<QLineEdit>(dialog, "directoryEdit"), tmp.filePath(QStringLiteral("new")));
    typeIntoSpin(find<QSpinBox>(dialog, "firstTileXSpin"), QStringLiteral("12"));
    find<QSpinBox>(dialog, "firstTileYSpin")->setValue(40);
    find<QSpinBox>(dialog, "blockWidthSpin")->setValue(3);
    typeIntoSpin(find<QSpinBox>(dialog, "blockHeightSpin"), QStringLiteral("1"));
    find<QComboBox>(dialog, "terrainCombo")->setCurrentIndex(2);
    typeIntoSpin(find<QDoubleSpinBox>(dialog, "baseHeightSpin"), QStringLiteral("-12.5"));

    const NewMapSpec spec = dialog.spec();
    QCOMPARE(spec.name, QStringLiteral("Isleof_7")); // the validator dropped the space
    QCOMPARE(spec.directory, tmp.filePath(QStringLiteral("new")));
    QCOMPARE(spec.tiles, (std::vector<TileCoord>{{12, 40}, {13, 40}, {14, 40}}));
    QCOMPARE(spec.terrain, NewMapSpec::Terrain::Demo);
    QCOMPARE(spec.baseHeight, -12.5f);
    QVERIFY(!spec.overwrite);
    QVERIFY(dialog.problems().isEmpty());
    QVERIFY(okButton(dialog)->isEnabled());
    QVERIFY(find<QLabel>(dialog, "blockSummaryLabel")->text().contains(QStringLiteral("12_40 to 14_40")));
    dialog.grab().save(screenshotPath(QStringLiteral("valid")));

    find<QComboBox>(dialog, "terrainCombo")->setCurrentIndex(1);
    QCOMPARE(dialog.spec().terrain, NewMapSpec::Terrain::Hills);
}

void TestNewMapDialog::okFollowsName() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    NewMapDialog dialog;
    dialog.setDirectory(tmp.path());
    auto* name = find<QLineEdit>(dialog, "mapNameEdit");
    QVERIFY(!okButton(dialog)->isEnabled()); // no name yet

    QTest::keyClicks(name, QStringLiteral("-! ."));
    QVERIFY(name->text().isEmpty()); // nothing a map name may hold
    QVERIFY(!okButton(dialog)->isEnabled());
    QCOMPARE(dialog.problems().size(), 1);
    QVERIFY(find<QLabel>(dialog, "problemsLabel")->text().contains(QStringLiteral("name")));
    dialog.grab().save(screenshotPath(QStringLiteral("invalid")));

    QTest::keyClicks(name, QStringLiteral("Valid"));
    QVERIFY(okButton(dialog)->isEnabled());
    QVERIFY(dialog.problems().isEmpty());

    typeInto(name, QString());
    QVERIFY(!okButton(dialog)->isEnabled());

    // A name set from outside that the validator would not let through is still refused.
    dialog.setMapName(QStringLiteral("Bad Name"));
    QVERIFY(!okButton(dialog)->isEnabled());
    dialog.setMapName(QStringLiteral("Good_Name"));
    QVERIFY(okButton(dialog)->isEnabled());

    // The folder is required too.
    typeInto(find<QLineEdit>(dialog, "directoryEdit"), QString());
    QVERIFY(!okButton(dialog)->isEnabled());
    QVERIFY(dialog.problems().join(' ').contains(QStringLiteral("folder")));
}

void TestNewMapDialog::blockStaysOnTheGrid() {
    NewMapDialog dialog;
    auto* firstX = find<QSpinBox>(dialog, "firstTileXSpin");
    auto* firstY = find<QSpinBox>(dialog, "firstTileYSpin");
    auto* width = find<QSpinBox>(dialog, "blockWidthSpin");
    auto* height = find<QSpinBox>(dialog, "blockHeightSpin");
    QCOMPARE(firstX->maximum(), 63);
    QCOMPARE(width->maximum(), 8);
    width->setValue(8);
    height->setValue(8);
    QCOMPARE(dialog.spec().tiles.size(), std::size_t(64));

    firstX->setValue(60); // 60..63: four tiles fit
    QCOMPARE(width->maximum(), 4);
    QCOMPARE(width->value(), 4);
    typeIntoSpin(firstY, QStringLiteral("63"));
    QCOMPARE(height->value(), 1);
    QCOMPARE(dialog.spec().tiles, (std::vector<TileCoord>{{60, 63}, {61, 63}, {62, 63}, {63, 63}}));

    width->setValue(9);
    QCOMPARE(width->value(), 4);
    firstX->setValue(0);
    QCOMPARE(width->maximum(), 8);
    QCOMPARE(width->value(), 4); // widening the room does not change the width
}

void TestNewMapDialog::existingMapNeedsReplace() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    QFile wdt(tmp.filePath(QStringLiteral("Taken.wdt")));
    QVERIFY(wdt.open(QIODevice::WriteOnly));
    wdt.close();

    NewMapDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QTest::keyClicks(find<QLineEdit>(dialog, "directoryEdit"), tmp.path());
    QTest::keyClicks(find<QLineEdit>(dialog, "mapNameEdit"), QStringLiteral("Taken"));
    QVERIFY(!okButton(dialog)->isEnabled());
    QVERIFY(find<QLabel>(dialog, "problemsLabel")->text().contains(QStringLiteral("already exists")));

    auto* replace = find<QCheckBox>(dialog, "overwriteCheck");
    QTest::mouseClick(replace, Qt::LeftButton, Qt::NoModifier, QPoint(8, replace->height() / 2));
    QVERIFY(replace->isChecked());
    QVERIFY(dialog.spec().overwrite);
    QVERIFY(okButton(dialog)->isEnabled());

    QTest::keyClicks(find<QLineEdit>(dialog, "mapNameEdit"), QStringLiteral("2"));
    replace->setChecked(false);
    QVERIFY(okButton(dialog)->isEnabled()); // Taken2 is free
}

void TestNewMapDialog::okAccepts() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    NewMapDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QTest::mouseClick(okButton(dialog), Qt::LeftButton); // disabled: nothing happens
    QVERIFY(dialog.isVisible());

    dialog.setDirectory(tmp.path());
    dialog.setMapName(QStringLiteral("Fine"));
    QTest::mouseClick(okButton(dialog), Qt::LeftButton);
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QVERIFY(!dialog.isVisible());
}

QTEST_MAIN(TestNewMapDialog)
#include "test_new_map_dialog.moc"
