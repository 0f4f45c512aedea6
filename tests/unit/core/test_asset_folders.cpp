// Asset folders: settings round trip, the checks a map maker sees in the dialog (missing folder, a client
// folder without MPQ archives, several locales), the client folder given as its parent, and the opened
// stack's priority: project over extracted over the client's archives; a bad folder is skipped and named.

#include "core/document/asset_folders.h"

#include "support/test_mpq.h"
#include "support/write_file.h"

#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

using namespace mapsmith;

namespace {

bool makeMpq(const QString& path, const std::string& name, const std::string& content) {
    return test::makeTestMpq(path.toStdString(),
                             std::vector<std::pair<std::string, std::string>>{{name, content}});
}

std::string readText(const io::AssetSource& source, const char* path) {
    auto bytes = source.read(path);
    return bytes ? std::string(reinterpret_cast<const char*>(bytes->data()), bytes->size())
                 : std::string("<missing>");
}

} // namespace

class TestAssetFolders : public QObject {
    Q_OBJECT
private slots:
    void settingsRoundTrip() {
        QTemporaryDir dir;
        QSettings store(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
        const core::AssetFolders folders{QStringLiteral("/c/Data"), QStringLiteral("/x"),
                                         QStringLiteral("/p")};
        folders.save(store);
        QCOMPARE(core::AssetFolders::load(store), folders);
        QVERIFY(core::AssetFolders{}.isEmpty());
        QVERIFY(core::checkAssetFolders({}).ok());
    }

    void problemsNameTheFolder() {
        QTemporaryDir dir;
        const QString missing = dir.filePath(QStringLiteral("nowhere"));
        const QString empty = dir.filePath(QStringLiteral("empty"));
        QVERIFY(QDir().mkpath(empty));
        QVERIFY(test::writeFile(dir.filePath(QStringLiteral("file.txt")), "x"));
        const auto p = core::checkAssetFolders({empty, missing, dir.filePath(QStringLiteral("file.txt"))});
        QVERIFY(!p.ok());
        QCOMPARE(p.clientData, QStringLiteral("no MPQ archives found in %1").arg(empty));
        QCOMPARE(p.extracted, QStringLiteral("%1 does not exist").arg(missing));
        QVERIFY(p.project.endsWith(QStringLiteral("is not a folder")));
    }

    void severalLocalesAreAProblem() {
        QTemporaryDir dir;
        QVERIFY(makeMpq(dir.filePath(QStringLiteral("common.MPQ")), "a.txt", "a"));
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("enUS")));
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("deDE")));
        const auto p = core::checkAssetFolders({dir.path(), {}, {}});
        QVERIFY2(p.clientData.contains(QStringLiteral("several locale folders")), qPrintable(p.clientData));
    }

    void clientFolderMayBeTheParentOfData() {
        QTemporaryDir dir;
        const QString data = dir.filePath(QStringLiteral("DATA"));
        QVERIFY(QDir().mkpath(data));
        QVERIFY(makeMpq(data + QStringLiteral("/common.MPQ"), "a.txt", "a"));
        QCOMPARE(core::resolveClientDataFolder(dir.path()), data);
        QCOMPARE(core::resolveClientDataFolder(data), data);
        QVERIFY(core::checkAssetFolders({dir.path(), {}, {}}).ok());
    }

    void stackPriorityProjectExtractedClient() {
        QTemporaryDir dir;
        const QString data = dir.filePath(QStringLiteral("Data"));
        QVERIFY(QDir().mkpath(data));
        QVERIFY(makeMpq(data + QStringLiteral("/common.MPQ"), "Tileset\\A.blp", "client"));
        QVERIFY(makeMpq(data + QStringLiteral("/patch.MPQ"), "Tileset\\B.blp", "patch"));
        const QString extracted = dir.filePath(QStringLiteral("extracted"));
        QVERIFY(test::writeFile(extracted + QStringLiteral("/Tileset/A.blp"), "extracted"));
        QVERIFY(test::writeFile(extracted + QStringLiteral("/Tileset/B.blp"), "extracted"));
        const QString project = dir.filePath(QStringLiteral("project"));
        QVERIFY(test::writeFile(project + QStringLiteral("/tileset/b.blp"), "project"));

        const auto opened = core::openAssetFolders({dir.path(), extracted, project});
        QVERIFY2(opened.problems.isEmpty(), qPrintable(opened.problems.join('\n')));
        QCOMPARE(opened.source->size(), std::size_t(3));
        QCOMPARE(readText(*opened.source, "TILESET\\B.BLP"), std::string("project"));
        QCOMPARE(readText(*opened.source, "tileset/a.blp"), std::string("extracted"));

        const auto clientOnly = core::openAssetFolders({data, {}, {}});
        QCOMPARE(readText(*clientOnly.source, "Tileset\\A.blp"), std::string("client"));
        QCOMPARE(readText(*clientOnly.source, "Tileset\\B.blp"), std::string("patch"));
    }

    // mapsmith --data: named paths over the saved folders, loose files over archives in both.
    void namedPathsGoOnTopOfTheSavedFolders() {
        QTemporaryDir dir;
        const QString data = dir.filePath(QStringLiteral("Client/Data"));
        QVERIFY(QDir().mkpath(data));
        QVERIFY(makeMpq(data + QStringLiteral("/common.MPQ"), "Tileset\\A.blp", "client"));
        QVERIFY(makeMpq(data + QStringLiteral("/patch.MPQ"), "Tileset\\D.blp", "client"));
        QVERIFY(makeMpq(data + QStringLiteral("/patch-2.MPQ"), "Tileset\\E.blp", "client"));
        const QString project = dir.filePath(QStringLiteral("project"));
        QVERIFY(test::writeFile(project + QStringLiteral("/Tileset/B.blp"), "project"));
        const QString named = dir.filePath(QStringLiteral("named"));
        QVERIFY(test::writeFile(named + QStringLiteral("/Tileset/A.blp"), "named"));
        QVERIFY(test::writeFile(named + QStringLiteral("/Tileset/C.blp"), "named"));
        const QString archive = dir.filePath(QStringLiteral("named.mpq"));
        QVERIFY(makeMpq(archive, "Tileset\\B.blp", "named archive"));
        QVERIFY(makeMpq(dir.filePath(QStringLiteral("d.mpq")), "Tileset\\D.blp", "named archive"));
        const QString gone = dir.filePath(QStringLiteral("gone"));

        const core::AssetFolders saved{dir.filePath(QStringLiteral("Client")), {}, project};
        const auto opened =
            core::openGameData(saved, {archive, named, gone, dir.filePath(QStringLiteral("d.mpq"))});
        QCOMPARE(opened.problems.size(), 1); // the path that does not exist; the others are open
        QVERIFY2(opened.problems[0].contains(gone), qPrintable(opened.problems[0]));
        QCOMPARE(opened.source->size(), std::size_t(5)); // named, project, named.mpq, d.mpq, the client
        QCOMPARE(readText(*opened.source, "Tileset\\A.blp"),
                 std::string("named")); // over the client's archive
        QCOMPARE(readText(*opened.source, "Tileset\\B.blp"),
                 std::string("project")); // loose over a named archive
        QCOMPARE(readText(*opened.source, "Tileset\\C.blp"), std::string("named"));
        QCOMPARE(readText(*opened.source, "Tileset\\D.blp"),
                 std::string("named archive")); // over the client's
        QCOMPARE(readText(*opened.source, "Tileset\\E.blp"), std::string("client"));

        // Nothing named: the saved folders as openAssetFolders opens them; nothing saved: the named paths.
        QCOMPARE(core::openGameData(saved, {}).source->size(), core::openAssetFolders(saved).source->size());
        const auto namedOnly = core::openGameData({}, {named});
        QCOMPARE(namedOnly.source->size(), std::size_t(1));
        QCOMPARE(readText(*namedOnly.source, "Tileset\\C.blp"), std::string("named"));
    }

    void badFolderIsSkippedAndNamed() {
        QTemporaryDir dir;
        const QString project = dir.filePath(QStringLiteral("project"));
        QVERIFY(test::writeFile(project + QStringLiteral("/x.blp"), "p"));
        const QString garbage = dir.filePath(QStringLiteral("Data"));
        QVERIFY(test::writeFile(garbage + QStringLiteral("/common.MPQ"), QByteArray(4096, 'z')));
        const auto opened = core::openAssetFolders({garbage, dir.filePath(QStringLiteral("gone")), project});
        QCOMPARE(opened.source->size(), std::size_t(1));
        QCOMPARE(opened.problems.size(), 2);
        QVERIFY(opened.problems[0].startsWith(QStringLiteral("Extracted folder: ")));
        QVERIFY2(opened.problems[1].startsWith(QStringLiteral("Client folder: ")),
                 qPrintable(opened.problems[1]));
        QVERIFY(opened.source->exists("X.BLP"));
    }
};

QTEST_GUILESS_MAIN(TestAssetFolders)
#include "test_asset_folders.moc"
