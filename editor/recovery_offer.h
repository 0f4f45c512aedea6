#pragma once
// Offers the work that sessions which did not end cleanly left in the recovery folders
// (core/recovery/recovery_sessions.h): at start for every map, and after each open for that map. The
// user restores it (the map is opened when needed and the work put back as one undo step,
// core/recovery/recovery_restore.h), discards it, or leaves it for later (not asked again this session).

#include "core/recovery/recovery_sessions.h"
#include "widgets/recovery_dialog.h"

#include <QObject>
#include <QSet>
#include <QString>
#include <QStringList>

#include <functional>

class QWidget;

namespace mapsmith::editor {

class DocumentManager;

class RecoveryOffer final : public QObject {
    Q_OBJECT
public:
    using Choice = widgets::RecoveryDialog::Choice;
    using Asker = std::function<Choice(const core::OrphanedRecovery&)>;

    // Recovery folders are under `root`; the dialog is modal to `window`.
    RecoveryOffer(DocumentManager& documents, QString root, QWidget* window);

    // Who answers: by default the dialog (RecoveryDialog), or Later when dialogs are off
    // (MAPSMITH_NO_DIALOGS). Tests answer here.
    void setAsker(Asker asker) { mAsker = std::move(asker); }

    // Offers every map's left work, newest first. True when one was restored (its map is open then).
    bool offerAtStart();
    // Offers the open map's left work (runs after every open, once the open has finished).
    void offerForOpenMap();
    // Puts `found` back into its map (opened when it is not the open one). Its folder stays until
    // restoredWorkIsSafe(): a crash before this session's autosave is on disk must not lose the work.
    bool restore(const core::OrphanedRecovery& found);
    // The restored work is on disk again (this session autosaved or saved it) or was let go (the map was
    // closed): removes the folders it came from.
    void restoredWorkIsSafe();

signals:
    // Work was restored: the summary for the status bar.
    void restored(const QString& summary);
    // A problem (the file and the reason); shown to the user.
    void errorOccurred(const QString& message);

private:
    Choice ask(const core::OrphanedRecovery& found) const;
    bool answer(const core::OrphanedRecovery& found); // asks and acts; true when restored

    DocumentManager& mDocs;
    QString mRoot;
    QWidget* mWindow;
    Asker mAsker;
    QSet<QString> mLater;      // folders left for later in this session
    QStringList mRestoredFrom; // restored folders waiting for restoredWorkIsSafe()
};

} // namespace mapsmith::editor
