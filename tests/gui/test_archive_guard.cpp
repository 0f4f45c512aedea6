// The editor with a client Data folder that holds an archive crashing StormLib (test::makeCrashingMpq):
// mapsmith-mpq-probe dies instead of the editor, which names the archive and the signal where asset
// problems go, and the good archive beside it still gives its textures.

#include "core/assets/archive_guard.h"
#include "editor/main_window.h"

#include "support/test_mpq.h"

#include <QDir>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <cstring>

using namespace mapsmith;

class TestArchiveGuard : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY(qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS"));
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        core::setMpqProbeProgram(QStringLiteral(MAPSMITH_MPQ_PROBE)); // not beside this test: named
    }

    void archiveThatCrashesStormLibIsSkipped() {
        QTemporaryDir dir;
        const QString data = dir.filePath(QStringLiteral("Data"));
        QVERIFY(QDir().mkpath(data));
        QVERIFY(test::makeTestMpq((data + QStringLiteral("/common.MPQ")).toStdString(),
                                  std::vector<std::pair<std::string, std::string>>{
                                      {"Tileset\\Elwynn\\A.blp", "a"}, {"Tileset\\Elwynn\\B.blp", "b"}}));
        QVERIFY(test::makeCrashingMpq((data + QStringLiteral("/patch.MPQ")).toStdString()));
        editor::MainWindow window;
        QVERIFY(!window.setAssetFolders({data, {}, {}}));
        QCOMPARE(window.lastError(),
                 QStringLiteral("Client folder: %1/patch.MPQ: crashed the archive reader (signal %2, %3)")
                     .arg(data)
                     .arg(SIGFPE)
                     .arg(QString::fromLocal8Bit(strsignal(SIGFPE))));
        QCOMPARE(window.gameTextures(), (QStringList{QStringLiteral("Tileset\\Elwynn\\A.blp"),
                                                     QStringLiteral("Tileset\\Elwynn\\B.blp")}));
        QVERIFY(window.setAssetFolders({}));
    }
};

QTEST_MAIN(TestArchiveGuard)
#include "test_archive_guard.moc"
