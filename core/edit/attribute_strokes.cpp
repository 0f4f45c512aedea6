#include "core/edit/attribute_strokes.h"

#include "core/document/chunk_dirty.h"
#include "core/document/map_document.h"
#include "core/geometry/brush_vertices.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace mapsmith::core {
namespace {

// Global chunk index range [first, last] covered by the interval [lo, hi] of a world axis (yards).
// World coordinates fall as chunk indices grow, hence hi gives the first.
std::pair<int, int> chunkRange(double lo, double hi) {
    const auto index = [](double w) {
        return std::clamp(std::floor((kMapHalfSize - w) / kChunkSize), -1.0, double(kChunksPerMapSide));
    };
    return {std::max(0, int(index(hi))), std::min(kChunksPerMapSide - 1, int(index(lo)))};
}

} // namespace

// ---- AttributeStroke ---------------------------------------------------------------------------------

AttributeStroke::AttributeStroke(MapDocument& doc, const BrushSettings& brush, CommandId id,
                                 const QString& text)
    : mDoc(doc), mRecorder(doc, id, text), mSpacer(brush) {}

void AttributeStroke::moveTo(glm::dvec2 world, double pressure) {
    for (const glm::dvec2 p : mSpacer.moveTo(world)) {
        dab(p, pressure);
    }
}

void AttributeStroke::dab(glm::dvec2 world, double pressure) {
    if (mDone || !std::isfinite(world.x) || !std::isfinite(world.y)) {
        return;
    }
    applyDab(world, pressure);
}

const ChunkStateCommand* AttributeStroke::finish() {
    if (mDone) {
        return nullptr;
    }
    beforeFinish();
    mDone = true;
    return mRecorder.finish();
}

void AttributeStroke::cancel() {
    if (mDone) {
        return;
    }
    mDone = true;
    mRecorder.cancel();
}

const std::vector<ChunkCoord>& AttributeStroke::chunksNear(glm::dvec2 world, double radius) {
    mNear.clear();
    if (!(radius > 0.0)) {
        return mNear;
    }
    const auto [gx0, gx1] = chunkRange(world.y - radius, world.y + radius);
    const auto [gy0, gy1] = chunkRange(world.x - radius, world.x + radius);
    for (int gy = gy0; gy <= gy1; ++gy) {
        for (int gx = gx0; gx <= gx1; ++gx) {
            const ChunkCoord c = fromGlobal({gx, gy});
            if (mDoc.chunk(c) && chunkInBrush(chunkOrigin(c), world, radius, ChunkPick::Overlap)) {
                mNear.push_back(c);
            }
        }
    }
    return mNear;
}

// ---- HoleStroke --------------------------------------------------------------------------------------

HoleStroke::HoleStroke(MapDocument& doc, const HoleBrushSettings& settings)
    : AttributeStroke(doc, settings.brush, CommandId::HoleStroke,
                      settings.mode == HoleMode::Cut ? QStringLiteral("Cut holes")
                                                     : QStringLiteral("Fill holes")),
      mSettings(settings) {}

void HoleStroke::applyDab(glm::dvec2 world, double) {
    const double r = mSettings.brush.radius;
    for (const ChunkCoord& c : chunksNear(world, r)) {
        const io::MapChunk& ch = *mDoc.chunk(c);
        const glm::dvec2 origin = chunkOrigin(c);
        const bool isHighRes = (ch.flags & io::mcnk_flags::HighResHoles) != 0;
        if (isHighRes || mSettings.highRes) {
            const std::uint64_t before = isHighRes ? ch.holesHighRes : lowToHighResHoles(ch.holesLowRes);
            const std::uint64_t after =
                applyHighResHoleDab(before, mSettings.mode, mSettings.highRes, origin, world, r);
            if (after == before) {
                continue; // a low-res chunk is converted only when the dab changes it
            }
            if (auto e = mRecorder.edit(c, isHighRes ? dirty::Holes : dirty::Holes | dirty::Flags)) {
                e->flags |= io::mcnk_flags::HighResHoles;
                e->holesHighRes = after;
                e->holesLowRes = highToLowResHoles(after);
            }
            continue;
        }
        const std::uint16_t after = applyLowResHoleDab(ch.holesLowRes, mSettings.mode, origin, world, r);
        if (after == ch.holesLowRes) {
            continue;
        }
        if (auto e = mRecorder.edit(c, dirty::Holes)) {
            e->holesLowRes = after;
        }
    }
}

// ---- VertexColourStroke ------------------------------------------------------------------------------

VertexColourStroke::VertexColourStroke(MapDocument& doc, const VertexColourBrushSettings& settings)
    : AttributeStroke(doc, settings.brush, CommandId::VertexColourStroke,
                      settings.mode == ColourMode::Paint ? QStringLiteral("Paint vertex colours")
                                                         : QStringLiteral("Erase vertex colours")),
      mSettings(settings) {}

VertexColourStroke::~VertexColourStroke() {
    finish();
}

void VertexColourStroke::loadChunks(int gx0, int gy0, int gx1, int gy1) {
    // Every chunk a holder lookup can ask for: holders of outer vertices gx0..gx1 lie in chunk columns
    // gx0 / 8 - 1 .. gx1 / 8, the owners of inner vertices (quads gx0 - 1 .. gx1) too.
    mGrid.x0 = std::max(0, gx0 / 8 - 1);
    mGrid.y0 = std::max(0, gy0 / 8 - 1);
    mGrid.width = std::min(kChunksPerMapSide - 1, gx1 / 8) - mGrid.x0 + 1;
    const int height = std::min(kChunksPerMapSide - 1, gy1 / 8) - mGrid.y0 + 1;
    mGrid.cells.clear();
    mGrid.cells.resize(std::size_t(std::max(0, mGrid.width * height)));
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < mGrid.width; ++x) {
            GridCell& cell = mGrid.cells[std::size_t(y * mGrid.width + x)];
            cell.coord = fromGlobal({mGrid.x0 + x, mGrid.y0 + y});
            cell.chunk = mDoc.chunk(cell.coord);
        }
    }
}

VertexColourStroke::GridCell* VertexColourStroke::cellOf(const ChunkCoord& c) {
    const GlobalChunk g = toGlobal(c);
    const int x = g.gx - mGrid.x0;
    const int y = g.gy - mGrid.y0;
    if (x < 0 || y < 0 || x >= mGrid.width || std::size_t(y * mGrid.width + x) >= mGrid.cells.size()) {
        return nullptr;
    }
    GridCell& cell = mGrid.cells[std::size_t(y * mGrid.width + x)];
    return cell.chunk ? &cell : nullptr;
}

void VertexColourStroke::writeColour(GridCell& cell, int vertex, std::uint32_t colour) {
    if (shownColour(*cell.chunk, vertex) == colour) {
        return; // a chunk without MCCV in use already shows neutral
    }
    if (!cell.edit) {
        cell.edit = mRecorder.edit(cell.coord, dirty::Colour);
        if (!cell.edit) {
            return;
        }
        mChangedChunks.insert(cell.coord);
    }
    enableVertexColours(*cell.edit)[std::size_t(vertex)] = colour;
}

void VertexColourStroke::applyDab(glm::dvec2 world, double pressure) {
    const double r = mSettings.brush.radius;
    VertexColourBrushSettings settings = mSettings;
    settings.brush.pressure = mSettings.brush.pressure * pressure;

    mTargets.clear();
    mPositions.clear();
    mColours.clear();
    const LatticeBox box = latticeBoxAround(world, r);
    if (box.empty()) {
        return;
    }
    loadChunks(box.gx0, box.gy0, box.gx1, box.gy1);
    const auto outer = [&](const BrushVertex& v) {
        bool loaded = false;
        bool found = false;
        std::uint32_t colour = kNeutralColour;
        forEachHolder(v.gx, v.gy, [&](const ChunkCoord& c, int index) {
            const GridCell* cell = cellOf(c);
            if (found || !cell) {
                return;
            }
            loaded = true;
            if (io::vertexColoursInUse(*cell->chunk)) {
                colour = shownColour(*cell->chunk, index);
                found = true;
            }
        });
        if (loaded) {
            mTargets.push_back(v);
            mPositions.push_back(latticeWorld(v.gx, v.gy));
            mColours.push_back(colour);
        }
    };
    const auto inner = [&](const BrushVertex& v) {
        if (const GridCell* cell = cellOf(v.chunk)) {
            mTargets.push_back(v);
            mPositions.push_back(latticeWorld(v.gx, v.gy) - glm::dvec2(kUnitSize / 2.0)); // the quad's centre
            mColours.push_back(shownColour(*cell->chunk, v.vertex));
        }
    };
    forEachBrushVertex(box, outer, inner);
    if (mTargets.empty()) {
        return;
    }
    mBefore = mColours;
    applyColourDab(settings, world, mPositions, mColours);

    // Write back what changed, to every chunk that stores the vertex; each chunk is edited once (its
    // guard, held by its grid cell, ends with the dab).
    for (std::size_t i = 0; i < mTargets.size(); ++i) {
        if (mColours[i] == mBefore[i]) {
            continue;
        }
        forEachCopy(mTargets[i], [&](const ChunkCoord& c, int v) {
            if (GridCell* cell = cellOf(c)) {
                writeColour(*cell, v, mColours[i]);
            }
        });
    }
    mGrid.cells.clear();
}

void VertexColourStroke::beforeFinish() {
    if (!mSettings.dropNeutral) {
        return;
    }
    for (const ChunkCoord& c : mChangedChunks) {
        const io::MapChunk* ch = mDoc.chunk(c);
        if (!ch || !ch->vertexColors) {
            continue;
        }
        const auto& colours = *ch->vertexColors;
        if (!std::all_of(colours.begin(), colours.end(),
                         [](std::uint32_t v) { return v == kNeutralColour; })) {
            continue;
        }
        if (auto e = mRecorder.edit(c, dirty::Colour)) {
            e->vertexColors.reset();
            e->flags &= ~io::mcnk_flags::HasVertexColors;
        }
    }
    mChangedChunks.clear();
}

// ---- ShadowStroke ------------------------------------------------------------------------------------

ShadowStroke::ShadowStroke(MapDocument& doc, const ShadowBrushSettings& settings)
    : AttributeStroke(doc, settings.brush, CommandId::ShadowStroke,
                      settings.shadowed ? QStringLiteral("Paint shadows") : QStringLiteral("Clear shadows")),
      mSettings(settings) {}

void ShadowStroke::applyDab(glm::dvec2 world, double) {
    const double r = mSettings.brush.radius;
    for (const ChunkCoord& c : chunksNear(world, r)) {
        const std::optional<ShadowMap> shown = shownShadow(*mDoc.chunk(c));
        if (!shown) {
            continue; // an MCSH in use that is not a 64x64 bit map: nothing we can interpret
        }
        // Clearing where no shadow shows changes nothing (applyShadowDab returns false).
        ShadowMap map = *shown;
        if (!applyShadowDab(map, mSettings.shadowed, chunkOrigin(c), world, r)) {
            continue;
        }
        if (auto e = mRecorder.edit(c, dirty::Shadow)) {
            setShownShadow(*e, map);
        }
    }
}

// ---- AreaIdStroke / ImpassableStroke -----------------------------------------------------------------

AreaIdStroke::AreaIdStroke(MapDocument& doc, const AreaIdBrushSettings& settings)
    : AttributeStroke(doc, settings.brush, CommandId::AreaIdStroke, QStringLiteral("Set area id")),
      mSettings(settings) {}

void AreaIdStroke::applyDab(glm::dvec2 world, double) {
    const double r = mSettings.brush.radius;
    for (const ChunkCoord& c : chunksNear(world, r)) {
        if (mDoc.chunk(c)->areaId == mSettings.areaId ||
            !chunkInBrush(chunkOrigin(c), world, r, mSettings.pick)) {
            continue;
        }
        if (auto e = mRecorder.edit(c, dirty::Flags)) {
            e->areaId = mSettings.areaId;
        }
    }
}

ImpassableStroke::ImpassableStroke(MapDocument& doc, const ImpassableBrushSettings& settings)
    : AttributeStroke(doc, settings.brush, CommandId::ImpassableStroke,
                      settings.impassable ? QStringLiteral("Mark impassable")
                                          : QStringLiteral("Clear impassable")),
      mSettings(settings) {}

void ImpassableStroke::applyDab(glm::dvec2 world, double) {
    const double r = mSettings.brush.radius;
    for (const ChunkCoord& c : chunksNear(world, r)) {
        const std::uint32_t now = mDoc.chunk(c)->flags;
        const std::uint32_t flags =
            mSettings.impassable ? now | io::mcnk_flags::Impassable : now & ~io::mcnk_flags::Impassable;
        if (flags == now || !chunkInBrush(chunkOrigin(c), world, r, mSettings.pick)) {
            continue;
        }
        if (auto e = mRecorder.edit(c, dirty::Flags)) {
            e->flags = flags;
        }
    }
}

} // namespace mapsmith::core
