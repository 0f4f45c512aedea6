#include "tests/cli/cli_case.h"

#include "support/test_files.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QtTest>

#include <nlohmann/json.hpp>

namespace mapsmith::tests {

namespace {

// Every file below `dir`, by its path relative to it, with its bytes.
std::map<QString, QByteArray> filesBelow(const QString& dir) {
    std::map<QString, QByteArray> files;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        files[QDir(dir).relativeFilePath(path)] = fileBytes(path);
    }
    return files;
}

// A case's text with its placeholders replaced by the folders they stand for.
struct Places {
    QString fixture;
    QString out;

    QString operator()(QString text) const {
        return text.replace(QStringLiteral("@corpus"), QStringLiteral(MAPSMITH_CORPUS_DIR))
            .replace(QStringLiteral("@fixture"), fixture)
            .replace(QStringLiteral("@out"), out);
    }
    QStringList operator()(const QStringList& texts) const {
        QStringList expanded;
        for (const QString& text : texts) {
            expanded << (*this)(text);
        }
        return expanded;
    }
};

QString codeName(int code) {
    switch (code) {
    case cli::Ok:
        return QStringLiteral("Ok");
    case cli::Invalid:
        return QStringLiteral("Invalid");
    case cli::Usage:
        return QStringLiteral("Usage");
    case cli::Failure:
        return QStringLiteral("Failure");
    case kCliTimedOut:
        return QStringLiteral("timed out");
    case kCliCrashed:
        return QStringLiteral("crashed");
    default:
        return QString::number(code);
    }
}

// The JSON expectations of `c` against stdout.
void checkJson(const CliCase& c, const CliRun& r, const Places& places) {
    const auto j = nlohmann::json::parse(r.out.toStdString(), nullptr, false);
    QVERIFY2(!j.is_discarded(), qPrintable(r.out));
    for (const auto& [pointer, value] : c.json) {
        const nlohmann::json::json_pointer at(pointer);
        QVERIFY2(j.contains(at), pointer.c_str());
        QCOMPARE(QString::fromStdString(j.at(at).dump()), places(QString::fromStdString(value)));
    }
    for (const auto& [pointer, size] : c.jsonSizes) {
        const nlohmann::json::json_pointer at(pointer);
        QVERIFY2(j.contains(at), pointer.c_str());
        QCOMPARE(j.at(at).size(), size);
    }
}

} // namespace

CliRun runCli(const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral(MAPSMITH_CLI), args);
    if (!p.waitForFinished(120000)) {
        p.kill();
        return {};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : kCliCrashed,
            QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

QString corpus(const char* name) {
    return QString::fromStdString(corpusPath(name));
}

std::vector<std::byte> stdBytes(const QByteArray& bytes) {
    const auto* p = reinterpret_cast<const std::byte*>(bytes.constData());
    return std::vector<std::byte>(p, p + bytes.size());
}

QByteArray qtBytes(const std::vector<std::byte>& bytes) {
    return QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
}

QByteArray fileBytes(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

void CliFixture::seal() {
    mSealed = filesBelow(path());
}

QString CliFixture::takeChanges() {
    const QStringList changed = changedFiles();
    if (changed.isEmpty()) {
        return {};
    }
    seal();
    return QStringLiteral("the fixture changed: ") + changed.join(u' ');
}

QStringList CliFixture::changedFiles() const {
    const auto now = filesBelow(path());
    QStringList changed;
    for (const auto& [name, bytes] : mSealed) {
        const auto it = now.find(name);
        if (it == now.end() || it->second != bytes) {
            changed << name;
        }
    }
    for (const auto& entry : now) {
        if (!mSealed.contains(entry.first)) {
            changed << entry.first;
        }
    }
    return changed;
}

void addCliCaseColumn() {
    QTest::addColumn<CliCase>("cliCase");
}

void addCliCase(const char* name, const CliCase& c) {
    QTest::newRow(name) << c;
}

void checkCliCase(const CliFixture& fixture, const QString& out) {
    QFETCH(CliCase, cliCase);
    const Places places{fixture.path(), out};
    const CliRun r = runCli(places(cliCase.args));
    QVERIFY2(r.code == cliCase.code,
             qPrintable(QStringLiteral("exit %1, expected %2\n%3%4")
                            .arg(codeName(r.code), codeName(cliCase.code), r.out, r.err)));
    for (const QString& text : places(cliCase.outHas)) {
        QVERIFY2(r.out.contains(text), qPrintable(text + QStringLiteral(" not in:\n") + r.out));
    }
    for (const QString& text : places(cliCase.errHas)) {
        QVERIFY2(r.err.contains(text), qPrintable(text + QStringLiteral(" not in:\n") + r.err));
    }
    if (!cliCase.json.empty() || !cliCase.jsonSizes.empty()) {
        checkJson(cliCase, r, places);
        if (QTest::currentTestFailed()) {
            return;
        }
    }
    for (const QString& path : places(cliCase.absent)) {
        QVERIFY2(!QFile::exists(path), qPrintable(path));
    }
}

} // namespace mapsmith::tests
