#pragma once
// File > Import > Gamestudio Level...: asks for the level, its place and scale (widgets::ImportLevelDialog,
// the position defaulting to the terrain point the camera looks at), prepares the import
// (core::planWmbImport: entity files looked up in the editor's game data and beside the .wmb), writes the
// level's files (WMO, BLPs, entity models) into the map folder in one transaction, lets the window make
// them visible to the viewport (the map folder is an asset source), then applies the import as one undo
// step and shows the report. The files stay when the import is undone (unreferenced then). Without
// dialogs (MAPSMITH_NO_DIALOGS or a hidden window) the entry imports the last choice (setChoice) and the
// report is kept in lastReport(). Enabled while a map with a folder is open.

#include "core/convert/wmb_import.h"
#include "widgets/import_level_dialog.h"

#include <QObject>
#include <QString>

#include <glm/vec3.hpp>

#include <functional>
#include <memory>
#include <optional>

class QAction;
class QMenu;
class QWidget;

namespace mapsmith::io {
class AssetSource;
}

namespace mapsmith::editor {

class DocumentManager;

class ImportLevelAction final : public QObject {
    Q_OBJECT
public:
    struct Hooks {
        std::function<glm::dvec3()> cameraTarget; // world yards the camera looks at
        std::function<std::shared_ptr<const io::AssetSource>()>
            gameData;                          // the editor's game data; may be null
        std::function<void()> mapFilesWritten; // the map folder gained files: make them visible
    };

    ImportLevelAction(DocumentManager& docs, QMenu* menu, QWidget* window, Hooks hooks);

    QAction* action() const { return mAction; }
    const widgets::ImportLevelChoice& choice() const { return mChoice; }
    void setChoice(const widgets::ImportLevelChoice& choice) { mChoice = choice; }
    // Imports with `choice` now (what the dialog's Import button does); nullopt when it failed (reported
    // through failed()) or there is no map.
    std::optional<core::WmbImportReport> importLevel(const widgets::ImportLevelChoice& choice);
    // The menu entry: the dialog where dialogs are allowed, then importLevel().
    void trigger();
    // The report of the last import, as shown (empty before the first).
    QString lastReport() const { return mLastReport; }

signals:
    void imported(const QString& summary); // for the status bar
    void failed(const QString& message);   // names the file or position and the reason

private:
    DocumentManager& mDocs;
    QWidget* mWindow = nullptr;
    QAction* mAction = nullptr;
    Hooks mHooks;
    widgets::ImportLevelChoice mChoice;
    QString mLastReport;
};

// The report as shown after an import: what was placed, the terrain set, what was not imported and why.
QString importReportText(const core::WmbImportReport& report);

} // namespace mapsmith::editor
