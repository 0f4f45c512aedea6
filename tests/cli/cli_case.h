#pragma once
// Running mapsmith-cli from the CLI tests: one run (CliRun), the read-only files the runs read
// (CliFixture), and a data-table row naming one run and everything it must show (CliCase).

#include "cli/exit_code.h"

#include <QByteArray>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace mapsmith::tests {

// CliRun::code when mapsmith-cli did not exit by itself.
inline constexpr int kCliTimedOut = -1; // killed after two minutes
inline constexpr int kCliCrashed = -2;

struct CliRun {
    int code = kCliTimedOut;
    QString out;
    QString err;
};

// Runs mapsmith-cli with `args` and waits for it (two minutes at the most).
CliRun runCli(const QStringList& args);

// A file of the shared corpus (../shared/corpus), e.g. corpus("adt/continent4229.adt").
QString corpus(const char* name);

// A whole file's bytes (empty when it cannot be read).
QByteArray fileBytes(const QString& path);

// The same bytes as the readers take them, and back.
std::vector<std::byte> stdBytes(const QByteArray& bytes);
QByteArray qtBytes(const std::vector<std::byte>& bytes);

// Writes a file (a new one: QFile::copy of the read-only corpus would keep it read-only).
bool writeFile(const QString& path, const QByteArray& bytes);

// A temporary folder of input files the tests share. Filled once, then sealed: changedFiles() names
// every file added, removed or rewritten since, so that a test writing into it is caught.
class CliFixture {
public:
    bool isValid() const { return mDir.isValid(); }
    QString path() const { return mDir.path(); }
    QString filePath(const QString& name) const { return mDir.filePath(name); }
    void seal();
    QStringList changedFiles() const;
    // For a test's cleanup: "the fixture changed: <files>" and sealed again (the tests after are not
    // blamed), or empty when nothing changed.
    QString takeChanges();

private:
    QTemporaryDir mDir;
    std::map<QString, QByteArray> mSealed; // path relative to the folder -> bytes
};

// One run of mapsmith-cli and what it must show: a row of a data table (the column "cliCase"). In the
// arguments and in every expected text, value and path, "@corpus" stands for the corpus folder,
// "@fixture" for the CliFixture folder and "@out" for an empty folder of the row's own.
struct CliCase {
    QStringList args{};
    int code = cli::Ok;                                      // the expected exit code
    QStringList outHas{};                                    // texts stdout must contain
    QStringList errHas{};                                    // texts stderr must contain
    std::vector<std::pair<std::string, std::string>> json{}; // stdout as JSON: pointer -> value (JSON text)
    std::vector<std::pair<std::string, std::size_t>> jsonSizes{}; // stdout as JSON: pointer -> element count
    QStringList absent{};                                         // paths that must not exist after the run
};

// Adds the column "cliCase" to the current data table; addCliCase adds one row to it.
void addCliCaseColumn();
void addCliCase(const char* name, const CliCase& c);

// Runs the current row's CliCase with `out` as "@out" and checks everything it names (QTest failures on
// mismatch).
void checkCliCase(const CliFixture& fixture, const QString& out);

} // namespace mapsmith::tests

Q_DECLARE_METATYPE(mapsmith::tests::CliCase)
