#include "core/edit/wdt_state_command.h"

#include "core/document/map_document.h"

namespace mapsmith::core {

WdtStateCommand::WdtStateCommand(MapDocument& doc, const QString& text, io::Wdt before, io::Wdt after)
    : mDoc(doc), mBefore(std::move(before)), mAfter(std::move(after)) {
    setText(text);
}

void WdtStateCommand::undo() {
    mDoc.applyWdtEdit(mBefore);
}

void WdtStateCommand::redo() {
    mDoc.applyWdtEdit(mAfter);
}

} // namespace mapsmith::core
