#pragma once
// The Edit menu's object entries over ObjectCommands: Copy, Paste (at the ground under the cursor, else
// in the middle of the view, else beside the copied objects), Duplicate, Select None, Snap to Ground and
// Align to Slope, with rebindable keys (through the main window's shortcut list) and enabled while they
// can do something. Pasting makes the Objects tool current, so the copies show as the selection.

#include "editor/tools/object_commands.h"

#include <QKeySequence>
#include <QList>
#include <QObject>
#include <QString>

#include <glm/vec3.hpp>

#include <functional>
#include <optional>

class QAction;
class QMenu;

namespace mapsmith::editor {

class ToolManager;

class ObjectActions final : public QObject {
    Q_OBJECT
public:
    // Records an action as rebindable under an id with its label and default keys (and sets them).
    using Bind = std::function<void(QAction*, const QString& id, const QString& label, QList<QKeySequence>)>;
    // Where a paste goes now (world), if anywhere in particular.
    using PastePoint = std::function<std::optional<glm::dvec3>()>;

    ObjectActions(ToolManager& tools, QMenu* menu, const Bind& bind, PastePoint pastePoint, QObject* parent);

    ObjectCommands* commands() const { return mCommands; }
    QAction* copyAction() const { return mCopy; }
    QAction* pasteAction() const { return mPaste; }
    QAction* duplicateAction() const { return mDuplicate; }
    QAction* selectNoneAction() const { return mSelectNone; }
    QAction* snapAction() const { return mSnap; }
    QAction* alignAction() const { return mAlign; }
    // Enables the entries that can act on the current selection and clipboard.
    void updateEnabled();

signals:
    // What an entry did, for the status bar.
    void message(const QString& text);

private:
    void paste();

    ToolManager& mTools;
    ObjectCommands* mCommands = nullptr;
    PastePoint mPastePoint;
    QAction* mCopy = nullptr;
    QAction* mPaste = nullptr;
    QAction* mDuplicate = nullptr;
    QAction* mSelectNone = nullptr;
    QAction* mSnap = nullptr;
    QAction* mAlign = nullptr;
};

} // namespace mapsmith::editor
