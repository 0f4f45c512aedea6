#include "core/convert/alpha_import.h"

#include "io/adt/adt_split.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <set>
#include <string>

namespace mapsmith::core {
namespace {

QString tileFileName(const QString& name, int index) {
    return QStringLiteral("%1_%2_%3.adt").arg(name).arg(index % 64).arg(index / 64);
}

// Re-references every doodad of a converted tile whose model has a box from the chunks that box
// overlaps (the nearest chunk when it misses the tile). Returns how many were; the names of models
// without a box go into `unbounded`.
std::size_t referenceDoodadsByBounds(TileCoord tile, io::Adt& adt, const ModelBoundsFn& modelBounds,
                                     std::set<std::string>& unbounded) {
    ObjectBoundsSettings settings;
    settings.modelBounds = modelBounds;
    std::size_t done = 0;
    for (std::size_t i = 0; i < adt.doodads.size(); ++i) {
        const io::DoodadPlacement& d = adt.doodads[i];
        const std::string& name =
            d.nameIndex < adt.modelNames.size() ? adt.modelNames[d.nameIndex] : std::string();
        if (name.empty() || !modelBounds(ObjectKind::Doodad, name)) {
            unbounded.insert(name);
            continue;
        }
        const ChunkSpan span = referencingChunks(tile, doodadBounds(d, name, settings), toDvec(d.position));
        for (int c = 0; c < io::kChunksPerTile; ++c) {
            (void)setReference(adt.chunks[std::size_t(c)].doodadRefs, std::uint32_t(i),
                               span.contains(c / kChunksPerSide, c % kChunksPerSide)); // changed or not
        }
        ++done;
    }
    return done;
}

} // namespace

Expected<AlphaMapImportResult> importAlphaMap(std::span<const std::byte> file, const QString& outDir,
                                              const AlphaMapImportOptions& options,
                                              const AlphaImportProgress& progress) {
    const QString name = options.mapName;
    if (name.isEmpty()) {
        return CoreError(CoreError::Code::Refused, "no map name for the converted files");
    }
    auto wdt = io::readAlphaWdt(file);
    if (!wdt) {
        return CoreError(wdt.error());
    }
    if (!QDir().mkpath(outDir)) {
        return CoreError(CoreError::Code::File, "cannot create " + outDir.toStdString());
    }
    const QDir dir(outDir);
    AlphaMapImportResult result;
    // One transaction: the tiles and the WDT appear together, or (cancelled, failed, killed) none does.
    FileTransaction transaction(outDir);
    QStringList staged;
    // A failed write names the file and the reason; it fails the whole import.
    auto save = [&](const QString& path, std::span<const std::byte> bytes) -> std::optional<io::Error> {
        if (QString e = transaction.stage(path, bytes, options.backup); !e.isEmpty()) {
            return io::Error{io::ErrorCode::FileIo, {}, 0, e.toStdString(), path.toStdString()};
        }
        staged << path;
        return std::nullopt;
    };

    io::AdtWriteOptions writeOptions;
    const bool bigAlpha = options.alphaEncoding != io::AlphaEncoding::FourBit;
    if (bigAlpha) {
        writeOptions.alphaEncoding = options.alphaEncoding;
    }
    const std::vector<int> tiles = wdt->tileIndices();
    const int total = int(tiles.size());
    std::set<std::string> unbounded; // doodad models modelBounds has no box for
    for (int k = 0; k < total; ++k) {
        const int index = tiles[std::size_t(k)];
        const QString path = dir.filePath(tileFileName(name, index));
        auto tile = io::readAlphaTile(*wdt, file, index);
        if (!tile) {
            result.failures.push_back({index, tile.error()});
        } else {
            for (const io::Warning& w : tile->warnings) {
                result.warnings.push_back({index, w});
            }
            AlphaTileImport imported = importAlphaTile(*wdt, *tile);
            for (const io::Warning& w : imported.warnings) {
                result.warnings.push_back({index, w});
            }
            if (options.modelBounds) {
                const std::size_t byBounds = referenceDoodadsByBounds({index % 64, index / 64}, imported.adt,
                                                                      options.modelBounds, unbounded);
                result.doodadsByBounds += byBounds;
                result.doodadsByName += imported.adt.doodads.size() - byBounds;
            }
            std::optional<io::Error> problem;
            imported.adt.bigAlpha = bigAlpha;
            if (options.layout == TileLayout::V18) {
                problem = save(path, io::writeAdt(imported.adt, writeOptions));
            } else {
                const io::SplitAdtFiles files = io::writeSplitAdt(imported.adt, writeOptions);
                const std::filesystem::path root(QFile::encodeName(path).toStdString());
                auto partner = [&](io::SplitFileKind kind) {
                    return QFile::decodeName(
                        QByteArray::fromStdString(io::splitPartnerPath(root, kind).string()));
                };
                problem = save(path, files.root);
                if (!problem) {
                    problem = save(partner(io::SplitFileKind::Tex0), files.tex0);
                }
                if (!problem) {
                    problem = save(partner(io::SplitFileKind::Obj0), files.obj0);
                }
            }
            if (problem) {
                return CoreError(*problem);
            } else {
                result.convertedTiles.push_back(index);
            }
        }
        if (progress && !progress(k + 1, total)) {
            return CoreError(CoreError::Code::Cancelled,
                             QStringLiteral("Converting %1 was cancelled after %2 of %3 "
                                            "tiles; nothing was written.")
                                 .arg(name)
                                 .arg(k + 1)
                                 .arg(total)
                                 .toStdString());
        }
    }
    std::sort(result.convertedTiles.begin(), result.convertedTiles.end());

    std::vector<io::Warning> mapWarnings;
    if (!unbounded.empty()) {
        std::string names;
        for (const std::string& n : unbounded) {
            if (names.size() > 200) {
                names += ", ...";
                break;
            }
            names += (names.empty() ? "" : ", ") + (n.empty() ? std::string("(no name)") : n);
        }
        mapWarnings.push_back(
            io::Warning{io::ErrorCode::FileIo, io::chunk::MCRF, 0,
                        std::to_string(unbounded.size()) +
                            " doodad model(s) without bounds in the game data keep the alpha "
                            "file's references (every chunk that named them): " +
                            names});
    }
    io::Wdt v18 = importAlphaWdt(*wdt, result.convertedTiles, &mapWarnings);
    if (bigAlpha) {
        v18.flags |= io::mphd_flags::BigAlpha;
    }
    for (const io::Warning& w : mapWarnings) {
        result.warnings.push_back({-1, w});
    }
    result.wdtPath = dir.filePath(name + QStringLiteral(".wdt"));
    if (auto problem = save(result.wdtPath, io::writeWdt(v18))) {
        return CoreError(*problem);
    }
    if (QString e = transaction.commit(); !e.isEmpty()) {
        return CoreError(CoreError::Code::File, e.toStdString());
    }
    result.writtenPaths = staged;
    return result;
}

Expected<AlphaMapImportResult> importAlphaMap(const QString& alphaWdtPath, const QString& outDir,
                                              const AlphaMapImportOptions& options,
                                              const AlphaImportProgress& progress) {
    QFile f(alphaWdtPath);
    // Problems in the alpha WDT's bytes name it.
    auto located = [&](io::Error e) {
        if (e.file.empty()) {
            e.file = alphaWdtPath.toStdString();
        }
        return e;
    };
    if (!f.open(QIODevice::ReadOnly)) {
        return CoreError(
            CoreError::Code::File,
            QStringLiteral("cannot open %1: %2").arg(alphaWdtPath, f.errorString()).toStdString());
    }
    AlphaMapImportOptions opts = options;
    if (opts.mapName.isEmpty()) {
        opts.mapName = QFileInfo(alphaWdtPath).completeBaseName();
    }
    // Mapped when the platform allows it (alpha maps run to hundreds of MB), else read whole.
    QByteArray copy;
    std::span<const std::byte> bytes;
    if (f.size() > 0) {
        if (uchar* mapped = f.map(0, f.size())) {
            bytes =
                std::span<const std::byte>(reinterpret_cast<const std::byte*>(mapped), std::size_t(f.size()));
        } else {
            copy = f.readAll();
            if (copy.size() != f.size()) {
                return CoreError(
                    CoreError::Code::File,
                    QStringLiteral("cannot read %1: %2").arg(alphaWdtPath, f.errorString()).toStdString());
            }
            bytes = std::span<const std::byte>(reinterpret_cast<const std::byte*>(copy.constData()),
                                               std::size_t(copy.size()));
        }
    }
    auto result = importAlphaMap(bytes, outDir, opts, progress);
    if (!result) {
        CoreError e = result.error();
        if (e.cause) {
            e.cause = located(*e.cause);
        }
        return e;
    }
    for (auto& n : result->failures) {
        n.error = located(n.error);
    }
    for (auto& n : result->warnings) {
        n.error = located(n.error);
    }
    return result;
}

} // namespace mapsmith::core
