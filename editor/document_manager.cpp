#include "editor/document_manager.h"

#include "core/check/save_check.h"
#include "core/convert/alpha_import.h"
#include "core/convert/export_patch.h"
#include "core/convert/new_map.h"
#include "core/document/asset_folders.h"
#include "core/document/folder_recovery.h"
#include "core/document/map_document.h"
#include "core/document/unique_ids.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSettings>

namespace mapsmith::editor {
namespace {

constexpr int kMaxRecent = 8;
constexpr int kSmallMap = 16; // maps with at most this many tiles load completely on open; larger
                              // ones load the start tile and stream the rest (TileStreamer)

// "<dir>/<Map>.wdt" for a .wdt path itself, for a tile "<dir>/<Map>_X_Y.adt", or for a map folder
// holding exactly one .wdt (World\Maps\<Map>\); empty when none.
QString wdtPathFor(const QString& path, std::optional<core::TileCoord>& tile) {
    if (path.endsWith(QLatin1String(".wdt"), Qt::CaseInsensitive)) {
        return path;
    }
    if (QFileInfo(path).isDir()) {
        const QStringList wdts =
            QDir(path).entryList({QStringLiteral("*.wdt"), QStringLiteral("*.WDT")}, QDir::Files);
        return wdts.size() == 1 ? QDir(path).filePath(wdts.front()) : QString();
    }
    // A tile, or one file of a split set (_tex0, _obj0, _obj1, _tex1, _lod).
    static const QRegularExpression re(
        QStringLiteral("^(.+)_(\\d{1,2})_(\\d{1,2})(?:_(?:tex0|tex1|obj0|obj1|lod))?\\.adt$"),
        QRegularExpression::CaseInsensitiveOption);
    const auto m = re.match(QFileInfo(path).fileName());
    if (!m.hasMatch()) {
        return {};
    }
    tile = core::TileCoord{m.captured(2).toInt(), m.captured(3).toInt()};
    const QString wdt = QFileInfo(path).dir().filePath(m.captured(1) + QStringLiteral(".wdt"));
    return QFileInfo::exists(wdt) ? wdt : QString();
}

// `asked` when the map has it, else the present tile nearest the map's middle; none for an empty map.
std::optional<core::TileCoord> startTileOf(const core::MapDocument& doc,
                                           std::optional<core::TileCoord> asked) {
    if (asked && doc.tileExists(*asked)) {
        return asked;
    }
    std::optional<core::TileCoord> best;
    int bestDistance = 1 << 30;
    for (int y = 0; y < 64; ++y) {
        for (int x = 0; x < 64; ++x) {
            const int d = (x - 32) * (x - 32) + (y - 32) * (y - 32);
            if (doc.wdt().hasTile(x, y) && d < bestDistance) {
                bestDistance = d;
                best = core::TileCoord{x, y};
            }
        }
    }
    return best;
}

// What opening a map did about a save a killed Mapsmith left in its folder, for a dialog: which files
// that save finished (they hold what it wrote) or that it was rolled back (the files are as before it).
// Empty when there was nothing to do.
QString recoveryNotice(const core::RecoveryReport& report) {
    QStringList parts;
    if (!report.finished.isEmpty()) {
        QStringList names;
        for (const QString& file : report.finished) {
            names << QFileInfo(file).fileName();
        }
        constexpr int kListed = 8;
        QString listed = names.mid(0, kListed).join(QStringLiteral(", "));
        if (names.size() > kListed) {
            listed +=
                QCoreApplication::translate("DocumentManager", " and %1 more").arg(names.size() - kListed);
        }
        parts << QCoreApplication::translate(
                     "DocumentManager",
                     "A save into %1 was interrupted after it had been written in full; it has now been "
                     "finished, so these files hold what that save wrote: %2.")
                     .arg(report.dir, listed);
    }
    if (!report.discarded.isEmpty()) {
        const QString removed =
            report.discarded.size() == 1
                ? QCoreApplication::translate("DocumentManager", "its temporary file was removed")
                : QCoreApplication::translate("DocumentManager", "its %1 temporary files were removed")
                      .arg(report.discarded.size());
        parts << QCoreApplication::translate("DocumentManager",
                                             "A save into %1 was interrupted before it was complete; it has "
                                             "been rolled back: the files are as they were before it, and "
                                             "%2.")
                     .arg(report.dir, removed);
    }
    return parts.join(QStringLiteral("\n\n"));
}

} // namespace

// One long operation: announced on construction, ended on destruction; called per step, it reports
// the step and says whether to go on.
class DocumentManager::Progress {
public:
    Progress(DocumentManager& manager, const QString& label, int total) : mManager(manager) {
        mManager.mCancelled = false;
        emit mManager.progressStarted(label, total);
    }
    ~Progress() { emit mManager.progressFinished(); }
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;

    bool operator()(int done, int total) const {
        emit mManager.progressed(done, total);
        return !mManager.mCancelled;
    }

private:
    DocumentManager& mManager;
};

DocumentManager::DocumentManager(QObject* parent) : QObject(parent) {}

DocumentManager::~DocumentManager() {
    mIds.reset(); // attached to the document: goes first
}

bool DocumentManager::isBundled() const {
    return mPath.startsWith(QLatin1Char(':'));
}

bool DocumentManager::mayReplace() const {
    return !mDoc || !mDoc->isModified() || !mReplaceGuard || mReplaceGuard();
}

bool DocumentManager::open(const QString& path) {
    return openMap(path, true);
}

bool DocumentManager::openMap(const QString& given, bool askToReplace) {
    // From here on the map does not depend on the folder Mapsmith was started from.
    const QString path =
        given.startsWith(QLatin1Char(':')) ? given : QDir::cleanPath(QFileInfo(given).absoluteFilePath());
    std::optional<core::TileCoord> askedTile;
    const QString wdt = wdtPathFor(path, askedTile);
    if (wdt.isEmpty()) {
        emit errorOccurred(QFileInfo(path).isDir()
                               ? tr("Could not open %1: a map folder holds exactly one .wdt").arg(path)
                               : tr("Could not open %1: no %2.wdt beside it")
                                     .arg(path, QFileInfo(path).baseName().section('_', 0, 0)));
        return false;
    }
    // A save a killed Mapsmith left unfinished in the folder is rolled forward or back before reading.
    core::RecoveryReport recovered;
    if (!wdt.startsWith(QLatin1Char(':'))) {
        recovered = core::recoverFolder(QFileInfo(wdt).absolutePath());
    }
    auto doc = core::MapDocument::open(std::make_unique<core::FolderMapSource>(wdt));
    if (!doc) {
        emit errorOccurred(
            tr("Could not open %1: %2").arg(wdt, QString::fromStdString(doc.error().describe())));
        return false;
    }
    if (askToReplace && !mayReplace()) {
        return false;
    }
    emit documentAboutToChange();
    mIds.reset();
    mDoc = std::move(doc.value());
    mIds = std::make_unique<core::UniqueIdAllocator>();
    mIds->attach(*mDoc);
    mIds->scanMapInBackground(*mDoc); // ids fresh map-wide, over tiles never loaded too
    mPath = wdt;
    mFailedTiles.clear();
    mStartTile = startTileOf(*mDoc, askedTile);
    QString failedToLoad;
    if (!mStartTile) {
        emit errorOccurred(tr("%1 has no tiles").arg(wdt));
    } else {
        failedToLoad = loadTiles(*mStartTile, mDoc->wdt().tileCount() <= kSmallMap ? 64 : 0);
    }
    const int stored = QSettings().value(mapSettingsKey(QStringLiteral("alphaEncoding")), -1).toInt();
    setSaveAlphaEncoding(stored >= 0 && stored <= int(io::AlphaEncoding::Rle) && mDoc->bigAlpha()
                             ? std::optional(io::AlphaEncoding(stored))
                             : std::nullopt);
    addRecentFile(wdt);
    emit documentChanged(mDoc.get());
    QString summary =
        tr("Opened %1 (%2 tiles loaded)").arg(QFileInfo(wdt).fileName()).arg(mDoc->loadedTiles().size());
    if (recovered.changed()) {
        summary += QStringLiteral("; ") + recovered.describe();
    }
    emit succeeded(summary, recovered.changed() ? 15000 : 5000);
    // After the summary, which would hide it: the map maker must know the files are not as last seen.
    if (const QString notice = recoveryNotice(recovered); !notice.isEmpty()) {
        emit noticed(notice);
    }
    if (!recovered.error.isEmpty() && !recovered.busy) {
        emit errorOccurred(recovered.describe());
    }
    if (!failedToLoad.isEmpty()) {
        emit errorOccurred(failedToLoad); // after the summary, which would hide it
    }
    return true;
}

void DocumentManager::loadTilesAround(const core::TileCoord& centre, int radius) {
    if (const QString failed = loadTiles(centre, radius); !failed.isEmpty()) {
        emit errorOccurred(failed);
    }
}

QString DocumentManager::loadTiles(const core::TileCoord& centre, int radius) {
    if (!mDoc) {
        return {};
    }
    std::vector<core::TileCoord> failed;
    for (int y = centre.y - radius; y <= centre.y + radius; ++y) {
        for (int x = centre.x - radius; x <= centre.x + radius; ++x) {
            const core::TileCoord t{x, y};
            if (!mDoc->tileExists(t) || mDoc->tile(t)) {
                continue;
            }
            if (auto loaded = mDoc->loadTile(t); !loaded) {
                mFailedTiles[t] = QString::fromStdString(loaded.error().describe());
                failed.push_back(t);
            }
        }
    }
    if (failed.empty()) {
        return {};
    }
    emit failedTilesChanged();
    // One message for the lot (a map with many damaged tiles must not raise a dialog per tile).
    const auto line = [this](core::TileCoord t) {
        return tr("Tile %1_%2: %3").arg(t.x).arg(t.y).arg(mFailedTiles.at(t));
    };
    if (failed.size() == 1) {
        return line(failed.front());
    }
    constexpr std::size_t kListed = 3;
    QStringList lines;
    for (std::size_t i = 0; i < failed.size() && i < kListed; ++i) {
        lines.push_back(line(failed[i]));
    }
    if (failed.size() > kListed) {
        lines.push_back(tr("... and %n more", nullptr, int(failed.size() - kListed)));
    }
    return tr("%n tile(s) could not be loaded (marked in the Tile Map):\n", nullptr, int(failed.size())) +
           lines.join(QLatin1Char('\n'));
}

void DocumentManager::noteTileFailed(core::TileCoord tile, const QString& message) {
    mFailedTiles[tile] = message;
    emit failedTilesChanged();
}

bool DocumentManager::save() {
    if (!mDoc) {
        return false;
    }
    if (isBundled()) {
        emit errorOccurred(tr("The bundled demo map is read-only: use Save As"));
        return false;
    }
    if (!mayWrite(false)) {
        return false;
    }
    io::AdtWriteOptions options;
    options.alphaEncoding = mSaveAlpha;
    core::MapDocument::SaveReport report;
    {
        const Progress progress(*this, tr("Saving %n modified tile(s)...", nullptr, mDoc->saveTileCount()),
                                mDoc->saveTileCount());
        report = mDoc->save(options, std::cref(progress));
    }
    if (!report.ok) {
        emit errorOccurred(tr("Saving failed: %1").arg(report.error));
        return false;
    }
    emit saved();
    emit succeeded(tr("Saved %1 tiles").arg(report.saved.size()), 5000);
    return true;
}

bool DocumentManager::mayWrite(bool saveAs) const {
    if (!mSaveGuard) {
        return true;
    }
    const auto problems = core::checkBeforeSave(*mDoc, saveAs);
    return problems.empty() || mSaveGuard(core::describeSaveProblems(problems));
}

bool DocumentManager::saveAs(const QString& folder, std::optional<core::TileLayout> layout) {
    if (!mDoc) {
        return false;
    }
    if (!mayWrite(true)) {
        return false;
    }
    const core::TileLayout target = layout.value_or(mDoc->source().layout());
    if (!QDir().mkpath(folder)) {
        emit errorOccurred(tr("Cannot create %1").arg(folder));
        return false;
    }
    const QString wdt = QDir(folder).filePath(mDoc->mapName() + QStringLiteral(".wdt"));
    io::AdtWriteOptions options;
    options.alphaEncoding = mSaveAlpha;
    core::MapDocument::SaveReport report;
    {
        const Progress progress(
            *this, tr("Writing the map (%n tile(s)) to %1...", nullptr, mDoc->saveAsTileCount()).arg(folder),
            mDoc->saveAsTileCount());
        report =
            mDoc->saveAs(std::make_unique<core::FolderMapSource>(wdt, target), options, std::cref(progress));
    }
    if (!report.ok) {
        emit errorOccurred(tr("Saving failed: %1").arg(report.error));
        return false;
    }
    mPath = wdt;
    addRecentFile(wdt);
    emit saved();
    emit succeeded(tr("Saved the map (%1 tiles, %2) to %3")
                       .arg(report.saved.size())
                       .arg(target == core::TileLayout::Split ? tr("split files") : tr("v18 files"))
                       .arg(folder),
                   5000);
    return true;
}

bool DocumentManager::create(const core::NewMapSpec& spec) {
    if (!mayReplace()) {
        return false;
    }
    const int total = int(spec.tiles.size());
    const auto created = [&] {
        const Progress progress(*this, tr("Creating %n tile(s)...", nullptr, total), total);
        return core::createMap(spec, std::cref(progress));
    }();
    if (!created) {
        emit errorOccurred(
            tr("Could not create the map: %1").arg(QString::fromStdString(created.error().describe())));
        return false;
    }
    return openMap(created->wdtPath, false);
}

bool DocumentManager::importAlphaMap(const QString& alphaWdt, const QString& outDir,
                                     core::TileLayout layout) {
    if (!mayReplace()) {
        return false;
    }
    core::AlphaMapImportOptions options;
    options.layout = layout;
    options.backup = core::BackupPolicy::KeepBackup;
    options.modelBounds = mModelBounds;
    const auto result = [&] {
        const Progress progress(*this, tr("Converting %1...").arg(QFileInfo(alphaWdt).fileName()), 0);
        return core::importAlphaMap(alphaWdt, outDir, options, std::cref(progress));
    }();
    if (!result) {
        emit errorOccurred(tr("Import failed: %1").arg(QString::fromStdString(result.error().describe())));
        return false;
    }
    if (!openMap(result->wdtPath, false)) {
        return false;
    }
    if (!result->failures.empty()) {
        QStringList problems;
        for (const auto& note : result->failures) {
            problems.push_back(QString::fromStdString(note.error.describe()));
        }
        emit errorOccurred(tr("Imported %1 tile(s); %2 could not be converted:\n%3")
                               .arg(result->convertedTiles.size())
                               .arg(result->failures.size())
                               .arg(problems.join(QLatin1Char('\n'))));
        return true;
    }
    emit succeeded(tr("Imported %1 tile(s) from %2 into %3")
                       .arg(result->convertedTiles.size())
                       .arg(QFileInfo(alphaWdt).fileName(), outDir),
                   8000);
    return true;
}

QString DocumentManager::defaultPatchPath(const QString& clientData) const {
    const QString stored = QSettings().value(mapSettingsKey(QStringLiteral("patchFile"))).toString();
    if (!stored.isEmpty()) {
        return stored;
    }
    if (!clientData.isEmpty()) {
        const QString data = core::resolveClientDataFolder(clientData);
        const std::filesystem::path next = core::nextFreePatchName(QFile::encodeName(data).toStdString());
        if (!next.empty()) {
            return QFile::decodeName(next.c_str());
        }
    }
    const QString folder = isBundled() ? QDir::homePath() : QFileInfo(mPath).absolutePath();
    return QDir(folder).filePath(QStringLiteral("patch-4.MPQ"));
}

std::optional<core::DocumentRepairReport> DocumentManager::repairMap() {
    if (!mDoc) {
        return std::nullopt;
    }
    const int total = mDoc->wdt().tileCount();
    const auto report = [&] {
        const Progress progress(*this, tr("Checking %n tile(s) for repair...", nullptr, total), total);
        return core::repairDocument(*mDoc, std::cref(progress));
    }();
    if (!report) {
        emit errorOccurred(QString::fromStdString(report.error().describe()));
        return std::nullopt;
    }
    const QString summary =
        report->pushed
            ? tr("Repaired %1: %n change(s), %2 error(s) left (Edit > Undo takes it back; save to write it)",
                 nullptr, int(report->changeCount()))
                  .arg(mDoc->mapName())
                  .arg(report->errorsLeft())
        : report->errorsLeft() > 0
            ? tr("Nothing Map > Repair can change; %n error(s) left", nullptr, int(report->errorsLeft()))
            : tr("Nothing to repair: every consumer accepts %1").arg(mDoc->mapName());
    emit succeeded(summary, 10000);
    return *report;
}

std::optional<core::DocumentMclqReport>
DocumentManager::convertOldLiquids(const std::vector<core::TileCoord>& tiles) {
    if (!mDoc) {
        return std::nullopt;
    }
    const std::vector<core::TileCoord> which = tiles.empty() ? core::mapTiles(*mDoc) : tiles;
    const int total = int(which.size());
    const auto report = [&] {
        const Progress progress(*this, tr("Converting old liquids of %n tile(s)...", nullptr, total), total);
        return core::convertDocumentMclq(*mDoc, which, std::cref(progress));
    }();
    if (!report) {
        emit errorOccurred(QString::fromStdString(report.error().describe()));
        return std::nullopt;
    }
    if (!report->problems.isEmpty()) {
        emit errorOccurred(
            tr("Old liquids left as they are in %n tile(s): ", nullptr, int(report->problems.size())) +
            report->problems.join(QStringLiteral("; ")));
    }
    const QString summary = report->pushed
                                ? tr("Old liquids (MCLQ) of %n tile(s) converted: %1 chunk(s) now MH2O (Edit "
                                     "> Undo takes it back; "
                                     "save to write it)",
                                     nullptr, int(report->tiles.size()))
                                      .arg(report->chunksConverted())
                                : tr("No old liquids (MCLQ) to convert in %n tile(s)", nullptr, total);
    emit succeeded(summary, 10000);
    return *report;
}

bool DocumentManager::exportPatch(const QString& mpqPath) {
    if (!mDoc) {
        return false;
    }
    if (isBundled()) {
        emit errorOccurred(tr(
            "The patch is made from the saved map files: save the map to a folder first (File > Save As)"));
        return false;
    }
    if (mDoc->isModified()) {
        emit errorOccurred(tr("%1 has unsaved changes: save before exporting a patch").arg(mDoc->mapName()));
        return false;
    }
    const auto plan = core::planPatchExport(QFile::encodeName(QFileInfo(mPath).absolutePath()).toStdString(),
                                            mDoc->mapName().toStdString());
    if (!plan) {
        emit errorOccurred(tr("Export failed: %1").arg(QString::fromStdString(plan.error().message)));
        return false;
    }
    const int total = int(plan->files.size());
    const auto result = [&] {
        const Progress progress(*this, tr("Writing %n file(s) to %1...", nullptr, total).arg(mpqPath), total);
        return core::exportPatch(
            *plan, QFile::encodeName(mpqPath).toStdString(),
            [&progress](std::size_t done, std::size_t all) { return progress(int(done), int(all)); });
    }();
    if (!result) {
        emit errorOccurred(tr("Export failed: %1").arg(QString::fromStdString(result.error().message)));
        return false;
    }
    QSettings().setValue(mapSettingsKey(QStringLiteral("patchFile")), mpqPath);
    QString message = tr("Exported %1 file(s) (%2), %3 KiB, to %4")
                          .arg(result->fileCount)
                          .arg(QString::fromStdString(core::describePatchContents(result->contents)))
                          .arg((result->archiveBytes + 1023) / 1024)
                          .arg(mpqPath);
    for (const std::string& warning : plan->warnings) {
        message += QStringLiteral("; ") + QString::fromStdString(warning);
    }
    emit succeeded(message, 10000);
    return true;
}

QString DocumentManager::mapSettingsKey(const QString& what) const {
    return QStringLiteral("maps/%1/%2").arg(QString(mPath).replace(QLatin1Char('/'), QLatin1Char('|')), what);
}

bool DocumentManager::setSaveAlphaEncoding(std::optional<io::AlphaEncoding> encoding) {
    // 4-bit maps (no MPHD 0x4) can only hold 4-bit alpha: re-encoding them needs a new WDT.
    const bool refused = encoding && mDoc && !mDoc->bigAlpha();
    if (refused) {
        emit errorOccurred(
            tr("This map stores 4-bit alpha maps (WDT flag 0x4 not set): it can only keep them as read"));
        encoding.reset();
    }
    mSaveAlpha = encoding;
    if (mDoc && !isBundled()) {
        QSettings().setValue(mapSettingsKey(QStringLiteral("alphaEncoding")), encoding ? int(*encoding) : -1);
    }
    emit saveAlphaEncodingChanged();
    return !refused;
}

QStringList DocumentManager::recentFiles() const {
    // Absolute paths of files that still exist, each once: entries of older versions (relative paths,
    // which depend on the folder Mapsmith was started from) and maps since deleted are dropped.
    QStringList list;
    for (const QString& path : QSettings().value(QStringLiteral("recentFiles")).toStringList()) {
        const QFileInfo info(path);
        const QString absolute = QDir::cleanPath(info.absoluteFilePath());
        if (info.isAbsolute() && info.exists() && !list.contains(absolute)) {
            list.push_back(absolute);
        }
    }
    return list;
}

void DocumentManager::addRecentFile(const QString& path) {
    if (path.startsWith(QLatin1Char(':'))) {
        return; // the bundled demo is always one click away (no argument)
    }
    const QString absolute = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    QStringList list = recentFiles();
    list.removeAll(absolute);
    list.prepend(absolute);
    while (list.size() > kMaxRecent) {
        list.removeLast();
    }
    QSettings().setValue(QStringLiteral("recentFiles"), list);
    emit recentFilesChanged();
}

} // namespace mapsmith::editor
