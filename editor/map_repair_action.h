#pragma once
// Map > Repair: runs DocumentManager::repairMap on the open map (one undo step) and shows what it did: the
// manager's summary goes to the status bar; where dialogs are allowed, the whole report (every change and
// every error left, per file) in a message box. Enabled while a map is open.

#include <QObject>
#include <QString>

class QAction;
class QMenu;
class QWidget;

namespace mapsmith::editor {

class DocumentManager;

class MapRepairAction final : public QObject {
    Q_OBJECT
public:
    MapRepairAction(DocumentManager& docs, QMenu* menu, QWidget* window);

    QAction* action() const { return mAction; }
    // The report of the last repair, as shown (empty before the first).
    QString lastReport() const { return mLastReport; }
    // Runs the repair now (what the menu entry does).
    void repair();

private:
    DocumentManager& mDocs;
    QWidget* mWindow = nullptr;
    QAction* mAction = nullptr;
    QString mLastReport;
};

} // namespace mapsmith::editor
