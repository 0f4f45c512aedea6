// DocumentManager's server map export (File > Export Server Maps): the saved map's tiles as a 3.3.5
// server's .map files, with progress per tile and Cancel, the choice remembered per map.

#include "editor/document_manager.h"

#include <QFileInfo>
#include <QSettings>

namespace mapsmith::editor {

std::optional<core::ServerMapsRequest> DocumentManager::serverMapsSettings() const {
    if (!mDoc || isBundled()) {
        return std::nullopt;
    }
    const QSettings settings;
    const QString folder = settings.value(mapSettingsKey(QStringLiteral("serverMapsFolder"))).toString();
    const auto core = io::parseServerCore(
        settings.value(mapSettingsKey(QStringLiteral("serverMapsCore"))).toString().toStdString());
    bool numeric = false;
    const uint mapId = settings.value(mapSettingsKey(QStringLiteral("serverMapsId"))).toUInt(&numeric);
    if (folder.isEmpty() || !core || !numeric) {
        return std::nullopt;
    }
    core::ServerMapsRequest request;
    request.mapId = mapId;
    request.core = *core;
    request.outDir = folder;
    return request;
}

bool DocumentManager::exportServerMaps(const core::ServerMapsRequest& asked) {
    if (!mDoc) {
        return false;
    }
    if (isBundled()) {
        emit errorOccurred(tr("Server maps are made from the saved map files: save the map to a folder first "
                              "(File > Save As)"));
        return false;
    }
    if (mDoc->isModified()) {
        emit errorOccurred(
            tr("%1 has unsaved changes: save before exporting server maps").arg(mDoc->mapName()));
        return false;
    }
    core::ServerMapsRequest request = asked;
    request.block.reset(); // every tile of the map
    const auto plan = core::planServerMaps(mPath, request);
    if (!plan) {
        emit errorOccurred(tr("Export failed: %1").arg(QString::fromStdString(plan.error().describe())));
        return false;
    }
    const int total = int(plan->tiles.size());
    const auto result = [&] {
        // As the other long operations: announced, advanced per tile, stopped by cancel().
        mCancelled = false;
        emit progressStarted(tr("Writing %n server map file(s) to %1...", nullptr, total).arg(request.outDir),
                             total);
        auto r = core::exportServerMaps(*plan, request, [this](std::size_t done, std::size_t all) {
            emit progressed(int(done), int(all));
            return !mCancelled;
        });
        emit progressFinished();
        return r;
    }();
    if (!result) {
        emit errorOccurred(tr("Export failed: %1").arg(QString::fromStdString(result.error().describe())));
        return false;
    }
    QSettings settings;
    settings.setValue(mapSettingsKey(QStringLiteral("serverMapsId")), request.mapId);
    settings.setValue(mapSettingsKey(QStringLiteral("serverMapsCore")),
                      QString::fromUtf8(io::serverCoreName(request.core).data()));
    settings.setValue(mapSettingsKey(QStringLiteral("serverMapsFolder")), request.outDir);

    const QString written =
        tr("Wrote %1 of %2 server map file(s) for %3 (map %4, map file version %5), %6 KiB, to %7")
            .arg(result->written.size())
            .arg(total)
            .arg(QString::fromUtf8(io::serverCoreTitle(request.core).data()))
            .arg(request.mapId)
            .arg(io::serverMapVersion(request.core))
            .arg((result->bytes + 1023) / 1024)
            .arg(request.outDir);
    if (!result->failed.empty()) {
        QStringList problems;
        for (const core::CoreError& e : result->failed) {
            problems << QString::fromStdString(e.describe());
        }
        emit errorOccurred(written + tr("; not written:\n") + problems.join(QLatin1Char('\n')));
        return false;
    }
    QString message = written;
    if (!plan->missing.empty()) {
        message += tr("; %n tile(s) the WDT lists have no file (the extractor skips them too)", nullptr,
                      int(plan->missing.size()));
    }
    for (const std::string& note : plan->notes) {
        message += QStringLiteral("; ") + QString::fromStdString(note);
    }
    emit succeeded(message, 10000);
    return true;
}

} // namespace mapsmith::editor
