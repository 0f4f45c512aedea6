// The pieces every reader shares (io/binary): ProblemReporter keeps the first problem as the error in strict
// mode and turns every problem into a warning in lenient mode; Expected<void> is success or an error; hex()
// writes offsets as errors print them.

#include "io/binary/diagnostics.h"
#include "io/binary/error.h"
#include "io/binary/hex.h"

#include <QtTest>

using namespace mapsmith;

namespace {

io::Error problemAt(std::uint64_t offset) {
    return io::Error{io::ErrorCode::BadValue, io::chunk::MCNK, offset, "bad " + std::to_string(offset)};
}

io::Expected<void> succeedUnless(bool fail) {
    if (fail) {
        return problemAt(7);
    }
    return {};
}

} // namespace

class TestDiagnostics : public QObject {
    Q_OBJECT
private slots:
    void strictKeepsTheFirstProblem();
    void lenientWarnsAndGoesOn();
    void warningsNeverStop();
    void successOrError();
    void hexDigits();
};

void TestDiagnostics::strictKeepsTheFirstProblem() {
    io::Diagnostics diag;
    io::ProblemReporter report(diag);
    QVERIFY(!report.failed());
    QVERIFY(!report.problem(problemAt(1)));
    QVERIFY(!report.problem(problemAt(2)));
    QVERIFY(report.failed());
    QCOMPARE(report.error(), problemAt(1));
    QVERIFY(diag.warnings.empty());
}

void TestDiagnostics::lenientWarnsAndGoesOn() {
    io::Diagnostics diag;
    diag.lenient = true;
    io::ProblemReporter report(diag);
    QVERIFY(report.lenient());
    QVERIFY(report.problem(problemAt(1)));
    QVERIFY(report.problem(problemAt(2)));
    QVERIFY(!report.failed());
    QCOMPARE(diag.warnings.size(), std::size_t(2));
    QCOMPARE(diag.warnings[1], problemAt(2));
}

void TestDiagnostics::warningsNeverStop() {
    io::Diagnostics diag;
    io::ProblemReporter report(diag);
    report.warn(problemAt(3));
    QVERIFY(!report.failed());
    QCOMPARE(diag.warnings.size(), std::size_t(1));
    // A second read with the same Diagnostics starts without an error.
    io::ProblemReporter again(diag);
    QVERIFY(!again.failed());
}

void TestDiagnostics::successOrError() {
    const auto ok = succeedUnless(false);
    QVERIFY(ok);
    QVERIFY(ok.hasValue());
    const auto failed = succeedUnless(true);
    QVERIFY(!failed);
    QCOMPARE(failed.error(), problemAt(7));
}

void TestDiagnostics::hexDigits() {
    QCOMPARE(io::hex(0), std::string("0x0"));
    QCOMPARE(io::hex(500), std::string("0x1f4"));
    QCOMPARE(io::hex(0xFFFFFFFFFFFFFFFFull), std::string("0xffffffffffffffff"));
    QCOMPARE(problemAt(0x54).describe(), std::string("MCNK at 0x54: bad 84"));
}

QTEST_APPLESS_MAIN(TestDiagnostics)
#include "test_diagnostics.moc"
