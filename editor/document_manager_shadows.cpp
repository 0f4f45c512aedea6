// DocumentManager's shadow bake (Map > Bake Shadows): core::bakeShadows on the open map with progress per
// tile and Cancel, the outcome in the status bar.

#include "editor/document_manager.h"

namespace mapsmith::editor {

std::optional<core::BakeShadowsReport>
DocumentManager::bakeShadows(const core::BakeShadowsSettings& settings) {
    if (!mDoc) {
        return std::nullopt;
    }
    const int total = settings.tiles.empty() ? mDoc->wdt().tileCount() : int(settings.tiles.size());
    const auto report = [&] {
        // As the other long operations: announced, advanced per tile, stopped by cancel().
        mCancelled = false;
        emit progressStarted(tr("Baking the shadows of %n tile(s)...", nullptr, total), total);
        auto r = core::bakeShadows(*mDoc, settings, [this](int done, int all) {
            emit progressed(done, all);
            return !mCancelled;
        });
        emit progressFinished();
        return r;
    }();
    if (!report) {
        if (report.error().code == core::CoreError::Code::Cancelled) {
            emit succeeded(tr("Shadow bake cancelled: nothing changed"), 5000);
        } else {
            emit errorOccurred(
                tr("Could not bake shadows: %1").arg(QString::fromStdString(report.error().describe())));
        }
        return std::nullopt;
    }
    QString summary = report->pushed
                          ? tr("Baked the shadows of %n tile(s): %1 of %2 chunk(s) changed (Edit > Undo "
                               "takes it back; save "
                               "to write it)",
                               nullptr, report->tiles)
                                .arg(report->chunksChanged)
                                .arg(report->chunks)
                          : tr("Baked the shadows of %n tile(s): nothing changed", nullptr, report->tiles);
    if (settings.models) {
        summary += tr("; placed models shadowed %n more texel(s)", nullptr, report->modelTexels);
    }
    if (!report->skipped.empty()) {
        summary +=
            tr("; %n tile(s) could not be loaded and were skipped", nullptr, int(report->skipped.size()));
    }
    emit succeeded(summary, 10000);
    return *report;
}

} // namespace mapsmith::editor
