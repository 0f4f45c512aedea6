#pragma once
// An editing tool: turns the viewport's terrain presses and drags into one core stroke per press.
// Tools hold typed settings (the panels edit them) and never change the model except through core.

#include "core/geometry/brush.h"

#include <QObject>
#include <QString>

#include <glm/vec3.hpp>

namespace mapsmith::core {
class MapDocument;
}

namespace mapsmith::editor {

class Tool : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    ~Tool() override = default;

    virtual QString name() const = 0;
    // How the modifiers change the tool, for tool tips and the status bar.
    virtual QString modifierHint() const { return tr("Shift inverts"); }
    // The brush ring drawn under the cursor (radius 0: no ring).
    virtual core::BrushSettings brush() const = 0;

    // A press on the terrain starts a stroke (Shift inverts the tool: lower, erase, fill...).
    virtual void begin(core::MapDocument& doc, glm::dvec3 world, Qt::KeyboardModifiers modifiers) = 0;
    virtual void drag(glm::dvec3 world, double pressure) = 0;
    // Ends the stroke: one undo step (none when nothing changed).
    virtual void end() = 0;
    virtual void cancel() = 0;
    virtual bool active() const = 0;

signals:
    // Something the user should read in the status bar (e.g. chunks a texture could not go to).
    void message(const QString& text);
};

} // namespace mapsmith::editor
