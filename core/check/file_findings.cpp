#include "core/check/file_findings.h"

#include "io/binary/hex.h"
#include "io/check/adt_file_checks.h"
#include "io/check/adt_model_checks.h"
#include "io/check/wdt_checks.h"

namespace mapsmith::core {

std::vector<io::Finding> tileFindings(const io::Adt& adt, const std::vector<io::Warning>& readProblems,
                                      std::span<const std::byte> rootFile, bool v18) {
    io::FindingList list;
    if (v18) {
        io::checkAdtFileLayout(rootFile, list);
    }
    io::checkAdtModel(adt, list, io::locateAdtPlaces(rootFile));
    io::addReadProblems(readProblems, list);
    return list.take();
}

std::vector<io::Finding> tileFileFindings(std::span<const std::byte> file, std::optional<bool> bigAlpha) {
    io::AdtReadOptions options;
    options.lenient = true;
    options.bigAlpha = bigAlpha;
    auto read = io::readAdt(file, options);
    if (!read) {
        io::FindingList list;
        io::checkAdtFileLayout(file, list);
        io::addReadProblems({read.error()}, list);
        return list.take();
    }
    return tileFindings(read->adt, read->warnings, file, true);
}

std::vector<io::Finding> wdtFindings(const io::Wdt& wdt, std::span<const std::byte> file,
                                     const std::vector<io::Warning>& readProblems) {
    io::FindingList list;
    io::checkWdtModel(wdt, list, file);
    io::addReadProblems(readProblems, list);
    return list.take();
}

std::vector<io::Finding> wdtFileFindings(std::span<const std::byte> file) {
    io::Diagnostics diag;
    diag.lenient = true;
    auto wdt = io::readWdt(file, diag);
    if (!wdt) {
        io::FindingList list;
        io::addReadProblems({wdt.error()}, list);
        return list.take();
    }
    return wdtFindings(*wdt, file, diag.warnings);
}

std::vector<io::Finding> errorsOf(const std::vector<io::Finding>& findings) {
    std::vector<io::Finding> out;
    for (const io::Finding& f : findings) {
        if (f.severity == io::Severity::Error) {
            out.push_back(f);
        }
    }
    return out;
}

std::string describeFindings(const std::vector<io::Finding>& findings) {
    std::string out;
    for (const io::Finding& f : findings) {
        if (!out.empty()) {
            out += '\n';
        }
        if (!f.chunk.isNull()) {
            out += f.chunk.str() +
                   (f.offsets.empty() || f.offsets.front() == 0 ? std::string()
                                                                : " at " + io::hex(f.offsets.front())) +
                   ": ";
        }
        out += f.message;
        if (f.count > 1) {
            out += " (x" + std::to_string(f.count) + ")";
        }
        out += " (" + io::describeConsumers(f.consumers) + ")";
    }
    return out;
}

} // namespace mapsmith::core
