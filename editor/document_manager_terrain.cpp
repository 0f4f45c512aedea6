// DocumentManager's terrain imports and exports (File > Import > Heightmap Image / Gamestudio Terrain,
// File > Export > Heightmap PNG / Gamestudio Terrain): the CLI's shared core (core/convert/terrain_block.h)
// over the open document, with progress per tile and Cancel, the outcome in the status bar.

#include "editor/document_manager.h"

#include "core/convert/height_text.h"
#include "core/document/atomic_file.h"
#include "core/document/block_heights.h"
#include "core/document/tile_loader.h"
#include "io/gamestudio/hmp.h"

namespace mapsmith::editor {

std::optional<core::HeightGrid> DocumentManager::blockHeights(const core::TileBlock& block) {
    if (!mDoc) {
        return std::nullopt;
    }
    auto grid = core::sampleDocumentBlock(*mDoc, block);
    return grid ? std::optional(std::move(grid.value())) : std::nullopt;
}

std::optional<core::HeightGrid> DocumentManager::sampleWithProgress(const core::TileBlock& block) {
    const int total = block.tilesX * block.tilesY;
    mCancelled = false;
    emit progressStarted(tr("Reading the heights of %n tile(s)...", nullptr, total), total);
    auto grid = core::sampleDocumentBlock(*mDoc, block, [this](int done, int all) {
        emit progressed(done, all);
        return !mCancelled;
    });
    emit progressFinished();
    if (!grid) {
        if (grid.error().code == core::CoreError::Code::Cancelled) {
            emit succeeded(tr("Export cancelled: nothing written"), 5000);
        } else {
            emit errorOccurred(tr("Export failed: %1").arg(QString::fromStdString(grid.error().describe())));
        }
        return std::nullopt;
    }
    return std::move(grid.value());
}

std::optional<core::HeightRange>
DocumentManager::exportHeightmap(const QString& path, const core::TileBlock& block,
                                 const core::HeightmapExportSettings& settings, bool allowMissing) {
    if (!mDoc) {
        return std::nullopt;
    }
    const auto missing = core::tilesNotInMap(*mDoc, block);
    if (int(missing.size()) == block.tilesX * block.tilesY) {
        emit errorOccurred(tr("Export failed: %1 has none of the tiles of %2")
                               .arg(mDoc->mapName(), core::tileBlockText(block)));
        return std::nullopt;
    }
    if (!missing.empty() && !allowMissing) {
        emit errorOccurred(
            tr("Export failed: %1 has no %2 (export missing tiles as 0 yards, or choose another "
               "block)")
                .arg(mDoc->mapName(), QString::fromStdString(core::tileFileNames(*mDoc, missing))));
        return std::nullopt;
    }
    const auto grid = sampleWithProgress(block);
    if (!grid) {
        return std::nullopt;
    }
    const core::HeightRange range = core::heightmapExportRange(*grid, settings);
    if (!(range.min < range.max)) {
        emit errorOccurred(tr("Export failed: the black height %1 must be below the white height %2")
                               .arg(core::heightText(range.min), core::heightText(range.max)));
        return std::nullopt;
    }
    const auto png = core::encodeHeightmapPng(*grid, range);
    if (!png) {
        emit errorOccurred(
            tr("Export failed: the block %1 is %2")
                .arg(core::tileBlockText(block), QString::fromStdString(png.error().describe())));
        return std::nullopt;
    }
    const auto saved = core::saveFileAtomically(path, *png, core::BackupPolicy::NoBackup);
    if (!saved.ok) {
        emit errorOccurred(tr("Export failed: %1").arg(saved.error));
        return std::nullopt;
    }
    QString summary =
        tr("Wrote %1: %2 x %3 pixels, tiles %4; heights %5 .. %6 yards (import with this range)")
            .arg(path)
            .arg(grid->width)
            .arg(grid->height)
            .arg(core::tileBlockText(block), core::heightText(range.min), core::heightText(range.max));
    if (const std::size_t clamped = core::heightsOutside(*grid, range); clamped > 0) {
        summary += tr("; %1 height(s) outside the range were clamped").arg(clamped);
    }
    if (!missing.empty()) {
        summary += tr("; %n missing tile(s) written as 0 yards", nullptr, int(missing.size()));
    }
    emit succeeded(summary, 10000);
    return range;
}

bool DocumentManager::exportHmp5(const QString& path, const core::TileBlock& block) {
    if (!mDoc) {
        return false;
    }
    if (const auto missing = core::tilesNotInMap(*mDoc, block); !missing.empty()) {
        emit errorOccurred(
            tr("Export failed: %1 has no %2")
                .arg(mDoc->mapName(), QString::fromStdString(core::tileFileNames(*mDoc, missing))));
        return false;
    }
    const auto grid = sampleWithProgress(block);
    if (!grid) {
        return false;
    }
    const auto encoded = core::encodeBlockHmp5(*grid);
    if (!encoded) {
        emit errorOccurred(
            tr("Export failed: the block %1 cannot be written as HMP5 (%2)")
                .arg(core::tileBlockText(block), QString::fromStdString(encoded.error().describe())));
        return false;
    }
    const auto saved = core::saveFileAtomically(path, encoded->bytes, core::BackupPolicy::NoBackup);
    if (!saved.ok) {
        emit errorOccurred(tr("Export failed: %1").arg(saved.error));
        return false;
    }
    emit succeeded(tr("Wrote %1: HMP5, %2 x %3 vertices %4 yards apart, tiles %5")
                       .arg(path)
                       .arg(grid->width)
                       .arg(grid->height)
                       .arg(core::heightText(encoded->hmp.header.triSizeX), core::tileBlockText(block)),
                   10000);
    return true;
}

std::optional<core::TerrainImportReport> DocumentManager::importHeightmap(const QString& image,
                                                                          const core::TileBlock& block,
                                                                          double minHeight,
                                                                          double maxHeight) {
    if (!mDoc) {
        return std::nullopt;
    }
    if (!(minHeight < maxHeight)) {
        emit errorOccurred(tr("Import failed: the black height %1 must be below the white height %2")
                               .arg(core::heightText(minHeight), core::heightText(maxHeight)));
        return std::nullopt;
    }
    const auto bytes = core::readWholeFile(image);
    if (!bytes) {
        emit errorOccurred(tr("Import failed: %1").arg(QString::fromStdString(bytes.error().describe())));
        return std::nullopt;
    }
    const auto decoded = core::decodeHeightmapImage(*bytes);
    if (!decoded) {
        emit errorOccurred(tr("Import failed: cannot read the image %1: %2")
                               .arg(image, QString::fromStdString(decoded.error().describe())));
        return std::nullopt;
    }
    const core::TerrainImport import{
        core::gridFromHeightmap(*decoded, minHeight, maxHeight), {}, std::nullopt};
    return importTerrain(block, import, tr("Import heightmap"),
                         tr("%1 (%2 x %3), heights %4 .. %5 yards")
                             .arg(image)
                             .arg(decoded->width())
                             .arg(decoded->height())
                             .arg(core::heightText(minHeight), core::heightText(maxHeight)));
}

std::optional<core::TerrainImportReport> DocumentManager::importHmp(const QString& hmpPath,
                                                                    const core::TileBlock& block,
                                                                    const core::HmpImportSettings& settings) {
    if (!mDoc) {
        return std::nullopt;
    }
    const auto bytes = core::readWholeFile(hmpPath);
    if (!bytes) {
        emit errorOccurred(tr("Import failed: %1").arg(QString::fromStdString(bytes.error().describe())));
        return std::nullopt;
    }
    const auto hmp = io::readHmp(*bytes);
    if (!hmp) {
        emit errorOccurred(
            tr("Import failed: %1: %2").arg(hmpPath, QString::fromStdString(hmp.error().describe())));
        return std::nullopt;
    }
    const auto plan = core::planHmpImport(*hmp, settings);
    if (!plan) {
        QString why;
        switch (plan.error()) {
        case core::HmpImportProblem::NoGrid:
            why = tr("%1 holds no grid of heights").arg(hmpPath);
            break;
        case core::HmpImportProblem::UnusableHeights:
            why = tr("the heights of %1 scaled by %2 and offset by %3 are not usable heights in yards")
                      .arg(hmpPath)
                      .arg(settings.heightScale, 0, 'g', 9)
                      .arg(settings.heightOffset, 0, 'g', 9);
            break;
        case core::HmpImportProblem::NoSkin:
            why = tr("tinting needs a skin, and %1 has none").arg(hmpPath);
            break;
        case core::HmpImportProblem::SkinNotDecoded:
            why = tr("tinting needs the first skin's colours, and the first skin of %1 cannot be decoded")
                      .arg(hmpPath);
            break;
        }
        emit errorOccurred(tr("Import failed: %1; nothing changed").arg(why));
        return std::nullopt;
    }
    QString source =
        tr("%1 (HMP%2, %3 x %4 vertices): %5 .. %6 yards")
            .arg(hmpPath)
            .arg(int(hmp->header.version))
            .arg(plan->grid.width)
            .arg(plan->grid.height)
            .arg(core::heightText(float(plan->yardsMin)), core::heightText(float(plan->yardsMax)));
    if (plan->tint) {
        source +=
            tr(", vertex colours from its %1 x %2 skin").arg(plan->tint->width()).arg(plan->tint->height());
    }
    const core::TerrainImport import{plan->grid, {settings.heightScale, settings.heightOffset}, plan->tint};
    return importTerrain(block, import, tr("Import Gamestudio terrain"), source);
}

std::optional<core::TerrainImportReport> DocumentManager::importTerrain(const core::TileBlock& block,
                                                                        const core::TerrainImport& import,
                                                                        const QString& undoText,
                                                                        const QString& source) {
    const int total = block.tilesX * block.tilesY;
    mCancelled = false;
    emit progressStarted(tr("Importing onto %n tile(s)...", nullptr, total), total);
    auto report = core::importTerrain(*mDoc, block, import, undoText, [this](int done, int all) {
        emit progressed(done, all);
        return !mCancelled;
    });
    emit progressFinished();
    if (!report) {
        if (report.error().code == core::CoreError::Code::Cancelled) {
            emit succeeded(tr("Import cancelled: nothing changed"), 5000);
        } else {
            emit errorOccurred(tr("Import failed: %1; nothing changed")
                                   .arg(QString::fromStdString(report.error().describe())));
        }
        return std::nullopt;
    }
    emit succeeded(report->pushed
                       ? tr("Imported %1 onto %n tile(s) (%2): %3 chunk(s) changed (Edit > Undo takes "
                            "it back; save to write it)",
                            nullptr, report->tiles)
                             .arg(source, core::tileBlockText(block))
                             .arg(report->chunksChanged)
                       : tr("Imported %1 onto %n tile(s) (%2): nothing changed", nullptr, report->tiles)
                             .arg(source, core::tileBlockText(block)),
                   10000);
    return *report;
}

} // namespace mapsmith::editor
