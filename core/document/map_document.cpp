#include "core/document/map_document.h"

#include "core/document/chunk_dirty.h"
#include "core/edit/stroke_recorder.h"
#include "core/geometry/chunk_height.h"

#include <QUndoStack>

#include <algorithm>

namespace mapsmith::core {

Expected<std::unique_ptr<MapDocument>> MapDocument::open(std::unique_ptr<MapSource> source, QObject* parent) {
    auto wdt = source->readWdt();
    if (!wdt) {
        return CoreError(wdt.error());
    }
    return std::unique_ptr<MapDocument>(new MapDocument(std::move(source), std::move(wdt.value()), parent));
}

MapDocument::MapDocument(std::unique_ptr<MapSource> source, io::Wdt wdt, QObject* parent)
    : QObject(parent), mSource(std::move(source)), mWdt(std::move(wdt)), mUndoStack(new QUndoStack(this)) {
    connect(mUndoStack, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
}

MapDocument::~MapDocument() {
    // Commands refer to the document: drop them before the tiles go.
    mUndoStack->clear();
}

bool MapDocument::tileExists(TileCoord t) const {
    return t.valid() && mWdt.hasTile(t.x, t.y);
}

namespace {

CoreError notInMap(TileCoord t) {
    return CoreError(CoreError::Code::NotInMap,
                     "tile " + std::to_string(t.x) + "_" + std::to_string(t.y) + " is not part of the map",
                     t);
}

} // namespace

Expected<const io::Adt*> MapDocument::loadTile(TileCoord t) {
    if (auto* loaded = tile(t)) {
        return loaded;
    }
    if (!tileExists(t)) {
        return notInMap(t);
    }
    auto adt = mSource->readTile(t, bigAlpha());
    if (!adt) {
        return CoreError(adt.error(), {}, t);
    }
    return adoptTile(t, std::move(adt.value()));
}

Expected<const io::Adt*> MapDocument::adoptTile(TileCoord t, io::Adt adt) {
    if (auto* loaded = tile(t)) {
        return loaded;
    }
    if (!tileExists(t)) {
        return notInMap(t);
    }
    if (adt.chunks.size() != std::size_t(kChunksPerTile)) {
        return CoreError(CoreError::Code::BadTile,
                         "tile has " + std::to_string(adt.chunks.size()) + " chunks, not 256", t);
    }
    if (!adt.liquids) {
        mTilesWithoutMh2o.insert(t);
    }
    auto& slot = mTiles[t];
    slot = std::make_unique<io::Adt>(std::move(adt));
    emit tileLoaded(t);
    return slot.get();
}

bool MapDocument::canUnloadTile(TileCoord t) const {
    return mTiles.count(t) != 0 && mEditedTiles.count(t) == 0;
}

bool MapDocument::unloadTile(TileCoord t) {
    if (!canUnloadTile(t)) {
        return false;
    }
    mTiles.erase(t);
    mTilesWithoutMh2o.erase(t);
    for (auto it = mPendingChanges.begin(); it != mPendingChanges.end();) {
        it = chunkFromKey(it.key()).tile == t ? mPendingChanges.erase(it) : std::next(it);
    }
    emit tileUnloaded(t);
    return true;
}

io::Adt* MapDocument::editableTile(TileCoord t) {
    return const_cast<io::Adt*>(tile(t)); // the tiles themselves are not const: one lookup for both
}

std::vector<TileCoord> MapDocument::loadedTiles() const {
    std::vector<TileCoord> out;
    out.reserve(mTiles.size());
    for (const auto& [t, adt] : mTiles) {
        out.push_back(t);
    }
    return out;
}

io::MapChunk* MapDocument::editableChunk(const ChunkCoord& c) {
    return const_cast<io::MapChunk*>(chunk(c));
}

const io::LiquidChunk* MapDocument::liquid(const ChunkCoord& c) const {
    const auto* adt = tile(c.tile);
    if (!adt || !adt->liquids) {
        return nullptr;
    }
    return &adt->liquids->chunks[std::size_t(c.index())];
}

ChunkState MapDocument::chunkState(const ChunkCoord& c) const {
    ChunkState s;
    if (const auto* ch = chunk(c)) {
        s.chunk = *ch;
    }
    if (const auto* lq = liquid(c)) {
        s.liquid = *lq;
    }
    return s;
}

std::optional<double> MapDocument::heightAt(glm::dvec2 world) const {
    const ChunkCoord c = chunkAt(world);
    const auto* ch = c.tile.valid() ? chunk(c) : nullptr;
    if (!ch) {
        return std::nullopt;
    }
    return chunkHeightAt(*ch, world);
}

std::optional<double> MapDocument::latticeHeight(int gx, int gy) const {
    constexpr int perTile = kChunksPerSide * 8; // 128 outer steps per tile
    if (gx < 0 || gy < 0 || gx > kTilesPerSide * perTile || gy > kTilesPerSide * perTile) {
        return std::nullopt;
    }
    // The vertex lives in the chunk south-east of it; on the map's last row/column, in the one before.
    int cgx = std::min(gx / 8, kTilesPerSide * kChunksPerSide - 1);
    int cgy = std::min(gy / 8, kTilesPerSide * kChunksPerSide - 1);
    const ChunkCoord c = fromGlobal({cgx, cgy});
    const auto* ch = chunk(c);
    if (!ch) {
        // The same vertex is also the last row/column of the chunk north/west of it.
        if (gx % 8 == 0 && cgx > 0) {
            if (const auto* west = chunk(fromGlobal({cgx - 1, cgy}))) {
                const int r = gy - cgy * 8;
                return double(west->position.z) + west->heights[std::size_t(outerIndex(r, 8))];
            }
        }
        if (gy % 8 == 0 && cgy > 0) {
            if (const auto* north = chunk(fromGlobal({cgx, cgy - 1}))) {
                const int col = gx - cgx * 8;
                return double(north->position.z) + north->heights[std::size_t(outerIndex(8, col))];
            }
        }
        return std::nullopt;
    }
    const int r = gy - cgy * 8;
    const int col = gx - cgx * 8;
    return double(ch->position.z) + ch->heights[std::size_t(outerIndex(r, col))];
}

namespace {

bool isEmpty(const io::LiquidChunk& lc) {
    return lc.instances.empty() && !lc.attributes;
}

} // namespace

void MapDocument::applyChunkEdit(const ChunkCoord& c, std::uint32_t dirtyBits, const ChunkState* state) {
    Q_ASSERT_X(tile(c.tile), "MapDocument::applyChunkEdit", "edits exist only for loaded tiles");
    if (state) {
        io::Adt* adt = editableTile(c.tile);
        if (!adt) {
            return; // commands only exist for loaded tiles; tiles are never unloaded while edited
        }
        storeChunkState(*adt, c, *state);
    } else if ((dirtyBits & dirty::Liquid) != 0) {
        // An in-place liquid edit that emptied the chunk may have emptied the tile: the same rule as
        // a stored state (a tile read without MH2O gets none written back).
        const io::LiquidChunk* lc = liquid(c);
        if (lc && isEmpty(*lc)) {
            dropEmptyLiquids(c.tile);
        }
    }
    markTileTouched(c.tile);
    const bool wasEmpty = mPendingChanges.isEmpty();
    mPendingChanges[chunkKey(c)] |= dirtyBits;
    if (wasEmpty) {
        // A dab edits many chunks: they go out together when control returns to the event loop.
        QMetaObject::invokeMethod(this, &MapDocument::flushChunkChanges, Qt::QueuedConnection);
    }
}

void MapDocument::storeChunkState(io::Adt& adt, const ChunkCoord& c, const ChunkState& state) {
    adt.chunks[std::size_t(c.index())] = state.chunk;
    if (adt.liquids || !isEmpty(state.liquid)) {
        editableLiquid(c) = state.liquid;
        dropEmptyLiquids(c.tile);
    }
}

io::LiquidChunk& MapDocument::editableLiquid(const ChunkCoord& c) {
    auto* adt = editableTile(c.tile);
    if (!adt->liquids) {
        adt->liquids.emplace();
    }
    return adt->liquids->chunks[std::size_t(c.index())];
}

void MapDocument::dropEmptyLiquids(TileCoord t) {
    // A tile read without MH2O gets none written back once its last liquid is gone again (so undo
    // restores the original bytes); a tile that had an MH2O chunk keeps it, even empty.
    auto* adt = editableTile(t);
    if (!adt || !adt->liquids || !mTilesWithoutMh2o.count(t)) {
        return;
    }
    if (std::all_of(adt->liquids->chunks.begin(), adt->liquids->chunks.end(), isEmpty)) {
        adt->liquids.reset();
    }
}

TileState MapDocument::tileState(TileCoord t) const {
    const auto* adt = tile(t);
    return adt ? TileState::of(*adt) : TileState{};
}

void MapDocument::applyTileEdit(TileCoord t, const TileState* state) {
    io::Adt* adt = editableTile(t);
    Q_ASSERT_X(adt, "MapDocument::applyTileEdit", "edits exist only for loaded tiles");
    if (!adt) {
        return;
    }
    if (state) {
        state->applyTo(*adt);
    }
    markTileTouched(t);
    emit tileStateChanged(t);
}

void MapDocument::markTileTouched(TileCoord t) {
    // mTouchedSinceSave is a subset of mEditedTiles (which never shrinks: edited tiles stay loaded), so a
    // tile already touched since the save needs no second lookup (every edit of a dab comes here).
    if (mTouchedSinceSave.insert(t).second) {
        mEditedTiles.insert(t);
    }
}

bool MapDocument::isModified() const {
    return !mUndoStack->isClean() && (!mTouchedSinceSave.empty() || mWdtTouchedSinceSave);
}

void MapDocument::applyWdtEdit(const io::Wdt& wdt) {
    mWdt = wdt;
    mWdtTouchedSinceSave = true;
}

bool MapDocument::isTileModified(TileCoord t) const {
    return !mUndoStack->isClean() && mTouchedSinceSave.count(t) != 0;
}

std::vector<TileCoord> MapDocument::modifiedTiles() const {
    if (mUndoStack->isClean()) {
        return {};
    }
    std::vector<TileCoord> out;
    for (const TileCoord t : mTouchedSinceSave) {
        if (tile(t)) {
            out.push_back(t);
        }
    }
    return out;
}

Expected<WdlUpdate> MapDocument::prepareWdl() {
    auto update = WdlUpdate::fromSource(*mSource);
    if (!update || !update->needsAllTiles()) {
        return update;
    }
    // No usable .wdl: every tile the WDT lists gets its entry (the saved ones again after writing).
    for (int y = 0; y < kTilesPerSide; ++y) {
        for (int x = 0; x < kTilesPerSide; ++x) {
            const TileCoord t{x, y};
            if (!tileExists(t)) {
                continue;
            }
            if (const io::Adt* loaded = tile(t)) {
                update->setTile(t, *loaded);
                continue;
            }
            auto adt = mSource->readTile(t, bigAlpha());
            if (!adt && adt.error().code == io::ErrorCode::FileIo) {
                continue; // listed without a file that opens: no entry, as the client draws nothing there
            }
            if (!adt) {
                return CoreError(adt.error(),
                                 tr("Cannot build the map's .wdl: tile %1_%2 cannot be read: %3")
                                     .arg(x)
                                     .arg(y)
                                     .arg(QString::fromStdString(adt.error().describe()))
                                     .toStdString(),
                                 t);
            }
            update->setTile(t, adt.value());
        }
    }
    return update;
}

MapDocument::SaveReport MapDocument::save(const io::AdtWriteOptions& options, const SaveProgress& progress,
                                          const std::vector<MapFile>& files) {
    SaveReport report;
    const std::vector<TileCoord> tiles = modifiedTiles();
    // The .wdl is prepared before any file is written (a failure here writes nothing) and written with
    // the tiles, with their entries regenerated.
    std::optional<WdlUpdate> wdl;
    if (!tiles.empty()) {
        auto prepared = prepareWdl();
        if (!prepared) {
            report.ok = false;
            report.error = QString::fromStdString(prepared.error().describe());
            return report;
        }
        wdl = std::move(prepared.value());
    }
    // One transaction: the tiles, the .wdl and the WDT reach the disk together or not at all.
    mSource->beginWrites();
    const auto fail = [&](const QString& error, bool cancelled) {
        mSource->abortWrites();
        report.ok = false;
        report.cancelled = cancelled;
        report.error = error;
        return report;
    };
    for (const MapFile& file : files) {
        if (auto written = mSource->writeMapFile(file); !written) {
            return fail(QString::fromStdString(written.error().describe()), false);
        }
    }
    int done = 0;
    for (const TileCoord t : tiles) {
        if (auto written = mSource->writeTileModel(t, *tile(t), options); !written) {
            return fail(QString::fromStdString(written.error().describe()), false);
        }
        wdl->setTile(t, *tile(t));
        ++done;
        if (progress && !progress(done, int(tiles.size())) && done < int(tiles.size())) {
            return fail(tr("Save cancelled: nothing was written"), true);
        }
    }
    if (wdl) {
        if (auto written = mSource->writeWdl(wdl->bytes()); !written) {
            return fail(QString::fromStdString(written.error().describe()), false);
        }
    }
    if (mWdtTouchedSinceSave && !mUndoStack->isClean()) {
        if (auto written = mSource->writeWdt(io::writeWdt(mWdt)); !written) {
            return fail(QString::fromStdString(written.error().describe()), false);
        }
    }
    if (auto committed = mSource->commitWrites(); !committed) {
        report.ok = false;
        report.error = QString::fromStdString(committed.error().describe());
        return report;
    }
    report.saved = tiles;
    mTouchedSinceSave.clear();
    mWdtTouchedSinceSave = false;
    mUndoStack->setClean();
    return report;
}

void MapDocument::setUndoMemoryBudget(std::size_t bytes) {
    mUndoBudget = bytes;
    enforceUndoBudget();
}

std::size_t MapDocument::undoMemoryResident() const {
    std::size_t n = 0;
    for (const auto* cmd : mCommands) {
        n += cmd->residentBytes();
    }
    return n;
}

void MapDocument::commandCreated(ChunkStateCommand* cmd) {
    mCommands.push_back(cmd);
}

void MapDocument::commandDestroyed(ChunkStateCommand* cmd) {
    std::erase(mCommands, cmd);
}

void MapDocument::enforceUndoBudget() {
    if (mUndoBudget == 0 || mCommands.size() < 2) {
        return;
    }
    std::size_t resident = undoMemoryResident();
    // Oldest first; the newest step always stays in memory.
    for (std::size_t i = 0; i + 1 < mCommands.size() && resident > mUndoBudget; ++i) {
        const std::size_t before = mCommands[i]->residentBytes();
        mCommands[i]->spillTo(mSpill);
        resident -= before - mCommands[i]->residentBytes();
    }
}

MapDocument::SaveReport MapDocument::saveAs(std::unique_ptr<MapSource> target,
                                            const io::AdtWriteOptions& options,
                                            const SaveProgress& progress) {
    SaveReport report;
    const int total = saveAsTileCount();
    // The .wdl goes along, every entry of the map regenerated; the source's other chunks are kept.
    auto wdl = WdlUpdate::fromSource(*mSource);
    if (!wdl) {
        report.ok = false;
        report.error = QString::fromStdString(wdl.error().describe());
        return report;
    }
    // One transaction on the target: the whole map is written or nothing of it.
    target->beginWrites();
    auto fail = [&](const QString& error, bool cancelled) {
        target->abortWrites();
        report.ok = false;
        report.cancelled = cancelled;
        report.error = error;
        report.saved.clear();
        return report;
    };
    std::vector<TileCoord> written;
    for (int y = 0; y < kTilesPerSide; ++y) {
        for (int x = 0; x < kTilesPerSide; ++x) {
            const TileCoord t{x, y};
            if (!tileExists(t)) {
                continue;
            }
            io::Expected<void> staged;
            if (const io::Adt* loaded = tile(t)) {
                staged = target->writeTileModel(t, *loaded, options);
                wdl->setTile(t, *loaded);
            } else {
                auto adt = mSource->readTile(t, bigAlpha());
                if (!adt) {
                    return fail(QString::fromStdString(adt.error().describe()), false);
                }
                staged = target->writeTileModel(t, adt.value(), options);
                wdl->setTile(t, adt.value());
            }
            if (!staged) {
                return fail(QString::fromStdString(staged.error().describe()), false);
            }
            written.push_back(t);
            if (progress && !progress(int(written.size()), total) && int(written.size()) < total) {
                return fail(tr("Save As cancelled: nothing was written; the map stays where it was"), true);
            }
        }
    }
    if (auto staged = target->writeWdl(wdl->bytes()); !staged) {
        return fail(QString::fromStdString(staged.error().describe()), false);
    }
    if (auto staged = target->writeWdt(io::writeWdt(mWdt)); !staged) {
        return fail(QString::fromStdString(staged.error().describe()), false);
    }
    if (auto committed = target->commitWrites(); !committed) {
        report.ok = false;
        report.error = QString::fromStdString(committed.error().describe());
        return report;
    }
    report.saved = std::move(written);
    mSource = std::move(target);
    mTouchedSinceSave.clear();
    mWdtTouchedSinceSave = false;
    mUndoStack->setClean();
    return report;
}

void MapDocument::flushChunkChanges() {
    if (mPendingChanges.isEmpty()) {
        return;
    }
    DirtyChunks changes;
    changes.swap(mPendingChanges); // edits made by listeners go out in the next turn
    emit chunksChanged(changes);
}

std::uint64_t MapDocument::chunkKey(const ChunkCoord& c) {
    const GlobalChunk g = toGlobal(c);
    return (std::uint64_t(std::uint32_t(g.gy)) << 32) | std::uint32_t(g.gx);
}

ChunkCoord MapDocument::chunkFromKey(std::uint64_t key) {
    return fromGlobal({int(std::int32_t(std::uint32_t(key))), int(std::int32_t(std::uint32_t(key >> 32)))});
}

} // namespace mapsmith::core
