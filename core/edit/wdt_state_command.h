#pragma once
// The undo step of a change to the map's WDT (Map > Repair adding MWMO or moving a chunk): the WDT before
// and after, stored through MapDocument::applyWdtEdit, which marks the WDT for the next save.

#include "core/edit/command_ids.h"
#include "io/wdt/wdt.h"

#include <QString>
#include <QUndoCommand>

namespace mapsmith::core {

class MapDocument;

class WdtStateCommand : public QUndoCommand {
public:
    // The document holds `before`; the push's redo() stores `after`.
    WdtStateCommand(MapDocument& doc, const QString& text, io::Wdt before, io::Wdt after);
    int id() const override { return int(CommandId::WdtEdit); }
    void undo() override;
    void redo() override;

private:
    MapDocument& mDoc;
    io::Wdt mBefore;
    io::Wdt mAfter;
};

} // namespace mapsmith::core
