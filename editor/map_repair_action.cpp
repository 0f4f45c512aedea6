#include "editor/map_repair_action.h"

#include "editor/document_manager.h"

#include <QAction>
#include <QMenu>
#include <QMessageBox>
#include <QWidget>

namespace mapsmith::editor {

MapRepairAction::MapRepairAction(DocumentManager& docs, QMenu* menu, QWidget* window)
    : QObject(window), mDocs(docs), mWindow(window) {
    mAction = menu->addAction(tr("&Repair for Every Consumer..."), this, &MapRepairAction::repair);
    mAction->setObjectName(QStringLiteral("repairMapAction"));
    mAction->setToolTip(
        tr("Rewrites the map in the layout the 3.3.5 client, the AzerothCore and TrinityCore "
           "extractors and Noggit accept: flags, MCNR, MCNK indices, liquid outside its chunk, "
           "shared uniqueIds, the WDT's MWMO; one undo step"));
    mAction->setEnabled(mDocs.document() != nullptr);
    connect(&mDocs, &DocumentManager::documentChanged, this,
            [this](core::MapDocument* doc) { mAction->setEnabled(doc != nullptr); });
}

void MapRepairAction::repair() {
    const auto report = mDocs.repairMap();
    if (!report) {
        return;
    }
    mLastReport = report->text(); // the status bar has the summary (DocumentManager::succeeded)
    if (mWindow && mWindow->isVisible() && !qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS")) {
        QMessageBox box(QMessageBox::Information, tr("Repair Map"),
                        report->pushed ? tr("%n change(s) made as one undo step; save to write them.",
                                            nullptr, int(report->changeCount()))
                                       : tr("Nothing to change."),
                        QMessageBox::Ok, mWindow);
        if (report->errorsLeft() > 0) {
            box.setInformativeText(tr("%n error(s) no rule can repair are left (see the details).", nullptr,
                                      int(report->errorsLeft())));
        }
        box.setDetailedText(mLastReport);
        box.exec();
    }
}

} // namespace mapsmith::editor
