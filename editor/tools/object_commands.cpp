#include "editor/tools/object_commands.h"

#include "core/edit/object_ground.h"
#include "editor/tools/tool_manager.h"

#include <algorithm>

namespace mapsmith::editor {

ObjectCommands::ObjectCommands(ToolManager& tools, QObject* parent) : QObject(parent), mTools(tools) {}

bool ObjectCommands::ready() const {
    return mTools.document() && mTools.ids();
}

int ObjectCommands::copy() {
    const auto& selection = mTools.objects()->selection();
    if (!mTools.document() || selection.empty()) {
        return 0;
    }
    core::ObjectClipboard copied = core::copyObjects(*mTools.document(), selection);
    if (copied.empty()) {
        return 0;
    }
    mClipboard = std::move(copied);
    emit clipboardChanged();
    return int(mClipboard.objects.size());
}

int ObjectCommands::paste(glm::dvec3 at) {
    if (!ready() || mClipboard.empty()) {
        return 0;
    }
    ObjectTool* tool = mTools.objects();
    tool->cancel();
    core::ObjectEditor editor(*mTools.document(), *mTools.ids(), tool->settings());
    auto pasted = core::pasteObjects(editor, *mTools.document(), mClipboard, at);
    const int count = int(pasted.size());
    if (count > 0) {
        tool->setSelection(std::move(pasted));
    }
    return count;
}

int ObjectCommands::duplicate() {
    ObjectTool* tool = mTools.objects();
    if (!ready() || tool->selection().empty()) {
        return 0;
    }
    tool->cancel();
    const core::ObjectClipboard copied = core::copyObjects(*mTools.document(), tool->selection());
    core::ObjectEditor editor(*mTools.document(), *mTools.ids(), tool->settings());
    auto copies =
        core::pasteObjects(editor, *mTools.document(), copied, copied.anchor + core::kDuplicateOffset,
                           QStringLiteral("Duplicate objects"));
    const int count = int(copies.size());
    if (count > 0) {
        tool->setSelection(std::move(copies));
    }
    return count;
}

int ObjectCommands::snapToGround() {
    ObjectTool* tool = mTools.objects();
    if (!ready() || tool->selection().empty()) {
        return 0;
    }
    tool->cancel();
    core::ObjectEditor editor(*mTools.document(), *mTools.ids(), tool->settings());
    tool->setSelection(core::snapToGround(editor, *mTools.document(), tool->selection()));
    return int(tool->selection().size());
}

int ObjectCommands::alignToSlope() {
    ObjectTool* tool = mTools.objects();
    if (!ready() || tool->selection().empty()) {
        return 0;
    }
    tool->cancel();
    core::ObjectEditor editor(*mTools.document(), *mTools.ids(), tool->settings());
    tool->setSelection(core::alignToSlope(editor, *mTools.document(), tool->selection()));
    return int(tool->selection().size());
}

int ObjectCommands::setDoodadSet(std::uint16_t set) {
    ObjectTool* tool = mTools.objects();
    std::vector<core::ObjectRef> wmos;
    std::copy_if(tool->selection().begin(), tool->selection().end(), std::back_inserter(wmos),
                 [](const core::ObjectRef& r) { return r.kind == core::ObjectKind::Wmo; });
    if (!ready() || wmos.empty()) {
        return 0;
    }
    tool->cancel();
    core::ObjectEditor editor(*mTools.document(), *mTools.ids(), tool->settings());
    core::ObjectTransform t;
    t.doodadSet = set;
    const auto moved = editor.transform(wmos, t, QStringLiteral("Set doodad set"));
    // Doodads stay selected as they were; the WMOs' refs follow them.
    std::vector<core::ObjectRef> selection = tool->selection();
    for (core::ObjectRef& ref : selection) {
        for (const core::ObjectRef& m : moved) {
            if (m.kind == ref.kind && m.uniqueId == ref.uniqueId) {
                ref = m;
            }
        }
    }
    tool->setSelection(std::move(selection));
    return int(wmos.size());
}

void ObjectCommands::selectNone() {
    mTools.objects()->cancel();
    mTools.objects()->setSelection({});
}

} // namespace mapsmith::editor
