#include "core/convert/terrain_block.h"

#include "core/convert/height_text.h"
#include "core/convert/hmp_terrain.h"
#include "core/convert/vertex_colour_image.h"
#include "core/geometry/coords.h"

#include <QBuffer>
#include <QByteArray>
#include <QImageReader>
#include <QImageWriter>

#include <algorithm>
#include <cmath>

namespace mapsmith::core {

namespace {

constexpr int kHeightmapDotsPerMeter = 3937; // 100 DPI

int tilesFor(int samples, int firstTile) {
    const int tiles = samples > 1 ? (samples - 1 + 127) / 128 : 1;
    return std::clamp(tiles, 1, std::max(1, kTilesPerSide - firstTile));
}

} // namespace

QString tileBlockText(const TileBlock& block) {
    const auto tile = [](int x, int y) { return QStringLiteral("%1_%2").arg(x).arg(y); };
    const QString first = tile(block.first.x, block.first.y);
    if (block.tilesX == 1 && block.tilesY == 1) {
        return first;
    }
    return first + QLatin1Char(':') +
           tile(block.first.x + block.tilesX - 1, block.first.y + block.tilesY - 1);
}

TileBlock blockForGrid(TileCoord first, int width, int height) {
    TileBlock block;
    block.first = first;
    block.tilesX = tilesFor(width, first.x);
    block.tilesY = tilesFor(height, first.y);
    return block;
}

HeightRange heightmapExportRange(const HeightGrid& grid, const HeightmapExportSettings& settings) {
    const HeightRange automatic = heightRangeOf(grid);
    return {printedHeight(settings.min.value_or(automatic.min)),
            printedHeight(settings.max.value_or(automatic.max))};
}

std::size_t heightsOutside(const HeightGrid& grid, const HeightRange& range) {
    return std::size_t(std::count_if(grid.values.begin(), grid.values.end(),
                                     [&](float h) { return h < range.min || h > range.max; }));
}

Expected<std::vector<std::byte>> encodeHeightmapPng(const HeightGrid& grid, const HeightRange& range) {
    QImage image = heightmapImage(grid, range.min, range.max);
    if (image.isNull()) {
        return CoreError(CoreError::Code::Refused, QStringLiteral("too large for one image (%1 x %2 pixels)")
                                                       .arg(grid.width)
                                                       .arg(grid.height)
                                                       .toStdString());
    }
    // The PNG's pHYs: Qt takes the screen's DPI when there is a screen (the editor) and 100 DPI without
    // (the CLI); pinned to the latter so both write the same bytes.
    image.setDotsPerMeterX(kHeightmapDotsPerMeter);
    image.setDotsPerMeterY(kHeightmapDotsPerMeter);
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, "png");
    if (!writer.write(image)) {
        const std::string reason = writer.errorString().toStdString();
        return CoreError(io::Error{io::ErrorCode::FileIo, {}, 0, reason}, reason);
    }
    const auto* first = reinterpret_cast<const std::byte*>(png.constData());
    return std::vector<std::byte>(first, first + png.size());
}

Expected<QImage> decodeHeightmapImage(std::span<const std::byte> bytes) {
    QByteArray data(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
    QBuffer buffer(&data);
    QImageReader reader(&buffer);
    QImage image = reader.read();
    if (image.isNull()) {
        const std::string reason = reader.errorString().toStdString();
        return CoreError(io::Error{io::ErrorCode::FileIo, {}, 0, reason}, reason);
    }
    return image;
}

Expected<Hmp5Export> encodeBlockHmp5(const HeightGrid& grid) {
    Hmp5Export out;
    out.hmp = hmp5FromGrid(grid, kUnitSize);
    out.bytes = io::writeHmp5(out.hmp);
    if (out.hmp.frames.empty() || out.bytes.empty()) {
        return CoreError(CoreError::Code::Refused, out.hmp.frames.empty()
                                                       ? std::string("a height is not a finite number")
                                                       : QStringLiteral("%1 x %2 vertices is too many")
                                                             .arg(grid.width)
                                                             .arg(grid.height)
                                                             .toStdString());
    }
    return out;
}

io::Expected<HmpImportPlan, HmpImportProblem> planHmpImport(const io::Hmp& hmp,
                                                            const HmpImportSettings& settings) {
    HmpImportPlan plan;
    plan.grid = gridFromHmp(hmp);
    if (plan.grid.values.empty()) {
        return HmpImportProblem::NoGrid;
    }
    const auto [lo, hi] = std::minmax_element(plan.grid.values.begin(), plan.grid.values.end());
    plan.unitsMin = *lo;
    plan.unitsMax = *hi;
    plan.yardsMin = plan.unitsMin * settings.heightScale + settings.heightOffset;
    plan.yardsMax = plan.unitsMax * settings.heightScale + settings.heightOffset;
    if (plan.yardsMin > plan.yardsMax) {
        std::swap(plan.yardsMin, plan.yardsMax);
    }
    if (!std::isfinite(plan.yardsMin) || !std::isfinite(plan.yardsMax) ||
        std::abs(plan.yardsMin) > kMaxImportYards || std::abs(plan.yardsMax) > kMaxImportYards) {
        return HmpImportProblem::UnusableHeights;
    }
    if (settings.skinTint) {
        if (hmp.skins.empty()) {
            return HmpImportProblem::NoSkin;
        }
        plan.tint = hmpSkinImage(hmp);
        if (!plan.tint) {
            return HmpImportProblem::SkinNotDecoded;
        }
    }
    return plan;
}

double proportionalHeightScale(const io::Hmp& hmp, const TileBlock& block) {
    const io::HmpExtent extent = io::hmpExtent(hmp);
    const double unitsAcross = double(extent.xMax) - double(extent.xMin);
    const double yardsAcross = block.tilesX * kTileSize;
    return unitsAcross > 0.0 && std::isfinite(unitsAcross) ? yardsAcross / unitsAcross : 0.0;
}

int applyTerrainImport(const TileBlock& block, const TerrainImport& import,
                       const std::function<io::Adt*(TileCoord)>& tileAt) {
    const int changed = applyGrid(block, import.grid, import.placement, tileAt);
    if (import.tint) {
        applyColourImage(block, *import.tint, tileAt);
    }
    return changed;
}

} // namespace mapsmith::core
