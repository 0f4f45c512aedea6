#include "editor/object_actions.h"

#include "editor/tools/tool_manager.h"

#include <QAction>
#include <QMenu>

namespace mapsmith::editor {

ObjectActions::ObjectActions(ToolManager& tools, QMenu* menu, const Bind& bind, PastePoint pastePoint,
                             QObject* parent)
    : QObject(parent), mTools(tools), mCommands(new ObjectCommands(tools, this)),
      mPastePoint(std::move(pastePoint)) {
    mCopy = menu->addAction(tr("&Copy Objects"), this, [this] {
        const int n = mCommands->copy();
        emit message(tr("Copied %n object(s)", nullptr, n));
    });
    bind(mCopy, QStringLiteral("copyObjects"), tr("Copy Objects"),
         QKeySequence::keyBindings(QKeySequence::Copy));
    mPaste = menu->addAction(tr("&Paste Objects"), this, &ObjectActions::paste);
    bind(mPaste, QStringLiteral("pasteObjects"), tr("Paste Objects"),
         QKeySequence::keyBindings(QKeySequence::Paste));
    mDuplicate = menu->addAction(tr("D&uplicate Objects"), this, [this] {
        const int n = mCommands->duplicate();
        emit message(tr("Duplicated %n object(s)", nullptr, n));
    });
    bind(mDuplicate, QStringLiteral("duplicateObjects"), tr("Duplicate Objects"),
         {QKeySequence(Qt::CTRL | Qt::Key_D)});
    mSelectNone = menu->addAction(tr("Select &None"), this, [this] { mCommands->selectNone(); });
    bind(mSelectNone, QStringLiteral("selectNone"), tr("Select No Objects"), {QKeySequence(Qt::Key_Escape)});
    menu->addSeparator();
    mSnap = menu->addAction(tr("S&nap Objects to Ground"), this, [this] {
        const int n = mCommands->snapToGround();
        emit message(tr("%n object(s) put on the ground", nullptr, n));
    });
    mSnap->setToolTip(tr("Each selected object's position goes onto the terrain under it"));
    bind(mSnap, QStringLiteral("snapObjectsToGround"), tr("Snap Objects to Ground"),
         {QKeySequence(Qt::Key_PageDown)});
    mAlign = menu->addAction(tr("&Align Objects to Slope"), this, [this] {
        const int n = mCommands->alignToSlope();
        emit message(tr("%n object(s) tilted to the terrain's slope", nullptr, n));
    });
    mAlign->setToolTip(tr("Each selected object's up axis follows the terrain's normal; its heading stays"));
    bind(mAlign, QStringLiteral("alignObjectsToSlope"), tr("Align Objects to Slope"),
         {QKeySequence(Qt::SHIFT | Qt::Key_PageDown)});
    connect(mTools.objects(), &ObjectTool::selectionChanged, this, &ObjectActions::updateEnabled);
    connect(mCommands, &ObjectCommands::clipboardChanged, this, &ObjectActions::updateEnabled);
    updateEnabled();
}

void ObjectActions::updateEnabled() {
    const bool selected = !mTools.objects()->selection().empty();
    for (QAction* a : {mCopy, mDuplicate, mSelectNone, mSnap, mAlign}) {
        a->setEnabled(selected);
    }
    mPaste->setEnabled(!mCommands->clipboard().empty());
}

void ObjectActions::paste() {
    const core::ObjectClipboard& clip = mCommands->clipboard();
    if (clip.empty() || !mTools.document()) {
        return;
    }
    const glm::dvec3 at = mPastePoint().value_or(clip.anchor + core::kDuplicateOffset);
    if (mTools.currentId() != ToolId::Objects) {
        mTools.select(ToolId::Objects);
    }
    const int n = mCommands->paste(at);
    emit message(n > 0 ? tr("Pasted %n object(s)", nullptr, n) : tr("Nothing pasted: no loaded tile there"));
}

} // namespace mapsmith::editor
