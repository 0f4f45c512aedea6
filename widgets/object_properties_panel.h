#pragma once
// The selected object (doodad or WMO): kind, model name, uniqueId, tile, and editable position (world
// yards: x north, y west, z up), rotation (degrees, as stored) and scale (doodads only). The panel never
// changes the model: an edit emits the change relative to what is shown, in the units core's
// ObjectEditor::move / rotate / scale take, and the owner applies it and calls showObject() again.
// Values are sent when an edit is committed (Enter, focus leaving the box, arrow steps), not per key.

#include "core/edit/object_edit.h"

#include <QWidget>

#include <glm/vec3.hpp>

#include <array>
#include <optional>

class QDoubleSpinBox;
class QLabel;
class QLineEdit;

namespace mapsmith::widgets {

class ObjectPropertiesPanel : public QWidget {
    Q_OBJECT
public:
    explicit ObjectPropertiesPanel(QWidget* parent = nullptr);

    // Looks the object up (findObject); nothing selected or not found: the fields are cleared and disabled.
    void showObject(const core::MapDocument& doc, std::optional<core::ObjectRef> ref);
    void showState(std::optional<core::ObjectRef> ref, std::optional<core::ObjectState> state);
    std::optional<core::ObjectRef> object() const { return mRef; }

signals:
    // World yards to add to the position (ObjectEditor::move).
    void moveRequested(const glm::dvec3& delta);
    // Degrees to add to rotation x, y (heading), z (ObjectEditor::rotate).
    void rotateRequested(const glm::dvec3& degrees);
    // Factor to multiply the scale by (ObjectEditor::scale); doodads only.
    void scaleRequested(double factor);

private:
    void setEditable(bool editable, bool scalable);

    std::optional<core::ObjectRef> mRef;
    glm::dvec3 mPosition{0.0}; // exact values the spin boxes show (rounded) and deltas start from
    glm::dvec3 mRotation{0.0};
    double mScale = 1.0;

    QLabel* mHeading = nullptr;
    QLabel* mKind = nullptr;
    QLineEdit* mName = nullptr;
    QLabel* mUniqueId = nullptr;
    QLabel* mTile = nullptr;
    std::array<QDoubleSpinBox*, 3> mPos{};
    std::array<QDoubleSpinBox*, 3> mRot{};
    QDoubleSpinBox* mScaleSpin = nullptr;
    QLabel* mNoScale = nullptr;
};

} // namespace mapsmith::widgets
