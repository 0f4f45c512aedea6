#include "cli/convert_alpha.h"

#include "cli/commands.h"
#include "core/convert/alpha_import.h"
#include "io/wdt/alpha_wdt.h"
#include "io/wdt/wdt.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace mapsmith::cli {
namespace {

QString tileLabel(int index) {
    return index < 0 ? QStringLiteral("map")
                     : QStringLiteral("tile (%1, %2)").arg(index % 64).arg(index / 64);
}

} // namespace

bool isAlphaWdtFile(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        return false;
    }
    // MVER (12 bytes), MPHD header + 128 bytes, MAIN header: the first 156 bytes decide.
    const QByteArray head = f.read(4096);
    return io::isAlphaWdt(std::span<const std::byte>(reinterpret_cast<const std::byte*>(head.constData()),
                                                     std::size_t(head.size())));
}

std::optional<io::Error> damagedWdtError(std::span<const std::byte> bytes) {
    auto v18 = io::readWdt(bytes);
    if (v18) {
        return std::nullopt;
    }
    auto alpha = io::readAlphaWdt(bytes);
    if (alpha) { // isAlphaWdt disagrees with its reader: say so rather than guess
        return io::Error{io::ErrorCode::BadValue, io::chunk::MPHD, 0,
                         "reads as a 0.5.3 WDT but does not start like one"};
    }
    return v18.error().offset > alpha.error().offset ? v18.error() : alpha.error();
}

int convertAlphaMaps(const QStringList& inputs, const QString& dir, TileLayout layout,
                     std::optional<io::AlphaEncoding> encoding, const core::ModelBoundsFn& modelBounds,
                     const QString& command, QTextStream& out, QTextStream& err, int& failed) {
    const QString outCanonical = QFileInfo(dir).canonicalFilePath();
    for (const QString& in : inputs) {
        if (!outCanonical.isEmpty() && QFileInfo(in).canonicalPath() == outCanonical) {
            err << command << ": --out " << dir << " is the folder of " << in
                << "; write the converted map to another folder\n";
            return Usage;
        }
    }
    core::AlphaMapImportOptions options;
    options.layout = layout == TileLayout::Split ? core::TileLayout::Split : core::TileLayout::V18;
    options.alphaEncoding = encoding.value_or(io::AlphaEncoding::FourBit);
    options.modelBounds = modelBounds;
    for (const QString& in : inputs) {
        const QString name = QFileInfo(in).fileName();
        bool progressShown = false;
        auto result = core::importAlphaMap(in, dir, options, [&](int done, int total) {
            err << "\rconverted " << done << "/" << total << " tiles of " << name;
            err.flush();
            progressShown = true;
            return true;
        });
        if (progressShown) {
            err << "\n";
        }
        if (!result) {
            // A problem in the alpha WDT's bytes names it, chunk and offset; the others say what failed.
            const core::CoreError& e = result.error();
            err << command << ": "
                << (e.cause && e.message.empty() ? located(in, *e.cause)
                                                 : QString::fromStdString(e.describe()))
                << "\n";
            ++failed;
            continue;
        }
        for (const core::AlphaImportNote& w : result->warnings) {
            err << "warning: " << tileLabel(w.tileIndex) << ": " << located(in, w.error) << "\n";
        }
        for (const core::AlphaImportNote& f : result->failures) {
            err << command << ": " << tileLabel(f.tileIndex) << ": " << located(in, f.error) << "\n";
        }
        failed += int(result->failures.size());
        const auto converted = result->convertedTiles.size();
        out << "converted " << converted << (converted == 1 ? " tile" : " tiles") << " of alpha map " << in
            << " to " << layoutName(layout) << " in " << dir << " (" << QFileInfo(result->wdtPath).fileName()
            << ")\n";
        if (modelBounds) {
            out << "doodad references: " << result->doodadsByBounds << " from their model's bounds, "
                << result->doodadsByName << " as the alpha file names them (no model in --data)\n";
        }
        out.flush();
    }
    return Ok;
}

} // namespace mapsmith::cli
