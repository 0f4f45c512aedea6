#include "cli/file_checks.h"

#include "core/check/file_findings.h"
#include "core/document/tile_summary.h"
#include "io/check/adt_file_checks.h"

namespace mapsmith::cli {
namespace {

constexpr io::ConsumerSet kClientAndNoggit = io::bit(io::Consumer::Client) | io::bit(io::Consumer::Noggit);

} // namespace

std::vector<io::Finding> checkTile(const InputTile& tile) {
    std::vector<io::Finding> findings = core::tileFindings(tile.adt, {}, tile.files.files.front().bytes,
                                                           tile.files.layout == TileLayout::V18);
    io::FindingList list;
    list.append(findings);
    // The client and Noggit decode MCAL with the depth the WDT sets (MPHD 0x4 / 0x80).
    const core::TileSummary s = core::summarizeTile(tile.adt);
    if (s.alphaRle > 0 && !tile.alpha.wdtPath.isEmpty() && !tile.adt.bigAlpha) {
        list.add("alpha-depth", io::Severity::Error, kClientAndNoggit, io::chunk::MCLY, 0,
                 "compressed alpha maps need MPHD flag 0x4 in " + tile.alpha.wdtPath.toStdString());
    }
    io::addReadProblems(tile.warnings, list);
    return list.take();
}

std::vector<io::Finding> checkUnreadableTile(const TileFiles& files, const io::Error& error) {
    io::FindingList list;
    if (files.layout == TileLayout::V18 && !files.files.empty()) {
        io::checkAdtFileLayout(files.files.front().bytes, list);
    }
    io::addReadProblems({error}, list);
    return list.take();
}

std::vector<io::Finding> checkWdt(const io::Wdt& wdt, std::span<const std::byte> bytes,
                                  const std::vector<io::Warning>& readProblems) {
    return core::wdtFindings(wdt, bytes, readProblems);
}

std::vector<io::Finding> checkWdtBytes(std::span<const std::byte> bytes) {
    return core::wdtFileFindings(bytes);
}

QString findingLine(const QString& path, const io::Finding& f) {
    QStringList who;
    for (const std::string& id : io::consumerIds(f.consumers)) {
        who << QString::fromStdString(id);
    }
    QString place = f.chunk.isNull() ? QStringLiteral("at ")
                                     : QString::fromStdString(f.chunk.str()) + QStringLiteral(" at ");
    place += hex(f.offsets.empty() ? 0 : f.offsets.front());
    if (f.count > 1) {
        QStringList first;
        for (const std::uint64_t at : f.offsets) {
            first << hex(at);
        }
        place += QStringLiteral(" (x%1: %2%3)")
                     .arg(f.count)
                     .arg(first.join(QStringLiteral(", ")))
                     .arg(f.count > f.offsets.size() ? QStringLiteral(", ...") : QString());
    }
    const QString file = f.file.empty() ? path : QString::fromStdString(f.file);
    return QStringLiteral("%1 [%2] %3: %4: %5")
        .arg(QLatin1String(io::severityName(f.severity)), who.join(QStringLiteral(", ")), file, place,
             QString::fromStdString(f.message));
}

Json findingJson(const io::Finding& f) {
    Json j{{"rule", f.rule},
           {"severity", io::severityName(f.severity)},
           {"consumers", io::consumerIds(f.consumers)},
           {"chunk", f.chunk.isNull() ? std::string() : f.chunk.str()},
           {"offset", f.offsets.empty() ? 0 : f.offsets.front()},
           {"offsets", f.offsets},
           {"count", f.count},
           {"message", f.message}};
    if (!f.file.empty()) {
        j["file"] = f.file;
    }
    return j;
}

} // namespace mapsmith::cli
