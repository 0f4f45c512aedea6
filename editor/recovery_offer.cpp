#include "editor/recovery_offer.h"

#include "core/document/map_document.h"
#include "core/recovery/recovery_restore.h"
#include "core/recovery/recovery_store.h"
#include "editor/document_manager.h"

#include <QLocale>
#include <QWidget>

namespace mapsmith::editor {

RecoveryOffer::RecoveryOffer(DocumentManager& documents, QString root, QWidget* window)
    : QObject(window), mDocs(documents), mRoot(std::move(root)), mWindow(window) {
    // After the open has finished (its summary shown, the views set): the offer comes on top.
    connect(&documents, &DocumentManager::documentChanged, this, &RecoveryOffer::offerForOpenMap,
            Qt::QueuedConnection);
}

RecoveryOffer::Choice RecoveryOffer::ask(const core::OrphanedRecovery& found) const {
    if (mAsker) {
        return mAsker(found);
    }
    if (qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS") || !mWindow || !mWindow->isVisible()) {
        return Choice::Later; // automation never blocks on a question; the data stays
    }
    const auto& m = found.manifest;
    widgets::RecoveryDialog dialog(
        {m.mapName, m.mapPath, m.savedAt, int(m.tiles.size()), !m.wdtFile.isEmpty()}, mWindow);
    dialog.exec();
    return dialog.choice();
}

bool RecoveryOffer::answer(const core::OrphanedRecovery& found) {
    switch (ask(found)) {
    case Choice::Restore:
        return restore(found);
    case Choice::Discard:
        if (QString error; !core::removeOrphanedRecovery(found.folder, &error)) {
            emit errorOccurred(
                tr("Could not discard the recovered work of %1: %2").arg(found.manifest.mapName, error));
        }
        return false;
    case Choice::Later:
        mLater.insert(found.folder);
        return false;
    }
    return false;
}

bool RecoveryOffer::offerAtStart() {
    QStringList problems;
    bool restored = false;
    for (const auto& found : core::findOrphanedRecoveries(mRoot, {}, &problems)) {
        if (!mLater.contains(found.folder)) {
            restored = answer(found) || restored;
        }
    }
    if (!problems.isEmpty()) {
        emit errorOccurred(
            tr("Recovered work that cannot be read was left alone:\n%1").arg(problems.join(u'\n')));
    }
    return restored;
}

void RecoveryOffer::offerForOpenMap() {
    if (!mDocs.document()) {
        return;
    }
    for (const auto& found : core::findOrphanedRecoveries(mRoot, mDocs.path())) {
        if (!mLater.contains(found.folder) && mDocs.document()) {
            answer(found);
        }
    }
}

bool RecoveryOffer::restore(const core::OrphanedRecovery& found) {
    auto recovered = core::readRecovery(found.folder);
    if (!recovered) {
        emit errorOccurred(
            tr("Could not restore the work on %1: %2")
                .arg(found.manifest.mapName, QString::fromStdString(recovered.error().describe())));
        return false;
    }
    if (!mDocs.document() || mDocs.path() != found.manifest.mapPath) {
        mLater.insert(found.folder); // the open's own offer must not ask about it again
        const bool opened = mDocs.open(found.manifest.mapPath); // names the problem itself
        mLater.remove(found.folder);
        if (!opened || mDocs.path() != found.manifest.mapPath) {
            return false; // the data stays
        }
    }
    const core::RestoreReport report = core::restoreRecovery(*mDocs.document(), *recovered);
    mLater.insert(found.folder); // not offered again while it waits for removal
    mRestoredFrom.push_back(found.folder);
    const QString when = QLocale().toString(found.manifest.savedAt.toLocalTime(), QLocale::ShortFormat);
    emit restored(
        tr("Restored %n tile(s) of %1 from the autosave of %2: the map is modified (Edit > Undo goes "
           "back to the saved files; save to keep the work)",
           nullptr, report.tiles)
            .arg(found.manifest.mapName, when));
    const QStringList problems = recovered->problems + report.problems;
    if (!problems.isEmpty()) {
        emit errorOccurred(
            tr("Some recovered work could not be restored and was skipped:\n%1").arg(problems.join(u'\n')));
    }
    return true;
}

void RecoveryOffer::restoredWorkIsSafe() {
    QStringList problems;
    for (const QString& folder : std::as_const(mRestoredFrom)) {
        QString error;
        if (!core::removeOrphanedRecovery(folder, &error)) {
            problems.push_back(error);
        }
        mLater.remove(folder);
    }
    mRestoredFrom.clear();
    if (!problems.isEmpty()) {
        emit errorOccurred(
            tr("Restored work could not be removed from the recovery folder:\n%1").arg(problems.join(u'\n')));
    }
}

} // namespace mapsmith::editor
